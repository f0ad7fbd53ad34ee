"""The build's one disk cache, and the one build key every entry in it is derived from.

The key has four parts: the data, the code (Python, templates, CSS/JS of this package), the
site's configuration (mkdocs.yml's bytes) and the toolchain (Graphviz's version and the font
files it measures text with). Everything cached (diagrams, record pages, PDFs, llms text) is a
namespace of one folder, stored under the key parts it depends on; a change to a part misses
every namespace that depends on it. Deleting the folder only makes a build cold.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass, fields
from pathlib import Path

from ..settings import environment
from ..settings.palette import FONT

PACKAGE = Path(__file__).resolve().parents[2]  # macros/


def default_root() -> Path:
    """The cache folder when a build is given none: $GSM_CACHE_DIR, else .cache/ beside mkdocs.yml."""
    return Path(os.environ.get(environment.CACHE_DIR) or PACKAGE.parent / ".cache")


class ToolchainError(RuntimeError):
    """A program the build needs is missing: the message says what to install."""


def _digest(*parts: bytes | str, length: int = 16) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8") if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:length]


def data_hash(data_dir: Path) -> str:
    """A hash of every file under the data folder (evidence included): changes exactly when the data changes."""
    data_dir = Path(data_dir)
    files = sorted(p for p in data_dir.rglob("*") if p.is_file())
    return _digest(*(part for path in files for part in (str(path.relative_to(data_dir)), path.read_bytes())))


def code_hash(leaving_out: tuple[str, ...] = ()) -> str:
    """A hash of the code that renders pages: Python, templates, styles and scripts of macros/
    (but the paths starting with one of `leaving_out`)."""
    files = sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".html", ".md", ".css", ".js", ".txt"))
    kept = [p for p in files if not p.relative_to(PACKAGE).as_posix().startswith(leaving_out)]
    return _digest(*(part for path in kept for part in (str(path.relative_to(PACKAGE)), path.read_bytes())))


# Read page by page instead (settings/reads.py): templates by name, interface words by key.
RECORDED_CODE = ("templates/", "core/settings/ui.py")


def page_code_hash() -> str:
    """A hash of the code every page depends on as a whole: all of code_hash's files but the
    templates and interface words, which pages record as they read them."""
    return code_hash(leaving_out=RECORDED_CODE)


def config_hash(config_file: Path) -> str:
    """A hash of mkdocs.yml's bytes: the repository behind the edit links, the languages, the theme."""
    return _digest(Path(config_file).read_bytes())


def toolchain_hash() -> str:
    """Graphviz's version and the identity of the font files it lays text out with."""
    try:
        dot = subprocess.run(["dot", "-V"], capture_output=True, text=True, timeout=30)
    except FileNotFoundError as error:
        raise ToolchainError("Graphviz is not installed: run `make setup` (apt-get install graphviz).") from error
    try:
        fonts = subprocess.run(["fc-match", "-f", "%{file}", FONT], capture_output=True, text=True, timeout=30).stdout
    except FileNotFoundError:
        fonts = ""
    font_ids = [f"{path}:{Path(path).stat().st_size}" for path in fonts.split("\n") if path and Path(path).exists()]
    return _digest((dot.stderr or dot.stdout).strip(), FONT, *font_ids)


@dataclass(frozen=True)
class BuildKey:
    """What a build's output depends on, computed once per build; each namespace uses the parts it needs."""

    data: str
    code: str
    config: str
    toolchain: str

    @classmethod
    def parts(cls) -> tuple[str, ...]:
        """The names of the key's parts: ("data", "code", "config", "toolchain")."""
        return tuple(part.name for part in fields(cls))

    def of_parts(self, parts: tuple[str, ...]) -> str:
        """The key narrowed to `parts` (named, so two selections never collide)."""
        return _digest(*(f"{part}={getattr(self, part)}" for part in parts))

    @classmethod
    def of(cls, data_dir: Path, config_file: Path) -> BuildKey:
        return cls(data_hash(data_dir), code_hash(), config_hash(config_file), toolchain_hash())


class Namespace:
    """One kind of cached thing in the cache folder: entries by (the key parts it depends on, an item)."""

    def __init__(self, folder: Path, scope: str):
        self.folder = folder
        self.scope = scope  # the build key narrowed to the parts this namespace depends on

    def entry(self, *item: str, suffix: str = "") -> Path:
        """Where the entry for `item` lives, whether or not it has been stored."""
        return self.folder / f"{_digest(self.scope, *item, length=32)}{suffix}"

    def load(self, *item: str, suffix: str = "") -> bytes | None:
        """The stored bytes for `item`, or None."""
        path = self.entry(*item, suffix=suffix)
        return path.read_bytes() if path.exists() else None

    def store(self, data: bytes, *item: str, suffix: str = "") -> None:
        """Keep `data` for `item`."""
        self.folder.mkdir(parents=True, exist_ok=True)
        # Write, then rename: a build running beside this one never reads half a file.
        with tempfile.NamedTemporaryFile(dir=self.folder, delete=False, suffix=".tmp") as partial:
            partial.write(data)
        os.replace(partial.name, self.entry(*item, suffix=suffix))


# The parts of the build key a namespace depends on, where it is not all of them. What `dot`
# writes depends only on the DOT text (the item), Graphviz's version and the fonts, so a data or
# code edit re-renders only the diagrams whose DOT it changes. A page's Markdown for llms-full.txt
# depends on its built article, its address and the converting code only, so a data edit
# reconverts only the pages it changed (what `make serve` does on every save).
# Finished pages (page_store.py) carry what they read and are checked against it, so they are
# stored under the toolchain alone.
DEPENDS_ON = {"diagrams": ("toolchain",), "llms": ("code",), "pages": ("toolchain",)}


class DiskCache:
    """One build's cache: one folder, one key; everything cached is a namespace in it."""

    def __init__(self, root: Path, key: BuildKey):
        self.root = Path(root)
        self.key = key

    def folder(self, name: str) -> Path:
        """A namespace kept by a library that checks its own entries (Jinja's compiled templates)."""
        path = self.root / name
        path.mkdir(parents=True, exist_ok=True)
        return path

    def namespace(self, name: str, depends_on: tuple[str, ...] | None = None) -> Namespace:
        """The namespace `name`, keyed by the parts of the build key it depends on (DEPENDS_ON's, else all)."""
        parts = depends_on or DEPENDS_ON.get(name) or BuildKey.parts()
        return Namespace(self.root / name, self.key.of_parts(parts))
