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
from conftest import ROOT, article_text

from macros.core.data.loading import load
from macros.core.data.model import chain_tool_ids

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
    # A chain the seeds do not draw (the memory hierarchy) says so: section "added".
    seeds = [c for c in MODEL.chains.values() if c.section != "added"]
    ours = Counter(c.section for c in seeds)
    theirs = Counter(str(c["section"]) for c in inventory["chains"])
    assert ours == theirs
    assert len(seeds) == len(inventory["chains"])


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
        # The translation term list shows both languages on purpose; the search index's hidden
        # names (a record's names in both languages, so either finds it) are not shown.
        text = re.sub(r'<table class="gsm-table gsm-terms"[^>]*>.*?</table>', " ", text, flags=re.S)
        text = re.sub(r"<div hidden data-pagefind-ignore>.*?</div>", " ", text, flags=re.S)
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
        body = re.sub(r"<div hidden data-pagefind-ignore>.*?</div>", " ", body, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(svg|code|pre)\b.*?</\1>", " ", body, flags=re.S)))
        for match in english_sentence.finditer(text):
            problems.append((str(page.relative_to(built_site)), match.group(0)))
    assert not problems, problems[:15]


# ---------------------------------------------------------------- slips found reading the site against the seeds


def visible(site: Path, lang: str, page: str) -> str:
    """The visible text of one built page's article, whitespace collapsed."""
    path = site / ("en" if lang == "en" else "") / page / "index.html"
    return article_text(path.read_text(encoding="utf-8"))


def test_numba_and_numba_cuda_are_two_tools_and_the_catalog_row_is_numba(built_site):
    from bs4 import BeautifulSoup

    for prefix in ("", "en/"):
        soup = BeautifulSoup(
            (built_site / prefix / "references" / "index.html").read_text(encoding="utf-8"), "html.parser"
        )
        rows = {
            " ".join(row.td.get_text(" ").split()): row
            for row in soup.select("#catalog-compilers-toolchains + .gsm-table-wrap table tbody tr")
        }
        assert "Numba" in rows and "Numba-CUDA" not in rows, list(rows)
        assert rows["Numba"].td.a["href"].endswith("tools/numba/")
        assert "LLVM / MLIR" in rows, list(rows)
        links = [a["href"] for a in rows["LLVM / MLIR"].select("a")]
        assert any(h.endswith("tools/llvm/") for h in links) and any(h.endswith("tools/mlir/") for h in links)
        assert "https://mlir.llvm.org/" in links and "https://llvm.org/docs/" in links
    numba, numba_cuda = visible(built_site, "en", "tools/numba"), visible(built_site, "en", "tools/numba-cuda")
    assert numba.startswith("Numba ") and "JIT compiler for numerical Python code and CUDA kernels" in numba
    assert numba_cuda.startswith("Numba-CUDA ") and "Numba's CUDA target" in numba_cuda


def test_numba_compiles_per_argument_types_not_per_shape(built_site):
    for lang, words in (("en", "specialized on the types of its arguments"), ("zh", "按实参类型 JIT 编译")):
        text = visible(built_site, lang, "tools/numba-cuda")
        assert words in text
        assert "shapes or meta-parameters" not in text and "shape/meta 参数变化时" not in text


def test_tensorrt_llm_is_described_as_its_current_documentation_does(built_site):
    en, zh = visible(built_site, "en", "tools/tensorrt-llm"), visible(built_site, "zh", "tools/tensorrt-llm")
    assert "built on PyTorch with a Python LLM API" in en and "基于 PyTorch 构建" in zh
    assert "Checked 2026-12 against these sources (TensorRT-LLM 1.1)" in en
    assert "2026-12 已对照这些资料核对（TensorRT-LLM 1.1）" in zh


def test_facts_corrected_against_the_official_documentation_say_so_on_their_pages(built_site):
    # Each record compared with its documentation carries the version it was compared with,
    # and the texts say what the docs say where the source map had drifted from them.
    tensorrt, checked = visible(built_site, "en", "tools/tensorrt"), MODEL.tools["tensorrt"].checked
    assert f"Checked {checked.date} against these sources ({checked.version})" in tensorrt
    assert "cuDNN and cuBLAS have been optional dependencies since TensorRT 10" in tensorrt
    assert "C++/OpenMP code for CPUs" in visible(built_site, "en", "tools/inductor")
    assert "在 CPU 上生成 C++/OpenMP 代码" in visible(built_site, "zh", "tools/inductor")
    assert "powers of two" in visible(built_site, "en", "tools/cutile")
    assert "2 的幂" in visible(built_site, "zh", "tools/cutile")
    triton = MODEL.tools["triton"].checked
    assert f"{triton.date} 已对照这些资料核对（{triton.version}）" in visible(built_site, "zh", "tools/triton")
    xla = visible(built_site, "en", "tools/xla")
    assert "Checked 2026-12 against these sources" in xla and "pjit is deprecated" in xla


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tool_page_says_when_and_against_what_its_facts_were_checked(built_site, lang):
    words = {"zh": "已对照这些资料核对", "en": "against these sources"}[lang]
    for tool in MODEL.tools.values():
        page = visible(built_site, lang, f"tools/{tool.id}")
        assert f"{tool.checked.date}" in page and words in page, tool.id
        for ref_id in tool.checked.against:
            assert html.unescape(MODEL.references[ref_id].title.get(lang)) in page, (tool.id, ref_id)


def test_the_references_page_speaks_to_this_sites_reader(built_site):
    foreign = ["Fetch when", "never from memory", "numerical-computing page", "inference-and-serving", "不要凭记忆"]
    for lang in ("en", "zh"):
        text = visible(built_site, lang, "references")
        assert [words for words in foreign if words in text] == []
    assert "This catalog covers tools that JIT-compile numerical code" in visible(built_site, "en", "references")


def test_the_learn_page_prints_its_introduction_once(built_site):
    assert visible(built_site, "en", "learn").count("you can follow this order") == 1
    assert visible(built_site, "zh", "learn").count("可以按这个顺序") == 1


def test_global_memory_is_not_said_to_be_always_hbm(built_site):
    en, zh = visible(built_site, "en", "glossary"), visible(built_site, "zh", "glossary")
    assert "i.e. HBM" not in en and "HBM on some GPUs, GDDR on many others" in en
    assert "显存/HBM" not in zh and "很多 GPU 用 GDDR" in zh


def test_triton_keeps_the_seeds_strengths_and_jax_its_example(built_site):
    assert "迭代快、Python 生态友好、融合算子方便" in visible(built_site, "zh", "tools/triton")
    assert "fast iteration, a friendly Python ecosystem and easy operator fusion" in visible(
        built_site, "en", "tools/triton"
    )
    for prefix in ("", "en/"):
        page = (built_site / prefix / "tools" / "jax" / "index.html").read_text(encoding="utf-8")
        assert (
            '<pre class="gsm-example"><code class="language-python">@jax.jit\ndef f(x, y):\n    return jnp.sin(x) + y * y</code></pre>'
            in page
        )


def test_misconceptions_keep_the_seeds_labels_in_both_languages(built_site):
    from bs4 import BeautifulSoup

    for prefix, label in (("", "误区 {n}："), ("en/", "Myth {n}: ")):
        soup = BeautifulSoup(
            (built_site / prefix / "misconceptions" / "index.html").read_text(encoding="utf-8"), "html.parser"
        )
        items = soup.select_one("article ul.gsm-list").find_all("li", recursive=False)
        assert [li.get_text().startswith(label.format(n=n)) for n, li in enumerate(items, start=1)] == [True] * 5
        assert soup.select("article ol.gsm-list") == [], "the labels are the numbers: no second numbering"
