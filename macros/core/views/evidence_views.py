"""View data for the evidence: real compiler output beside chain steps and tool pages, the
measured comparison of `C = gelu(A @ B + bias)`, its method and provenance, and the CUDA
toolkit × architecture table. All of it read from data/evidence/, written by the capture program.

Excerpts keep their line breaks, so their blocks go into slots (like the diagrams): they are
put into the page after Markdown has run, and raw compiler text never meets Markdown.
"""

from __future__ import annotations

from markupsafe import Markup

from ..data.evidence import Artifact, PathRow, Run
from ..data.markup import inline_html
from ..data.model import chain_tool_ids, reading_id
from ..diagrams.dot_text import diagram_id
from .page import Page, chain_link, docs_links, embed_control, interface_word

EXCERPTS = "evidence/excerpts/"  # where the build publishes data/evidence/excerpts/


def _evidence(page: Page):
    return page.model.evidence


def words(page: Page, word_id: str, part: str = "label") -> str:
    """A word the capture names by id, in the page's language (data/measurements.yaml)."""
    return page.t(getattr(page.model.measurements[word_id], part))


def provenance(page: Page, run: Run) -> list[dict]:
    """GPU, driver, CUDA, library versions, date, command and archive hash of a capture."""
    return [
        {"label": page.ui("run-gpu"), "value": f"{run.gpu} (sm_{run.compute_capability.replace('.', '')})"},
        {"label": page.ui("driver"), "value": run.driver},
        {"label": page.ui("run-cuda"), "value": f"{run.cuda_driver_version} · {run.nvcc}"},
        {
            "label": page.ui("versions"),
            "value": ", ".join(f"{name} {version}" for name, version in run.versions.items()),
        },
        {
            "label": page.ui("clocks"),
            # Each reading under its own label: a row of bare figures does not say which is which.
            "items": [{"label": words(page, reading_id(key)), "value": value} for key, value in run.clocks.items()],
        },
        *([{"label": page.ui("sm-count"), "value": str(run.sm_count)}] if run.sm_count else []),
        *(
            [{"label": page.ui("l2-size"), "value": f"{run.l2_cache_bytes / 2**20:g} MiB ({run.l2_cache_bytes:,} B)"}]
            if run.l2_cache_bytes
            else []
        ),
        {"label": page.ui("captured"), "value": run.date.replace("T", " ").replace("Z", " UTC")},
        {"label": page.ui("command"), "value": run.command, "code": True},
        {"label": page.ui("archive-hash"), "value": run.archive_sha256, "code": True},
    ]


def _machine(page: Page, artifact: Artifact) -> str:
    # Compiler output made on a CPU says so: it ran on no GPU, and its versions are the CPU run's.
    amd = _evidence(page).amd
    if amd and artifact in amd.artifacts:
        run = amd.run
        versions = ", ".join(f"{name} {version}" for name, version in run.versions.items())
        return page.ui("compiled-on-cpu").format(versions=versions, date=run.date[:10])
    run = _evidence(page).artifacts_run
    return f"{run.gpu}, driver {run.driver}, CUDA {run.cuda_driver_version}, {run.date[:10]}"


def artifact_view(page: Page, artifact: Artifact) -> dict:
    return {
        "id": artifact.id,
        "title": inline_html(words(page, artifact.id)),
        "shows": inline_html(words(page, artifact.id, "shows")),
        "excerpt": artifact.excerpt.rstrip("\n"),
        "href": page.site_file(EXCERPTS + artifact.excerpt_file.removeprefix("excerpts/")),
        "producer": artifact.producer,
        "command": artifact.command,
        "machine": _machine(page, artifact),
        "sha256": artifact.excerpt_file_sha256[:16],
        # Measured numbers are what the text around them promises: shown open, never behind a click.
        "facts": [{"label": words(page, f.name), "value": f"{f.value:.3g} {f.unit}"} for f in artifact.facts],
    }


def artifact_block(page: Page, artifact_id: str) -> Markup:
    """One collapsed excerpt with its provenance and a link to the full excerpt (in a slot)."""
    artifact = _evidence(page).artifact(artifact_id)
    block = page.show("evidence/artifact.raw.html", a=artifact_view(page, artifact))
    return Markup(page.build.slots.slot(str(block)))


def step_evidence(page: Page, chain_id: str, step_id: str) -> list[Markup]:
    """The excerpts that illustrate one chain step, found by the step's id."""
    evidence = _evidence(page)
    if not evidence:
        return []
    return [artifact_block(page, a) for a in evidence.by_step.get((chain_id, step_id), ())]


def tool_evidence(page: Page, tool_id: str, shown: str = "") -> Markup | None:
    """The excerpts that show this tool at work, for its page, less those the page already
    shows in `shown` (its deep dive's chains); None when none are left."""
    evidence = _evidence(page)
    ids = evidence.by_tool.get(tool_id, ()) if evidence else ()
    # Blocks are content-addressed placeholders, so one already on the page is found by its text.
    blocks = [block for block in (artifact_block(page, a) for a in ids) if block not in shown]
    return Markup("").join(blocks) if blocks else None


# ---------------------------------------------------------------- measured paths


def _group_labels(page: Page) -> dict[str, str]:
    return {group: words(page, group) for group in _evidence(page).gelu.groups}


def _short(kernel_name: str, width: int = 48) -> str:
    """A kernel name cut for a table cell (ATen's run to hundreds of characters); the whole name is its tooltip."""
    return kernel_name if len(kernel_name) <= width else kernel_name[: width - 1] + "…"


def path_rows(page: Page, size: int, paths: list[PathRow]) -> list[dict]:
    """One table row per path at one size: kernels (grouped), count, time, TFLOP/s, error, or why not."""
    labels = _group_labels(page)
    rows = []
    for path in paths:
        row = {
            "id": f"path-{path.id}-{size}",
            "label": words(page, path.id),
            "chain": chain_link(page, path.chain) if path.chain else None,
        }
        result = next((s for s in path.sizes if s.size == size), None)
        if path.status != "measured" or result is None or result.status != "measured":
            word = page.model.measurements[path.id]
            reason = (
                page.t(word.reason)
                if word.reason
                else path.failure or (result.reason if result and result.reason else "")
            )
            rows.append({**row, "measured": False, "status": page.ui("not-measured"), "reason": reason})
            continue
        rows.append(
            {
                **row,
                "measured": True,
                "kernels": [
                    {
                        "group": labels.get(k.group, k.group),
                        "name": k.name,
                        "short": _short(k.name),
                        "count": f"{k.count:g}",
                    }
                    for k in result.kernels
                ],
                "kernel_count": f"{result.kernel_count:g}",
                **_gpu_time(result),
                "median": f"{result.time_ms.median:.4g}",
                # The figure the path is ranked by: its GPU time per call where captured, else its call time.
                "headline": f"{(result.gpu_time_ms or result.time_ms).median:.4g}",
                "spread": f"{result.time_ms.low:.4g}–{result.time_ms.high:.4g}",
                "timer": page.ui(f"timer-{result.timer}"),
                "varying": _varying(page, result),
                "tflops": f"{(result.gpu_tflops or result.tflops):.4g}",
                # The ceilings were measured at the largest size only: shares elsewhere would mislead.
                "shares": _shares(page, result.gpu_tflops or result.tflops)
                if size == max(_evidence(page).gelu.operation["sizes"])
                else [],
                "error": f"{result.max_abs_err:.2g}",
                "scale": f"{result.max_abs_output:.2g}" if result.max_abs_output else None,
            }
        )
    return rows


def _gpu_time(result) -> dict:
    """A row's GPU time per call and its spread as the tables show them (None where not captured)."""
    spread = result.gpu_time_ms
    return dict(
        gpu=f"{spread.median:.4g}" if spread else None,
        gpu_spread=f"{spread.low:.4g}–{spread.high:.4g}" if spread else None,
    )


def _varying(page: Page, result) -> str | None:
    """Why a figure moves between runs, when it does: launch-bound when the GPU sat idle most of a call."""
    if not result.varying:
        return None
    if result.gpu_busy is not None and result.gpu_busy < 0.5:
        return f"{page.ui('varying')}; {page.ui('varying-launch').format(busy=round(result.gpu_busy * 100))}"
    return page.ui("varying")


def _shares(page: Page, tflops: float) -> list[str]:
    """TFLOP/s as shares of the datasheet's dense BF16 peak and of the GEMM ceiling measured in the
    same capture, each with its label (a bare pair of percentages does not say which is which)."""
    evidence = _evidence(page)
    peaks = _peaks_of(page, evidence.gelu.run.gpu)
    peak = peaks.peaks.get("bf16_dense_tflops") if peaks else None
    ceiling = evidence.gelu.ceilings.get("gemm_tflops")
    return [
        page.ui(word).format(share=f"{100 * tflops / bound:.0f}")
        for word, bound in (
            ("share-of-peak", peak.value if peak else None),
            ("share-of-ceiling", ceiling.median if ceiling else None),
        )
        if bound
    ]


def _peaks_of(page: Page, gpu: str):
    """The datasheet peaks of the GPU a capture ran on (hardware.yaml), or None."""
    hardware = _evidence(page).hardware
    return hardware.for_gpu(gpu) if hardware else None


def ceilings(page: Page) -> list[dict]:
    """The datasheet peaks beside what the same capture measured as the GPU's practical ceilings."""
    evidence = _evidence(page)
    rows = []
    found = _peaks_of(page, evidence.gelu.run.gpu)
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


CHART_WIDTH = 400  # viewBox units: about one to one on a 390 px phone, scaled up (capped) on a desktop
CHART_LABEL = 17  # height of a path's label line
CHART_BAR = 12
CHART_GAP = 10


def chart_view(model, lang: str, size: int, paths: list[PathRow]) -> dict | None:
    """One horizontal bar per measured path at one size: the median, a whisker over the runs'
    range, the figure written at the end (the time chart's template values; None if none was
    measured). Drawn from the data as SVG, no chart library; the Print booklet draws it too."""
    measured = [
        (path, result)
        for path in paths
        for result in [next((s for s in path.sizes if s.size == size), None)]
        if path.status == "measured" and result is not None and result.status == "measured"
    ]
    if not measured:
        return None
    # GPU time where the capture has it for every bar (one clock for all), else the call time.
    gpu = all(result.gpu_time_ms for _, result in measured)
    clock = (lambda r: r.gpu_time_ms) if gpu else (lambda r: r.time_ms)  # noqa: E731
    varies = lambda r: (clock(r).high - clock(r).low) / clock(r).median > 0.10  # noqa: E731
    longest = max(clock(result).high for _, result in measured)
    usable = CHART_WIDTH - 90  # room for the figure written after the longest whisker
    rows = []
    for index, (path, result) in enumerate(measured):
        top = index * (CHART_LABEL + CHART_BAR + CHART_GAP)
        x = lambda ms: round(ms / longest * usable, 1)  # noqa: E731 - the scale, in one place
        rows.append(
            {
                "label": model.measurements[path.id].label.get(lang),
                "label_y": top + CHART_LABEL - 4,
                "bar_y": top + CHART_LABEL,
                "width": max(x(clock(result).median), 1),
                "low": x(clock(result).low),
                "high": x(clock(result).high),
                "mid_y": top + CHART_LABEL + CHART_BAR / 2,
                "value": f"{clock(result).median:.4g} ms" + (" ⚠" if varies(result) else ""),
                "varying": varies(result),
                # The tools its chain names, so a `?tool=` address can outline the row (here.js).
                "tools": chain_tool_ids(model.chains[path.chain]) if path.chain else [],
            }
        )
    title = interface_word(model, "chart-title" if gpu else "chart-title-call", lang).format(size=size)
    return {
        "rows": rows,
        "width": CHART_WIDTH,
        "height": len(rows) * (CHART_LABEL + CHART_BAR + CHART_GAP),
        "bar": CHART_BAR,
        "title": title,
        "desc": interface_word(model, "chart-desc", lang),
        "chart_id": f"time-chart-{size}",
    }


def time_chart(page: Page, size: int, paths: list[PathRow]) -> Markup:
    """The time chart of one size, for a page (see chart_view)."""
    view = chart_view(page.model, page.lang, size, paths)
    return page.show("evidence/time_chart.html", **view) if view else Markup("")


def kernels_figure(page: Page, size: int) -> Markup:
    """Graphviz: each measured path as the chain of kernel groups it launched at one size, in a
    wide layout and a narrow one for phones (its text 11 px or more at 390 px)."""
    from .views import diagram_layouts  # views imports this module: imported when first drawn

    uid = diagram_id("kernels", size)
    wide, narrow = page.dot(uid), page.dot(diagram_id("kernels", size, narrow=True))
    title = f"{page.ui('kernels-figure')} ({size}³)"
    svg = diagram_layouts(page, wide, narrow, uid, title, page.ui("kernels-figure-desc"))
    return page.show("evidence/kernels_figure.html", svg=svg, title=title)


def all_paths(page: Page) -> list[PathRow]:
    """Every path the data names, in its order: the capture's row, or one saying it is not captured yet."""
    gelu = _evidence(page).gelu
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
    gelu = _evidence(page).gelu
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
    hardware = _peaks_of(page, gelu.run.gpu)
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
    evidence = _evidence(page)
    soft = evidence.softmax
    if soft is None:
        return {"missing": page.ui("softmax-missing")}
    peaks = _peaks_of(page, soft.run.gpu)
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
                    **_gpu_time(result),
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
    evidence = _evidence(page)
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


READINGS = {  # what a concept page may ask of a capture: the run's field and how it reads
    "l2": ("l2_cache_bytes", lambda v: f"{v / 2**20:g} MiB"),
    "sm-count": ("sm_count", lambda v: f"{v}"),
}


def measured_gpu(page: Page, reading: str, gpu: str) -> str:
    """A value the GPU reported in a capture (its L2 size, its SM count), for a page where the docs
    give none; or the words saying that GPU is not captured yet."""
    evidence = _evidence(page)
    field, shown = READINGS[reading]
    runs = [c.run for c in evidence.captures.captures] if evidence and evidence.captures else []
    if evidence and evidence.gelu:
        runs.append(evidence.gelu.run)
    for run in runs:
        if gpu in run.gpu and getattr(run, field):
            return page.ui("measured-gpu-value").format(
                value=shown(getattr(run, field)), gpu=run.gpu, date=run.date[:10]
            )
    return page.ui("measured-gpu-missing").format(gpu=gpu)


def route_measurements(page: Page, chain_ids: list[str]) -> dict | None:
    """For a path-finder route: the measured paths that follow one of its chains, each with what
    the machine launched and how long it took at every size, linking its row on the Measured page."""
    evidence = _evidence(page)
    if not evidence or not evidence.gelu:
        return None
    ids = [path_id for chain_id in chain_ids for path_id in evidence.paths_by_chain.get(chain_id, ())]
    uncounted = page.model.uncounted_groups()
    found = []
    for path in evidence.gelu.paths:
        if path.id not in ids or path.status != "measured":
            continue
        sizes = [s for s in path.sizes if s.status == "measured"]
        found.append(
            {
                "label": words(page, path.id),
                "href": f"{page.href('measured/')}#path-{path.id}-{sizes[0].size}" if sizes else page.href("measured/"),
                "sizes": [
                    page.ui("route-measured-size").format(
                        size=s.size,
                        ms=f"{s.time_ms.median:.4g}",
                        kernels=f"{s.kernel_count:g}",
                        names=", ".join(
                            dict.fromkeys(
                                _group_labels(page).get(k.group, k.group) for k in s.kernels if k.group not in uncounted
                            )
                        ),
                    )
                    for s in sizes
                ],
            }
        )
    if not found:
        return None
    title = page.ui("route-measured").format(gpu=evidence.gelu.run.gpu, op=evidence.gelu.operation["expression"])
    return {"title": title, "paths": found}


def chain_measurements(page: Page, chain_id: str) -> Markup | None:
    """On a chain page: what the measured paths that follow this chain really launched."""
    evidence = _evidence(page)
    ids = evidence.paths_by_chain.get(chain_id, ()) if evidence and evidence.gelu else ()
    if not ids:
        return None
    paths = [p for p in evidence.gelu.paths if p.id in ids]
    sizes = [
        {
            "size": size,
            "table": page.show(
                "evidence/measured_table.html",
                rows=path_rows(page, size, paths),
                runs=evidence.gelu.method.get("rounds", 1),
            ),
        }
        for size in evidence.gelu.operation["sizes"]
    ]
    return page.show("evidence/chain_measured.html", sizes=sizes, run=evidence.gelu.run)


def _step_number(page: Page, chain_id: str, step_id: str) -> int:
    """Where a step stands in its chain today, for readers (evidence names it by id)."""
    return next(n for n, step in enumerate(page.model.chains[chain_id].steps, start=1) if step.id == step_id)


def method(page: Page) -> Markup:
    """How the measurements and excerpts were made: schedule, timers, spread, limits, provenance."""
    gelu = _evidence(page).gelu
    artifacts = [
        {
            "title": inline_html(words(page, a.id)),
            "producer": a.producer,
            "href": page.site_file(EXCERPTS + a.excerpt_file.removeprefix("excerpts/")),
            "chains": [
                chain_link(page, ref.chain) | {"step": _step_number(page, ref.chain, ref.step)} for ref in a.refs
            ],
        }
        for a in _evidence(page).artifacts
    ]
    return page.show(
        "evidence/method.md",
        method=gelu.method,
        operation=gelu.operation,
        limits=words(page, page.model.limits_note()),
        provenance=page.show("evidence/provenance.html", facts=provenance(page, gelu.run)),
        artifacts=artifacts,
    )


def toolkit_table(page: Page) -> Markup:
    """Which GPU architectures each CUDA toolkit accepts, as the toolkits themselves list them."""
    toolkits = _evidence(page).toolkits
    columns = [{"id": t.id, "version": t.version, "query": t.query} for t in toolkits.toolkits]
    rows = [
        {
            "arch": f"sm_{arch.sm}",
            "capability": arch.compute_capability,
            "name": arch.name or page.ui("unnamed"),
            "cells": [arch.accepted.get(t.id, []) for t in toolkits.toolkits],
        }
        for arch in toolkits.architectures
    ]
    return page.show(
        "evidence/toolkits.html",
        columns=columns,
        rows=rows,
        date=toolkits.generated["date"][:10],
        command=toolkits.generated["command"],
        sources=toolkits.name_sources,
    )
