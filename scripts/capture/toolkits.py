"""The CUDA toolkit x GPU architecture table, read from what each toolkit itself accepts.

`ptxas --help` lists its `--gpu-name` values (11.8 and 12.9 ship only ptxas on PyPI);
13.x ships nvcc, whose `--list-gpu-arch` / `--list-gpu-code` list the targets. No GPU needed.
"""

from __future__ import annotations

import re
import stat
import subprocess
import sys
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from . import hostinfo, yamlout

# (toolkit id, pip requirement, tool inside the wheel, arguments whose output lists the targets)
TOOLKITS: tuple[tuple[str, str, str, tuple[tuple[str, ...], ...]], ...] = (
    ("cuda-11.8", "nvidia-cuda-nvcc-cu11==11.8.89", "ptxas", (("--help",),)),
    ("cuda-12.9", "nvidia-cuda-nvcc-cu12==12.9.86", "ptxas", (("--help",),)),
    ("cuda-13.0", "nvidia-cuda-nvcc==13.0.88", "nvcc", (("--list-gpu-arch",), ("--list-gpu-code",))),
    ("cuda-13.5", "nvidia-cuda-nvcc==13.5.37", "nvcc", (("--list-gpu-arch",), ("--list-gpu-code",))),
)

TARGET = re.compile(r"^(compute|sm|lto)_(\d+)([af]?)$")

NAME_SOURCES = (
    {
        "id": "cuda-programming-guide",
        "url": "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capability",
        "says": "Major revision 9 is Hopper, 8 Ampere, 7 Volta, 6 Pascal, 5 Maxwell, 3 Kepler; Turing is compute capability 7.5.",
    },
    {
        "id": "cuda-gpus",
        "url": "https://developer.nvidia.com/cuda-gpus",
        "says": "8.9 lists Ada GPUs (RTX 6000 Ada, L4, L40); 12.0 lists RTX PRO Blackwell and GeForce RTX 50; 12.1 GB10; 10.3 B300; 10.0 B200; 11.0 Jetson T5000/T4000 (no architecture named).",
    },
    {
        "id": "blackwell-compatibility-guide",
        "url": "https://docs.nvidia.com/cuda/blackwell-compatibility-guide",
        "says": "Building CUDA applications for NVIDIA Blackwell architecture based GPUs (compute capability 10.x and 12.x).",
    },
)

# Compute capability -> (architecture, source id). Unlisted ones stay unnamed rather than guessed.
ARCH_NAMES: dict[int, tuple[str, str]] = {
    **{sm: ("Kepler", "cuda-programming-guide") for sm in (30, 32, 35, 37)},
    **{sm: ("Maxwell", "cuda-programming-guide") for sm in (50, 52, 53)},
    **{sm: ("Pascal", "cuda-programming-guide") for sm in (60, 61, 62)},
    **{sm: ("Volta", "cuda-programming-guide") for sm in (70, 72)},
    75: ("Turing", "cuda-programming-guide"),
    **{sm: ("Ampere", "cuda-programming-guide") for sm in (80, 86, 87)},
    89: ("Ada", "cuda-gpus"),
    90: ("Hopper", "cuda-programming-guide"),
    100: ("Blackwell", "blackwell-compatibility-guide"),
    103: ("Blackwell", "blackwell-compatibility-guide"),
    120: ("Blackwell", "cuda-gpus"),
    121: ("Blackwell", "blackwell-compatibility-guide"),
}


def parse_ptxas_gpu_names(help_text: str) -> list[str]:
    """The values ptxas --help lists as allowed for --gpu-name."""
    start = help_text.find("--gpu-name")
    if start < 0:
        raise ValueError("no --gpu-name option in this help text")
    section = help_text[start:]
    allowed = section.find("Allowed values for this option:")
    if allowed < 0:
        raise ValueError("--gpu-name lists no allowed values")
    end = section.find("Default value", allowed)
    values = re.findall(r"'([a-z]+_\d+[a-z]?)'", section[allowed : end if end > 0 else None])
    if not values:
        raise ValueError("--gpu-name allowed values are empty")
    return values


def parse_gpu_list(text: str) -> list[str]:
    """Target names, one a line, as nvcc --list-gpu-arch / --list-gpu-code print them."""
    return [line.strip() for line in text.splitlines() if TARGET.match(line.strip())]


def split_target(name: str) -> tuple[str, int, str]:
    """'sm_90a' -> ('sm', 90, 'a')."""
    match = TARGET.match(name)
    if not match:
        raise ValueError(f"not a GPU target name: {name!r}")
    return match.group(1), int(match.group(2)), match.group(3)


def compute_capability(sm: int) -> str:
    """90 -> '9.0', 121 -> '12.1'."""
    return f"{sm // 10}.{sm % 10}"


def architecture_rows(accepted: dict[str, list[str]]) -> list[dict]:
    """One row per sm number: its name and, per toolkit, the target names that toolkit accepts."""
    numbers = sorted({split_target(name)[1] for names in accepted.values() for name in names})
    rows = []
    for sm in numbers:
        name, source = ARCH_NAMES.get(sm, (None, None))
        per_toolkit = {
            toolkit: yamlout.InlineList(sorted((n for n in names if split_target(n)[1] == sm), key=_order))
            for toolkit, names in accepted.items()
        }
        rows.append(
            {
                "sm": sm,
                "compute_capability": compute_capability(sm),
                "name": name,
                "name_source": source,
                "accepted": per_toolkit,
            }
        )
    return rows


def _order(name: str) -> tuple:
    kind, sm, suffix = split_target(name)
    return ({"sm": 0, "compute": 1, "lto": 2}[kind], sm, suffix)


def _download(requirement: str, folder: Path) -> Path:
    before = set(folder.glob("*.whl"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-q",
            "-d",
            str(folder),
            requirement,
        ],
        check=True,
    )
    fresh = set(folder.glob("*.whl")) - before
    name, version = requirement.split("==")
    wanted = name.replace("-", "_") + "-" + version
    return next(iter(fresh), None) or next(p for p in folder.glob("*.whl") if p.name.startswith(wanted))


def _extract(wheel: Path, tool: str, folder: Path) -> Path:
    with zipfile.ZipFile(wheel) as archive:
        members = [m for m in archive.namelist() if "/bin/" in m]
        archive.extractall(folder, members)
    exe = next(p for p in folder.rglob(tool) if p.parent.name == "bin")
    for binary in exe.parent.iterdir():
        if binary.is_file():
            binary.chmod(binary.stat().st_mode | stat.S_IEXEC)
    return exe


def run_cpu(evidence_dir: Path, wheels: Path | None, argv: list[str]) -> int:
    """Download (or reuse) the toolkit wheels, ask each what it targets, write toolkits.yaml."""
    accepted, toolkits = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        folder = wheels or Path(tmp) / "wheels"
        folder.mkdir(parents=True, exist_ok=True)
        for toolkit_id, requirement, tool, queries in TOOLKITS:
            name, version = requirement.split("==")
            wheel = next(
                (p for p in folder.glob("*.whl") if p.name.startswith(name.replace("-", "_") + "-" + version + "-")),
                None,
            )
            wheel = wheel or _download(requirement, folder)
            exe = _extract(wheel, tool, Path(tmp) / toolkit_id)
            outputs = []
            for query in queries:
                done = subprocess.run([str(exe), *query], capture_output=True, text=True, check=True)
                outputs.append(done.stdout)
            if tool == "ptxas":
                names = parse_ptxas_gpu_names(outputs[0])
            else:
                names = [n for out in outputs for n in parse_gpu_list(out)]
            accepted[toolkit_id] = sorted(set(names), key=_order)
            toolkits.append(
                {
                    "id": toolkit_id,
                    "version": version,
                    "package": requirement,
                    "wheel_sha256": hostinfo.sha256_file(wheel),
                    "query": " ; ".join(f"{tool} {' '.join(q)}" for q in queries),
                    "help_sha256": hostinfo.sha256_text("".join(outputs)),
                }
            )
    data = {
        "schema": 1,
        "generated": {
            "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            # The wheels' folder is a detail of one machine; the command that matters is the verb.
            "command": "python3 -m scripts.capture " + " ".join(a for a in argv if a != "--wheels" and "/" not in a),
            "note": "sm_XX: native code (cubin); compute_XX: PTX; lto_XX: LTO-IR; an 'a' suffix is architecture-specific, 'f' family-specific.",
        },
        "name_sources": list(NAME_SOURCES),
        "toolkits": toolkits,
        "architectures": architecture_rows(accepted),
    }
    yamlout.write(evidence_dir / "toolkits.yaml", data, "cpu")
    print(
        f"wrote {evidence_dir / 'toolkits.yaml'}: {len(data['architectures'])} architectures x {len(toolkits)} toolkits"
    )
    return 0
