"""What a page reads while it is rendered, recorded where it is read.

A build renders one page at a time. While a page renders, `recording(reads)` is open and every
read site (a record of the model, an interface word, a template) adds a key to it; the next
build re-renders the page only if the value behind one of its keys changed. Nothing declares
what a page depends on: what it read is what it depends on.

A key is a tuple of strings (and tuples of strings): ("ui", "summary"), ("template", "x.html"),
("item", "tools", "ptx"). core/pipeline/page_inputs.py says what each kind of key stands for now.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# The recordings open in this thread of control, the innermost last. Not build state: a build
# opens and closes its own (adapter/reuse.py, pipeline/build.py's memo); a context variable
# rather than the build object because the read sites are plain functions (an interface word,
# a template) that also run outside any build, where nothing records.
_OPEN: ContextVar[tuple[set[tuple], ...]] = ContextVar("open_recordings", default=())


def record(key: tuple) -> None:
    """Note that the page being rendered (if any) read what `key` stands for."""
    if recordings := _OPEN.get():
        recordings[-1].add(key)


@contextmanager
def recording(reads: set[tuple]) -> Iterator[set[tuple]]:
    """Add every key recorded inside the block to `reads`; a recording opened inside another also
    adds its keys to the outer one (a value computed once per build and reused by later pages
    keeps its keys, so each of those pages can be given them too)."""
    outer = _OPEN.get()
    _OPEN.set((*outer, reads))
    try:
        yield reads
    finally:
        _OPEN.set(outer)
        if outer:
            outer[-1].update(reads)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Read without recording: for a value that the page records by a key of its own (a diagram
    by its DOT text, not by everything drawing it read)."""
    outer = _OPEN.get()
    _OPEN.set((*outer, set()))
    try:
        yield
    finally:
        _OPEN.set(outer)


def reset() -> None:
    """Forget recordings left open by a build that failed mid-page (a new build starts)."""
    _OPEN.set(())


def add(keys: set[tuple]) -> None:
    """Note keys read earlier on behalf of the page being rendered (a reused, memoized value's)."""
    if recordings := _OPEN.get():
        recordings[-1].update(keys)
