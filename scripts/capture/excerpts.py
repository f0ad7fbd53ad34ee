"""Trim compiler output to what proves a point: a few matching lines for the page, a bounded file for the link.

Pure text functions: the proof lines are chosen by patterns, never by hand, so a re-capture
re-trims the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

GAP = "⋮"
MAX_WIDTH = 160


@dataclass(frozen=True)
class Excerpt:
    """Trimmed text, the patterns it was cut around, and those that found nothing."""

    text: str
    matched: tuple[str, ...]
    missing: tuple[str, ...]
    lines_total: int


# An absolute path into the checkout the capture ran in (e.g. "/some/where/scripts/capture/x.py"):
# only the part from scripts/ on says anything to a reader.
CHECKOUT_PATH = re.compile(r"/[^\s\"'():]*/(?=scripts/capture/)")


def project_relative(text: str) -> str:
    """Compiler output with absolute paths into the checkout shown relative to the project."""
    return CHECKOUT_PATH.sub("", text)


def clip(line: str, width: int = MAX_WIDTH) -> str:
    """One line, right-stripped and cut to `width` characters with an ellipsis."""
    line = line.rstrip().expandtabs(4)
    return line if len(line) <= width else line[: width - 1] + "…"


def _windows(
    lines: Sequence[str], patterns: Sequence[str], context: int, per_pattern: int
) -> tuple[list[tuple[int, int]], list[str], list[str]]:
    windows, matched, missing = [], [], []
    for pattern in patterns:
        regex = re.compile(pattern)
        hits = [i for i, line in enumerate(lines) if regex.search(line)][:per_pattern]
        (matched if hits else missing).append(pattern)
        windows += [(max(0, i - context), min(len(lines), i + context + 1)) for i in hits]
    return windows, matched, missing


def _merge(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(windows):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _render(lines: Sequence[str], spans: list[tuple[int, int]], width: int) -> str:
    out: list[str] = []
    for index, (start, end) in enumerate(spans):
        if start > 0 and (index == 0 or start > spans[index - 1][1]):
            out.append(GAP)
        out += [clip(line, width) for line in lines[start:end]]
    if spans and spans[-1][1] < len(lines):
        out.append(GAP)
    return "\n".join(out) + "\n"


def proof_excerpt(
    text: str, patterns: Sequence[str], context: int = 0, per_pattern: int = 1, max_lines: int = 14
) -> Excerpt:
    """The first line(s) matching each pattern, with `context` lines around, gaps marked; at most `max_lines`."""
    lines = text.splitlines()
    windows, matched, missing = _windows(lines, patterns, context, per_pattern)
    spans = _merge(windows)
    kept, budget = [], max_lines
    for start, end in spans:
        if budget <= 0:
            break
        end = min(end, start + budget)
        kept.append((start, end))
        budget -= end - start
    return Excerpt(_render(lines, kept, MAX_WIDTH) if kept else "", tuple(matched), tuple(missing), len(lines))


def file_excerpt(
    text: str, patterns: Sequence[str], head: int = 40, context: int = 8, per_pattern: int = 3, max_bytes: int = 24_000
) -> Excerpt:
    """A bounded copy for the 'full excerpt' link: the head, windows around every proof, gaps marked with counts."""
    lines = text.splitlines()
    if len(text.encode()) <= max_bytes:
        _, matched, missing = _windows(lines, patterns, 0, 1)
        return Excerpt("\n".join(clip(line, 400) for line in lines) + "\n", tuple(matched), tuple(missing), len(lines))
    windows, matched, missing = _windows(lines, patterns, context, per_pattern)
    spans = _merge([(0, min(head, len(lines))), *windows])
    out: list[str] = []
    previous = 0
    for start, end in spans:
        if start > previous:
            out.append(f"{GAP} [{start - previous} lines omitted]")
        out += [clip(line, 400) for line in lines[start:end]]
        previous = end
    if previous < len(lines):
        out.append(f"{GAP} [{len(lines) - previous} lines omitted]")
    body = "\n".join(out) + "\n"
    while len(body.encode()) > max_bytes and len(out) > 1:
        out = out[: int(len(out) * 0.8)] + [f"{GAP} [cut to stay under {max_bytes} bytes]"]
        body = "\n".join(out) + "\n"
    return Excerpt(body, tuple(matched), tuple(missing), len(lines))
