"""What every verb of the command line shares: exit codes, the project's paths, data errors."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OK, FAILED, USAGE = 0, 1, 2  # exit codes: success; the work failed (bad data, broken link …); bad arguments


def print_data_errors(error, hint: str = "fix them and run `make validate` again.") -> int:
    """Print a DataError's problems as file:line:column lines; returns FAILED."""
    for problem in error.problems:
        print(problem.format(), file=sys.stderr)
    print(f"{len(error.problems)} error(s): {hint}", file=sys.stderr)
    return FAILED


def add_data_option(parser, default: Path = ROOT / "data") -> None:
    parser.add_argument("--data", type=Path, default=default, help="data folder (default: data)")
