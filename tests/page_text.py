"""The built site's pages as a reader reads them, each parsed once per test process.

Tests that read every page of a language (about 300) asked BeautifulSoup for the same article
again and again, once per phrase or per relation: most of the suite's time went to parsing the
same HTML. Here each article is parsed once and its texts kept, by site and language.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bs4 import BeautifulSoup

from macros.core.settings.languages import read_languages
from macros.core.settings.ui import ui

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = read_languages(ROOT / "mkdocs.yml")


def is_redirect(page_html: str) -> bool:
    return 'http-equiv="refresh"' in page_html


@cache
def site_pages(site: Path) -> dict[str, dict[str, str]]:
    """language → {page path relative to the language root: its HTML}, redirect stubs left out."""
    pages: dict[str, dict[str, str]] = defaultdict(dict)
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        lang = next((code for code in LANGUAGES.others if relative.startswith(f"{code}/")), LANGUAGES.codes[0])
        body = path.read_text(encoding="utf-8")
        if not is_redirect(body):
            pages[lang][relative.removeprefix(LANGUAGES.prefix(lang))] = body
    return dict(pages)


def article_soup(page_html: str) -> BeautifulSoup | None:
    """The page's <article> element, parsed alone (the header, navigation and footer are a
    quarter of every page and no test of the prose reads them); None if the page has none."""
    start = page_html.find("<article")
    end = page_html.find("</article>", start)
    if start < 0 or end < 0:
        return None
    return BeautifulSoup(page_html[start : end + len("</article>")], "html.parser").article


def collapsed(element) -> str:
    return " ".join(element.get_text(" ").split())


@dataclass(frozen=True)
class ArticleTexts:
    """One page's article, read three ways (whitespace collapsed, "" if the page has none)."""

    text: str  # everything in the article, as a reader's screen shows and search reads it
    prose: str  # the page language's own prose (see `read_article`)
    subject: str  # that prose without the tool card's Source row, where provenance belongs


def read_article(page_html: str, lang: str) -> ArticleTexts:
    """`prose` leaves out hidden search metadata, the other language's words set apart with
    `lang` (the term table's English column) and the "also known as" row, whose job is to list
    the other spellings."""
    article = article_soup(page_html)
    if article is None:
        return ArticleTexts("", "", "")
    text = collapsed(article)
    for element in article.select(f"[hidden], [lang]:not([lang={lang}])"):
        element.decompose()
    for row in article.select("tr"):
        if row.th and row.th.get_text(strip=True) == ui("aliases", lang):
            row.decompose()
    prose = collapsed(article)
    for row in article.select("tr"):
        if row.th and row.th.get_text(strip=True) == ui("source", lang):
            row.decompose()
    return ArticleTexts(text, prose, collapsed(article))


@cache
def article_texts(site: Path, lang: str) -> dict[str, ArticleTexts]:
    """Every page of one language: its path → its article's texts."""
    return {path: read_article(body, lang) for path, body in site_pages(site)[lang].items()}


@cache
def evidence_blocks(site: Path, lang: str) -> dict[str, list]:
    """Every page's evidence blocks (<details class="gsm-evidence">), for the pages that have any."""
    found = {}
    for path, body in site_pages(site)[lang].items():
        if "gsm-evidence" in body:
            article = article_soup(body)
            blocks = article.select("details.gsm-evidence") if article else []
            if blocks:
                found[path] = blocks
    return found


def title_of(page_html: str) -> str:
    return html.unescape(re.search(r"<title>(.*?)</title>", page_html, re.S).group(1)).strip()


def heading_of(page_html: str) -> str:
    """The page's visible H1 text (abbreviations such as ISA are <abbr> inside it), without the
    permalink mark."""
    inner = re.search(r"<h1\b[^>]*>(.*?)</h1>", page_html, re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", "", inner)).replace("¶", "").strip()
