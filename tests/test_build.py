"""The real site, built once: both languages, generated pages, diagrams, no third-party assets."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, build_site
from markupsafe import escape
from picks import a_tool
from small_site import small_model
from written import Written

from macros.core.data.loading import load

MODEL = load(ROOT / "data")


def read(site, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_chinese_is_default_and_english_under_en(built_site):
    assert '<html lang="zh"' in read(built_site, "index.html")
    assert '<html lang="en"' in read(built_site, "en/index.html")


def test_every_tool_layer_and_chain_has_a_page_in_both_languages(built_site):
    for section, records in (("tools", MODEL.tools), ("layers", MODEL.layers), ("chains", MODEL.chains)):
        for record_id in records:
            assert (built_site / section / record_id / "index.html").exists(), (section, record_id)
            assert (built_site / "en" / section / record_id / "index.html").exists(), (section, record_id)


def test_tool_page_shows_name_summary_and_linked_layer_in_its_language(built_site):
    tool = a_tool()
    layer = MODEL.layers[tool.layer]
    zh = read(built_site, f"tools/{tool.id}/index.html")
    en = read(built_site, f"en/tools/{tool.id}/index.html")
    assert str(escape(tool.summary.zh.split("`")[0][:12])) in zh
    assert str(escape(tool.summary.en.split("`")[0][:12])) in en
    assert f'href="../../layers/{layer.id}/"' in zh and f'href="../../layers/{layer.id}/"' in en
    assert str(escape(layer.name.zh)) in zh and str(escape(layer.name.en)) in en


def test_layer_page_lists_its_tools(built_site):
    en = read(built_site, "en/layers/hardware/index.html")
    for tool in MODEL.tools_in_layer("hardware"):
        assert f'href="../../tools/{tool.id}/"' in en


def test_language_switcher_leads_to_the_same_page(built_site):
    zh = read(built_site, "tools/ptx/index.html")
    en = read(built_site, "en/tools/ptx/index.html")
    assert re.search(
        r'<a href="en/tools/ptx/"[^>]*hreflang="en"|<a href="\.\./\.\./en/tools/ptx/"[^>]*hreflang="en"', zh
    )
    assert re.search(r'<a href="\.\./\.\./\.\./tools/ptx/"[^>]*hreflang="zh"', en)


def test_home_has_the_stack_diagram_with_a_link_for_every_diagram_tool(built_site):
    for page in ("index.html", "en/index.html"):
        html = read(built_site, page)
        svg = re.search(r"<svg role=\"(?:img|group)\"[^>]*class=\"gsm-svg\".*?</svg>", html, re.S).group(0)
        assert "<?xml" not in svg and "<!--" not in svg and 'width="' not in svg.split(">")[0]
        for layer in MODEL.layers.values():
            for tool_id in layer.diagram:
                href = f'href="tools/{tool_id}/"'
                assert href in svg, (page, tool_id)
                assert (
                    built_site / ("en/" if page.startswith("en") else "") / "tools" / tool_id / "index.html"
                ).exists()


def test_diagrams_are_kept_out_of_the_search_index(built_site):
    html = read(built_site, "index.html")
    assert re.search(r'<figure class="gsm-diagram gsm-stack" data-pagefind-ignore', html)


def test_no_page_loads_anything_from_another_host(built_site):
    offenders = []
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for match in re.finditer(r'<(?:script|link|img|iframe)\b[^>]*(?:src|href)="(https?:)?//([^"/]+)', html):
            tag = match.group(0)
            if "<link" in tag and ('rel="alternate"' in tag or 'rel="canonical"' in tag):
                continue
            offenders.append((page.relative_to(built_site), match.group(2)))
    assert not offenders, offenders[:10]
    assert "fonts.googleapis.com" not in read(built_site, "index.html")


@pytest.mark.build
def test_a_failed_build_leaves_the_previous_site_untouched(tmp_path, small_data_copy):

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("previous good site", encoding="utf-8")
    last = list(small_model().layers)[-1]  # layers[6]
    Written(small_data_copy / "layers.yaml").set("layers", last, "gives", "en", text="")
    done = build_site(site, small_data_copy)
    assert done.returncode != 0
    assert "layers.yaml:" in done.stderr and "layers[6].gives.en: empty text" in done.stderr
    assert "Traceback" not in done.stderr
    assert (site / "index.html").read_text(encoding="utf-8") == "previous good site"
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]
    assert not list(tmp_path.glob(".site-building-*"))  # no half-built folder left behind
