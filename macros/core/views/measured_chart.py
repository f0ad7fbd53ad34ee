"""The measured paths' time chart: one bar per path at one size, drawn from the data as SVG (no
chart library) for the Measured page, its /embed/ pages and the Print booklet."""

from __future__ import annotations

from markupsafe import Markup

from ..data.evidence import PathRow
from ..data.model import chain_tool_ids
from .page import Page, interface_word

CHART_WIDTH = 400  # viewBox units: about one to one on a 390 px phone, scaled up (capped) on a desktop


CHART_LABEL = 17  # height of a path's label line


CHART_BAR = 12


CHART_GAP = 10


def chart_view(model, lang: str, size: int, paths: list[PathRow]) -> dict | None:
    """One horizontal bar per measured path at one size: the median, a whisker over the runs'
    range, the figure written at the end (the time chart's template values; None if none was
    measured). Drawn from the data as SVG, no chart library; the Print booklet draws it too."""
    measured = [
        (path, result)
        for path in paths
        for result in [next((s for s in path.sizes if s.size == size), None)]
        if path.status == "measured" and result is not None and result.status == "measured"
    ]
    if not measured:
        return None
    # GPU time where the capture has it for every bar (one clock for all), else the call time.
    gpu = all(result.gpu_time_ms for _, result in measured)
    clock = (lambda r: r.gpu_time_ms) if gpu else (lambda r: r.time_ms)  # noqa: E731
    varies = lambda r: (clock(r).high - clock(r).low) / clock(r).median > 0.10  # noqa: E731
    longest = max(clock(result).high for _, result in measured)
    usable = CHART_WIDTH - 90  # room for the figure written after the longest whisker
    rows = []
    for index, (path, result) in enumerate(measured):
        top = index * (CHART_LABEL + CHART_BAR + CHART_GAP)
        x = lambda ms: round(ms / longest * usable, 1)  # noqa: E731 - the scale, in one place
        rows.append(
            {
                "label": model.measurements[path.id].label.get(lang),
                "label_y": top + CHART_LABEL - 4,
                "bar_y": top + CHART_LABEL,
                "width": max(x(clock(result).median), 1),
                "low": x(clock(result).low),
                "high": x(clock(result).high),
                "mid_y": top + CHART_LABEL + CHART_BAR / 2,
                "value": f"{clock(result).median:.4g} ms" + (" ⚠" if varies(result) else ""),
                "varying": varies(result),
                # The tools its chain names, so a `?tool=` address can outline the row (here.js).
                "tools": chain_tool_ids(model.chains[path.chain]) if path.chain else [],
            }
        )
    title = interface_word(model, "chart-title" if gpu else "chart-title-call", lang).format(size=size)
    return {
        "rows": rows,
        "width": CHART_WIDTH,
        "height": len(rows) * (CHART_LABEL + CHART_BAR + CHART_GAP),
        "bar": CHART_BAR,
        "title": title,
        "desc": interface_word(model, "chart-desc", lang),
        "chart_id": f"time-chart-{size}",
    }


def time_chart(page: Page, size: int, paths: list[PathRow]) -> Markup:
    """The time chart of one size, for a page (see chart_view)."""
    view = chart_view(page.model, page.lang, size, paths)
    return page.show("evidence/time_chart.html", **view) if view else Markup("")
