"""Keep large inline SVG out of Markdown and search processing.

Python-Markdown and Material's search plugin both re-parse every raw HTML block; a 55 KB
stack diagram on hundreds of pages made that most of the build. Renderers put a short
placeholder in the page instead, and the page is filled in after it is rendered.
"""

from __future__ import annotations

import hashlib
import re

_SLOT = re.compile(r"<!--gsm-svg:([0-9a-f]{20})-->")


class SvgSlots:
    """The SVGs placeholders stand for, in one build."""

    def __init__(self) -> None:
        self._svgs: dict[str, str] = {}

    def slot(self, svg: str) -> str:
        """A placeholder standing for `svg` until the page is written."""
        key = hashlib.sha1(svg.encode("utf-8")).hexdigest()[:20]
        self._svgs[key] = svg
        return f"<!--gsm-svg:{key}-->"

    def fill(self, html: str) -> str:
        """Replace every placeholder in a finished page with its SVG."""
        return _SLOT.sub(lambda match: self._svgs[match.group(1)], html)

    def used_in(self, html: str) -> dict[str, str]:
        """The contents a fragment's placeholders stand for (stored with cached fragments)."""
        return {key: self._svgs[key] for key in _SLOT.findall(html)}

    def register(self, contents: dict[str, str]) -> None:
        """Make stored contents available to `fill` again (a cached fragment was reused)."""
        self._svgs.update(contents)
