"""The state of one `mkdocs build` (or one rebuild of `make serve`), kept on the site's plugin
(plugin.py), which makes it anew when each build starts.

Static-i18n builds the other languages with the same config object, so one state serves every
language of a build; a build in a language of its own (one process per language) has one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.pipeline.build import Build
from ..core.pipeline.finish import SiteParts
from ..core.settings import environment, reads
from ..core.settings.languages import Languages
from ..core.settings.options import SiteOptions
from .reuse import Reuse


@dataclass(frozen=True)
class ProcessOptions:
    """What the process that started this one asks of its build (environment variables, the one
    way to cross that boundary; read once, when a build starts)."""

    language: str | None = None  # build this language only (core/pipeline/site_build.py starts one process each)
    search_later: bool = False  # make serve: leave /llms-full.txt's text for after the pages are served
    verify_reuse: int = 0  # render this many reusable pages per language again and compare them

    @classmethod
    def of(cls, environ: Mapping[str, str]) -> ProcessOptions:
        return cls(
            environ.get(environment.BUILD_LANGUAGE) or None,
            bool(environ.get(environment.SEARCH_LATER)),
            int(environ.get(environment.VERIFY_REUSE) or 0),
        )

    @classmethod
    def from_environment(cls) -> ProcessOptions:
        return cls.of(os.environ)


@dataclass
class BuildState:
    """The core build plus what only the engine side needs."""

    build: Build
    options: ProcessOptions
    parts: SiteParts = field(default_factory=SiteParts)  # what the site-wide files are made from
    reuse: Reuse | None = None  # the language being built: its reused pages and the ones it renders


def languages_of(config) -> Languages:
    """The site's languages, as static-i18n was configured in mkdocs.yml."""
    i18n = config.plugins["i18n"]
    return Languages.ordered(list(i18n.build_languages), i18n.default_language)


def start(config, options: ProcessOptions) -> BuildState:
    """Load the data and make a fresh state for this build (raises OptionsError, DataError)."""
    reads.reset()  # a builder that outlived a failed build starts clean
    site_options = SiteOptions.of(config["extra"])  # raises OptionsError
    config_file = Path(config["config_file_path"])
    build = Build.start(
        site_options.data_folder(config_file), languages_of(config), config_file, site_options.repository
    )
    return BuildState(build, options)


def parts_file(site_dir: str, lang: str) -> Path:
    """Where a one-language build saves its share of the site-wide files: beside its site folder
    (work/<lang>/ → work/<lang>.json), where core/pipeline/site_build.py's merge step reads it."""
    return Path(site_dir).parent / f"{lang}.json"
