"""The model as pages read it: every read is recorded (settings/reads.py) at the grain of a record.

`RecordedModel(model)` answers like the model. A collection read by id records that record
("item", "tools", "ptx"); walking a collection records its ids in order ("keys", "tools") and
each record it yields; any other attribute (the evidence, the glossary's term list) records the
attribute as a whole ("attr", "evidence"). A value derived from the whole model (a layer's
tools, the routes from a tool: a model method, or a function marked `@derived`) is recorded by
what it is, ("call", "tools_in_layer", "ir"), not by everything computing it read: an edit that
leaves the value alone leaves the page alone. Translation status is recorded per record and
language, since a page shows only its own record's lagging fields.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Mapping
from types import MethodType

from ..settings.reads import record
from .model import Model
from .translations import Stale, Status


def derived(function: Callable) -> Callable:
    """Mark `function(model, *ids)` as a value pages depend on by its result (see the docstring above)."""
    name = f"{function.__module__}:{function.__qualname__}"

    @functools.wraps(function)
    def wrapper(model, *args):
        if isinstance(model, RecordedModel) and all(isinstance(a, str) for a in args):
            record(("derived", name, *args))
            model = model.model
        # Computed once per model: the reuse check asks for the value of every page's derived
        # reads, and the routes of one start are asked for by every page that names one of its tools.
        memo = getattr(model, "derived_values", None)
        if memo is None:
            return function(model, *args)
        key = (name, *args)
        if key not in memo:
            memo[key] = function(model, *args)
        return memo[key]

    return wrapper


class RecordedMapping(Mapping):
    """A collection of the model (or one of its indexes) whose reads are recorded."""

    def __init__(self, name: str, items: Mapping):
        self._name = name
        self._items = items

    def __getitem__(self, key):
        record(("item", self._name, key))
        return self._items[key]

    def __contains__(self, key) -> bool:
        record(("item", self._name, key))
        return key in self._items

    def __iter__(self) -> Iterator:
        record(("keys", self._name))
        return iter(self._items)

    def __len__(self) -> int:
        record(("keys", self._name))
        return len(self._items)


class RecordedTranslations:
    """The translation status, read one record's lagging fields at a time."""

    def __init__(self, status: Status):
        self._status = status

    def lagging_in(self, collection: str, record_id: str, lang: str) -> list[Stale]:
        record(("lagging", collection, record_id, lang))
        return self._status.lagging_in(collection, record_id, lang)


_METHODS = {name for name, value in vars(Model).items() if inspect.isfunction(value)}


class RecordedModel:
    """The model, read through recording views of its attributes."""

    def __init__(self, model: Model):
        self._model = model
        self._views: dict[str, object] = {}

    @property
    def model(self) -> Model:
        """The model itself, for code that reads it whole outside any page."""
        return self._model

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in _METHODS:
            return functools.partial(self._call, name)
        if name not in self._views:
            value = getattr(self._model, name)
            if isinstance(value, Mapping):
                self._views[name] = RecordedMapping(name, value)
            elif isinstance(value, Status):
                self._views[name] = RecordedTranslations(value)
            else:
                self._views[name] = None  # a whole attribute: recorded on every read
        view = self._views[name]
        if view is None:
            record(("attr", name))
            return getattr(self._model, name)
        return view

    def _call(self, name: str, *args):
        if all(isinstance(a, str) for a in args):
            record(("call", name, *args))
            return getattr(self._model, name)(*args)
        return MethodType(getattr(Model, name), self)(*args)  # what it reads is recorded
