"""/llms.txt and /llms-full.txt for both languages, written after the last language's build.

mkdocs-llmstxt does not fit this site: static-i18n runs one build per language with the same
config and site folder, and the plugin resets its pages in every build and writes /llms.txt at
the end of each, so the last language's list would overwrite the first's; it also matches its
page list in `on_files` before the tool, layer and chain pages (virtual files) exist. The
pages are collected here as MkDocs writes them and the files made by core/llms_text.py.
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import urljoin

from ..diagrams.graphviz import Store
from ..settings.addresses import print_files
from . import llms_text


def note_site(parts, lang: str, config) -> None:
    """What this language's build calls the site."""
    parts.language_sites.setdefault(lang, llms_text.LanguageSite(config["site_name"], config["site_description"] or ""))


def page_entry(page, config) -> tuple[str, str] | None:
    """(URL, title) of a built page to list (not the 404, nor an embed page: its diagram's page
    is listed); the page's HTML is read back from the finished site when the files are written."""
    if (
        page.url.endswith("404.html")
        or page.file.src_uri.startswith("404")
        or page.meta.get("template") == "embed.html"
    ):
        return None
    title = html.unescape(str(page.title or "")).strip() or config["site_name"]
    return (page.url, title)


def built_page(site: Path, url: str) -> str:
    """A built page's HTML, from its URL below the site root ("en/tools/ptx/")."""
    path = site / url / "index.html" if url == "" or url.endswith("/") else site / url
    return path.read_text(encoding="utf-8")


def nav_urls(nav) -> list[str]:
    """The page URLs of mkdocs.yml's nav, in order ("compare.md" → "compare/")."""
    urls = []
    for entry in nav or []:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            urls += nav_urls(value)
        elif isinstance(value, str) and value.endswith(".md"):
            path = value.removesuffix(".md")
            urls.append(
                "" if path == "index" else path.removesuffix("index") if path.endswith("/index") else f"{path}/"
            )
    return urls


def cached_markdown(namespace: Store):
    """`page_markdown`, kept in the build cache's "llms" namespace by page and address: a
    rebuild converts only the pages that changed (and finds their articles only)."""

    def markdown_of(page: llms_text.SitePage, url: str) -> str:
        stored = namespace.load(url, page.html, suffix=".md")
        if stored is not None:
            return stored.decode("utf-8")
        text = llms_text.page_markdown(llms_text.article_html(page.html), url)
        namespace.store(text.encode("utf-8"), url, page.html, suffix=".md")
        return text

    return markdown_of


def prepare(build, lang: str, entry: tuple[str, str], page_html: str, site_url: str) -> None:
    """Convert one finished page to /llms-full.txt's Markdown now, into the cache `write` reads:
    each language's build does its own pages on its own core, instead of the site-wide finish
    converting every page of a cold build one after another."""
    url, title = entry
    cached_markdown(build.cache.namespace("llms"))(
        llms_text.SitePage(lang, url, title, page_html), urljoin(site_url or "/", url)
    )


def write(site: Path, build, parts, site_url: str, nav, into: Path | None = None) -> None:
    """Write both files at the root of `into` (default: the site), listing every language's pages
    as built in `site`."""
    into = into or site
    site_url = site_url or "/"
    built = [llms_text.SitePage(lang, url, title, built_page(site, url)) for lang, url, title in parts.pages]
    pages = llms_text.ordered(build.model, built, build.languages, nav_urls(nav))
    extras = [("llms-full.txt", "llms-full.txt"), ("data/stack.json", "data/stack.json")]
    extras += [(f"print/{name}", f"print/{name}") for name, *_ in print_files(build.languages.codes)]
    index = llms_text.llms_txt(build.model, pages, parts.language_sites, build.languages, site_url, extras)
    (into / "llms.txt").write_text(index, encoding="utf-8")
    full = llms_text.llms_full_txt(
        pages, parts.language_sites, build.languages, site_url, cached_markdown(build.cache.namespace("llms"))
    )
    (into / "llms-full.txt").write_text(full, encoding="utf-8")
