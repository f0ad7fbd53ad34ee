"""Search as readers use it: the labelled queries, the result rows, misses, keyboard, language.

Runs the site's real search box (Pagefind's index, the name index) in headless Chromium on
the shared built site; every wait is on the box's own state (`data-state="done"` for the
query typed), never on a fixed delay.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT
from test_browser import MODEL, Visit

from macros.core.data.markup import plain
from macros.core.settings.ui import ui
from scripts.search_eval import TARGETS, SearchBox, evaluate, load_queries

MATERIAL_HEADER = Path(__import__("material").__file__).parent / "templates" / "partials" / "header.html"


@pytest.fixture
def visit(browser, base_url):
    session = Visit(browser, base_url)
    yield session
    session.close()


def box(visit, prefix: str) -> SearchBox:
    search = SearchBox(visit.page, visit.base, prefix)
    visit.open(prefix)
    visit.page.keyboard.press("/")
    return search


def rows(visit) -> list[dict]:
    """What each result row shows: title, kind line, link, section sub-line."""
    return visit.page.eval_on_selector_all(
        ".gsm-result",
        """items => items.map(li => ({
            title: li.querySelector('.gsm-result__title').textContent,
            kind: li.querySelector('.gsm-result__kind').textContent,
            href: li.querySelector('.gsm-result__link').getAttribute('href'),
            section: (li.querySelector('.gsm-result__section') || {}).textContent || ''}))""",
    )


@pytest.mark.longest
def test_labelled_queries_meet_the_targets_in_both_languages(browser, base_url):
    queries = load_queries()
    assert all(len(entries) >= 50 for entries in queries.values()), {k: len(v) for k, v in queries.items()}
    reports = evaluate(browser, base_url, queries, {"zh": "", "en": "en/"})
    for report in reports:
        print(report.format())
    for report in reports:
        assert report.top1 >= TARGETS["top1"] and report.top3 >= TARGETS["top3"], report.format()
        assert len(report.comparative) >= 20, report.format()
        assert report.compare_top3 >= TARGETS["compare_top3"], report.format()
        assert len(report.questions) >= 40, report.format()
        assert report.share(3, report.questions) >= TARGETS["question_top3"], report.format()
        assert len(report.empty) <= TARGETS["empty"], report.format()


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_names_in_either_language_find_the_page_on_both_sites(visit, prefix):
    search = box(visit, prefix)
    for query in ["张量核心", "Tensor Core", "tensor core"]:
        assert search.search(query)[0] == "tools/tensor-core/", query


def test_each_language_searches_only_its_own_pages(visit):
    search = box(visit, "en/")
    hrefs = search.wait_for_results("cuda", typed=True)
    assert hrefs and all("/gpu-stack-map/en/" in href for href in hrefs), hrefs
    search = box(visit, "")
    hrefs = search.wait_for_results("cuda", typed=True)
    assert hrefs and not any("/gpu-stack-map/en/" in href for href in hrefs), hrefs


def test_results_are_one_row_per_page_with_kind_layer_and_best_section(visit):
    search = box(visit, "en/")
    search.wait_for_results("Triton", typed=True)
    shown = rows(visit)
    pages = [row["href"].split("?")[0].split("#")[0] for row in shown]
    assert len(pages) == len(set(pages)), pages  # sections are sub-lines, not rows of their own
    layer = MODEL.layers[MODEL.tools["triton"].layer].name.en
    assert shown[0]["title"] == "Triton" and shown[0]["kind"] == f"Tool · {layer}", shown[0]
    assert {row["kind"].split(" · ")[0] for row in shown} >= {"Tool", "Chain"}, shown
    assert any(row["section"].startswith("§ ") for row in shown), shown
    search = box(visit, "")
    search.wait_for_results("术语", typed=True)
    assert any(row["kind"] in ("术语", "页面") for row in rows(visit))


@pytest.mark.parametrize(
    "prefix, says, glossary",
    [("", "没有找到", "术语表"), ("en/", "Nothing on this site matches", "glossary")],
)
def test_a_query_with_no_results_says_so_and_offers_the_glossary_and_tool_index(visit, prefix, says, glossary):
    search = box(visit, prefix)
    assert search.wait_for_results("qqxyzzy", typed=True) == []
    message = visit.page.locator("[data-gsm-search-none]")
    assert message.is_visible() and says in message.inner_text() and "qqxyzzy" in message.inner_text()
    links = message.locator("a")
    assert links.nth(0).inner_text() == glossary
    links.nth(0).click()
    visit.page.wait_for_url(f"**/{prefix}glossary/")
    visit.open(prefix)
    visit.page.keyboard.press("s")
    search.wait_for_results("qqxyzzy", typed=True)
    visit.page.locator("[data-gsm-search-none] a").nth(1).click()
    visit.page.wait_for_url(f"**/{prefix}tools/")
    assert not visit.errors and not visit.offsite, (visit.errors, visit.offsite)


def test_keyboard_opens_search_moves_through_results_and_highlights_the_words_on_arrival(visit):
    page = visit.open("en/")
    assert not page.locator("[data-gsm-search]").is_visible()
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.name") == "q"
    SearchBox(page, visit.base, "en/").wait_for_results("shared memory", typed=True)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.classList.contains('gsm-result__link')")
    page.keyboard.press("Enter")
    page.wait_for_url("**/en/tools/shared-memory/?highlight=*")
    page.wait_for_selector("mark.gsm-highlight")
    assert page.locator("mark.gsm-highlight").first.inner_text().lower() in ("shared memory", "shared", "memory")
    page.keyboard.press("s")
    assert page.locator("[data-gsm-search]").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("[data-gsm-search]").is_visible()
    assert not visit.errors and not visit.offsite, (visit.errors, visit.offsite)


def test_header_override_is_materials_header_with_only_the_search_box_swapped():
    # The override copies Material's header (the documented way to replace a partial): when a
    # Material upgrade changes its header, this fails and says to copy it again.
    theirs = MATERIAL_HEADER.read_text(encoding="utf-8")
    start = theirs.index('    {% if "material/search" in config.plugins %}')
    end = theirs.index("    {% if config.repo_url %}")
    expected = theirs[:start] + '    {% include "partials/gsm-search.html" %}\n' + theirs[end:]
    ours = (ROOT / "macros" / "adapter" / "overrides" / "partials" / "header.html").read_text(encoding="utf-8")

    def without_opening_comment(text: str) -> str:
        return text.split("-#}\n", 1)[1]

    assert without_opening_comment(ours) == without_opening_comment(expected), (
        "Material's partials/header.html changed: copy it again into overrides/partials/header.html "
        "and swap its search block for the gsm-search include"
    )


# ---------------------------------------------------------------- what a reader can type, what a network can do


def test_titles_show_their_characters_once_and_no_section_line_repeats_them(visit):
    search = box(visit, "en/")
    for query in ["GEMM + bias + GELU", "CUDA C++"]:
        search.wait_for_results(query, typed=True)
        shown = rows(visit)
        assert shown, query
        for row in shown:
            assert not any(entity in row["title"] for entity in ("&#", "&lt;", "&gt;", "&amp;")), row
            assert row["section"] != f"§ {row['title']}", row
        assert any("+" in row["title"] for row in shown), shown


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_enter_searches_at_once_and_keeps_the_results_open(visit, prefix):
    search = box(visit, prefix)
    visit.page.keyboard.type("triton")
    visit.page.keyboard.press("Enter")
    hrefs = search.wait_for_results("triton")
    assert visit.page.locator("[data-gsm-search]").is_visible()
    assert search._pages(hrefs)[0] == "tools/triton/"


def test_words_that_name_javascript_internals_are_searched_like_any_word(visit):
    search = box(visit, "en/")
    search.wait_for_results("triton", typed=True)
    for query in ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]:
        hrefs = search.wait_for_results(query, typed=True)  # waits for the box to finish this query
        assert "/tools/triton/" not in " ".join(hrefs[:1]), (query, hrefs)  # not the previous query's rows
        assert visit.page.locator("[data-gsm-search-results]").get_attribute("data-state") == "done", query
    assert not visit.errors, visit.errors


@pytest.mark.parametrize("prefix, says", [("", "搜索没能加载"), ("en/", "Search could not be loaded")])
def test_search_that_cannot_load_says_so_and_loads_again_on_the_next_query(visit, prefix, says):
    page = visit.page
    page.route("**/pagefind/**", lambda route: route.abort("internetdisconnected"))
    search = box(visit, prefix)
    page.fill("[data-gsm-search] input[name=q]", "triton")
    page.wait_for_function("() => document.querySelector('[data-gsm-search-results]').dataset.state === 'error'")
    status = page.locator("[data-gsm-search-status]")
    assert status.is_visible() and says in status.inner_text()
    assert page.locator(".gsm-result").count() == 0
    page.unroute("**/pagefind/**")  # the network is back
    hrefs = search.wait_for_results("cuda", typed=True)
    assert hrefs and not status.inner_text().startswith(says)


EXCERPTS = """rows => rows.map(li => [li.querySelector('.gsm-result__link').getAttribute('href'),
    (li.querySelector('.gsm-result__excerpt') || {}).textContent || ''])"""


def test_excerpts_show_the_article_only(visit):
    search = box(visit, "en/")
    for query in ["triton", "tensor core", "ptx", "张量核心"]:
        search.wait_for_results(query, typed=True)
        shown = visit.page.eval_on_selector_all(".gsm-result", EXCERPTS)
        assert any(text for _, text in shown), query
        for href, text in shown:
            assert "Edit this record" not in text and "@triton.jit · " not in text, (query, text)
            if "/tools/" in href:  # a tool page's article is English; its Chinese names stay hidden metadata
                assert not re.search(r"[\u4e00-\u9fff]", text), (query, href, text)


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_a_link_with_q_opens_search_with_that_query_and_typing_keeps_the_address_current(visit, prefix):
    page = visit.open(prefix + "glossary/?q=shared%20memory")
    search = SearchBox(page, visit.base, prefix)
    assert search._pages(search.wait_for_results("shared memory"))[0] == "tools/shared-memory/"
    assert page.locator("[data-gsm-search]").is_visible()
    assert page.locator("[data-gsm-search] input[name=q]").input_value() == "shared memory"
    search.wait_for_results("warp", typed=True)
    page.wait_for_function("() => new URLSearchParams(location.search).get('q') === 'warp'")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !new URLSearchParams(location.search).has('q')")
    assert not visit.errors, visit.errors


def test_without_javascript_no_search_button_is_offered(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "en/", wait_until="load")
        assert page.locator("[data-gsm-search-open]").count() == 1
        assert not page.locator("[data-gsm-search-open]").is_visible()
    finally:
        context.close()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "en/", wait_until="load")
        page.wait_for_selector("[data-gsm-search-open]", state="visible")  # search.js offers it
    finally:
        context.close()


# ---------------------------------------------------------------- comparative queries, what snippets show, counts

SHOWN = """items => items.map(li => ({
    kind: li.querySelector('.gsm-result__kind').textContent,
    href: li.querySelector('.gsm-result__link').getAttribute('href'),
    excerpt: (li.querySelector('.gsm-result__excerpt') || {}).textContent || '',
    marks: Array.from(li.querySelectorAll('.gsm-result__excerpt mark')).map(m => m.textContent)}))"""


def noted_relation(tool_id: str, kind: str):
    return next(rel for rel in MODEL.tools[tool_id].relations if rel.type == kind and rel.note)


@pytest.mark.parametrize(
    "prefix, lang, query",
    [("", "zh", "PTX 和 SASS 的区别"), ("", "zh", "PTX vs SASS"), ("en/", "en", "difference between PTX and SASS")],
)
def test_a_comparative_query_shows_the_place_that_compares_them_first_then_both_tools(visit, prefix, lang, query):
    search = box(visit, prefix)
    pages = search.search(query)
    shown = visit.page.eval_on_selector_all(".gsm-result", SHOWN)
    note = noted_relation("sass", "confused-with")  # "PTX is a virtual ISA; SASS is the machine code that finally runs"
    label = ui("kind_compare", lang).format(a="PTX", b="SASS")
    assert shown[0]["kind"] == f"{label} · SASS", shown[0]
    assert plain(note.note.get(lang)) in shown[0]["excerpt"], shown[0]
    assert {"PTX", "SASS"} <= set(shown[0]["marks"]), shown[0]
    assert pages[0] == "tools/sass/" and "tools/ptx/" in pages[1:3], pages
    visit.page.locator(".gsm-result__link").first.click()
    visit.page.wait_for_url("**/tools/sass/?highlight=*#relations")
    assert plain(note.note.get(lang)) in visit.page.locator("#relations ~ table").first.inner_text()
    assert not visit.errors and not visit.offsite, (visit.errors, visit.offsite)


@pytest.mark.parametrize(
    "prefix, lang, query", [("", "zh", "TensorRT 与 ONNX Runtime 对比"), ("en/", "en", "TensorRT vs ONNX Runtime")]
)
def test_a_pair_the_compare_page_sets_side_by_side_leads_to_its_list_there(visit, prefix, lang, query):
    item = next(i for i in MODEL.lists["confusable-pairs"].items if set(i.tools) == {"tensorrt", "onnx-runtime"})
    search = box(visit, prefix)
    pages = search.search(query)
    shown = visit.page.eval_on_selector_all(".gsm-result", SHOWN)
    assert pages[0] == "compare/" and shown[0]["href"].endswith("#list-confusable-pairs"), shown[0]
    assert shown[0]["excerpt"].startswith(plain(item.text.get(lang))), shown[0]
    assert {"tools/tensorrt/", "tools/onnx-runtime/"} <= set(pages[1:3]), pages
    visit.page.locator(".gsm-result__link").first.click()
    visit.page.wait_for_url("**/compare/?highlight=*#list-confusable-pairs")
    assert plain(item.text.get(lang)) in visit.page.locator("#list-confusable-pairs").inner_text()
    visit.page.wait_for_selector("#list-confusable-pairs mark.gsm-highlight")  # the two names, marked on arrival
    heading_top = visit.page.locator("#confusable-pairs").evaluate("h => h.getBoundingClientRect().top")
    header_bottom = visit.page.locator(".md-header").evaluate("h => h.getBoundingClientRect().bottom")
    assert heading_top >= header_bottom  # the list's heading stays in view above it


def test_two_tools_nothing_compares_lead_to_their_own_pages(visit):
    search = box(visit, "en/")
    pages = search.search("XLA vs TorchInductor")
    assert pages[:2] == ["tools/xla/", "tools/inductor/"], pages
    assert visit.page.locator(".gsm-result--compare").count() == 0


@pytest.mark.parametrize("prefix, query", [("", "ONNX 模型"), ("en/", "ONNX model")])
def test_a_starting_points_name_offers_its_routes_to_the_gpu(visit, prefix, query):
    search = box(visit, prefix)
    assert search.search(query)[:2] == ["tools/onnx/", "paths/onnx/"]


def capture_metadata() -> list[str]:
    """What the capture recorded about itself and the figures of its tables, which no snippet shows."""
    evidence = MODEL.evidence
    found = [evidence.artifacts_run.driver, evidence.gelu.run.driver, "sha256", "triton-cache/"]
    found += [artifact.excerpt_file_sha256[:16] for artifact in evidence.artifacts]
    found += [artifact.command for artifact in evidence.artifacts]
    found += [k.name for path in evidence.gelu.paths for size in path.sizes for k in size.kernels if len(k.name) > 24]
    return found


@pytest.mark.parametrize("prefix, lang", [("", "zh"), ("en/", "en")])
def test_result_snippets_never_show_capture_metadata_or_raw_table_figures(visit, prefix, lang):
    measured_chain = MODEL.chains[next(iter(MODEL.evidence.paths_by_chain))]
    forbidden = capture_metadata()
    search = box(visit, prefix)
    queries = ["driver", "sha256", "triton cache", "H200", "cuobjdump", "nvjet", plain(measured_chain.title.get(lang))]
    for query in queries:
        search.wait_for_results(query, typed=True)  # "sha256" is found nowhere: it is only metadata
        shown = visit.page.eval_on_selector_all(".gsm-result", EXCERPTS)
        for href, text in shown:
            assert not [secret for secret in forbidden if secret in text], (query, href, text)


@pytest.mark.parametrize("prefix, lang, one", [("", "zh", "1 个页面"), ("en/", "en", "1 page")])
def test_the_result_count_says_one_page_in_the_singular(visit, prefix, lang, one):
    search = box(visit, prefix)
    status = visit.page.locator("[data-gsm-search-status]")
    # Only the TMA page names the mbarrier it waits on.
    assert len(search.wait_for_results("mbarrier", typed=True)) == 1
    assert status.inner_text() == one
    hrefs = search.wait_for_results("triton", typed=True)
    assert len(hrefs) > 1 and status.inner_text() == ui("search_count_other", lang).format(n=len(hrefs))


@pytest.mark.parametrize(
    "prefix, query, answers",
    [
        ("en/", "how big is the L2 cache", {"tools/l2-cache/"}),
        ("en/", "cuBLAS CUTLASS difference", {"compare/", "tools/cublas/", "tools/cutlass/"}),
        ("", "JAX 代码怎么变成 GPU 机器码", {"paths/jax/"}),
        ("", "ONNX 模型可以有哪些路径跑到 GPU 上", {"paths/onnx/"}),
        ("en/", "Triton CUDA C++", {"tools/triton/"}),
    ],
)
def test_a_question_is_read_for_its_names_and_telling_words(visit, prefix, query, answers):
    search = box(visit, prefix)
    found = search.search(query)
    assert found and found[0] in answers, found
    if "C++" in query:  # C++ is kept whole, as part of the name CUDA C++
        assert "tools/cuda-cpp/" in found[:3], found


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_a_search_that_finds_nothing_suggests_the_nearest_names_and_the_guides(visit, prefix):
    search = box(visit, prefix)
    assert search.wait_for_results("qcutlass", typed=True) == []
    none = visit.page.locator("[data-gsm-search-none]")
    hrefs = none.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any(h.endswith(f"/{prefix}paths/") for h in hrefs) and any(h.endswith(f"/{prefix}compare/") for h in hrefs)
    suggestions = visit.page.locator("[data-gsm-search-suggest] a")
    assert "CUTLASS" in suggestions.all_inner_texts(), suggestions.all_inner_texts()
    suggestions.filter(has_text="CUTLASS").first.click()
    visit.page.wait_for_url(f"**/{prefix}tools/cutlass/")
