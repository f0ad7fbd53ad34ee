"""A printed document's first page in small, as SVG, for the Print page: the paper's shape, with
the page's title, drawing, legend and footer where print.css puts them and its running text as
grey lines. Pure: view data for templates/print/thumbnail.svg, from what the PDF is made of.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from markupsafe import Markup

from ..data.markup import display_width, plain, wrap
from ..diagrams.graphviz import Diagrams
from ..settings.palette import FONT
from ..settings.ui import ui
from ..views.render import render
from .poster import BOOKLET_MOST_SCALE, PAGE_SIZES, Edition, booklet_svg, poster_legend, poster_svg, svg_size

PT_PER_MM = 72 / 25.4
MARGIN = 12 * PT_PER_MM  # print/_page.html's @page margin
LINE = 1.45  # Noto Sans CJK's normal line height, in ems
ASCENT = 1.16  # and where its baseline sits in that line
# The type sizes (pt) and footer room (mm) print.css gives each paper size.
SHEETS = {
    "a3": {"title": 30, "subtitle": 14, "legend": 9.5, "foot": 9, "foot_room": 9},
    "a4": {"title": 21, "subtitle": 10.5, "legend": 7, "foot": 7, "foot_room": 7},
}
BOOKLET = {"title": 18, "meta": 9, "note": 10, "steps": 8.5}
GREY = "#9e9e9e"


def paper(size: str) -> tuple[float, float]:
    """The paper's width and height in points."""
    width, height = PAGE_SIZES[size]
    return float(width.removesuffix("mm")) * PT_PER_MM, float(height.removesuffix("mm")) * PT_PER_MM


def columns(width: float, size: float) -> int:
    """How many columns (markup.display_width's: Han a full em, the rest half) fit in `width` pt."""
    return max(1, int(width / (size / 2)))


def line_count(text: str, size: float, width: float) -> int:
    """About how many lines `text` wraps to in a column `width` pt wide."""
    return len(wrap(text, columns(width, size)))


@dataclass
class Sheet:
    """What one thumbnail draws, in points on the paper: text, grey lines, swatches, rules, the drawing."""

    width: float
    height: float
    texts: list[dict] = field(default_factory=list)
    bars: list[dict] = field(default_factory=list)
    swatches: list[dict] = field(default_factory=list)
    rules: list[dict] = field(default_factory=list)
    drawing: dict = field(default_factory=dict)

    def text(self, x: float, top: float, size: float, words: str, bold: bool = False, end: bool = False) -> float:
        """Words set on the page, wrapped to the margins; returns the height they take."""
        room = x - MARGIN if end else self.width - MARGIN - x
        lines = wrap(words, columns(room, size))
        for number, line in enumerate(lines):
            top_of_line = top + number * LINE * size
            self.texts.append(
                {"x": x, "y": top_of_line + ASCENT * size, "size": size, "text": line, "bold": bold, "end": end}
            )
        return len(lines) * LINE * size

    def lines(self, x: float, top: float, size: float, words: str, width: float) -> float:
        """Grey lines standing for `words` wrapped in a column; returns the height they take."""
        lines = wrap(words, columns(width, size))
        for number, line in enumerate(lines):
            length = min(width, display_width(line) * size / 2)
            self.bars.append({"x": x, "y": top + (number + 0.3) * LINE * size, "width": length, "height": 0.6 * size})
        return len(lines) * LINE * size


def drawing_box(svg: str, x: float, y: float, width: float, height: float, most: float | None = None) -> dict:
    """The diagram centred in a box, scaled to fit it (never past `most` times its drawn size)."""
    drawn_width, drawn_height = svg_size(svg)
    scale = min(width / drawn_width, height / drawn_height, most or math.inf)
    shown_width, shown_height = drawn_width * scale, drawn_height * scale
    view = re.search(r'viewBox="([^"]+)"', svg).group(1)
    inner = re.sub(r"^<svg\b[^>]*>|</svg>$", "", svg)
    # Nothing a picture needs: names and descriptions for screen readers, links that cannot be followed.
    inner = re.sub(r"<title\b[^>]*>.*?</title>|<desc\b[^>]*>.*?</desc>|</?a\b[^>]*>", "", inner, flags=re.S)
    return {
        "x": x + (width - shown_width) / 2,
        "y": y + (height - shown_height) / 2,
        "width": shown_width,
        "height": shown_height,
        "view": view,
        "inner": Markup(inner),
    }


def foot(sheet: Sheet, size: dict, edition: Edition, lang: str) -> float:
    """The footer (rule, version and date, the site's address); returns where the room above it ends."""
    bottom = sheet.height - MARGIN
    top = bottom - size["foot_room"] * PT_PER_MM
    sheet.rules.append({"x1": MARGIN, "x2": sheet.width - MARGIN, "y": top})
    text_top = top + 1.5 * PT_PER_MM
    sheet.text(MARGIN, text_top, size["foot"], f"{ui('poster_version', lang)} {edition.version} · {edition.date}")
    sheet.text(sheet.width - MARGIN, text_top, size["foot"], edition.language_url(lang), end=True)
    return top


def poster_sheet(model, lang: str, size: str, edition: Edition, renderer: Diagrams) -> Sheet:
    """The stack poster's page: title, subtitle, the stack drawing, the legend, the footer."""
    svg = poster_svg(model, lang, edition, renderer)
    width, height = paper(size)
    sheet = Sheet(width, height)
    fonts, column = SHEETS[size], width - 2 * MARGIN
    top = MARGIN
    top += sheet.text(MARGIN, top, fonts["title"], ui("poster_title", lang), bold=True) + 1 * PT_PER_MM
    top += sheet.text(MARGIN, top, fonts["subtitle"], ui("poster_subtitle", lang)) + 4 * PT_PER_MM
    bottom = foot(sheet, fonts, edition, lang)
    # The legend: its heading, then the layers two to a row, the shapes' key (two lines) last.
    legend, size_pt = poster_legend(model, lang), fonts["legend"]
    rows = [legend[i : i + 2] for i in range(0, len(legend), 2)]
    row_height = [
        (2 if any(not cell["fill"] for cell in row) else 1) * LINE * size_pt + 1.5 * PT_PER_MM for row in rows
    ]
    legend_top = bottom - sum(row_height) - LINE * 1.15 * size_pt - 1.5 * PT_PER_MM
    sheet.drawing = drawing_box(svg, MARGIN, top, column, legend_top - 4 * PT_PER_MM - top)
    sheet.text(MARGIN, legend_top, 1.15 * size_pt, ui("poster_legend", lang), bold=True)
    row_top = legend_top + LINE * 1.15 * size_pt + 1.5 * PT_PER_MM
    box = 4 * PT_PER_MM
    for row, height_of_row in zip(rows, row_height, strict=True):
        for number, cell in enumerate(row):
            x = MARGIN + number * column / 2
            if not cell["fill"]:
                sheet.text(x, row_top, size_pt, ui("poster_artifact", lang))
                sheet.text(x, row_top + LINE * size_pt, size_pt, ui("poster_branch", lang))
                continue
            swatch_top = row_top + (LINE * size_pt - box) / 2
            sheet.swatches.append(
                {"x": x, "y": swatch_top, "size": box, "fill": cell["fill"], "border": cell["border"]}
            )
            name = f"{cell['number']}. {cell['text']}"
            sheet.text(x + box + 1.5 * PT_PER_MM, row_top, size_pt, name, bold=True)
        row_top += height_of_row
    return sheet


def booklet_sheet(model, lang: str, edition: Edition, renderer: Diagrams) -> Sheet:
    """The chains booklet's first page: the first chain's title, place, text, drawing and steps."""
    width, height = paper("a4")
    sheet = Sheet(width, height)
    column = width - 2 * MARGIN
    chain = next(iter(model.chains.values()))
    svg = booklet_svg(model, chain, lang, edition, renderer)
    top = MARGIN
    top += sheet.text(MARGIN, top, BOOKLET["title"], plain(chain.title.get(lang)), bold=True) + 1 * PT_PER_MM
    place = f"{ui('poster_booklet', lang)} · 1 / {len(model.chains)}"
    top += sheet.text(MARGIN, top, BOOKLET["meta"], place) + 3 * PT_PER_MM
    if chain.intro:
        top += 3 * PT_PER_MM
        top += sheet.lines(MARGIN, top, BOOKLET["note"], plain(chain.intro.get(lang)), column) + 3 * PT_PER_MM
    bottom = foot(sheet, SHEETS["a4"], edition, lang)
    # From the bottom up: the shapes' key, then the steps in two columns, then the note.
    key = f"{ui('poster_artifact', lang)} · {ui('poster_branch', lang)}"
    bottom -= line_count(key, BOOKLET["meta"], column) * LINE * BOOKLET["meta"] + 4 * PT_PER_MM
    sheet.text(MARGIN, bottom + 1 * PT_PER_MM, BOOKLET["meta"], key)
    half = (column - 6 * PT_PER_MM - 8 * PT_PER_MM) / 2
    steps = []
    for step in chain.steps:
        words = plain(step.text.get(lang))
        if step.options:
            words += " — " + " / ".join(plain(option.text.get(lang)) for option in step.options)
        steps.append(words)
    heights = [line_count(words, BOOKLET["steps"], half) * LINE * BOOKLET["steps"] for words in steps]
    column_height = max(sum(heights) / 2, max(heights, default=0))
    steps_top = bottom - column_height - 2 * PT_PER_MM
    x, y = MARGIN + 6 * PT_PER_MM, steps_top + 2 * PT_PER_MM
    for words, step_height in zip(steps, heights, strict=True):
        if y + step_height > bottom + 0.5 and x == MARGIN + 6 * PT_PER_MM:
            x, y = x + half + 8 * PT_PER_MM, steps_top + 2 * PT_PER_MM
        y += sheet.lines(x, y, BOOKLET["steps"], words, half)
    figure_bottom = steps_top
    if chain.note:
        note = plain(chain.note.get(lang))
        note_height = line_count(note, BOOKLET["note"], column) * LINE * BOOKLET["note"]
        figure_bottom -= note_height + 6 * PT_PER_MM
        sheet.lines(MARGIN, figure_bottom + 3 * PT_PER_MM, BOOKLET["note"], note, column)
    sheet.drawing = drawing_box(svg, MARGIN, top, column, figure_bottom - top, most=BOOKLET_MOST_SCALE)
    return sheet


def first_page(model, lang: str, what: str, size: str, edition: Edition, renderer: Diagrams) -> str:
    """The first page of a printed document (`what`: "poster" or "booklet") as a standalone SVG file."""
    if what == "poster":
        sheet = poster_sheet(model, lang, size, edition, renderer)
    else:
        sheet = booklet_sheet(model, lang, edition, renderer)
    return str(render("print/thumbnail.svg", sheet=sheet, font=FONT, grey=GREY))
