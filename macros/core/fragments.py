"""Rendered record pages kept on disk, so a build with unchanged inputs skips re-rendering them.

A fragment is keyed by the whole build key (data, code, Graphviz and fonts) and the page it is
for; the slot contents (diagrams, excerpts) it refers to are stored with it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from .slots import Slots


class FragmentCache:
    """One build's view of the fragment cache folder."""

    def __init__(self, folder: Path, build_key: str, slots: Slots):
        self.folder = Path(folder)
        self.build_key = build_key
        self.slots = slots

    def get(self, parts: tuple, compute: Callable[[], str]) -> str:
        """The fragment for `parts` from disk, or `compute()` it and store it."""
        text = json.dumps([self.build_key, *parts], ensure_ascii=False)
        path = self.folder / f"{hashlib.sha256(text.encode('utf-8')).hexdigest()[:32]}.json"
        if path.exists():
            stored = json.loads(path.read_text(encoding="utf-8"))
            self.slots.register(stored["slots"])
            return stored["html"]
        html = str(compute())
        self.folder.mkdir(parents=True, exist_ok=True)
        # Write-then-rename, so a build running beside this one never reads half a file.
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=self.folder, delete=False, suffix=".tmp") as tmp:
            json.dump({"html": html, "slots": self.slots.used_in(html)}, tmp, ensure_ascii=False)
        os.replace(tmp.name, path)
        return html
