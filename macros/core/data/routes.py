"""Routes from where a reader's code starts to machine code on the GPU, derived from the chains.

A route is the rest of a chain from the first step that names the starting tool (or one of
its parts), down to the driver, the hardware or a cubin. A chain that stops short (the 9.14
paths stop at "Inductor may generate a Triton kernel") is continued by another chain through
its last step's tools, or its branches' tools where it ends in a decision, so every route the
data knows is followed to the GPU. Nothing here is a hand-kept list of routes: add a chain,
and the path finder shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import records as r
from .recorded_model import derived

# Where code starts and where a route arrives are the data's to say: a layer's `route`
# ("start": a reader writes code there; "end": the driver or the hardware) and a tool's
# `machine_code` (SASS, a cubin). Artifacts outside the stack (an ONNX model, a .cu file) are
# starting points too.
MAX_JOINS = 2  # chains joined end to start at most this often (no loops)


@dataclass(frozen=True)
class Leg:
    """Consecutive steps of one chain, as a route uses them."""

    chain: r.Chain
    steps: tuple[r.Step, ...]


@dataclass(frozen=True)
class Route:
    """One way from a starting tool to the GPU: legs of one or more chains."""

    start: str
    legs: tuple[Leg, ...]

    @property
    def steps(self) -> list[r.Step]:
        return [step for leg in self.legs for step in leg.steps]

    @property
    def key(self) -> tuple:
        return tuple((leg.chain.id, len(leg.steps)) for leg in self.legs)

    @property
    def id(self) -> str:
        """A stable id for anchors and diagram names: the chains it follows."""
        return f"{self.start}--" + "--".join(leg.chain.id for leg in self.legs)


def parts_of(model, tool_id: str) -> set[str]:
    """The tool and, transitively, the tools that are `part-of` it in the same layer (jax.jit of JAX)."""
    layer = model.tools[tool_id].layer
    found, todo = {tool_id}, [tool_id]
    while todo:
        current = todo.pop()
        for other, rel in model.relations_towards.get(current, ()):
            if rel.type == "part-of" and model.tools[other].layer == layer and other not in found:
                found.add(other)
                todo.append(other)
    return found


def _arrives(model, step: r.Step) -> bool:
    layer = model.step_layer(step)
    arrived = layer is not None and model.layers[layer].route == "end"
    return arrived or any(model.tools[t].machine_code for t in step.tools if t in model.tools)


def _reaches_gpu(model, steps: list[r.Step]) -> bool:
    return bool(steps) and _arrives(model, steps[-1])


def _continue(model, legs: list[Leg], joins: int) -> tuple[Leg, ...] | None:
    """Legs that reach the GPU: as they are, or joined to another chain through the last step's tools."""
    steps = [step for leg in legs for step in leg.steps]
    if _reaches_gpu(model, steps):
        return tuple(legs)
    if joins >= MAX_JOINS:
        return None
    used = {leg.chain.id for leg in legs}
    last = steps[-1]
    # Through one of the last step's tools, the next chain goes on after its own step with that
    # tool (the same step, said twice otherwise). A decision point also joins through its
    # branches' tools, and there the next chain's step is kept: it says what the branch becomes
    # (ONNX Runtime hands subgraphs to TensorRT → "custom TensorRT kernels").
    joins_through = [(tool, 1) for tool in last.tools]
    joins_through += [(tool, 0) for option in last.options for tool in option.tools]
    for tool_id, skip in joins_through:
        for chain in model.chains_through(tool_id):
            if chain.id in used:
                continue
            for index, step in enumerate(chain.steps):
                if tool_id in step.tools and index + skip < len(chain.steps):
                    found = _continue(model, [*legs, Leg(chain, tuple(chain.steps[index + skip :]))], joins + 1)
                    if found:
                        return found
                    break
    return None


@derived
def routes_from(model, tool_id: str) -> list[Route]:
    """Every route the data knows from this tool (or its parts) to the GPU, shortest first."""
    names = parts_of(model, tool_id)
    routes: dict[tuple, Route] = {}
    for chain in model.chains.values():
        for index, step in enumerate(chain.steps):
            if names & set(step.tools):
                legs = _continue(model, [Leg(chain, tuple(chain.steps[index:]))], 0)
                if legs and (len(legs) > 1 or len(legs[0].steps) > 1):
                    route = Route(tool_id, legs)
                    routes.setdefault(route.key, route)
                break
    return sorted(routes.values(), key=lambda route: (len(route.steps), route.id))


@derived
def starting_points(model) -> list[str]:
    """Tools a reader's code can start from: in the upper layers or outside the stack, with a route.

    A tool that is part of another in its layer (jax.jit of JAX) is offered as the whole, unless
    the stack diagram names it itself (CuTe DSL).
    """
    layer_order = list(model.layers)
    on_diagram = {tool_id for layer in model.layers.values() for tool_id in layer.diagram}
    first_steps = {tool_id for chain in model.chains.values() for tool_id in chain.steps[0].tools}
    found = []
    for tool in model.tools.values():
        if tool.layer is not None and model.layers[tool.layer].route != "start":
            continue
        if tool.layer is None and (tool.kind != "artifact" or tool.id not in first_steps):
            continue  # outside the stack, only what a chain starts from (an ONNX model, a .cu file)
        parents = [
            rel.tool for rel in tool.relations if rel.type == "part-of" and model.tools[rel.tool].layer == tool.layer
        ]
        if parents and tool.id not in on_diagram:
            continue
        if routes_from(model, tool.id):
            found.append(tool)

    def order(tool: r.Tool) -> tuple:
        layer = layer_order.index(tool.layer) if tool.layer in layer_order else len(layer_order)
        diagram = model.layers[tool.layer].diagram if tool.layer else []
        return (layer, diagram.index(tool.id) if tool.id in diagram else len(diagram), tool.name.en.lower())

    return [tool.id for tool in sorted(found, key=order)]


def route_chain(route: Route, title: r.Text) -> r.Chain:
    """A route as a chain record, so it is drawn like one."""
    # Its steps were validated when the data was loaded; the id joins chain ids with "--".
    return r.Chain.model_construct(id=route.id, title=title, section="-", steps=list(route.steps))


def same_in_every_language(text: str) -> r.Text:
    """A title written once for all languages (a route's title is made per page, in its language)."""
    return r.Text.model_construct(**dict.fromkeys(r.LANGUAGE_NAMES, text))
