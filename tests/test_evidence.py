"""The captured evidence on the site: real excerpts beside chain steps, the measured paths,
their provenance, and bad evidence data stopped with file:line.

The capture program's own logic (profiler parsing, trimming, statistics) is tested in
tests/capture/ on saved real output; these tests read the committed evidence and the built site.
"""

from __future__ import annotations

import html
import re

import pytest
from conftest import ROOT, article_text, run_validate
from picks import a_misspelling, an_excerpt_on_a_chain_step, an_excerpt_with_markup
from written import Written

from macros.core.data.loading import load

MODEL = load(ROOT / "data")
EVIDENCE = MODEL.evidence


def test_every_measured_path_has_kernels_times_and_versions():
    assert EVIDENCE.gelu.run.versions and EVIDENCE.gelu.run.gpu and EVIDENCE.gelu.run.driver
    measured = [p for p in EVIDENCE.gelu.paths if p.status == "measured"]
    assert len(measured) >= 9
    for path in measured:
        assert {s.size for s in path.sizes} == set(EVIDENCE.gelu.operation["sizes"]), path.id
        for size in path.sizes:
            assert size.kernels and size.kernel_count and size.kernel_count >= 1, (path.id, size.size)
            assert size.time_ms.low <= size.time_ms.median <= size.time_ms.high, (path.id, size.size)
            # At least three separate runs, and the figure is their median; "varying" says they spread > 10 %.
            assert len(size.runs_ms) >= 3 and sorted(size.runs_ms)[len(size.runs_ms) // 2] == size.time_ms.median
            spread = (max(size.runs_ms) - min(size.runs_ms)) / size.time_ms.median
            assert size.varying == (spread > 0.10), (path.id, size.size)
            assert size.tflops > 0 and size.max_abs_err is not None and size.max_abs_output > 0
            # Copies and memsets are listed but not counted.
            counted = sum(k.count for k in size.kernels if k.group not in ("memset", "memcpy", "cudagraph-input-copy"))
            assert size.kernel_count == counted, (path.id, size.size)
    not_measured = [p for p in EVIDENCE.gelu.paths if p.status != "measured"]
    # Why a path was not measured is data, in both languages, beside its name.
    for path in not_measured:
        words = MODEL.measurements[path.id]
        assert words.reason and words.reason.zh and words.reason.en, path.id


def test_at_least_fifteen_chain_steps_show_real_output_in_both_languages(built_site):
    for prefix, lang in (("", "zh"), ("en/", "en")):
        for (chain_id, step), artifact_ids in EVIDENCE.by_step.items():
            page = (built_site / prefix / "chains" / chain_id / "index.html").read_text(encoding="utf-8")
            item = re.search(
                rf'<li data-step="\d+" data-step-id="{step}">(.*?)(?=<li data-step=|</ol></div>)', page, re.S
            ).group(1)
            summaries = [
                html.unescape(re.sub(r"<[^>]+>", "", s)) for s in re.findall(r"<summary>(.*?)</summary>", item)
            ]
            for artifact_id in artifact_ids:
                title = re.sub(r"`", "", MODEL.measurements[artifact_id].label.get(lang))
                assert any(title in summary for summary in summaries), (lang, chain_id, step, artifact_id, summaries)
    assert len(EVIDENCE.by_step) >= 15


def test_excerpts_render_escaped_with_a_link_to_the_full_excerpt(built_site):
    artifact = an_excerpt_with_markup()  # compiler output full of angle brackets
    chain = built_site / "en" / "chains" / artifact.refs[0].chain
    page = (chain / "index.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<details class="example gsm-evidence">.*?</details>', page, re.S)

    def shown(block: str) -> str:
        return html.unescape(re.search(r"<pre[^>]*><code>(.*?)</code></pre>", block, re.S).group(1))

    block = next((b for b in blocks if shown(b) == artifact.excerpt.rstrip("\n")), None)
    assert block is not None, f"{artifact.id}'s excerpt is not shown as text on the page of {chain.name}"
    code = re.search(r"<pre[^>]*><code>(.*?)</code></pre>", block, re.S).group(1)
    assert "<" not in code and "&lt;" in code
    full = re.search(r'<a href="([^"]+)">full excerpt</a>', block).group(1)
    published = (chain / full).resolve()
    assert published.read_text(encoding="utf-8") == (EVIDENCE.folder / artifact.excerpt_file).read_text(
        encoding="utf-8"
    )


def test_the_measured_page_shows_every_path_with_its_provenance(built_site):
    for prefix, lang in (("", "zh"), ("en/", "en")):
        page = (built_site / prefix / "measured" / "index.html").read_text(encoding="utf-8")
        for path in EVIDENCE.gelu.paths:
            assert html.escape(MODEL.measurements[path.id].label.get(lang), quote=False) in page, (lang, path.id)
        assert EVIDENCE.gelu.run.driver in page and EVIDENCE.gelu.run.archive_sha256 in page
        for name, version in EVIDENCE.gelu.run.versions.items():
            assert f"{name} {version}" in page
        assert page.count('class="gsm-diagram gsm-kernels-diagram"') == len(EVIDENCE.gelu.operation["sizes"])


def test_the_toolkit_table_lists_every_architecture_and_toolkit(built_site):
    page = (built_site / "en" / "toolkits" / "index.html").read_text(encoding="utf-8")
    for toolkit in EVIDENCE.toolkits.toolkits:
        assert f"CUDA {toolkit.version}" in page
    for architecture in EVIDENCE.toolkits.architectures:
        assert f"<code>sm_{architecture.sm}</code>" in page


def test_evidence_naming_an_unknown_chain_is_rejected_with_file_and_line(data_copy):
    artifacts = Written(data_copy / "evidence" / "artifacts.yaml")
    artifact = an_excerpt_on_a_chain_step()
    ref = ("artifacts", artifact.id, "refs", 0, "chain")
    typo = a_misspelling(artifact.refs[0].chain, MODEL.chains)
    artifacts.set(*ref, text=typo)
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"evidence/artifacts.yaml:{artifacts.line(*ref)}:" in done.stderr
    said = f"unknown chain '{typo}'. Did you mean '{artifact.refs[0].chain}'?"
    assert said in done.stderr and "Traceback" not in done.stderr


def test_a_step_inserted_at_the_start_of_a_chain_leaves_every_excerpt_on_its_step(data_copy):
    # Evidence names steps by id: a new first step moves positions, not bindings.
    chains = data_copy / "chains.yaml"
    chain_id = an_excerpt_on_a_chain_step().refs[0].chain
    before = {key: ids for key, ids in EVIDENCE.by_step.items() if key[0] == chain_id}
    text = chains.read_text(encoding="utf-8")
    start = text.index(f"  - id: {chain_id}\n")
    steps = text.index("    steps:\n", start) + len("    steps:\n")
    chains.write_text(
        text[:steps] + "      - {text: Profile first, tools: [nsight-systems]}\n" + text[steps:], encoding="utf-8"
    )
    done = run_validate(data_copy)
    assert done.returncode == 0, done.stderr
    moved = load(data_copy).evidence
    assert {key: ids for key, ids in moved.by_step.items() if key[0] == chain_id} == before
    # The excerpts stay under the steps they illustrate, which are now one further down.
    new_order = [step.id for step in load(data_copy).chains[chain_id].steps]
    assert new_order[0] is None and all(step_id in new_order[1:] for _, step_id in before)


def test_evidence_naming_a_step_id_the_chain_lacks_is_rejected(data_copy):
    artifacts = Written(data_copy / "evidence" / "artifacts.yaml")
    artifact = an_excerpt_on_a_chain_step()
    ref = ("artifacts", artifact.id, "refs", 0, "step")
    artifacts.set(*ref, text="no-such-step")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"evidence/artifacts.yaml:{artifacts.line(*ref)}:" in done.stderr
    assert f"chain '{artifact.refs[0].chain}' has no step with id 'no-such-step'" in done.stderr


def test_ceilings_were_measured_in_the_same_capture_and_peaks_are_cited():
    ceilings, hardware = EVIDENCE.gelu.ceilings, EVIDENCE.hardware
    assert ceilings["rounds"] >= 3
    for key in ("gemm_tflops", "copy_gbs"):
        assert ceilings[key].low <= ceilings[key].median <= ceilings[key].high
    peaks = hardware.for_gpu(EVIDENCE.gelu.run.gpu)  # the captured GPU's own datasheet figures
    assert peaks is not None, EVIDENCE.gelu.run.gpu
    for peak in [*hardware.peaks.values(), *(p for other in hardware.others for p in other.peaks.values())]:
        assert peak.reference in MODEL.references
    # A measured ceiling under the datasheet's peak is what a real GPU gives; over it, a wrong unit.
    assert ceilings["gemm_tflops"].high < peaks.peaks["bf16_dense_tflops"].value
    assert ceilings["copy_gbs"].high / 1e3 < peaks.peaks["memory_tbs"].value


def test_the_measured_page_shows_ranges_timers_shares_and_why_a_figure_varies(built_site):
    page = (built_site / "en" / "measured" / "index.html").read_text(encoding="utf-8")
    text = article_text(page)
    peaks = EVIDENCE.hardware.for_gpu(EVIDENCE.gelu.run.gpu)  # the captured GPU's datasheet, cited by title
    assert (
        "What this GPU can do" in text and MODEL.references[peaks.peaks["memory_tbs"].reference].title.get("en") in text
    )
    varying = [
        (path, size)
        for path in EVIDENCE.gelu.paths
        for size in path.sizes
        if size.status == "measured" and size.varying and size.gpu_busy is not None and size.gpu_busy < 0.5
    ]
    assert varying, "no launch-bound figure varies: the check below would test nothing"
    for path, size in varying:
        busy = round(size.gpu_busy * 100)
        assert f"launch-bound: the GPU runs kernels for only {busy}% of each call" in text, (path.id, size.size)
    for path in EVIDENCE.gelu.paths:
        for size in path.sizes:
            if size.status == "measured":
                spread = f"{size.time_ms.median:.4g} ({size.time_ms.low:.4g}–{size.time_ms.high:.4g})"
                assert spread in text, (path.id, size.size)
    assert "timed with the host clock" in text and "timed with CUDA events" in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_time_chart_draws_one_bar_per_measured_path_to_scale(built_site, lang):
    from bs4 import BeautifulSoup

    page = (built_site / ("en" if lang == "en" else "") / "measured" / "index.html").read_text(encoding="utf-8")
    charts = BeautifulSoup(page, "html.parser").select("figure.gsm-chart svg")
    assert len(charts) == len(EVIDENCE.gelu.operation["sizes"])
    for size, chart in zip(EVIDENCE.gelu.operation["sizes"], charts, strict=True):
        results = [
            next(s for s in p.sizes if s.size == size)
            for p in EVIDENCE.gelu.paths
            if p.status == "measured" and any(s.size == size and s.status == "measured" for s in p.sizes)
        ]
        rows = chart.select("g.gsm-chart-row")
        assert len(rows) == len(results) and chart.title and chart.desc
        widths = [float(row.rect["width"]) for row in rows]
        # One clock for every bar: GPU time where the capture has it for all, else the call time.
        clocks = (
            [r.gpu_time_ms for r in results] if all(r.gpu_time_ms for r in results) else [r.time_ms for r in results]
        )
        medians = [c.median for c in clocks]
        # Bars are to one scale: each bar's length over the slowest bar's is its median over the slowest median.
        for width, median in zip(widths, medians, strict=True):
            assert abs(width / max(widths) - median / max(medians)) < 0.01
        marked = ["gsm-chart-varying" in row["class"] for row in rows]
        assert marked == [(c.high - c.low) / c.median > 0.10 for c in clocks]


def test_a_measured_route_in_the_path_finder_shows_what_ran_and_links_its_row(built_site):
    from bs4 import BeautifulSoup

    starts = sorted((built_site / "en" / "paths").glob("*/index.html"))
    measured = BeautifulSoup((built_site / "en" / "measured" / "index.html").read_text(encoding="utf-8"), "html.parser")
    blocks = [
        b
        for s in starts
        for b in BeautifulSoup(s.read_text(encoding="utf-8"), "html.parser").select(".gsm-route-measured")
    ]
    assert blocks, "no route in the path finder shows a measurement"
    by_label = {MODEL.measurements[p.id].label.en: p for p in EVIDENCE.gelu.paths if p.status == "measured"}
    for block in blocks:
        for item in block.select("li"):
            link = item.a
            path = by_label[link.get_text(strip=True)]
            assert measured.find(id=link["href"].split("#", 1)[1]) is not None, link["href"]
            shown = item.get_text(" ", strip=True)
            for size in path.sizes:
                assert f"{size.size}³: {size.time_ms.median:.4g} ms, {size.kernel_count:g} kernel(s)" in shown, path.id
