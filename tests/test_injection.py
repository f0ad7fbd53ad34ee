"""Text in data is data, never code: markup, template syntax and Graphviz syntax stay inert.

A copy of the real data is salted with hostile strings, built with the real pipeline, and
the pages are checked as text and in headless Chromium (no script may run).
"""

from __future__ import annotations

import re
import shutil

import pytest
import yaml
from conftest import build_site
from page_text import heading_of
from picks import a_tool_in_the_stack
from shared_site import built_once
from small_site import small_data, small_model
from written import Written

from macros.core.data.problems import DataError
from scripts.chromium import launch
from scripts.search_eval import SearchBox
from scripts.static_server import serve

SCRIPT = "<script>window.__pwned = 1</script>"
IMAGE = '<img src="x" onerror="window.__pwned = 1">'
JINJA = "{{ 7 * 7 }} {% if true %}evaluated{% endif %}"
DOT = 'a"b<c>{d}\\e ]; evil [label="x'
MARKDOWN = "**not bold** [not a link](https://example.org)"
SALTED = a_tool_in_the_stack(small_model())  # its name, summary and description carry the hostile strings


def salt(data_dir) -> None:
    """Put hostile strings into names, summaries, chain steps, glossary and references."""
    tools_path = data_dir / "tools.yaml"
    tools = yaml.safe_load(tools_path.read_text(encoding="utf-8"))
    for tool in tools["tools"]:
        if tool["id"] == SALTED.id:
            tool["name"] = {"zh": f"{SALTED.name.zh} {DOT}", "en": f"{SALTED.name.en} {DOT}"}
            tool["summary"] = {"zh": f"中文 {SCRIPT} {JINJA}", "en": f"English {SCRIPT} {JINJA} {MARKDOWN}"}
            tool["description"] = {"zh": f"描述 {IMAGE}", "en": f"Description {IMAGE}"}
    tools_path.write_text(
        "# yaml-language-server: $schema=schema/tools.schema.json\n" + yaml.safe_dump(tools, allow_unicode=True),
        encoding="utf-8",
    )
    chains_path = data_dir / "chains.yaml"
    chains = yaml.safe_load(chains_path.read_text(encoding="utf-8"))
    chains["chains"][0]["steps"][0]["text"] = {"zh": f"步骤 {DOT}\nnext line", "en": f"Step {DOT}\nnext line {SCRIPT}"}
    chains["chains"][0]["title"] = {"zh": f"标题 {JINJA}", "en": f"Title {JINJA} {IMAGE}"}
    chains_path.write_text(yaml.safe_dump(chains, allow_unicode=True), encoding="utf-8")
    glossary_path = data_dir / "glossary.yaml"
    glossary = yaml.safe_load(glossary_path.read_text(encoding="utf-8"))
    glossary["glossary"][0]["definition"] = {"zh": f"定义 {IMAGE}", "en": f"Definition {IMAGE} {JINJA}"}
    glossary_path.write_text(yaml.safe_dump(glossary, allow_unicode=True), encoding="utf-8")


def make_hostile_site(work) -> None:
    data = work / "data"
    shutil.copytree(small_data(), data)
    salt(data)
    done = build_site(work / "site", data)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="session")
def hostile_site(run_folder):
    """Built once per test run, whichever worker's test asks first."""
    return built_once(run_folder, "hostile-site", make_hostile_site) / "site"


def test_javascript_urls_are_rejected_by_the_validator(data_copy):
    from macros.core.data.loading import load

    Written(data_copy / "references.yaml").set("references", 0, "url", text="javascript:alert(1)")
    with pytest.raises(DataError, match=r"references\[\d+\]\.url: not an http\(s\) URL"):
        load(data_copy)


@pytest.mark.build
def test_markup_and_template_syntax_are_shown_as_text(hostile_site):
    page = (hostile_site / "en" / "tools" / SALTED.id / "index.html").read_text(encoding="utf-8")
    assert "<script>window.__pwned" not in page and "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert '<img src="x" onerror' not in page and "&lt;img src=" in page
    assert "{{ 7 * 7 }}" in page and "{% if true %}evaluated{% endif %}" in page  # never evaluated
    assert "<strong>not bold</strong>" not in page and "**not bold**" in page
    assert 'href="https://example.org"' not in page
    assert heading_of(page) == f"{SALTED.name.en} {DOT}"  # quotes, brackets and backslash read as written


@pytest.mark.build
def test_graphviz_syntax_in_labels_cannot_change_the_graph(hostile_site):
    chain_id = yaml.safe_load((small_data() / "chains.yaml").read_text(encoding="utf-8"))["chains"][0]["id"]
    page = (hostile_site / "en" / "chains" / chain_id / "index.html").read_text(encoding="utf-8")
    svgs = re.findall(r'<svg role="(?:img|group)".*?</svg>', page, re.S)  # the wide and the narrow layout
    assert len(svgs) == 2
    for svg in svgs:
        assert "<script" not in svg and "<img" not in svg  # present only as escaped text
        assert "evil [label" not in svg.replace("&quot;", '"').split("<text")[0]  # no node named evil
    assert sum(svg.count('class="node"') for svg in svgs) == page.count('class="node"')
    stack = (hostile_site / "en" / "index.html").read_text(encoding="utf-8")
    assert f'href="tools/{SALTED.id}/"' in stack  # the hostile name still renders as one linked box


@pytest.mark.build
def test_no_script_from_data_runs_in_the_browser(hostile_site):
    from playwright.sync_api import sync_playwright

    tool, layer = f"tools/{SALTED.id}/", f"layers/{SALTED.layer}/"
    pages = [f"en/{tool}", tool, "en/glossary/", "en/", f"en/{layer}", "en/tools/"]
    chain_id = yaml.safe_load((small_data() / "chains.yaml").read_text(encoding="utf-8"))["chains"][0]["id"]
    pages += [f"en/chains/{chain_id}/", f"chains/{chain_id}/"]
    with serve(hostile_site) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        for path in pages:
            # networkidle: the broken image has failed (its onerror would have run) by then.
            page.goto(base + path, wait_until="networkidle")
            assert page.evaluate("() => window.__pwned") is None, path
        page.goto(base + f"en/{tool}")
        assert "{{ 7 * 7 }}" in page.locator("article").inner_text()
        # Search results show the hostile texts (names, excerpts) as text too.
        for prefix in ("en/", ""):
            page.goto(base + prefix, wait_until="networkidle")
            page.keyboard.press("/")
            hrefs = SearchBox(page, base, prefix).wait_for_results(f"{SALTED.name.en} onerror", typed=True)
            assert any(tool in href for href in hrefs), hrefs
            page.wait_for_load_state("networkidle")
            assert page.evaluate("() => window.__pwned") is None, prefix
            assert not page.locator(".gsm-search__results img, .gsm-search__results script").count()
        browser.close()
