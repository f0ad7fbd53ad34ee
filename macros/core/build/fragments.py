"""Rendered record pages kept in the build cache, so a build with unchanged inputs skips re-rendering them.

A fragment depends on the whole build key (data, code, mkdocs.yml, Graphviz and fonts: the edit
links come from mkdocs.yml's `extra.repository`) and on the page it is for; the slot contents
(diagrams, excerpts) it refers to are stored with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..views.slots import Slots
from .cache import DiskCache, Namespace


class FragmentCache:
    """One build's view of the fragments namespace."""

    def __init__(self, cache: Namespace, slots: Slots):
        self.cache = cache
        self.slots = slots

    @classmethod
    def of(cls, cache: DiskCache, slots: Slots) -> FragmentCache:
        return cls(cache.namespace("fragments"), slots)

    def get(self, parts: tuple, compute: Callable[[], str]) -> str:
        """The fragment for `parts` from disk, or `compute()` it and store it."""
        item = json.dumps(parts, ensure_ascii=False)
        stored = self.cache.load(item, suffix=".json")
        if stored is not None:
            entry = json.loads(stored)
            self.slots.register(entry["slots"])
            return entry["html"]
        html = str(compute())
        entry = {"html": html, "slots": self.slots.used_in(html)}
        self.cache.store(json.dumps(entry, ensure_ascii=False).encode("utf-8"), item, suffix=".json")
        return html
