"""Whether a tool's facts were compared with its official documentation, and how long ago.

The build shows each record's check; `validate` warns about checks over a year old, which
needs today's date, so the date is an argument (the build itself never reads the clock).
"""

from __future__ import annotations

from datetime import date

from .model import Model
from .problems import Problem

MAX_AGE_MONTHS = 12


def months_between(checked: str, today: date) -> int:
    """Whole months from a YYYY-MM check to today."""
    year, month = (int(part) for part in checked.split("-"))
    return (today.year - year) * 12 + today.month - month


def old_checks(model: Model, today: date, max_age: int = MAX_AGE_MONTHS) -> list[Problem]:
    """Warnings for tools whose last check is more than `max_age` months old."""
    found = []
    for tool in model.tools.values():
        if tool.checked and months_between(tool.checked.date, today) > max_age:
            file, line = model.source_line("tools", tool.id)
            index = model.record_index[("tools", tool.id)]
            found.append(
                Problem(
                    file,
                    line,
                    1,
                    f"tools[{index}].checked",
                    f"'{tool.id}' was last checked {tool.checked.date}, more than {max_age} months ago: compare its "
                    "facts with its official documentation again and update `checked` (date, version).",
                    "warning",
                )
            )
    return found


def unchecked(model: Model) -> list[Problem]:
    """Notes for tools never compared with their documentation (their facts come from the sources)."""
    found = []
    for tool in model.tools.values():
        if tool.checked is None:
            file, line = model.source_line("tools", tool.id)
            found.append(
                Problem(
                    file,
                    line,
                    1,
                    f"tools[{model.record_index[('tools', tool.id)]}]",
                    f"'{tool.id}' is not yet checked against its official documentation: compare it, "
                    "then add `checked: {date: YYYY-MM, version: …, against: [reference ids]}`.",
                    "note",
                )
            )
    return found
