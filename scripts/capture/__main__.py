"""Command line: `gpu OUTDIR` on a GPU machine, `cpu` and `import ARCHIVE` anywhere, `check` to validate."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one step."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python3 -m scripts.capture")
    steps = parser.add_subparsers(dest="step", required=True)
    gpu = steps.add_parser("gpu", help="measure every path and capture compiler output (GPU machine)")
    gpu.add_argument("outdir", type=Path)
    gpu.add_argument("--only", nargs="*", help="worker names to run (default: all)")
    worker = steps.add_parser("gpu-worker", help=argparse.SUPPRESS)
    worker.add_argument("name")
    worker.add_argument("outdir", type=Path)
    worker.add_argument("--round", type=int, default=1)
    cpu = steps.add_parser("cpu", help="build the CUDA toolkit x architecture table from PyPI wheels")
    cpu.add_argument("--data", type=Path, default=ROOT / "data" / "evidence")
    cpu.add_argument("--wheels", type=Path, help="folder of already downloaded wheels (skips pip download)")
    imp = steps.add_parser("import", help="turn a GPU capture (folder or .tgz) into data/evidence")
    imp.add_argument("archive", type=Path)
    imp.add_argument("--data", type=Path, default=ROOT / "data" / "evidence")
    check = steps.add_parser("check", help="validate data/evidence against chains.yaml and tools.yaml")
    check.add_argument("--data", type=Path, default=ROOT / "data")
    args = parser.parse_args(argv)

    if args.step == "gpu":
        from .gpu import run_orchestrator

        return run_orchestrator(args.outdir.resolve(), argv, args.only)
    if args.step == "gpu-worker":
        from .gpu import run_worker

        return run_worker(args.name, args.outdir.resolve(), args.round)
    if args.step == "cpu":
        from .toolkits import run_cpu

        return run_cpu(args.data, args.wheels, argv)
    if args.step == "import":
        from .importer import run_import

        return run_import(args.archive, args.data, ROOT / "data", argv)
    from macros.core.data.evidence import print_problems
    from macros.core.data.model import check_evidence

    return print_problems(check_evidence(args.data / "evidence", args.data))


if __name__ == "__main__":
    sys.exit(main())
