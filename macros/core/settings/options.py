"""The site's own options, under `extra:` in mkdocs.yml, declared with their types and defaults.

Read once per build into a frozen `SiteOptions`; a wrong type or a misspelt option of ours stops the
build with mkdocs.yml's key and what it should be. (`extra:` also holds the theme's own keys,
such as `alternate`; those are the theme's to check.)
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import environment


class OptionsError(ValueError):
    """An option in mkdocs.yml is wrong: the message names it and says what it should be."""


class SiteOptions(BaseModel):
    """What the build reads from mkdocs.yml's `extra:`."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    data_dir: str = Field("data", description="The data folder, relative to mkdocs.yml")
    repository: str = Field(
        "", pattern=r"^(https://\S+)?$", description="The repository behind the 'edit this record' links"
    )

    @classmethod
    def of(cls, extra: dict | None) -> SiteOptions:
        """The options from mkdocs.yml's `extra:` mapping (raises OptionsError)."""
        try:
            return cls.model_validate(extra or {})
        except ValidationError as error:
            problems = "; ".join(
                f"extra.{'.'.join(str(part) for part in item['loc'])}: {item['msg']}" for item in error.errors()
            )
            raise OptionsError(f"mkdocs.yml: {problems}") from None

    def data_folder(self, config_file: Path | str) -> Path:
        """The data folder a build reads: $GSM_DATA_DIR when a test or the benchmark sets it, else this option's."""
        override = os.environ.get(environment.DATA_DIR)
        return Path(override) if override else Path(config_file).parent / self.data_dir
