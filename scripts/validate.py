"""Check data/ and print every problem as file:line:column: path: message.

Exit status: 0 when the data is clean (warnings allowed), 1 when there are errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros.model import load  # noqa: E402
from macros.problems import DataError  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="data", help="data folder (default: data)")
    parser.add_argument("--quiet-warnings", action="store_true", help="print errors only")
    args = parser.parse_args(argv)
    data_dir = Path(args.data)
    try:
        model = load(data_dir, display_root=args.data.rstrip("/"))
    except DataError as error:
        for problem in error.problems:
            print(problem.format(), file=sys.stderr)
        print(f"{len(error.problems)} error(s): fix them and run `make validate` again.", file=sys.stderr)
        return 1
    if not args.quiet_warnings:
        for warning in model.warnings:
            print(warning.format(), file=sys.stderr)
    print(
        f"data OK: {len(model.layers)} layers, {len(model.tools)} tools, {len(model.chains)} chains, "
        f"{len(model.tables)} tables, {len(model.lists)} lists, {len(model.glossary)} glossary terms, "
        f"{len(model.references)} references ({len(model.warnings)} warning(s))"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
