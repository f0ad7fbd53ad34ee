"""The validated model as versioned JSON (/data/stack.json) with its JSON Schema beside it.

Other tools and sites can reuse the map without parsing YAML or re-checking references.
"""

from __future__ import annotations

import json

from ..data import records as r
from ..data.schema import SCHEMA_DRAFT

EXPORT_FORMAT = 1


def export_model(model, version: str) -> dict:
    """Every record, in data-file order, as plain JSON values."""
    exported = {"format": EXPORT_FORMAT, "version": version}
    for stem in r.FILES:
        records = getattr(model, stem)
        records = records.values() if r.keyed(stem) else records
        exported[stem] = [record.model_dump(mode="json", exclude_defaults=True) for record in records]
    return exported


def export_schema() -> dict:
    """JSON Schema of stack.json: one array per collection, records as in data/schema/."""
    properties: dict = {"format": {"const": EXPORT_FORMAT}, "version": {"type": "string"}}
    defs: dict = {}
    for stem, record in r.FILES.items():
        schema = record.model_json_schema(mode="validation", ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        properties[stem] = {"type": "array", "items": schema}
    return {
        "$schema": SCHEMA_DRAFT,
        "$id": "stack.schema.json",
        "title": "GPU Stack Map data export",
        "type": "object",
        "properties": properties,
        "required": ["format", "version", *r.FILES],
        "additionalProperties": False,
        "$defs": defs,
    }


def dumps(value: dict) -> str:
    """Stable JSON text (sorted keys, UTF-8) so identical data gives identical files."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
