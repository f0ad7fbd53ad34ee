"""Every screen, every reader: phones and tablets, screen readers (axe-core), the path finder.

Runs in headless Chromium over the shared built site. axe-core comes bundled with
axe-playwright-python, so nothing is fetched from a CDN.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from bs4 import BeautifulSoup
from picks import a_deep_dive_tool, a_misspelt_start, a_starting_point, a_tool_routes_pass_through
from test_browser import MODEL

from macros.core.data.markup import plain
from macros.core.data.routes import routes_from, starting_points

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
DESKTOP = {"width": 1280, "height": 900}
LANGUAGES = ("", "en/")
A_TOOL_PAGE = f"tools/{a_deep_dive_tool().id}/"  # with a deep dive: tables and a chain of its own
# One page of each type the site has.
PAGE_TYPES = [
    "",
    "layers/kernel-dsl/",
    "tools/",
    A_TOOL_PAGE,
    "chains/",
    "chains/onnx-runtime-ep/",
    "compare/",
    "glossary/",
    "measured/",
    "paths/",
    f"paths/{a_starting_point()}/",
    "references/",
    "choose/",
    "contribute/",
]
# Violations that come from Material for MkDocs itself, by rule and element, with the reason.
# Anything else serious or critical fails the test.
MATERIAL_CAUSED: set[tuple[str, str]] = set()  # none today (Material's search overlay, once one, is gone)

# Text rectangles and link boxes of the diagram the reader sees (the other layout is display:none).
DIAGRAM_SIZES = """(selector) => {
  const svgs = [...document.querySelectorAll(selector)].filter(s => s.getBoundingClientRect().width > 0);
  return svgs.map(svg => ({
    text: Math.min(...[...svg.querySelectorAll("text")].map(t => t.getBoundingClientRect().height)),
    link: Math.min(...[...svg.querySelectorAll("a")].map(a => a.getBoundingClientRect().height)),
    links: svg.querySelectorAll("a").length,
  }));
}"""
SCROLLS_SIDEWAYS = "document.scrollingElement.scrollWidth > window.innerWidth"
# Text nodes with Chinese characters whose nearest `lang` is not Chinese (code samples excepted:
# they are source text, neither language).
UNMARKED_CHINESE = r"""() => {
  const han = /[\u3400-\u9fff\uf900-\ufaff]/, found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    const element = node.parentElement;
    if (!han.test(node.data) || element.closest("script, style, pre, code")) continue;
    const lang = (element.closest("[lang]") || {}).lang || "";
    if (!lang.startsWith("zh")) found.push(element.tagName + ": " + node.data.trim().slice(0, 30));
  }
  return found;
}"""


@pytest.fixture
def open_page(browser, base_url):
    """Open a site path in a fresh context of the given viewport (and options); closed afterwards."""
    contexts = []

    def open_(path: str, viewport: dict = DESKTOP, **options):
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        page = context.new_page()
        response = page.goto(base_url + path, wait_until="load")
        assert response.status == 200, path
        return page

    yield open_
    for context in contexts:
        context.close()


# ---------------------------------------------------------------- phones and tablets


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_home_stack_is_readable_and_tappable_on_phones_and_tablets(open_page, viewport, lang):
    page = open_page(lang, viewport)
    [stack] = page.evaluate(DIAGRAM_SIZES, "figure.gsm-stack svg")
    assert stack["links"] == sum(len(layer.diagram) + 1 for layer in MODEL.layers.values())
    assert stack["text"] >= 11, f"stack labels render {stack['text']:.1f} px high"
    assert stack["link"] >= 24, f"the smallest box is {stack['link']:.1f} px high"
    assert not page.evaluate(SCROLLS_SIDEWAYS)


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_chain_diagrams_stay_readable_on_a_phone(open_page, lang):
    page = open_page(lang, PHONE)
    base = page.url
    small = []
    for path in [f"chains/{chain_id}/" for chain_id in MODEL.chains] + ["compare/", f"paths/{a_starting_point()}/"]:
        page.goto(base + path, wait_until="load")
        selector = ".gsm-chain-diagram svg, .gsm-group-diagram svg, .gsm-route-diagram svg"
        figures = page.evaluate(DIAGRAM_SIZES, selector)  # the diagrams on screen (one layout each)
        assert figures, path
        small += [(path, figure) for figure in figures if figure["text"] < 11 or figure["link"] < 24]
    assert not small, f"diagrams too small to read or tap on a 390-px phone: {small}"


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_no_page_scrolls_sideways_on_a_phone(open_page, lang):
    page = open_page(lang, PHONE)
    wide = []
    for path in PAGE_TYPES + ["toolkits/", "method/", "print/", "learn/", "chains/basic-path/"]:
        page.goto(page.url.split("/gpu-stack-map/")[0] + "/gpu-stack-map/" + lang + path, wait_until="load")
        if page.evaluate(SCROLLS_SIDEWAYS):
            wide.append((path, page.evaluate("document.scrollingElement.scrollWidth")))
    assert not wide, f"pages wider than a 390-px phone: {wide}"


# ---------------------------------------------------------------- accessibility


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page, less those Material causes."""
    results = Axe().run(page).response
    found = []
    for violation in results["violations"]:
        if violation["impact"] not in ("serious", "critical"):
            continue
        for node in violation["nodes"]:
            target = " ".join(map(str, node["target"]))
            if (violation["id"], target) not in MATERIAL_CAUSED:
                found.append(f"{violation['id']}: {target}: {node['failureSummary'][:160]}")
    return found


@pytest.mark.longest
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_axe_finds_no_serious_violations_on_any_page_type(open_page, lang, viewport):
    page = open_page(lang, viewport)
    base = page.url
    problems = {}
    for path in PAGE_TYPES:
        page.goto(base + path, wait_until="load")
        found = serious_violations(page)
        if found:
            problems[path] = found[:5]
    assert not problems, problems


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_axe_finds_no_serious_violations_in_the_open_search_box(open_page, lang, viewport):
    from scripts.search_eval import SearchBox

    page = open_page(lang, viewport)
    page.keyboard.press("/")
    box = SearchBox(page, page.url.removesuffix(lang), lang)
    for query in (a_deep_dive_tool().name.en, "qqxyzzy"):  # results, then the "nothing found" message
        box.wait_for_results(query, typed=True)
        assert not serious_violations(page), (query, serious_violations(page))


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_axe_finds_no_contrast_problems_in_the_dark_scheme(open_page, lang):
    page = open_page(lang, DESKTOP, color_scheme="dark")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    base = page.url
    problems = {}
    for path in ("", "tools/", A_TOOL_PAGE, "glossary/", "paths/"):
        page.goto(base + path, wait_until="load")
        found = serious_violations(page)
        if found:
            problems[path] = found[:5]
    assert not problems, problems


def test_stack_links_are_reachable_by_keyboard_and_named(open_page):
    page = open_page("en/")
    svg = page.locator("figure.gsm-stack .gsm-layout--wide svg")
    assert svg.get_attribute("role") == "group"  # not an image that hides its links
    label = page.evaluate(
        "s => s.getAttribute('aria-labelledby').split(' ').map(id => document.getElementById(id).textContent)",
        svg.element_handle(),
    )
    assert label[0] == "The CUDA/GPU programming stack" and "text version" in label[1]
    first = page.locator("figure.gsm-stack .gsm-layout--wide svg a").first
    first.focus()
    assert page.evaluate("document.activeElement.closest('svg') !== null")
    page.keyboard.press("Tab")
    focused = page.evaluate("[document.activeElement.getAttribute('href'), document.activeElement.textContent]")
    assert focused[0].startswith(("tools/", "layers/")) and focused[1].strip()


@pytest.mark.parametrize("path", ["glossary/", "contribute/", "tools/", ""])
def test_chinese_text_on_english_pages_is_marked_as_chinese(open_page, path):
    page = open_page("en/" + path)
    assert page.evaluate(UNMARKED_CHINESE) == []
    if path == "glossary/":  # the translation term list: 算子 in a cell marked lang="zh"
        assert page.locator('td[lang="zh"]').count() == len(MODEL.terms)


def test_english_text_on_chinese_pages_is_marked_as_english(open_page):
    page = open_page("glossary/")
    assert page.locator('td[lang="en"]').count() >= len(MODEL.terms)
    assert page.locator('a.md-select__link[lang="en"]').count() == 1


def test_tool_pages_have_no_empty_table_headers(open_page):
    page = open_page("en/" + A_TOOL_PAGE)
    headers = page.eval_on_selector_all("main th", "ths => ths.map(th => th.textContent.trim())")
    assert headers and all(headers)


# ---------------------------------------------------------------- the path finder


def told_by(route):
    """A route and the near-identical routes it is shown for (its retellings)."""
    return [route, *(retelling.route for retelling in route.retellings)]


def test_routes_are_derived_from_the_chains_and_reach_the_gpu():
    starts = starting_points(MODEL)
    for expected in ("pytorch", "torch-compile", "jax", "triton", "cute-dsl", "cuda-cpp", "onnx", "tensorrt"):
        assert expected in starts
    for start in starts:
        for route in routes_from(MODEL, start):
            last = route.steps[-1]
            assert MODEL.step_layer(last) in ("driver-runtime", "hardware") or {"sass", "cubin"} & set(last.tools)
    jax = {chain for route in routes_from(MODEL, "jax") for told in told_by(route) for chain in told.chain_ids}
    assert {"jax-jit", "xla-pipeline"} <= jax
    # torch.compile's 9.14 path stops at Inductor/Triton; its route goes on along another chain
    # (and retells the route of the chain it joins).
    joined = [told for route in routes_from(MODEL, "torch-compile") for told in told_by(route) if len(told.legs) > 1]
    assert joined and joined[0].legs[0].chain.id == "gelu-torch-compile"
    # ONNX Runtime's 9.14 path ends in a decision between EPs; its TensorRT branch goes on to the GPU.
    (through_ort,) = [r for r in routes_from(MODEL, "onnx") if r.legs[0].chain.id == "gelu-onnx-runtime"]
    assert [leg.chain.id for leg in through_ort.legs] == ["gelu-onnx-runtime", "tensorrt-inference"]
    # …and goes on from the step that names TensorRT's kernels, not straight to "GPU".
    assert "tensorrt" in through_ort.legs[1].steps[0].tools and len(through_ort.legs[1].steps) == 2


def test_every_starting_point_has_a_page_of_its_routes_that_reads_without_javascript(open_page):
    page = open_page("en/paths/", java_script_enabled=False)
    starts = starting_points(MODEL)
    links = page.locator(".gsm-finder-links a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [f"{s}/" for s in starts]
    for start in starts:
        page.goto(page.url.split("/en/paths/")[0] + f"/en/paths/{start}/", wait_until="load")
        routes = page.locator(".gsm-route")
        assert routes.count() == len(routes_from(MODEL, start)), start
        assert page.locator("h1").inner_text().startswith("From ") and routes.first.is_visible()
        assert routes.first.locator(".gsm-route-legs a[href^='../../chains/']").count() >= 1
        # A route's steps link to their pages, from the diagram and from the list.
        assert routes.first.locator("svg a[href^='../../tools/']").count() >= 1
        assert routes.first.locator("ol.gsm-steps a[href^='../../tools/']").count() >= 1
        assert page.locator(".gsm-finder-links a[aria-current=page]").inner_text() == MODEL.tools[start].name.en
        assert not page.evaluate(SCROLLS_SIDEWAYS), start


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_a_from_link_opens_its_starting_point_whatever_its_case(open_page, lang):
    first, second = sorted(starting_points(MODEL))[:2]
    hyphenated = next(s for s in sorted(starting_points(MODEL)) if "-" in s and s not in (first, second))
    for written, start in [(first, first), (second.upper(), second), (hyphenated.title(), hyphenated)]:
        page = open_page(f"{lang}paths/?from={written}")
        page.wait_for_url(f"**/{lang}paths/{start}/")
        assert page.locator(".gsm-route").count() == len(routes_from(MODEL, start))


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_an_unknown_from_says_so_and_offers_the_starts_through_it_or_the_nearest(open_page, lang):
    tool = a_tool_routes_pass_through()
    name = plain(tool.name.get("zh" if lang == "" else "en"))
    says = {
        "": ("没有叫“{name}”的起点", f"经过 {name} 的路线"),
        "en/": ("There is no starting point called “{name}”", f"Routes through {name}"),
    }[lang]
    through = [
        s
        for s in starting_points(MODEL)
        if any(
            tool.id in step.tools for route in routes_from(MODEL, s) for told in told_by(route) for step in told.steps
        )
    ]
    page = open_page(f"{lang}paths/?from={tool.id}")
    notice = page.locator(".gsm-finder-notice")
    notice.wait_for(state="visible")
    assert says[0].format(name=tool.id) in notice.inner_text() and says[1] in notice.inner_text()
    offered = notice.locator("a")
    assert [offered.nth(i).get_attribute("href") for i in range(offered.count())] == [f"{s}/" for s in through]
    assert page.url.endswith(f"paths/?from={tool.id}")  # the address still says what was asked
    typo, start = a_misspelt_start()
    page = open_page(f"{lang}paths/?from={typo}")  # a typo: the nearest spellings
    notice = page.locator(".gsm-finder-notice")
    notice.wait_for(state="visible")
    assert notice.locator("a").first.get_attribute("href") == f"{start}/"


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_the_path_finder_is_light_on_a_phone(built_site, lang):
    # The first page a reader loads holds the starting points only; each start's page its own routes.
    folder = built_site / lang / "paths" if lang else built_site / "paths"
    for html in [folder / "index.html", *sorted(folder.glob("*/index.html"))]:
        text = html.read_text(encoding="utf-8")
        elements = len(BeautifulSoup(text, "html.parser").find_all(True))
        assert len(text.encode()) <= 250_000 and elements <= 1_500, (html, len(text.encode()), elements)


# The rendered font size (CSS px) of the smallest text of every diagram on screen: its font size
# in the drawing's units times the drawing's scale.
SMALLEST_FONT = """() => [...document.querySelectorAll('svg')]
  .filter(svg => svg.getBoundingClientRect().width > 0 && svg.querySelector('text'))
  .map(svg => Math.min(...[...svg.querySelectorAll('text')]
    .filter(t => t.textContent.trim() && t.getBoundingClientRect().height > 0)
    .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)))"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_no_diagram_text_is_under_11_px_on_any_page_type(open_page, viewport, lang):
    page = open_page(lang, viewport)
    root = page.url
    small = []
    for path in PAGE_TYPES + ["tools/sm/", "learn/", "toolkits/", "chains/basic-path/", "misconceptions/"]:
        page.goto(root + path, wait_until="load")
        small += [(path, round(size, 1)) for size in page.evaluate(SMALLEST_FONT) if size < 11]
    assert not small, f"diagram text under 11 px at {viewport['width']} px: {small}"


# ---------------------------------------------------------------- text on a phone

ALL_PAGE_TYPES = PAGE_TYPES + ["tools/sm/", "tools/l2-cache/", "tools/hbm/", "learn/", "misconceptions/"]
# Every text of the page's main part (diagrams aside: their own test) set under 11 CSS px.
SMALL_TEXT = """() => {
  const found = [], walker = document.createTreeWalker(document.querySelector(".md-main"), NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    const element = node.parentElement;
    if (!node.data.trim() || element.closest("svg") || !element.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < 11) found.push(`${element.tagName} ${size.toFixed(2)} px: ${node.data.trim().slice(0, 30)}`);
  }
  return found;
}"""
# Latin words the browser split over two lines (hyphenated or broken mid-word); code aside.
SPLIT_WORDS = r"""() => {
  const found = [], walker = document.createTreeWalker(document.querySelector("article"), NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    if (node.parentElement.closest("svg, code, pre, .gsm-provenance") || !node.parentElement.checkVisibility()) continue;
    for (const match of node.data.matchAll(/[A-Za-z]{3,}/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) found.push(match[0]);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_no_text_is_under_11_px_and_no_word_breaks_mid_word_on_a_phone(open_page, lang):
    page = open_page(lang, PHONE)
    root = page.url
    small, split = [], []
    for path in ALL_PAGE_TYPES:
        page.goto(root + path, wait_until="load")
        small += [(path, text) for text in page.evaluate(SMALL_TEXT)]
        split += [(path, word) for word in page.evaluate(SPLIT_WORDS)]
    assert not small, f"text under 11 px at 390 px: {small[:20]}"
    assert not split, f"words broken over two lines at 390 px: {split[:20]}"


def test_no_page_repeats_its_title_as_a_heading(built_site):
    repeated = []
    for html in sorted(built_site.rglob("index.html")):
        text = html.read_text(encoding="utf-8")
        title = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S)
        if not title:
            continue
        plain_title = re.sub(r"<[^>]+>|\s|¶", "", title.group(1)).casefold()
        for heading in re.findall(r"<h[2-6][^>]*>(.*?)</h[2-6]>", text, re.S):
            words = re.sub(r"<[^>]+>|\s|¶", "", heading).casefold()
            # The same words, or the title with a word or two more (怎么选 / 怎么选择).
            if words == plain_title or (words.startswith(plain_title) and len(words) <= len(plain_title) * 1.4):
                repeated.append(f"{html.relative_to(built_site)}: {heading.strip()[:60]}")
    assert not repeated, repeated


@pytest.mark.parametrize("lang", LANGUAGES, ids=["zh", "en"])
def test_the_back_to_top_button_never_covers_text_on_a_phone(open_page, lang):
    page = open_page(lang + "choose/", PHONE)
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -400)  # scrolling up is when Material shows the button
    page.wait_for_timeout(600)
    button = page.locator(".md-top")
    assert button.count() == 0 or not button.is_visible()
