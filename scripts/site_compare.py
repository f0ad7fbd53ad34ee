"""Compare two built sites file by file, letting through only the differences that are explained.

An explanation names what differs and why, and rewrites both sides' bytes the same way; a file
that still differs after every explanation has been applied is an unexplained difference.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Explanation:
    """A known difference: what it is, why it is harmless, and how to write it away."""

    what: str
    why: str
    normalize: Callable[[bytes], bytes]


@dataclass(frozen=True)
class Difference:
    """A file that differs, with where it first differs and a little of each side there."""

    path: str
    offset: int
    ours: str
    theirs: str


@dataclass
class Comparison:
    """What two site folders have in common and where they part."""

    compared: int = 0
    only_in_first: list[str] = field(default_factory=list)
    only_in_second: list[str] = field(default_factory=list)
    explained: dict[str, list[str]] = field(default_factory=dict)  # explanation's `what` -> files
    unexplained: list[Difference] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        """No file missing on either side and no difference left unexplained."""
        return not (self.only_in_first or self.only_in_second or self.unexplained)


def regex_explanation(what: str, why: str, pattern: str, replacement: str) -> Explanation:
    """An explanation that replaces every match of a byte pattern with a fixed text."""
    compiled = re.compile(pattern.encode("utf-8"))
    return Explanation(what, why, lambda data: compiled.sub(replacement.encode("utf-8"), data))


def files_under(folder: Path) -> set[str]:
    """Every file below a folder, as a POSIX path relative to it."""
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def first_difference(path: str, ours: bytes, theirs: bytes, context: int = 60) -> Difference:
    """Where two byte strings first differ, with `context` characters of each from just before it."""
    offset = next(
        (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), min(len(ours), len(theirs))
    )
    start = max(0, offset - context // 3)

    def excerpt(data: bytes) -> str:
        return data[start : offset + context].decode("utf-8", errors="replace")

    return Difference(path, offset, excerpt(ours), excerpt(theirs))


def compare_sites(first: Path, second: Path, explanations: list[Explanation]) -> Comparison:
    """Compare two site folders; each differing file is explained or kept as unexplained."""
    ours, theirs = files_under(first), files_under(second)
    result = Comparison(only_in_first=sorted(ours - theirs), only_in_second=sorted(theirs - ours))
    for path in sorted(ours & theirs):
        result.compared += 1
        a, b = (first / path).read_bytes(), (second / path).read_bytes()
        if a == b:
            continue
        used = []
        for explanation in explanations:
            new_a, new_b = explanation.normalize(a), explanation.normalize(b)
            if (new_a, new_b) != (a, b):
                used.append(explanation.what)
                a, b = new_a, new_b
        if a == b:
            for what in used:
                result.explained.setdefault(what, []).append(path)
        else:
            result.unexplained.append(first_difference(path, a, b))
    return result
