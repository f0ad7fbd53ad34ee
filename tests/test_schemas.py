"""Every data file an editor opens names its JSON Schema on its first line, that schema is the one
`export-schema` writes now, and the file satisfies it; the schemas and the loader reject the same
broken findings and datasheet peaks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import ROOT, run_validate

from macros.core.data.schema import dumps, schemas
from scripts.capture.yamlout import HEADER

DATA = ROOT / "data"
SCHEMAS = schemas()
SCHEMA_LINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")
# The files the capture program writes start with its header: nobody edits them, its import checks them.
GENERATED = HEADER.split("{step}")[0]


def edited_files(data_dir: Path) -> list[Path]:
    """Every YAML file under `data_dir`, at any depth, but those the capture program writes."""
    return [
        path for path in sorted(data_dir.rglob("*.yaml")) if not path.read_text(encoding="utf-8").startswith(GENERATED)
    ]


def schema_problems(path: Path, data_dir: Path) -> list[str]:
    """What keeps the data file at `path` from having a current schema it satisfies (none: it has one)."""
    text = path.read_text(encoding="utf-8")
    named = SCHEMA_LINE.fullmatch(text.partition("\n")[0])
    if not named:
        return [f"{path.name}: the first line names no schema: add `# yaml-language-server: $schema=…`"]
    schema_file = (path.parent / named[1]).resolve()
    if schema_file.parent != (data_dir / "schema").resolve() or schema_file.name not in SCHEMAS:
        return [f"{path.name}: names {named[1]}, which `export-schema` does not write"]
    if not schema_file.exists():
        return [f"{path.name}: names {named[1]}, which is missing: run `python -m scripts export-schema`"]
    committed = schema_file.read_text(encoding="utf-8")
    if committed != dumps(SCHEMAS[schema_file.name]):
        return [f"{schema_file.name} is stale: run `python -m scripts export-schema` and commit data/schema/"]
    validator = jsonschema.Draft202012Validator(json.loads(committed))
    return [
        f"{path.name}: {'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator.iter_errors(yaml.safe_load(text))
    ]


@pytest.mark.parametrize("path", edited_files(DATA), ids=lambda path: path.relative_to(DATA).as_posix())
def test_every_data_file_names_a_current_schema_and_satisfies_it(path):
    assert schema_problems(path, DATA) == []


def test_data_schema_holds_exactly_the_schemas_export_writes_and_each_is_named():
    assert sorted(p.name for p in (DATA / "schema").iterdir()) == sorted(SCHEMAS)
    lines = [SCHEMA_LINE.fullmatch(p.read_text(encoding="utf-8").partition("\n")[0]) for p in edited_files(DATA)]
    assert {Path(line[1]).name for line in lines if line} == set(SCHEMAS)


def test_the_findings_and_the_datasheet_peaks_are_among_the_files_held_to_a_schema():
    held = {p.relative_to(DATA).as_posix() for p in edited_files(DATA)}
    assert {p.relative_to(DATA).as_posix() for p in (DATA / "checks").glob("*.yaml")} <= held
    assert "evidence/hardware.yaml" in held


def test_a_data_file_without_its_schema_line_or_its_schema_is_caught(data_copy):
    findings = data_copy / "checks" / "tools-0.yaml"
    text = findings.read_text(encoding="utf-8")
    findings.write_text(text.partition("\n")[2], encoding="utf-8")
    assert "names no schema" in schema_problems(findings, data_copy)[0]
    findings.write_text(text, encoding="utf-8")
    (data_copy / "schema" / "checks.schema.json").unlink()
    assert "is missing" in schema_problems(findings, data_copy)[0]
    hardware = data_copy / "evidence" / "hardware.yaml"
    hardware.write_text(hardware.read_text(encoding="utf-8").replace("unit: TB/s", "unit: 3"), encoding="utf-8")
    assert "peaks/memory_tbs/unit" in schema_problems(hardware, data_copy)[0]


def _first_check(data_dir: Path) -> dict:
    return yaml.safe_load((data_dir / "checks" / "tools-0.yaml").read_text(encoding="utf-8"))["checks"][0]


# Each breaks the first check of data/checks/tools-0.yaml (its first finding is a confirmed, quoted one).
BROKEN_FINDINGS = {
    "unknown key": lambda check: check["findings"][0].update(colour="red"),
    "unknown verdict": lambda check: check["findings"][0].update(verdict="probably"),
    "no findings": lambda check: check.update(findings=[]),
    "month 13": lambda check: check.update(date="2026-13"),
    "unknown collection": lambda check: check.update(record="tool/" + check["record"].partition("/")[2]),
    "corrected without fix": lambda check: check["findings"][0].update(verdict="corrected"),
    "confirmed without quote": lambda check: check["findings"][0].pop("quote"),
    "outdated without url": lambda check: check["findings"][0].update(verdict="outdated", fix="Now says so.", url=None),
    "confirmed retiring wording": lambda check: check["findings"][0].update(retired=["old words"]),
}


def _findings_verdicts(data_dir: Path, check: dict) -> tuple[str, list]:
    """(what the validator says, the schema's errors) for data/checks/tools-0.yaml holding only `check`."""
    findings = data_dir / "checks" / "tools-0.yaml"
    findings.write_text(yaml.safe_dump({"checks": [check]}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    done = run_validate(data_dir)
    said = "" if done.returncode == 0 else done.stderr
    schema = jsonschema.Draft202012Validator(SCHEMAS["checks.schema.json"])
    return said, list(schema.iter_errors({"checks": [check]}))


def test_the_findings_schema_and_the_loader_accept_the_unbroken_check(data_copy):
    assert _findings_verdicts(data_copy, _first_check(data_copy)) == ("", [])


@pytest.mark.parametrize("break_it", BROKEN_FINDINGS.values(), ids=BROKEN_FINDINGS)
def test_the_findings_schema_rejects_what_the_loader_rejects(data_copy, break_it):
    check = _first_check(data_copy)
    break_it(check)
    said, errors = _findings_verdicts(data_copy, check)
    assert "checks/tools-0.yaml" in said, "the loader accepts it"
    assert errors, "the schema accepts it"


BROKEN_PEAKS = {
    "unknown key": ("  memory_tbs: {value: 4.8,", "  memory_tbs: {colour: red, value: 4.8,"),
    "no unit": ("{value: 4.8, unit: TB/s,", "{value: 4.8,"),
    "negative peak": ("{value: 4.8,", "{value: -4.8,"),
    "variant not an id": ("variant: h200-variant", "variant: H200 Variant"),
    "no peaks": ("peaks:\n  bf16_dense_tflops", "peak:\n  bf16_dense_tflops"),
}


@pytest.mark.parametrize(("written", "broken"), BROKEN_PEAKS.values(), ids=BROKEN_PEAKS)
def test_the_hardware_schema_rejects_what_the_evidence_loader_rejects(data_copy, written, broken):
    hardware = data_copy / "evidence" / "hardware.yaml"
    text = hardware.read_text(encoding="utf-8")
    assert written in text
    hardware.write_text(text.replace(written, broken, 1), encoding="utf-8")
    done = run_validate(data_copy)
    assert done.returncode == 1 and "evidence/hardware.yaml" in done.stderr, "the loader accepts it"
    assert schema_problems(hardware, data_copy), "the schema accepts it"
