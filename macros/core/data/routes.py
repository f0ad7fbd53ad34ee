"""Routes from where a reader's code starts to machine code on the GPU, derived from the chains.

A route is the rest of a chain from the first step that names the starting tool (or one of
its parts), down to the driver, the hardware or a cubin. A chain that stops short (the 9.14
paths stop at "Inductor may generate a Triton kernel") is continued by another chain through
its last step's tools, or its branches' tools where it ends in a decision, so every route the
data knows is followed to the GPU. A route that reaches the driver without naming machine code
gets the code generation that another chain tells for the compiler on it (XLA → LLVM IR → PTX
→ SASS); near-identical routes are shown once, the others as retellings of it. Nothing here is
a hand-kept list of routes: add a chain, and the path finder shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import records as r
from .recorded_model import derived

# Where code starts and where a route arrives are the data's to say: a layer's `route`
# ("start": a reader writes code there; "end": the driver or the hardware) and a tool's
# `machine_code` (SASS, a cubin). Artifacts outside the stack (an ONNX model, a .cu file) are
# starting points too.
MAX_JOINS = 2  # chains joined end to start at most this often (no loops)


@dataclass(frozen=True)
class Leg:
    """Consecutive steps of one chain, as a route uses them; `generated_by` names the compiler
    whose code generation the leg tells, when the leg was added for that (see `_with_code_generation`)."""

    chain: r.Chain
    steps: tuple[r.Step, ...]
    generated_by: str | None = None


@dataclass(frozen=True)
class Route:
    """One way from a starting tool to the GPU: legs of one or more chains, and the near-identical
    routes it stands for (`retellings`)."""

    start: str
    legs: tuple[Leg, ...]
    retellings: tuple[Retelling, ...] = ()

    @property
    def steps(self) -> list[r.Step]:
        return [step for leg in self.legs for step in leg.steps]

    @property
    def key(self) -> tuple:
        return tuple((leg.chain.id, len(leg.steps)) for leg in self.legs)

    @property
    def tools_named(self) -> set[str]:
        """The tools its steps name, and its retellings' steps (what `?from=` and tool pages look up)."""
        routes = [self, *(retelling.route for retelling in self.retellings)]
        return {tool for route in routes for step in route.steps for tool in step.tools}

    @property
    def chain_ids(self) -> list[str]:
        """The chains it follows, each once, in order (a chain that code generation interrupts comes back)."""
        return list(dict.fromkeys(leg.chain.id for leg in self.legs))

    @property
    def id(self) -> str:
        """A stable id for anchors and diagram names: the chains it follows."""
        return f"{self.start}--" + "--".join(self.chain_ids)


@dataclass(frozen=True)
class Retelling:
    """A route near-identical to another, shown as a note on it: the route, and its steps that the
    other does not word the same way (what the reader would miss)."""

    route: Route
    steps: tuple[r.Step, ...]


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


def _tools_of(step: r.Step) -> list[str]:
    """The tools a step names, its branches' too, each once."""
    return list(dict.fromkeys([*step.tools, *(tool for option in step.options for tool in option.tools)]))


def _names_machine_code(model, step: r.Step) -> bool:
    return any(model.tools[tool].machine_code for tool in _tools_of(step))


def _entries(model, through: list[tuple[str, int]], used: set[str]) -> list[tuple[r.Chain, int]]:
    """Where other chains go on after the given tools: (chain, index of its first step to follow),
    for (tool, skip) pairs as `_continue` joins them. The step that names the fewest tools says
    the most about the tool, so its chain comes first ("PTX" before "host code + fatbin(PTX/cubin)")."""
    found: dict[str, tuple[int, r.Chain, int]] = {}
    for tool_id, skip in through:
        for chain in model.chains_through(tool_id):
            if chain.id in used or chain.id in found:
                continue
            for index, step in enumerate(chain.steps):
                if tool_id in step.tools:
                    if index + skip < len(chain.steps):
                        found[chain.id] = (len(step.tools), chain, index + skip)
                    break
    return [(chain, index) for _, chain, index in sorted(found.values(), key=lambda entry: entry[0])]


def _down_to_machine_code(model, legs: list[Leg], joins: int, used: set[str]) -> tuple[Leg, ...] | None:
    """The legs cut after the first step that names machine code (SASS, a cubin), or joined to
    another chain through the last step's tools until one does."""
    last = legs[-1]
    for index, step in enumerate(last.steps):
        if _names_machine_code(model, step):
            return (*legs[:-1], replace(last, steps=last.steps[: index + 1]))
    if joins >= MAX_JOINS:
        return None
    end = last.steps[-1]
    through = [(tool, 1) for tool in end.tools] + [(tool, 0) for option in end.options for tool in option.tools]
    for chain, index in _entries(model, through, used | {leg.chain.id for leg in legs}):
        found = _down_to_machine_code(
            model, [*legs, Leg(chain, tuple(chain.steps[index:]), last.generated_by)], joins + 1, used
        )
        if found:
            return found
    return None


def _with_code_generation(model, legs: tuple[Leg, ...]) -> tuple[Leg, ...]:
    """The legs, with the code generation another chain tells inserted before the driver, when
    they reach it without naming machine code: JAX's chains end "XLA → library call or generated
    kernel → CUDA Driver", and the XLA:GPU chain tells how that kernel becomes PTX, then SASS.

    The compiler is the tool nearest the driver that `generates` something (relations), and its
    code generation is the chain that goes on from a step naming it down to machine code. A route
    that only calls libraries gets none: their kernels ship compiled (`prebuilt_kernels`).
    """
    steps = [step for leg in legs for step in leg.steps]
    if any(_names_machine_code(model, step) for step in steps):
        return legs
    arrival = next((index for index, step in enumerate(steps) if _arrives(model, step)), None)
    if not arrival:
        return legs
    used = {leg.chain.id for leg in legs}
    for step in reversed(steps[:arrival]):
        for tool_id in _tools_of(step):
            if not any(rel.type == "generates" for rel in model.tools[tool_id].relations):
                continue
            for chain, index in _entries(model, [(tool_id, 1)], used):
                found = _down_to_machine_code(model, [Leg(chain, tuple(chain.steps[index:]), tool_id)], 0, used)
                if found:
                    return _inserted(legs, arrival, found)
    return legs


def _inserted(legs: tuple[Leg, ...], at: int, inserted: tuple[Leg, ...]) -> tuple[Leg, ...]:
    """The legs with `inserted` before the step at flat index `at` (splitting the leg it falls in)."""
    out: list[Leg] = []
    seen = 0
    for leg in legs:
        cut = at - seen
        if 0 <= cut < len(leg.steps):
            if cut:
                out.append(replace(leg, steps=leg.steps[:cut]))
            out += inserted
            out.append(replace(leg, steps=leg.steps[cut:]))
        else:
            out.append(leg)
        seen += len(leg.steps)
    return tuple(out)


def _tools_past_start(route: Route) -> frozenset[str]:
    """Every tool a route names after its first step, branches included. The first step names the
    start, often among its alternatives ("PyTorch/TensorFlow/ONNX model"), so it tells routes apart
    by the start's company rather than by the way down."""
    return frozenset(tool for step in route.steps[1:] for tool in _tools_of(step))


def _near_identical(one: Route, other: Route) -> bool:
    """Whether two routes of one start show the same way down.

    A reader tells ways apart by the tools they pass. When every tool one route names is named on
    the other as well, the one adds no stop of its own: it retells the other's way, as a worked
    example (the `C = A @ B + bias + gelu` chains), in more or fewer words (TensorRT's two chains)
    or from a different step of the same chain. Routes with no tools past the start say nothing
    to compare, and stay apart.
    """
    mine, theirs = _tools_past_start(one), _tools_past_start(other)
    return bool(mine) and bool(theirs) and (mine <= theirs or theirs <= mine)


def _worded_differently(model, kept: Route, other: Route) -> tuple[r.Step, ...]:
    """The steps of `other` that `kept` does not word the same way: what a reader of `kept` alone
    would miss. Two kinds of step are in every route's words, whatever they say: the model or
    file a route starts from (an artifact first step: "ONNX/PyTorch model"), and a step that only
    says the GPU runs it (no tool, in a layer where routes arrive)."""
    said = {step.text for step in kept.steps}
    return tuple(
        step
        for index, step in enumerate(other.steps)
        if step.text not in said and not (index == 0 and step.artifact) and (step.tools or not _arrives(model, step))
    )


def _shown_once(model, found: list[Route]) -> list[Route]:
    """Each set of near-identical routes as one route, the others its retellings.

    The route shown is the one told by the fewest chains (it reads whole, not stitched), then the
    one naming the most tools, then the shortest.
    """

    def preference(route: Route) -> tuple:
        told = len({leg.chain.id for leg in route.legs if not leg.generated_by})
        return (told, -len(_tools_past_start(route)), len(route.steps), route.id)

    shown: list[Route] = []
    retold: dict[str, list[Route]] = {}
    for route in sorted(found, key=preference):
        home = next((one for one in shown if _near_identical(one, route)), None)
        if home is None:
            shown.append(route)
            retold[route.id] = []
        else:
            retold[home.id].append(route)
    return [
        replace(
            one, retellings=tuple(Retelling(other, _worded_differently(model, one, other)) for other in retold[one.id])
        )
        for one in shown
    ]


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
    """Every way the data knows from this tool (or its parts) to the GPU, each once (near-identical
    routes as retellings of one), shortest first."""
    names = parts_of(model, tool_id)
    routes: dict[tuple, Route] = {}
    for chain in model.chains.values():
        for index, step in enumerate(chain.steps):
            if names & set(step.tools):
                legs = _continue(model, [Leg(chain, tuple(chain.steps[index:]))], 0)
                if legs and (len(legs) > 1 or len(legs[0].steps) > 1):
                    route = Route(tool_id, _with_code_generation(model, legs))
                    routes.setdefault(route.key, route)
                break
    return sorted(_shown_once(model, list(routes.values())), key=lambda route: (len(route.steps), route.id))


@derived
def route_count(model, tool_id: str) -> int:
    """How many routes a starting point's page shows (a page that shows only the count depends on it alone)."""
    return len(routes_from(model, tool_id))


@derived
def starts_through(model, tool_id: str) -> list[str]:
    """The starting points whose routes (or their retellings) name this tool on a step, in the path finder's order."""
    return [
        start
        for start in starting_points(model)
        if any(tool_id in route.tools_named for route in routes_from(model, start))
    ]


def prebuilt_by(model, tool_id: str) -> str | None:
    """The tool whose `prebuilt_kernels` say how this tool's kernels ship: itself, or the tool it is
    part of in its layer (cuBLASLt's are cuBLAS's)."""
    tool = model.tools[tool_id]
    if tool.prebuilt_kernels:
        return tool_id
    for rel in tool.relations:
        parent = model.tools[rel.tool]
        if rel.type == "part-of" and parent.layer == tool.layer and parent.prebuilt_kernels:
            return rel.tool
    return None


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
