"""View data for what the capture program recorded beside its measurements: real compiler output
beside chain steps and tool pages, a capture's provenance, the values a GPU reported, the method
page and the CUDA toolkit × architecture table. All of it read from data/evidence/.

Excerpts keep their line breaks, so their blocks go into slots (like the diagrams): they are
put into the page after Markdown has run, and raw compiler text never meets Markdown.
"""

from __future__ import annotations

from markupsafe import Markup

from ..data.evidence import Artifact, Run
from ..data.markup import inline_html
from ..data.model import reading_id
from .page import Page, chain_link

EXCERPTS = "evidence/excerpts/"  # where the build publishes data/evidence/excerpts/


def evidence_of(page: Page):
    """What the capture program recorded (data/evidence/), as the page's model holds it."""
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
    amd = evidence_of(page).amd
    if amd and artifact in amd.artifacts:
        run = amd.run
        versions = ", ".join(f"{name} {version}" for name, version in run.versions.items())
        return page.ui("compiled-on-cpu").format(versions=versions, date=run.date[:10])
    run = evidence_of(page).artifacts_run
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
    artifact = evidence_of(page).artifact(artifact_id)
    block = page.show("evidence/artifact.raw.html", a=artifact_view(page, artifact))
    return Markup(page.build.slots.slot(str(block)))


def step_evidence(page: Page, chain_id: str, step_id: str) -> list[Markup]:
    """The excerpts that illustrate one chain step, found by the step's id."""
    evidence = evidence_of(page)
    if not evidence:
        return []
    return [artifact_block(page, a) for a in evidence.by_step.get((chain_id, step_id), ())]


def tool_evidence(page: Page, tool_id: str, shown: str = "") -> Markup | None:
    """The excerpts that show this tool at work, for its page, less those the page already
    shows in `shown` (its deep dive's chains); None when none are left."""
    evidence = evidence_of(page)
    ids = evidence.by_tool.get(tool_id, ()) if evidence else ()
    # Blocks are content-addressed placeholders, so one already on the page is found by its text.
    blocks = [block for block in (artifact_block(page, a) for a in ids) if block not in shown]
    return Markup("").join(blocks) if blocks else None


READINGS = {  # what a concept page may ask of a capture: the run's field and how it reads
    "l2": ("l2_cache_bytes", lambda v: f"{v / 2**20:g} MiB"),
    "sm-count": ("sm_count", lambda v: f"{v}"),
}


def measured_gpu(page: Page, reading: str, gpu: str) -> str:
    """A value the GPU reported in a capture (its L2 size, its SM count), for a page where the docs
    give none; or the words saying that GPU is not captured yet."""
    evidence = evidence_of(page)
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


def _step_number(page: Page, chain_id: str, step_id: str) -> int:
    """Where a step stands in its chain today, for readers (evidence names it by id)."""
    return next(n for n, step in enumerate(page.model.chains[chain_id].steps, start=1) if step.id == step_id)


def method(page: Page) -> Markup:
    """How the measurements and excerpts were made: schedule, timers, spread, limits, provenance."""
    gelu = evidence_of(page).gelu
    artifacts = [
        {
            "title": inline_html(words(page, a.id)),
            "producer": a.producer,
            "href": page.site_file(EXCERPTS + a.excerpt_file.removeprefix("excerpts/")),
            "chains": [
                chain_link(page, ref.chain) | {"step": _step_number(page, ref.chain, ref.step)} for ref in a.refs
            ],
        }
        for a in evidence_of(page).artifacts
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
    toolkits = evidence_of(page).toolkits
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
