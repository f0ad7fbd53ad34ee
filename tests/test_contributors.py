"""What a contributor relies on: editor schemas, warnings, the scaffold, the diagram diff, the export."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import jsonschema
import pytest
import yaml
from conftest import ROOT, run_validate

from macros.core.data import records as r
from macros.core.data.loading import load
from macros.core.data.schema import schema_text

MODEL = load(ROOT / "data")


@pytest.mark.parametrize("stem", list(r.FILES))
def test_committed_schema_is_current_and_named_at_the_top_of_its_data_file(stem):
    committed = (ROOT / "data" / "schema" / f"{stem}.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(stem), "run `python -m scripts export-schema` and commit data/schema/"
    first_line = (ROOT / "data" / f"{stem}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first_line == f"# yaml-language-server: $schema=schema/{stem}.schema.json"


@pytest.mark.parametrize("stem", list(r.FILES))
def test_schema_accepts_the_real_data(stem):
    schema = json.loads(schema_text(stem))
    data = yaml.safe_load((ROOT / "data" / f"{stem}.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)


@pytest.mark.parametrize(
    "broken",
    [
        {"id": "x", "name": "X", "layer": "ir", "kind": "library", "summary": {"zh": "中文"}},  # no English
        {
            "id": "x",
            "name": "X",
            "kind": "library",
            "summary": {"zh": "中文", "en": "x"},
            "colour": "red",
        },  # unknown key
        {"id": "Bad Id", "name": "X", "kind": "library", "summary": {"zh": "中文", "en": "x"}},  # id shape
        {"id": "x", "name": "X", "kind": "library", "summary": "one language only"},  # plain string summary
        {"id": "x", "name": "X", "kind": "library", "summary": {"zh": "中文", "en": ""}},  # empty text
    ],
)
def test_schema_rejects_broken_tool_records(broken):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"tools": [broken]}, json.loads(schema_text("tools")))


def test_likely_mistakes_are_warnings_not_errors(data_copy):
    references = data_copy / "references.yaml"
    text = references.read_text(encoding="utf-8").replace("https://halide-lang.org/", "http://halide-lang.org/")
    references.write_text(text, encoding="utf-8")
    layers = data_copy / "layers.yaml"
    text = layers.read_text(encoding="utf-8").replace(
        'gives: {zh: 计算结果, en: "Results"}', 'gives: {zh: "Results of the kernels", en: "计算结果"}'
    )
    layers.write_text(text, encoding="utf-8")
    done = run_validate(data_copy)
    assert done.returncode == 0, done.stderr
    assert "warning: references[" in done.stderr and "plain http" in done.stderr
    assert "warning: layers[6].gives.zh: the zh text has no Chinese" in done.stderr
    assert "warning: layers[6].gives.en: the en text contains Chinese" in done.stderr


def test_scaffolded_tool_validates_once_its_blanks_are_filled(data_copy):
    command = [
        sys.executable,
        "-m",
        "scripts",
        "new-tool",
        "flash-infer",
        "kernel-dsl",
        "--data",
        str(data_copy),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    unfilled = run_validate(data_copy)
    assert unfilled.returncode == 1 and "empty text" in unfilled.stderr  # blanks are caught, not published
    tools = data_copy / "tools.yaml"
    text = tools.read_text(encoding="utf-8")
    start = text.index("  - id: flash-infer")
    record = (
        text[start:].replace('zh: ""', 'zh: "一个示例 kernel 库"').replace('en: ""', 'en: "An example kernel library"')
    )
    tools.write_text(text[:start] + record, encoding="utf-8")
    filled = run_validate(data_copy)
    assert filled.returncode == 0, filled.stderr
    assert load(data_copy).tools["flash-infer"].layer == "kernel-dsl"


def test_scaffold_refuses_a_misspelt_layer_with_a_suggestion(data_copy):
    command = [
        sys.executable,
        "-m",
        "scripts",
        "new-tool",
        "flash-infer",
        "kernal-dsl",
        "--data",
        str(data_copy),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1
    assert "unknown layer 'kernal-dsl'. Did you mean 'kernel-dsl'?" in done.stderr


def test_diagram_diff_reports_exactly_the_changed_diagrams(data_copy, tmp_path):
    chains = data_copy / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    # An English step text that occurs once in the file and differs from its Chinese.
    chain, step = next(
        (c, s)
        for c in MODEL.chains.values()
        if not c.group
        for s in c.steps
        if s.text.zh != s.text.en and text.count(s.text.en) == 1 and len(s.text.en) > 12
    )
    out = tmp_path / "report"
    command = [
        sys.executable,
        "-m",
        "scripts",
        "diff-diagrams",
        "--base-data",
        str(ROOT / "data"),
        "--data",
        str(data_copy),
        "--out",
        str(out),
    ]
    unchanged = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert unchanged.returncode == 0, unchanged.stderr
    assert not re.search(r"^(changed|added|removed): ", unchanged.stdout, re.M)
    chains.write_text(text.replace(step.text.en, step.text.en + " (edited)"), encoding="utf-8")
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    reported = [line for line in done.stdout.splitlines() if re.match(r"(changed|added|removed): ", line)]
    # That chain, in that language only: its wide (desktop) and narrow (phone) layouts.
    assert sorted(reported) == [f"changed: chain-{chain.id}-en", f"changed: chain-{chain.id}-narrow-en"]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and f"chain-{chain.id}-narrow-en" in page


def test_exported_json_round_trips_to_the_same_records(built_site):
    exported = json.loads((built_site / "data" / "stack.json").read_text(encoding="utf-8"))
    schema = json.loads((built_site / "data" / "stack.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(exported, schema)
    assert exported["format"] == 1 and re.fullmatch(r"[0-9a-f]{10}", exported["version"])
    tools = {record["id"]: r.Tool.model_validate(record) for record in exported["tools"]}
    assert tools == MODEL.tools
    chains = {record["id"]: r.Chain.model_validate(record) for record in exported["chains"]}
    assert chains == MODEL.chains
    assert [r.Translation.model_validate(t) for t in exported["terms"]] == MODEL.terms
