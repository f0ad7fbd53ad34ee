"""The state of one `mkdocs build` (or one `mkdocs serve` rebuild), kept on its config object.

MkDocs makes a new config object for every build and rebuild, and static-i18n builds the
other languages with the same one, so the config is exactly as long-lived as a build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.pipeline.build import Build
from ..core.pipeline.finish import SiteParts
from ..core.settings import reads
from ..core.settings.languages import Languages
from ..core.settings.options import SiteOptions
from .reuse import Reuse

ATTRIBUTE = "gsm_build_state"


@dataclass
class BuildState:
    """The core build plus what only the engine side needs."""

    build: Build
    parts: SiteParts = field(default_factory=SiteParts)  # what the site-wide files are made from
    reuse: Reuse | None = None  # the language being built: its reused pages and the ones it renders


def languages_of(config) -> Languages:
    """The site's languages, as static-i18n was configured in mkdocs.yml."""
    i18n = config.plugins["i18n"]
    return Languages.ordered(list(i18n.build_languages), i18n.default_language)


def start(config) -> BuildState:
    """Load the data and attach a fresh state to this build's config (raises OptionsError, DataError)."""
    reads.reset()  # a builder that outlived a failed build starts clean
    options = SiteOptions.of(config["extra"])  # raises OptionsError
    config_file = Path(config["config_file_path"])
    build = Build.start(options.data_folder(config_file), languages_of(config), config_file, options.repository)
    state = BuildState(build)
    setattr(config, ATTRIBUTE, state)
    return state


def state_of(config) -> BuildState:
    """The state of the build this config belongs to."""
    return getattr(config, ATTRIBUTE)
