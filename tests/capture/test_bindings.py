"""The capture names no tool, chain or step: what each excerpt and measured path is bound to is data
(data/measurements.yaml), checked like every other id, and the committed evidence agrees with it."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from macros.core.data.loading import load
from scripts.capture import catalog

ROOT = Path(__file__).resolve().parents[2]
MODEL = load(ROOT / "data")


def test_the_capture_catalog_holds_sources_and_proofs_only():
    assert [f.name for f in fields(catalog.ArtifactSpec)] == [
        "id", "source", "kind", "patterns", "context", "sass", "facts"
    ]  # fmt: skip


def test_every_excerpt_the_capture_writes_is_bound_in_the_data():
    for spec in catalog.ARTIFACTS:
        words = MODEL.measurements[spec.id]
        assert words.kind == "excerpt" and words.made_by and words.tools, spec.id


def test_the_committed_evidence_agrees_with_the_bindings():
    # The import copies the bindings into the evidence; a binding edited since then needs a re-import.
    for artifact in MODEL.evidence.artifacts:
        bound = MODEL.measurements[artifact.id]
        assert [(ref.chain, ref.step) for ref in artifact.refs] == [(s.chain, s.step) for s in bound.steps], artifact.id
        assert list(artifact.tools) == bound.tools and artifact.producer_tool == bound.made_by, artifact.id
    for path in MODEL.evidence.gelu.paths:
        bound = MODEL.measurements[path.id]
        assert path.chain == bound.chain and list(path.tools) == bound.tools, path.id
