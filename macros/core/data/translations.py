"""Which translations may lag behind their other language, from the data files alone.

`data/translations.lock` keeps, for every bilingual field, a hash of each language's text as
it was when the two were last reviewed together. A field whose text changed in one language
only is stale in the other. Works on the files alone, so a shallow CI checkout is enough.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from . import records as r
from .problems import Problem, did_you_mean, format_path
from .yaml_source import SourceFile

LOCK_NAME = "translations.lock"
LANGUAGES = tuple(r.LANGUAGE_NAMES)  # ("zh", "en"): the two sides of every Text field
REVIEWED_COMMAND = "make translations-reviewed FIELD={key}"
LOCK_HEADER = (
    "# Hashes of both languages of every bilingual field, as last reviewed together.\n"
    "# Written by `make translations-reviewed` and `make translations-lock`; do not edit by hand.\n"
    "# field  zh-hash  en-hash\n"
)


@dataclass(frozen=True)
class Field:
    """One bilingual text in the data: where it is, whose it is, and both texts."""

    key: str  # stable name for commands and the lock: tools/triton/summary, tools/triton/suits/0
    source: SourceFile
    path: tuple  # YAML path, for file:line
    record: tuple[str, str] | None  # (collection, record id) of the page that shows it, if any
    texts: dict[str, str]

    def line(self, lang: str | None = None) -> int:
        """The line of this field (or of one language's text) in its file."""
        return self.source.locate(self.path + ((lang,) if lang else ()))[0]

    @property
    def name(self) -> str:
        """The field within its record (summary, suits/0, steps/2/text)."""
        parts = self.key.split("/")
        return "/".join(parts[2:]) if self.record else self.key


@dataclass(frozen=True)
class Stale:
    """A field whose `changed` language was edited since the last review and `lagging` was not."""

    field: Field
    lagging: str

    @property
    def changed(self) -> str:
        return next(lang for lang in LANGUAGES if lang != self.lagging)

    def warning(self) -> Problem:
        """The validator's warning: where, both texts, and what to do."""
        changed, lagging = (r.LANGUAGE_NAMES[self.changed], r.LANGUAGE_NAMES[self.lagging])
        texts = self.field.texts
        message = (
            f"the {changed} text changed since the last review and the {lagging} did not, "
            f"so the {lagging} may be out of date ({self.field.key}). "
            f'{changed} now: "{texts[self.changed]}" {lagging}: "{texts[self.lagging]}" '
            f"Review the {lagging} against the new {changed} (edit it if needed), then run "
            f"`{REVIEWED_COMMAND.format(key=self.field.key)}`."
        )
        return self.field.source.problem(self.field.path + (self.lagging,), message, "warning")


def text_hash(text: str) -> str:
    """A short hash of a text; re-wrapping a long YAML string does not change it."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def bilingual_fields(sources: dict[str, SourceFile]) -> Iterator[Field]:
    """Every {zh, en} text in the data files, in file order."""
    for stem in r.FILES:
        source = sources.get(stem)
        if source is not None and isinstance(source.data, dict):
            yield from _fields(source, source.data.get(stem), (stem,), [stem], None)


def _fields(source: SourceFile, value: object, path: tuple, key: list[str], record) -> Iterator[Field]:
    if isinstance(value, dict):
        if all(lang in value for lang in LANGUAGES):
            texts = {lang: value[lang] if isinstance(value[lang], str) else "" for lang in LANGUAGES}
            yield Field("/".join(key), source, path, record, texts)
            return
        for name, child in value.items():
            yield from _fields(source, child, path + (name,), key + [str(name)], record)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            # Records with an id are keyed by it, so reordering a file does not mark texts stale.
            own_id = child.get("id") if isinstance(child, dict) else None
            if isinstance(own_id, str) and own_id:
                top = len(path) == 1
                yield from _fields(source, child, path + (index,), key + [own_id], (path[0], own_id) if top else record)
            else:
                yield from _fields(source, child, path + (index,), key + [str(index)], record)


# ---------------------------------------------------------------- the lock file

Lock = dict[str, dict[str, str]]  # field key → {lang: hash}


def read_lock(data_dir: Path, display_root: str = "data") -> tuple[Lock, list[Problem]]:
    """The lock's entries; a malformed line is a problem (never an exception)."""
    path = Path(data_dir) / LOCK_NAME
    if not path.exists():
        return {}, []
    lock: Lock = {}
    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 1 + len(LANGUAGES):
            problems.append(
                Problem(
                    f"{display_root}/{LOCK_NAME}",
                    number,
                    1,
                    "",
                    "malformed line (expected: field zh-hash en-hash): "
                    "delete it and run `make translations-lock` to record the field again.",
                    "warning",
                )
            )
            continue
        lock[parts[0]] = dict(zip(LANGUAGES, parts[1:], strict=True))
    return lock, problems


def write_lock(data_dir: Path, lock: Lock) -> None:
    """Write the lock sorted by field, one line each, so diffs stay small."""
    width = max((len(key) for key in lock), default=0)
    body = "".join(f"{key.ljust(width)}  {'  '.join(lock[key][lang] for lang in LANGUAGES)}\n" for key in sorted(lock))
    (Path(data_dir) / LOCK_NAME).write_text(LOCK_HEADER + body, encoding="utf-8")


def hashes(field: Field) -> dict[str, str]:
    return {lang: text_hash(field.texts[lang]) for lang in LANGUAGES}


# ---------------------------------------------------------------- status


@dataclass(frozen=True)
class Status:
    """Every field's state against the lock."""

    stale: tuple[Stale, ...]
    unrecorded: tuple[Field, ...]  # new, or changed in both languages: nothing lags, the lock needs them
    fields: tuple[Field, ...]

    def lagging_in(self, collection: str, record_id: str, lang: str) -> list[Stale]:
        """The stale fields of one record whose `lang` text lags."""
        return [s for s in self.stale if s.field.record == (collection, record_id) and s.lagging == lang]


def status(sources: dict[str, SourceFile], lock: Lock) -> Status:
    """Compare every field with the lock: one language changed → the other is stale."""
    stale, unrecorded = [], []
    fields = tuple(bilingual_fields(sources))
    for field in fields:
        recorded = lock.get(field.key)
        now = hashes(field)
        if recorded == now:
            continue
        same = [lang for lang in LANGUAGES if recorded and recorded.get(lang) == now[lang]]
        if len(same) == 1:
            stale.append(Stale(field, lagging=same[0]))
        else:
            unrecorded.append(field)
    return Status(tuple(stale), tuple(unrecorded), fields)


def mark_reviewed(fields: tuple[Field, ...], lock: Lock, keys: list[str]) -> tuple[Lock, list[str]]:
    """The lock with `keys` recorded as reviewed, or errors (unknown field, empty text)."""
    by_key = {field.key: field for field in fields}
    errors = []
    updated = dict(lock)
    for key in keys:
        field = by_key.get(key)
        if field is None:
            errors.append(f"{key}: no such bilingual field.{did_you_mean(key, by_key)}")
            continue
        empty = [lang for lang in LANGUAGES if not field.texts[lang].strip()]
        if empty:
            names = " and ".join(r.LANGUAGE_NAMES[lang] for lang in empty)
            errors.append(
                f"{field.source.name}:{field.line(empty[0])}: {format_path(field.path + (empty[0],))}: "
                f"the {names} text is empty: write it before marking the field reviewed."
            )
            continue
        updated[key] = hashes(field)
    return updated, errors


def record_unrecorded(state: Status, lock: Lock) -> Lock:
    """The lock with new and both-changed fields recorded and removed fields dropped;
    stale fields keep their old entry, so they stay stale until someone reviews them."""
    keys = {field.key for field in state.fields}
    updated = {key: value for key, value in lock.items() if key in keys}
    for field in state.unrecorded:
        if all(field.texts[lang].strip() for lang in LANGUAGES):
            updated[field.key] = hashes(field)
    return updated
