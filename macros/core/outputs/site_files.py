"""Files the site needs beside its pages: per-language 404 pages, per-page sitemaps for
Material's language switcher, the JSON export of the data, and (under `make serve`) the PDFs."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from ..settings.addresses import print_outputs
from ..settings.languages import Languages
from .export import dumps, export_model, export_schema


def write_not_found_pages(site: Path, pages: dict[str, str], languages: Languages, site_url: str) -> None:
    """Put each language's 404 page at its language root, switcher and hreflang links pointing at the homes."""
    base = urlsplit(site_url or "/").path
    for language, html in pages.items():
        for other in languages.codes:
            home = base + languages.prefix(other)
            # The head's hreflang alternates are full URLs (search engines ignore relative ones);
            # the switcher's links are paths from the root, right at whatever depth a 404 is served.
            full = (site_url or "/") + languages.prefix(other)
            html = re.sub(rf'(<link rel="alternate" href=")[^"]*("\s+hreflang="{other}")', rf"\g<1>{full}\2", html)
            html = re.sub(rf'(<a\s[^>]*?href=")[^"]*("\s+hreflang="{other}")', rf"\g<1>{home}\2", html)
        (site / languages.prefix(language) / "404.html").write_text(html, encoding="utf-8")


def write_export(site: Path, model, version: str) -> None:
    folder = site / "data"
    folder.mkdir(exist_ok=True)
    (folder / "stack.json").write_text(dumps(export_model(model, version)), encoding="utf-8")
    (folder / "stack.schema.json").write_text(dumps(export_schema()), encoding="utf-8")


def write_sitemaps(site: Path, languages: Languages, site_url: str) -> None:
    """Give every language root, and every page folder, a sitemap.xml Material can fetch."""
    if not (site / "sitemap.xml").exists():
        return
    # Material's language switcher reads <language root>/sitemap.xml; static-i18n writes
    # only the root one (it lists all languages), so give each language root a copy.
    for language in languages.others:
        if (site / language).is_dir():
            shutil.copyfile(site / "sitemap.xml", site / languages.prefix(language) / "sitemap.xml")
    # Material fetches "sitemap.xml" next to every <link rel="alternate"> it finds, to keep
    # the reader on the same page when switching language; our alternates are per page, so
    # each page folder gets a sitemap holding just its own entry (hreflang pairs included).
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    head, _, _ = text.partition("<url>")
    base = urlsplit(site_url or "/").path
    for entry in re.findall(r"<url>.*?</url>", text, re.S):
        location = urlsplit(re.search(r"<loc>([^<]+)</loc>", entry).group(1)).path
        relative = location[len(base) :] if location.startswith(base) else location.lstrip("/")
        folder = site / relative
        if relative and folder.is_dir() and not (folder / "sitemap.xml").exists():
            (folder / "sitemap.xml").write_text(f"{head}{entry}\n</urlset>\n", encoding="utf-8")


def merge_language_sitemaps(site: Path, other_roots: list[Path], mtime: int) -> None:
    """One sitemap.xml (and .gz) for the whole site from the one each language's process wrote.

    Built in one process, static-i18n's sitemap lists every language's pages, the default
    language's first; a process that built one language lists that language's only. The
    entries are appended in language order, and the .gz written as MkDocs writes it."""
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    head, end, tail = text.rpartition("</urlset>")
    for root in other_roots:
        theirs = (root / "sitemap.xml").read_text(encoding="utf-8")
        start, stop = theirs.find("<url>"), theirs.rfind("</url>")
        if 0 <= start < stop:
            head += theirs[start : stop + len("</url>")] + "\n"
    merged = head + end + tail
    (site / "sitemap.xml").write_text(merged, encoding="utf-8")
    with (
        open(site / "sitemap.xml.gz", "wb") as raw,
        gzip.GzipFile(fileobj=raw, filename=str(site / "sitemap.xml.gz"), mode="wb", mtime=mtime) as compressed,
    ):
        compressed.write(merged.encode("utf-8"))


def write_evidence_excerpts(site: Path, evidence) -> None:
    """Publish the full compiler-output excerpts (data/evidence/excerpts/) under /evidence/excerpts/."""
    source = evidence.folder / "excerpts" if evidence else None
    if source is None or not source.is_dir():
        return
    target = site / "evidence" / "excerpts"
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("*.txt")):
        shutil.copyfile(path, target / path.name)


def copy_print_files(site: Path, print_dir: str | None, languages: tuple[str, ...]) -> None:
    """Under `mkdocs serve`, put the PDFs (and their first pages' pictures) written before serving
    where the Print page links.

    `make build` writes them after MkDocs has finished; a served site would 404 without this.
    """
    if not print_dir:
        return
    target = site / "print"
    target.mkdir(parents=True, exist_ok=True)
    for name in print_outputs(languages):
        if (Path(print_dir) / name).exists():
            shutil.copyfile(Path(print_dir) / name, target / name)
