"""Whether records were compared with their official documentation, and how long ago.

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
    """Warnings for tools and glossary terms whose last check is more than `max_age` months old."""
    found = []
    for stem, records in (("tools", model.tools), ("glossary", model.glossary)):
        for record in records.values():
            if record.checked and months_between(record.checked.date, today) > max_age:
                file, line = model.source_line(stem, record.id)
                index = model.record_index[(stem, record.id)]
                found.append(
                    Problem(
                        file,
                        line,
                        1,
                        f"{stem}[{index}].checked",
                        f"'{record.id}' was last checked {record.checked.date}, more than {max_age} months ago: "
                        "compare it with its official documentation again, starting from its findings in "
                        "data/checks/, and update `checked` (date, version).",
                        "warning",
                    )
                )
    return found


def unchecked(model: Model) -> list[Problem]:
    """Notes for what was never compared with its sources: tools and glossary terms without a
    `checked` line, and checked records (chains included) without findings in data/checks/."""
    found = []

    def note(stem: str, record_id: str, path: str, message: str) -> None:
        file, line = model.source_line(stem, record_id)
        found.append(Problem(file, line, 1, path, message, "note"))

    for stem, records in (("tools", model.tools), ("glossary", model.glossary)):
        for record in records.values():
            index = model.record_index[(stem, record.id)]
            if record.checked is None:
                note(
                    stem,
                    record.id,
                    f"{stem}[{index}]",
                    f"'{record.id}' is not yet checked against its official documentation: compare it, then add "
                    "`checked: {date: YYYY-MM, version: …, against: [reference ids]}` and its findings in data/checks/.",
                )
            elif f"{stem}/{record.id}" not in model.findings:
                note(
                    stem,
                    record.id,
                    f"{stem}[{index}].checked",
                    f"'{record.id}' says it was checked but data/checks/ holds no findings for '{stem}/{record.id}': "
                    "add what was compared with what (claim, verdict, quote, url).",
                )
    for chain in model.chains.values():
        if f"chains/{chain.id}" not in model.findings:
            note(
                "chains",
                chain.id,
                f"chains[{model.record_index[('chains', chain.id)]}]",
                f"chain '{chain.id}' has no findings in data/checks/: compare its steps with the checked tool pages "
                "and official documentation, and add a dated `update` to any step a source now contradicts.",
            )
    return found
