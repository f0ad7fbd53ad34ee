"""Pydantic's validation errors in the project's words: each error becomes a Problem at its
file, line and YAML path, saying what is wrong and how to fix it (the keys allowed, the
language missing, the shape expected)."""

from __future__ import annotations

from pydantic import ValidationError

from . import records as r
from .problems import Problem, did_you_mean
from .yaml_source import SourceFile


def explain(error: ValidationError, source: SourceFile, base: tuple, record_class: type) -> list[Problem]:
    """One Problem per error of a record validated at `base` (its YAML path) in `source`."""
    found = []
    for detail in error.errors(include_url=False):
        loc = tuple(detail["loc"])
        path = base + loc
        kind = detail["type"]
        last = loc[-1] if loc else ""
        if kind == "missing":
            if last in r.LANGUAGE_NAMES:
                language = r.LANGUAGE_NAMES[last]
                message = f'missing {language} text: add `{last}: "…"`.'
            else:
                message = f"missing required key '{last}': add it."
        elif kind == "extra_forbidden":
            allowed = _allowed_keys(record_class, loc[:-1])
            message = f"unknown key '{last}'.{did_you_mean(str(last), allowed)}"
            if allowed:
                message += f" Allowed here: {', '.join(sorted(allowed))}."
        elif kind == "string_too_short":
            message = "empty text: write the text (an optional field may be deleted instead)."
        elif kind == "string_pattern_mismatch" and last in ("url",):
            message = "not an http(s) URL: links must start with https:// (or http://)."
        elif kind == "string_pattern_mismatch":
            message = "not a valid id: use lowercase letters, digits and '-' (e.g. cuda-driver)."
        elif kind == "string_too_long":
            message = "text is too long: keep it under the limit or split it."
        elif kind in ("model_type", "dict_type"):
            message = f"expected a mapping (key: value lines), got {_shape(detail.get('input'))}."
            if _field_record(record_class, loc) is r.Text:
                message += ' Write both languages: {zh: "…", en: "…"}.'
        elif kind == "list_type":
            message = f"expected a list ('- item' lines or [a, b]), got {_shape(detail.get('input'))}."
        elif kind == "string_type" and detail.get("input") is None and last in r.LANGUAGE_NAMES:
            language = r.LANGUAGE_NAMES[last]
            message = f"missing {language} text: write it after `{last}:`."
        elif kind == "string_type":
            message = f"expected text, got {_shape(detail.get('input'))}. Quote it if it is meant as text."
        elif kind == "literal_error":
            message = f"{detail['msg']}."
        elif kind == "too_short":
            message = f"{detail['msg']}."
        else:
            message = f"{detail['msg']}."
        found.append(source.problem(path, message))
    return found


def _field_record(record_class: type, loc: tuple) -> type | None:
    """The record class a location's field holds (e.g. Text for tools[3].input)."""
    current: type | None = record_class
    for part in loc:
        if isinstance(part, int) or current is None:
            continue
        info = current.model_fields.get(part)
        current = _record_in(info.annotation) if info else None
    return current


def _allowed_keys(record_class: type, loc: tuple) -> list[str]:
    """The keys valid at an error's location (for 'Allowed here: …')."""
    current = _field_record(record_class, loc)
    return list(current.model_fields) if current else []


def _record_in(annotation: object) -> type | None:
    if isinstance(annotation, type) and issubclass(annotation, r.Record):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _record_in(arg)
        if found:
            return found
    origin = getattr(annotation, "__origin__", None)
    return _record_in(origin) if origin not in (None, list, dict) and origin is not annotation else None


def _shape(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return {"dict": "a mapping", "list": "a list"}.get(type(value).__name__, type(value).__name__)
