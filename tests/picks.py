"""Records for tests that need "some tool" or "some chain", picked from the loaded model by what the
test needs of them (the first in id order that has it), so renaming, rewording or removing one
record never breaks a test about something else. Tests about a named record's facts name it."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from macros.core.data import records as r
from macros.core.data.evidence import Artifact
from macros.core.data.loading import load
from macros.core.data.model import Model
from macros.core.data.routes import routes_from, starting_points
from macros.core.views.search_terms import record_forms

ROOT = Path(__file__).resolve().parent.parent
DEEP_DIVES = ROOT / "docs" / "deep-dives"
MARKUP = set("&<>\"'`")  # what HTML escapes, and the backtick that marks code in data text

Record = TypeVar("Record")


@lru_cache(maxsize=1)
def model() -> Model:
    """The real data, loaded once per test process."""
    return load(ROOT / "data")


def first_with(records: Iterable[Record], need: Callable[[Record], bool], what: str) -> Record:
    """The first record in id order that meets `need`; fails naming `what` when none does."""
    found = [record for record in records if need(record)]
    assert found, f"no {what} in data/: this test needs one"
    return min(found, key=lambda record: record.id)


def stack_tool_ids(m: Model | None = None) -> set[str]:
    """The tools drawn in the stack diagram (every page's stack links them)."""
    return {tool_id for layer in (m or model()).layers.values() for tool_id in layer.diagram}


def a_tool(m: Model | None = None) -> r.Tool:
    """A tool with a layer: its page shows the stack and links its layer (of `m`, else the real data)."""
    return first_with((m or model()).tools.values(), lambda tool: tool.layer is not None, "tool with a layer")


def a_tool_in_the_stack(m: Model | None = None) -> r.Tool:
    """A tool drawn in the stack diagram, with a name free of markup and HTML's special characters."""
    drawn = stack_tool_ids(m)
    return first_with(
        (m or model()).tools.values(),
        lambda tool: tool.id in drawn and not MARKUP & set(tool.name.en + tool.name.zh),
        "tool in the stack diagram",
    )


def deep_dive_ids() -> list[str]:
    """The tools with a deep dive in every language (docs/deep-dives/<tool id>.<lang>.md), in id order."""
    english = {path.name.removesuffix(".en.md") for path in DEEP_DIVES.glob("*.en.md")}
    chinese = {path.name.removesuffix(".zh.md") for path in DEEP_DIVES.glob("*.zh.md")}
    return sorted(english & chinese & set(model().tools))


def a_deep_dive_tool() -> r.Tool:
    """A tool whose page has a deep dive that draws a chain, and which the stack diagram draws."""
    drawn = stack_tool_ids()

    def draws_a_chain(tool_id: str) -> bool:
        return "{{ chain(" in (DEEP_DIVES / f"{tool_id}.en.md").read_text(encoding="utf-8")

    chosen = [tool_id for tool_id in deep_dive_ids() if tool_id in drawn and draws_a_chain(tool_id)]
    assert chosen, "no deep dive draws a chain for a tool in the stack: this test needs one"
    return model().tools[chosen[0]]


def a_layer(m: Model | None = None) -> r.Layer:
    """A layer (each has a page, and the stack on every page draws it)."""
    return first_with((m or model()).layers.values(), lambda layer: True, "layer")


def a_chain() -> r.Chain:
    """A chain with a page of its own, in no group."""
    return first_with(model().chains.values(), lambda chain: chain.group is None, "chain in no group")


def a_chain_with_a_decision() -> r.Chain:
    """A chain with a step whose branches are drawn side by side, some of which link a tool."""
    return first_with(
        model().chains.values(),
        lambda chain: any(option.tools for step in chain.steps for option in step.options),
        "chain with a decision",
    )


def linked_tools(chain: r.Chain) -> list[str]:
    """The tools a chain's boxes link (each box links the first tool it names), in order."""
    nodes = [node for step in chain.steps for node in [step, *step.options]]
    return list(dict.fromkeys(node.tools[0] for node in nodes if node.tools))


def branch_tools(chain: r.Chain) -> list[str]:
    """The tools the branches of a chain's decisions link, in order."""
    return list(dict.fromkeys(option.tools[0] for step in chain.steps for option in step.options if option.tools))


def a_measured_chain_with_a_stack_tool(size: int) -> tuple[r.Tool, r.Chain]:
    """A chain measured at `size` and a tool it links that the stack diagram draws."""
    m, drawn = model(), stack_tool_ids()
    pairs = sorted(
        (tool_id, path.chain)
        for path in m.evidence.gelu.paths
        if path.chain and any(s.size == size and s.status == "measured" for s in path.sizes)
        for tool_id in linked_tools(m.chains[path.chain])
        if tool_id in drawn
    )
    assert pairs, f"no chain measured at {size} links a tool of the stack: this test needs one"
    tool_id, chain_id = pairs[0]
    return m.tools[tool_id], m.chains[chain_id]


def start_names() -> dict[str, set[str]]:
    """Each starting point of the path finder → every name a `?from=` link may call it by."""
    m = model()
    return {
        start: {n.casefold() for n in [start, *record_forms(m.tools[start]), *m.tools[start].aliases]}
        for start in starting_points(m)
    }


def a_starting_point(m: Model | None = None) -> str:
    """A tool the path finder starts from (it has a page of routes)."""
    return min(starting_points(m or model()))


def a_misspelt_start() -> tuple[str, str]:
    """(typo, start): a starting point's id misspelt, nearer to it than to any other start's names
    and naming no tool (so the path finder offers the nearest spellings)."""
    names = start_names()
    for start in sorted(names):
        others = set().union(*(n for s, n in names.items() if s != start)) | set(model().tools)
        try:
            return a_misspelling(start, others), start
        except AssertionError:
            continue
    raise AssertionError("no starting point has a misspelling nearer to it than to the others")


def a_tool_routes_pass_through() -> r.Tool:
    """A tool that is no starting point (by id or name) but lies on some start's route."""
    m, names = model(), start_names()
    known = set().union(*names.values())
    on_routes = {
        tool_id for start in names for route in routes_from(m, start) for s in route.steps for tool_id in s.tools
    }
    return first_with(
        m.tools.values(), lambda tool: tool.id in on_routes and tool.id not in known, "tool on a route that starts none"
    )


def an_excerpt_on_a_chain_step() -> Artifact:
    """An excerpt of captured evidence that a chain step shows (its first `refs` entry)."""
    return first_with(model().evidence.artifacts, lambda a: bool(a.refs), "excerpt on a chain step")


def an_excerpt_with_markup() -> Artifact:
    """An excerpt of captured evidence shown on a chain page whose text has angle brackets."""
    return first_with(model().evidence.artifacts, lambda a: bool(a.refs) and "<" in a.excerpt, "excerpt with markup")


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, as the path finder's script measures "the nearest by spelling"."""
    row = list(range(len(b) + 1))
    for i, char in enumerate(a, start=1):
        diagonal, row[0] = row[0], i
        for j, other in enumerate(b, start=1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (char != other))
    return row[-1]


def a_misspelling(word: str, known: Iterable[str]) -> str:
    """`word` with one letter left out, nearer to `word` than to anything else in `known` by edit
    distance and by difflib's ratio (so "did you mean" has one right answer)."""
    known = set(known) | {word}
    for i in reversed(range(1, len(word))):
        typo = word[:i] + word[i + 1 :]
        others = known - {word}
        if typo in known or any(edit_distance(typo, other) <= 1 for other in others):
            continue
        if difflib.get_close_matches(typo, sorted(known), n=1, cutoff=0.6) == [word]:
            return typo
    raise AssertionError(f"no misspelling of {word!r} is nearest to it alone: pick another record")
