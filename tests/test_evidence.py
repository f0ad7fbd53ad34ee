"""The captured evidence on the site: real excerpts beside chain steps, the measured paths,
their provenance, and bad evidence data stopped with file:line.

The capture program's own logic (profiler parsing, trimming, statistics) is tested in
tests/capture/ on saved real output; these tests read the committed evidence and the built site.
"""

from __future__ import annotations

import html
import re

from conftest import ROOT, line_of, replace_in, run_validate

from macros.core.model import load

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
            assert size.time_ms.p10 <= size.time_ms.median <= size.time_ms.p90, (path.id, size.size)
            assert size.tflops > 0 and size.max_abs_err is not None
    not_measured = [p for p in EVIDENCE.gelu.paths if p.status != "measured"]
    assert all(p.reason and p.reason.zh and p.reason.en for p in not_measured)


def test_at_least_fifteen_chain_steps_show_real_output_in_both_languages(built_site):
    for prefix, lang in (("", "zh"), ("en/", "en")):
        for (chain_id, step), artifact_ids in EVIDENCE.by_step.items():
            page = (built_site / prefix / "chains" / chain_id / "index.html").read_text(encoding="utf-8")
            item = re.search(rf'<li data-step="{step}">(.*?)(?=<li data-step=|</ol></div>)', page, re.S).group(1)
            summaries = [
                html.unescape(re.sub(r"<[^>]+>", "", s)) for s in re.findall(r"<summary>(.*?)</summary>", item)
            ]
            for artifact_id in artifact_ids:
                title = re.sub(r"`", "", getattr(EVIDENCE.artifact(artifact_id).title, lang))
                assert any(title in summary for summary in summaries), (lang, chain_id, step, artifact_id, summaries)
    assert len(EVIDENCE.by_step) >= 15


def test_excerpts_render_escaped_with_a_link_to_the_full_excerpt(built_site):
    artifact = EVIDENCE.artifact("triton-ttir")
    assert "<bf16>" in artifact.excerpt  # compiler output full of angle brackets
    page = (built_site / "en" / "chains" / "triton-pipeline" / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<details class="example gsm-evidence">.*?</details>', page, re.S).group(0)
    code = re.search(r"<pre><code>(.*?)</code></pre>", block, re.S).group(1)
    assert "<bf16>" not in code and "&lt;bf16&gt;" in code
    assert html.unescape(code) == artifact.excerpt.rstrip("\n")
    full = re.search(r'<a href="([^"]+)">full excerpt</a>', block).group(1)
    published = (built_site / "en" / "chains" / "triton-pipeline" / full).resolve()
    assert published.read_text(encoding="utf-8") == (EVIDENCE.folder / artifact.excerpt_file).read_text(
        encoding="utf-8"
    )


def test_the_measured_page_shows_every_path_with_its_provenance(built_site):
    for prefix, lang in (("", "zh"), ("en/", "en")):
        page = (built_site / prefix / "measured" / "index.html").read_text(encoding="utf-8")
        for path in EVIDENCE.gelu.paths:
            assert html.escape(getattr(path.label, lang), quote=False) in page, (lang, path.id)
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
    artifacts = data_copy / "evidence" / "artifacts.yaml"
    replace_in(artifacts, "{chain: triton-pipeline, step: 3}", "{chain: triton-pipelin, step: 3}")
    done = run_validate(data_copy)
    assert done.returncode == 1
    line = line_of(artifacts, "triton-pipelin,")
    assert f"evidence/artifacts.yaml:{line}:" in done.stderr
    assert "unknown chain id 'triton-pipelin'" in done.stderr and "Traceback" not in done.stderr


def test_evidence_naming_a_step_past_the_chain_end_is_rejected(data_copy):
    artifacts = data_copy / "evidence" / "artifacts.yaml"
    steps = len(MODEL.chains["triton-pipeline"].steps)
    replace_in(artifacts, "{chain: triton-pipeline, step: 3}", f"{{chain: triton-pipeline, step: {steps + 1}}}")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"chain 'triton-pipeline' has {steps} steps, not {steps + 1}" in done.stderr
