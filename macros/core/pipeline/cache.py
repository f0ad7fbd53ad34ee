"""The build's one disk cache, every entry in it derived from the one build key (inputs.py).

The key's parts are the data, the page shells, the code, mkdocs.yml, the toolchain (Graphviz
and its fonts) and the engine (Python and the installed packages). Everything cached (diagrams, record pages, PDFs, llms text) is a
namespace of one folder, stored under the key parts it depends on; a change to a part misses
every namespace that depends on it. Deleting the folder only makes a build cold.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..settings import environment
from .inputs import PACKAGE, BuildKey, ToolchainError, digest_of, toolchain_hash

__all__ = ["BuildKey", "DiskCache", "Namespace", "ToolchainError", "default_root", "toolchain_hash"]


def default_root() -> Path:
    """The cache folder when a build is given none: $GSM_CACHE_DIR, else .cache/ beside mkdocs.yml."""
    return Path(os.environ.get(environment.CACHE_DIR) or PACKAGE.parent / ".cache")


class Namespace:
    """One kind of cached thing in the cache folder: entries by (the key parts it depends on, an item)."""

    def __init__(self, folder: Path, scope: str):
        self.folder = folder
        self.scope = scope  # the build key narrowed to the parts this namespace depends on

    def entry(self, *item: str, suffix: str = "") -> Path:
        """Where the entry for `item` lives, whether or not it has been stored."""
        return self.folder / f"{digest_of(self.scope, *item, length=32)}{suffix}"

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
DEPENDS_ON = {"diagrams": ("toolchain",), "llms": ("code", "engine"), "pages": ("toolchain",)}


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
