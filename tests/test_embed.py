"""Diagrams other sites embed: every /embed/ page in an iframe of a page on another origin, in
headless Chromium, and the "Embed" control that gives the code to copy; the embed picks its
layout by the frame's width and the page around it sizes the frame to its content."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from picks import a_chain, a_deep_dive_tool, a_measured_chain_with_a_stack_tool
from test_browser import MODEL

from macros.core.data.markup import plain
from macros.core.data.model import chain_tool_ids
from macros.core.diagrams.readable import (
    SMALLEST_TEXT_PX,
    WIDE_FROM_STEPS,
    readable_width,
    wide_from_step,
    with_min_width,
)
from macros.core.settings.embed_snippet import RESIZE_SNIPPET
from scripts.static_server import serve

LANGUAGES = {"": "zh", "en/": "en"}
EMBEDS = ["stack/", *[f"chains/{chain_id}/" for chain_id in MODEL.chains], "measured/4096/", "measured/256/"]
# A phone, a blog's column, a wide page: the widths of the frames an embed is tested in.
FRAME_WIDTHS = (320, 728, 1000)
BLANK_BAND_PX = 40


@pytest.fixture
def other_origin(tmp_path):
    """A page on another origin (another port of 127.0.0.1) that embeds what it is given: an
    iframe of `src`, or the `code` a reader pasted, in a column `column` px wide."""

    def host(src: str = "", width: int = 720, height: int = 600, code: str = "", column: int = 0) -> str:
        embed = code or f'<iframe src="{src}" title="embedded diagram" width="{width}" height="{height}"></iframe>'
        if column:
            embed = f'<div style="width:{column}px">{embed}</div>'
        (tmp_path / "index.html").write_text(
            f'<!doctype html><html lang="en"><title>A blog post</title><body style="margin:8px">'
            f"<h1>A blog post</h1>{embed}",
            encoding="utf-8",
        )
        return url + "index.html"

    with serve(tmp_path) as url:
        yield host


@pytest.mark.parametrize("prefix", LANGUAGES, ids=LANGUAGES.values())
def test_every_diagram_has_an_embed_page_that_works_in_an_iframe_on_another_site(
    browser, base_url, other_origin, prefix
):
    context = browser.new_context(viewport={"width": 800, "height": 800})
    errors: list[str] = []
    try:
        page = context.new_page()
        # What the embed page loads, all of it from the site (the host page's own favicon is not ours).
        page.on(
            "response",
            lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 and r.url.startswith(base_url) else None,
        )
        page.on("pageerror", lambda e: errors.append(str(e)))
        for embed in EMBEDS:
            page.goto(other_origin(f"{base_url}{prefix}embed/{embed}"), wait_until="load")
            frame = page.frame_locator("iframe")
            figure = frame.locator("figure.gsm-embed-figure")
            assert figure.locator("svg:visible").count() == 1, embed  # one layout of the two
            assert frame.locator("html").get_attribute("lang") == LANGUAGES[prefix], embed
            back = figure.locator("figcaption a")
            full = "measured/" if embed.startswith("measured/") else "" if embed == "stack/" else embed
            assert back.get_attribute("href").endswith(f"/{full}" if full else "../"), (
                embed,
                back.get_attribute("href"),
            )
            # Nothing of the site around it: no header, no navigation, no search.
            assert frame.locator("header, nav, [data-gsm-search]").count() == 0, embed
            assert frame.locator("body").evaluate("b => b.scrollWidth <= b.clientWidth"), embed
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("prefix", LANGUAGES, ids=LANGUAGES.values())
def test_an_embedded_diagram_outlines_the_tool_in_its_address_and_opens_the_full_page_around_it(
    browser, base_url, other_origin, prefix
):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        tool, chain = a_measured_chain_with_a_stack_tool(4096)
        # The address may write the id in any case.
        page.goto(
            other_origin(f"{base_url}{prefix}embed/stack/?tool={tool.id.upper()}", width=1000, height=700),
            wait_until="load",
        )
        frame = page.frame_locator("iframe")
        outlined = frame.locator(".gsm-layout--wide .gsm-here a")
        outlined.wait_for(state="attached")
        assert outlined.count() == 1 and outlined.get_attribute("href").endswith(f"tools/{tool.id}/")
        # The box holds the name, wrapped over lines (one <text> each) where it is long.
        name = plain(tool.name.get(LANGUAGES[prefix]))
        assert "".join(outlined.text_content().split()) == "".join(name.split())
        # A chain: each box that links the tool is outlined; the chart: the rows whose chain names it.
        page.goto(other_origin(f"{base_url}{prefix}embed/chains/{chain.id}/?tool={tool.id}"), wait_until="load")
        page.frame_locator("iframe").locator(".gsm-here").first.wait_for(state="attached")
        page.goto(other_origin(f"{base_url}{prefix}embed/measured/4096/?tool={tool.id}"), wait_until="load")
        rows = page.frame_locator("iframe").locator(".gsm-chart-row.gsm-here")
        rows.first.wait_for(state="attached")
        through_tool = [
            path
            for path in MODEL.evidence.gelu.paths
            if path.status == "measured"
            and path.chain
            and tool.id in chain_tool_ids(MODEL.chains[path.chain])
            and any(size.size == 4096 and size.status == "measured" for size in path.sizes)
        ]
        assert rows.count() == len(through_tool) >= 1
        # The link back opens the full page in the window around the iframe, not inside it.
        page.goto(other_origin(f"{base_url}{prefix}embed/chains/{chain.id}/"), wait_until="load")
        page.frame_locator("iframe").locator("figcaption a").click()
        page.wait_for_url(f"{base_url}{prefix}chains/{chain.id}/")
    finally:
        context.close()


@pytest.mark.parametrize("prefix", LANGUAGES, ids=LANGUAGES.values())
def test_the_embed_control_gives_iframe_code_that_shows_the_same_diagram(browser, base_url, other_origin, prefix):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        tool = a_deep_dive_tool()
        page.goto(f"{base_url}{prefix}tools/{tool.id}/", wait_until="load")
        assert page.locator("details[data-gsm-embed]").count() >= 2  # the stack and the deep dive's chain
        control = page.locator('details[data-gsm-embed][data-src*="embed/stack/"]')
        control.locator("summary").click()
        code = control.locator("textarea").input_value()
        assert code.startswith(f'<iframe src="{base_url}{prefix}embed/stack/?tool={tool.id}"'), code
        assert 'title="' in code and 'loading="lazy"' in code
        src = code.split('src="', 1)[1].split('"', 1)[0]
        page.goto(other_origin(src), wait_until="load")
        page.frame_locator("iframe").locator(".gsm-layout--wide .gsm-here").wait_for(state="attached")
    finally:
        context.close()


def test_without_javascript_no_embed_control_is_offered(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{base_url}en/chains/{a_chain().id}/", wait_until="load")
        assert page.locator("details[data-gsm-embed]").count() == 1
        assert not page.locator("details[data-gsm-embed]").is_visible()
    finally:
        context.close()


# ---------------------------------------------------------------- fitting the frame

SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll("svg text")]
    .filter((text) => text.checkVisibility())
    .map((text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a))"""
CONTENT_HEIGHT = "() => Math.ceil(document.documentElement.getBoundingClientRect().height)"
# Set by the test's page around the iframe (not by the pasted code): each height the embed posted.
RECORD_POSTS = (
    '<script>addEventListener("message",function(e){'
    "(window.posted=window.posted||[]).push(e.data&&e.data.gsmEmbedHeight)})</script>"
)


def copied_code(page, url: str, embed_path: str, width: int | None = None) -> str:
    """The code a reader copies from the Embed control of a diagram on the page at `url` (for a
    frame `width` px wide, typed into the control, when given)."""
    page.goto(url, wait_until="load")
    control = page.locator(f'details[data-gsm-embed][data-src*="{embed_path}"]').first
    control.locator("summary").click()
    if width:
        control.locator("input[data-gsm-embed-width]").fill(str(width))
    return control.locator("textarea").input_value()


@pytest.mark.parametrize("prefix", LANGUAGES, ids=LANGUAGES.values())
def test_an_embed_picks_its_layout_by_the_frame_width_and_the_frame_takes_its_height(
    browser, base_url, other_origin, prefix
):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        chain = a_chain()
        pages = {
            "stack": (f"{base_url}{prefix}tools/{a_deep_dive_tool().id}/", "embed/stack/"),
            chain.id: (f"{base_url}{prefix}chains/{chain.id}/", f"embed/chains/{chain.id}/"),
        }
        for name, (url, embed_path) in pages.items():
            for width in FRAME_WIDTHS:
                code = copied_code(page, url, embed_path, width)
                assert RESIZE_SNIPPET in code, code
                page.goto(other_origin(code=RECORD_POSTS + code, column=width), wait_until="load")
                frame = page.locator("iframe").element_handle().content_frame()
                frame.wait_for_load_state("load")
                # The state: the snippet has given the iframe the height the embed last posted.
                page.wait_for_function(
                    "() => window.posted && document.querySelector('iframe').height == window.posted.at(-1)"
                )
                where = f"{name} in a {width} px frame"
                frame_height = page.locator("iframe").evaluate("f => f.getBoundingClientRect().height")
                content = frame.evaluate(CONTENT_HEIGHT)
                assert 0 <= frame_height - content <= BLANK_BAND_PX, (where, frame_height, content)
                assert frame.evaluate(SMALLEST_TEXT) >= SMALLEST_TEXT_PX - 0.01, where
                assert frame.locator("body").evaluate("b => b.scrollWidth <= b.clientWidth"), where
                wide = frame.locator(".gsm-layout--wide").is_visible()
                assert wide != frame.locator(".gsm-layout--narrow").is_visible(), where  # one layout of the two
                if width == 1000:
                    assert wide, where  # wide enough for the wide layout at 11 px or more
        # The stack's wide layout needs more than a blog's column to keep its text at 11 px.
        code = copied_code(page, pages["stack"][0], "embed/stack/", 728)
        page.goto(other_origin(code=code, column=728), wait_until="load")
        frame = page.frame_locator("iframe")
        frame.locator(".gsm-layout--narrow svg").wait_for(state="visible")
    finally:
        context.close()


# The frame's layout, the state of its last layer band and how far its content reaches.
FRAME_STATE = """() => {
  const layout = [...document.querySelectorAll(".gsm-layout")].find((l) => l.checkVisibility());
  const step = +(layout.className.match(/gsm-wide-from-(\\d+)/) || [0, 0])[1];
  const bands = [...layout.querySelectorAll("svg g[id*='layer-'], svg a[id*='layer-']")];
  const last = bands.length ? bands.at(-1).getBoundingClientRect().bottom : 0;
  return {wide: layout.classList.contains("gsm-layout--wide"), step: step, inner: layout.parentElement.clientWidth,
          lastBand: last, view: innerHeight, content: Math.ceil(document.documentElement.scrollHeight)};
}"""


@pytest.mark.parametrize("prefix", LANGUAGES, ids=LANGUAGES.values())
def test_without_its_script_the_code_shows_the_whole_diagram_at_the_width_it_states(
    browser, base_url, other_origin, prefix
):
    # Many blog platforms strip scripts: the iframe keeps the height the code states, which must
    # hold the layout the embed picks at the code's width, down to the stack's hardware layer.
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        chain = a_chain()
        pages = {
            "stack": (f"{base_url}{prefix}", "embed/stack/"),
            chain.id: (f"{base_url}{prefix}chains/{chain.id}/", f"embed/chains/{chain.id}/"),
        }
        for name, (url, embed_path) in pages.items():
            for width in (320, 600, 728, 1000):
                code = copied_code(page, url, embed_path, width).replace(RESIZE_SNIPPET, "")
                assert f'width="{width}"' in code and "<script" not in code, code
                page.goto(other_origin(code=code, column=width), wait_until="load")
                frame = page.locator("iframe").element_handle().content_frame()
                frame.wait_for_load_state("load")
                state = frame.evaluate(FRAME_STATE)
                where = f"{name} at {width} px: {state}"
                assert 0 <= state["view"] - state["content"] <= BLANK_BAND_PX, where  # nothing cut, no blank band
                if name == "stack":
                    assert 0 < state["lastBand"] <= state["view"], where  # the hardware layer is in the frame
                # The wide layout wherever its text stays at 11 px or more (its step), the narrow one below.
                assert state["wide"] == (state["step"] > 0 and state["inner"] >= state["step"]), where
                assert frame.evaluate(SMALLEST_TEXT) >= SMALLEST_TEXT_PX - 0.01, where
    finally:
        context.close()


def test_a_frame_resized_by_the_page_around_it_follows_the_content(browser, base_url, other_origin):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        code = copied_code(page, f"{base_url}en/chains/{a_chain().id}/", "embed/chains/")
        page.goto(other_origin(code=RECORD_POSTS + code, column=1000), wait_until="load")
        page.wait_for_function("() => window.posted && document.querySelector('iframe').height == window.posted.at(-1)")
        tall = page.locator("iframe").evaluate("f => f.height")
        # The column narrows (a phone turned, a sidebar opened): the embed posts again, the frame follows.
        page.locator("div").evaluate("column => { column.style.width = '320px'; }")
        page.wait_for_function(
            "tall => { const f = document.querySelector('iframe'); return f.height != tall && f.height == window.posted.at(-1); }",
            arg=tall,
        )
        frame = page.locator("iframe").element_handle().content_frame()
        content = frame.evaluate(CONTENT_HEIGHT)
        assert 0 <= page.locator("iframe").evaluate("f => f.getBoundingClientRect().height") - content <= BLANK_BAND_PX
    finally:
        context.close()


def test_the_resize_line_listens_only_to_its_own_iframes_and_only_to_numbers(browser, other_origin):
    context = browser.new_context()
    try:
        page = context.new_page()
        frame_page = "data:text/html,<p>an embed</p>"
        # Every height the iframe is given, in order (MutationObserver: no waiting on time).
        record = (
            "<script>new MutationObserver(function(){(window.heights=window.heights||[])"
            '.push(document.querySelector("iframe").height)})'
            '.observe(document.querySelector("iframe"),{attributes:true})</script>'
        )
        code = f'<iframe src="{frame_page}" height="100"></iframe>{RESIZE_SNIPPET}{record}'
        page.goto(other_origin(code=code), wait_until="load")
        # Posted by the page itself (not an iframe's window), or a height that is no sane number: ignored.
        page.evaluate("() => postMessage({gsmEmbedHeight: 900}, '*')")
        frame = page.locator("iframe").element_handle().content_frame()
        frame.evaluate(
            """() => {
                parent.postMessage({gsmEmbedHeight: "900px"}, "*");
                parent.postMessage({gsmEmbedHeight: 1e9}, "*");
                parent.postMessage("gsmEmbedHeight", "*");
                parent.postMessage({gsmEmbedHeight: 321.2}, "*");
            }"""
        )
        page.wait_for_function("() => window.heights && window.heights.length > 0")
        assert page.evaluate("() => window.heights") == ["322"]
    finally:
        context.close()


# ---------------------------------------------------------------- the pieces, without a browser


def test_readable_width_is_where_the_smallest_text_is_11_px():
    svg = '<svg viewBox="0.00 0.00 130.00 40.00"><text font-size="13.00">a</text><text font-size="26.00">b</text></svg>'
    assert readable_width(svg) == pytest.approx(130 * SMALLEST_TEXT_PX / 13)
    assert readable_width('<svg viewBox="0 0 10 10"><rect/></svg>') is None
    # The wide layout switches on at the first step at least that wide; never past the last step.
    assert wide_from_step(110) == 150 and wide_from_step(150) == 150 and wide_from_step(100.2) == 150
    assert wide_from_step(WIDE_FROM_STEPS[-1] + 1) is None
    assert with_min_width('<svg style="max-width:173px" viewBox="0 0 130 40">', 110.2).startswith(
        '<svg style="max-width:173px;min-width:111px"'
    )
    assert with_min_width('<svg viewBox="0 0 130 40">', 110) == '<svg style="min-width:110px" viewBox="0 0 130 40">'


def test_embed_css_has_a_container_query_for_every_step_the_views_can_pick():
    css = (ROOT / "docs" / "assets" / "embed.css").read_text(encoding="utf-8")
    found = {int(step) for step in re.findall(r"@container \(min-width: (\d+)px\) \{ \.gsm-wide-from-\1 ", css)}
    assert found == set(WIDE_FROM_STEPS)


def test_readme_quotes_the_resize_line_the_embed_control_gives():
    assert RESIZE_SNIPPET in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "\n" not in RESIZE_SNIPPET  # one line
