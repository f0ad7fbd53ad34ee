"""Turn the AMD compile folder (amd_compile.py) into data/evidence/amd-compile.yaml and its excerpts.

Which lines prove each point is fixed here by pattern; what each excerpt is bound to (chain steps,
tools, the tool that made it) is data/measurements.yaml, as for the GPU capture's excerpts.
"""

from __future__ import annotations

import json
from pathlib import Path

from macros.core.data.loading import link, parse

from . import excerpts, hostinfo, yamlout
from .catalog import ArtifactSpec
from .importer import excerpt_entry

FILE = "amd-compile.yaml"
# Triton's gfx942 stages beside its sm_90 ones, then the HIP kernel through clang.
ARTIFACTS: tuple[ArtifactSpec, ...] = (
    ArtifactSpec(
        "gfx942-triton-ttgir",
        "triton-gfx942-ttgir",
        "triton-ttgir",
        (r"#mma = #ttg\.amd_mfma", r'ttg\.target = "hip:gfx942"', r"tt\.dot"),
    ),
    ArtifactSpec(
        "gfx942-triton-llvm-ir",
        "triton-gfx942-llir",
        "llvm-ir",
        (r"^target triple", r"define amdgpu_kernel", r"llvm\.amdgcn\.mfma"),
    ),
    ArtifactSpec(
        "gfx942-triton-amdgcn",
        "triton-gfx942-amdgcn",
        "amdgcn",
        (r"\.amdgcn_target", r"v_mfma_f32_32x32x8", r"\.amdhsa_code_object_version", r"\.vgpr_count"),
    ),
    ArtifactSpec("gfx942-triton-hsaco", "triton-gfx942-hsaco", "hsaco", (r"e_machine", r"\.text", r"FUNC")),
    ArtifactSpec(
        "sm90-cpu-triton-ttgir",
        "triton-sm90-ttgir",
        "triton-ttgir",
        (r"#mma = #ttg\.nvidia_mma", r'ttg\.target = "cuda:90"', r"warp_group_dot\b"),
    ),
    ArtifactSpec("sm90-cpu-triton-ptx", "triton-sm90-ptx", "ptx", (r"^\.target", r"wgmma\.fence", r"wgmma\.mma_async")),
    ArtifactSpec("sm90-cpu-triton-sass", "triton-sm90-sass", "sass", (r"LDG\.E", r"HGMMA", r"EXIT")),
    ArtifactSpec(
        "gfx942-hip-llvm-ir", "hip-gfx942-llvm-ir", "llvm-ir", (r"^target triple", r"amdgpu_kernel", r"llvm\.exp\.f32")
    ),
    ArtifactSpec(
        "gfx942-hip-amdgcn",
        "hip-gfx942-amdgcn",
        "amdgcn",
        (r"\.amdgcn_target", r"global_load_dword", r"v_exp_f32", r"s_endpgm"),
    ),
)


def build(folder: Path, data_dir: Path) -> tuple[dict, dict[str, str], list[str]]:
    """The evidence file's data, the excerpt files to write, and warnings for patterns that found nothing."""
    model = link(parse(data_dir))[0]
    manifest = json.loads((folder / "manifest.json").read_text())
    entries, files, warnings = [], {}, []
    for spec in ARTIFACTS:
        raw = excerpts.project_relative((folder / f"{spec.source}.txt").read_text())
        meta = json.loads((folder / f"{spec.source}.meta.json").read_text())
        proof = excerpts.proof_excerpt(raw, spec.patterns)
        full = excerpts.file_excerpt(raw, spec.patterns)
        if proof.missing:
            warnings.append(f"{spec.id}: no line matched {', '.join(proof.missing)}")
        bound = model.measurements[spec.id]
        file_name = f"excerpts/{spec.id}.txt"
        files[file_name] = full.text
        entries.append(excerpt_entry(spec, bound, meta["producer"], meta["command"], raw, proof, full, file_name))
    code = sorted((Path(__file__).parent).glob("amd_*.py")) + [Path(__file__).parent / "kernels" / "gemm_bias_gelu.hip"]
    run = {
        "date": manifest["date"],
        "command": manifest["command"],
        "host": manifest["host"],
        "python": manifest["python"],
        "versions": manifest["versions"],
        "targets": {name: " ".join(str(part) for part in target) for name, target in manifest["targets"].items()},
        "capture_code_sha256": hostinfo.sha256_text("".join(p.read_text() for p in code)),
    }
    return {"schema": 1, "run": run, "artifacts": entries}, files, warnings


def run_amd_import(folder: Path, evidence_dir: Path, data_dir: Path) -> int:
    """Write data/evidence/amd-compile.yaml and excerpts/amd-*.txt from one compile folder."""
    data, files, warnings = build(folder, data_dir)
    for name, text in files.items():
        (evidence_dir / name).write_text(text, encoding="utf-8")
    yamlout.write(evidence_dir / FILE, data, "amd")
    for warning in warnings:
        print(f"warning: {warning}")
    print(f"wrote {evidence_dir / FILE} and {len(files)} excerpts")
    return 0
