"""Pydantic model of data/evidence/*.yaml: what the capture program measured and captured, with
its provenance, one record class per file (`MODELS`, by file name).

The checks on these files' YAML nodes are in evidence_checks.py; the loading in evidence_loading.py.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Id = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)
Sha256 = Field(pattern=r"^[0-9a-f]{64}$")


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
