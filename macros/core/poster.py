"""Printable documents as HTML: the stack poster and the chains booklet, per language.

View data for templates/print/; WeasyPrint turns the HTML into PDF. Links inside point at
the published site, so a printed PDF still leads somewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup

from . import diagrams
from .graphviz import Diagrams
from .languages import Languages
from .markup import inline_html, plain
from .palette import FONT, layer_colours
from .render import TEMPLATES, render
from .ui import ui

PAGE_SIZES = {"a3": ("297mm", "420mm"), "a4": ("210mm", "297mm")}


def fit_svg(svg: str, max_width_mm: float, max_height_mm: float) -> str:
    """Give an SVG an explicit size in mm that keeps its aspect ratio within a box."""
    width, height = map(float, re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"', svg).groups())
    scale = min(max_width_mm / width, max_height_mm / height)
    size = f'width="{width * scale:.1f}mm" height="{height * scale:.1f}mm"'
    return svg.replace("<svg ", f"<svg {size} ", 1)


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
        "ui": lambda key: ui(key, lang),
    }


def stack_poster(model, lang: str, size: str, edition: Edition, renderer: Diagrams) -> str:
    """One-page poster: title, the stack diagram, legend, version/date and the site URL."""
    dot = diagrams.stack_dot(model, lang, edition.language_url(lang), tools_per_row=3, detail=True)
    svg = renderer.inline_svg(dot, "poster", ui("poster_title", lang), ui("poster_subtitle", lang))
    svg = svg.replace('class="gsm-svg"', 'class="gsm-svg" preserveAspectRatio="xMidYMin meet"', 1)
    layer_ids = list(model.layers)
    legend = []
    for number, layer in enumerate(model.layers.values(), start=1):
        fill, _ink, border = layer_colours(layer_ids, layer.id)
        legend.append({"fill": fill, "border": border, "number": number, "name": inline_html(layer.name.get(lang))})
    legend.append({"fill": None})  # the shapes' key
    return str(render("print/poster.html", svg=Markup(svg), legend=legend, **_frame(lang, size, edition)))


def chains_booklet(model, lang: str, edition: Edition, renderer: Diagrams) -> str:
    """A4 booklet: one chain per page with its title, section, diagram, steps and notes."""
    chains = []
    for chain in model.chains.values():
        dot = diagrams.chain_dot(model, chain, lang, edition.language_url(lang))
        svg = renderer.inline_svg(dot, f"booklet-{chain.id}", plain(chain.title.get(lang)), ui("poster_booklet", lang))
        chains.append(
            {
                "title": inline_html(chain.title.get(lang)),
                "section": chain.section,
                "intro": inline_html(chain.intro.get(lang)) if chain.intro else None,
                "note": inline_html(chain.note.get(lang)) if chain.note else None,
                "svg": Markup(fit_svg(svg, 186, 150)),
                "steps": [
                    {
                        "text": inline_html(step.text.get(lang)),
                        "options": [inline_html(o.text.get(lang)) for o in step.options],
                    }
                    for step in chain.steps
                ],
            }
        )
    return str(render("print/booklet.html", chains=chains, **_frame(lang, "a4", edition)))


def print_files(languages: tuple[str, ...]) -> list[tuple[str, str, str, str]]:
    """(file name, language, what, paper) of every printable document the build publishes."""
    files = []
    for lang in languages:
        for size in ("a3", "a4"):
            files.append((f"gpu-stack-map-poster-{lang}-{size}.pdf", lang, "poster", size))
        files.append((f"gpu-stack-map-chains-{lang}-a4.pdf", lang, "booklet", "a4"))
    return files
