"""The paths of `C = gelu(A @ B + bias)`: each prepares one callable per size and saves its compiler output.

GPU-only (torch, triton, jax, cupy, nvcc are imported inside the functions); a path returns a
`Prepared` whose `call` launches one C and whose `result` gives the last C as a torch tensor.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import hostinfo

KERNELS = Path(__file__).resolve().parent / "kernels"
SQRT1_2 = 0.7071067811865476


@dataclass
class Prepared:
    """One path at one size, ready to time: `call` launches, `result` reads the last output."""

    call: Callable[[], object]
    result: Callable[[], object]
    timer: str = "cuda-events"  # or "host-clock": work on a stream the torch events do not see
    block: Callable[[object], None] | None = None
    notes: dict = field(default_factory=dict)


class Workspace:
    """Where a worker writes raw artifacts, with the command and hash of each."""

    def __init__(self, out: Path, scratch: Path, keep: bool = True):
        self.out = out
        self.keep = keep  # False in the later timing rounds: round 1 already kept every artifact
        self.artifacts = out / "artifacts"
        self.artifacts.mkdir(parents=True, exist_ok=True)
        self.scratch = scratch
        scratch.mkdir(parents=True, exist_ok=True)

    def save(self, artifact_id: str, text: str, command: str, producer: str) -> None:
        """Keep one raw artifact and its provenance (the importer trims it later)."""
        if not self.keep:
            return
        (self.artifacts / f"{artifact_id}.txt").write_text(text, encoding="utf-8")
        meta = {
            "id": artifact_id,
            "command": command,
            "producer": producer,
            "sha256": hostinfo.sha256_text(text),
            "lines": text.count("\n") + 1,
            "bytes": len(text.encode()),
        }
        (self.artifacts / f"{artifact_id}.meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")

    def run(self, artifact_id: str | None, command: list[str], producer: str, cwd: Path | None = None) -> str:
        """Run a toolkit command; save its output as an artifact when an id is given; raise on failure."""
        done = subprocess.run(command, capture_output=True, text=True, timeout=180, cwd=cwd or self.scratch)
        text = (done.stdout + done.stderr).strip() + "\n"
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {text[-800:]}")
        if artifact_id:
            self.save(artifact_id, text, " ".join(_short(part, self.scratch) for part in command), producer)
        return text


def _short(part: str, scratch: Path) -> str:
    return part.replace(str(scratch) + "/", "").replace(str(KERNELS) + "/", "scripts/capture/kernels/")


def sass_of(ws: Workspace, cubin: Path, artifact_id: str, producer: str) -> None:
    """Disassemble a cubin: cuobjdump -sass, falling back to nvdisasm."""
    for tool, args in (("cuobjdump", ["-sass"]), ("nvdisasm", ["-c"])):
        exe = hostinfo.find_tool(tool)
        if exe:
            try:
                ws.run(artifact_id, [exe, *args, str(cubin)], producer)
                return
            except RuntimeError:
                continue
    raise RuntimeError("neither cuobjdump nor nvdisasm could disassemble " + cubin.name)


# ----------------------------------------------------------------------------- torch library paths


def torch_eager(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch.nn.functional as F

    box = {}

    def call():
        box["c"] = F.gelu(a @ b + bias)

    return Prepared(call, lambda: box["c"], notes={"code": "F.gelu(A @ B + bias)", "gelu": "erf"})


def torch_addmm(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch
    import torch.nn.functional as F

    box = {}

    def call():
        box["c"] = F.gelu(torch.addmm(bias, a, b))

    return Prepared(call, lambda: box["c"], notes={"code": "F.gelu(torch.addmm(bias, A, B))", "gelu": "erf"})


def torch_addmm_activation(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch

    box = {}

    def call():
        box["c"] = torch._addmm_activation(bias, a, b, use_gelu=True)

    return Prepared(
        call, lambda: box["c"], notes={"code": "torch._addmm_activation(bias, A, B, use_gelu=True)", "gelu": "library"}
    )


# ----------------------------------------------------------------------------- torch.compile


def _compiled(ws: Workspace, a, b, bias, size: int, mode: str | None, artifact_prefix: str) -> Prepared:
    import torch
    import torch.nn.functional as F
    from torch._inductor.utils import run_and_get_code

    def f(x, y, z):
        return F.gelu(x @ y + z)

    torch._dynamo.reset()
    compiled = torch.compile(f, dynamic=False, **({"mode": mode} if mode else {}))
    started = time.perf_counter()
    result, codes = run_and_get_code(compiled, a, b, bias)
    compile_s = time.perf_counter() - started
    code = "\n\n# ---- next generated module ----\n\n".join(codes)
    ws.save(
        f"{artifact_prefix}-code-{size}",
        code,
        f"torch._inductor.utils.run_and_get_code(torch.compile(f, dynamic=False{', mode=' + repr(mode) if mode else ''}), A, B, bias)  # M=N=K={size}",
        f"torch {torch.__version__} Inductor",
    )
    _save_inductor_device_code(ws, artifact_prefix, size, code)
    box = {"c": result}

    def call():
        box["c"] = compiled(a, b, bias)

    return Prepared(
        call,
        lambda: box["c"],
        notes={
            "code": f"torch.compile(f{', mode=' + repr(mode) if mode else ''})",
            "gelu": "erf",
            "compile_s": round(compile_s, 2),
        },
    )


def _save_inductor_device_code(ws: Workspace, prefix: str, size: int, code: str) -> None:
    """Keep the PTX and SASS of the fused kernel Inductor generated (found in Triton's cache)."""
    cache = Path(os.environ.get("TRITON_CACHE_DIR", ""))
    if not cache.is_dir():
        return
    names = set(re.findall(r"async_compile\.triton\(\s*'(\w+)'", code))
    candidates = [p for p in cache.rglob("*.ptx") if p.stem in names] or list(cache.rglob("*.ptx"))
    if not candidates:
        return
    # Prefer a GEMM template with a fused epilogue, then a kernel holding the gelu; among equals the
    # newest file, since autotuning compiles its candidates before the chosen kernel.
    ptx = min(candidates, key=lambda p: (not p.stem.startswith("triton_tem"), "gelu" not in p.stem, -p.stat().st_mtime))
    import triton

    ws.save(
        f"{prefix}-ptx-{size}",
        ptx.read_text(),
        f"Triton cache: {ptx.name} (kernel named in the generated code: {', '.join(sorted(names)) or 'none'})",
        f"triton {triton.__version__} (via Inductor)",
    )
    cubin = ptx.with_suffix(".cubin")
    if cubin.exists():
        sass_of(ws, cubin, f"{prefix}-sass-{size}", f"cuobjdump -sass of Inductor's {cubin.name}")


def compile_default(ws: Workspace, a, b, bias, size: int) -> Prepared:
    return _compiled(ws, a, b, bias, size, None, "inductor-default")


def compile_max_autotune(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch._inductor.config as inductor_config

    # Bound the search: the default GEMM space, Triton + ATen candidates only.
    inductor_config.max_autotune_gemm_backends = "ATEN,TRITON"
    return _compiled(ws, a, b, bias, size, "max-autotune", "inductor-max-autotune")


# ----------------------------------------------------------------------------- hand-written Triton


def triton_fused(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch
    import triton

    from . import triton_gelu

    c = torch.full((a.shape[0], b.shape[1]), float("nan"), dtype=torch.bfloat16, device="cuda")
    compiled = triton_gelu.launch(a, b, bias, c)
    torch.cuda.synchronize()
    asm = getattr(compiled, "asm", {}) or {}
    producer = f"triton {triton.__version__}"
    cfg = triton_gelu.config_for(size)
    where = f"matmul_bias_gelu_kernel[grid](…, {', '.join(f'{k}={v}' for k, v in cfg.items())}).asm"
    for key in ("ttir", "ttgir", "llir", "ptx"):
        if key in asm:
            ws.save(f"triton-{key}-{size}", asm[key], f"{where}[{key!r}]  # M=N=K={size}", producer)
    if "cubin" in asm:
        cubin = ws.scratch / f"matmul_bias_gelu_{size}.cubin"
        cubin.write_bytes(asm["cubin"])
        sass_of(ws, cubin, f"triton-sass-{size}", f"{producer} cubin, disassembled")

    def call():
        triton_gelu.launch(a, b, bias, c)

    return Prepared(
        call,
        lambda: c,
        notes={"code": "scripts/capture/triton_gelu.py", "gelu": "erf", "config": cfg, "asm_keys": sorted(asm)},
    )


# ----------------------------------------------------------------------------- JAX / XLA


def jax_jit(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import jax
    import jax.numpy as jnp
    import torch

    def f(x, y, z):
        return jax.nn.gelu(x @ y + z, approximate=False)

    def to_jax(t):
        try:
            return jax.dlpack.from_dlpack(t)
        except Exception:  # older bridges: go through the host
            return jnp.asarray(t.float().cpu().numpy()).astype(jnp.bfloat16)

    torch.cuda.synchronize()
    x, y, z = to_jax(a), to_jax(b), to_jax(bias)
    jitted = jax.jit(f)
    producer = f"jax {jax.__version__}"
    if size == max(SIZES):
        ws.save("jax-jaxpr", str(jax.make_jaxpr(f)(x, y, z)), "str(jax.make_jaxpr(f)(A, B, bias))", producer)
    lowered = jitted.lower(x, y, z)
    ws.save(
        f"jax-stablehlo-{size}", lowered.as_text(), f"jax.jit(f).lower(A, B, bias).as_text()  # M=N=K={size}", producer
    )
    ws.save(
        f"jax-hlo-optimized-{size}",
        lowered.compile().as_text(),
        f"jax.jit(f).lower(A, B, bias).compile().as_text()  # M=N=K={size}",
        producer,
    )
    box = {"c": jitted(x, y, z)}
    box["c"].block_until_ready()

    def call():
        box["c"] = jitted(x, y, z)

    def result():
        out = box["c"]
        try:
            return torch.from_dlpack(out)
        except Exception:
            return torch.tensor(jnp.asarray(out, dtype=jnp.float32).__array__(), device="cuda")

    return Prepared(
        call,
        result,
        timer="host-clock",
        block=lambda out: box["c"].block_until_ready(),
        notes={
            "code": "jax.jit(lambda A, B, bias: jax.nn.gelu(A @ B + bias, approximate=False))",
            "gelu": "erf",
            "backend": str(jax.devices()[0]),
        },
    )


# ----------------------------------------------------------------------------- CuPy: cuBLAS + NVRTC

BIAS_GELU_NVRTC = r"""
extern "C" __global__ void bias_gelu_bf16(const unsigned short* x, const unsigned short* bias,
                                          unsigned short* out, long long n, int cols) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __uint_as_float(((unsigned)x[i]) << 16) + __uint_as_float(((unsigned)bias[i % cols]) << 16);
    float g = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
    unsigned u = __float_as_uint(g);
    u += 0x7FFFu + ((u >> 16) & 1u);  /* round to nearest even */
    out[i] = (unsigned short)(u >> 16);
}
"""


def cupy_cublas_nvrtc(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import cupy as cp
    import numpy as np
    import torch
    from cupy_backends.cuda.libs import cublas

    m, k = a.shape
    n = b.shape[1]
    d = torch.empty((m, n), dtype=torch.bfloat16, device="cuda")
    c = torch.full((m, n), float("nan"), dtype=torch.bfloat16, device="cuda")
    kernel = cp.RawKernel(BIAS_GELU_NVRTC, "bias_gelu_bf16", backend="nvrtc")
    x_d, x_bias, x_c = (cp.from_dlpack(t.view(torch.int16)) for t in (d, bias, c))
    alpha, beta = np.ones(1, np.float32), np.zeros(1, np.float32)
    handle = cp.cuda.device.get_cublas_handle()
    total = m * n
    blocks = (total + 255) // 256
    # Row-major C = A @ B is column-major C^T = B^T A^T: swap the operands, keep the layouts.
    cuda_r_16bf, compute_32f, op_n, gemm_default = 14, 68, 0, -1

    def call():
        cublas.gemmEx(
            handle,
            op_n,
            op_n,
            n,
            m,
            k,
            alpha.ctypes.data,
            b.data_ptr(),
            cuda_r_16bf,
            n,
            a.data_ptr(),
            cuda_r_16bf,
            k,
            beta.ctypes.data,
            d.data_ptr(),
            cuda_r_16bf,
            n,
            compute_32f,
            gemm_default,
        )
        kernel((blocks,), (256,), (x_d, x_bias, x_c, cp.int64(total), cp.int32(n)))

    if size == max(SIZES):
        ws.save(
            "cupy-nvrtc-source",
            BIAS_GELU_NVRTC.strip() + "\n",
            "cupy.RawKernel(source, 'bias_gelu_bf16', backend='nvrtc')",
            f"cupy {cp.__version__}",
        )
    return Prepared(
        call,
        lambda: c,
        notes={
            "code": "cublas.gemmEx (bf16, fp32 compute) + cupy.RawKernel (NVRTC)",
            "gelu": "erf",
            "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
        },
    )


# ----------------------------------------------------------------------------- CUDA C++ with nvcc


def build_cuda(ws: Workspace) -> dict:
    """Build the hand-written kernel for sm_90 (and a PTX-only twin), keeping nvcc's PTX and SASS."""
    nvcc = hostinfo.find_tool("nvcc")
    if not nvcc:
        raise RuntimeError("nvcc not found")
    src = str(KERNELS / "gemm_bias_gelu.cu")
    producer = "nvcc " + hostinfo.run_text([nvcc, "--version"])[1].splitlines()[-2].split(",")[-1].strip()
    ptx = ws.scratch / "gemm_bias_gelu.ptx"
    ws.run(None, [nvcc, "-arch=sm_90", "-ptx", src, "-o", str(ptx)], producer)
    ws.save("nvcc-ptx", ptx.read_text(), "nvcc -arch=sm_90 -ptx scripts/capture/kernels/gemm_bias_gelu.cu", producer)
    cubin = ws.scratch / "gemm_bias_gelu.cubin"
    ws.run("nvcc-ptxas-v", [nvcc, "-arch=sm_90", "-cubin", "-Xptxas", "-v", src, "-o", str(cubin)], producer)
    sass_of(ws, cubin, "nvcc-sass", "cuobjdump -sass of nvcc's sm_90 cubin")
    ws.run("nvcc-dryrun", [nvcc, "--dryrun", "-arch=sm_90", "-c", src, "-o", "gemm_bias_gelu.o"], producer)
    lib = ws.scratch / "libgemm_bias_gelu.so"
    ws.run(None, [nvcc, "-O3", "-arch=sm_90", "-shared", "-Xcompiler", "-fPIC", src, "-o", str(lib)], producer)
    lib_ptx = ws.scratch / "libgemm_bias_gelu_ptxonly.so"
    ws.run(
        None,
        [
            nvcc,
            "-O3",
            "-gencode",
            "arch=compute_90,code=compute_90",
            "-shared",
            "-Xcompiler",
            "-fPIC",
            src,
            "-o",
            str(lib_ptx),
        ],
        producer,
    )
    cuobjdump = hostinfo.find_tool("cuobjdump")
    if cuobjdump:
        ws.run("fatbin-ptx-only-list", [cuobjdump, "--list-elf", "--list-ptx", str(lib_ptx)], producer)
    return {"lib": lib, "lib_ptx": lib_ptx}


def cuda_cpp(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch

    built = ws.__dict__.setdefault("_cuda_built", None) or build_cuda(ws)
    ws.__dict__["_cuda_built"] = built
    m, k = a.shape
    n = b.shape[1]
    c = torch.full((m, n), float("nan"), dtype=torch.bfloat16, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream

    def load(path: Path):
        lib = ctypes.CDLL(str(path))
        lib.launch_gemm_bias_gelu.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int] * 3 + [ctypes.c_void_p]
        lib.launch_gemm_bias_gelu.restype = ctypes.c_int
        return lib

    notes = {
        "code": "scripts/capture/kernels/gemm_bias_gelu.cu (WMMA, fused bias+GELU epilogue)",
        "gelu": "erf",
        "build": "nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC",
    }
    libs = ws.__dict__.setdefault("_cuda_libs", {})
    for key in ("lib", "lib_ptx"):
        if key not in libs:
            libs[key] = load(built[key])
            torch.cuda.synchronize()
            started = time.perf_counter()
            code = libs[key].launch_gemm_bias_gelu(
                a.data_ptr(), b.data_ptr(), bias.data_ptr(), c.data_ptr(), m, n, k, stream
            )
            torch.cuda.synchronize()
            notes[f"first_call_ms_{'cubin_sm90' if key == 'lib' else 'ptx_only_jit'}"] = round(
                (time.perf_counter() - started) * 1e3, 3
            )
            if code != 0:
                raise RuntimeError(f"launch_gemm_bias_gelu returned CUDA error {code} ({key})")
    lib = libs["lib"]

    def call():
        code = lib.launch_gemm_bias_gelu(a.data_ptr(), b.data_ptr(), bias.data_ptr(), c.data_ptr(), m, n, k, stream)
        if code:
            raise RuntimeError(f"CUDA error {code}")

    c.fill_(float("nan"))
    return Prepared(call, lambda: c, notes=notes)


def fatbin_listing(ws: Workspace) -> None:
    """Build the epilogue kernel for several targets and list what the fatbins hold."""
    nvcc, cuobjdump = hostinfo.find_tool("nvcc"), hostinfo.find_tool("cuobjdump")
    if not (nvcc and cuobjdump):
        raise RuntimeError("nvcc or cuobjdump not found")
    src = str(KERNELS / "bias_gelu.cu")
    producer = "nvcc + cuobjdump"
    multi = ws.scratch / "bias_gelu_multi.o"
    ws.run(
        None,
        [
            nvcc,
            "-gencode",
            "arch=compute_75,code=sm_75",
            "-gencode",
            "arch=compute_80,code=sm_80",
            "-gencode",
            "arch=compute_90,code=[sm_90,compute_90]",
            "-c",
            src,
            "-o",
            str(multi),
        ],
        producer,
    )
    text = ws.run(None, [cuobjdump, "--list-elf", "--list-ptx", str(multi)], producer)
    ws.save(
        "fatbin-multi-list",
        text,
        "nvcc -gencode arch=compute_75,code=sm_75 -gencode arch=compute_80,code=sm_80 "
        "-gencode arch=compute_90,code=[sm_90,compute_90] -c bias_gelu.cu -o bias_gelu_multi.o && "
        "cuobjdump --list-elf --list-ptx bias_gelu_multi.o",
        producer,
    )
    default = ws.scratch / "bias_gelu_default.o"
    ws.run(None, [nvcc, "-c", src, "-o", str(default)], producer)
    text = ws.run(None, [cuobjdump, "--list-elf", "--list-ptx", str(default)], producer)
    ws.save(
        "fatbin-default-list",
        text,
        "nvcc -c bias_gelu.cu -o bias_gelu_default.o && cuobjdump --list-elf --list-ptx bias_gelu_default.o",
        producer,
    )


SIZES = (4096, 256)

# Each worker runs in its own process so one crash, hang or memory grab cannot take the others down.
PATHS: dict[str, Callable] = {
    "torch-eager": torch_eager,
    "torch-addmm-gelu": torch_addmm,
    "torch-addmm-activation": torch_addmm_activation,
    "triton-fused": triton_fused,
    "cupy-cublas-nvrtc": cupy_cublas_nvrtc,
    "cuda-cpp-wmma": cuda_cpp,
    "jax-jit": jax_jit,
    "torch-compile-default": compile_default,
    "torch-compile-max-autotune": compile_max_autotune,
}
WORKERS: list[tuple[str, list[str], int]] = [
    ("torch", ["torch-eager", "torch-addmm-gelu", "torch-addmm-activation"], 120),
    ("triton", ["triton-fused"], 120),
    ("cupy", ["cupy-cublas-nvrtc"], 90),
    ("cuda", ["cuda-cpp-wmma"], 150),
    ("jax", ["jax-jit"], 120),
    ("compile", ["torch-compile-default"], 180),
    ("autotune", ["torch-compile-max-autotune"], 300),
    ("numba", ["numba-cuda"], 150),
    ("nvrtc", ["nvrtc-cuda-bindings"], 90),
    ("cutlass", ["cutlass-cpp-wgmma"], 240),
]
NOT_MEASURED = {
    "tensorrt": "TensorRT is not installed on the measuring machine, which cannot download packages.",
    "onnxruntime-cuda": "The measuring machine's onnxruntime offers only the CPU and Azure execution providers, and the machine cannot download the CUDA build.",
}
