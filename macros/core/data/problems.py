"""Problems a contributor can cause in data/, as values with a location and a fix.

Every check collects Problem records instead of raising, so one run reports them all.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One error or warning about a data file, located as precisely as we can."""

    file: str
    line: int
    column: int
    path: str
    message: str
    severity: str = "error"

    def format(self) -> str:
        """Render as `file:line:column: path: message` (the shape editors and CI parse)."""
        where = f"{self.file}:{self.line}:{self.column}"
        label = "" if self.severity == "error" else f"{self.severity}: "
        subject = f"{self.path}: " if self.path else ""
        return f"{where}: {label}{subject}{self.message}"


class DataError(Exception):
    """Raised once, after loading, when any error-level problem was found."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(p.format() for p in self.problems))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A ' Did you mean …?' hint for a misspelt id or key, or '' when nothing is close."""
    close = difflib.get_close_matches(str(word), sorted(set(choices)), n=1, cutoff=0.6)
    return f" Did you mean '{close[0]}'?" if close else ""


def format_path(parts: Iterable[object]) -> str:
    """Turn ('tools', 4, 'summary', 'en') into 'tools[4].summary.en'."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text
