"""The site for language models: /llms.txt (an index of every page, both languages) and
/llms-full.txt (every page's text as Markdown), after the llms.txt convention (llmstxt.org).

Pure functions of the built pages and the model; the adapter collects the pages as MkDocs
writes them. Pages become Markdown through markdownify, links made absolute.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin

from bs4 import BeautifulSoup
from markdownify import MarkdownConverter

from ..data.markup import plain
from ..settings import addresses
from ..settings.languages import Languages
from ..settings.ui import ui

# Besides the guides, a section per page type the registry lists there (settings/addresses.py).
RECORD_SECTIONS = tuple(page.folder for page in addresses.RECORD_PAGES if page.llms_section)
# What a page's article holds that is not its content: permalinks, the edit button, filters.
NOT_CONTENT = "a.headerlink, a.md-content__button, .gsm-filter, script, style"
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


@dataclass(frozen=True)
class LanguageSite:
    """What one language's build says about the site."""

    name: str
    description: str


@dataclass(frozen=True)
class SitePage:
    """A built page: its language, URL below the site root ("en/tools/ptx/"), title and HTML."""

    lang: str
    url: str
    title: str
    html: str

    @property
    def section(self) -> str:
        """Which part of the index lists the page: a layer, tool or chain page, or a guide."""
        first = self.url.split("/")[1 if self.url.startswith(f"{self.lang}/") else 0]
        return first if first in RECORD_SECTIONS else "guides"


def article_html(page_html: str) -> str:
    """The page's article alone, diagrams left out (their text is in the step lists and tables
    beside them): parsing the whole page, navigation and inline SVG included, is most of the cost."""
    start, end = page_html.find("<article"), page_html.rfind("</article>")
    article = page_html[start : end + len("</article>")] if 0 <= start < end else page_html
    return SVG.sub("", article)


def page_markdown(article: str, page_url: str) -> str:
    """An article (`article_html`) as Markdown, links absolute, so the text stands on its own."""
    soup = BeautifulSoup(article, "html.parser")
    for element in soup.select(NOT_CONTENT):
        element.decompose()
    for link in soup.select("a[href]"):
        link["href"] = urljoin(page_url, link["href"])
    text = MarkdownConverter(heading_style="ATX", bullets="-", strip=["img"]).convert_soup(soup)
    lines = [line.rstrip() for line in text.splitlines()]
    # At most one blank line in a row.
    return "\n".join(line for number, line in enumerate(lines) if line or (number and lines[number - 1])).strip()


def record_note(model, page: SitePage, record_id: str) -> str:
    """The one-line description a tool or layer page gets in the index."""
    records = {"tools": model.tools, "layers": model.layers}.get(page.section, {})
    record = records.get(record_id)
    return plain(getattr(record.summary, page.lang)) if record is not None else ""


def sections_in(nav_order: list[str]) -> list[str]:
    """The index's sections: the guides, then each page type's in the order the navigation shows
    its folder's index (layers, tools, chains)."""

    def place(folder: str) -> int:
        return nav_order.index(f"{folder}/") if f"{folder}/" in nav_order else len(nav_order)

    return ["guides", *sorted(RECORD_SECTIONS, key=place)]


def ordered(model, pages: list[SitePage], languages: Languages, guide_order: list[str]) -> list[SitePage]:
    """Pages by language (default first), then section: guides in navigation order, each section's
    index first, layers and chains in the data's order (the stack's, the seed's), tools by URL."""
    record_order = {
        "layers": [addresses.layer_path(layer_id) for layer_id in model.layers],
        "chains": [addresses.chain_path(chain_id) for chain_id in model.chains],
    }

    sections = sections_in(guide_order)

    def key(page: SitePage):
        bare = page.url.removeprefix(languages.prefix(page.lang))
        order = guide_order if page.section == "guides" else record_order.get(page.section, [])
        place = (
            order.index(bare)
            if bare in order
            else -1
            if page.section != "guides" and bare.count("/") == 1
            else len(order)
        )
        return (languages.codes.index(page.lang), sections.index(page.section), place, page.url)

    return sorted(pages, key=key)


def llms_txt(
    model,
    pages: list[SitePage],
    sites: dict[str, LanguageSite],
    languages: Languages,
    site_url: str,
    extras: list[tuple[str, str]],
) -> str:
    """The index: the site's name and summary, then per language and section a link per page."""
    names = " / ".join(dict.fromkeys(sites[code].name for code in languages.codes))
    lines = [f"# {names}", "", *(f"> {sites[code].description}" for code in languages.codes), ""]
    lines += [ui("llms_about", code) for code in languages.codes]
    current = None
    for page in pages:
        if (page.lang, page.section) != current:
            current = (page.lang, page.section)
            lines += ["", f"## {ui(f'llms_{page.section}', page.lang)}", ""]
        record_id = page.url.rstrip("/").rsplit("/", 1)[-1]
        note = record_note(model, page, record_id)
        lines.append(f"- [{page.title}]({urljoin(site_url, page.url)})" + (f": {note}" if note else ""))
    lines += ["", "## Optional", ""]
    lines += [f"- [{title}]({urljoin(site_url, path)})" for title, path in extras]
    return "\n".join(lines) + "\n"


def llms_full_txt(
    pages: list[SitePage], sites: dict[str, LanguageSite], languages: Languages, site_url: str, markdown_of
) -> str:
    """Every page's text, one after another, each headed by its address; `markdown_of(page, url)`
    gives a page's Markdown (the adapter caches `page_markdown`)."""
    names = " / ".join(dict.fromkeys(sites[code].name for code in languages.codes))
    parts = [f"# {names}\n\n" + "\n".join(f"> {sites[code].description}" for code in languages.codes)]
    for page in pages:
        url = urljoin(site_url, page.url)
        parts.append(f"---\n\nSource: {url}\n\n{markdown_of(page, url)}")
    return "\n\n".join(parts) + "\n"
