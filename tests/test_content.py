"""Content coverage: everything the seeds hold is in data/ and findable on the site, in both languages.

Reads the coverage checklist ../shared/inventory.yaml when present (skips with a reason
otherwise, so the repository stands alone).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from macros.core.model import chain_tool_ids, load

MODEL = load(ROOT / "data")
INVENTORY_PATH = ROOT.parent / "shared" / "inventory.yaml"
CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture(scope="module")
def inventory() -> dict:
    if not INVENTORY_PATH.exists():
        pytest.skip(f"coverage checklist not found at {INVENTORY_PATH} (it lives beside the repository, not in it)")
    return yaml.safe_load(INVENTORY_PATH.read_text(encoding="utf-8"))


def our_id(inventory_id: str) -> str:
    return inventory_id.replace("_", "-")


def test_every_layer_item_of_the_seed_diagram_is_a_tool_in_its_layer(inventory):
    layer_ids = list(MODEL.layers)
    for position, layer in enumerate(inventory["layers"]):
        for item in layer["item_entity_ids"]:
            for entity in item["entity_ids"]:
                assert our_id(entity) in MODEL.layers[layer_ids[position]].diagram, (layer["id"], item["item"])


def test_every_seed_table_is_data_with_all_its_rows(inventory):
    ours = Counter((t.section, len(t.rows)) for t in MODEL.tables.values())
    theirs = Counter((str(t["section"]), t["row_count"]) for t in inventory["tables"])
    assert ours == theirs


def test_every_seed_chain_is_data(inventory):
    ours = Counter(c.section for c in MODEL.chains.values())
    theirs = Counter(str(c["section"]) for c in inventory["chains"])
    assert ours == theirs
    assert len(MODEL.chains) == len(inventory["chains"])


def test_every_reference_url_of_both_seeds_is_in_the_data(inventory):
    urls = {ref.url for ref in MODEL.references.values()}
    for item in inventory["references"]["seed_001_section_10"]["items"]:
        assert item["url"] in urls, item["label"]
    catalog_text = ROOT.parent / "shared" / "seeds" / "gpu-kernels-compilers-autodiff.en.md"
    if catalog_text.exists():
        for url in re.findall(r"<(https?://[^>]+)>", catalog_text.read_text(encoding="utf-8")):
            assert url in urls, url


def test_every_catalog_tool_has_a_record_and_an_entry():
    catalog_tools = {entry.tool for group in MODEL.catalog for entry in group.entries}
    assert len(catalog_tools) == 21
    for tool_id in catalog_tools:
        assert MODEL.tools[tool_id].source in ("catalog", "both"), tool_id


@lru_cache(maxsize=2)
def site_text(site: Path, lang: str) -> str:
    """All visible text of one language's pages (tags stripped, entities decoded)."""
    if lang == "en":
        pages = list((site / "en").rglob("*.html"))
    else:
        pages = [p for p in site.rglob("*.html") if p.relative_to(site).parts[0] != "en"]
    text = []
    for page in pages:
        body = page.read_text(encoding="utf-8")
        body = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", body, flags=re.S)
        text.append(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    return "\n".join(text)


def test_every_named_entity_is_findable_in_both_languages(inventory, built_site):
    missing = []
    for lang in ("zh", "en"):
        text = site_text(built_site, lang)
        lowered = text.lower()
        for entity in inventory["entities"]:
            written = [entity["name"], *(entity.get("aliases") or [])]
            names = [part for n in written for part in re.sub(r"\s*\(.*?\)", "", n).split(" / ") if part.strip()]
            if re.search(entity["match_pattern"], text) or any(n.lower() in lowered for n in names):
                continue
            missing.append((lang, entity["id"], entity["name"]))
    assert not missing, missing


def test_every_record_has_both_languages_and_every_reference_resolves():
    for tool in MODEL.tools.values():
        assert tool.summary.zh.strip() and tool.summary.en.strip()
        assert CJK.search(tool.summary.zh), tool.id
        assert not CJK.search(tool.summary.en), tool.id
    for chain in MODEL.chains.values():
        for tool_id in chain_tool_ids(chain):
            assert tool_id in MODEL.tools
    for table in MODEL.tables.values():
        for row in table.rows:
            assert row.tool is None or row.tool in MODEL.tools
            assert len(row.cells) == len(table.columns)


def test_every_tool_page_links_to_official_documentation(built_site):
    # Own docs, or its parent's (part-of) — generic hardware like "CPU" is the only exception.
    undocumented = {"cpu", "accelerators"}
    for tool_id in MODEL.tools:
        refs, _via = MODEL.docs_for(tool_id)
        if tool_id in undocumented:
            continue
        assert refs, f"{tool_id} has no documentation link"
        page = (built_site / "en" / "tools" / tool_id / "index.html").read_text(encoding="utf-8")
        assert html.escape(MODEL.references[refs[0]].url, quote=True) in page, tool_id


ALLOWED_IN_ENGLISH = {"中文"}  # the language switcher's own label


def test_english_pages_carry_no_chinese_and_chinese_pages_no_english_sentences(built_site):
    problems = []
    for page in (built_site / "en").rglob("*.html"):
        # Code blocks show data as it is written (both languages side by side) on purpose.
        text = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
        # The translation term list shows both languages on purpose.
        text = re.sub(r'<table class="gsm-table gsm-terms"[^>]*>.*?</table>', " ", text, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
        for word in ALLOWED_IN_ENGLISH:
            text = text.replace(word, " ")
        found = CJK.findall(text)
        if found:
            problems.append((str(page.relative_to(built_site)), "".join(found[:20])))
    english_sentence = re.compile(r"(?:\b[A-Za-z][a-z]+\b[ ,]+){7,}[a-z]+[.!?]")
    for page in built_site.rglob("*.html"):
        if page.relative_to(built_site).parts[0] in ("en", "assets", "search"):
            continue
        main = re.search(
            r'<article class="md-content__inner[^>]*>(.*?)</article>', page.read_text(encoding="utf-8"), re.S
        )
        if not main:
            continue
        body = re.sub(r'<table class="gsm-table gsm-terms"[^>]*>.*?</table>', " ", main.group(1), flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(svg|code|pre)\b.*?</\1>", " ", body, flags=re.S)))
        for match in english_sentence.finditer(text):
            problems.append((str(page.relative_to(built_site)), match.group(0)))
    assert not problems, problems[:15]
