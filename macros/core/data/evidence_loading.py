"""The committed evidence (data/evidence/), loaded once it checks, with the indexes pages need:
its excerpts by chain step and by tool, its measured paths by chain."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .evidence import AmdCompile, Artifact, Captures, GeluPaths, Hardware, Run, SoftmaxPaths, Toolkits
from .evidence_checks import StepTools, check_evidence_dir
from .problems import Problem


@dataclass(frozen=True)
class Evidence:
    """The committed evidence, parsed, with the indexes pages need."""

    folder: Path
    gelu: GeluPaths | None = None
    artifacts: tuple[Artifact, ...] = ()
    artifacts_run: Run | None = None
    toolkits: Toolkits | None = None
    by_step: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)  # (chain, step id) → artifact ids
    by_tool: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # tool id → artifact ids
    paths_by_chain: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # chain id → measured path ids
    hardware: Hardware | None = None
    softmax: SoftmaxPaths | None = None
    captures: Captures | None = None
    amd: AmdCompile | None = None  # compiled on a CPU; its artifacts are among `artifacts` too

    def artifact(self, artifact_id: str) -> Artifact:
        return next(a for a in self.artifacts if a.id == artifact_id)


def load_evidence(
    evidence_dir: Path, chain_steps: StepTools, tool_ids: set[str] | None
) -> tuple[Evidence, list[Problem]]:
    """Parse and check data/evidence/ against the model's ids; an empty Evidence when absent."""
    evidence_dir = Path(evidence_dir)
    if not evidence_dir.is_dir():
        return Evidence(evidence_dir), []
    records, problems = check_evidence_dir(evidence_dir, chain_steps, tool_ids)
    if problems:
        return Evidence(evidence_dir), problems
    gelu, artifacts, toolkits = (records.get(name) for name in ("gelu-paths.yaml", "artifacts.yaml", "toolkits.yaml"))
    amd = records.get("amd-compile.yaml")
    every = [*(artifacts.artifacts if artifacts else ()), *(amd.artifacts if amd else ())]
    by_step: dict[tuple[str, str], list[str]] = {}
    by_tool: dict[str, list[str]] = {}
    for artifact in every:
        for ref in artifact.refs:
            by_step.setdefault((ref.chain, ref.step), []).append(artifact.id)
        for tool_id in artifact.tools:
            by_tool.setdefault(tool_id, []).append(artifact.id)
    paths: dict[str, list[str]] = {}
    for row in gelu.paths if gelu else ():
        if row.chain:
            paths.setdefault(row.chain, []).append(row.id)
    return (
        Evidence(
            evidence_dir,
            gelu,
            tuple(every),
            artifacts.run if artifacts else None,
            toolkits,
            {key: tuple(ids) for key, ids in by_step.items()},
            {key: tuple(ids) for key, ids in by_tool.items()},
            {key: tuple(ids) for key, ids in paths.items()},
            records.get("hardware.yaml"),
            records.get("softmax-paths.yaml"),
            records.get("captures.yaml"),
            amd,
        ),
        [],
    )
