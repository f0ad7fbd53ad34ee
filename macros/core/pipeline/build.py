"""One build's inputs in one object: the loaded model (and the recorded view pages read it
through), the languages, the build key and its disk cache, the diagram renderer and the slots. Made once per build, never kept in module
globals, so a second build in the same process (or `mkdocs serve` after an edit) starts from
its own data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..data.loading import display_path, load
from ..data.model import Model
from ..data.recorded_model import RecordedModel
from ..data.shell_references import Shells
from ..data.version import data_version
from ..diagrams.graphviz import Diagrams
from ..diagrams.registry import every_dot
from ..settings import reads
from ..settings.languages import Languages
from ..views.page import dot_registry
from ..views.slots import Slots
from .cache import BuildKey, DiskCache, default_root
from .page_inputs import PageInputs


@dataclass
class Build:
    """What every page of one build is rendered from."""

    model: Model
    languages: Languages
    cache: DiskCache  # everything this build keeps on disk, under its one key
    diagrams: Diagrams
    slots: Slots  # diagrams and excerpts kept out of Markdown
    data_version: str
    repository: str = ""  # e.g. https://github.com/owner/repo, for "edit this record" links
    shells: Shells | None = None  # the page shells, where the site-wide files look up which page shows what
    _memo: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self.reader = RecordedModel(self.model)  # what pages read the model through
        self.inputs = PageInputs(self.model, self.draw)  # what each key a page read stands for now

    def memo(self, key: tuple, compute):
        """`compute()` once per build for `key` (e.g. the stack's DOT, the same on hundreds of pages);
        each page that uses the value is given what computing it read."""
        if key not in self._memo:
            with reads.recording(set()) as read:
                value = compute()
            self._memo[key] = (value, read)
        value, read = self._memo[key]
        reads.add(read)
        return value

    def diagram_registry(self) -> dict:
        """Every diagram of the site by id (diagrams/registry.py's site_diagrams), made once per build."""
        return self.memo(("diagrams",), lambda: dot_registry(self.model))

    def draw(self, diagram_id: str, lang: str, root: str) -> str | None:
        """A diagram's DOT text as pages at `root` link it (None: no such diagram), drawn once per
        build whoever asks: the pages, the digests that decide which pages to reuse, the up-front render."""
        registry = self.diagram_registry()
        if diagram_id not in registry:
            return None
        return self.memo((diagram_id, lang, root), lambda: registry[diagram_id].draw(lang, root))

    def site_dots(self, languages: tuple[str, ...]) -> list[str]:
        """The DOT text of every diagram, as each page that draws it links it, in `languages`."""
        diagrams = self.diagram_registry().values()
        return every_dot(diagrams, languages, lambda diagram, lang, prefix: self.draw(diagram.id, lang, prefix))

    @classmethod
    def start(
        cls,
        data_dir: Path,
        languages: Languages,
        config_file: Path,
        repository: str = "",
        cache_root: Path | None = None,
    ) -> Build:
        """Load and check the data (raises DataError) and open the build's cache: `cache_root`,
        else $GSM_CACHE_DIR or .cache/."""
        cache = DiskCache(cache_root or default_root(), BuildKey.of(data_dir, config_file))
        shells = Shells.of(config_file)
        model = load(data_dir, display_path(data_dir), shells, warnings=False)
        slots = Slots()
        return cls(
            model,
            languages,
            cache,
            Diagrams(cache.namespace("diagrams")),
            slots,
            data_version(data_dir),
            repository.rstrip("/"),
            shells,
        )

    def edit_url(self, collection: str, record_id: str) -> str:
        """Where a record's first line is, on the repository's web view."""
        file, line = self.reader.source_line(collection, record_id)
        return self.line_url(file, line)

    def line_url(self, file: str, line: int) -> str:
        """A line of a data file (as the model names it: data/tools.yaml) on the repository's web view."""
        return f"{self.repository}/blob/main/{file}#L{line}"
