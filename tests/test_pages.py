"""One page per thing: unique titles, one canonical page per tool, layer and chain, the deep
dives as sections of their tools' pages, and the old concept URLs redirecting there.

Read from the real built site; the redirects are also followed in headless Chromium.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from urllib.parse import urljoin, urlparse

import pytest
from conftest import ROOT
from page_text import article_texts, heading_of, site_pages, title_of

from macros.core.data.loading import load
from macros.core.data.markup import plain
from macros.core.settings.languages import read_config, read_languages

MODEL = load(ROOT / "data")
LANGUAGES = read_languages(ROOT / "mkdocs.yml")
DEEP_DIVES = ROOT / "docs" / "deep-dives"


def redirect_map() -> dict[str, str]:
    """mkdocs.yml's redirects, language-neutral: `concepts/xla.md` → `tools/xla.md#deep-dive`."""
    for plugin in read_config(ROOT / "mkdocs.yml")["plugins"]:
        if isinstance(plugin, dict) and "redirects" in plugin:
            return plugin["redirects"]["redirect_maps"]
    raise AssertionError("mkdocs.yml configures no redirects plugin")


def test_every_page_title_is_unique_within_its_language(built_site):
    for lang, pages in site_pages(built_site).items():
        by_title = defaultdict(list)
        for path, body in pages.items():
            by_title[title_of(body)].append(path)
        shared = {title: paths for title, paths in by_title.items() if len(paths) > 1}
        assert len(pages) > 200, f"{lang}: only {len(pages)} pages were read"
        assert not shared, f"{lang}: pages share a title: {shared}"


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_each_tool_layer_and_chain_has_exactly_one_page(built_site, lang):
    pages = site_pages(built_site)[lang]
    headed = defaultdict(list)
    for path, body in pages.items():
        if "<h1" in body:
            headed[heading_of(body)].append(path)
    kinds = (("tools", MODEL.tools, "name"), ("layers", MODEL.layers, "name"), ("chains", MODEL.chains, "title"))
    for section, records, field in kinds:
        for record_id, record in records.items():
            own = f"{section}/{record_id}/index.html"
            assert own in pages, f"{lang}: {own} was not built"
            heading = heading_of(pages[own])
            assert headed[heading] == [own], f"{lang}: {heading!r} heads {headed[heading]}, not only {own}"
            # Layers are numbered and a 9.14 path page adds the op: the record's name is in the heading.
            assert plain(getattr(getattr(record, field), lang)) in heading
    assert not any(path.startswith("concepts/") and path != "concepts/index.html" for path in pages)


@pytest.mark.parametrize("lang", LANGUAGES.codes)
def test_each_deep_dive_is_a_section_of_its_tool_page(built_site, lang):
    pages = site_pages(built_site)[lang]
    dives = sorted(DEEP_DIVES.glob(f"*.{lang}.md"))
    assert len(dives) >= 12  # the seed's twelve section-9 deep dives, then the concept pages
    for dive in dives:
        tool_id = dive.name.removesuffix(f".{lang}.md")
        body = pages[f"tools/{tool_id}/index.html"]
        section = body.split('id="deep-dive"', 1)[1]
        visible = html.unescape(re.sub(r"<[^>]+>", "", section))
        # Its first sentence and every one of its headings are there, after the section's heading.
        first_line = next(line for line in dive.read_text(encoding="utf-8").splitlines() if line and line[0] != "#")
        first_sentence = re.split(r"。|\.(?:\s|$)|{{", first_line)[0].replace("`", "")  # `code` shows as code
        assert plain(first_sentence) in visible, (tool_id, first_sentence)
        for heading in re.findall(r"^#+ (.+)$", dive.read_text(encoding="utf-8"), re.M):
            assert heading in visible, (tool_id, heading)


def redirects_expected(base: str) -> list[tuple[str, str]]:
    """(old URL, the page and section it must lead to) for every old page in every language."""
    expected = []
    for lang in LANGUAGES.codes:
        root = base + LANGUAGES.prefix(lang)
        for old, new in redirect_map().items():
            target, _, anchor = new.partition("#")
            expected.append((root + old.removesuffix(".md") + "/", f"{root}{target.removesuffix('.md')}/#{anchor}"))
    return expected


def test_old_concept_pages_redirect_to_the_section_in_both_languages(built_site):
    assert len(redirect_map()) == 11
    base = "https://example.org/site/"
    for old, new in redirects_expected(base):
        stub = (built_site / old.removeprefix(base) / "index.html").read_text(encoding="utf-8")
        refresh = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', stub).group(1)
        assert urljoin(old, refresh) == new, old
        target_page = (built_site / urlparse(new).path.removeprefix("/site/") / "index.html").read_text("utf-8")
        assert 'id="deep-dive"' in target_page, new


def test_a_browser_following_an_old_concept_url_lands_on_the_section(base_url):
    from playwright.sync_api import sync_playwright

    from scripts.chromium import launch

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for old, new in redirects_expected(base_url):
            page.goto(old)
            page.wait_for_url(new)
            section = page.locator("#deep-dive")
            section.wait_for()
            assert section.inner_text().strip().rstrip("¶") in ("深入解读", "In depth")
        browser.close()


def test_the_concepts_index_links_to_every_deep_dive_section(built_site):
    for lang in LANGUAGES.codes:
        index = (built_site / LANGUAGES.prefix(lang) / "concepts" / "index.html").read_text(encoding="utf-8")
        linked = set(re.findall(r'href="\.\./tools/([a-z0-9-]+)/#deep-dive"', index))
        assert linked == {p.name.removesuffix(f".{lang}.md") for p in DEEP_DIVES.glob(f"*.{lang}.md")}


def test_chain_pages_open_with_a_way_to_all_chains_not_the_seeds_section_number(built_site):
    for lang in LANGUAGES.codes:
        for chain_id, chain in MODEL.chains.items():
            body = (built_site / LANGUAGES.prefix(lang) / "chains" / chain_id / "index.html").read_text("utf-8")
            meta = re.search(r'<p class="gsm-meta"[^>]*>(.*?)</p>', body, re.S).group(1)
            assert "§" not in meta and "原文章节" not in body and "Source section" not in body, (lang, chain_id)
            assert 'href="../"' in meta and str(len(chain.steps)) in meta, (lang, chain_id, meta)


# The source map's own numbering ("§3", "section 9.12", "第 4.5 节", "5.3 的路径") means nothing
# to a reader of the site: texts name the table, chain or page instead.
SOURCE_SECTION = re.compile(
    r"§\s*\d|\b[Ss]ections?[- ]\d|第\s*\d+(\.\d+)?\s*节|(?<![\d.])\d\.\d{1,2} ?(节|的路径|的执行链)"
)


def test_no_page_refers_readers_to_the_source_maps_section_numbers(built_site):
    found = []
    for lang, pages in site_pages(built_site).items():
        for path in pages:
            text = article_texts(built_site, lang)[path].text
            found += [(lang, path, match.group(0)) for match in SOURCE_SECTION.finditer(text)]
    assert not found, found[:10]
