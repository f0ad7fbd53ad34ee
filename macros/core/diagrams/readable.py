"""How narrow a drawn diagram may be shown: the width at which its smallest text is still 11 CSS
px, so an embedded diagram switches to its narrow layout, or scrolls, rather than shrink below it.
"""

from __future__ import annotations

import math
import re

SMALLEST_TEXT_PX = 11.0
# The widths (CSS px of the embed's figure) at which embed.css can switch a diagram to its wide
# layout: one container query per step. A layout readable only wider than the last never shows.
WIDE_FROM_STEPS = range(100, 1201, 50)

_VIEW_WIDTH = re.compile(r'<svg\b[^>]*?\sviewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) [\d.]+"')
_FONT_SIZE = re.compile(r'\sfont-size="([\d.]+)"')
_STYLE = re.compile(r'(<svg\b[^>]*?\sstyle=")([^"]*)"')


def readable_width(svg: str, smallest_px: float = SMALLEST_TEXT_PX) -> float | None:
    """The narrowest CSS width (px) at which the SVG's smallest text is `smallest_px` tall (None
    without a viewBox or text); Graphviz writes font sizes in the viewBox's own units."""
    view = _VIEW_WIDTH.search(svg)
    sizes = [float(size) for size in _FONT_SIZE.findall(svg)]
    if not view or not sizes:
        return None
    return float(view.group(1)) * smallest_px / min(sizes)


def wide_from_step(width: float | None) -> int | None:
    """The first step of WIDE_FROM_STEPS at least `width` wide (None if none is; the first step
    for a drawing without text, readable at any width)."""
    if width is None:
        return WIDE_FROM_STEPS[0]
    return next((step for step in WIDE_FROM_STEPS if step >= math.ceil(width)), None)


def with_min_width(svg: str, width: float | None) -> str:
    """The SVG never drawn narrower than `width` CSS px (its box scrolls instead)."""
    if width is None:
        return svg
    rule = f"min-width:{math.ceil(width)}px"
    if _STYLE.search(svg):
        return _STYLE.sub(lambda m: f'{m.group(1)}{m.group(2).rstrip(";")};{rule}"', svg, count=1)
    return re.sub(r"<svg\b", f'<svg style="{rule}"', svg, count=1)
