"""Checks across records: references resolve, the stack is consistent, no silly cycles.

References are declared in the schema (`records.RefersTo`), so one check resolves them all.

Also the warnings: likely mistakes that are not errors (wrong language in a field,
duplicate summaries, plain-http documentation links).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import records as r
from .problems import Problem, did_you_mean
from .yaml_source import SourceFile

CJK_CHARS = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"


def check_references(
    records: dict[str, list[tuple[int, r.Record]]],
    sources: dict[str, SourceFile],
    written_ids: dict[str, set[str] | None],
) -> list[Problem]:
    """Every id a record points at (a field typed with `RefersTo`) is defined in its collection's file.

    `records` holds each file's valid records with their positions in it. An id counts as
    existing when its file defines it, even if that record has errors of its own (reported
    separately); references into an unreadable file are not checked at all.
    """
    return [
        problem
        for stem, found in records.items()
        for index, record in found
        for problem in unknown_ids(record, sources[stem], (stem, index), written_ids)
    ]


def unknown_ids(
    record: r.Record, source: SourceFile, at: tuple, written_ids: dict[str, set[str] | None]
) -> list[Problem]:
    """The ids `record` (at YAML path `at` of `source`) points at that their collection's file lacks."""
    return [
        source.problem(path, message)
        for path, value, target in r.references_in(record, at)
        if (message := unknown_reference(value, target, written_ids))
    ]


def unknown_reference(value: str, target: r.RefersTo, written_ids: dict[str, set[str] | None]) -> str | None:
    """What is wrong with an id naming a record of `target`'s collection, or None when it names one
    (or the collection's file could not be read, so its ids are unknown). The one check for every
    id written anywhere: data files, page shells, mkdocs.yml."""
    written = written_ids.get(target.collection)
    if written is None or value in written:
        return None
    hint = did_you_mean(value, written)
    return f"unknown {target.noun} '{value}'.{hint} If it is new, add it to data/{target.collection}.yaml first."


def check_consistency(model, sources: dict[str, SourceFile]) -> list[Problem]:
    """What valid references can still get wrong: a stack band listing another layer's tool, a tool
    related to itself, a step id used twice in a chain, a table row with the wrong number of cells,
    a part-of cycle, a pair of tools related twice."""
    problems: list[Problem] = []

    def at(stem: str, record_id: str, *rest: object) -> tuple:
        return (stem, model.record_index[(stem, record_id)], *rest)

    for layer in model.layers.values():
        for i, tool_id in enumerate(layer.diagram):
            tool = model.tools.get(tool_id)
            # A misspelt layer on the tool is reported there; don't report it twice.
            if tool and tool.layer in model.layers and tool.layer != layer.id:
                problems.append(
                    sources["layers"].problem(
                        at("layers", layer.id, "diagram", i),
                        f"tool '{tool_id}' is in layer '{tool.layer}', not '{layer.id}': move it or fix its layer.",
                    )
                )
    for tool in model.tools.values():
        for i, relation in enumerate(tool.relations):
            if relation.tool == tool.id:
                problems.append(
                    sources["tools"].problem(
                        at("tools", tool.id, "relations", i, "tool"),
                        "a tool cannot relate to itself: remove this relation.",
                    )
                )
            problems += _equivalence_problems(sources["tools"], at("tools", tool.id, "relations", i), relation)
    for chain in model.chains.values():
        seen_steps: dict[str, int] = {}
        for i, step in enumerate(chain.steps):
            if step.id in seen_steps:
                problems.append(
                    sources["chains"].problem(
                        at("chains", chain.id, "steps", i, "id"),
                        f"step id '{step.id}' is already used by step {seen_steps[step.id] + 1} of this chain: "
                        "step ids are unique in their chain.",
                    )
                )
            elif step.id:
                seen_steps[step.id] = i
    for word in model.measurements.values():
        for i, bound in enumerate(word.steps):
            chain = model.chains.get(bound.chain)
            steps = [step.id for step in chain.steps if step.id] if chain else None
            if steps is not None and bound.step not in steps:
                problems.append(
                    sources["measurements"].problem(
                        at("measurements", word.id, "steps", i, "step"),
                        f"chain '{bound.chain}' has no step '{bound.step}'.{did_you_mean(bound.step, steps)} "
                        "Name one of its step ids (data/chains.yaml), or give the step that id there.",
                    )
                )
    for table in model.tables.values():
        for i, row in enumerate(table.rows):
            if len(row.cells) != len(table.columns):
                problems.append(
                    sources["tables"].problem(
                        at("tables", table.id, "rows", i, "cells"),
                        f"row has {len(row.cells)} cells but the table has {len(table.columns)} columns: "
                        "add or remove cells so they line up.",
                    )
                )
    if "tools" not in sources:
        return problems
    problems += _part_of_cycles(model, sources)
    problems += _pairs_stated_twice(model, sources)
    return problems


def _equivalence_problems(source: SourceFile, where: tuple, relation: r.Relation) -> list[Problem]:
    # A counterpart on another stack says how close it is, and a partial one says what differs:
    # the page shows the reader that sentence beside the link.
    if relation.type != "equivalent-of":
        if relation.match is not None:
            return [source.problem((*where, "match"), "`match` belongs to equivalent-of relations only: remove it.")]
        return []
    if relation.match is None:
        return [
            source.problem(
                where, "an equivalent-of relation needs `match: full` or `match: partial`: say how close it is."
            )
        ]
    if relation.match == "partial" and relation.note is None:
        return [
            source.problem(
                where, "a partial equivalent-of needs a `note` in both languages saying what differs: add one."
            )
        ]
    return []


def _pairs_stated_twice(model, sources: dict[str, SourceFile]) -> list[Problem]:
    # Each relation reads one way and pages derive the inverse, so a pair of tools is related
    # once: "B targets A" on B's record next to "A targets B" on A's says it backwards, and
    # "A uses B" next to "B is part of A" gives one pair two meanings.
    first: dict[frozenset, tuple[str, int, r.Relation]] = {}
    problems = []
    for tool in model.tools.values():
        for i, rel in enumerate(tool.relations):
            pair = frozenset((tool.id, rel.tool))
            if len(pair) < 2:
                continue
            if pair not in first:
                first[pair] = (tool.id, i, rel)
                continue
            other_id, other_index, other = first[pair]
            line, _ = sources["tools"].locate(
                ("tools", model.record_index[("tools", other_id)], "relations", other_index)
            )
            said = (
                f"'{other_id}' already says \"{other_id} {other.type} {other.tool}\" ({sources['tools'].name}:{line})"
            )
            if rel.type == other.type and other_id != tool.id and rel.type not in r.SYMMETRIC_RELATIONS:
                why = "this states its inverse. Relations read one way and the other page shows the inverse: remove one"
            elif rel.type == other.type:
                why = "this states it again: remove one"
            else:
                why = f"this gives the same pair a second meaning ({rel.type}): keep the one the sources support"
            problems.append(
                sources["tools"].problem(
                    ("tools", model.record_index[("tools", tool.id)], "relations", i), f"{said}; {why}."
                )
            )
    return problems


def _part_of_cycles(model, sources: dict[str, SourceFile]) -> list[Problem]:
    # "A is part of B is part of A" is always a data mistake; report each cycle once.
    parent = {
        t.id: [rel.tool for rel in t.relations if rel.type == "part-of" and rel.tool in model.tools]
        for t in model.tools.values()
    }
    reported: set[frozenset] = set()
    problems = []
    for start in sorted(parent):
        stack = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in parent[node]:
                if nxt == start:
                    cycle = frozenset(trail)
                    if cycle not in reported:
                        reported.add(cycle)
                        index = model.record_index[("tools", start)]
                        tool = model.tools[start]
                        first_step = trail[1] if len(trail) > 1 else start
                        entry = next(
                            i
                            for i, rel in enumerate(tool.relations)
                            if rel.type == "part-of" and rel.tool == first_step
                        )
                        problems.append(
                            sources["tools"].problem(
                                ("tools", index, "relations", entry),
                                f"part-of cycle {' → '.join(trail + [start])}: a tool cannot contain itself; "
                                "remove one of these part-of relations.",
                            )
                        )
                elif nxt not in trail and len(trail) < 50:
                    stack.append((nxt, trail + [nxt]))
    return problems


def find_warnings(model, sources: dict[str, SourceFile]) -> list[Problem]:
    """Likely mistakes that still build: wrong language, duplicate summaries, http links."""
    import re

    cjk = re.compile(f"[{CJK_CHARS}]")
    warnings: list[Problem] = []
    for source in sources.values():
        for path, value in _walk(source.data, ()):
            if not isinstance(value, str) or len(path) < 2:
                continue
            if path[-1] == r.CHINESE and not cjk.search(value) and _is_sentence(value):
                warnings.append(
                    source.problem(
                        path,
                        "the zh text has no Chinese: translate it (or write the name once, without zh/en).",
                        "warning",
                    )
                )
            if path[-1] in r.LANGUAGE_NAMES and path[-1] != r.CHINESE and cjk.search(value):
                warnings.append(source.problem(path, f"the {path[-1]} text contains Chinese: translate it.", "warning"))
    seen: dict[str, str] = {}
    for tool in model.tools.values():
        key = tool.summary.en.strip().lower()
        if key in seen:
            warnings.append(
                sources["tools"].problem(
                    ("tools", model.record_index[("tools", tool.id)], "summary"),
                    f"same English summary as '{seen[key]}': say what makes this one different.",
                    "warning",
                )
            )
        seen.setdefault(key, tool.id)
    for ref in model.references.values():
        if ref.url.startswith("http://"):
            warnings.append(
                sources["references"].problem(
                    ("references", model.record_index[("references", ref.id)], "url"),
                    "link is plain http: use the https:// address if the site has one.",
                    "warning",
                )
            )
    return warnings


def _is_sentence(value: str) -> bool:
    # Short names ("cuBLAS", "PTX/cubin") legitimately read the same in Chinese.
    return len(value.split()) >= 4


def _walk(value: object, path: tuple) -> Iterator[tuple[tuple, object]]:
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _walk(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, path + (index,))
