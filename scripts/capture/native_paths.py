"""Paths of `C = gelu(A @ B + bias)` that compile their own kernels below the frameworks: numba-cuda,
NVRTC driven through cuda.bindings, and CUTLASS C++ on Hopper's wgmma + TMA.

GPU-only like workloads.py: numba, cuda.bindings and nvcc are imported or run inside the functions.
"""

from __future__ import annotations

import ctypes
import os
import time
from pathlib import Path

from . import hostinfo
from .workloads import KERNELS, Prepared, Workspace, sass_of

# ----------------------------------------------------------------------------- numba-cuda

NUMBA_TILE = 16


def numba_numpy_shim() -> None:
    """numba 0.68 registers `numpy.row_stack`, which NumPy 2.5 removed: name it `vstack` (what it
    always was) before numba compiles anything, or the first `@cuda.jit` launch fails."""
    import numpy

    if not hasattr(numpy, "row_stack"):
        numpy.row_stack = numpy.vstack


def _numba_kernels():
    """The numba-cuda GEMM: a shared-memory tiled SIMT kernel (no Tensor Cores), bias + erf GELU fused."""
    import math

    numba_numpy_shim()

    from numba import cuda, float32, int16, int32
    from numba.cuda import libdevice

    tile = NUMBA_TILE

    @cuda.jit(device=True, inline=True)
    def bf16_to_f32(bits):
        return libdevice.int_as_float(int32(bits) << 16)

    @cuda.jit(device=True, inline=True)
    def f32_to_bf16(value):
        u = libdevice.float_as_int(value)
        u = u + 0x7FFF + ((u >> 16) & 1)  # round to nearest even
        return int16(u >> 16)

    @cuda.jit
    def gemm_bias_gelu_numba(a, b, bias, c, m, n, k):
        sa = cuda.shared.array((16, 16), float32)
        sb = cuda.shared.array((16, 16), float32)
        tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
        row = cuda.blockIdx.y * tile + ty
        col = cuda.blockIdx.x * tile + tx
        acc = float32(0.0)
        for k0 in range(0, k, tile):
            sa[ty, tx] = bf16_to_f32(a[row, k0 + tx] & 0xFFFF)
            sb[ty, tx] = bf16_to_f32(b[k0 + ty, col] & 0xFFFF)
            cuda.syncthreads()
            for i in range(tile):
                acc += sa[ty, i] * sb[i, tx]
            cuda.syncthreads()
        v = acc + bf16_to_f32(bias[col] & 0xFFFF)
        c[row, col] = f32_to_bf16(float32(0.5) * v * (float32(1.0) + math.erf(v * float32(0.7071067811865476))))

    return gemm_bias_gelu_numba


def numba_cuda(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import numba
    import torch
    from numba import cuda

    kernel = ws.__dict__.get("_numba_kernel") or _numba_kernels()
    ws.__dict__["_numba_kernel"] = kernel
    m, k = a.shape
    n = b.shape[1]
    c = torch.full((m, n), float("nan"), dtype=torch.bfloat16, device="cuda")
    views = [cuda.as_cuda_array(t.view(torch.int16)) for t in (a, b, bias, c)]
    stream = cuda.external_stream(torch.cuda.current_stream().cuda_stream)
    grid, block = (n // NUMBA_TILE, m // NUMBA_TILE), (NUMBA_TILE, NUMBA_TILE)
    started = time.perf_counter()
    kernel[grid, block, stream](*views, m, n, k)
    torch.cuda.synchronize()
    compile_s = time.perf_counter() - started
    if size == 4096:
        signature = kernel.signatures[0]
        producer = f"numba {numba.__version__}"
        ws.save(
            "numba-ptx",
            kernel.inspect_asm(signature),
            "gemm_bias_gelu_numba.inspect_asm(signature)  # scripts/capture/native_paths.py",
            producer,
        )
        ws.save(
            "numba-llvm",
            kernel.inspect_llvm(signature),
            "gemm_bias_gelu_numba.inspect_llvm(signature)",
            producer,
        )
        try:
            ws.save(
                "numba-sass", kernel.inspect_sass(signature), "gemm_bias_gelu_numba.inspect_sass(signature)", producer
            )
        except Exception as error:  # inspect_sass needs nvdisasm
            print("numba inspect_sass failed:", error, flush=True)

    def call():
        kernel[grid, block, stream](*views, m, n, k)

    return Prepared(
        call,
        lambda: c,
        notes={
            "code": "scripts/capture/native_paths.py (@cuda.jit, 16×16 shared-memory tiles, no Tensor Cores)",
            "gelu": "erf",
            "compile_s": round(compile_s, 2),
        },
    )


# ----------------------------------------------------------------------------- NVRTC through cuda.bindings


def _check(result):
    """cuda.bindings calls return (error, *values): raise on an error, return the values."""
    error, *values = result if isinstance(result, tuple) else (result,)
    if int(error) != 0:
        raise RuntimeError(f"cuda.bindings call failed: {error!r}")
    return values[0] if len(values) == 1 else values


def _nvrtc_compile(source: bytes, options: list[bytes], want: str) -> tuple[bytes, str]:
    from cuda.bindings import nvrtc

    prog = _check(nvrtc.nvrtcCreateProgram(source, b"gemm_bias_gelu.cu", 0, [], []))
    error = nvrtc.nvrtcCompileProgram(prog, len(options), options)[0]
    size = _check(nvrtc.nvrtcGetProgramLogSize(prog))
    log = b" " * size
    nvrtc.nvrtcGetProgramLog(prog, log)
    if int(error) != 0:
        raise RuntimeError("NVRTC failed: " + log.decode(errors="replace")[-800:])
    getter_size, getter = (
        (nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN)
        if want == "cubin"
        else (nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX)
    )
    size = _check(getter_size(prog))
    blob = b" " * size
    _check(getter(prog, blob))
    nvrtc.nvrtcDestroyProgram(prog)
    return blob, log.decode(errors="replace").strip("\x00 \n")


def nvrtc_bindings(ws: Workspace, a, b, bias, size: int) -> Prepared:
    """The WMMA kernel of the CUDA C++ path, compiled at run time by NVRTC and launched with the driver API."""
    import numpy as np
    import torch
    from cuda.bindings import driver, nvrtc

    state = ws.__dict__.setdefault("_nvrtc", {})
    if "function" not in state:
        source = (KERNELS / "gemm_bias_gelu.cu").read_bytes()
        nvcc = hostinfo.find_tool("nvcc")
        include = str(Path(nvcc).resolve().parent.parent / "include") if nvcc else "/usr/local/cuda/include"
        base = [b"-std=c++17", b"-default-device", ("-I" + include).encode()]
        started = time.perf_counter()
        cubin, log = _nvrtc_compile(source, [b"--gpu-architecture=sm_90", *base], "cubin")
        state["compile_s"] = round(time.perf_counter() - started, 3)
        ptx, _ = _nvrtc_compile(source, [b"--gpu-architecture=compute_90", *base], "ptx")
        major, minor = _check(nvrtc.nvrtcVersion())
        producer = f"NVRTC {major}.{minor} (cuda.bindings)"
        ws.save(
            "nvrtc-ptx",
            ptx.rstrip(b"\x00").decode(),
            "nvrtcCompileProgram(gemm_bias_gelu.cu, --gpu-architecture=compute_90 -std=c++17 -default-device); nvrtcGetPTX",
            producer,
        )
        cubin_path = ws.scratch / "gemm_bias_gelu_nvrtc.cubin"
        cubin_path.write_bytes(cubin)
        sass_of(ws, cubin_path, "nvrtc-sass", "cuobjdump -sass of NVRTC's sm_90 cubin (nvrtcGetCUBIN)")
        if log:
            ws.save("nvrtc-log", log + "\n", "nvrtcGetProgramLog", producer)
        _check(driver.cuInit(0))
        torch.cuda.synchronize()  # torch made the primary context current on this thread
        module = _check(driver.cuModuleLoadData(cubin))
        state.update(module=module, function=_check(driver.cuModuleGetFunction(module, b"gemm_bias_gelu")))
        state["nvrtc"] = f"{major}.{minor}"
    m, k = a.shape
    n = b.shape[1]
    c = torch.full((m, n), float("nan"), dtype=torch.bfloat16, device="cuda")
    storage = [np.array([t.data_ptr()], dtype=np.uint64) for t in (a, b, bias, c)] + [
        np.array([v], dtype=np.int32) for v in (m, n, k)
    ]
    params = np.array([s.ctypes.data for s in storage], dtype=np.uint64)
    stream = driver.CUstream(torch.cuda.current_stream().cuda_stream)
    function = state["function"]

    def call(_keep=storage):  # the argument values must outlive every launch
        _check(driver.cuLaunchKernel(function, n // 128, m // 128, 1, 256, 1, 1, 0, stream, params.ctypes.data, 0))

    return Prepared(
        call,
        lambda: c,
        notes={
            "code": "nvrtcCompileProgram(scripts/capture/kernels/gemm_bias_gelu.cu) → cuModuleLoadData → cuLaunchKernel",
            "gelu": "erf",
            "compile_s": state["compile_s"],
            "nvrtc": state["nvrtc"],
        },
    )


# ----------------------------------------------------------------------------- CUTLASS C++ on Hopper


def cutlass_dir() -> Path:
    """CUTLASS's headers: $CUTLASS_DIR, else the nvidia-cutlass wheel's source folder unpacked in /tmp."""
    return Path(os.environ.get("CUTLASS_DIR", "/tmp/cutlass/cutlass_library/source"))


def build_cutlass(ws: Workspace) -> Path:
    """Build the CUTLASS kernel for sm_90a, keeping ptxas's report and the SASS."""
    nvcc = hostinfo.find_tool("nvcc")
    root = cutlass_dir()
    if not nvcc or not (root / "include" / "cutlass").is_dir():
        raise RuntimeError(f"nvcc or CUTLASS headers missing (CUTLASS_DIR={root})")
    src = str(KERNELS / "cutlass_gemm_bias_gelu.cu")
    flags = [
        "-O3",
        "-std=c++17",
        "-arch=sm_90a",
        "--expt-relaxed-constexpr",
        f"-I{root}/include",
        f"-I{root}/tools/util/include",
    ]
    producer = (
        "nvcc " + hostinfo.run_text([nvcc, "--version"])[1].splitlines()[-2].split(",")[-1].strip() + " + CUTLASS"
    )
    lib = ws.scratch / "libcutlass_gemm_bias_gelu.so"
    if lib.exists():  # built in round 1 (later rounds only time)
        return lib
    # One nvcc run (the build takes most of a minute): ptxas's report comes with it, the SASS from the library.
    text = ws.run(
        None, [nvcc, *flags, "-shared", "-Xcompiler", "-fPIC", "-Xptxas", "-v", src, "-o", str(lib)], producer
    )
    ws.save(
        "cutlass-ptxas-v",
        text.replace(str(root), "$CUTLASS"),
        "nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I$CUTLASS/include -I$CUTLASS/tools/util/include "
        "-shared -Xcompiler -fPIC -Xptxas -v scripts/capture/kernels/cutlass_gemm_bias_gelu.cu",
        producer,
    )
    sass_of(ws, lib, "cutlass-sass", "cuobjdump -sass of the CUTLASS kernel's library (sm_90a)")
    return lib
    cubin = ws.scratch / "cutlass_gemm_bias_gelu.cubin"
    text = ws.run(None, [nvcc, *flags, "-cubin", "-Xptxas", "-v", src, "-o", str(cubin)], producer)
    ws.save(
        "cutlass-ptxas-v",
        text.replace(str(root), "$CUTLASS"),
        "nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I$CUTLASS/include -I$CUTLASS/tools/util/include "
        "-cubin -Xptxas -v scripts/capture/kernels/cutlass_gemm_bias_gelu.cu",
        producer,
    )
    sass_of(ws, cubin, "cutlass-sass", "cuobjdump -sass of the CUTLASS kernel's sm_90a cubin")
    ws.run(None, [nvcc, *flags, "-shared", "-Xcompiler", "-fPIC", src, "-o", str(lib)], producer)
    return lib


def cutlass_wgmma(ws: Workspace, a, b, bias, size: int) -> Prepared:
    import torch

    if "_cutlass_lib" not in ws.__dict__:
        started = time.perf_counter()
        path = build_cutlass(ws)
        built_s = time.perf_counter() - started
        lib = ctypes.CDLL(str(path))
        lib.launch_cutlass_gemm_bias_gelu.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int] * 3 + [ctypes.c_void_p]
        lib.launch_cutlass_gemm_bias_gelu.restype = ctypes.c_int
        ws.__dict__.update(_cutlass_lib=lib, _cutlass_build_s=round(built_s, 1))
    lib = ws.__dict__["_cutlass_lib"]
    m, k = a.shape
    n = b.shape[1]
    c = torch.full((m, n), float("nan"), dtype=torch.bfloat16, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream

    def call():
        code = lib.launch_cutlass_gemm_bias_gelu(
            a.data_ptr(), b.data_ptr(), bias.data_ptr(), c.data_ptr(), m, n, k, stream
        )
        if code:
            raise RuntimeError(f"CUTLASS launch returned {code}")

    return Prepared(
        call,
        lambda: c,
        notes={
            "code": "scripts/capture/kernels/cutlass_gemm_bias_gelu.cu (CUTLASS 3 CollectiveBuilder, "
            "TMA warp-specialized cooperative, LinCombPerColBiasEltAct<GELU>)",
            "gelu": "erf",
            "build": "nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr",
            "build_s": ws.__dict__["_cutlass_build_s"],
        },
    )


# The paths this module prepares, by id, as workloads.PATHS lists the others (gpu.py joins them).
PATHS = {"numba-cuda": numba_cuda, "nvrtc-cuda-bindings": nvrtc_bindings, "cutlass-cpp-wgmma": cutlass_wgmma}
