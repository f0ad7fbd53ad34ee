"""The build's inputs, defined once: everything that can change a page, as the named parts of one key.

The page store (page_store.py), the cache namespaces (cache.py) and the whole-site snapshot
(snapshots.py) all take what they depend on from `BuildKey`, so they can never disagree
on what a build reads. A part that misses an input would let a stale page be reused; `python -m
scripts build --verify-reuse N` re-renders reused pages to catch exactly that.
"""

from __future__ import annotations

import ast
import hashlib
import os
import platform
import subprocess
from dataclasses import dataclass, fields
from importlib import metadata
from pathlib import Path

from ..settings.palette import FONT

PACKAGE = Path(__file__).resolve().parents[2]  # macros/
PROJECT = PACKAGE.parent
CODE_SUFFIXES = (".py", ".html", ".md", ".css", ".js", ".txt")
SKIPPED = ("node_modules", "vendor", "__pycache__")
# Read page by page instead (settings/reads.py): templates by name, interface words by key. Only
# ui.py's word table is recorded that way; its functions are code like any other.
RECORDED_TEMPLATES = "macros/templates/"
WORD_TABLE = ("macros/core/settings/ui.py", "UI")


class ToolchainError(RuntimeError):
    """A program the build needs is missing: the message says what to install."""


def digest_of(*parts: bytes | str, length: int = 16) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8") if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:length]


def files_under(folder: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    """Every file under `folder` (with one of `suffixes`, if given), sorted, never walking into
    installed packages or caches."""
    found = []
    for parent, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if name not in SKIPPED]
        found += [Path(parent) / name for name in files if suffixes is None or name.endswith(suffixes)]
    return sorted(found)


def folder_hash(folder: Path) -> str:
    """A hash of every file under `folder`: changes exactly when one of them does."""
    folder = Path(folder)
    return digest_of(
        *(part for path in files_under(folder) for part in (str(path.relative_to(folder)), path.read_bytes()))
    )


def data_hash(data_dir: Path) -> str:
    """A hash of every file under the data folder (evidence included)."""
    return folder_hash(data_dir)


def code_files() -> list[Path]:
    """What renders pages (all of macros/) and the commands that drive a build (scripts/*.py; not
    the GPU capture or the judges in scripts/' folders, which no build runs)."""
    return files_under(PACKAGE, CODE_SUFFIXES) + sorted((PROJECT / "scripts").glob("*.py"))


def without_word_table(source: str) -> str:
    """ui.py's source with its word table left out (pages record each word they print)."""
    lines = source.split("\n")
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(target, ast.Name) and target.id == WORD_TABLE[1] for target in targets):
            del lines[node.lineno - 1 : node.end_lineno]
            break
    return "\n".join(lines)


def code_hash(leaving_out_recorded: bool = False) -> str:
    """A hash of the code (`code_files`); with
    `leaving_out_recorded`, the templates and ui.py's words are left out (pages record those)."""
    parts = []
    for path in code_files():
        name = path.relative_to(PROJECT).as_posix()
        if leaving_out_recorded and name.startswith(RECORDED_TEMPLATES):
            continue
        text = path.read_bytes()
        if leaving_out_recorded and name == WORD_TABLE[0]:
            text = without_word_table(text.decode("utf-8")).encode("utf-8")
        parts += [name, text]
    return digest_of(*parts)


def config_hash(config_file: Path) -> str:
    """mkdocs.yml's bytes: the repository behind the edit links, the languages, the theme, Markdown's extensions."""
    return digest_of(Path(config_file).read_bytes())


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
    return digest_of((dot.stderr or dot.stdout).strip(), FONT, *font_ids)


def engine_hash() -> str:
    """The Python version and every installed package at its version: MkDocs and its plugins,
    Markdown and pymdown-extensions (whose slugify makes the heading anchors), Jinja2, WeasyPrint …
    All of them, not a list of the ones that matter, which would go stale."""
    packages = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    return digest_of(platform.python_version(), *packages)


@dataclass(frozen=True)
class BuildKey:
    """What a build's output depends on, computed once per build; each user takes the parts it needs."""

    data: str  # every file under the data folder
    docs: str  # the page shells (each page also records its own source's digest)
    code: str  # macros/ and scripts/*.py
    page_code: str  # the code but what pages record as they read it (templates, interface words)
    config: str  # mkdocs.yml
    toolchain: str  # Graphviz and its fonts
    engine: str  # Python and every installed package

    @classmethod
    def parts(cls) -> tuple[str, ...]:
        """The names of the key's parts."""
        return tuple(part.name for part in fields(cls))

    def of_parts(self, parts: tuple[str, ...]) -> str:
        """The key narrowed to `parts` (named, so two selections never collide)."""
        return digest_of(*(f"{part}={getattr(self, part)}" for part in parts))

    @classmethod
    def of(cls, data_dir: Path, config_file: Path) -> BuildKey:
        config_file = Path(config_file)
        return cls(
            data=data_hash(data_dir),
            docs=folder_hash(config_file.parent / "docs"),
            code=code_hash(),
            page_code=code_hash(leaving_out_recorded=True),
            config=config_hash(config_file),
            toolchain=toolchain_hash(),
            engine=engine_hash(),
        )


# What every page of a language depends on as a whole (page_store.site_digest); the rest it records.
PAGE_PARTS = ("page_code", "config", "toolchain", "engine")
