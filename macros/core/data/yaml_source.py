"""Safe YAML reading that remembers where every value came from.

Parses with PyYAML's safe composer, then builds plain Python values itself so it can
record the line of every mapping key and list item and reject duplicate keys. Aliases
(*name) are refused where they are written, before any expansion: no data file needs
them, and they are how "billion laughs" bombs work.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .problems import Problem, format_path

MAX_FILE_BYTES = 8 * 1024 * 1024  # ~40x the largest real file; a cap keeps hostile input cheap

Location = tuple[int, int]  # (line, column), both 1-based


@dataclass
class SourceFile:
    """One parsed data file: its values, and where each YAML path sits in the text."""

    name: str
    data: object = None
    positions: dict[tuple, Location] = field(default_factory=dict)

    def locate(self, path: tuple) -> Location:
        """Line and column of the deepest known prefix of `path` (or 1:1)."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found:
                return found
        return (1, 1)

    def problem(self, path: tuple, message: str, severity: str = "error") -> Problem:
        """A Problem located at `path` in this file."""
        line, column = self.locate(path)
        return Problem(self.name, line, column, format_path(path), message, severity)


# libyaml's parser when PyYAML was built with it (about ten times faster), else pure Python.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _first_alias(text: str) -> yaml.AliasEvent | None:
    # Events are a flat stream: an alias is a single event, never expanded here.
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.AliasEvent):
            return event
    return None


class _Builder:
    """Turns a composed node tree into Python values, recording positions as it goes."""

    def __init__(self, source: SourceFile, problems: list[Problem]):
        self.source = source
        self.problems = problems
        self.scalars = SafeConstructor()

    def build(self, node: Node, path: tuple) -> object:
        self.source.positions.setdefault(path, _location(node))
        if isinstance(node, ScalarNode):
            return self._scalar(node, path)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (index,)) for index, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        self._error(node, path, "unsupported YAML node.")
        return None

    def _mapping(self, node: MappingNode, path: tuple) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self._error(key_node, path, "mapping keys must be plain words.")
                continue
            key = self._scalar(key_node, path)
            if key is None:
                continue
            if key == "<<":
                self._error(key_node, path, "merge keys (<<) are not allowed: write the keys out.")
                continue
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                first = self.source.positions.get(path + (key,), (0, 0))[0]
                self._error(
                    key_node,
                    path + (key,),
                    f"duplicate key '{key}' (first on line {first}): remove one of them.",
                )
                continue
            self.source.positions[path + (key,)] = _location(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    def _scalar(self, node: ScalarNode, path: tuple) -> object:
        """A key or value; an unreadable one (an unknown tag such as !!python/object) is a problem."""
        try:
            return self.scalars.construct_object(node)
        except yaml.YAMLError as error:
            self._error(node, path, f"cannot read this value ({error.problem}).")
            return None

    def _error(self, node: Node, path: tuple, message: str) -> None:
        line, column = _location(node)
        self.problems.append(Problem(self.source.name, line, column, format_path(path), message))


def _location(node: Node) -> Location:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


# What read_yaml made of each file's bytes, by path, shown name and a hash of the bytes. Module
# level, unlike a build's state: it is shared by the builds of one process, so a long-lived one
# (`make serve`'s builder) reads again only the files that changed since its last build. Safe to
# share, since nothing changes a SourceFile once read; at most _READ_KEPT files, the oldest dropped.
_READ: dict[tuple[str, str, str], tuple[SourceFile, list[Problem]]] = {}
_READ_KEPT = 64


def read_yaml(path: Path, display_name: str) -> tuple[SourceFile, list[Problem]]:
    """Read one YAML file safely; never raises for bad content, returns problems instead."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return _read_yaml(path, display_name)
        key = (str(path), display_name, hashlib.sha256(path.read_bytes()).hexdigest())
    except OSError:
        return _read_yaml(path, display_name)
    if key not in _READ:
        if len(_READ) >= _READ_KEPT:
            del _READ[next(iter(_READ))]
        _READ[key] = _read_yaml(path, display_name)
    source, problems = _READ[key]
    return source, list(problems)


def _read_yaml(path: Path, display_name: str) -> tuple[SourceFile, list[Problem]]:
    source = SourceFile(display_name)
    problems: list[Problem] = []

    def fail(line: int, column: int, message: str) -> tuple[SourceFile, list[Problem]]:
        problems.append(Problem(display_name, line, column, "", message))
        return source, problems

    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        return fail(
            1, 1, f"file is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit: split it or remove the bulk."
        )
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        return fail(1, 1, "file starts with a byte-order mark (BOM): save it as UTF-8 without BOM.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        return fail(line, column, "file is not valid UTF-8: re-save it with UTF-8 encoding.")
    if not text.strip():
        return fail(1, 1, f"file is empty: it must hold a mapping with the key '{path.stem}'.")
    try:
        alias = _first_alias(text)
        if alias is not None:
            mark = alias.start_mark
            message = f"YAML aliases (*{alias.anchor}) are not allowed: write the value out in full."
            return fail(mark.line + 1, mark.column + 1, message)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        problem_mark = getattr(error, "problem_mark", None)
        context_mark = getattr(error, "context_mark", None)
        reason = getattr(error, "problem", None) or str(error)
        # At the end of the file the useful place is where the unclosed thing started.
        mark = context_mark if context_mark and (not problem_mark or "end of stream" in reason) else problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        context = getattr(error, "context", None)
        if mark is context_mark and context:
            reason = f"{reason} ({context} that starts here)"
        hint = _syntax_hint(text, line, reason)
        return fail(line, column, f"YAML syntax error: {reason}.{hint}")
    if node is None:
        return fail(1, 1, f"file has no data: it must hold a mapping with the key '{path.stem}'.")
    source.data = _Builder(source, problems).build(node, ())
    return source, problems


def _syntax_hint(text: str, line: int, reason: str) -> str:
    lines = text.splitlines()
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    if "\t" in current or "tab" in reason.lower():
        return " Indent with spaces, not tabs."
    if ": " in current.split("#")[0] and "mapping values" in reason:
        return ' Quote text that contains ": " (e.g. summary: "a: b").'
    if "expected ',' or '}'" in reason or "expected ',' or ']'" in reason:
        return ' Close every [ and { on this line, and use quoting for text with ": " or "," inside them: {zh: "…", en: "a: b"}.'
    if "quoted scalar" in reason:
        return ' Close the quote on this line (and escape any inner " as \\").'
    return " Check indentation and quoting on this line and the one before."
