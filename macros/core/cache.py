"""Where build caches live, and the one build key every cache is derived from.

The key has three parts: the data, the code (Python, templates, CSS/JS of this package)
and the toolchain (Graphviz's version and the font files it measures text with). A change
to any part misses every cache that depends on it; deleting .cache/ only makes a build cold.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .palette import FONT

PACKAGE = Path(__file__).resolve().parent.parent  # macros/
CACHE_ROOT = Path(os.environ.get("GSM_CACHE_DIR", PACKAGE.parent / ".cache"))


class ToolchainError(RuntimeError):
    """A program the build needs is missing: the message says what to install."""


def _digest(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8") if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def data_hash(data_dir: Path) -> str:
    """A hash of every file under the data folder (evidence included): changes exactly when the data changes."""
    data_dir = Path(data_dir)
    files = sorted(p for p in data_dir.rglob("*") if p.is_file())
    return _digest(*(part for path in files for part in (str(path.relative_to(data_dir)), path.read_bytes())))


def code_hash() -> str:
    """A hash of the code that renders pages: Python, templates, styles and scripts of macros/."""
    files = sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".html", ".md", ".css", ".js", ".txt"))
    return _digest(*(part for path in files for part in (str(path.relative_to(PACKAGE)), path.read_bytes())))


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
    """What a build's output depends on; each cache uses the parts it needs."""

    data: str
    code: str
    toolchain: str

    @property
    def full(self) -> str:
        """The whole key: for caches of whole pages or documents."""
        return _digest(self.data, self.code, self.toolchain)

    @classmethod
    def of(cls, data_dir: Path) -> BuildKey:
        return cls(data_hash(data_dir), code_hash(), toolchain_hash())
