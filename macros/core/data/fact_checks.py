"""The findings behind each record's check: what was compared with what, quoted (data/checks/*.yaml).

A record's `checked` line says *that* it was compared with its documentation; the findings say
*how*: every claim, the verdict, the source's own words and where they are, so the next check
starts from them instead of from scratch. The site does not show them; `validate` checks that
they name real records and references, and `validate --unchecked` lists what has none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field

from . import records as r
from .checks import _walk as walk
from .checks import unknown_ids, unknown_reference
from .problems import Problem, did_you_mean
from .yaml_source import SourceFile, read_yaml

FOLDER = "checks"
KEY = "checks"  # the one top-level key of a findings file, holding its list of RecordCheck
# Collections whose records are checked against sources, as findings name them ("tools/triton").
CHECKED = {target.collection: target for target in (r.TOOL, r.TERM, r.CHAIN, r.TABLE, r.LIST)}
# What `record` can be, for editors: the loader says the same with a message (`_check_problems`).
RECORD_KEY = rf"^({'|'.join(CHECKED)})/[a-z0-9]+(-[a-z0-9]+)*$"
# The rules `_check_problems` holds a finding's fields to, written for editors' JSON Schema:
# every verdict but confirmed says what changed, a confirmed claim retires no wording, and every
# verdict but unverified quotes its source. tests/test_schemas.py holds both to the same verdicts.
FINDING_RULES = [
    {
        "if": {"properties": {"verdict": {"const": "confirmed"}}},
        "then": {"properties": {"retired": {"maxItems": 0}}},
        "else": {"required": ["fix"], "properties": {"fix": {"type": "string"}}},
    },
    {
        "if": {"properties": {"verdict": {"const": "unverified"}}},
        "else": {"required": ["quote", "url"], "properties": {"quote": {"type": "string"}, "url": {"type": "string"}}},
    },
]


class Finding(r.Record):
    """One claim of a record compared with one source."""

    model_config = ConfigDict(json_schema_extra={"allOf": FINDING_RULES})

    field: r.NonEmpty = Field(description="The record's field the claim is in: summary, suits/0, relations …")
    claim: r.NonEmpty = Field(description="The record's claim, briefly, in English")
    verdict: Literal["confirmed", "corrected", "outdated", "unverified"]
    ref: r.ReferenceId | None = Field(None, description="Reference id of the source (data/references.yaml)")
    url: r.Url | None = None
    quote: r.NonEmpty | None = Field(None, description="The source's own words")
    fix: r.NonEmpty | None = Field(None, description="What changed in the record (all verdicts but confirmed)")
    retired: list[r.NonEmpty] = Field(
        default_factory=list,
        description="Wording of the claim this correction replaced, in either language: no data text may say it "
        "again (a table cell, a glossary entry, a list item, a chain note), so the correction reaches every page",
    )


class RecordCheck(r.Record):
    """Every finding about one record, from one check."""

    record: r.NonEmpty = Field(
        description="collection/id, e.g. tools/triton or glossary/warp", json_schema_extra={"pattern": RECORD_KEY}
    )
    date: r.CheckDate
    version: r.NonEmpty | None = None
    findings: list[Finding] = Field(min_length=1)


def load_findings(
    data_dir: Path,
    display_root: str,
    written_ids: Mapping[str, set[str] | None],
    validate_file: Callable[[SourceFile, str, type, list[Problem]], list[tuple[int, RecordCheck]]],
) -> tuple[dict[str, RecordCheck], list[Problem]]:
    """Every RecordCheck by record key, and the problems of the files that hold them; each file is
    checked by `validate_file`, the same record validation (and messages) as every data file's, and
    its references by the same check (`written_ids`: the ids each data file defines)."""
    found: dict[str, RecordCheck] = {}
    where: dict[str, str] = {}
    problems: list[Problem] = []
    folder = data_dir / FOLDER
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        source, read_problems = read_yaml(path, f"{display_root}/{FOLDER}/{path.name}")
        problems += read_problems
        if read_problems:
            continue
        for index, check in validate_file(source, KEY, RecordCheck, problems):
            problems += unknown_ids(check, source, (KEY, index), written_ids)
            problems += _check_problems(source, index, check, written_ids)
            at = source.locate((KEY, index))[0]
            if check.record in found:
                problems.append(
                    source.problem(
                        (KEY, index, "record"),
                        f"'{check.record}' already has findings at {where[check.record]}: merge the two entries.",
                    )
                )
                continue
            found[check.record] = check
            where[check.record] = f"{source.name}:{at}"
    return found, problems


def retired_claims(found: Mapping[str, RecordCheck], sources: Mapping[str, SourceFile]) -> list[Problem]:
    """Every data text that still says what a correction retired (a finding's `retired` wording,
    matched without regard to case): one statement per fact, so a correction reaches every page."""
    retired = [
        (phrase.casefold(), key, finding)
        for key, check in found.items()
        for finding in check.findings
        for phrase in finding.retired
    ]
    problems = []
    for source in sources.values():
        for path, value in walk(source.data, ()):
            if not isinstance(value, str):
                continue
            said = value.casefold()
            for phrase, key, finding in retired:
                if phrase in said:
                    problems.append(
                        source.problem(
                            path,
                            f"says '{phrase}', which a correction of {key} retired ({finding.fix}). "
                            f"Say what {key} says now, or link to it instead of repeating it.",
                        )
                    )
    return problems


def _check_problems(
    source: SourceFile,
    index: int,
    check: RecordCheck,
    written_ids: Mapping[str, set[str] | None],
) -> list[Problem]:
    problems = []
    collection, _, record_id = check.record.partition("/")
    at = (KEY, index, "record")
    if collection in CHECKED:
        # The record's id goes through the one check every id goes through.
        unknown = unknown_reference(record_id, CHECKED[collection], written_ids)
        if unknown:
            problems.append(source.problem(at, unknown))
    else:
        problems.append(
            source.problem(
                at,
                f"no collection '{collection}'.{did_you_mean(collection, CHECKED)} "
                f"Name the record as collection/id, the collection one of {', '.join(CHECKED)}.",
            )
        )
    for i, finding in enumerate(check.findings):
        at = (KEY, index, "findings", i)
        if finding.verdict != "confirmed" and finding.fix is None:
            problems.append(
                source.problem(at + ("fix",), f"a '{finding.verdict}' finding says what changed: add `fix:`.")
            )
        if finding.retired and finding.verdict == "confirmed":
            problems.append(
                source.problem(
                    at + ("retired",),
                    "a confirmed claim retires no wording: drop `retired:`.",
                )
            )
        if finding.verdict != "unverified" and not (finding.quote and finding.url):
            problems.append(
                source.problem(
                    at, f"a '{finding.verdict}' finding quotes its source: add `quote:` and `url:` (or say unverified)."
                )
            )
    return problems
