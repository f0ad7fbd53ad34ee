"""The path finder as a reader uses it: routes that reach machine code (the code generation a
compiler's chains tell, or the prebuilt kernels a library ships), each way down shown once,
each dated update once per page, tool pages that lead to their routes, and a first page grouped
by what a reader's code is written in or calls.

The first tests read the derived routes (fast tier); the rest read the real built site in both
languages. Expected values come from data/, never from the built output.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT, article_text
from page_text import site_pages

from macros.core.data.loading import load
from macros.core.data.markup import plain
from macros.core.data.routes import prebuilt_by, routes_from, starting_points, starts_through
from macros.core.settings.languages import read_languages
from macros.core.settings.ui import ui

MODEL = load(ROOT / "data")
LANGUAGES = read_languages(ROOT / "mkdocs.yml")
MACHINE_CODE = {tool.id for tool in MODEL.tools.values() if tool.machine_code}
PREBUILT = [tool for tool in MODEL.tools.values() if tool.prebuilt_kernels]
TOOL_HREF = re.compile(r"/tools/([a-z0-9-]+)/$")


def step_tools(step) -> list[str]:
    return [*step.tools, *(tool for option in step.options for tool in option.tools)]


# ---------------------------------------------------------------- the derived routes


def test_xla_routes_go_on_through_its_code_generation_down_to_sass():
    for start in ("jax", "tensorflow"):
        through_xla = [route for route in routes_from(MODEL, start) if any(leg.generated_by for leg in route.legs)]
        assert through_xla, f"{start}: no route shows how its compiler generates code"
        for route in through_xla:
            tools = [tool for step in route.steps for tool in step_tools(step)]
            assert {leg.generated_by for leg in route.legs} - {None} == {"xla"}
            assert "llvm-ir" in tools and "ptx" in tools and "sass" in tools
            assert tools.index("llvm-ir") < tools.index("ptx") < tools.index("sass"), route.id
            # …inserted before the driver runs it: the route still ends where it arrives.
            assert MODEL.step_layer(route.steps[-1]) in ("driver-runtime", "hardware"), route.id


def test_a_route_of_library_calls_gets_no_code_generation_and_its_library_says_how_its_kernels_ship():
    library_only = [
        route
        for route in routes_from(MODEL, "jax")
        if not any(leg.generated_by for leg in route.legs)
        and not any(MACHINE_CODE & set(step_tools(step)) for step in route.steps)
    ]
    assert library_only
    for route in library_only:
        named = {tool for step in route.steps for tool in step_tools(step)}
        assert any(prebuilt_by(MODEL, tool) for tool in named), route.id
    assert prebuilt_by(MODEL, "cublaslt") == "cublas"  # a part of a library ships as the library does


def test_no_start_shows_two_near_identical_routes():
    for start in starting_points(MODEL):
        found = routes_from(MODEL, start)
        for one, other in combinations(found, 2):
            mine = {tool for step in one.steps[1:] for tool in step_tools(step)}
            theirs = {tool for step in other.steps[1:] for tool in step_tools(step)}
            assert not (mine <= theirs or theirs <= mine), (start, one.id, other.id)
        # Every route a chain tells is still there, as a route or a retelling of one.
        told = [retelling.route for route in found for retelling in route.retellings]
        assert len({route.id for route in [*found, *told]}) == len(found) + len(told)


# ---------------------------------------------------------------- the built pages


def page_soup(site: Path, lang: str, path: str) -> BeautifulSoup:
    return BeautifulSoup(site_pages(site)[lang][path], "html.parser")


def linked_tools(element, path: str) -> list[str]:
    """The tools an element's links lead to, in order."""
    targets = (urljoin(f"/{path}", a["href"]) for a in element.select("a[href]"))
    return [m.group(1) for target in targets if (m := TOOL_HREF.search(target))]


def collapsed(element) -> str:
    return " ".join(element.get_text(" ").split())


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_jax_routes_show_the_ptx_and_sass_xla_generates_or_the_prebuilt_kernels_a_library_ships(built_site, lang):
    path = "paths/jax/index.html"
    routes = page_soup(built_site, lang, path).select("section.gsm-route")
    assert routes
    generated = 0
    for route in routes:
        steps = route.select_one("ol.gsm-steps")
        tools = linked_tools(steps, path)
        if "ptx" in tools:
            generated += 1
            # In the numbered list a screen reader reads, not only in the diagram: PTX, then SASS,
            # under the words that say whose code generation it is, before the driver runs it.
            assert "sass" in tools and tools.index("ptx") < tools.index("sass") < len(tools) - 1
            lead = ui("finder_generates", lang).format(tool=plain(MODEL.tools["xla"].name.get(lang)))
            assert lead in collapsed(steps)
            assert "PTX" in collapsed(steps) and "SASS" in collapsed(steps)
        else:
            notes = [collapsed(note) for note in steps.select(".gsm-step-machine")]
            said = [
                library.id
                for library in PREBUILT
                for note in notes
                if plain(library.prebuilt_kernels.get(lang))[:40] in note
                and ui("finder_prebuilt", lang).format(tool=plain(library.name.get(lang))) in note
            ]
            assert said, f"a JAX route names no machine code and no library's prebuilt kernels: {tools}"
    assert generated, "no JAX route shows the code XLA generates"


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_no_start_page_shows_two_routes_with_the_same_steps(built_site, lang):
    for start in starting_points(MODEL):
        path = f"paths/{start}/index.html"
        routes = page_soup(built_site, lang, path).select("section.gsm-route")
        sequences = [
            tuple(collapsed(li.select_one(".gsm-step-text")) for li in route.select("ol.gsm-steps > li"))
            for route in routes
        ]
        assert len(set(sequences)) == len(sequences), start
    # torch.compile's worked example (GEMM + bias + GELU) is a note on the one route, with what it adds.
    path = "paths/torch-compile/index.html"
    page = page_soup(built_site, lang, path)
    assert len(page.select("section.gsm-route")) == len(routes_from(MODEL, "torch-compile")) == 1
    retold = page.select_one(".gsm-route-retold")
    assert retold is not None and retold.select_one("a[href$='chains/gelu-torch-compile/']") is not None
    inductor_step = next(s for s in MODEL.chains["gelu-torch-compile"].steps if "inductor" in s.tools)
    assert plain(inductor_step.text.get(lang)) in collapsed(retold)


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_each_dated_update_shows_once_per_route_page_and_later_mentions_lead_there(built_site, lang):
    updates = [node.update for chain in MODEL.chains.values() for s in chain.steps for node in (s, *s.options)]
    updates = [update for update in updates if update]
    for start in starting_points(MODEL):
        path = f"paths/{start}/index.html"
        html = site_pages(built_site)[lang][path]
        text = article_text(html)
        for update in updates:
            assert text.count(plain(update.text.get(lang))[:40]) <= 1, (start, update.text.en[:40])
        page = BeautifulSoup(html, "html.parser")
        for link in page.select(".gsm-step-update a[href^='#update-']"):
            assert page.find(id=link["href"][1:]) is not None, (start, link["href"])
    # ONNX: three of its chains share TensorRT's dated updates; each is shown in full exactly once.
    html = site_pages(built_site)[lang]["paths/onnx/index.html"]
    text = article_text(html)
    shown = {
        node.update.text.en
        for route in routes_from(MODEL, "onnx")
        for step in [*route.steps, *(s for retelling in route.retellings for s in retelling.steps)]
        for node in (step, *step.options)
        if node.update
    }
    assert len(shown) >= 2
    for update in updates:
        if update.text.en in shown:
            assert text.count(plain(update.text.get(lang))[:40]) == 1, update.text.en[:40]
    in_full = BeautifulSoup(html, "html.parser").select(".gsm-step-update > strong")
    assert len(in_full) == len(shown)


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_tool_pages_lead_to_the_routes_through_them(built_site, lang):
    for start in starting_points(MODEL):
        path = f"tools/{start}/index.html"
        article = page_soup(built_site, lang, path).select_one("article")
        links = [a for a in article.select("a[href]") if a.get_text(strip=True) == ui("tool_routes", lang)]
        assert len(links) == 1, start
        assert urljoin(f"/{path}", links[0]["href"]) == f"/paths/{start}/", start
    # A tool on routes that starts none names the starts whose routes pass through it.
    path = "tools/cublas/index.html"
    note = page_soup(built_site, lang, path).select_one(".gsm-tool-routes")
    through = starts_through(MODEL, "cublas")
    assert through and note is not None
    assert ui("finder_through", lang).format(tool="cuBLAS") in collapsed(note)
    assert [urljoin(f"/{path}", a["href"]) for a in note.select("a")] == [f"/paths/{s}/" for s in through]


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_the_first_page_groups_the_starts_by_what_code_is_written_in_or_calls(built_site, lang):
    nav = page_soup(built_site, lang, "paths/index.html").select_one("nav.gsm-finder-starts")
    expected: dict[str, list[str]] = {}
    for start in starting_points(MODEL):
        layer = MODEL.layers.get(MODEL.tools[start].layer or "")
        title = plain((layer.starts or layer.name).get(lang)) if layer else ui("finder_files", lang)
        expected.setdefault(title, []).append(f"/paths/{start}/")
    shown = {
        heading.get_text(strip=True): [
            urljoin("/paths/", a["href"]) for a in heading.find_next_sibling("ul").select("a[href]")
        ]
        for heading in nav.select("h3")
    }
    assert shown == expected
    assert len(shown) >= 4  # frameworks, compilers, kernel languages and libraries, files
