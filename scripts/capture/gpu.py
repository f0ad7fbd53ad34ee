"""Run the capture on a GPU machine: an orchestrator that starts one worker process per group of paths.

Each worker times its paths with CUDA events (or the host clock where the work runs on another
library's stream), profiles a few calls with torch.profiler, checks the error against an fp32
reference and writes raw JSON, traces and compiler output under OUTDIR; `import` does the rest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path

from . import hostinfo, native_paths, softmax, workloads

BUDGET_S = int(os.environ.get("CAPTURE_BUDGET_S", "540"))  # a remote command may run 600 s; leave room for the archive
SCHEDULE = {4096: {"warmup": 5, "samples": 30, "reps": 5}, 256: {"warmup": 20, "samples": 40, "reps": 25}}
PROFILED_CALLS = 10
# Every path is timed in ROUNDS separate processes, round-robin over the workers, so a figure is
# the median of independent runs and the spread between runs shows; only round 1 profiles and
# keeps compiler output and traces (later rounds reuse its compile caches, time, and profile only
# to sum each kernel's GPU time per call).
ROUNDS = int(os.environ.get("CAPTURE_ROUNDS", "3"))
CEILINGS = "ceilings"  # the worker that measures what the GPU can do: a plain cuBLAS GEMM, a big copy
SOFTMAX = "softmax"  # the memory-bound op's worker


def run_orchestrator(out: Path, argv: list[str], only: list[str] | None = None) -> int:
    """Capture provenance, the toolkit artifacts and every worker; write manifest.json."""
    started = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    (out / "logs").mkdir(exist_ok=True)
    manifest = {
        "provenance": hostinfo.collect(argv),
        "schedule": SCHEDULE,
        "profiled_calls": PROFILED_CALLS,
        "sizes": list(workloads.SIZES),
        "softmax": {"rows": list(softmax.ROWS), "cols": softmax.COLS, "schedule": softmax.SCHEDULE},
        "rounds": ROUNDS,
        "workers": [],
        "not_measured": workloads.NOT_MEASURED,
    }
    write_json(out / "manifest.json", manifest)
    workers = [(CEILINGS, [], 60), *workloads.WORKERS, (SOFTMAX, list(softmax.PATHS), 240)]
    for round_number in range(1, ROUNDS + 1):
        for name, paths, limit in workers:
            if only and name not in only:
                continue
            left = BUDGET_S - (time.monotonic() - started)
            timeout = min(limit, left - 10)
            record = {"worker": name, "round": round_number, "paths": paths, "timeout_s": round(timeout)}
            if timeout < 25:
                record.update(status="skipped", reason="time budget of the capture used up")
                manifest["workers"].append(record)
                print(f"[capture] skip {name} round {round_number}: no time left", flush=True)
                continue
            print(f"[capture] round {round_number} worker {name}, timeout {timeout:.0f}s", flush=True)
            record["gpu_before"] = hostinfo.gpu_query()  # clocks and temperature, read only
            begun = time.monotonic()
            log = out / "logs" / f"{name}.round{round_number}.log"
            command = [sys.executable, "-m", "scripts.capture", "gpu-worker", name, str(out)]
            with log.open("w") as handle:
                try:
                    done = subprocess.run(
                        [*command, "--round", str(round_number)],
                        stdout=handle,
                        stderr=subprocess.STDOUT,
                        timeout=timeout,
                        cwd=Path(__file__).resolve().parents[2],
                    )
                    record.update(status="ok" if done.returncode == 0 else "failed", returncode=done.returncode)
                except subprocess.TimeoutExpired:
                    record.update(status="timeout", reason=f"worker stopped after {timeout:.0f} s")
            record["seconds"] = round(time.monotonic() - begun, 1)
            record["gpu_after"] = hostinfo.gpu_query()
            manifest["workers"].append(record)
            write_json(out / "manifest.json", manifest)
            print(f"[capture]   {record['status']} in {record['seconds']}s; log tail:", flush=True)
            print("\n".join(log.read_text(errors="replace").splitlines()[-6:]), flush=True)
    manifest["provenance"]["gpu_after"] = hostinfo.gpu_query()
    manifest["total_seconds"] = round(time.monotonic() - started, 1)
    write_json(out / "manifest.json", manifest)
    return 0


def write_json(path: Path, data) -> None:
    """Write JSON atomically enough for a crash mid-run to leave the last good copy."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    tmp.replace(path)


# ----------------------------------------------------------------------------- worker side


def run_worker(name: str, out: Path, round_number: int = 1) -> int:
    """Measure every path of one worker, writing paths/<id>.json (round 1) or
    paths/<id>.round<k>.json (later rounds: times only) after each size."""
    if name == CEILINGS:
        return measure_ceilings(out, round_number)
    scratch = Path("/tmp/capture-scratch") / name
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    os.environ["TRITON_CACHE_DIR"] = str(scratch / "triton-cache")
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(scratch / "inductor-cache")
    os.environ.setdefault("CUDA_CACHE_DISABLE", "1")  # so the PTX-only build really JIT-compiles
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    ws = workloads.Workspace(out, scratch, keep=round_number == 1)
    (out / "paths").mkdir(exist_ok=True)
    (out / "traces").mkdir(exist_ok=True)
    props = torch.cuda.get_device_properties(0)
    device = {
        "name": torch.cuda.get_device_name(0),
        "capability": list(torch.cuda.get_device_capability(0)),
        "sm_count": props.multi_processor_count,
        "l2_cache_bytes": getattr(props, "L2_cache_size", None),
        "total_memory_bytes": props.total_memory,
        "torch_cuda": torch.version.cuda,
    }
    if name == SOFTMAX:
        return softmax.run(ws, out, round_number, device, write_json, time_samples, profile)
    paths = dict((w[0], w[1]) for w in workloads.WORKERS)[name]
    if name == "cuda" and round_number == 1:
        try:
            workloads.fatbin_listing(ws)
        except Exception as error:  # keep measuring even if the listing fails
            print("fatbin listing failed:", error, flush=True)
    for path_id in paths:
        record = {"id": path_id, "worker": name, "device": device, "status": "measured", "sizes": []}
        for size in workloads.SIZES:
            try:
                record["sizes"].append(measure(ws, path_id, size, out, profiled=round_number == 1))
            except Exception as error:
                traceback.print_exc()
                record["sizes"].append(
                    {
                        "size": size,
                        "status": "failed",
                        "reason": f"{type(error).__name__}: {str(error).splitlines()[0][:300] if str(error) else ''}",
                    }
                )
            write_json(out / "paths" / record_name(path_id, round_number), record)
            print(f"{path_id} {size}: {summary(record['sizes'][-1])}", flush=True)
        if all(entry.get("status") == "failed" for entry in record["sizes"]):
            record["status"] = "failed"
            write_json(out / "paths" / record_name(path_id, round_number), record)
    return 0


def record_name(path_id: str, round_number: int) -> str:
    return f"{path_id}.json" if round_number == 1 else f"{path_id}.round{round_number}.json"


def measure_ceilings(out: Path, round_number: int) -> int:
    """What this GPU does at best, timed like the paths: a bf16 4096³ GEMM through cuBLAS alone
    (torch.mm, no bias, no GELU) and a 1 GiB device-to-device copy (bytes read + written)."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    gen = torch.Generator(device="cuda").manual_seed(99)
    size = 4096
    a = torch.randn(size, size, device="cuda", generator=gen).to(torch.bfloat16)
    b = torch.randn(size, size, device="cuda", generator=gen).to(torch.bfloat16)
    c = torch.empty(size, size, device="cuda", dtype=torch.bfloat16)
    source = torch.randn(1 << 28, device="cuda", generator=gen)  # 2^28 fp32 = 1 GiB
    target = torch.empty_like(source)
    plan = {"warmup": 5, "samples": 30, "reps": 5}
    gemm = workloads.Prepared(call=lambda: torch.mm(a, b, out=c), result=lambda: c)
    copy = workloads.Prepared(call=lambda: target.copy_(source), result=lambda: target)
    results = {"round": round_number, "plan": plan}
    for key, prepared in (("gemm_bf16_4096", gemm), ("copy_1gib", copy)):
        for _ in range(plan["warmup"]):
            prepared.call()
        torch.cuda.synchronize()
        results[key] = time_samples(prepared, plan, torch.cuda.synchronize)
    results["copy_bytes"] = 2 * source.numel() * source.element_size()
    results["gemm_flops"] = 2 * size**3
    write_json(out / f"ceilings.round{round_number}.json", results)
    print("ceilings:", {k: sorted(v)[len(v) // 2] for k, v in results.items() if isinstance(v, list)}, flush=True)
    return 0


def summary(entry: dict) -> str:
    if entry.get("status") == "failed":
        return "FAILED " + entry["reason"]
    samples = sorted(entry["samples_ms"])
    return f"median {samples[len(samples) // 2]:.4f} ms, err {entry['max_abs_err']:.4g}, kernel events {entry.get('kernel_events')}"


def make_inputs(size: int):
    """Seeded bf16 inputs scaled so C is O(1), and fp32 references (erf and tanh GELU)."""
    import torch

    gen = torch.Generator(device="cuda").manual_seed(1234 + size)
    scale = size**-0.25
    a = (torch.randn(size, size, device="cuda", generator=gen) * scale).to(torch.bfloat16)
    b = (torch.randn(size, size, device="cuda", generator=gen) * scale).to(torch.bfloat16)
    bias = (torch.randn(size, device="cuda", generator=gen) * 0.5).to(torch.bfloat16)
    pre = a.float() @ b.float() + bias.float()
    ref = 0.5 * pre * (1.0 + torch.erf(pre * workloads.SQRT1_2))
    ref_tanh = torch.nn.functional.gelu(pre, approximate="tanh")
    return a, b, bias, ref, ref_tanh


def measure(ws: workloads.Workspace, path_id: str, size: int, out: Path, profiled: bool = True) -> dict:
    """Prepare, check, time and (when `profiled`) profile one path at one size."""
    import torch

    a, b, bias, ref, ref_tanh = make_inputs(size)
    # The paths that compile their own kernels live in native_paths.py (it uses workloads' helpers).
    prepared = {**workloads.PATHS, **native_paths.PATHS}[path_id](ws, a, b, bias, size)
    plan = SCHEDULE[size]
    sync = torch.cuda.synchronize if prepared.timer == "cuda-events" else (lambda: prepared.block(None))

    def settle():
        sync()
        torch.cuda.synchronize()

    for _ in range(plan["warmup"]):
        prepared.call()
    settle()
    prepared.call()
    settle()
    c = prepared.result().float()
    entry = {
        "size": size,
        "status": "measured",
        "timer": prepared.timer,
        **plan,
        "max_abs_err": float((c - ref).abs().max()),
        "max_abs_err_vs_tanh_ref": float((c - ref_tanh).abs().max()),
        "max_abs_ref": float(ref.abs().max()),
        "all_finite": bool(torch.isfinite(c).all()),
        "notes": prepared.notes,
    }
    entry["samples_ms"] = time_samples(prepared, plan, settle)
    trace = out / "traces" / f"{path_id}-{size}.json"
    table = out / "traces" / f"{path_id}-{size}.table.txt"
    entry.update(profile(prepared, settle, trace, table, keep=profiled))
    if profiled:
        entry["trace"] = f"traces/{trace.name}"
        entry["table"] = f"traces/{table.name}"
    return entry


def time_samples(prepared: workloads.Prepared, plan: dict, settle) -> list[float]:
    """Per-call milliseconds, one value per sample of `reps` back-to-back calls."""
    import torch

    samples = []
    for _ in range(plan["samples"]):
        if prepared.timer == "cuda-events":
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(plan["reps"]):
                prepared.call()
            stop.record()
            stop.synchronize()
            samples.append(start.elapsed_time(stop) / plan["reps"])
        else:
            settle()
            begun = time.perf_counter()
            for _ in range(plan["reps"]):
                prepared.call()
            prepared.block(None)
            samples.append((time.perf_counter() - begun) * 1e3 / plan["reps"])
    return samples


def profile(prepared: workloads.Prepared, settle, trace: Path, table: Path, keep: bool = True) -> dict:
    """Record PROFILED_CALLS calls with torch.profiler (CUPTI sees every library's kernels in this
    process, JAX's too): the number of kernel events and each GPU activity's summed duration per
    call (the GPU time, the same clock for every path); the trace and table are kept when `keep`."""
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as torch_profile

    from . import profiles

    settle()
    with torch_profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(PROFILED_CALLS):
            prepared.call()
        settle()
    trace.parent.mkdir(parents=True, exist_ok=True)
    if not keep:  # a later round: never write over round 1's trace
        trace = trace.with_name(trace.stem + ".later.json")
    prof.export_chrome_trace(str(trace))
    if keep:
        averages = prof.key_averages()
        for key in ("device_time_total", "cuda_time_total", "cpu_time_total"):
            try:
                table.write_text(averages.table(sort_by=key, row_limit=40, max_name_column_width=180), encoding="utf-8")
                break
            except Exception:
                continue
    data = json.loads(trace.read_text())
    if not keep:
        trace.unlink()
    return {
        "kernel_events": sum(1 for event in data.get("traceEvents", []) if event.get("cat") == "kernel"),
        "profiled_calls": PROFILED_CALLS,
        "kernel_us": profiles.gpu_us_per_call(data, PROFILED_CALLS),
    }
