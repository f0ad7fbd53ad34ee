"""Diagrams other sites embed: every /embed/ page in an iframe of a page on another origin, in
headless Chromium, and the "Embed" control that gives the code to copy."""

from __future__ import annotations

import pytest
from picks import a_chain, a_deep_dive_tool, a_measured_chain_with_a_stack_tool
from test_browser import MODEL

from macros.core.data.markup import plain
from macros.core.data.model import chain_tool_ids
from scripts.static_server import serve

LANGUAGES = {"": "zh", "en/": "en"}
EMBEDS = ["stack/", *[f"chains/{chain_id}/" for chain_id in MODEL.chains], "measured/4096/", "measured/256/"]


@pytest.fixture
def other_origin(tmp_path):
    """A page on another origin (another port of 127.0.0.1) that embeds what it is given."""

    def host(src: str, width: int = 720, height: int = 600) -> str:
        (tmp_path / "index.html").write_text(
            f'<!doctype html><html lang="en"><title>A blog post</title><h1>A blog post</h1>'
            f'<iframe src="{src}" title="embedded diagram" width="{width}" height="{height}"></iframe>',
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
