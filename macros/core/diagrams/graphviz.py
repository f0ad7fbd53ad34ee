"""The one module that runs Graphviz: DOT text in, clean inline SVG out, cached on disk.

A rendering is kept in the build cache's "diagrams" namespace, keyed by its DOT text and the
build key's toolchain part (Graphviz's version and the fonts), so an unchanged diagram is never
rendered twice and an upgrade re-renders everything.
"""

from __future__ import annotations

import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

from ..settings import environment


class GraphvizError(RuntimeError):
    """dot failed: the message carries its stderr."""


class Store(Protocol):
    """Where renderings are kept: the build cache's "diagrams" namespace (build/cache.py), handed in."""

    def entry(self, *item: str, suffix: str = "") -> Path: ...

    def load(self, *item: str, suffix: str = "") -> bytes | None: ...

    def store(self, data: bytes, *item: str, suffix: str = "") -> None: ...


class Diagrams:
    """Renders DOT for one build, through its cache's diagrams namespace."""

    def __init__(self, cache: Store):
        self.cache = cache
        # Cleaned SVG by (DOT, id, title, description): the stack is drawn the same on every
        # tool and layer page, and cleaning 55 KB of SVG hundreds of times was a sixth of a build.
        self._inline: dict[tuple[str, str, str, str], str] = {}

    def render(self, dot: str, fmt: str = "svg") -> bytes:
        """Render DOT to `fmt` bytes, from the cache when possible."""
        cached = self.cache.load(dot, fmt, suffix=f".{fmt}")
        if cached is not None:
            return cached
        counter = os.environ.get(environment.DOT_COUNTER)
        if counter:
            with open(counter, "a", encoding="utf-8") as runs:
                runs.write("dot\n")
        done = subprocess.run(["dot", f"-T{fmt}"], input=dot.encode("utf-8"), capture_output=True, timeout=120)
        if done.returncode != 0:
            raise GraphvizError(f"dot failed: {done.stderr.decode('utf-8', 'replace').strip()}")
        self.cache.store(done.stdout, dot, fmt, suffix=f".{fmt}")
        return done.stdout

    def render_many(self, dots: list[str], fmt: str = "svg", workers: int | None = None) -> int:
        """Fill the cache for many diagrams at once, one `dot` per core; returns how many were drawn."""
        missing = sorted({d for d in dots if not self.cache.entry(d, fmt, suffix=f".{fmt}").exists()})
        if missing:
            with ThreadPoolExecutor(max_workers=workers or max(1, os.cpu_count() or 1)) as pool:
                list(pool.map(lambda d: self.render(d, fmt), missing))
        return len(missing)

    def inline_svg(self, dot: str, uid: str, title: str, desc: str) -> str:
        """The diagram as SVG ready to inline (see `clean_svg`)."""
        key = (dot, uid, title, desc)
        if key not in self._inline:
            self._inline[key] = clean_svg(self.render(dot).decode("utf-8"), uid, title, desc)
        return self._inline[key]


_PROLOG = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", re.S)
_SIZE = re.compile(r'(<svg\b[^>]*?)\s(?:width|height)="[^"]*"')
_GRAPH_TITLE = re.compile(r"<title>[^<]*</title>")
_IDS = re.compile(r'\bid="([^"]+)"')


def clean_svg(svg: str, uid: str, title: str, desc: str) -> str:
    """SVG ready to inline: no prolog or comments, responsive, titled, ids made unique."""
    svg = _PROLOG.sub("", svg).strip()
    while _SIZE.search(svg):
        svg = _SIZE.sub(r"\1", svg, count=1)
    # Plain href: link checkers and SVG 2 follow it; xlink:title stays as the hover tooltip.
    svg = svg.replace("xlink:href=", "href=")
    svg = _IDS.sub(lambda m: f'id="{uid}-{m.group(1)}"', svg)
    # Graphviz puts a <title> on every node; only the root's should name the figure.
    svg = _GRAPH_TITLE.sub("", svg)
    # Scale down to fit, never up past the drawn size (points → CSS pixels), so short chains
    # don't balloon to the column width.
    view = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) [\d.]+"', svg)
    limit = f' style="max-width:{float(view.group(1)) * 4 / 3:.0f}px"' if view else ""
    # A diagram with links is a group of links (a screen reader can reach each one); role="img"
    # would hide them behind one image (axe: nested-interactive).
    role = "group" if "<a " in svg else "img"
    svg = re.sub(
        r"<svg\b",
        f'<svg role="{role}" aria-labelledby="{uid}-title {uid}-desc" class="gsm-svg"{limit}',
        svg,
        count=1,
    )
    svg = re.sub(
        r"(<svg\b[^>]*>)",
        lambda m: f'{m.group(1)}<title id="{uid}-title">{_xml(title)}</title><desc id="{uid}-desc">{_xml(desc)}</desc>',
        svg,
        count=1,
    )
    # Only the layout's own whitespace between tags: a label's hair-space strut (dot_text.line_strut)
    # is a text of its own, and Unicode \s would empty it (a 0-px-high text).
    svg = re.sub(r">[ \t\r\n]+<", "><", svg)
    return svg


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
