"""Where the site compares two tools, as search's comparison index finds it in the data, and
where the page shells show each list: pure functions over the real data (no build)."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from macros.core.data.loading import load
from macros.core.data.markup import plain
from macros.core.data.shell_references import Shells, pages_showing, shell_page
from macros.core.views.name_index import name_index
from macros.core.views.search_pairs import COMPARE_SETTINGS, comparison_index, pair_key
from macros.core.views.search_terms import SEARCH_SETTINGS

MODEL = load(ROOT / "data")
SHELLS = Shells.of(ROOT / "mkdocs.yml")


def index(lang: str, prefix: str = "") -> dict[str, list[dict]]:
    shown = {list_id: pages.get(lang, []) for list_id, pages in pages_showing(SHELLS, "guide_list").items()}
    titles = {f"tools/{tool.id}/": plain(tool.name.get(lang)) for tool in MODEL.tools.values()}
    return comparison_index(MODEL, lang, prefix, shown, titles)


def confused(tool_id: str):
    """A tool's first relation that says readers confuse it with another, with a note."""
    return next(rel for rel in MODEL.tools[tool_id].relations if rel.type == "confused-with" and rel.note)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_relation_that_contrasts_two_tools_is_the_place_that_compares_them(lang):
    relation = confused("sass")
    first = index(lang)[pair_key("sass", relation.tool)][0]
    assert first["path"] == "tools/sass/#relations"
    assert plain(relation.note.get(lang)) in first["excerpt"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_item_of_the_confusable_pairs_about_exactly_two_tools_comes_first(lang):
    item = next(i for i in MODEL.lists["confusable-pairs"].items if set(i.tools) == {"tensorrt", "onnx-runtime"})
    prefix = "en/" if lang == "en" else ""
    first = index(lang, prefix)[pair_key(*item.tools)][0]
    assert first["path"] == f"{prefix}compare/#list-confusable-pairs"
    assert first["excerpt"].startswith(plain(item.text.get(lang)))
    for sub in item.items:
        if set(sub.tools) & set(item.tools):
            assert plain(sub.text.get(lang)) in first["excerpt"]


def test_a_table_with_a_row_about_each_compares_them_side_by_side():
    table = MODEL.tables["dl-frameworks"]
    a, b = (row.tool for row in table.rows[:2])
    places = index("en")[pair_key(a, b)]
    place = next(p for p in places if p["path"] == f"{table.page}#table-{table.id}")
    assert place["title"] == plain(table.title.en)
    assert plain(table.rows[0].cells[0].en) in place["excerpt"] and plain(table.rows[1].cells[0].en) in place["excerpt"]


def test_two_tools_nothing_compares_have_no_place():
    # XLA and Inductor are both graph compilers, but no table, list, relation or entry sets them side by side.
    assert pair_key("xla", "inductor") not in index("en")


def test_places_are_one_per_page_best_first_and_short():
    for lang in ("zh", "en"):
        for pair, places in index(lang).items():
            pages = [place["path"].split("#")[0] for place in places]
            assert len(pages) == len(set(pages)) and 0 < len(places) <= COMPARE_SETTINGS["places"], pair
            assert all(place["title"] and place["excerpt"] for place in places), pair
            assert all(len(place["excerpt"]) <= COMPARE_SETTINGS["excerpt_width"] for place in places), pair


def test_a_numbered_list_of_steps_does_not_count_as_comparing_the_tools_of_one_step():
    # "Read PTX/SASS, check register counts, disassemble cubins" is a step of the learning order.
    paths = [place["path"] for place in index("en")[pair_key("ptx", "sass")]]
    assert not any(path.startswith("learn/") for path in paths), paths


def test_the_index_is_written_with_the_languages_prefix_and_reads_back_as_json():
    text = json.dumps(index("en", "en/"), ensure_ascii=False)
    places = json.loads(text)[pair_key("ptx", "sass")]
    assert places[0]["path"] == "en/tools/sass/#relations"


def test_tools_in_the_name_index_carry_their_id_and_a_starting_point_its_routes_page():
    names = name_index(MODEL, "zh")
    assert names["onnx 模型"][0] == {**names["onnx 模型"][0], "path": "tools/onnx/", "id": "onnx", "kind": "tool"}
    assert names["onnx 模型"][1]["path"] == "paths/onnx/" and names["onnx 模型"][1]["kind"] == "page"


def test_comparative_phrasings_are_settings_the_search_box_reads():
    phrasing = SEARCH_SETTINGS["comparative"]
    assert {"vs", "versus", "or"} <= set(phrasing["joins"]) and {"还是", "对比"} <= set(phrasing["joins"])
    assert "and" in phrasing["ands"] and "和" in phrasing["ands"] and "与" in phrasing["ands"]
    assert "difference between" in phrasing["before"] and "的区别" in phrasing["after"]


@pytest.mark.parametrize(
    "shell, page",
    [
        ("compare.en.md", ("en", "compare/")),
        ("index.zh.md", ("zh", "")),
        ("concepts/index.zh.md", ("zh", "concepts/")),
        ("deep-dives/triton.en.md", ("en", "tools/triton/")),
        ("README.md", None),
    ],
)
def test_a_shell_is_built_into_its_page_in_its_language(shell, page):
    assert shell_page(shell) == page


def test_every_list_a_shell_shows_is_found_on_its_page_in_both_languages():
    shown = pages_showing(SHELLS, "guide_list")
    assert shown["confusable-pairs"] == {"zh": ["compare/"], "en": ["compare/"]}
    assert shown["triton-vs-cuda-cpp"] == {"zh": ["tools/triton/"], "en": ["tools/triton/"]}
    assert set(shown) <= set(MODEL.lists)
