"""Printable documents as HTML: the stack poster and the chains booklet, per language.

Pure functions of (model, language, page size, version); a browser turns them into PDF.
Links inside point at the published site, so a printed PDF still leads somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import escape

from . import diagrams
from .graphviz import inline_svg
from .palette import FONT, layer_colours
from .textutil import inline_html, plain
from .ui import ui

PAGE_SIZES = {"a3": ("297mm", "420mm"), "a4": ("210mm", "297mm")}
MARGIN = "12mm"


def fit_svg(svg: str, max_width_mm: float, max_height_mm: float) -> str:
    """Give an SVG an explicit size in mm that keeps its aspect ratio within a box."""
    import re

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

    def language_url(self, lang: str) -> str:
        return self.site_url.rstrip("/") + ("/en/" if lang == "en" else "/")


def _page_css(size: str) -> str:
    width, height = PAGE_SIZES[size]
    return f"""
@page {{ size: {width} {height}; margin: {MARGIN}; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; font-family: "{FONT}", sans-serif; color: #111; background: #fff; }}
a {{ color: inherit; text-decoration: none; }}
.sheet {{ position: relative; height: calc({height} - 2 * {MARGIN}); }}
.sheet + .sheet {{ break-before: page; }}
h1 {{ margin: 0; font-size: {"30pt" if size == "a3" else "21pt"}; }}
.subtitle {{ margin: 1mm 0 4mm; font-size: {"14pt" if size == "a3" else "10.5pt"}; color: #333; }}
.figure svg {{ width: 100%; height: auto; }}
.legend {{ margin: 4mm 0 0; font-size: {"9.5pt" if size == "a3" else "7pt"}; }}
.legend h2 {{ font-size: 1.15em; margin: 0 0 1.5mm; }}
.legend table {{ width: 100%; border-collapse: collapse; }}
.legend td {{ width: 50%; vertical-align: top; padding: 0 4mm 1.5mm 0; }}
.swatch {{ display: inline-block; width: 4mm; height: 4mm; border: 0.3mm solid; vertical-align: -0.8mm; margin-right: 1.5mm; }}
.foot {{ position: absolute; left: 0; right: 0; bottom: 0; border-top: 0.3mm solid #999; padding-top: 1.5mm; font-size: {"9pt" if size == "a3" else "7pt"}; color: #333; }}
.foot a {{ float: right; }}
.chain h1 {{ font-size: 18pt; }}
.meta {{ font-size: 9pt; color: #444; margin: 1mm 0 3mm; }}
.note {{ font-size: 10pt; margin: 3mm 0; }}
.chain .figure {{ text-align: center; }}
.chain .figure svg {{ width: auto; }}
.sheet {{ overflow: hidden; }}
ol.steps {{ font-size: 8.5pt; margin: 2mm 0 0; padding-left: 6mm; columns: 2; column-gap: 8mm; }}
"""


def _legend(model, lang: str) -> str:
    layer_ids = list(model.layers)
    items = []
    for number, layer in enumerate(model.layers.values(), start=1):
        fill, _ink, border = layer_colours(layer_ids, layer.id)
        items.append(
            f'<td><span class="swatch" style="background:{fill};border-color:{border}"></span>'
            f"<b>{number}. {inline_html(layer.name.get(lang))}</b></td>"
        )
    items.append(f"<td>{escape(ui('poster_artifact', lang))}<br>{escape(ui('poster_branch', lang))}</td>")
    rows = "".join(f"<tr>{''.join(items[i : i + 2])}</tr>" for i in range(0, len(items), 2))
    return f'<section class="legend"><h2>{escape(ui("poster_legend", lang))}</h2><table>{rows}</table></section>'


def _dates(edition: Edition) -> str:
    # PDF metadata dates: the edition's, so rebuilding the same data gives the same bytes.
    date = edition.date if edition.date[:1].isdigit() else "2000-01-01"
    return f'<meta name="dcterms.created" content="{date}"><meta name="dcterms.modified" content="{date}">'


def _foot(edition: Edition, lang: str) -> str:
    url = edition.language_url(lang)
    return (
        f'<footer class="foot"><span>{escape(ui("poster_version", lang))} {escape(edition.version)} · {escape(edition.date)}</span>'
        f'<a href="{escape(url)}">{escape(url)}</a></footer>'
    )


def stack_poster(model, lang: str, size: str, edition: Edition) -> str:
    """One-page poster: title, the stack diagram, legend, version/date and the site URL."""
    dot = diagrams.stack_dot(model, lang, edition.language_url(lang), tools_per_row=3, detail=True)
    svg = inline_svg(dot, "poster", ui("poster_title", lang), ui("poster_subtitle", lang))
    svg = svg.replace('class="gsm-svg"', 'class="gsm-svg" preserveAspectRatio="xMidYMin meet"', 1)
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(ui("poster_title", lang))}</title>{_dates(edition)}'
        f'<style>{_page_css(size)}</style></head><body><div class="sheet">'
        f'<h1>{escape(ui("poster_title", lang))}</h1><p class="subtitle">{escape(ui("poster_subtitle", lang))}</p>'
        f'<div class="figure">{svg}</div>{_legend(model, lang)}{_foot(edition, lang)}</div></body></html>'
    )


def chains_booklet(model, lang: str, edition: Edition) -> str:
    """A4 booklet: one chain per page with its title, section, diagram, steps and notes."""
    pages = []
    for chain in model.chains.values():
        dot = diagrams.chain_dot(model, chain, lang, edition.language_url(lang))
        svg = inline_svg(dot, f"booklet-{chain.id}", plain(chain.title.get(lang)), ui("poster_booklet", lang))
        svg = fit_svg(svg, 186, 150)
        intro = f'<p class="note">{inline_html(chain.intro.get(lang))}</p>' if chain.intro else ""
        note = f'<p class="note">{inline_html(chain.note.get(lang))}</p>' if chain.note else ""
        steps = "".join(
            f"<li>{inline_html(step.text.get(lang))}"
            + (" — " + " / ".join(inline_html(o.text.get(lang)) for o in step.options) if step.options else "")
            + "</li>"
            for step in chain.steps
        )
        pages.append(
            f'<div class="sheet chain"><h1>{inline_html(chain.title.get(lang))}</h1>'
            f'<p class="meta">{escape(ui("poster_section", lang))} §{escape(chain.section)} · {escape(ui("poster_booklet", lang))}</p>'
            f'{intro}<div class="figure">{svg}</div>{note}<ol class="steps">{steps}</ol>'
            f'<p class="meta">{escape(ui("poster_artifact", lang))} · {escape(ui("poster_branch", lang))}</p>{_foot(edition, lang)}</div>'
        )
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(ui("poster_booklet", lang))}</title>{_dates(edition)}'
        f"<style>{_page_css('a4')}</style></head><body>{''.join(pages)}</body></html>"
    )


def print_files() -> list[tuple[str, str, str, str]]:
    """(file name, language, what, paper) of every printable document the build publishes."""
    files = []
    for lang in ("zh", "en"):
        for size in ("a3", "a4"):
            files.append((f"gpu-stack-map-poster-{lang}-{size}.pdf", lang, "poster", size))
        files.append((f"gpu-stack-map-chains-{lang}-a4.pdf", lang, "booklet", "a4"))
    return files
