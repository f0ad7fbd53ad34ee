"""The term list enforced: non-preferred English wording, two renderings of 显存 in one record,
British spelling, and tools' "checked" dates: warnings with file:line and the fix."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import ROOT, run_validate
from picks import first_with, model
from written import Written

MODEL = model()
# A record whose texts the tests below rewrite: its summary, and its description where one is needed.
TOOL = first_with(MODEL.tools.values(), lambda tool: tool.description is not None, "tool with a description").id


def warnings_of(done: subprocess.CompletedProcess) -> list[str]:
    """The validator's warnings, less the stale-translation ones an English-only edit also causes."""
    return [line for line in done.stderr.splitlines() if ": warning: " in line and "since the last review" not in line]


def write_summary(data_copy: Path, zh: str, en: str) -> Written:
    """The tool's summary rewritten in both languages; returns tools.yaml as written."""
    tools = Written(data_copy / "tools.yaml")
    tools.set("tools", TOOL, "summary", "zh", text=zh)
    tools.set("tools", TOOL, "summary", "en", text=en)
    return tools


def test_run_time_as_a_noun_is_warned_with_file_line_and_the_preferred_form(data_copy):
    tools = write_summary(
        data_copy, "同一步也可以由驱动在运行时 JIT 完成", "the driver can do the same step by JIT at run time"
    )
    (warning,) = warnings_of(run_validate(data_copy))
    line = tools.line("tools", TOOL, "summary", "en")
    assert re.match(rf".*tools\.yaml:{line}:\d+: warning: tools\[\d+\]\.summary", warning)
    assert '"run time" is not the term list\'s wording: write "runtime"' in warning
    assert "data/terms.yaml, 运行时 → runtime" in warning


def test_cuda_driver_for_the_generic_driver_is_warned_but_kept_where_the_chinese_writes_it(data_copy):
    # The Chinese says 驱动 (the driver): "CUDA Driver" in the English is the wrong wording.
    english = "the CUDA Driver can do the same step by JIT at runtime"
    write_summary(data_copy, "同一步也可以由驱动在运行时 JIT 完成", english)
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"CUDA Driver" is not the term list\'s wording: write "the driver"' in warning
    # Where the Chinese itself writes "CUDA Driver" (the seed's own name), the English may too.
    write_summary(data_copy, "同一步也可以由 CUDA Driver 在运行时 JIT 完成", english)
    assert warnings_of(run_validate(data_copy)) == []


def test_fused_ops_is_warned_and_the_cudnn_feature_name_is_kept(data_copy):
    tools = write_summary(data_copy, "自定义融合算子：优先试它", "Custom fused ops: try it first")
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"fused ops" is not the term list\'s wording: write "fused operator' in warning
    # cuDNN's description writes "fused ops" because the seed's Chinese does ("fused op 和 graph API").
    assert "fused ops and a graph API" in tools.text


def test_two_renderings_of_gpu_memory_in_one_record_are_warned(data_copy):
    tools = write_summary(data_copy, "显式分配显存的调用。", "A call that explicitly allocates GPU memory.")
    tools.set("tools", TOOL, "description", "zh", text="它分配的显存在 kernel 结束后仍然有效。")
    tools.set("tools", TOOL, "description", "en", text="The device memory it allocates outlives the kernel.")
    (warning,) = warnings_of(run_validate(data_copy))
    assert 'renders 显存 both as "' in warning and "GPU memory" in warning and "device memory" in warning
    assert "pick one" in warning


def test_british_spelling_is_warned_with_the_american_form(data_copy):
    tools = write_summary(data_copy, "一个常用的调用。", "A call that utilises the GPU.")
    (warning,) = warnings_of(run_validate(data_copy))
    assert '"utilises" is British spelling: write "utilizes"' in warning
    # CUTLASS, cuBLAS and cuDNN write "epilogue": not reported.
    assert "epilogue" in tools.text


def test_a_check_older_than_a_year_is_warned(data_copy):
    tools = Written(data_copy / "tools.yaml")
    tool = first_with(MODEL.tools.values(), lambda tool: tool.checked is not None, "checked tool").id
    tools.set("tools", tool, "checked", "date", text="2024-01")
    (warning,) = warnings_of(run_validate(data_copy))
    assert f"tools.yaml:{tools.line('tools', tool)}:1: warning:" in warning
    assert f"'{tool}' was last checked 2024-01, more than 12 months ago" in warning
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
    tools, findings = Written(data_copy / "tools.yaml"), data_copy / "checks" / "chains.yaml"
    tool = first_with(MODEL.tools.values(), lambda tool: tool.checked is not None, "checked tool").id
    tools.delete("tools", tool, "checked")
    checks = yaml.safe_load(findings.read_text(encoding="utf-8"))
    chain = checks["checks"].pop(0)["record"].removeprefix("chains/")
    findings.write_text(yaml.safe_dump(checks, allow_unicode=True), encoding="utf-8")
    listed = list_unchecked(data_copy)
    assert f"tools.yaml:{tools.line('tools', tool)}:1: note: tools[" in listed
    assert f"'{tool}' is not yet checked against its official documentation" in listed
    assert f"chain '{chain}' has no findings in data/checks/" in listed
    assert "2 record(s) not yet checked against their sources, or checked without findings" in listed
