"""Printable documents as HTML: the stack poster and the chains booklet, per language.

View data for templates/print/; WeasyPrint turns the HTML into PDF. Links inside point at
the published site, so a printed PDF still leads somewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup

from ..data.markup import inline_html, plain
from ..diagrams import dot_text
from ..diagrams.graphviz import Diagrams
from ..settings import addresses
from ..settings.languages import Languages
from ..settings.palette import FONT, MONO_FONT, layer_colours
from ..settings.ui import ui
from ..views.measured_chart import chart_view
from ..views.page import interface_word
from ..views.render import TEMPLATES, render

PAGE_SIZES = {"a3": ("297mm", "420mm"), "a4": ("210mm", "297mm")}


# The poster's figure box (what the title, legend and footer leave of the page) is about 1.2
# times as tall as it is wide on A3 and A4 alike; the stack is drawn with as many tools per
# row as makes its shape closest to that box, so the drawing, not white space, fills the paper.
FIGURE_BOX_RATIO = 1.2
TOOLS_PER_ROW_CHOICES = (2, 3, 4)
# A booklet page's chain grows to fill the room its text leaves, up to this many times its
# drawn size: short chains stay at a reading size instead of ballooning.
BOOKLET_MOST_SCALE = 1.6


def svg_size(svg: str) -> tuple[float, float]:
    """The drawing's own size in points (Graphviz writes its viewBox in points)."""
    width, height = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"', svg).groups()
    return float(width), float(height)


def limit_scale(svg: str, most: float) -> str:
    """Let a printed diagram fill its box (print.css), but never past `most` times its drawn size."""
    width, height = svg_size(svg)
    limit = f'style="max-width:{width * most:.0f}pt;max-height:{height * most:.0f}pt"'
    svg = re.sub(r'\sstyle="max-width:[^"]*"', "", svg, count=1)
    return svg.replace("<svg ", f"<svg {limit} ", 1)


def fill_ratio(svg: str, box_ratio: float) -> float:
    """How much of a box (height / width = box_ratio) the drawing covers when scaled to fit it."""
    width, height = svg_size(svg)
    ratio = height / width
    return min(ratio, box_ratio) / max(ratio, box_ratio)


@dataclass(frozen=True)
class Edition:
    """What every printed page states: version, date and where the live site is."""

    version: str
    date: str
    site_url: str
    languages: Languages

    def language_url(self, lang: str) -> str:
        return self.site_url.rstrip("/") + "/" + self.languages.prefix(lang)

    @property
    def pdf_date(self) -> str:
        """The date for PDF metadata (a fixed one for unreleased builds, to stay reproducible)."""
        return self.date if self.date[:1].isdigit() else "2000-01-01"


def _frame(lang: str, size: str, edition: Edition) -> dict:
    width, height = PAGE_SIZES[size]
    css = Markup((TEMPLATES / "print" / "print.css").read_text(encoding="utf-8"))
    return {
        "lang": lang,
        "size": {"name": size, "width": width, "height": height},
        "edition": edition,
        "css": css,
        "font": FONT,
        "mono_font": MONO_FONT,
        "ui": lambda key: ui(key, lang),
    }


def poster_svg(model, lang: str, edition: Edition, renderer: Diagrams) -> str:
    """The poster's stack diagram: of the shapes it can take, the one that best fills the figure box."""
    drawn = []
    for per_row in TOOLS_PER_ROW_CHOICES:
        dot = dot_text.stack_dot(model, lang, edition.language_url(lang), tools_per_row=per_row, detail=True)
        drawn.append(renderer.inline_svg(dot, "poster", ui("poster_title", lang), ui("poster_subtitle", lang)))
    return max(drawn, key=lambda candidate: fill_ratio(candidate, FIGURE_BOX_RATIO))


def poster_legend(model, lang: str) -> list[dict]:
    """The legend's entries: each layer's swatch colours, number and name, then the shapes' key."""
    layer_ids = list(model.layers)
    legend = []
    for number, layer in enumerate(model.layers.values(), start=1):
        fill, _ink, border = layer_colours(layer_ids, layer.id)
        name = layer.name.get(lang)
        legend.append(
            {"fill": fill, "border": border, "number": number, "name": inline_html(name), "text": plain(name)}
        )
    legend.append({"fill": None})  # the shapes' key
    return legend


def stack_poster(model, lang: str, size: str, edition: Edition, renderer: Diagrams) -> str:
    """One-page poster: title, the stack diagram, legend, version/date and the site URL."""
    svg = poster_svg(model, lang, edition, renderer)
    svg = svg.replace('class="gsm-svg"', 'class="gsm-svg" preserveAspectRatio="xMidYMid meet"', 1)
    legend = poster_legend(model, lang)
    return str(render("print/poster.html", svg=Markup(svg), legend=legend, **_frame(lang, size, edition)))


def booklet_svg(model, chain, lang: str, edition: Edition, renderer: Diagrams) -> str:
    """A chain's diagram as the booklet draws it (its links to the published site)."""
    dot = dot_text.chain_dot(model, chain, lang, edition.language_url(lang))
    return renderer.inline_svg(dot, f"booklet-{chain.id}", plain(chain.title.get(lang)), ui("poster_booklet", lang))


def chains_booklet(model, lang: str, edition: Edition, renderer: Diagrams) -> str:
    """A4 booklet: one chain per page with its title, diagram, steps and notes."""
    chains = []
    for chain in model.chains.values():
        svg = booklet_svg(model, chain, lang, edition, renderer)
        chains.append(
            {
                "title": inline_html(chain.title.get(lang)),
                "intro": inline_html(chain.intro.get(lang)) if chain.intro else None,
                "note": inline_html(chain.note.get(lang)) if chain.note else None,
                "svg": Markup(limit_scale(svg, BOOKLET_MOST_SCALE)),
                "steps": [
                    {
                        "text": inline_html(step.text.get(lang)),
                        "options": [inline_html(o.text.get(lang)) for o in step.options],
                        "revision": (
                            {
                                "label": ui("step_update", lang).format(date=step.update.date),
                                "text": inline_html(step.update.text.get(lang)),
                            }
                            if step.update
                            else None
                        ),
                    }
                    for step in chain.steps
                ],
            }
        )
    measured = booklet_measured(model, lang, edition)
    return str(render("print/booklet.html", chains=chains, measured=measured, **_frame(lang, "a4", edition)))


def booklet_measured(model, lang: str, edition: Edition) -> dict | None:
    """The booklet's last page: the measured time chart of every size, where the op ran (None
    without a capture). The charts are drawn by the same code as the Measured page's."""
    gelu = model.evidence.gelu if model.evidence else None
    if not gelu:
        return None
    views = [chart_view(model, lang, size, gelu.paths) for size in gelu.operation["sizes"]]
    return {
        "title": interface_word(model, "measured-title", lang),
        "meta": f"{gelu.operation['expression']} · {gelu.run.gpu} · {gelu.run.date[:10]}",
        "charts": [render("evidence/time_chart.html", **view, print_font=FONT) for view in views if view],
        "desc": interface_word(model, "chart-desc-print", lang),
        "href": edition.language_url(lang) + addresses.MEASURED,
        "limits": model.measurements[model.limits_note()].label.get(lang),
    }
