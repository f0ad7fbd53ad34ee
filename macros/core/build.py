"""One build's inputs in one object: the loaded model, the languages, the build key, the
diagram renderer and the slots. Made once per build, never kept in module globals, so a
second build in the same process (or `mkdocs serve` after an edit) starts from its own data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .cache import CACHE_ROOT, BuildKey
from .fragments import FragmentCache
from .graphviz import Diagrams
from .languages import Languages
from .model import Model, display_path, load
from .slots import Slots
from .version import data_version


@dataclass
class Build:
    """What every page of one build is rendered from."""

    model: Model
    languages: Languages
    key: BuildKey
    diagrams: Diagrams
    data_version: str
    repository: str = ""  # e.g. https://github.com/owner/repo, for "edit this record" links
    slots: Slots = field(default_factory=Slots)  # diagrams and excerpts kept out of Markdown
    fragments: FragmentCache | None = None  # rendered record pages on disk, keyed by the build key
    _memo: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.fragments is None:
            self.fragments = FragmentCache(CACHE_ROOT / "fragments", self.key.full, self.slots)

    def memo(self, key: tuple, compute):
        """`compute()` once per build for `key` (e.g. the stack's DOT, the same on hundreds of pages)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    @classmethod
    def start(cls, data_dir: Path, languages: Languages, repository: str = "", cache_root: Path = CACHE_ROOT) -> Build:
        """Load and check the data (raises DataError) and set up the caches for this build."""
        key = BuildKey.of(data_dir)
        model = load(data_dir, display_path(data_dir))
        diagrams = Diagrams(cache_root / "diagrams", key.toolchain)
        return cls(model, languages, key, diagrams, data_version(data_dir), repository.rstrip("/"))

    def edit_url(self, collection: str, record_id: str) -> str:
        """Where a record's first line is, on the repository's web view."""
        file, line = self.model.source_line(collection, record_id)
        return self.line_url(file, line)

    def line_url(self, file: str, line: int) -> str:
        """A line of a data file (as the model names it: data/tools.yaml) on the repository's web view."""
        return f"{self.repository}/blob/main/{file}#L{line}"
