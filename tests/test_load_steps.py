"""Each step of `loading.load()` called on its own: what it reads, what it adds, what it reports.

The steps run on the real data or on a copy with one small break, and each test asserts on what
that step alone is responsible for.
"""

from __future__ import annotations

from conftest import ROOT, replace_in

from macros.core.data import loading
from macros.core.data.model import chain_tool_ids


def test_parse_reads_every_registered_file_and_keeps_the_ids_of_a_broken_record(data_copy):
    tools = data_copy / "tools.yaml"
    first = loading.parse(data_copy).records["tools"][0][1]
    # Break the first tool's kind: the record is invalid, but its id is still written.
    replace_in(tools, f"  - id: {first.id}\n", f"  - id: {first.id}\n    nonsense: true\n")
    parsed = loading.parse(data_copy)
    assert set(parsed.records) == set(parsed.written_ids)
    assert first.id in parsed.written_ids["tools"]
    assert first.id not in {record.id for _, record in parsed.records["tools"]}
    assert [p.path for p in parsed.problems] == ["tools[0].nonsense"]


def test_parse_names_a_missing_file(data_copy):
    (data_copy / "kinds.yaml").unlink()
    parsed = loading.parse(data_copy)
    assert parsed.written_ids["kinds"] is None
    assert [p.format() for p in parsed.problems] == [
        "data/kinds.yaml:1:1: file is missing: create it with a top-level 'kinds:' list."
    ]


def test_link_builds_the_collections_and_reverse_indexes():
    model, problems = loading.link(loading.parse(ROOT / "data"))
    assert problems == []
    tool_id, tool = next(iter(model.tools.items()))
    assert model.lines[("tools", tool_id)][0] == "data/tools.yaml"
    chained = next(t for t in model.tools if model.chains_through(t))
    assert all(chained in chain_tool_ids(chain) for chain in model.chains_through(chained))
    assert model.evidence is None and model.findings == {}  # later steps attach these


def test_link_reports_an_id_written_twice(data_copy):
    parsed = loading.parse(data_copy)
    first, second = (record.id for _, record in parsed.records["layers"][:2])
    replace_in(data_copy / "layers.yaml", f"  - id: {second}\n", f"  - id: {first}\n")
    _, problems = loading.link(loading.parse(data_copy))
    assert len(problems) == 1 and f"'{first}'" in problems[0].message


def test_validate_reports_a_reference_to_a_record_that_does_not_exist(data_copy):
    parsed = loading.parse(data_copy)
    layer = parsed.records["tools"][0][1].layer
    replace_in(data_copy / "tools.yaml", f"    layer: {layer}\n", f"    layer: {layer}x\n")
    parsed = loading.parse(data_copy)
    model, _ = loading.link(parsed)
    problems = loading.validate(model, parsed)
    assert [p.message.split(".")[0] for p in problems] == [f"unknown layer '{layer}x'"]


def test_attach_evidence_and_findings_add_what_the_capture_and_the_fact_checks_hold():
    parsed = loading.parse(ROOT / "data")
    model, _ = loading.link(parsed)
    with_evidence, problems = loading.attach_evidence(model, parsed)
    assert problems == [] and with_evidence.evidence and with_evidence.evidence.artifacts
    with_findings, problems = loading.attach_findings(with_evidence, parsed)
    assert problems == [] and with_findings.findings
    assert all(key.split("/")[1] in getattr(with_findings, key.split("/")[0]) for key in with_findings.findings)


def test_attach_warnings_adds_the_translation_status_and_the_warnings():
    parsed = loading.parse(ROOT / "data")
    model, _ = loading.link(parsed)
    warned = loading.attach_warnings(model, parsed)
    assert model.translations is None and warned.translations is not None
    assert warned.warnings == loading.load(ROOT / "data").warnings
