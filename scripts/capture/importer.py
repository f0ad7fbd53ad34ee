"""Turn a GPU capture (the folder or .tgz that `gpu` wrote) into the committed evidence in data/evidence/.

Reads the raw JSON, traces and compiler output; computes the statistics, groups the kernels,
trims the excerpts; validates everything against the schema and the chain/tool ids; then writes.
"""

from __future__ import annotations

import json
import re
import shutil
import tarfile
import tempfile
from pathlib import Path

import yaml

from macros.core.data.loading import check_evidence, link, parse
from macros.core.data.model import Model
from macros.core.data.problems import Problem

from . import catalog, excerpts, hostinfo, profiles, stats, yamlout

SASS_ENCODING = re.compile(r"\s*/\*\s*0x[0-9a-f]+\s*\*/")


def open_capture(archive: Path, workdir: Path) -> Path:
    """The capture folder: the archive itself if a folder, else its extracted 'cap' folder."""
    if archive.is_dir():
        return archive
    with tarfile.open(archive) as tar:
        tar.extractall(workdir, filter="data")
    found = [p.parent for p in workdir.rglob("manifest.json")]
    if not found:
        raise FileNotFoundError(f"{archive}: no manifest.json inside")
    return found[0]


def run_block(manifest: dict, archive_sha256: str, argv: list[str]) -> dict:
    """Provenance of the capture as committed: machine, versions, clocks, date, commands, hashes."""
    prov = manifest["provenance"]
    gpu, after = prov.get("gpu", {}), prov.get("gpu_after", {})
    cuda = re.search(r"CUDA Version:\s*([\d.]+)", prov.get("nvidia_smi_header", ""))
    device = {}
    for path in manifest.get("_device", []):
        device = path
    return {
        "date": prov["date"],
        "command": prov["command"],
        # Paths are reduced to their file names: where an archive lay on one machine means nothing here.
        "import_command": "python3 -m scripts.capture "
        + " ".join(Path(arg).name if "/" in arg else arg for arg in argv),
        "gpu": gpu.get("name", "unknown"),
        "driver": gpu.get("driver_version", "unknown"),
        "compute_capability": gpu.get("compute_cap", "unknown"),
        "cuda_driver_version": cuda.group(1) if cuda else "unknown",
        "torch_cuda": device.get("torch_cuda", "unknown"),
        "nvcc": prov.get("nvcc", "unknown"),
        **{key: device[key] for key in ("sm_count", "l2_cache_bytes", "total_memory_bytes") if device.get(key)},
        "python": prov.get("python", "unknown"),
        "versions": {name: version for name, version in prov.get("packages", {}).items() if version},
        "clocks": yamlout.Inline(
            sm_before=gpu.get("clocks.sm", "?"),
            sm_after=after.get("clocks.sm", "?"),
            sm_max=gpu.get("clocks.max.sm", "?"),
            **gpu_state_ranges(manifest),
        ),
        "capture_code_sha256": prov.get("capture_code_sha256", ""),
        "archive_sha256": archive_sha256,
    }


VARYING = 0.10  # runs whose medians spread wider than this share of the median are marked as varying


def gpu_state_ranges(manifest: dict) -> dict:
    """SM clock, temperature and power limit as read before and after every worker of every round."""
    states = [w[key] for w in manifest.get("workers", []) for key in ("gpu_before", "gpu_after") if key in w]
    found = {}
    for field, name in (("clocks.sm", "sm_range"), ("temperature.gpu", "temperature"), ("power.limit", "power_limit")):
        values = sorted({s[field] for s in states if s.get(field)}, key=lambda v: float(v.split()[0]))
        if values:
            found[name] = values[0] if len(values) == 1 else f"{values[0]} – {values[-1]}"
    return found


def load_path_records(cap: Path) -> dict[str, dict]:
    """paths/<id>.json as round 1 wrote them (kernels, errors, its own samples)."""
    return {p.stem: json.loads(p.read_text()) for p in sorted((cap / "paths").glob("*.json")) if ".round" not in p.name}


def round_entries(cap: Path, path_id: str, size: int) -> list[dict]:
    """The measured entry of every round of one path at one size, round 1 first."""
    runs = []
    for file in [cap / "paths" / f"{path_id}.json", *sorted((cap / "paths").glob(f"{path_id}.round*.json"))]:
        entry = next((e for e in json.loads(file.read_text())["sizes"] if e["size"] == size), None)
        if entry and entry.get("status") == "measured":
            runs.append(entry)
    return runs


def round_samples(cap: Path, path_id: str, size: int) -> list[list[float]]:
    """The timing samples of every round of one path at one size, round 1 first."""
    return [entry["samples_ms"] for entry in round_entries(cap, path_id, size)]


def gpu_ms(kernel_us: dict[str, float], uncounted: set[str]) -> float:
    """GPU time per call: the summed durations of the counted kernels (zeroing and copies left out)."""
    return sum(us for name, us in kernel_us.items() if profiles.group_of(name).id not in uncounted) / 1e3


def round_gpu_ms(cap: Path, path_id: str, size: int, uncounted: set[str]) -> list[float]:
    """GPU time per call in every round that profiled it (captures before GPU time was kept have none)."""
    return [gpu_ms(e["kernel_us"], uncounted) for e in round_entries(cap, path_id, size) if e.get("kernel_us")]


def launched(cap: Path, raw: dict, calls: int) -> tuple[list[dict], float, str | None]:
    """What one path launched per call at one size: kernel rows (name, group, count) in launch order,
    the kernels' microseconds per call, and the trace's hash. From the round-1 trace; where a capture
    lost it (later rounds of the 2026-12-06 capture wrote over it), from round 1's per-kernel GPU time
    (names, in the trace's order) and its profiler table (launches over the profiled calls)."""
    trace_path = cap / raw["trace"]
    if trace_path.exists():
        trace = json.loads(trace_path.read_text())
        rows = profiles.per_call(profiles.kernels_from_trace(trace), calls)
        kernel_us = sum(
            float(e.get("dur", 0)) for e in trace["traceEvents"] if e.get("cat") == "kernel" and e.get("ph") == "X"
        )
        return rows, kernel_us / calls, hostinfo.sha256_file(trace_path)
    table = profiles.kernels_from_table((cap / raw["table"]).read_text())
    rows = []
    for name in raw["kernel_us"]:
        row = next((r for r in table if name.startswith(r["name"].removesuffix("..."))), None)
        count = row["calls"] / calls if row else 1
        rows.append(
            {"name": name, "group": profiles.group_of(name).id, "count": int(count) if count == int(count) else count}
        )
    return rows, sum(raw["kernel_us"].values()), None


def size_entry(cap: Path, path_id: str, raw: dict, calls: int, uncounted: set[str]) -> dict:
    """One size of one path: kernels per call and groups, the median of the runs' medians and
    their range, TFLOP/s, how busy the GPU was, and the error against the output's scale."""
    if raw.get("status") != "measured":
        return {"size": raw["size"], "status": "failed", "reason": raw.get("reason", "unknown")}
    rows, kernel_us, trace_sha = launched(cap, raw, calls)
    medians = [stats.percentile(run, 50) for run in round_samples(cap, path_id, raw["size"])]
    median = stats.percentile(medians, 50)
    gpu_runs = [value for value in round_gpu_ms(cap, path_id, raw["size"], uncounted) if value > 0]
    gpu = {"gpu_time_ms": spread(gpu_runs), "gpu_runs_ms": yamlout.InlineList([stats.round_sig(m) for m in gpu_runs])}
    return {
        "size": raw["size"],
        "status": "measured",
        "kernels": [yamlout.Inline(name=r["name"], group=r["group"], count=r["count"]) for r in rows],
        "kernel_count": sum(r["count"] for r in rows if r["group"] not in uncounted),
        **(gpu if gpu_runs else {}),
        "time_ms": spread(medians),
        "runs_ms": yamlout.InlineList([stats.round_sig(m) for m in medians]),
        "varying": (max(medians) - min(medians)) / median > VARYING,
        "gpu_busy": stats.round_sig(kernel_us / (median * 1e3), 2),
        "tflops": stats.round_sig(stats.tflops(raw["size"], raw["size"], raw["size"], median)),
        **(
            {
                "gpu_tflops": stats.round_sig(
                    stats.tflops(raw["size"], raw["size"], raw["size"], gpu["gpu_time_ms"]["median"])
                )
            }
            if gpu_runs
            else {}
        ),
        "timer": raw["timer"],
        "samples": raw["samples"],
        "reps_per_sample": raw["reps"],
        "max_abs_err": stats.round_sig(raw["max_abs_err"], 3),
        "max_abs_err_vs_tanh_ref": stats.round_sig(raw["max_abs_err_vs_tanh_ref"], 3),
        "max_abs_output": stats.round_sig(raw["max_abs_ref"], 3),
        **({"trace_sha256": trace_sha} if trace_sha else {}),
    }


def spread(values: list[float]) -> yamlout.Inline:
    """The median of several runs' figures, with the lowest and highest."""
    return yamlout.Inline(
        median=stats.round_sig(stats.percentile(values, 50)),
        low=stats.round_sig(min(values)),
        high=stats.round_sig(max(values)),
    )


def ceilings(cap: Path) -> dict:
    """What the GPU did at best in the same capture: cuBLAS GEMM TFLOP/s and copy GB/s, each as the
    median of the rounds' medians with their range."""
    rounds = [json.loads(f.read_text()) for f in sorted(cap.glob("ceilings.round*.json"))]
    if not rounds:
        return {}
    gemm = [r["gemm_flops"] / (stats.percentile(r["gemm_bf16_4096"], 50) * 1e-3) / 1e12 for r in rounds]
    copy = [r["copy_bytes"] / (stats.percentile(r["copy_1gib"], 50) * 1e-3) / 1e9 for r in rounds]

    return {"gemm_tflops": spread(gemm), "copy_gbs": spread(copy), "rounds": len(rounds)}


def build_paths(cap: Path, manifest: dict, run: dict, model: Model) -> dict:
    """The measured comparison, one row per path, in data/measurements.yaml's order and with its bindings."""
    uncounted = model.uncounted_groups()
    records = load_path_records(cap)
    workers = {w["worker"]: w for w in manifest.get("workers", [])}
    calls = manifest.get("profiled_calls", 3)
    paths, used_groups = [], []
    for spec in (word for word in model.measurements.values() if word.kind == "path"):
        row = {"id": spec.id, "chain": spec.chain, "tools": yamlout.InlineList(spec.tools)}
        record = records.get(spec.id)
        if spec.reason:
            row.update(status="not-measured", sizes=[])  # why: data/measurements.yaml
        elif record is None:
            worker = next((w for w in workers.values() if spec.id in w.get("paths", [])), {})
            why = worker.get("reason") or f"worker {worker.get('worker', '?')} {worker.get('status', 'did not run')}"
            row.update(status="not-measured", failure=why, sizes=[])
        else:
            notes = next((s.get("notes", {}) for s in record["sizes"] if s.get("notes")), {})
            row.update(status=record["status"], code=notes.get("code", ""), gelu=notes.get("gelu", "erf"))
            row["sizes"] = [size_entry(cap, spec.id, raw, calls, uncounted) for raw in record["sizes"]]
        for size in row["sizes"]:
            used_groups += [k["group"] for k in size.get("kernels", [])]
        paths.append(row)
    groups = [g for g in profiles.GROUPS if g.id in used_groups]
    return {
        "schema": 1,
        "operation": {
            "expression": "C = gelu(A @ B + bias)",
            "dtype": "bf16",
            "sizes": yamlout.InlineList(manifest["sizes"]),
            "gelu": "erf",
            "reference": "fp32 on the same GPU (TF32 off), exact erf GELU; A, B ~ N(0,1)/K^0.25, bias ~ N(0,0.25)",
        },
        "run": run,
        "method": {
            "schedule": {str(size): yamlout.Inline(**plan) for size, plan in manifest["schedule"].items()},
            "profiled_calls": calls,
            "timers": yamlout.Inline(
                **{
                    "cuda-events": "torch.cuda.Event around reps back-to-back calls",
                    "host-clock": "perf_counter around reps calls + block_until_ready (JAX)",
                }
            ),
            "rounds": manifest.get("rounds", 1),
            "spread": "each round is a separate process; the figure is the median of the rounds' medians, "
            "the range is the lowest and highest round median; each sample is the mean of reps calls",
            "tflops": "2*M*N*K / median time (the GEMM part only)",
        },
        "ceilings": ceilings(cap),
        "groups": yamlout.InlineList([g.id for g in groups]),
        "paths": paths,
    }


def build_softmax(cap: Path, manifest: dict, run: dict, model: Model) -> dict | None:
    """The memory-bound op: one row per softmax path, GB/s from GPU time and from call time, and the
    shares of the datasheet bandwidth and of the copy ceiling measured in the same capture."""
    spec = manifest.get("softmax")
    records = load_path_records(cap)
    if not spec or not any(pid.startswith("softmax-") for pid in records):
        return None
    uncounted = model.uncounted_groups()
    calls = manifest.get("profiled_calls", 3)
    paths = []
    for word in (w for w in model.measurements.values() if w.kind == "softmax-path"):
        record = records.get(word.id)
        row = {"id": word.id, "tools": yamlout.InlineList(word.tools)}
        if record is None:
            paths.append(
                {**row, "status": "not-measured", "failure": "the softmax worker did not write this path", "sizes": []}
            )
            continue
        sizes = []
        for raw in record["sizes"]:
            if raw.get("status") != "measured":
                sizes.append({"size": raw["size"], "status": "failed", "reason": raw.get("reason", "unknown")})
                continue
            kernels, _, trace_sha = launched(cap, raw, calls)
            medians = [stats.percentile(run_, 50) for run_ in round_samples(cap, word.id, raw["size"])]
            gpu_runs = [v for v in round_gpu_ms(cap, word.id, raw["size"], uncounted) if v > 0]
            sizes.append(
                {
                    "size": raw["size"],
                    "status": "measured",
                    "rows": raw["size"],
                    "cols": raw["cols"],
                    "bytes_moved": raw["bytes_moved"],
                    "kernels": [yamlout.Inline(name=k["name"], group=k["group"], count=k["count"]) for k in kernels],
                    "kernel_count": sum(k["count"] for k in kernels if k["group"] not in uncounted),
                    "gpu_time_ms": spread(gpu_runs),
                    "gpu_runs_ms": yamlout.InlineList([stats.round_sig(m) for m in gpu_runs]),
                    "time_ms": spread(medians),
                    "gbs": stats.round_sig(_gbs(raw["bytes_moved"], stats.percentile(gpu_runs, 50))),
                    "call_gbs": stats.round_sig(_gbs(raw["bytes_moved"], stats.percentile(medians, 50))),
                    "timer": raw["timer"],
                    "max_abs_err": stats.round_sig(raw["max_abs_err"], 3),
                    "row_sum_err": stats.round_sig(raw["row_sum_err"], 3),
                    **({"trace_sha256": trace_sha} if trace_sha else {}),
                }
            )
        paths.append(
            {
                **row,
                "status": "measured",
                "code": next((s.get("notes", {}).get("code", "") for s in record["sizes"] if s.get("notes")), ""),
                "sizes": sizes,
            }
        )
    return {
        "schema": 1,
        "operation": {
            "expression": "Y = softmax(X, axis=-1)",
            "dtype": "bf16",
            "cols": spec["cols"],
            "rows": yamlout.InlineList(spec["rows"]),
            "bytes": "2 * rows * cols * 2 (X read once, Y written once)",
            "reference": "fp32 softmax on the same GPU; X ~ N(0, 4)",
        },
        "run": run,
        "ceilings": ceilings(cap),
        "paths": paths,
    }


def _gbs(bytes_moved: int, ms: float) -> float:
    return bytes_moved / (ms * 1e-3) / 1e9


def capture_summary(run: dict, paths_doc: dict, softmax_doc: dict | None) -> dict:
    """What one capture says per GPU, for the side-by-side table: its machine and, per path and size,
    GPU time and call time (the GEMM paths) or GB/s (softmax)."""
    rows = []
    for doc, kind in ((paths_doc, "gemm"), (softmax_doc or {"paths": []}, "softmax")):
        for path in doc["paths"]:
            for size in path["sizes"]:
                if size.get("status") != "measured":
                    continue
                entry = {"path": path["id"], "op": kind, "size": size["size"], "time_ms": size["time_ms"]["median"]}
                if "gpu_time_ms" in size:
                    entry["gpu_time_ms"] = size["gpu_time_ms"]["median"]
                if kind == "gemm":
                    entry["kernels"] = yamlout.InlineList(sorted({k["name"] for k in size["kernels"]}))
                rows.append(yamlout.Inline(**{k: v for k, v in entry.items() if k != "kernels"}))
    keep = ("gpu", "driver", "date", "sm_count", "l2_cache_bytes", "total_memory_bytes", "archive_sha256")
    return {
        "run": yamlout.Inline(**{k: run[k] for k in keep if k in run}),
        "ceilings": paths_doc["ceilings"],
        "results": rows,
    }


def compare_lines(previous: dict | None, current: dict) -> list[str]:
    """This capture's GPU time (else call time) against the previous committed capture of the same
    GPU, path by path and size by size, with the ratio; a changed kernel choice is flagged."""
    if not previous:
        return ["no earlier capture to compare with"]
    if previous.get("run", {}).get("gpu") != current["run"]["gpu"]:
        return [
            f"the earlier capture ran on {previous.get('run', {}).get('gpu')}, this one on {current['run']['gpu']}: not compared"
        ]
    before = {
        (p["id"], s["size"]): s
        for p in previous.get("paths", [])
        for s in p.get("sizes", [])
        if s.get("status") == "measured"
    }
    lines = []
    for path in current["paths"]:
        for size in path["sizes"]:
            old = before.get((path["id"], size.get("size")))
            if size.get("status") != "measured" or old is None:
                continue
            clock = "gpu_time_ms" if "gpu_time_ms" in size and "gpu_time_ms" in old else "time_ms"
            new_ms, old_ms = size[clock]["median"], old[clock]["median"]
            names = lambda s: {k["name"] for k in s.get("kernels", []) if k["group"] not in ("memset", "memcpy")}  # noqa: E731
            changed = names(size) != names(old)
            lines.append(
                f"{path['id']:<28} {size['size']:>5}  {'GPU time' if clock == 'gpu_time_ms' else 'call time'} "
                f"{old_ms:.4g} -> {new_ms:.4g} ms  x{new_ms / old_ms:.2f}"
                + ("  KERNEL CHOICE CHANGED" if changed else "")
            )
    return lines


def _clean_sass(text: str) -> str:
    return "\n".join(re.sub(r"\s{2,}", "  ", SASS_ENCODING.sub("", line)).rstrip() for line in text.splitlines()) + "\n"


def _compact_table(table: str) -> str:
    rows = profiles.kernels_from_table(table)
    lines = ["  self GPU time   calls  kernel"] + [
        f"{r['self_us']:>12.1f} us  {r['calls']:>5}  {r['name']}" for r in rows
    ]
    return "\n".join(lines) + "\n"


def _kernel_choice(records: dict, path_id: str) -> tuple[str, str, dict]:
    lines = []
    for raw in records[path_id]["sizes"]:
        names = [row["name"] for row in launched(Path(raw["_cap"]), raw, 1)[0]]
        gemms = [n for n in names if profiles.group_of(n).id.startswith("cublas")]
        lines.append(f"M=N=K={raw['size']}: {', '.join(gemms)}")
    return "\n".join(lines) + "\n", f"torch.profiler kernel names of {path_id}", {}


def artifact_sources(cap: Path, spec: catalog.ArtifactSpec, records: dict) -> tuple[str, str, str, dict] | None:
    """(raw text, proof text, command, meta) for one artifact spec, or None when the capture lacks it."""
    kind, _, name = spec.source.partition(":")
    if kind == "table":
        table = cap / "traces" / f"{name}.table.txt"
        if not table.exists():
            return None
        raw = table.read_text()
        meta = {
            "command": "torch.profiler.profile(activities=[CPU, CUDA]); key_averages().table()",
            "producer": "torch.profiler",
        }
        return raw, _compact_table(raw), meta["command"], meta
    if kind == "kernels":
        if name not in records:
            return None
        for raw in records[name]["sizes"]:
            raw["_cap"] = str(cap)
        text, command, _ = _kernel_choice(records, name)
        return text, text, command, {"producer": "torch.profiler"}
    stem = spec.source
    path = cap / "artifacts" / f"{stem}.txt"
    if not path.exists():
        return None
    raw = path.read_text()
    meta = json.loads((cap / "artifacts" / f"{stem}.meta.json").read_text())
    text = _clean_sass(raw) if spec.sass else raw
    return text, text, meta["command"], meta


def build_artifacts(cap: Path, run: dict, records: dict, model: Model) -> tuple[dict, dict[str, str], list[str]]:
    """artifacts.yaml data, the excerpt files to write, and warnings for specs the capture could not fill."""
    cuda_notes = next(
        (s.get("notes", {}) for s in records.get("cuda-cpp-wmma", {}).get("sizes", []) if s.get("notes")), {}
    )
    entries, files, warnings = [], {}, []
    for spec in catalog.ARTIFACTS:
        found = artifact_sources(cap, spec, records)
        if found is None:
            warnings.append(f"{spec.id}: source {spec.source} not in the capture")
            continue
        raw, proof_text, command, meta = found
        raw, proof_text = excerpts.project_relative(raw), excerpts.project_relative(proof_text)
        proof = excerpts.proof_excerpt(proof_text, spec.patterns, context=spec.context)
        full = excerpts.file_excerpt(raw, spec.patterns)
        if proof.missing:
            warnings.append(f"{spec.id}: no line matched {', '.join(proof.missing)}")
        bound = model.measurements[spec.id]  # its steps, its tools, what made it
        file_name = f"excerpts/{spec.id}.txt"
        files[file_name] = full.text
        source = raw if not spec.sass else (cap / "artifacts" / f"{spec.source}.txt").read_text()
        entry = excerpt_entry(spec, bound, meta.get("producer", ""), command, source, proof, full, file_name)
        if spec.facts:
            entry["facts"] = [
                yamlout.Inline(name=fact.replace("_", "-"), value=cuda_notes.get(fact), unit="ms")
                for fact in spec.facts
                if fact in cuda_notes
            ]
        entries.append(entry)
    return {"schema": 1, "run": run, "artifacts": entries}, files, warnings


def read_capture(archive: Path, tmp: Path, data_dir: Path, model: Model, argv: list[str]) -> dict:
    """One capture, read: its run block, GEMM paths, softmax paths, artifacts and summary."""
    cap = open_capture(archive, tmp)
    archive_sha = hostinfo.sha256_file(archive) if archive.is_file() else hostinfo.sha256_file(cap / "manifest.json")
    manifest = json.loads((cap / "manifest.json").read_text())
    records = load_path_records(cap)
    manifest["_device"] = [r["device"] for r in records.values() if r.get("device")]
    run = run_block(manifest, archive_sha, argv)
    paths_doc = build_paths(cap, manifest, run, model)
    softmax_doc = build_softmax(cap, manifest, run, model)
    artifacts_doc, files, warnings = build_artifacts(cap, run, records, model)
    return {
        "run": run,
        "paths": paths_doc,
        "softmax": softmax_doc,
        "artifacts": artifacts_doc,
        "files": files,
        "warnings": warnings,
        "summary": capture_summary(run, paths_doc, softmax_doc),
    }


def shared_archives(folder: Path) -> list[Path]:
    """Capture archives left in a shared folder (made from this code on another GPU machine), newest first."""
    return sorted(folder.glob("*.tgz"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []


def run_import(archives: list[Path], evidence_dir: Path, data_dir: Path, argv: list[str]) -> int:
    """Import one capture per GPU (the first is the one whose compiler output and tables the pages
    show; the others stand beside it); print each against the committed one of its GPU; refuse to
    write anything if the result fails validation."""
    model = link(parse(data_dir))[0]
    previous = {}
    for name in ("gelu-paths.yaml", "captures.yaml"):
        if (evidence_dir / name).exists():
            previous[name] = yaml.safe_load((evidence_dir / name).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        captures = [read_capture(a, Path(tmp) / str(i), data_dir, model, argv) for i, a in enumerate(archives)]
    primary = captures[0]
    for warning in primary["warnings"]:
        print("warning:", warning)
    earlier = {c["run"]["gpu"]: c for c in (previous.get("captures.yaml") or {}).get("captures", [])}
    for capture in captures:
        print(f"{capture['run']['gpu']} ({capture['run']['date']}): against the previous capture of this GPU")
        old = previous.get("gelu-paths.yaml")
        if not old or old.get("run", {}).get("gpu") != capture["run"]["gpu"]:
            old = earlier.get(capture["run"]["gpu"], {}).get("gemm")
        for line in compare_lines(old, capture["paths"]):
            print("  " + line)
    texts = {
        "gelu-paths.yaml": yamlout.dump(primary["paths"], "import", "gelu-paths.yaml"),
        "artifacts.yaml": yamlout.dump(primary["artifacts"], "import", "artifacts.yaml"),
        "captures.yaml": yamlout.dump(
            {
                "schema": 1,
                "captures": [{**c["summary"], "gemm": _comparable(c["paths"])} for c in captures],
            },
            "import",
            "captures.yaml",
        ),
    }
    if primary["softmax"]:
        texts["softmax-paths.yaml"] = yamlout.dump(primary["softmax"], "import", "softmax-paths.yaml")
    files = primary["files"]
    staging = Path(tempfile.mkdtemp(prefix="evidence-"))
    try:
        for name, text in {**texts, **files}.items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(text, encoding="utf-8")
        for kept in ("toolkits.yaml", "hardware.yaml"):
            if (evidence_dir / kept).exists():
                shutil.copy(evidence_dir / kept, staging / kept)
        problems = check_evidence(staging, data_dir)
        if problems:
            return print_problems(problems)
        evidence_dir.mkdir(parents=True, exist_ok=True)
        # Only the excerpts the last import wrote go: the folder also holds other captures' (the AMD side's).
        for old in imported_excerpts(evidence_dir):
            old.unlink(missing_ok=True)
        for name in [*texts, *files]:
            target = evidence_dir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(staging / name, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    print(f"wrote {len(texts)} files and {len(files)} excerpts to {evidence_dir}")
    return 0


def print_problems(problems: list[Problem]) -> int:
    """Print problems as file:line:column: path: message; 1 if there were any."""
    for p in problems:
        print(p.format())
    return 1 if problems else 0


def imported_excerpts(evidence_dir: Path) -> list[Path]:
    """The excerpt files the committed artifacts.yaml names (what the last import wrote)."""
    artifacts = evidence_dir / "artifacts.yaml"
    if not artifacts.exists():
        return []
    doc = yaml.safe_load(artifacts.read_text(encoding="utf-8")) or {}
    return [evidence_dir / a["excerpt_file"] for a in doc.get("artifacts", []) if a.get("excerpt_file")]


def _comparable(paths_doc: dict) -> list:
    """The GEMM paths reduced to what the next import compares: per size, times and kernel names."""
    return [
        {
            "id": p["id"],
            "sizes": [
                {k: s[k] for k in ("size", "status", "time_ms", "gpu_time_ms", "kernels") if k in s}
                for s in p["sizes"]
                if s.get("status") == "measured"
            ],
        }
        for p in paths_doc["paths"]
        if p["sizes"]
    ]


def excerpt_entry(spec, bound, producer: str, command: str, source: str, proof, full, file_name: str) -> dict:
    """One excerpt's record in data/evidence/: what it is bound to, what made it, its proof and file
    (the GPU capture's importer and the AMD compile's write the same record)."""
    return {
        "id": spec.id,
        "kind": spec.kind,
        "refs": [yamlout.Inline(chain=ref.chain, step=ref.step) for ref in bound.steps],
        "tools": yamlout.InlineList(bound.tools),
        "producer": producer,
        "producer_tool": bound.made_by,
        "command": command,
        "source_sha256": hostinfo.sha256_text(source),
        "source_lines": proof.lines_total,
        "proof_patterns": yamlout.InlineList(spec.patterns),
        "proof_missing": yamlout.InlineList(proof.missing),
        "excerpt": proof.text,
        "excerpt_file": file_name,
        "excerpt_file_sha256": hostinfo.sha256_text(full.text),
    }
