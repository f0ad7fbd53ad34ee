"""Keep large or preformatted HTML (inline SVG diagrams, compiler-output excerpts) out of
Markdown and search processing.

Python-Markdown and Material's search plugin both re-parse every raw HTML block; a 55 KB
stack diagram on hundreds of pages made that most of the build, and an excerpt's blank lines
would end a raw HTML block. Renderers put a short placeholder in the page instead, and the
page is filled in after it is rendered.
"""

from __future__ import annotations

import hashlib
import re

_SLOT = re.compile(r"<!--gsm-svg:([0-9a-f]{20})-->")


class Slots:
    """What the placeholders of one build stand for."""

    def __init__(self) -> None:
        self._contents: dict[str, str] = {}

    def slot(self, html: str) -> str:
        """A placeholder standing for `html` until the page is written."""
        key = hashlib.sha1(html.encode("utf-8")).hexdigest()[:20]
        self._contents[key] = html
        return f"<!--gsm-svg:{key}-->"

    def fill(self, html: str) -> str:
        """Replace every placeholder in a finished page with what it stands for."""
        return _SLOT.sub(lambda match: self._contents[match.group(1)], html)

    def used_in(self, html: str) -> dict[str, str]:
        """The contents a fragment's placeholders stand for (stored with cached fragments)."""
        return {key: self._contents[key] for key in _SLOT.findall(html)}

    def register(self, contents: dict[str, str]) -> None:
        """Make stored contents available to `fill` again (a cached fragment was reused)."""
        self._contents.update(contents)
