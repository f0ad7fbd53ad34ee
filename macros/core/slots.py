"""Keep large inline SVG out of Markdown and search processing.

Python-Markdown and Material's search plugin both re-parse every raw HTML block; a 55 KB
stack diagram on hundreds of pages made that most of the build. Renderers put a short
placeholder in the page instead, and the `on_post_page` hook swaps the SVG back in.
"""

from __future__ import annotations

import hashlib
import re

_svgs: dict[str, str] = {}
_SLOT = re.compile(r"<!--gsm-svg:([0-9a-f]{20})-->")


def slot(svg: str) -> str:
    """A placeholder standing for `svg` until the page is written."""
    key = hashlib.sha1(svg.encode("utf-8")).hexdigest()[:20]
    _svgs[key] = svg
    return f"<!--gsm-svg:{key}-->"


def fill(html: str) -> str:
    """Replace every placeholder in a finished page with its SVG."""
    return _SLOT.sub(lambda match: _svgs[match.group(1)], html)


def used_in(html: str) -> dict[str, str]:
    """The SVGs a fragment's placeholders stand for (stored with cached fragments)."""
    return {key: _svgs[key] for key in _SLOT.findall(html)}


def register(svgs: dict[str, str]) -> None:
    """Make stored SVGs available to `fill` again (a cached fragment was reused)."""
    _svgs.update(svgs)
