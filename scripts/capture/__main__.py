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
    amd = steps.add_parser(
        "amd", help="compile the Triton and HIP kernels for AMD gfx942 (and sm_90) on a CPU, then import"
    )
    amd.add_argument("--out", type=Path, default=ROOT / ".cache" / "amd-compile")
    amd.add_argument("--data", type=Path, default=ROOT / "data" / "evidence")
    amd.add_argument(
        "--only", dest="step_only", choices=("compile", "import"), help="one half only (compile needs Triton and clang)"
    )
    imp = steps.add_parser(
        "import", help="turn GPU captures (folders or .tgz, one per GPU; the first is shown in full) into data/evidence"
    )
    imp.add_argument(
        "archives", type=Path, nargs="*", help="default: the archives in ../shared/captures/, newest first"
    )
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
    if args.step == "amd":
        if args.step_only != "import":
            from .amd_compile import run_amd_compile

            if run_amd_compile(args.out.resolve(), argv):
                return 1
        if args.step_only != "compile":
            from .amd_import import run_amd_import

            return run_amd_import(args.out.resolve(), args.data, ROOT / "data")
        return 0
    if args.step == "import":
        from .importer import run_import, shared_archives

        archives = args.archives or shared_archives(ROOT.parent / "shared" / "captures")
        if not archives:
            print(
                "no capture archive given and none in ../shared/captures/: the pages keep saying what is not captured yet"
            )
            return 2
        return run_import(archives, args.data, ROOT / "data", argv)
    from macros.core.data.loading import check_evidence

    from .importer import print_problems

    return print_problems(check_evidence(args.data / "evidence", args.data))


if __name__ == "__main__":
    sys.exit(main())
