"""Provenance of a capture: the machine, its driver and libraries, the clock, and content hashes.

Read from the machine itself at capture time, so the committed data says where it came from.
"""

from __future__ import annotations

import hashlib
import platform
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

PACKAGES = ("torch", "triton", "jax", "jaxlib", "jax-cuda13-plugin", "cupy-cuda13x", "numba", "numpy")
CODE_DIR = Path(__file__).resolve().parent


def sha256_bytes(data: bytes) -> str:
    """Hex sha256 of bytes."""
    return hashlib.sha256(data).hexdigest()


def sha256_text(text: str) -> str:
    """Hex sha256 of text encoded as UTF-8."""
    return sha256_bytes(text.encode("utf-8"))


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    return sha256_bytes(Path(path).read_bytes())


def code_sha256() -> str:
    """One hash over the capture program's own sources, so a result names the code that made it."""
    digest = hashlib.sha256()
    for path in sorted(CODE_DIR.rglob("*")):
        if path.suffix in {".py", ".cu"} and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(CODE_DIR)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def run_text(command: list[str], timeout: float = 60) -> tuple[int, str]:
    """Run a command, return (exit code, stdout+stderr); never raises."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        return done.returncode, (done.stdout + done.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as error:
        return -1, f"{type(error).__name__}: {error}"


def find_tool(name: str) -> str | None:
    """A CUDA tool on PATH or in the usual toolkit folder."""
    found = shutil.which(name)
    if found:
        return found
    for folder in ("/usr/local/cuda/bin", "/usr/local/cuda-13.0/bin", "/opt/nvidia/nsight-compute/2025.3.1"):
        candidate = Path(folder) / name
        if candidate.exists():
            return str(candidate)
    return None


def package_versions() -> dict[str, str | None]:
    """Installed versions of the libraries the paths use (None when absent)."""
    versions: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def gpu_query() -> dict[str, str]:
    """GPU name, driver, memory, compute capability, clocks, temperature and power as nvidia-smi
    reports them (read only: nothing here changes a setting)."""
    fields = "name,driver_version,memory.total,compute_cap,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw,power.limit"
    code, text = run_text(["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader"])
    if code != 0 or not text:
        return {"error": text}
    values = [value.strip() for value in text.splitlines()[0].split(",")]
    return dict(zip(fields.split(","), values, strict=False))


def collect(argv: list[str]) -> dict:
    """Everything that says where and when a capture ran, as plain data."""
    nvcc = find_tool("nvcc")
    nvcc_version = run_text([nvcc, "--version"])[1].splitlines()[-2:] if nvcc else ["nvcc not found"]
    code, smi = run_text(["nvidia-smi"])
    cuda_line = next((line for line in smi.splitlines() if "CUDA Version" in line), "")
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": "python3 -m scripts.capture " + " ".join(argv),
        "gpu": gpu_query(),
        "nvidia_smi_header": cuda_line.strip(" |"),
        "nvcc": " ".join(nvcc_version),
        "tools": {name: find_tool(name) for name in ("nvcc", "cuobjdump", "nvdisasm", "ncu", "nsys")},
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "packages": package_versions(),
        "capture_code_sha256": code_sha256(),
    }
