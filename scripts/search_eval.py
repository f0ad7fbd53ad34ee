"""`python -m scripts search-eval [SITE]`: run the labelled queries through the site's real search.

Every query in tests/search/queries.yaml is typed into the search box of the built site, in
headless Chromium, on its language's home page; the result pages are read from the page as a
reader sees them (one row per page, in order). Prints top-1, top-3 and MRR per language, the
same for its comparative queries ("A vs B", marked `compare: true`) and its questions (typed as
sentences, marked `question: true`), how many queries found nothing, and every miss with what
came first instead; exits 1 when a language is under the targets.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import yaml

from .chromium import launch
from .common import FAILED, OK, ROOT, USAGE

QUERIES = ROOT / "tests" / "search" / "queries.yaml"
TARGETS = {"top1": 0.85, "top3": 0.95, "compare_top3": 0.90, "question_top3": 0.90, "empty": 0}
SEARCH_FILES = ("/pagefind/", "/search/names-", "/search/compare-")  # the URLs of the search files


class QueryFileError(ValueError):
    """The query file is malformed: the message names the entry and the fix."""


@dataclass(frozen=True)
class Query:
    text: str
    want: tuple[str, ...]
    compare: bool = False  # asks to compare two things ("PTX vs SASS")
    question: bool = False  # typed as a reader asks it ("how big is the L2 cache")


@dataclass
class Outcome:
    query: Query
    results: list[str]

    @property
    def rank(self) -> int | None:
        """1-based rank of the first wanted page, or None when none was returned."""
        for number, path in enumerate(self.results, start=1):
            if path in self.query.want:
                return number
        return None


@dataclass
class Report:
    language: str
    outcomes: list[Outcome] = field(default_factory=list)
    cold_seconds: float = 0.0  # cold page load to the first results of one query
    cold_bytes: int = 0  # search files fetched for that first query

    def share(self, within: int, outcomes: list[Outcome] | None = None) -> float:
        outcomes = self.outcomes if outcomes is None else outcomes
        hits = sum(1 for o in outcomes if o.rank is not None and o.rank <= within)
        return hits / len(outcomes) if outcomes else 1.0

    @property
    def comparative(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.query.compare]

    @property
    def compare_top1(self) -> float:
        return self.share(1, self.comparative)

    @property
    def compare_top3(self) -> float:
        return self.share(3, self.comparative)

    @property
    def questions(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.query.question]

    @property
    def keywords(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.query.question]

    @property
    def empty(self) -> list[Outcome]:
        """Queries that found no page at all."""
        return [o for o in self.outcomes if not o.results]

    @property
    def top1(self) -> float:
        return self.share(1)

    @property
    def top3(self) -> float:
        return self.share(3)

    def mrr_of(self, outcomes: list[Outcome] | None = None) -> float:
        outcomes = self.outcomes if outcomes is None else outcomes
        return sum(1 / o.rank for o in outcomes if o.rank) / len(outcomes) if outcomes else 1.0

    @property
    def mrr(self) -> float:
        return self.mrr_of()

    def misses(self, within: int = 1) -> list[Outcome]:
        return [o for o in self.outcomes if o.rank is None or o.rank > within]

    def meets_targets(self) -> bool:
        return (
            self.top1 >= TARGETS["top1"]
            and self.top3 >= TARGETS["top3"]
            and self.compare_top3 >= TARGETS["compare_top3"]
            and self.share(3, self.questions) >= TARGETS["question_top3"]
            and len(self.empty) <= TARGETS["empty"]
        )

    def format(self) -> str:
        lines = [
            f"{self.language}: {len(self.outcomes)} queries  top-1 {self.top1:.1%}  "
            f"top-3 {self.top3:.1%}  MRR {self.mrr:.3f}",
            f"  comparative: {len(self.comparative)} queries  top-1 {self.compare_top1:.1%}  "
            f"top-3 {self.compare_top3:.1%}",
            f"  keywords: {len(self.keywords)} queries  top-1 {self.share(1, self.keywords):.1%}  "
            f"top-3 {self.share(3, self.keywords):.1%}  MRR {self.mrr_of(self.keywords):.3f}",
            f"  questions: {len(self.questions)} queries  top-1 {self.share(1, self.questions):.1%}  "
            f"top-3 {self.share(3, self.questions):.1%}  MRR {self.mrr_of(self.questions):.3f}",
            f"  no result: {len(self.empty)} queries",
            f"  cold page load to first results: {self.cold_seconds:.2f} s, "
            f"{self.cold_bytes / 1024:.0f} KiB of search files fetched",
        ]
        for outcome in self.misses():
            where = f"rank {outcome.rank}" if outcome.rank else "not found"
            first = ", ".join(outcome.results[:3]) or "(no results)"
            lines.append(
                f"  miss ({where}): {outcome.query.text!r} wants {' | '.join(outcome.query.want)}; got {first}"
            )
        return "\n".join(lines)


def load_queries(path: Path = QUERIES) -> dict[str, list[Query]]:
    """The labelled queries per language; a malformed entry raises QueryFileError naming it."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise QueryFileError(f"{path}: expected languages (zh:, en:) at the top level")
    queries: dict[str, list[Query]] = {}
    for language, entries in raw.items():
        queries[language] = []
        for number, entry in enumerate(entries or [], start=1):
            if not (isinstance(entry, dict) and isinstance(entry.get("q"), str) and entry.get("want")):
                raise QueryFileError(
                    f"{path}: {language} entry {number} ({entry!r}): write it as {{q: query, want: [tools/id/, …]}}"
                )
            want = tuple(entry["want"])
            bad = [w for w in want if not (isinstance(w, str) and w.endswith("/") and not w.startswith("/"))]
            if bad:
                raise QueryFileError(
                    f"{path}: {language} entry {entry['q']!r}: page {bad[0]!r} must be a path below the "
                    "language root ending in / (tools/ptx/, glossary/)"
                )
            for flag in ("compare", "question"):
                if not isinstance(entry.get(flag, False), bool):
                    raise QueryFileError(
                        f"{path}: {language} entry {entry['q']!r}: write {flag}: true, or leave it out"
                    )
            queries[language].append(
                Query(str(entry["q"]), want, entry.get("compare", False), entry.get("question", False))
            )
    return queries


class SearchBox:
    """Drives the site's search box in one browser page, as a reader does, and reads its rows."""

    RESULTS = "[data-gsm-search-results]"
    ROWS = "[data-gsm-search-results] .gsm-result__link"

    def __init__(self, page, base_url: str, prefix: str):
        self.page = page
        self.base_url = base_url
        self.prefix = prefix

    def open(self) -> tuple[float, int]:
        """Load the language's home page cold, open search with its shortcut and search once:
        (seconds from navigation to the first results, bytes of search files fetched)."""
        fetched: list[int] = []

        def count(response) -> None:
            if any(part in response.url for part in SEARCH_FILES) and response.ok:
                fetched.append(len(response.body()))

        self.page.on("response", count)
        started = time.perf_counter()
        self.page.goto(self.base_url + self.prefix, wait_until="load")
        self.page.keyboard.press("/")
        self.wait_for_results("cuda", typed=True)
        seconds = time.perf_counter() - started
        self.page.remove_listener("response", count)
        return seconds, sum(fetched)

    def search(self, query: str) -> list[str]:
        """Result pages for `query`, in order, as paths below the language root (one per page)."""
        return self._pages(self.wait_for_results(query, typed=True))

    def wait_for_results(self, query: str, typed: bool = False) -> list[str]:
        """Type `query` and wait until the box shows the rows for exactly that query."""
        if typed:
            self.page.fill("[data-gsm-search] input[name=q]", query)
        self.page.wait_for_function(
            "q => { const list = document.querySelector('[data-gsm-search-results]');"
            " return list.dataset.state === 'done' && list.dataset.query === q; }",
            arg=query.strip(),
        )
        return self.page.eval_on_selector_all(self.ROWS, "links => links.map(a => a.href)")

    def _pages(self, hrefs: list[str]) -> list[str]:
        root = urlparse(self.base_url).path + self.prefix
        pages: list[str] = []
        for href in hrefs:
            path = urlparse(href).path.removeprefix(root)
            if path not in pages:
                pages.append(path)
        return pages


def evaluate(browser, base_url: str, queries: dict[str, list[Query]], prefixes: dict[str, str]) -> list[Report]:
    """Run every query of every language in `browser` against the site at `base_url`."""
    reports = []
    for language, entries in queries.items():
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        box = SearchBox(context.new_page(), base_url, prefixes[language])
        report = Report(language)
        report.cold_seconds, report.cold_bytes = box.open()
        for query in entries:
            report.outcomes.append(Outcome(query, box.search(query.text)))
        context.close()
        reports.append(report)
    return reports


def add_arguments(parser) -> None:
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "site", help="built site (default: site)")
    parser.add_argument("--queries", type=Path, default=QUERIES, help="labelled query file")


def run(args) -> int:
    from playwright.sync_api import sync_playwright

    from macros.core.settings.languages import read_languages

    from .static_server import bind, running

    if not (args.site / "index.html").exists():
        print(f"{args.site}: no built site there; run `make build` first", file=sys.stderr)
        return USAGE
    try:
        queries = load_queries(args.queries)
    except QueryFileError as error:
        print(error, file=sys.stderr)
        return USAGE
    languages = read_languages(ROOT / "mkdocs.yml")
    prefixes = {code: languages.prefix(code) for code in languages.codes}
    with running(bind(args.site)) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        reports = evaluate(browser, url, queries, prefixes)
        browser.close()
    for report in reports:
        print(report.format())
    print(
        f"targets: top-1 ≥ {TARGETS['top1']:.0%}, top-3 ≥ {TARGETS['top3']:.0%} in each language, "
        f"top-3 ≥ {TARGETS['compare_top3']:.0%} on its comparative queries and "
        f"≥ {TARGETS['question_top3']:.0%} on its questions, no query without a result"
    )
    return OK if all(r.meets_targets() for r in reports) else FAILED
