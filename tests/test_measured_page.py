"""The Measured page as a reader sees it: its table fits the desktop column, its kernel diagram
reads on a phone, the GPU's readings are labelled, its chart is printed, and its words (and
those of the Method and Toolkits pages) come from data/.
"""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import ROOT, build_site, replace_in, run_validate

from macros.core.data.loading import load
from macros.core.data.model import reading_id
from macros.core.settings.ui import UI
from macros.core.views.render import TEMPLATES

MODEL = load(ROOT / "data")
GELU = MODEL.evidence.gelu
DESKTOP, PHONE = 1280, 390
CONTENT_COLUMN = 688  # Material's content column at a desktop width, sidebars on both sides
SMALLEST_TEXT_PX = 11


def prefix(lang: str) -> str:
    return "en/" if lang == "en" else ""


@pytest.fixture
def open_page(browser, base_url):
    """Open a page of the shared site at a viewport width; the contexts close after the test."""
    contexts = []

    def open_(path: str, width: int):
        context = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.goto(base_url + path, wait_until="load")
        return page

    yield open_
    for context in contexts:
        context.close()


# How wide each measured table is drawn, and whether its box scrolls sideways.
TABLE_FIT = """() => [...document.querySelectorAll('table.gsm-measured:not(.gsm-softmax):not(.gsm-two-gpus)')].map(t => ({
  table: t.getBoundingClientRect().width,
  scrolls: t.parentElement.scrollWidth > t.parentElement.clientWidth,
}))"""

# A copy of the call-time column put beside it in every row (as GPU time per call will be).
ADD_COLUMN = """() => document.querySelectorAll('table.gsm-measured:not(.gsm-softmax):not(.gsm-two-gpus) tr').forEach(row => {
  const cell = row.children[2];
  if (cell && !cell.hasAttribute('colspan')) cell.after(cell.cloneNode(true));
})"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_measured_tables_fit_the_desktop_column_with_room_for_another_column(open_page, lang):
    page = open_page(prefix(lang) + "measured/", DESKTOP)
    column = page.locator("article").evaluate("a => a.getBoundingClientRect().width")
    assert column <= CONTENT_COLUMN + 1
    for added in (False, True):
        if added:
            page.evaluate(ADD_COLUMN)
        tables = page.evaluate(TABLE_FIT)
        assert len(tables) == len(GELU.operation["sizes"])
        for size, fit in zip(GELU.operation["sizes"], tables, strict=True):
            assert fit["table"] <= column + 1, (size, added, fit)
            assert not fit["scrolls"], (size, added, fit)
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP


# The rendered height of the smallest text of each kernel diagram shown: its font size in the
# drawing's units times the drawing's scale on screen.
SMALLEST_TEXT = """() => [...document.querySelectorAll('.gsm-kernels-diagram svg')]
  .filter(svg => svg.getBoundingClientRect().width > 0)
  .map(svg => Math.min(...[...svg.querySelectorAll('text')].map(
    text => parseFloat(getComputedStyle(text).fontSize) * svg.getScreenCTM().a)))"""


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_kernel_diagrams_text_is_at_least_11_px_on_a_phone_and_a_desktop(open_page, lang, width):
    page = open_page(prefix(lang) + "measured/", width)
    smallest = page.evaluate(SMALLEST_TEXT)
    # One diagram shown per size (the other layout is hidden), every one readable.
    assert len(smallest) == len(GELU.operation["sizes"])
    assert min(smallest) >= SMALLEST_TEXT_PX, smallest
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Every measured path's name is in the diagram the reader sees.
    shown = page.locator(".gsm-kernels-diagram svg:visible").first.text_content()
    for path in GELU.paths:
        label = MODEL.measurements[path.id].label.get(lang)
        # The path's name: the label up to its first space, bracket or colon (Chinese puts none
        # between the name and what follows, "NVRTC（cuda.bindings）：同一…").
        name = re.split(r"[\s（(：:]", label, maxsplit=1)[0]
        assert name in shown, path.id


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_each_reading_of_the_gpu_is_shown_under_its_own_label(open_page, lang, width):
    page = open_page(prefix(lang) + "measured/", width)
    readings = page.locator(".gsm-provenance-table dl.gsm-readings")
    assert readings.count() == 1
    labels, values = readings.locator("dt"), readings.locator("dd")
    assert labels.count() == values.count() == len(GELU.run.clocks)
    for n, (key, value) in enumerate(GELU.run.clocks.items()):
        label = labels.nth(n)
        assert label.is_visible() and values.nth(n).is_visible()
        assert label.inner_text() == MODEL.measurements[reading_id(key)].label.get(lang)
        assert values.nth(n).inner_text() == value
        # The value sits beside its label or under it, never far from it.
        box, value_box = label.bounding_box(), values.nth(n).bounding_box()
        assert abs(value_box["y"] - box["y"]) < 40


def pdf_page_text(pdf: str, number: int) -> str:
    done = subprocess.run(
        ["pdftotext", "-f", str(number), "-l", str(number), pdf, "-"], capture_output=True, text=True, check=True
    )
    return re.sub(r"\s+", " ", done.stdout)


# Where each datasheet link under a measured ceiling starts, against the cell's left edge and
# the line of text just before it.
PEAK_LINKS = """() => [...document.querySelectorAll('table.gsm-ceilings td a')].map(a => {
  const cell = a.closest('td').getBoundingClientRect();
  const first = a.getClientRects()[0];
  const before = document.createRange();
  before.setStart(a.previousSibling, Math.max(0, a.previousSibling.length - 1));
  before.setEnd(a.previousSibling, a.previousSibling.length);
  const paren = before.getClientRects()[0];
  return {text: a.textContent, left: first.left - cell.left, sameLine: Math.abs(first.top - paren.top) < 4};
})"""


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_datasheet_links_under_the_ceilings_read_inline_in_their_sentence(open_page, lang, width):
    # They were blocks of their own ("(" / the link / ")" on three lines): a touch-target rule for
    # links after a <br> caught them.
    links = open_page(f"{prefix(lang)}measured/", width).evaluate(PEAK_LINKS)
    assert len(links) == 2, links
    for link in links:
        assert link["sameLine"] and link["left"] > 0, f"{lang} at {width} px: {link['text']!r} starts a line of its own"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_chains_booklet_ends_with_the_measured_time_charts(built_site, lang):
    pdf = str(built_site / "print" / f"gpu-stack-map-chains-{lang}-a4.pdf")
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages == len(MODEL.chains) + 1  # one page more than the chains: the charts fit on one
    text = pdf_page_text(pdf, pages)
    flat = text.replace(" ", "")
    assert MODEL.interface["measured-title"].text.get(lang).replace(" ", "") in flat
    for size in GELU.operation["sizes"]:
        assert MODEL.interface["chart-title"].text.get(lang).format(size=size).replace(" ", "") in flat
        for path in GELU.paths:
            result = next((s for s in path.sizes if s.size == size and s.status == "measured"), None)
            if path.status == "measured" and result:
                assert f"{(result.gpu_time_ms or result.time_ms).median:.4g} ms" in text, (path.id, size)
                assert MODEL.measurements[path.id].label.get(lang).replace(" ", "") in flat, (path.id, size)


def test_a_reading_the_capture_writes_without_words_is_rejected_with_file_and_line(data_copy):
    replace_in(
        data_copy / "measurements.yaml",
        '  - id: power-limit\n    kind: reading\n    label: {zh: "功耗上限", en: "Power limit"}\n',
        "",
    )
    done = run_validate(data_copy)
    assert done.returncode == 1 and "Traceback" not in done.stderr + done.stdout
    out = done.stdout + done.stderr
    assert re.search(r"evidence/gelu-paths\.yaml:\d+:\d+: .*no words for the reading 'power-limit'", out), out
    assert "kind: reading" in out


# ---------------------------------------------------------------- the pages' words come from data

WORD = re.compile(r"""\bui\(\s*["']([\w~-]+)["']""")
# The views of the evidence pages, whose words all come from data/interface.yaml.
EVIDENCE_VIEWS = ("evidence_views", "measured_chart", "measured_page", "measured_rows")


def words_asked_for() -> set[str]:
    """Every interface word the evidence templates and views ask for by name."""
    views = [ROOT / f"macros/core/views/{name}.py" for name in EVIDENCE_VIEWS]
    sources = [*sorted((TEMPLATES / "evidence").iterdir()), *views]
    return {word for source in sources for word in WORD.findall(source.read_text(encoding="utf-8"))}


# Punctuation every page shares, kept in code: data text cannot end in a space, as ": " does.
PUNCTUATION = {"colon", "list_separator"}


def test_every_word_of_the_evidence_pages_is_in_data_and_none_is_also_kept_in_code():
    asked = words_asked_for() - PUNCTUATION
    assert len(asked) > 20  # the scan found the templates' words
    assert asked <= set(MODEL.interface), sorted(asked - set(MODEL.interface))
    assert not set(MODEL.interface) & set(UI), sorted(set(MODEL.interface) & set(UI))


# One word each page shows and no other text on it says: edited in data, the page must follow.
EDITED = {"measured/": "ceilings-title", "method/": "method-timing", "toolkits/": "compute-capability"}


@pytest.mark.build
def test_the_evidence_pages_show_their_words_as_edited_in_data_in_both_languages(tmp_path, small_data_copy):
    from bs4 import BeautifulSoup

    interface = small_data_copy / "interface.yaml"
    for word in EDITED.values():
        text = MODEL.interface[word].text
        replace_in(
            interface,
            f'  - id: {word}\n    text: {{zh: "{text.zh}", en: "{text.en}"}}\n',
            f'  - id: {word}\n    text: {{zh: "改过的{text.zh}", en: "Edited {text.en}"}}\n',
        )
    done = build_site(tmp_path / "site", small_data_copy)
    assert done.returncode == 0, done.stderr[-3000:]
    for path, word in EDITED.items():
        for lang, edited in (("zh", "改过的"), ("en", "Edited ")):
            html = (tmp_path / "site" / prefix(lang) / path / "index.html").read_text(encoding="utf-8")
            text = " ".join(BeautifulSoup(html, "html.parser").select_one("article").get_text(" ").split())
            assert edited + MODEL.interface[word].text.get(lang) in text, (path, lang, word)
