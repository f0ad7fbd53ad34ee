"""Pages reused from the last build whose inputs they read are unchanged (core/pipeline/page_store.py).

For each page, before static-i18n and mkdocs-macros see its Markdown (on_page_markdown, first),
the build looks for a stored copy whose inputs all hold. A reused page is emptied: mkdocs-macros
is told not to render it (`render_macros: false`), Markdown converts nothing, and the theme
renders `gsm-reused.html`, a template with nothing in it; on_post_page puts the stored HTML back.
With --verify-reuse, a few pages that could be reused are rendered all the same and compared with
their stored copies: a difference means an input the build key misses (core/pipeline/inputs.py).
Every other page is rendered with its reads recorded: while mkdocs-macros renders its Markdown
(on_page_markdown to on_page_content) and while the theme renders it (on_page_context to
on_post_page), since MkDocs renders every page's Markdown before any page's template.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from ..core.pipeline.page_store import PageStore, StoredPage, source_digest
from ..core.settings import reads

REUSED_TEMPLATE = "gsm-reused.html"  # overrides/: empty, so the theme does no work for the page


@dataclass
class PageReads:
    """What one page being rendered has read so far, and its source's digest."""

    source: str
    keys: set[tuple] = field(default_factory=set)


@dataclass
class Reuse:
    """One language build's reused pages and the pages it renders, by URL."""

    store: PageStore
    reused: dict[str, StoredPage] = field(default_factory=dict)
    rendering: dict[str, PageReads] = field(default_factory=dict)
    verify: frozenset[str] = frozenset()  # pages to render even if reusable, and compare (--verify-reuse)
    checking: dict[str, StoredPage] = field(default_factory=dict)  # of those, the ones found reusable
    stale: list[str] = field(default_factory=list)  # what differed: the page and its first changed line
    _open: object = None  # the recording of the page being rendered

    def before_markdown(self, markdown: str, page, inputs) -> str:
        """The Markdown the page goes on with: its own (its reads recorded from here) or nothing."""
        source = source_digest(markdown)
        stored = self.store.find(page.url, source, inputs)
        if stored is not None and page.url in self.verify:
            self.checking[page.url] = stored  # rendered below as if changed; compared in finish()
            stored = None
        if stored is not None:
            self.reused[page.url] = stored
            page.meta["render_macros"] = False
            page.meta["template"] = REUSED_TEMPLATE
            return ""
        self.rendering[page.url] = PageReads(source)
        self._start(page.url)
        return markdown

    def is_reused(self, page) -> bool:
        return page.url in self.reused

    def resume(self, page) -> None:
        """The theme starts rendering the page (on_page_context)."""
        if page.url in self.rendering:
            self._start(page.url)

    def pause(self) -> None:
        """The page's Markdown is rendered (on_page_content), or its HTML finished."""
        if self._open is not None:
            self._open.__exit__(None, None, None)
            self._open = None

    def finish(self, page, html: str, contribution: dict, inputs) -> None:
        """The page's HTML is final: keep it with the digests of what it read."""
        self.pause()
        rendered = self.rendering.pop(page.url, None)
        checked = self.checking.get(page.url)
        if checked is not None and checked.html != html:
            self.stale.append(f"{page.url}: {first_difference(checked.html, html)}")
            return  # the stored copy is kept as it was, for whoever looks into it
        if rendered is not None:
            self.store.keep(page.url, rendered.source, inputs.digests(rendered.keys), html, contribution)

    def _start(self, url: str) -> None:
        self.pause()
        self._open = reads.recording(self.rendering[url].keys)
        self._open.__enter__()


def first_difference(stored: str, rendered: str) -> str:
    """The first line that differs between a stored page and the same page rendered now."""
    for line in difflib.unified_diff(
        stored.splitlines(), rendered.splitlines(), "stored", "rendered", n=0, lineterm=""
    ):
        if line.startswith(("-", "+")) and not line.startswith(("---", "+++")):
            return line[:200]
    return "the pages differ in line endings only"
