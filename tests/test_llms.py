"""/llms.txt and /llms-full.txt on the built site: both languages' pages listed, every link
resolving to a built file, every listed page's text in the full variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT
from picks import a_deep_dive_tool, a_tool

from macros.core.data.loading import load
from macros.core.data.markup import plain
from macros.core.settings.languages import read_languages

MODEL = load(ROOT / "data")
LANGUAGES = read_languages(ROOT / "mkdocs.yml")
LINK = re.compile(r"^- \[([^\]]+)\]\((\S+?)\)(?:: (.+))?$", re.M)


@pytest.fixture(scope="module")
def index(built_site) -> str:
    return (built_site / "llms.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def links(index) -> dict[str, tuple[str, str]]:
    """URL → (title, note) of every link in llms.txt."""
    return {url: (title, note or "") for title, url, note in LINK.findall(index)}


def local_file(site: Path, base_url: str, url: str) -> Path:
    assert url.startswith(base_url), f"{url} is not on the site ({base_url})"
    path = site / url.removeprefix(base_url)
    return path / "index.html" if url.endswith("/") else path


def test_llms_txt_follows_the_convention_and_has_both_languages_sections(index):
    lines = index.splitlines()
    assert lines[0] == "# GPU 编程栈地图 / GPU Stack Map"
    assert lines[2].startswith("> ") and lines[3].startswith("> A map of the CUDA/GPU programming stack")
    sections = re.findall(r"^## (.+)$", index, re.M)
    assert sections == [
        "指南（中文）", "层级（中文）", "工具（中文）", "执行链（中文）",
        "Guides (English)", "Layers (English)", "Tools (English)", "Execution chains (English)",
        "Optional",
    ]  # fmt: skip


def test_every_tool_layer_chain_and_guide_is_listed_in_both_languages(links, base_url, built_site):
    for lang in LANGUAGES.codes:
        root = base_url + LANGUAGES.prefix(lang)
        for section, records in (("tools", MODEL.tools), ("layers", MODEL.layers), ("chains", MODEL.chains)):
            for record_id in records:
                assert f"{root}{section}/{record_id}/" in links, (lang, section, record_id)
        for guide in ("", "compare/", "glossary/", "print/", "concepts/"):
            assert root + guide in links, (lang, guide)
        tool = a_tool()
        assert links[f"{root}tools/{tool.id}/"] == (plain(tool.name.get(lang)), plain(tool.summary.get(lang)))
    # Every real page of the site is listed: none missing, no redirect stub, 404 or embed page
    # (an iframe's copy of a diagram whose page is listed) listed.
    pages = {
        base_url + path.relative_to(built_site).parent.as_posix().removeprefix(".") + "/"
        for path in built_site.rglob("index.html")
        if 'http-equiv="refresh"' not in path.read_text(encoding="utf-8")
        and "embed" not in path.relative_to(built_site).parts
    }
    assert any(
        "/embed/" in url
        for url in (base_url + p.relative_to(built_site).as_posix() for p in built_site.rglob("index.html"))
    )
    listed = {url for url in links if url.endswith("/")}
    assert {url.replace(base_url + "/", base_url) for url in pages} == listed


def test_every_link_in_llms_txt_resolves_to_a_built_file(links, built_site, base_url):
    assert len(links) > 400
    for url in links:
        assert local_file(built_site, base_url, url).is_file(), url


def test_llms_full_txt_holds_every_listed_page_as_markdown(built_site, links, base_url):
    full = (built_site / "llms-full.txt").read_text(encoding="utf-8")
    sources = re.findall(r"^Source: (\S+)$", full, re.M)
    assert sources == [url for url in links if url.endswith("/")]
    tool = a_deep_dive_tool()
    for lang in LANGUAGES.codes:
        root = base_url + LANGUAGES.prefix(lang)
        page = full.split(f"Source: {root}tools/{tool.id}/\n", 1)[1].split("\n---\n", 1)[0]
        assert page.lstrip().startswith(f"# {plain(tool.name.get(lang))}")
        assert plain(tool.summary.get(lang)) in page
        assert ("## 深入解读" if lang == "zh" else "## In depth") in page  # the deep dive came along
        deep_dive = page.split("## 深入解读" if lang == "zh" else "## In depth", 1)[1]
        assert re.search(rf"\]\({re.escape(root)}tools/[a-z0-9-]+/", deep_dive)  # its links made absolute
    assert not re.search(r"<(div|svg|table|script)\b", full)  # Markdown, not HTML
