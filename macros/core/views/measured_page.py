"""The Measured page: per size a chart, the kernels each path launched and a table of every path;
then the memory-bound op, the two GPUs side by side, the GPU's ceilings and the capture's provenance."""

from __future__ import annotations

from markupsafe import Markup

from ..data.evidence import PathRow
from ..diagrams.registry import diagram_id
from .diagram_figures import diagram_layouts
from .evidence_views import artifact_block, evidence_of, provenance, words
from .measured_chart import time_chart
from .measured_rows import gpu_time, path_rows, peaks_of
from .page import Page, docs_links, embed_control


def ceilings(page: Page) -> list[dict]:
    """The datasheet peaks beside what the same capture measured as the GPU's practical ceilings."""
    evidence = evidence_of(page)
    rows = []
    found = peaks_of(page, evidence.gelu.run.gpu)
    peaks = found.peaks if found else {}
    for label, peak_key, ceiling_key, unit, scale in (
        ("ceiling-gemm", "bf16_dense_tflops", "gemm_tflops", "TFLOP/s", 1),
        ("ceiling-copy", "memory_tbs", "copy_gbs", "TB/s", 1e-3),
    ):
        ceiling, peak = evidence.gelu.ceilings.get(ceiling_key), peaks.get(peak_key)
        if not ceiling:
            continue
        measured = ceiling.median * scale
        rows.append(
            {
                "label": page.ui(label),
                "value": f"{measured:.4g} {unit}",
                "how": page.ui("measured-in-run").format(
                    rounds=evidence.gelu.ceilings.get("rounds"),
                    low=f"{ceiling.low * scale:.4g}",
                    high=f"{ceiling.high * scale:.4g}",
                ),
                "peak": f"{peak.value:g} {peak.unit}" if peak else None,
                "peak_label": page.ui("peak-bf16" if peak_key == "bf16_dense_tflops" else "peak-memory"),
                "share": page.ui("of-peak").format(share=f"{100 * measured / peak.value:.0f}") if peak else None,
                "peak_link": docs_links(page, [peak.reference])[0] if peak else None,
            }
        )
    return rows


def kernels_figure(page: Page, size: int) -> Markup:
    """Graphviz: each measured path as the chain of kernel groups it launched at one size, in a
    wide layout and a narrow one for phones (its text 11 px or more at 390 px)."""
    uid = diagram_id("kernels", size)
    wide, narrow = page.dot(uid), page.dot(diagram_id("kernels", size, narrow=True))
    title = f"{page.ui('kernels-figure')} ({size}³)"
    svg = diagram_layouts(page, wide, narrow, uid, title, page.ui("kernels-figure-desc"))
    return page.show("evidence/kernels_figure.html", svg=svg, title=title)


def all_paths(page: Page) -> list[PathRow]:
    """Every path the data names, in its order: the capture's row, or one saying it is not captured yet."""
    gelu = evidence_of(page).gelu
    rows = {path.id: path for path in gelu.paths}
    missing = page.ui("not-captured-yet").format(gpu=gelu.run.gpu)
    return [
        rows.get(word.id)
        or PathRow(id=word.id, chain=word.chain, tools=list(word.tools), status="not-measured", failure=missing)
        for word in page.model.measurements.values()
        if word.kind == "path"
    ]


def measured(page: Page) -> Markup:
    """The measured comparison: per size, a figure and a table of every path, then provenance."""
    gelu = evidence_of(page).gelu
    paths = all_paths(page)
    sizes = []
    for size in gelu.operation["sizes"]:
        rows = path_rows(page, size, paths)
        fastest = min((r for r in rows if r["measured"]), key=lambda r: float(r["headline"]))
        sizes.append(
            {
                "size": size,
                "fastest": page.ui("fastest").format(path=fastest["label"], ms=fastest["headline"]),
                "chart": time_chart(page, size, gelu.paths),
                "embed": embed_control(page, f"measured/{size}/", page.ui("chart-title").format(size=size)),
                "figure": kernels_figure(page, size),
                "table": page.show("evidence/measured_table.html", rows=rows, runs=gelu.method.get("rounds", 1)),
            }
        )
    hardware = peaks_of(page, gelu.run.gpu)
    return page.show(
        "evidence/measured.md",
        wmma_note=page.ui("wmma-note"),
        softmax=softmax_view(page),
        two_gpus=two_gpus_view(page),
        ceilings=ceilings(page),
        variant=words(page, hardware.variant) if hardware else None,
        runs=gelu.method.get("rounds", 1),
        sizes=sizes,
        operation=gelu.operation,
        limits=words(page, page.model.limits_note()),
        provenance=page.show("evidence/provenance.html", facts=provenance(page, gelu.run)),
    )


def _share(page: Page, word: str, value: float, bound: float | None) -> str | None:
    return page.ui(word).format(share=f"{100 * value / bound:.0f}") if bound else None


def softmax_view(page: Page) -> dict:
    """The memory-bound op: per size a table of GB/s with the shares of the datasheet bandwidth and
    of the copy ceiling the same capture measured; or the words saying it is not captured yet."""
    evidence = evidence_of(page)
    soft = evidence.softmax
    if soft is None:
        return {"missing": page.ui("softmax-missing")}
    peaks = peaks_of(page, soft.run.gpu)
    peak = peaks.peaks.get("memory_tbs") if peaks else None
    copy = soft.ceilings.get("copy_gbs")
    labels = {w.id: words(page, w.id) for w in page.model.measurements.values() if w.kind == "kernel-group"}
    cols = soft.operation["cols"]
    rows_ = soft.operation["rows"]
    mib = lambda r: f"{r * cols * 2 / 2**20:g}"  # noqa: E731 - the input's size, in one place
    sizes = []
    for rows in rows_:
        table = []
        for path in soft.paths:
            result = next((s for s in path.sizes if s.size == rows), None)
            label = words(page, path.id)
            if result is None or result.status != "measured":
                reason = (result.reason if result else None) or path.failure or page.ui("not-measured")
                table.append({"label": label, "measured": False, "reason": reason})
                continue
            table.append(
                {
                    "label": label,
                    "measured": True,
                    "kernels": ", ".join(dict.fromkeys(labels.get(k.group, k.group) for k in result.kernels)),
                    "kernel_count": f"{result.kernel_count:g}",
                    "gbs": f"{result.gbs:,.0f}",
                    "shares": [
                        s
                        for s in (
                            _share(page, "share-of-bandwidth", result.gbs, peak.value * 1e3 if peak else None),
                            _share(page, "share-of-copy", result.gbs, copy.median if copy else None),
                        )
                        if s
                    ],
                    **gpu_time(result),
                    "median": f"{result.time_ms.median:.4g}",
                    "timer": page.ui(f"timer-{result.timer}"),
                    "error": f"{result.max_abs_err:.2g}",
                }
            )
        sizes.append(
            {
                "rows": page.ui("rows").format(rows=f"{rows:,}"),
                "mib": mib(rows),
                "id": f"softmax-{rows}",
                "table": table,
            }
        )
    excerpts = [artifact_block(page, a.id) for a in evidence.artifacts if a.id.startswith("softmax-")]
    return {
        "missing": None,
        "intro": page.ui("softmax-intro").format(
            cols=cols,
            big=f"{max(rows_):,}",
            big_mib=mib(max(rows_)),
            small=f"{min(rows_):,}",
            small_mib=mib(min(rows_)),
        ),
        "sizes": sizes,
        "excerpts": excerpts,
        "runs": len(next((s.gpu_runs_ms for p in soft.paths for s in p.sizes if s.gpu_runs_ms), [])) or 1,
    }


COMPUTE_BAND = (0.9, 1.15)  # H100 time over H200 time: the same Tensor Core peak


MEMORY_FROM = 1.25  # the H200's memory bandwidth is about 1.4x the H100 SXM's


def two_gpus_view(page: Page) -> dict:
    """Each capture's GPU time side by side, with the ratio and which bound the path follows; or the
    words saying the second GPU is not captured yet."""
    evidence = evidence_of(page)
    caps = evidence.captures.captures if evidence.captures else []
    if len(caps) < 2:
        gpu = caps[0].run.gpu if caps else evidence.gelu.run.gpu
        return {"missing": page.ui("two-gpus-missing").format(gpu=gpu)}
    # The GPU with less memory first (the H100), so a ratio over 1 says the other is faster.
    slow, fast = sorted(caps[:2], key=lambda c: c.run.total_memory_bytes or 0)
    index = {(r.op, r.path, r.size): r for r in fast.results}
    rows, compute, memory = [], [], []
    for result in slow.results:
        other = index.get((result.op, result.path, result.size))
        if other is None:
            continue
        a = result.gpu_time_ms or result.time_ms
        b = other.gpu_time_ms or other.time_ms
        ratio = a / b
        label = words(page, result.path)
        follows = (
            "follows-compute"
            if COMPUTE_BAND[0] <= ratio <= COMPUTE_BAND[1]
            else "follows-memory"
            if ratio >= MEMORY_FROM
            else "follows-neither"
        )
        name = f"{label} ({result.size}³)" if result.op == "gemm" else f"{label} ({result.size:,})"
        (compute if follows == "follows-compute" else memory if follows == "follows-memory" else []).append(name)
        rows.append(
            {
                "label": label,
                "size": f"{result.size}³" if result.op == "gemm" else page.ui("rows").format(rows=f"{result.size:,}"),
                "a": f"{a:.4g}",
                "b": f"{b:.4g}",
                "ratio": f"{ratio:.2f}×",
                "follows": page.ui(follows),
            }
        )
    none = page.ui("none")
    return {
        "missing": None,
        "intro": page.ui("two-gpus-intro").format(gpus=f"{slow.run.gpu} / {fast.run.gpu}"),
        "summary": page.ui("follows-summary").format(
            compute=", ".join(compute) or none, memory=", ".join(memory) or none
        ),
        "gpus": [slow.run.gpu, fast.run.gpu],
        "rows": rows,
    }
