"""Pydantic model of data/evidence/*.yaml and the check that every chain, step and tool id they name exists.

Each file is parsed once (values and node tree together, for line numbers); problems are values
with file, line, YAML path, message and fix, never exceptions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NamedTuple

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .checks import unknown_reference
from .problems import Problem
from .records import CHAIN, TOOL

Id = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)
Sha256 = Field(pattern=r"^[0-9a-f]{64}$")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same nodes and marks, faster


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Run(_Strict):
    """Where and when a GPU capture ran, and with what."""

    date: str = Field(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
    command: str
    import_command: str
    gpu: str
    driver: str
    compute_capability: str
    cuda_driver_version: str
    torch_cuda: str
    nvcc: str
    sm_count: int | None = Field(default=None, gt=0, description="Streaming multiprocessors, as the GPU reported them")
    l2_cache_bytes: int | None = Field(default=None, gt=0, description="L2 cache size, as the GPU reported it")
    total_memory_bytes: int | None = Field(default=None, gt=0)
    python: str
    versions: dict[str, str]
    clocks: dict[str, str]
    capture_code_sha256: str = Sha256
    archive_sha256: str = Sha256


class Kernel(_Strict):
    """One kernel name as the profiler reports it, its group and launches per call."""

    name: str = Field(min_length=1)
    group: str = Id
    count: float = Field(gt=0)


class Spread(_Strict):
    """A figure measured in several separate runs: the median of the runs' medians, and the
    lowest and highest run median."""

    median: float = Field(gt=0)
    low: float = Field(gt=0)
    high: float = Field(gt=0)


Times = Spread  # per-call milliseconds


class SizeResult(_Strict):
    """One problem size of one path."""

    size: int = Field(gt=0)
    status: Literal["measured", "failed"]
    reason: str | None = None
    kernels: list[Kernel] = []
    kernel_count: float | None = None
    gpu_time_ms: Times | None = Field(
        default=None, description="GPU time per call: the counted kernels' durations as the profiler clocked them"
    )
    gpu_runs_ms: list[float] = []
    time_ms: Times | None = None
    runs_ms: list[float] = []
    varying: bool = False
    gpu_busy: float | None = Field(default=None, ge=0)
    tflops: float | None = None
    gpu_tflops: float | None = None
    timer: Literal["cuda-events", "host-clock"] | None = None
    samples: int | None = None
    reps_per_sample: int | None = None
    max_abs_err: float | None = None
    max_abs_err_vs_tanh_ref: float | None = None
    max_abs_output: float | None = Field(default=None, gt=0)
    trace_sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


class PathRow(_Strict):
    """One path of `C = gelu(A @ B + bias)`: measured, or not and why."""

    id: str = Id
    chain: str | None = Field(default=None, pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    tools: list[str] = Field(default=[])
    status: Literal["measured", "not-measured", "failed"]
    failure: str | None = Field(default=None, description="What stopped the capture, as it reported it")
    code: str | None = None
    gelu: str | None = None
    sizes: list[SizeResult] = []


class GeluPaths(_Strict):
    """data/evidence/gelu-paths.yaml"""

    schema_: Literal[1] = Field(alias="schema")
    operation: dict
    run: Run
    method: dict
    ceilings: dict[str, Spread | int] = {}
    groups: list[str]  # the kernel groups the paths use; their labels are in data/measurements.yaml
    paths: list[PathRow]


class SoftmaxSize(_Strict):
    """One size (rows x cols) of one softmax path."""

    size: int = Field(gt=0)
    status: Literal["measured", "failed"]
    reason: str | None = None
    rows: int | None = None
    cols: int | None = None
    bytes_moved: int | None = None
    kernels: list[Kernel] = []
    kernel_count: float | None = None
    gpu_time_ms: Times | None = None
    gpu_runs_ms: list[float] = []
    time_ms: Times | None = None
    gbs: float | None = Field(default=None, description="GB/s from GPU time")
    call_gbs: float | None = Field(default=None, description="GB/s from call time")
    timer: Literal["cuda-events", "host-clock"] | None = None
    max_abs_err: float | None = None
    row_sum_err: float | None = None
    trace_sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


class SoftmaxPath(_Strict):
    """One path of the memory-bound op."""

    id: str = Id
    tools: list[str] = []
    status: Literal["measured", "not-measured", "failed"]
    failure: str | None = None
    code: str | None = None
    sizes: list[SoftmaxSize] = []


class SoftmaxPaths(_Strict):
    """data/evidence/softmax-paths.yaml"""

    schema_: Literal[1] = Field(alias="schema")
    operation: dict
    run: Run
    ceilings: dict[str, Spread | int] = {}
    paths: list[SoftmaxPath]


class CaptureResult(_Strict):
    """One path at one size in one capture, for the side-by-side table."""

    path: str = Id
    op: Literal["gemm", "softmax"]
    size: int = Field(gt=0)
    time_ms: float = Field(gt=0)
    gpu_time_ms: float | None = Field(default=None, gt=0)


class CaptureRun(_Strict):
    """Where and when one capture of the side-by-side file ran, and what the GPU reported."""

    date: str = Field(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
    gpu: str
    driver: str
    sm_count: int | None = Field(default=None, gt=0)
    l2_cache_bytes: int | None = Field(default=None, gt=0)
    total_memory_bytes: int | None = Field(default=None, gt=0)
    archive_sha256: str = Sha256

    def __getitem__(self, field: str):
        return getattr(self, field)


class Capture(_Strict):
    """What one capture measured on one GPU."""

    run: CaptureRun
    ceilings: dict[str, Spread | int] = {}
    results: list[CaptureResult]
    gemm: list[dict] = []  # the previous import's figures and kernel names, for the next import to compare


class Captures(_Strict):
    """data/evidence/captures.yaml: one capture per GPU, side by side."""

    schema_: Literal[1] = Field(alias="schema")
    captures: list[Capture]


class Peak(_Strict):
    """One datasheet figure of the GPU, with the reference it is cited from."""

    value: float = Field(gt=0)
    unit: str
    reference: str = Id


class GpuPeaks(_Strict):
    """Another measured GPU's datasheet peaks."""

    gpu: str
    variant: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    peaks: dict[str, Peak]


class Hardware(_Strict):
    """data/evidence/hardware.yaml (hand-written): the measured GPU's datasheet peaks."""

    gpu: str
    variant: str = Field(
        pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$",
        description="The note (data/measurements.yaml) saying which variant the machine is, and how we know",
    )
    peaks: dict[str, Peak]
    others: list[GpuPeaks] = Field(default=[], description="The other GPUs captures ran on, by the name they report")

    def for_gpu(self, name: str) -> GpuPeaks | None:
        """The peaks of the GPU a capture names (its name as nvidia-smi reports it)."""
        if name == self.gpu:
            return GpuPeaks(gpu=self.gpu, variant=self.variant, peaks=self.peaks)
        return next((g for g in self.others if g.gpu == name), None)


class StepRef(_Strict):
    """A chain id and the id of one of its steps (never a position: steps move)."""

    chain: str = Id
    step: str = Id


class Fact(_Strict):
    """A measured number attached to an artifact."""

    name: str = Id  # its label is in data/measurements.yaml
    value: float
    unit: str


class Artifact(_Strict):
    """One real excerpt of compiler or profiler output, tied to the chain steps and tools it illustrates."""

    id: str = Id
    kind: str = Id
    refs: list[StepRef]
    tools: list[str]
    producer: str
    producer_tool: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", description="The tool that made it")
    command: str
    source_sha256: str = Sha256
    source_lines: int = Field(ge=1)
    proof_patterns: list[str]
    proof_missing: list[str]
    excerpt: str = Field(min_length=1)
    excerpt_file: str = Field(pattern=r"^excerpts/[a-z0-9-]+\.txt$")
    excerpt_file_sha256: str = Sha256
    facts: list[Fact] = []


class Artifacts(_Strict):
    """data/evidence/artifacts.yaml"""

    schema_: Literal[1] = Field(alias="schema")
    run: Run
    artifacts: list[Artifact]


class Toolkit(_Strict):
    """A CUDA toolkit as installed from PyPI, and how its accepted targets were read."""

    id: str = Field(pattern=r"^cuda-\d+\.\d+$")
    version: str
    package: str
    wheel_sha256: str = Sha256
    query: str
    help_sha256: str = Sha256


class Architecture(_Strict):
    """One GPU architecture (sm_XX) and the target names each toolkit accepts for it."""

    sm: int = Field(ge=10)
    compute_capability: str
    name: str | None
    name_source: str | None
    accepted: dict[str, list[str]]


class Toolkits(_Strict):
    """data/evidence/toolkits.yaml"""

    schema_: Literal[1] = Field(alias="schema")
    generated: dict
    name_sources: list[dict]
    toolkits: list[Toolkit]
    architectures: list[Architecture]


class CpuRun(_Strict):
    """How compiler output made on a CPU-only machine was made: no GPU, nothing run."""

    date: str
    command: str
    host: str
    python: str
    versions: dict[str, str]
    targets: dict[str, str]
    capture_code_sha256: str = Sha256


class AmdCompile(_Strict):
    """data/evidence/amd-compile.yaml: the AMD side's compiler output (and its sm_90 counterpart), compiled on a CPU."""

    schema_: Literal[1] = Field(alias="schema")
    run: CpuRun
    artifacts: list[Artifact]


MODELS: dict[str, type[BaseModel]] = {
    "gelu-paths.yaml": GeluPaths,
    "artifacts.yaml": Artifacts,
    "toolkits.yaml": Toolkits,
    "hardware.yaml": Hardware,
    "softmax-paths.yaml": SoftmaxPaths,
    "captures.yaml": Captures,
    "amd-compile.yaml": AmdCompile,
}


def _problem(file: str, line: int, yaml_path: str, message: str, fix: str) -> Problem:
    """An evidence problem as every other data problem: the file, the line, the YAML path, and the
    message with its fix ("" when the message already says it)."""
    return Problem(file, line, 1, yaml_path, f"{message}: {fix}." if fix else message)


def _walk(node: yaml.Node, path: str = "") -> Iterator[tuple[str, yaml.Node]]:
    yield path, node
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _walk(value, f"{path}.{key.value}" if path else str(key.value))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _walk(item, f"{path}[{index}]")


def _child(node: yaml.Node, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        return next((v for k, v in node.value if k.value == key), None)
    return None


def node_at(root: yaml.Node, loc: tuple) -> yaml.Node:
    """The deepest node along a pydantic error location (keys and list indices)."""
    node = root
    for part in loc:
        if isinstance(part, int) and isinstance(node, yaml.SequenceNode) and part < len(node.value):
            node = node.value[part]
        elif isinstance(part, str) and (found := _child(node, "schema" if part == "schema_" else part)) is not None:
            node = found
        else:
            break
    return node


class StepAbout(NamedTuple):
    """What a chain step with an id is about: the tools it names (its branches' too) with their
    parts and wholes, and that set widened by what those tools generate or are generated by."""

    tools: frozenset[str]
    made: frozenset[str]


StepTools = Mapping[str, Mapping[str, StepAbout]]  # chain id → step id → what the step is about


def step_tools(
    chains: Iterable[tuple[str, Iterable[tuple[str | None, Iterable[str]]]]], relations: Iterable[tuple[str, str, str]]
) -> dict[str, dict[str, StepAbout]]:
    """Each chain's step ids with the tools evidence for that step may show or come from."""
    parts: dict[str, set[str]] = {}
    outputs: dict[str, set[str]] = {}
    for source, kind, target in relations:
        kin = parts if kind == "part-of" else outputs if kind == "generates" else None
        if kin is not None:
            kin.setdefault(source, set()).add(target)
            kin.setdefault(target, set()).add(source)
    found: dict[str, dict[str, StepAbout]] = {}
    for chain_id, steps in chains:
        found[chain_id] = {}
        for step_id, tools in steps:
            if step_id:
                names = set(tools).union(*(parts.get(t, set()) for t in tools))
                made = names.union(*(outputs.get(t, set()) for t in names))
                found[chain_id][step_id] = StepAbout(frozenset(names), frozenset(made))
    return found


def reference_problems(file: str, text: str, chain_steps: StepTools, tool_ids: set[str]) -> list[Problem]:
    """Unknown chain and step ids, evidence from a tool the step is not about, and unknown tool
    ids, each with its line."""
    return _reference_problems(file, yaml.compose(text, Loader=_Loader), chain_steps, tool_ids)


def _chains_named_twice(file: str, path: str, refs: yaml.SequenceNode) -> list[Problem]:
    # A chain page shows an excerpt under every step that names it: one step per chain.
    first: dict[str, int] = {}
    problems = []
    for i, item in enumerate(refs.value):
        chain = _child(item, "chain") if isinstance(item, yaml.MappingNode) else None
        if chain is None:
            continue
        if chain.value in first:
            problems.append(
                _problem(
                    file,
                    chain.start_mark.line + 1,
                    f"{path}[{i}].chain",
                    f"chain {chain.value!r} is already named at line {first[chain.value]}, so its page would "
                    "show this excerpt twice",
                    "keep the one step the excerpt illustrates best",
                )
            )
        else:
            first[chain.value] = chain.start_mark.line + 1
    return problems


def _step_problems(file: str, path: str, artifact: yaml.MappingNode, chain_steps: StepTools) -> list[Problem]:
    # Each ref names a step by id, and the step must be about the artifact's producer (or what the
    # producer generates), or about a tool the excerpt shows (or a part of it): moving a step, or
    # binding an excerpt to the wrong one, is caught here.
    refs = _child(artifact, "refs")
    made_by = _child(artifact, "producer_tool")
    shows = _child(artifact, "tools")
    producer = made_by.value if isinstance(made_by, yaml.ScalarNode) else "?"
    offered = (
        {item.value for item in shows.value if isinstance(item, yaml.ScalarNode)}
        if isinstance(shows, yaml.SequenceNode)
        else set()
    )
    problems = []
    for i, ref in enumerate(refs.value if isinstance(refs, yaml.SequenceNode) else []):
        chain, step = (
            (_child(ref, key) for key in ("chain", "step")) if isinstance(ref, yaml.MappingNode) else (None, None)
        )
        if not isinstance(chain, yaml.ScalarNode) or not isinstance(step, yaml.ScalarNode):
            continue
        steps = chain_steps.get(chain.value)
        if steps is None:
            continue  # an unknown chain is reported on its own line
        where = (file, step.start_mark.line + 1, f"{path}.refs[{i}].step")
        if step.value not in steps:
            named = ", ".join(sorted(steps)) or "none yet"
            problems.append(
                _problem(
                    *where,
                    f"chain {chain.value!r} has no step with id {step.value!r} (its step ids: {named})",
                    f"give the step `id: {step.value}` in data/chains.yaml, or name one of its ids",
                )
            )
        elif not (producer in steps[step.value].made or offered & steps[step.value].tools):
            about = steps[step.value].tools
            problems.append(
                _problem(
                    *where,
                    f"step {step.value!r} of chain {chain.value!r} is about {', '.join(sorted(about)) or 'no tool'}, "
                    f"but this excerpt was made by {producer!r} and shows {', '.join(sorted(offered - {producer})) or 'nothing else'}",
                    "bind it to the step it illustrates, or name that step's tools in data/chains.yaml",
                )
            )
    return problems


def _reference_problems(
    file: str, root: yaml.Node | None, chain_steps: StepTools, tool_ids: set[str] | None
) -> list[Problem]:
    if root is None:
        return []
    problems = []
    for path, node in _walk(root):
        leaf = path.rsplit(".", 1)[-1]
        if isinstance(node, yaml.MappingNode):
            if _child(node, "refs") is not None:
                problems += _step_problems(file, path, node, chain_steps)
        elif leaf == "refs" and isinstance(node, yaml.SequenceNode):
            problems += _chains_named_twice(file, path, node)
        elif leaf == "chain" and isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str"):
            message = unknown_reference(node.value, CHAIN, {"chains": set(chain_steps)})
            if message:
                problems.append(_problem(file, node.start_mark.line + 1, path, message, ""))
        elif (leaf.startswith("tools[") or leaf == "producer_tool") and isinstance(node, yaml.ScalarNode):
            # The same check, and words, as every other id naming a tool.
            message = unknown_reference(node.value, TOOL, {"tools": tool_ids})
            if message:
                problems.append(_problem(file, node.start_mark.line + 1, path, message, ""))
    return sorted(problems, key=lambda p: p.line)


def _parse(text: str) -> tuple[yaml.Node | None, object]:
    """The file's node tree (for line numbers) and its values, from one parse."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        return root, (loader.construct_document(root) if root is not None else None)
    finally:
        loader.dispose()


def _check_model(file: str, root: yaml.Node | None, data: object) -> tuple[BaseModel | None, list[Problem]]:
    """The file's record, or its schema errors, each placed on the line of the offending value."""
    name = Path(file).name
    try:
        return MODELS[name].model_validate(data), []
    except ValidationError as error:
        problems = []
        for item in error.errors():
            node = node_at(root, item["loc"]) if root is not None else None
            path = ".".join(str(p) for p in item["loc"]).replace(".schema_", ".schema").replace("schema_", "schema")
            fix = "re-run `python3 -m scripts.capture cpu`" if name == "toolkits.yaml" else "re-run the capture import"
            problems.append(_problem(file, node.start_mark.line + 1 if node else 1, path, item["msg"], fix))
        return None, problems


def _yaml_problem(file: str, error: yaml.YAMLError) -> Problem:
    mark = getattr(error, "problem_mark", None)
    return _problem(file, (mark.line + 1) if mark else 1, "", f"not valid YAML: {error}", "fix the YAML syntax")


def check_evidence_dir(
    evidence_dir: Path, chain_steps: StepTools, tool_ids: set[str]
) -> tuple[dict[str, BaseModel], list[Problem]]:
    """Each evidence file parsed once: its record (by file name) and every problem in it
    (YAML, schema, unknown chain/step/tool ids, missing excerpt files)."""
    records: dict[str, BaseModel] = {}
    problems: list[Problem] = []
    for name in MODELS:
        path = evidence_dir / name
        if not path.exists():
            continue
        shown = f"data/evidence/{name}"
        try:
            root, data = _parse(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            problems.append(_yaml_problem(shown, error))
            continue
        record, schema_problems = _check_model(shown, root, data)
        problems += schema_problems + _reference_problems(shown, root, chain_steps, tool_ids)
        if name in ("artifacts.yaml", "amd-compile.yaml") and root is not None:
            for yaml_path, node in _walk(root):
                if yaml_path.endswith(".excerpt_file") and not (evidence_dir / node.value).exists():
                    problems.append(
                        _problem(
                            shown,
                            node.start_mark.line + 1,
                            yaml_path,
                            f"{node.value} is missing",
                            "re-run the capture import",
                        )
                    )
        if record is not None:
            records[name] = record
    return records, problems


def print_problems(problems: list[Problem]) -> int:
    """Print problems as file:line:column: path: message; 1 if there were any."""
    for p in problems:
        print(p.format())
    return 1 if problems else 0


@dataclass(frozen=True)
class Evidence:
    """The committed evidence, parsed, with the indexes pages need."""

    folder: Path
    gelu: GeluPaths | None = None
    artifacts: tuple[Artifact, ...] = ()
    artifacts_run: Run | None = None
    toolkits: Toolkits | None = None
    by_step: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)  # (chain, step id) → artifact ids
    by_tool: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # tool id → artifact ids
    paths_by_chain: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # chain id → measured path ids
    hardware: Hardware | None = None
    softmax: SoftmaxPaths | None = None
    captures: Captures | None = None
    amd: AmdCompile | None = None  # compiled on a CPU; its artifacts are among `artifacts` too

    def artifact(self, artifact_id: str) -> Artifact:
        return next(a for a in self.artifacts if a.id == artifact_id)


def load_evidence(
    evidence_dir: Path, chain_steps: StepTools, tool_ids: set[str] | None
) -> tuple[Evidence, list[Problem]]:
    """Parse and check data/evidence/ against the model's ids; an empty Evidence when absent."""
    evidence_dir = Path(evidence_dir)
    if not evidence_dir.is_dir():
        return Evidence(evidence_dir), []
    records, problems = check_evidence_dir(evidence_dir, chain_steps, tool_ids)
    if problems:
        return Evidence(evidence_dir), problems
    gelu, artifacts, toolkits = (records.get(name) for name in ("gelu-paths.yaml", "artifacts.yaml", "toolkits.yaml"))
    amd = records.get("amd-compile.yaml")
    every = [*(artifacts.artifacts if artifacts else ()), *(amd.artifacts if amd else ())]
    by_step: dict[tuple[str, str], list[str]] = {}
    by_tool: dict[str, list[str]] = {}
    for artifact in every:
        for ref in artifact.refs:
            by_step.setdefault((ref.chain, ref.step), []).append(artifact.id)
        for tool_id in artifact.tools:
            by_tool.setdefault(tool_id, []).append(artifact.id)
    paths: dict[str, list[str]] = {}
    for row in gelu.paths if gelu else ():
        if row.chain:
            paths.setdefault(row.chain, []).append(row.id)
    return (
        Evidence(
            evidence_dir,
            gelu,
            tuple(every),
            artifacts.run if artifacts else None,
            toolkits,
            {key: tuple(ids) for key, ids in by_step.items()},
            {key: tuple(ids) for key, ids in by_tool.items()},
            {key: tuple(ids) for key, ids in paths.items()},
            records.get("hardware.yaml"),
            records.get("softmax-paths.yaml"),
            records.get("captures.yaml"),
            amd,
        ),
        [],
    )
