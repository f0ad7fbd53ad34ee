"""Comparison and index tables as a reader uses them, in headless Chromium: a click on a header
sorts the rows, and on a 390 px phone a wide table scrolls inside its box with its first
column kept in view.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from test_browser import MODEL

# The seed's 9.1 overview table: the first table after its heading.
COMPARE_WRAP = "xpath=//h2[@id='table-concepts-overview']/following-sibling::div[contains(@class, 'gsm-table-wrap')][1]"
COMPARE_TABLE = f"{COMPARE_WRAP}/table[@data-sortable]"
FIRST_COLUMN = "els => els.map(e => e.innerText.trim())"


def open_page(browser, url: str, width: int):
    page = browser.new_page(viewport={"width": width, "height": 844 if width < 500 else 900})
    page.goto(url, wait_until="load")
    return page


def click_header(page, table: str, column: int, order: str) -> None:
    """Click a header and wait until the table says it is sorted that way."""
    header = page.locator(table).locator("thead th").nth(column)
    header.wait_for()
    # Tablesort marks the headers when it takes the table over: click only after that.
    page.wait_for_function("h => h.getAttribute('role') === 'columnheader'", arg=header.element_handle())
    header.click()
    page.wait_for_function(f"h => h.getAttribute('aria-sort') === '{order}'", arg=header.element_handle())


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_click_on_a_comparison_header_sorts_the_rows_and_a_second_reverses_them(browser, base_url, lang):
    page = open_page(browser, f"{base_url}{lang}compare/", 1280)
    cells = page.locator(COMPARE_TABLE).locator("tbody tr td:first-child")
    seed_order = cells.evaluate_all(FIRST_COLUMN)
    ascending = sorted(seed_order, key=str.lower)
    assert len(seed_order) >= 10 and seed_order != ascending  # the seed's order is not already sorted
    click_header(page, COMPARE_TABLE, 0, "ascending")
    assert cells.evaluate_all(FIRST_COLUMN) == ascending
    click_header(page, COMPARE_TABLE, 0, "descending")
    assert cells.evaluate_all(FIRST_COLUMN) == ascending[::-1]
    page.close()


def test_sorting_the_tool_index_by_layer_follows_the_stack_not_the_alphabet(browser, base_url):
    page = open_page(browser, f"{base_url}en/tools/", 1280)
    table = "table.gsm-tool-index"
    click_header(page, table, 0, "ascending")  # by name first, so the layers are shuffled
    click_header(page, table, 1, "ascending")
    layers = page.locator(f"{table} tbody tr").evaluate_all("rows => rows.map(r => r.dataset.layer)")
    stack = [*MODEL.layers, "none"]
    positions = [stack.index(layer) for layer in layers]
    assert positions == sorted(positions) and len(set(positions)) == len(stack)
    assert layers[0] == next(iter(MODEL.layers)) and layers[-1] == "none"
    page.close()


def test_headers_that_do_not_sort_are_not_offered_for_sorting(browser, base_url):
    page = open_page(browser, f"{base_url}en/tools/", 1280)
    summary = page.locator("table.gsm-tool-index thead th").nth(3)
    summary.wait_for()
    page.wait_for_function("h => h.getAttribute('role') === 'columnheader'", arg=summary.element_handle())
    assert summary.get_attribute("tabindex") is None
    summary.click()
    assert summary.get_attribute("aria-sort") is None
    page.close()


@pytest.mark.parametrize("lang", ["", "en/"])
def test_on_a_phone_a_wide_table_scrolls_in_its_box_and_keeps_its_first_column(browser, base_url, lang):
    page = open_page(browser, f"{base_url}{lang}compare/", 390)
    wrap = page.locator(COMPARE_WRAP)
    wrap.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not scroll
    sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert sizes[0] > sizes[1] + 100, sizes  # the table is wider than its box: it scrolls there
    first = wrap.locator("tbody tr").first.locator("td").nth(0)
    second = wrap.locator("tbody tr").first.locator("td").nth(1)
    first_before, second_before = first.bounding_box()["x"], second.bounding_box()["x"]
    wrap.evaluate("w => { w.scrollLeft = 200; }")
    page.wait_for_function("w => w.scrollLeft >= 200", arg=wrap.element_handle())
    # The first column stays in view (within the 1 px of the table border it scrolls over).
    assert abs(first.bounding_box()["x"] - first_before) <= 1.5
    assert second.bounding_box()["x"] < second_before - 150  # the rest scrolled under it
    page.close()


@pytest.mark.parametrize("path", ["tools/", "en/tools/", "chains/", "en/layers/kernel-dsl/"])
def test_on_a_phone_the_index_tables_and_their_filters_keep_the_page_from_scrolling_sideways(browser, base_url, path):
    page = open_page(browser, base_url + path, 390)
    page.locator("table[data-sortable]").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


@pytest.mark.parametrize("lang", ["", "en/"], ids=["zh", "en"])
def test_the_compare_pages_table_of_contents_lists_every_table(browser, base_url, lang):
    page = open_page(browser, base_url + lang + "compare/", 1280)
    toc = page.locator("nav.md-nav--secondary").last
    links = toc.locator("a").evaluate_all("links => links.map(a => a.hash)")
    tables = page.locator("article h2[id^='table-']").evaluate_all("hs => hs.map(h => '#' + h.id)")
    # Every table the page's source places (`{{ table_section("id") }}`) has its heading in the contents.
    placed = re.findall(r'table_section\("([\w-]+)"\)', (ROOT / "docs" / "compare.en.md").read_text(encoding="utf-8"))
    assert tables == [f"#table-{table_id}" for table_id in placed] and set(tables) <= set(links), (tables, links)
    page.close()
