"""Which kernels a path launched: parse torch.profiler output (Chrome trace or summary table) and group the names.

Pure functions over text and JSON, so they are tested on saved profiler output without torch.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

GPU_CATEGORIES = ("kernel", "gpu_memset", "gpu_memcpy")


@dataclass(frozen=True)
class Group:
    """A group of kernel names: an id and a pattern over the profiler's name (its label is data:
    data/measurements.yaml)."""

    id: str
    pattern: str


# First match wins: specific hand-written and generated names before the libraries' broad ones.
GROUPS: tuple[Group, ...] = (
    Group(
        "triton-handwritten-fused",
        r"^matmul_bias_gelu_kernel",
    ),
    Group(
        "cutlass-gemm-fused",
        r"^(void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal|_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversal)",
    ),
    Group(
        "numba-handwritten-fused",
        r"gemm_bias_gelu_numba",
    ),
    Group(
        "triton-handwritten-softmax",
        r"^softmax_kernel",
    ),
    Group(
        "nvrtc-softmax",
        r"^softmax_bf16$",
    ),
    Group(
        "numba-softmax",
        r"softmax_numba",
    ),
    Group(
        "aten-softmax",
        r"SoftMax|softmax_warp|cunn_SoftMax",
    ),
    Group(
        "cuda-handwritten-fused",
        r"^gemm_bias_gelu$",
    ),
    Group(
        "nvrtc-bias-gelu",
        r"^bias_gelu_bf16$",
    ),
    Group(
        "inductor-triton-gemm-fused",
        r"^triton_tem_fused_",
    ),
    Group(
        "inductor-triton-fused-gelu",
        r"^triton_(poi|per|red)_fused_.*gelu",
    ),
    Group(
        "xla-triton-softmax",
        r"^triton_softmax",
    ),
    Group(
        "inductor-triton",
        r"^triton_",
    ),
    Group(
        "xla-triton-gemm",
        r"^(gemm_fusion|triton_gemm)",
    ),
    Group(
        "xla-fusion",
        r"fusion",
    ),
    Group(
        "cublaslt-gemm-gelu-epilogue",
        r"(?i)(nvjet|xmma|cutlass|gemm).*gelu",
    ),
    Group(
        "cublaslt-gemm-bias-epilogue",
        r"(?i)(nvjet|xmma|cutlass|gemm).*bias",
    ),
    Group(
        "cublas-gemm",
        r"(?i)nvjet|xmma|cutlass|cublas|gemm",
    ),
    Group(
        "aten-add",
        r"CUDAFunctor_add|AddFunctor",
    ),
    Group(
        "aten-gelu",
        r"Gelu",
    ),
    Group(
        "cudagraph-input-copy",
        r"multi_tensor_apply_kernel",
    ),
    Group(
        "memset",
        r"^Memset",
    ),
    Group(
        "memcpy",
        r"^Memcpy",
    ),
    Group(
        "other",
        r".",
    ),
)


def group_of(name: str) -> Group:
    """The first group whose pattern matches a kernel name."""
    for group in GROUPS:
        if re.search(group.pattern, name):
            return group
    return GROUPS[-1]


def kernels_from_trace(trace: dict) -> list[str]:
    """GPU activity names (kernels, memsets, memcpys) in launch order from a torch.profiler Chrome trace."""
    events = [e for e in trace.get("traceEvents", []) if e.get("cat") in GPU_CATEGORIES and e.get("ph") == "X"]
    events.sort(key=lambda e: float(e.get("ts", 0)))
    return [e["name"] for e in events]


def gpu_us_per_call(trace: dict, calls: int) -> dict[str, float]:
    """Each GPU activity's summed duration per call, in microseconds, by name (the profiler's clock:
    the same for every path, whatever stream or library launched the kernel)."""
    totals: dict[str, float] = {}
    for event in trace.get("traceEvents", []):
        if event.get("cat") in GPU_CATEGORIES and event.get("ph") == "X":
            totals[event["name"]] = totals.get(event["name"], 0.0) + float(event.get("dur", 0))
    return {name: round(total / calls, 3) for name, total in totals.items()}


def per_call(names: list[str], calls: int) -> list[dict]:
    """Kernels per call, in first-launch order: name, group id and count (a name seen 2n times over n calls counts 2)."""
    if calls <= 0:
        raise ValueError("calls must be positive")
    counts = Counter(names)
    rows = []
    for name in dict.fromkeys(names):
        count, left = divmod(counts[name], calls)
        rows.append({"name": name, "group": group_of(name).id, "count": count if not left else counts[name] / calls})
    return rows


_DURATION = re.compile(r"^(-?[\d.]+)\s*(ns|us|ms|s)$")
_UNITS_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def parse_duration_us(text: str) -> float:
    """'1.234ms' -> 1234.0 microseconds."""
    match = _DURATION.match(text.strip())
    if not match:
        raise ValueError(f"not a duration: {text!r}")
    return float(match.group(1)) * _UNITS_US[match.group(2)]


def parse_table(text: str) -> list[dict]:
    """Rows of torch.profiler's key_averages().table(), keyed by the header's column names.

    Cells are split on runs of two or more spaces (a wide header can overflow its dashed rule,
    so the rule's widths are not trusted); extra leading pieces belong to the name.
    """
    lines = text.splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("---") and set(line.strip()) <= {"-", " "}]
    if len(rules) < 2:
        raise ValueError("no profiler table found (need the dashed rules around the header)")
    columns = len(re.findall(r"-+", lines[rules[0]]))
    header = re.split(r"\s{2,}", lines[rules[0] + 1].strip())
    if len(header) != columns:
        raise ValueError(f"header has {len(header)} cells for {columns} columns")
    rows = []
    for line in lines[rules[1] + 1 : rules[2] if len(rules) > 2 else len(lines)]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) < columns:
            continue
        extra = len(cells) - columns
        cells = ["  ".join(cells[: extra + 1]), *cells[extra + 1 :]]
        rows.append(dict(zip(header, cells, strict=True)))
    return rows


def kernels_from_table(text: str) -> list[dict]:
    """GPU rows of a profiler table (self device time > 0 and no CPU time): name, calls, self time in us."""
    kernels = []
    for row in parse_table(text):
        self_gpu = row.get("Self CUDA") or row.get("Self Device") or "0us"
        self_cpu = row.get("Self CPU", "0us")
        if parse_duration_us(self_gpu) > 0 and parse_duration_us(self_cpu) == 0:
            kernels.append(
                {"name": row["Name"], "calls": int(row["# of Calls"]), "self_us": parse_duration_us(self_gpu)}
            )
    return kernels
