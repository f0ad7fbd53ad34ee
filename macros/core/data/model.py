"""The model: every record of data/ by collection, the indexes pages need, and the questions
pages ask of it (a layer's tools, the chains through a tool, where a record is written).

`loading.load()` makes it, checked and cross-linked; nothing changes it afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import records as r
from .evidence_loading import Evidence
from .fact_checks import RecordCheck
from .problems import Problem
from .translations import Status


@dataclass(frozen=True)
class Model:
    """All records, plus the indexes pages need: complete when `load()` returns, never changed
    afterwards (derived here once, never hand-written).

    A field per data file of the registry (`records.FILES`), in its order: its records by id, or
    as a list in file order for the collections only shown in order (`records.IN_ORDER`).
    """

    kinds: dict[str, r.Kind]
    layers: dict[str, r.Layer]
    tools: dict[str, r.Tool]
    chains: dict[str, r.Chain]
    tables: dict[str, r.Table]
    lists: dict[str, r.GuideList]
    glossary: dict[str, r.Term]
    terms: list[r.Translation]
    references: dict[str, r.Reference]
    catalog: list[r.CatalogGroup]
    interface: dict[str, r.InterfaceWord]
    measurements: dict[str, r.MeasuredWords]
    lines: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)
    record_index: dict[tuple[str, str], int] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()
    # Reverse indexes, built once when the model is linked (`loading.link()`).
    chains_by_tool: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tables_by_tool: dict[str, tuple[str, ...]] = field(default_factory=dict)
    relations_towards: dict[str, tuple[tuple[str, r.Relation], ...]] = field(default_factory=dict)
    tools_by_reference: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Bilingual fields whose one language changed since the last review (data/translations.lock).
    translations: Status | None = None
    # What real compilers and a real GPU produced (data/evidence/), by chain step and tool.
    evidence: Evidence | None = None
    # How each checked record was compared with its sources (data/checks/), by "collection/id".
    findings: dict[str, RecordCheck] = field(default_factory=dict)
    # Values derived from the whole model (`recorded_model.derived`), each computed once; a model
    # made by `replace()` starts with an empty memo, since its records may differ. A per-build
    # cache (each build loads its own model), kept here because `derived` functions are given the
    # model, not the build; the values depend on the frozen records alone, so they never go stale.
    derived_values: dict[tuple, object] = field(default_factory=dict, init=False, compare=False, repr=False)

    def tools_in_layer(self, layer_id: str) -> list[r.Tool]:
        """Tools of a layer: the diagram's order first, then the rest by name."""
        order = {tool_id: i for i, tool_id in enumerate(self.layers[layer_id].diagram)}
        members = [t for t in self.tools.values() if t.layer == layer_id]
        return sorted(members, key=lambda t: (order.get(t.id, len(order)), t.name.en.lower()))

    def chains_through(self, tool_id: str) -> list[r.Chain]:
        """Chains with a step (or branch) naming this tool."""
        return [self.chains[chain_id] for chain_id in self.chains_by_tool.get(tool_id, ())]

    def tables_with(self, tool_id: str) -> list[r.Table]:
        """Tables with a row about or mentioning this tool."""
        return [self.tables[table_id] for table_id in self.tables_by_tool.get(tool_id, ())]

    def related_to(self, tool_id: str) -> list[tuple[r.Tool, r.Relation]]:
        """Relations other tools declare towards this one (the reverse edges)."""
        return [(self.tools[other], rel) for other, rel in self.relations_towards.get(tool_id, ())]

    def limits_note(self) -> str:
        """The id of the note on what limits every measured figure (data/measurements.yaml)."""
        return next(word.id for word in self.measurements.values() if word.kind == "note" and word.limits)

    def uncounted_groups(self) -> set[str]:
        """Kernel groups a path lists but does not count as its kernels (zeroing, copies)."""
        return {word.id for word in self.measurements.values() if word.kind == "kernel-group" and not word.counted}

    def chains_in_group(self, group: str) -> list[r.Chain]:
        """The chains of one comparison group (e.g. every path of `gemm-bias-gelu`), in data order."""
        return [chain for chain in self.chains.values() if chain.group == group]

    def docs_for(self, tool_id: str) -> tuple[list[str], str | None]:
        """A tool's documentation: its own, else its nearest part-of ancestor's (and which)."""
        seen = {tool_id}
        current = tool_id
        while True:
            tool = self.tools[current]
            if tool.docs:
                return list(tool.docs), (None if current == tool_id else current)
            parents = [rel.tool for rel in tool.relations if rel.type == "part-of" and rel.tool not in seen]
            if not parents:
                return [], None
            current = parents[0]
            seen.add(current)

    def stack_place(self, tool_id: str) -> tuple[str, str]:
        """Where a tool is on the stack diagram: ("tool", its id) when it is a box, ("parent", id)
        for the nearest part-of ancestor that is a box, else ("layer", its layer's id)."""
        drawn = {box for layer in self.layers.values() for box in layer.diagram}
        seen, current = set(), tool_id
        while current not in seen:
            if current in drawn:
                return ("tool" if current == tool_id else "parent", current)
            seen.add(current)
            parents = [rel.tool for rel in self.tools[current].relations if rel.type == "part-of"]
            if not parents:
                break
            current = parents[0]
        return "layer", self.tools[tool_id].layer

    def step_layer(self, node: r.StepNode) -> str | None:
        """A step's layer: its own, else its first tool's."""
        if node.layer:
            return node.layer
        for tool_id in node.tools:
            if self.tools[tool_id].layer:
                return self.tools[tool_id].layer
        return None

    def source_line(self, collection: str, record_id: str) -> tuple[str, int]:
        """The data file and line where a record starts (for 'edit this' links)."""
        return self.lines.get((collection, record_id), (f"data/{collection}.yaml", 1))


def chain_tool_ids(chain: r.Chain) -> list[str]:
    """Every tool id named by a chain, in step order, without repeats."""
    seen: dict[str, None] = {}
    for step in chain.steps:
        for node in [step, *step.options]:
            seen.update(dict.fromkeys(node.tools))
    return list(seen)


def row_tool_ids(row: r.Row) -> list[str]:
    """The subject and mentioned tools of a table row."""
    return ([row.tool] if row.tool else []) + list(row.mentions)


def reading_id(key: str) -> str:
    """The id of the words for a reading of the GPU's state, by the key the capture writes (sm_before → sm-before)."""
    return key.replace("_", "-")
