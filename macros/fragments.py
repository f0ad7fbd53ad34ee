"""Disk cache of rendered per-record pages, so an unchanged build skips re-rendering them.

A fragment is keyed by the data's hash, the renderer code's hash, the language and the page,
so any change to data or code misses the cache. The diagrams a fragment holds (as slots)
are stored with it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from . import slots
from .cache import CACHE_ROOT

FOLDER = CACHE_ROOT / "fragments"


@lru_cache(maxsize=1)
def code_version() -> str:
    """Hash of the renderer's own source: a code change invalidates every fragment."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cached(parts: tuple, compute: Callable[[], str]) -> str:
    """The fragment for `parts` from disk, or `compute()` it and store it."""
    key = hashlib.sha256(json.dumps([code_version(), *parts], ensure_ascii=False).encode("utf-8")).hexdigest()[:32]
    path = FOLDER / f"{key}.json"
    if path.exists():
        stored = json.loads(path.read_text(encoding="utf-8"))
        slots.register(stored["svgs"])
        return stored["html"]
    html = compute()
    record = {"html": html, "svgs": slots.used_in(html)}
    FOLDER.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=FOLDER, delete=False, suffix=".tmp") as tmp:
        json.dump(record, tmp, ensure_ascii=False)
    os.replace(tmp.name, path)
    return html
