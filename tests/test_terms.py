"""The term list enforced: non-preferred English wording, two renderings of 显存 in one record,
British spelling, and tools' "checked" dates: warnings with file:line and the fix."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import ROOT, line_of, replace_in, run_validate

NVRTC_NOTE = 'en: "the driver can do the same step by JIT at runtime"'


def warnings_of(done: subprocess.CompletedProcess) -> list[str]:
    """The validator's warnings, less the stale-translation ones an English-only edit also causes."""
    return [line for line in done.stderr.splitlines() if ": warning: " in line and "since the last review" not in line]


def test_run_time_as_a_noun_is_warned_with_file_line_and_the_preferred_form(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, NVRTC_NOTE, 'en: "the driver can do the same step by JIT at run time"')
    (warning,) = warnings_of(run_validate(data_copy))
    assert re.match(
        rf".*tools\.yaml:{line_of(tools, 'JIT at run time')}:\d+: warning: tools\[\d+\]\.relations", warning
    )
    assert '"run time" is not the term list\'s wording: write "runtime"' in warning
    assert "data/terms.yaml, 运行时 → runtime" in warning


def test_cuda_driver_for_the_generic_driver_is_warned_but_kept_where_the_chinese_writes_it(data_copy):
    tools = data_copy / "tools.yaml"
    # The Chinese says 驱动 (the driver): "CUDA Driver" in the English is the wrong wording.
    replace_in(tools, NVRTC_NOTE, 'en: "the CUDA Driver can do the same step by JIT at runtime"')
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"CUDA Driver" is not the term list\'s wording: write "the driver"' in warning
    # Where the Chinese itself writes "CUDA Driver" (the seed's own name), the English may too.
    replace_in(tools, 'zh: "同一步也可以由驱动在运行时 JIT 完成"', 'zh: "同一步也可以由 CUDA Driver 在运行时 JIT 完成"')
    assert warnings_of(run_validate(data_copy)) == []


def test_fused_ops_is_warned_and_the_cudnn_feature_name_is_kept(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, "Custom fused deep-learning operators: try Triton first", "Custom fused ops: try Triton first")
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"fused ops" is not the term list\'s wording: write "fused operator' in warning
    # cuDNN's description writes "fused ops" because the seed's Chinese does ("fused op 和 graph API").
    assert "fused ops and a graph API" in tools.read_text(encoding="utf-8")


def test_two_renderings_of_gpu_memory_in_one_record_are_warned(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(
        tools,
        'en: "The CUDA Runtime API call that explicitly allocates GPU memory."',
        'en: "The CUDA Runtime API call that explicitly allocates device memory."',
    )
    (warning,) = warnings_of(run_validate(data_copy))
    assert 'renders 显存 both as "' in warning and "GPU memory" in warning and "device memory" in warning
    assert "pick one" in warning


def test_british_spelling_is_warned_with_the_american_form(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(
        tools,
        "The CUDA Runtime API call that explicitly allocates",
        "The CUDA Runtime API call that explicitly utilises",
    )
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"utilises" is British spelling: write "utilizes"' in warning
    # CUTLASS, cuBLAS and cuDNN write "epilogue": not reported.
    assert "epilogue" in tools.read_text(encoding="utf-8")


def test_a_check_older_than_a_year_is_warned(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(
        tools,
        'checked: {date: "2026-12", version: "TensorRT-LLM 1.1"',
        'checked: {date: "2024-01", version: "TensorRT-LLM 0.7"',
    )
    (warning,) = warnings_of(run_validate(data_copy))
    assert f"tools.yaml:{line_of(tools, '  - id: tensorrt-llm')}:1: warning:" in warning
    assert "'tensorrt-llm' was last checked 2024-01, more than 12 months ago" in warning
    assert "starting from its findings in data/checks/" in warning


def list_unchecked(data_dir: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scripts", "validate", "--data", str(data_dir), "--unchecked"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_record_is_checked_so_the_unchecked_list_is_empty():
    listed = list_unchecked(ROOT / "data")
    assert listed.splitlines()[:-1] == [], listed  # only the closing "data OK" line


def test_the_unchecked_list_names_records_without_a_check_or_without_findings(data_copy):
    tools, findings = data_copy / "tools.yaml", data_copy / "checks" / "chains.yaml"
    replace_in(tools, '    checked: {date: "2026-12", against: [cuda-runtime-memory-management-docs]}\n', "")
    checks = yaml.safe_load(findings.read_text(encoding="utf-8"))
    checks["checks"] = [c for c in checks["checks"] if c["record"] != "chains/basic-path"]
    findings.write_text(yaml.safe_dump(checks, allow_unicode=True), encoding="utf-8")
    listed = list_unchecked(data_copy)
    assert f"tools.yaml:{line_of(tools, '  - id: cuda-malloc')}:1: note: tools[" in listed
    assert "'cuda-malloc' is not yet checked against its official documentation" in listed
    assert "chain 'basic-path' has no findings in data/checks/" in listed
    assert "2 record(s) not yet checked against their sources, or checked without findings" in listed
