"""What every record of the schema is built from: the base class, the field types (ids, text,
URLs, check dates), bilingual `Text`, and `RefersTo`, the mark of an id that names a record of
another data file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
NonEmpty = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
Url = Annotated[str, StringConstraints(pattern=r"^https?://[^\s<>\"']+$", max_length=500)]


@dataclass(frozen=True)
class RefersTo:
    """Marks an id as naming a record of another data file: `collection` is its key in FILES,
    `noun` how messages call one of its records ("unknown tool 'nvvc'")."""

    collection: str
    noun: str


class Record(BaseModel):
    """Base of all records: unknown keys are errors, so typos never vanish silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Record):
    """A human-readable string in both languages, side by side."""

    zh: NonEmpty = Field(description="Chinese text")
    en: NonEmpty = Field(description="English text")

    def get(self, lang: str) -> str:
        """The text in `lang` (a field name of this record)."""
        return getattr(self, lang)


def _same_in_both(value: object) -> object:
    # A proper name written the same in both languages may be a plain string.
    return {"zh": value, "en": value} if isinstance(value, str) else value


Name = Annotated[Text, BeforeValidator(_same_in_both, json_schema_input_type=NonEmpty | Text)]


CheckDate = Annotated[
    str,
    StringConstraints(pattern=r"^20[0-9]{2}-(0[1-9]|1[0-2])$"),
    Field(description="Year and month of the check, e.g. 2026-12"),
]
