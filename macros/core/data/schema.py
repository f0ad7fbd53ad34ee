"""JSON Schema for each data file, made from the same records the build validates with."""

from __future__ import annotations

import json

from . import records as r

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def file_schema(stem: str) -> dict:
    """Schema of data/<stem>.yaml: a mapping with one key holding a list of records."""
    record = r.FILES[stem]
    items = record.model_json_schema(mode="validation", ref_template="#/$defs/{model}")
    defs = items.pop("$defs", {})
    return {
        "$schema": SCHEMA_DRAFT,
        "$id": f"{stem}.schema.json",
        "title": f"GPU Stack Map data/{stem}.yaml",
        "description": (record.__doc__ or "").strip().splitlines()[0],
        "type": "object",
        "properties": {stem: {"type": "array", "items": items}},
        "required": [stem],
        "additionalProperties": False,
        "$defs": defs,
    }


def schema_text(stem: str) -> str:
    """The schema as the exact text committed under data/schema/ (stable key order)."""
    return json.dumps(file_schema(stem), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
