"""The site-wide files, written once every language's pages are built: 404 pages, search
indexes, the data export, evidence excerpts, sitemaps, PDFs under `make serve` (and their sizes
on the Print page), /llms.txt.

What the language builds noticed on the way (each language's 404 page, the titles of
hand-written pages, the list of pages, what each language calls the site) is a `SiteParts`.
One process building every language keeps it in memory; one process per language
(`python -m scripts build`) saves its share as JSON and the caller merges them here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..outputs import llms_files, llms_text, print_sizes, search_index, site_files
from .build import Build


@dataclass
class SiteParts:
    """What the language builds noticed that the site-wide files are made from."""

    not_found_pages: dict[str, str] = field(default_factory=dict)  # language → its 404.html
    page_titles: dict[str, list] = field(default_factory=dict)  # language → (title, path) of hand-written pages
    pages: list[tuple[str, str, str]] = field(default_factory=list)  # (language, URL, title) of every built page
    language_sites: dict[str, llms_text.LanguageSite] = field(default_factory=dict)

    def add_page(self, lang: str, contribution: dict) -> None:
        """What one built page adds: its title for the name index (hand-written pages), its entry in llms.txt."""
        if contribution.get("title"):
            self.page_titles.setdefault(lang, []).append(tuple(contribution["title"]))
        if contribution.get("llms"):
            self.pages.append((lang, *contribution["llms"]))

    def save(self, path: Path) -> None:
        """One language's share, for the process that finishes the site."""
        data = {
            "not_found_pages": self.not_found_pages,
            "page_titles": self.page_titles,
            "pages": self.pages,
            "language_sites": {lang: [site.name, site.description] for lang, site in self.language_sites.items()},
        }
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    def merge(self, path: Path) -> None:
        """Add a share saved by `save` (another language's)."""
        data = json.loads(path.read_text(encoding="utf-8"))
        self.not_found_pages.update(data["not_found_pages"])
        for lang, titles in data["page_titles"].items():
            self.page_titles.setdefault(lang, []).extend(tuple(title) for title in titles)
        self.pages += [tuple(page) for page in data["pages"]]
        for lang, (name, description) in data["language_sites"].items():
            self.language_sites[lang] = llms_text.LanguageSite(name, description)


def finish_site(
    site: Path, build: Build, parts: SiteParts, site_url: str, nav, print_dir: str | None, search: bool = True
) -> None:
    """Write every site-wide file into the built site `site` (raises SearchIndexError if Pagefind
    fails); the Pagefind index only if `search`."""
    finish_pages(site, build.languages, parts, site_url, print_dir)
    if not search:
        finish_data(site, build, parts, site_url, nav)
        return
    with search_index.indexing(site):  # on the other core meanwhile
        finish_data(site, build, parts, site_url, nav)


def finish_pages(site: Path, languages, parts: SiteParts, site_url: str, print_dir: str | None) -> None:
    """What a reader of the pages sees: the 404 pages, the PDFs and their sizes on the Print page,
    the sitemaps. None of it needs the model, so `make serve` shows an edit after this alone."""
    site_files.write_not_found_pages(site, parts.not_found_pages, languages, site_url)
    # The PDFs are written beside the pages' build: the Print page learns their sizes only now.
    site_files.copy_print_files(site, print_dir, languages.codes)
    print_sizes.write_sizes(site, languages)
    site_files.write_sitemaps(site, languages, site_url or "/")


def finish_data(site: Path, build: Build, parts: SiteParts, site_url: str, nav, into: Path | None = None) -> None:
    """The files made from the model and the built pages rather than shown as pages: the name and
    comparison indexes of the search box, the data export, the evidence excerpts, /llms.txt.
    Written into `into` when given (what `make serve` then moves into the served site), else `site`."""
    target = into or site
    search_index.write_name_indexes(target, build.model, build.languages, parts.page_titles)
    search_index.write_comparison_indexes(target, build.model, build.languages, build.shells, parts.page_titles)
    site_files.write_export(target, build.model, build.data_version)
    site_files.write_evidence_excerpts(target, build.model.evidence)
    llms_files.write(site, build, parts, site_url, nav, into=target)
