"""`python -m scripts prose-figures [SITE] [--pages tools/sm/ …]`: how much a reader gets from a page.

For each page of a built site: the words of its article's prose (figures, code, navigation and
diagrams left out; a Han character counts as a word, as a run of Latin letters does), its links
to other pages, and on Chinese pages the share of Latin-script words. Prints one row per page
asked for, then each language's median and the Chinese pages with the highest Latin share.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup

from .common import ROOT, USAGE

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+'-]*")
HAN = re.compile(r"[\u3400-\u9fff]")
# What is not prose: diagrams, code, the page's chrome and its machine-made lists.
NOT_PROSE = "figure, svg, pre, code, nav, script, style, .gsm-embed, [data-pagefind-ignore], .headerlink"
ENGLISH = "en/"


@dataclass(frozen=True)
class Figures:
    page: str
    latin: int
    han: int
    links: int

    @property
    def words(self) -> int:
        return self.latin + self.han

    @property
    def latin_share(self) -> float:
        return self.latin / self.words if self.words else 0.0


def page_figures(site: Path, page: str) -> Figures:
    """The figures of one built page (`page` is its URL path under the site, e.g. en/tools/sm/)."""
    soup = BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article") or soup
    for node in article.select(NOT_PROSE):
        node.decompose()
    text = article.get_text(" ")
    hrefs = {a["href"].split("#")[0] for a in article.select("a[href]")}
    links = sum(1 for h in hrefs if h and not h.startswith(("http:", "https:", "mailto:")))
    return Figures(page, len(LATIN_WORD.findall(text)), len(HAN.findall(text)), links)


def all_pages(site: Path) -> list[str]:
    """Every article page of the site (embeds and redirects left out)."""
    pages = []
    for path in sorted(site.rglob("index.html")):
        page = path.parent.relative_to(site).as_posix() + "/"
        page = "" if page == "./" else page
        if "/embed/" in f"/{page}" or 'http-equiv="refresh"' in path.read_text(encoding="utf-8")[:2000]:
            continue
        pages.append(page)
    return pages


def summary(figures: list[Figures]) -> list[str]:
    """Each language's median words and links, and the Chinese pages with the most Latin script."""
    lines = []
    for lang, rows in (
        ("zh", [f for f in figures if not f.page.startswith(ENGLISH)]),
        ("en", [f for f in figures if f.page.startswith(ENGLISH)]),
    ):
        if not rows:
            continue
        lines.append(
            f"{lang}: {len(rows)} pages, median {statistics.median(f.words for f in rows):.0f} words, "
            f"median {statistics.median(f.links for f in rows):.0f} links"
        )
        if lang == "zh":
            shares = [f.latin_share for f in rows]
            lines.append(
                f"zh Latin-script share: median {statistics.median(shares):.1%}, "
                f"all prose {sum(f.latin for f in rows) / sum(f.words for f in rows):.1%}"
            )
            worst = sorted(rows, key=lambda f: -f.latin_share)[:10]
            lines += [f"  {f.latin_share:.1%}  /{f.page}" for f in worst]
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site", help="a built site (default: site/)")
    parser.add_argument(
        "--pages", nargs="*", default=[], help="pages to list, by path without the language (tools/sm/)"
    )


def run(args: argparse.Namespace) -> int:
    site = args.site
    if not (site / "index.html").exists():
        print(f"{site}: no built site here. Run `make build` first, or name a built site's folder.", file=sys.stderr)
        return USAGE
    for page in args.pages:
        for lang_page in (page, ENGLISH + page):
            if not (site / lang_page / "index.html").exists():
                print(f"/{lang_page}: no such page in {site}", file=sys.stderr)
                return USAGE
            f = page_figures(site, lang_page)
            share = "" if lang_page.startswith(ENGLISH) else f"  Latin {f.latin_share:.1%}"
            print(f"/{lang_page:40} {f.words:6} words  {f.links:4} links{share}")
    for line in summary([page_figures(site, page) for page in all_pages(site)]):
        print(line)
    return 0
