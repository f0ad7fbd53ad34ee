"""What each recorded key (settings/reads.py) stands for in this build, as a digest.

A page is reused when every key it read has the digest it had when the page was rendered.
Records are digested by their content, so an edit anywhere else in a file (or a record moved
without change) leaves them alone; a template by its text and the templates it includes.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
import re
from collections.abc import Callable
from pathlib import PurePath

from jinja2 import TemplateNotFound
from pydantic import BaseModel

from ..data.model import Model
from ..settings.ui import UI
from ..views.render import ENVIRONMENT

ABSENT = "absent"


def canonical(value):
    """`value` as plain JSON data whose text is the same whenever the value is (sets sorted,
    records and dataclasses by field)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, PurePath):
        return value.name  # a folder's place on disk is never shown; its name may be
    if isinstance(value, BaseModel):  # records: serialized by pydantic (their fields hold no sets)
        return [type(value).__name__, value.model_dump_json()]
    if dataclasses.is_dataclass(value):
        return [type(value).__name__, {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, dict) or hasattr(value, "items"):
        return [[canonical(k), canonical(v)] for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(item) for item in value), key=_text)
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def digest(value) -> str:
    return hashlib.sha256(_text(canonical(value)).encode("utf-8")).hexdigest()[:24]


# The templates one template pulls in by name (Jinja's own parser, jinja2.meta, takes ten times
# longer and finds the same in these templates, which name what they include literally).
_PULLS_IN = re.compile(r"""\{%-?\s*(?:include|import|from|extends)\s+["']([^"']+)["']""")


def _template_names(name: str) -> tuple[str, ...]:
    """`name` and every template it includes, imports or extends, transitively."""
    found, queue = [], [name]
    while queue:
        current = queue.pop()
        if current in found:
            continue
        found.append(current)
        queue += _PULLS_IN.findall(ENVIRONMENT.loader.get_source(ENVIRONMENT, current)[0])
    return tuple(sorted(found))


def template_digest(name: str) -> str:
    """A template's text and the texts of the templates it pulls in."""
    return digest([ENVIRONMENT.loader.get_source(ENVIRONMENT, n)[0] for n in _template_names(name)])


def key_from_json(value):
    """A key read back from JSON: its lists were tuples."""
    return tuple(key_from_json(v) for v in value) if isinstance(value, list) else value


class PageInputs:
    """The digest of each key in this build (computed once per key)."""

    def __init__(self, model: Model, draw: Callable[[str, str, str], str | None]):
        self.model = model
        self.draw = draw  # a diagram's DOT text (Build.draw: drawn once per build for every asker)
        self._digests: dict[tuple, str] = {}
        self._stored_keys: dict[str, str] = {}  # a key as stored (JSON) → its digest now

    def digest(self, key: tuple) -> str:
        if key not in self._digests:
            self._digests[key] = self._compute(key)
        return self._digests[key]

    def digests(self, keys) -> dict[str, str]:
        """{key as JSON: digest} for the keys a page read, for its entry in the page store."""
        return {json.dumps(key, ensure_ascii=False): self.digest(key) for key in sorted(keys, key=repr)}

    def unchanged(self, stored: dict[str, str]) -> bool:
        """Whether every key of a stored entry still has its digest."""
        for key, value in stored.items():
            now = self._stored_keys.get(key)
            if now is None:
                now = self._stored_keys[key] = self.digest(key_from_json(json.loads(key)))
            if now != value:
                return False
        return True

    def _compute(self, key: tuple) -> str:
        kind, *rest = key
        if kind == "ui":
            return digest(UI.get(rest[0], ABSENT))
        if kind == "template":
            try:
                return template_digest(rest[0])
            except TemplateNotFound:  # the template is gone: anything that read it must be rendered again
                return ABSENT
        if kind == "item":
            items = getattr(self.model, rest[0], {})
            return digest(items[rest[1]]) if rest[1] in items else ABSENT
        if kind == "keys":
            return digest(list(getattr(self.model, rest[0], {})))
        if kind == "attr":
            return digest(getattr(self.model, rest[0], ABSENT))
        if kind == "lagging":
            status = self.model.translations
            stale = status.lagging_in(*rest) if status else []
            return digest([(s.field.name, s.field.source.name, s.field.line(rest[2])) for s in stale])
        if kind == "call":
            return digest(getattr(self.model, rest[0])(*rest[1:]))
        if kind == "derived":
            module, _, function = rest[0].partition(":")
            return digest(getattr(importlib.import_module(module), function)(self.model, *rest[1:]))
        if kind == "dot":
            dot = self.draw(*rest)
            return ABSENT if dot is None else digest(dot)
        return ABSENT  # a kind this code no longer records: never equal to a stored digest
