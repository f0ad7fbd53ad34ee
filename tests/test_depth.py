"""What the built pages teach: no page repeats wording a correction retired, the choosing guide
reasons in its parts and its links resolve, a tool's in-depth section has its fixed parts, every tool
with a box on the stack diagram teaches in fixed parts, and no tool page is under the floor.

Reads the shared built site only (each article parsed once, by page_text).
"""

from __future__ import annotations

import re

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import ROOT
from page_text import LANGUAGES, article_soup, article_texts, site_pages

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+'-]*")
HAN = re.compile(r"[\u3400-\u9fff]")
# The choosing guide's parts, by anchor: each must reason, not just name a tool.
DECISION_PARTS = (
    "decide-library",
    "decide-fused-library",
    "decide-compiler",
    "decide-triton",
    "decide-cute-dsl",
    "decide-cutlass",
    "decide-cuda-cpp",
    "triton-vs-cuda-cpp",
)
# The fixed parts of a tool's in-depth section (docs/deep-dives/<tool>.<lang>.md), by heading.
TOOL_PARTS = {
    "en": ("What it is", "When to use it, and when not", "How code reaches the GPU", "What goes wrong", "See it here"),
    "zh": ("是什么", "什么时候用，什么时候不用", "代码怎样到达 GPU", "常见问题", "在哪里看到它"),
}
# The fixed parts of a hardware or runtime concept's section (sm, warp, stream …), by heading.
CONCEPT_PARTS = {
    "en": ("What it is", "Sizes and speeds on H100 and H200", "How a kernel uses it", "What goes wrong", "See it here"),
    "zh": ("是什么", "H100 与 H200 上的规格", "kernel 怎么用它", "常见问题", "在哪里看到它"),
}
MIN_PART = {"en": 40, "zh": 60}  # English words / Han characters in each part
MIN_TOTAL = {"en": 400, "zh": 600}
FLOOR = 150  # English words of prose on every tool page (as `python -m scripts prose-figures` counts them)


def retired_phrases() -> list[tuple[str, str]]:
    """(phrase, record) for every wording a finding in data/checks retired."""
    phrases = []
    for path in sorted((ROOT / "data" / "checks").glob("*.yaml")):
        for check in yaml.safe_load(path.read_text(encoding="utf-8"))["checks"]:
            for finding in check["findings"]:
                phrases += [(phrase.casefold(), check["record"]) for phrase in finding.get("retired", [])]
    return phrases


def count(text: str, lang: str) -> int:
    return len(HAN.findall(text)) if lang == "zh" else len(LATIN_WORD.findall(text))


def sections(article, level: str = "h3") -> dict[str, str]:
    """Each heading of one level (its text, anchor mark removed) → the text up to the next heading
    of that level or above."""
    found = {}
    for heading in article.find_all(level):
        parts = []
        for sibling in heading.find_next_siblings():
            if sibling.name in ("h1", "h2", level):
                break
            parts.append(sibling.get_text(" "))
        found[heading.get_text(" ", strip=True).rstrip("¶").strip()] = " ".join(parts)
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_page_says_what_a_correction_retired(built_site, lang):
    """The validator keeps retired wording out of data/; this holds every built page to it too,
    deep dives and page shells included."""
    phrases = retired_phrases()
    assert phrases, "no finding retires any wording: the check would pass vacuously"
    said = [
        f"/{path} says {phrase!r} (retired by the findings on {record})"
        for path, texts in article_texts(built_site, lang).items()
        for phrase, record in phrases
        if phrase in texts.prose.casefold()
    ]
    assert not said, "\n".join(said)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_choosing_guide_reasons_in_every_part(built_site, lang):
    page = site_pages(built_site)[lang]["choose/index.html"]
    article = article_soup(page)
    for part in DECISION_PARTS:
        heading = article.find(id=part)
        assert heading is not None, f"the choosing guide has no part #{part} in {lang}"
        own = []
        for sibling in heading.find_next_siblings():
            if sibling.name in ("h2", "h3"):
                break
            own.append(sibling.get_text(" "))
        words = count(" ".join(own), lang)
        assert words >= MIN_PART[lang], f"#{part} ({lang}) has {words} words; a part that reasons needs more"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_choosing_guide_links_resolve(built_site, lang):
    """Every link in the guide's decision part leads to a built page, and its #anchor is there."""
    page_path = ("en/" if lang == "en" else "") + "choose/index.html"
    article = article_soup((built_site / page_path).read_text(encoding="utf-8"))
    start = article.find(id="kernel-decision")
    assert start is not None
    links = [a["href"] for a in start.find_all_next("a", href=True) if not a["href"].startswith(("http", "#"))]
    assert len(links) >= 15, f"the decision guide links only {len(links)} pages"
    for href in links:
        target, _, anchor = href.partition("#")
        file = (built_site / page_path).parent.joinpath(target, "index.html").resolve()
        assert file.is_file(), f"{href} on /{page_path} leads nowhere"
        if anchor:
            body = file.read_text(encoding="utf-8")
            assert f'id="{anchor}"' in body, f"{href} on /{page_path}: no #{anchor} there"
    measured = [h for h in links if "measured/#path-" in h]
    assert len(measured) >= 4, "the guide links fewer than four measured rows"


def in_depth_tools() -> list[str]:
    """Tools whose in-depth section is written in the fixed tool parts."""
    return sorted(
        path.name.removesuffix(".en.md")
        for path in (ROOT / "docs" / "deep-dives").glob("*.en.md")
        if f"### {TOOL_PARTS['en'][1]}" in path.read_text(encoding="utf-8")
    )


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_in_depth_tool_page_has_every_part_at_length(built_site, lang):
    tools = in_depth_tools()
    assert tools, "no tool's in-depth section uses the fixed parts"
    short = []
    for tool in tools:
        page = site_pages(built_site)[lang][f"tools/{tool}/index.html"]
        found = sections(BeautifulSoup(str(article_soup(page)), "html.parser"))
        total = 0
        for part in TOOL_PARTS[lang]:
            text = found.get(part)
            if text is None:
                short.append(f"/tools/{tool}/ ({lang}) has no part '{part}'")
                continue
            words = count(text, lang)
            total += words
            if words < MIN_PART[lang]:
                short.append(f"/tools/{tool}/ ({lang}) '{part}': {words} words")
        if total < MIN_TOTAL[lang]:
            short.append(f"/tools/{tool}/ ({lang}): {total} words in its parts, under {MIN_TOTAL[lang]}")
    assert not short, "\n".join(short)


def stack_diagram_tools() -> list[str]:
    """The tools with a box on the stack diagram (data/layers.yaml, each layer's `diagram`)."""
    layers = yaml.safe_load((ROOT / "data" / "layers.yaml").read_text(encoding="utf-8"))["layers"]
    return [tool for layer in layers for tool in layer.get("diagram") or []]


def parts_shortfall(page_html: str, lang: str) -> list[str]:
    """What a tool page's fixed parts lack (tool parts or concept parts), as reasons; empty if none."""
    found = sections(BeautifulSoup(str(article_soup(page_html)), "html.parser"))
    parts = next((p[lang] for p in (TOOL_PARTS, CONCEPT_PARTS) if p[lang][1] in found), None)
    if parts is None:
        return ["no fixed parts"]
    reasons, total = [], 0
    for part in parts:
        words = count(found.get(part, ""), lang)
        total += words
        if words < MIN_PART[lang]:
            reasons.append(f"'{part}': {words} words")
    if total < MIN_TOTAL[lang]:
        reasons.append(f"{total} words in its parts, under {MIN_TOTAL[lang]}")
    return reasons


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_stack_diagram_tool_teaches_in_fixed_parts(built_site, lang):
    """Each box on the stack diagram leads to a page with the fixed parts at length: a tool's
    (what it is, when to use it, how code reaches the GPU, what goes wrong, see it here) or a
    hardware concept's (what it is, sizes and speeds, how a kernel uses it, what goes wrong, see it here)."""
    tools = stack_diagram_tools()
    assert len(tools) >= 40, f"only {len(tools)} tools on the stack diagram: the check would be vacuous"
    short = []
    for tool in tools:
        reasons = parts_shortfall(site_pages(built_site)[lang][f"tools/{tool}/index.html"], lang)
        if reasons:
            short.append(f"/tools/{tool}/ ({lang}): " + "; ".join(reasons))
    assert not short, "\n".join(short)


def test_no_tool_page_is_under_the_floor(built_site):
    """Every English tool page has at least FLOOR words of prose (what it is, when to use it and
    what to use instead), counted as prose-figures counts them."""
    from scripts.prose_figures import page_figures

    root = built_site / LANGUAGES.prefix("en").strip("/")
    tools = sorted(path.parent.name for path in (root / "tools").glob("*/index.html"))
    assert len(tools) > 100, "too few tool pages: the check would be vacuous"
    thin = [
        f"/en/tools/{tool}/: {words} words, under {FLOOR}"
        for tool in tools
        if (words := page_figures(root, f"tools/{tool}/").words) < FLOOR
    ]
    assert not thin, "\n".join(thin)
