"""The evidence schema: the committed files validate, and unknown chain/step/tool ids are reported at file:line."""

from __future__ import annotations

import shutil
from pathlib import Path

from macros.core.data import evidence_checks
from macros.core.data.loading import check_evidence

ROOT = Path(__file__).resolve().parents[2]
EVIDENCE = ROOT / "data" / "evidence"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "evidence"
    shutil.copytree(EVIDENCE, target)
    return target


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_committed_evidence_has_no_problems():
    assert check_evidence(EVIDENCE, ROOT / "data") == []


def test_unknown_chain_id_names_file_and_line(tmp_path):
    evidence = _copy(tmp_path)
    path = evidence / "artifacts.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "{chain: ptx-position, step: sass-cubin-native-code}", "{chain: ptx-positon, step: sass-cubin-native-code}", 1
    )
    path.write_text(text, encoding="utf-8")
    problems = check_evidence(evidence, ROOT / "data")
    assert [(p.file, p.line, p.message) for p in problems] == [
        (
            "data/evidence/artifacts.yaml",
            _line_of(text, "ptx-positon"),
            "unknown chain 'ptx-positon'. Did you mean 'ptx-position'? If it is new, add it to data/chains.yaml first.",
        )
    ]
    assert problems[0].path.endswith("].chain")


def test_a_step_id_the_chain_does_not_have_is_reported_on_the_step_with_the_ids_it_has(tmp_path):
    evidence = _copy(tmp_path)
    path = evidence / "artifacts.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "{chain: ptx-position, step: sass-cubin-native-code}", "{chain: ptx-position, step: sass-cubin}", 1
    )
    path.write_text(text, encoding="utf-8")
    problems = check_evidence(evidence, ROOT / "data")
    assert len(problems) == 1
    assert problems[0].line == _line_of(text, "step: sass-cubin}")
    assert "chain 'ptx-position' has no step with id 'sass-cubin'" in problems[0].message
    assert "sass-cubin-native-code" in problems[0].message and "give the step `id: sass-cubin`" in problems[0].message


def test_an_excerpt_bound_to_a_step_about_another_tool_is_reported(tmp_path):
    # Triton's PTX is not evidence for the nvcc step of the CUDA C++ chain.
    evidence = _copy(tmp_path)
    path = evidence / "artifacts.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "{chain: ptx-position, step: ptx}", "{chain: cuda-cpp-direct, step: nvcc}", 1
    )
    path.write_text(text, encoding="utf-8")
    problems = check_evidence(evidence, ROOT / "data")
    assert len(problems) == 1, problems
    assert problems[0].line == _line_of(text, "{chain: cuda-cpp-direct, step: nvcc}")
    assert "step 'nvcc' of chain 'cuda-cpp-direct' is about" in problems[0].message
    assert "made by 'triton'" in problems[0].message


def test_unknown_tool_id_in_a_path_row_is_reported(tmp_path):
    evidence = _copy(tmp_path)
    path = evidence / "gelu-paths.yaml"
    text = path.read_text(encoding="utf-8").replace("tools: [cupy, cublas, nvrtc]", "tools: [cupy, cublas, nvrtcc]", 1)
    path.write_text(text, encoding="utf-8")
    problems = check_evidence(evidence, ROOT / "data")
    assert [(p.file, p.line, p.message) for p in problems] == [
        (
            "data/evidence/gelu-paths.yaml",
            _line_of(text, "nvrtcc"),
            "unknown tool 'nvrtcc'. Did you mean 'nvrtc'? If it is new, add it to data/tools.yaml first.",
        )
    ]


def test_reference_check_works_on_a_small_snippet():
    text = (
        "artifacts:\n  - id: a\n    producer_tool: ptx\n    refs:\n      - {chain: known, step: two}\n"
        "      - {chain: nope, step: one}\n    tools: [ptx, nope-tool]\n"
    )
    about = evidence_checks.StepAbout(frozenset({"ptx"}), frozenset({"ptx"}))
    problems = evidence_checks.reference_problems("x.yaml", text, {"known": {"two": about}}, {"ptx"})
    assert [(p.line, p.path) for p in problems] == [
        (6, "artifacts[0].refs[1].chain"),
        (7, "artifacts[0].tools[1]"),
    ]


def test_schema_error_points_at_the_bad_value(tmp_path):
    evidence = _copy(tmp_path)
    path = evidence / "gelu-paths.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("status: measured", "status: measurd", 1)
    path.write_text(text, encoding="utf-8")
    problems = check_evidence(evidence, ROOT / "data")
    assert len(problems) == 1
    assert problems[0].line == _line_of(text, "status: measurd")
    assert problems[0].path == "paths.0.status"


def test_missing_excerpt_file_is_a_problem(tmp_path):
    evidence = _copy(tmp_path)
    (evidence / "excerpts" / "triton-ptx.txt").unlink()
    problems = check_evidence(evidence, ROOT / "data")
    assert [p.message for p in problems] == ["excerpts/triton-ptx.txt is missing: re-run the capture import."]


def test_every_measured_path_has_kernels_times_and_versions():
    import yaml

    doc = yaml.safe_load((EVIDENCE / "gelu-paths.yaml").read_text(encoding="utf-8"))
    assert doc["run"]["versions"]["torch"] and doc["run"]["gpu"]
    measured = [p for p in doc["paths"] if p["status"] == "measured"]
    assert len(measured) >= 9
    for row in measured:
        for size in row["sizes"]:
            assert size["kernels"] and size["time_ms"]["median"] > 0 and size["tflops"] > 0
    assert {p["id"] for p in doc["paths"] if p["status"] == "not-measured"} == {"tensorrt", "onnxruntime-cuda"}


def test_at_least_fifteen_chain_steps_have_an_excerpt():
    import yaml

    doc = yaml.safe_load((EVIDENCE / "artifacts.yaml").read_text(encoding="utf-8"))
    steps = {(ref["chain"], ref["step"]) for artifact in doc["artifacts"] for ref in artifact["refs"]}
    assert len(steps) >= 15
