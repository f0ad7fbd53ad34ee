"""The Measured page says in words what is not captured yet, and shows what is: every path the data
names, the memory-bound op, the second GPU and the GPU's own readings on the concept pages. Each test
reads the committed evidence and expects the page state it implies, so it holds with a capture imported
and without one. A phone reads the page without text under 11 px and without sideways scrolling."""

from __future__ import annotations

import pytest
from conftest import ROOT, article_text

from macros.core.data.loading import load

MODEL = load(ROOT / "data")
EVIDENCE = MODEL.evidence


def ui(word_id: str, lang: str) -> str:
    text = MODEL.interface[word_id].text
    return text if isinstance(text, str) else text.get(lang)


def page_text(site, lang: str, path: str) -> str:
    return article_text((site / ("en/" if lang == "en" else "") / path / "index.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_path_shows_its_figures_or_says_it_is_not_captured_yet(built_site, lang):
    text = page_text(built_site, lang, "measured")
    captured = {path.id for path in EVIDENCE.gelu.paths}
    missing = ui("not-captured-yet", lang).format(gpu=EVIDENCE.gelu.run.gpu)
    uncaptured = []
    for word in (w for w in MODEL.measurements.values() if w.kind == "path"):
        assert word.label.get(lang) in text, word.id
        if word.reason:  # a path the capture cannot run says why, captured or not
            assert word.reason.get(lang) in text, word.id
        elif word.id not in captured:
            uncaptured.append(word.id)
    assert (missing in text) == bool(uncaptured), uncaptured


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_softmax_section_shows_gb_per_s_or_says_it_is_not_captured_yet(built_site, lang):
    text = page_text(built_site, lang, "measured")
    assert ui("softmax-title", lang) in text
    if EVIDENCE.softmax is None:
        assert ui("softmax-missing", lang) in text
        return
    assert ui("softmax-missing", lang) not in text
    for path in EVIDENCE.softmax.paths:
        assert MODEL.measurements[path.id].label.get(lang) in text
        for size in path.sizes:
            if size.status == "measured":
                assert f"{size.gbs:,.0f}" in text, (path.id, size.size)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_second_gpu_stands_beside_the_first_or_is_said_to_be_missing(built_site, lang):
    text = page_text(built_site, lang, "measured")
    captures = EVIDENCE.captures.captures if EVIDENCE.captures else []
    if len(captures) < 2:
        assert ui("two-gpus-missing", lang).split("：")[0].split(":")[0] in text
        return
    for capture in captures[:2]:
        assert capture.run["gpu"] in text
    assert ui("follows-compute", lang) in text or ui("follows-memory", lang) in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_l2_page_shows_the_size_the_gpu_reported_or_says_it_is_not_captured_yet(built_site, lang):
    text = page_text(built_site, lang, "tools/l2-cache")
    runs = [c.run for c in EVIDENCE.captures.captures] if EVIDENCE.captures else []
    runs.append(EVIDENCE.gelu.run.model_dump())
    reported = next((r for r in runs if "H200" in r["gpu"] and r.get("l2_cache_bytes")), None)
    if reported:
        assert f"{reported['l2_cache_bytes'] / 2**20:g} MiB" in text
    else:
        assert ui("measured-gpu-missing", lang).format(gpu="H200") in text


# Every visible piece of text in the article and its computed size; every table box that scrolls.
SMALL_TEXT = """() => { const found = []; const root = document.querySelector('article');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) { const node = walker.currentNode; if (!node.textContent.trim()) continue;
    const el = node.parentElement; if (!el.getBoundingClientRect().width) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11) found.push(`${el.tagName}.${el.className} ${size}px: ${node.textContent.trim().slice(0, 40)}`); }
  return found; }"""
SCROLLING = """() => [...document.querySelectorAll('article .gsm-table-wrap')]
  .filter(w => w.querySelector('table.gsm-measured') && w.scrollWidth > w.clientWidth + 1)
  .map(w => w.querySelector('table').className)"""


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_measured_page_has_no_text_under_11_px_and_no_table_scrolling_sideways(browser, base_url, lang, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{base_url}{'en/' if lang == 'en' else ''}measured/", wait_until="load")
        assert page.evaluate(SMALL_TEXT) == []
        assert page.evaluate(SCROLLING) == []
    finally:
        context.close()
