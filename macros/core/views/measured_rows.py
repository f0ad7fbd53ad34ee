"""The measured paths as rows: one per path at one size (kernels, time, TFLOP/s, error, or why it
was not measured), and what the paths that follow a chain or a route launched, for those pages."""

from __future__ import annotations

from markupsafe import Markup

from ..data.evidence import PathRow
from .evidence_views import evidence_of, words
from .page import Page, chain_link


def _group_labels(page: Page) -> dict[str, str]:
    return {group: words(page, group) for group in evidence_of(page).gelu.groups}


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
                **gpu_time(result),
                "median": f"{result.time_ms.median:.4g}",
                # The figure the path is ranked by: its GPU time per call where captured, else its call time.
                "headline": f"{(result.gpu_time_ms or result.time_ms).median:.4g}",
                "spread": f"{result.time_ms.low:.4g}–{result.time_ms.high:.4g}",
                "timer": page.ui(f"timer-{result.timer}"),
                "varying": _varying(page, result),
                "tflops": f"{(result.gpu_tflops or result.tflops):.4g}",
                # The ceilings were measured at the largest size only: shares elsewhere would mislead.
                "shares": _shares(page, result.gpu_tflops or result.tflops)
                if size == max(evidence_of(page).gelu.operation["sizes"])
                else [],
                "error": f"{result.max_abs_err:.2g}",
                "scale": f"{result.max_abs_output:.2g}" if result.max_abs_output else None,
            }
        )
    return rows


def gpu_time(result) -> dict:
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
    evidence = evidence_of(page)
    peaks = peaks_of(page, evidence.gelu.run.gpu)
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


def peaks_of(page: Page, gpu: str):
    """The datasheet peaks of the GPU a capture ran on (hardware.yaml), or None."""
    hardware = evidence_of(page).hardware
    return hardware.for_gpu(gpu) if hardware else None


def route_measurements(page: Page, chain_ids: list[str]) -> dict | None:
    """For a path-finder route: the measured paths that follow one of its chains, each with what
    the machine launched and how long it took at every size, linking its row on the Measured page."""
    evidence = evidence_of(page)
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
    evidence = evidence_of(page)
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
