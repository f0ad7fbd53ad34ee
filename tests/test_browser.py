"""The site as a reader uses it, in headless Chromium (Debian's, driven by Playwright).

The built site is served on 127.0.0.1; every request that would leave it is recorded
and refused, so a third-party asset fails the test instead of loading.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from conftest import ROOT
from picks import a_chain_with_a_decision, a_deep_dive_tool, a_tool_in_the_stack, branch_tools

from macros.core.data.loading import load
from macros.core.data.markup import plain

MODEL = load(ROOT / "data")


class Visit:
    """A page plus what went wrong on it: console errors, page errors, off-site requests."""

    def __init__(self, browser, base_url: str):
        self.base = base_url
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.offsite: list[str] = []
        host = urlparse(base_url).netloc
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("response", lambda r: self.errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

        def guard(route):
            if urlparse(route.request.url).netloc not in (host, ""):
                self.offsite.append(route.request.url)
                return route.abort()
            return route.continue_()

        self.context.route("**/*", guard)

    def open(self, path: str):
        self.page.goto(self.base + path, wait_until="load")
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser, base_url):
    session = Visit(browser, base_url)
    yield session
    session.close()


def test_home_shows_the_stack_and_a_click_on_a_tool_opens_its_page(visit):
    page = visit.open("")
    stack = page.locator("figure.gsm-stack .gsm-layout--wide svg")
    assert stack.is_visible()
    box = stack.bounding_box()
    assert box["width"] > 600  # drawn at a readable size, not shrunk to an icon
    tool = a_tool_in_the_stack()
    page.locator(f'figure.gsm-stack a[href="tools/{tool.id}/"]').first.click()
    page.wait_for_url(f"**/tools/{tool.id}/")
    assert page.locator("h1").inner_text().strip().rstrip("¶") == plain(tool.name.zh)
    assert not visit.errors and not visit.offsite


@pytest.mark.parametrize(
    "path", ["tools/ptx/", "layers/hardware/", "chains/jax-jit/", "compare/", "glossary/", "concepts/"]
)
def test_language_switcher_keeps_the_page(visit, path):
    page = visit.open(path)
    page.locator('a[hreflang="en"]').first.dispatch_event("click")
    page.wait_for_url(visit.base + "en/" + path)
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator('a[hreflang="zh"]').first.dispatch_event("click")
    page.wait_for_url(visit.base + path)
    assert page.locator("html").get_attribute("lang") == "zh"


def test_tool_index_filters_by_layer_and_kind(visit):
    page = visit.open("en/tools/")
    rows = page.locator("table.gsm-tool-index tbody tr")
    total = rows.count()
    assert total == len(MODEL.tools)
    page.select_option("#gsm-filter-layer", "hardware")
    visible = page.locator("table.gsm-tool-index tbody tr:visible")
    expected = [t for t in MODEL.tools.values() if t.layer == "hardware"]
    assert visible.count() == len(expected)
    kind = expected[0].kind
    page.select_option("#gsm-filter-kind", kind)
    assert visible.count() == len([t for t in expected if t.kind == kind])
    page.select_option("#gsm-filter-layer", "")
    page.select_option("#gsm-filter-kind", "")
    assert visible.count() == total


def test_chain_page_diagram_is_visible_in_print_and_its_links_navigate(visit, tmp_path):
    chain = a_chain_with_a_decision()
    branch_tool = branch_tools(chain)[0]
    page = visit.open(f"en/chains/{chain.id}/")
    page.emulate_media(media="print")
    svg = page.locator("figure.gsm-chain-diagram .gsm-layout--wide svg")  # print gets the wide layout
    assert svg.is_visible() and svg.bounding_box()["height"] > 200
    assert not page.locator(".md-sidebar--primary").is_visible()
    page.screenshot(path=str(tmp_path / "chain-print.png"), full_page=True)
    page.emulate_media(media="screen")
    link = page.locator(f'figure.gsm-chain-diagram a[href="../../tools/{branch_tool}/"]').first
    link.click()
    page.wait_for_url(f"**/en/tools/{branch_tool}/")
    assert not visit.errors and not visit.offsite


def test_keyboard_reaches_search_and_language_switcher(visit):
    page = visit.open("en/")
    reached = set()
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const e = document.activeElement; return [e.tagName, e.getAttribute('name') || '', e.getAttribute('hreflang') || '', e.className || ''] }"
        )
        if "gsm-search-open" in str(focused[3]):
            reached.add("search")
        if focused[2] or "md-select" in str(focused[3]) or "md-header__button" in str(focused[3]):
            reached.add("switcher" if focused[2] or "md-select" in str(focused[3]) else "header")
    assert {"search", "switcher"} <= reached, reached


def test_every_page_type_loads_without_console_errors_or_offsite_requests(visit):
    for path in [
        "",
        "en/",
        "tools/",
        f"en/tools/{a_deep_dive_tool().id}/",
        "layers/ir/",
        "en/chains/gelu-jax/",
        "en/compare/",
        "references/",
        "en/print/",
    ]:
        visit.open(path)
    assert not visit.errors, visit.errors[:5]
    assert not visit.offsite, visit.offsite[:5]


def test_missing_page_shows_the_404_page_in_each_language(visit):
    page = visit.open("no-such-page/")
    assert page.locator("html").get_attribute("lang") == "zh"
    assert "页面不存在" in page.locator("article").inner_text()
    page = visit.open("en/no-such-page/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Page not found" in page.locator("article").inner_text()
