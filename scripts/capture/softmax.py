"""The memory-bound op: bf16 softmax over the last axis of X (rows x 4096), by six paths, at a size far
past the GPU's L2 and one inside it; each path timed, profiled and checked like the GEMM paths.

GPU-only (torch, triton, jax, cupy, numba are imported inside the functions).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from pathlib import Path

from .workloads import Prepared, Workspace

COLS = 4096
ROWS = (65536, 512)  # 512 MiB of bf16 input (far past L2), and 4 MiB (inside it)
SCHEDULE = {65536: {"warmup": 5, "samples": 20, "reps": 5}, 512: {"warmup": 20, "samples": 40, "reps": 25}}

CUPY_SOFTMAX = r"""
__device__ float block_reduce(float v, bool is_max, float* red) {
    for (int o = 16; o > 0; o >>= 1) {
        float w = __shfl_xor_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, w) : v + w;
    }
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, warps = blockDim.x >> 5;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = lane < warps ? red[lane] : (is_max ? __int_as_float(0xff800000) : 0.0f);
    for (int o = 16; o > 0; o >>= 1) {
        float w = __shfl_xor_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, w) : v + w;
    }
    __syncthreads();
    return v;
}

// One block of 512 threads per row of 4096 bf16 values; each thread keeps its 8 values in registers.
extern "C" __global__ void softmax_bf16(const unsigned short* x, unsigned short* y, int cols) {
    __shared__ float red[32];
    const unsigned short* row = x + (long long)blockIdx.x * cols;
    unsigned short* out = y + (long long)blockIdx.x * cols;
    float v[8];
    float m = __int_as_float(0xff800000);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        v[i] = __uint_as_float(((unsigned)row[threadIdx.x + i * blockDim.x]) << 16);
        m = fmaxf(m, v[i]);
    }
    m = block_reduce(m, true, red);
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < 8; ++i) { v[i] = expf(v[i] - m); s += v[i]; }
    s = block_reduce(s, false, red);
    float inv = 1.0f / s;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        unsigned u = __float_as_uint(v[i] * inv);
        u += 0x7FFFu + ((u >> 16) & 1u);  /* round to nearest even */
        out[threadIdx.x + i * blockDim.x] = (unsigned short)(u >> 16);
    }
}
"""


def eager(ws: Workspace, x, rows: int) -> Prepared:
    import torch

    box = {}

    def call():
        box["y"] = torch.softmax(x, dim=-1)

    return Prepared(call, lambda: box["y"], notes={"code": "torch.softmax(X, dim=-1)"})


def compiled(ws: Workspace, x, rows: int) -> Prepared:
    import torch
    from torch._inductor.utils import run_and_get_code

    def f(t):
        return torch.softmax(t, dim=-1)

    torch._dynamo.reset()
    fn = torch.compile(f, dynamic=False)
    started = time.perf_counter()
    result, codes = run_and_get_code(fn, x)
    compile_s = time.perf_counter() - started
    ws.save(
        f"softmax-inductor-code-{rows}",
        "\n\n# ---- next generated module ----\n\n".join(codes),
        f"torch._inductor.utils.run_and_get_code(torch.compile(lambda X: torch.softmax(X, dim=-1), dynamic=False), X)  # X: {rows}x{COLS} bf16",
        f"torch {torch.__version__} Inductor",
    )
    box = {"y": result}

    def call():
        box["y"] = fn(x)

    return Prepared(
        call, lambda: box["y"], notes={"code": "torch.compile(torch.softmax)", "compile_s": round(compile_s, 2)}
    )


def triton_rows(ws: Workspace, x, rows: int) -> Prepared:
    import torch
    import triton

    from . import triton_softmax

    y = torch.empty_like(x)
    handle = triton_softmax.launch(x, y)
    asm = getattr(handle, "asm", {}) or {}
    if rows == max(ROWS):
        for key in ("ttgir", "ptx"):
            if key in asm:
                ws.save(
                    f"softmax-triton-{key}",
                    asm[key],
                    f"softmax_kernel[(rows,)](…, BLOCK=4096, num_warps=8).asm[{key!r}]",
                    f"triton {triton.__version__}",
                )

    def call():
        triton_softmax.launch(x, y)

    return Prepared(call, lambda: y, notes={"code": "scripts/capture/triton_softmax.py (one program per row)"})


def jax_softmax(ws: Workspace, x, rows: int) -> Prepared:
    import jax
    import torch

    xj = jax.dlpack.from_dlpack(x)
    fn = jax.jit(lambda t: jax.nn.softmax(t, axis=-1))
    lowered = fn.lower(xj)
    ws.save(
        f"softmax-xla-hlo-{rows}",
        lowered.compile().as_text(),
        f"jax.jit(lambda X: jax.nn.softmax(X, axis=-1)).lower(X).compile().as_text()  # X: {rows}x{COLS} bf16",
        f"jax {jax.__version__}",
    )
    box = {"y": fn(xj)}
    box["y"].block_until_ready()

    def call():
        box["y"] = fn(xj)

    return Prepared(
        call,
        lambda: torch.from_dlpack(box["y"]),
        timer="host-clock",
        block=lambda _: box["y"].block_until_ready(),
        notes={"code": "jax.jit(lambda X: jax.nn.softmax(X, axis=-1))"},
    )


def cupy_raw(ws: Workspace, x, rows: int) -> Prepared:
    import cupy as cp
    import torch

    y = torch.empty_like(x)
    kernel = cp.RawKernel(CUPY_SOFTMAX, "softmax_bf16", backend="nvrtc")
    xv, yv = (cp.from_dlpack(t.view(torch.int16)) for t in (x, y))
    if rows == max(ROWS):
        ws.save(
            "softmax-cupy-source",
            CUPY_SOFTMAX.strip() + "\n",
            "cupy.RawKernel(source, 'softmax_bf16', backend='nvrtc')",
            f"cupy {cp.__version__}",
        )
    stream = cp.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)

    def call():
        with stream:
            kernel((rows,), (512,), (xv, yv, cp.int32(COLS)))

    return Prepared(call, lambda: y, notes={"code": "cupy.RawKernel (NVRTC), one block of 512 threads per row"})


def _numba_softmax():
    import math

    from .native_paths import numba_numpy_shim

    numba_numpy_shim()

    from numba import cuda, float32, int16, int32
    from numba.cuda import libdevice

    @cuda.jit
    def softmax_numba(x, y, cols):
        red = cuda.shared.array(512, float32)
        r, t, nt = cuda.blockIdx.x, cuda.threadIdx.x, cuda.blockDim.x
        m = float32(-math.inf)
        for i in range(t, cols, nt):
            m = max(m, libdevice.int_as_float(int32(x[r, i] & 0xFFFF) << 16))
        red[t] = m
        cuda.syncthreads()
        step = nt // 2
        while step > 0:
            if t < step:
                red[t] = max(red[t], red[t + step])
            cuda.syncthreads()
            step //= 2
        m = red[0]
        cuda.syncthreads()
        s = float32(0.0)
        for i in range(t, cols, nt):
            s += math.exp(libdevice.int_as_float(int32(x[r, i] & 0xFFFF) << 16) - m)
        red[t] = s
        cuda.syncthreads()
        step = nt // 2
        while step > 0:
            if t < step:
                red[t] += red[t + step]
            cuda.syncthreads()
            step //= 2
        inv = float32(1.0) / red[0]
        for i in range(t, cols, nt):
            u = libdevice.float_as_int(math.exp(libdevice.int_as_float(int32(x[r, i] & 0xFFFF) << 16) - m) * inv)
            u = u + 0x7FFF + ((u >> 16) & 1)
            y[r, i] = int16(u >> 16)

    return softmax_numba


def numba_rows(ws: Workspace, x, rows: int) -> Prepared:
    import numba
    import torch
    from numba import cuda

    kernel = ws.__dict__.get("_numba_softmax") or _numba_softmax()
    ws.__dict__["_numba_softmax"] = kernel
    y = torch.empty_like(x)
    xv, yv = (cuda.as_cuda_array(t.view(torch.int16)) for t in (x, y))
    stream = cuda.external_stream(torch.cuda.current_stream().cuda_stream)
    kernel[rows, 512, stream](xv, yv, COLS)
    if rows == max(ROWS):
        ws.save(
            "softmax-numba-ptx",
            kernel.inspect_asm(kernel.signatures[0]),
            "softmax_numba.inspect_asm(signature)",
            f"numba {numba.__version__}",
        )

    def call():
        kernel[rows, 512, stream](xv, yv, COLS)

    return Prepared(
        call, lambda: y, notes={"code": "scripts/capture/softmax.py (@cuda.jit, one block of 512 threads per row)"}
    )


PATHS: dict[str, Callable] = {
    "softmax-torch-eager": eager,
    "softmax-torch-compile": compiled,
    "softmax-triton": triton_rows,
    "softmax-jax-jit": jax_softmax,
    "softmax-cupy-nvrtc": cupy_raw,
    "softmax-numba-cuda": numba_rows,
}


def run(ws: Workspace, out: Path, round_number: int, device: dict, write_json, time_samples, profile) -> int:
    """Measure every softmax path at both sizes; one paths/<id>.json (or .round<k>.json) per path."""
    import torch

    for path_id, prepare in PATHS.items():
        record = {"id": path_id, "worker": "softmax", "device": device, "status": "measured", "sizes": []}
        for rows in ROWS:
            try:
                record["sizes"].append(_measure(ws, out, path_id, prepare, rows, round_number, time_samples, profile))
            except Exception as error:
                traceback.print_exc()
                reason = f"{type(error).__name__}: {str(error).splitlines()[0][:300] if str(error) else ''}"
                record["sizes"].append({"size": rows, "status": "failed", "reason": reason})
            torch.cuda.synchronize()
            name = f"{path_id}.json" if round_number == 1 else f"{path_id}.round{round_number}.json"
            write_json(out / "paths" / name, record)
            print(
                path_id,
                rows,
                {k: v for k, v in record["sizes"][-1].items() if k not in ("samples_ms", "kernel_us")},
                flush=True,
            )
        if all(s.get("status") == "failed" for s in record["sizes"]):
            record["status"] = "failed"
            write_json(out / "paths" / name, record)
    return 0


def _measure(ws, out, path_id, prepare, rows, round_number, time_samples, profile) -> dict:
    import torch

    gen = torch.Generator(device="cuda").manual_seed(4321 + rows)
    x = (torch.randn(rows, COLS, device="cuda", generator=gen) * 2.0).to(torch.bfloat16)
    ref = torch.softmax(x.float(), dim=-1)
    prepared = prepare(ws, x, rows)
    plan = SCHEDULE[rows]
    sync = torch.cuda.synchronize if prepared.timer == "cuda-events" else (lambda: prepared.block(None))

    def settle():
        sync()
        torch.cuda.synchronize()

    for _ in range(plan["warmup"]):
        prepared.call()
    settle()
    got = prepared.result().float()
    entry = {
        "size": rows,
        "cols": COLS,
        "bytes_moved": 2 * rows * COLS * 2,  # read X once, write Y once, bf16
        "status": "measured",
        "timer": prepared.timer,
        **plan,
        "max_abs_err": float((got - ref).abs().max()),
        "max_rel_err": float(((got - ref).abs() / ref.clamp_min(1e-30)).max()),
        "row_sum_err": float((got.sum(-1) - 1).abs().max()),
        "notes": prepared.notes,
    }
    entry["samples_ms"] = time_samples(prepared, plan, settle)
    keep = round_number == 1
    trace = out / "traces" / f"{path_id}-{rows}.json"
    table = out / "traces" / f"{path_id}-{rows}.table.txt"
    entry.update(profile(prepared, settle, trace, table, keep))
    if keep:
        entry["trace"] = f"traces/{trace.name}"
        entry["table"] = f"traces/{table.name}"
    del x, ref, got
    return entry
