"""JSON Schema for each data file an editor opens, made from the same records the build validates with."""

from __future__ import annotations

import json

from pydantic import BaseModel

from . import fact_checks
from . import records as r
from .evidence import MODELS as EVIDENCE_MODELS

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _schema(name: str, title: str, record: type[BaseModel]) -> tuple[dict, dict]:
    """The schema's header (draft, id, title, the record's first docstring line) and the record's
    own schema with its definitions taken out."""
    body = record.model_json_schema(mode="validation", ref_template="#/$defs/{model}")
    header = {
        "$schema": SCHEMA_DRAFT,
        "$id": name,
        "title": f"GPU Stack Map {title}",
        "description": (record.__doc__ or "").strip().splitlines()[0],
        "$defs": body.pop("$defs", {}),
    }
    return header, body


def list_schema(name: str, title: str, key: str, record: type[BaseModel]) -> dict:
    """Schema of a file that is a mapping with one key, `key`, holding a list of `record`."""
    header, items = _schema(name, title, record)
    return {
        **header,
        "type": "object",
        "properties": {key: {"type": "array", "items": items}},
        "required": [key],
        "additionalProperties": False,
    }


def file_schema(stem: str) -> dict:
    """Schema of data/<stem>.yaml: a mapping with one key holding a list of records."""
    return list_schema(f"{stem}.schema.json", f"data/{stem}.yaml", stem, r.FILES[stem])


def record_schema(name: str, title: str, record: type[BaseModel]) -> dict:
    """Schema of a file that is one record."""
    header, body = _schema(name, title, record)
    for key in ("title", "description"):
        body.pop(key, None)
    return {**header, **body}


def schemas() -> dict[str, dict]:
    """Every schema under data/schema/, by file name: one per data file of `records.FILES`, one for
    the findings files (data/checks/*.yaml) and one per file of data/evidence/ (the datasheet peaks,
    and what the capture program writes, which its import also checks)."""
    every = {f"{stem}.schema.json": file_schema(stem) for stem in r.FILES}
    findings = f"{fact_checks.FOLDER}.schema.json"
    every[findings] = list_schema(
        findings, f"data/{fact_checks.FOLDER}/*.yaml", fact_checks.KEY, fact_checks.RecordCheck
    )
    for file, record in EVIDENCE_MODELS.items():
        name = f"{file.removesuffix('.yaml')}.schema.json"
        every[name] = record_schema(name, f"data/evidence/{file}", record)
    return every


def dumps(schema: dict) -> str:
    """A schema as the exact text committed under data/schema/ (stable key order)."""
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def schema_text(stem: str) -> str:
    """The schema of data/<stem>.yaml as committed under data/schema/."""
    return dumps(file_schema(stem))
