"""Check data/ and print every problem as file:line:column: path: message.

Exit status: 0 when the data is clean (warnings allowed), 1 when there are errors.
"""

from __future__ import annotations

import sys
from datetime import date

from macros.core.data.freshness import old_checks, unchecked
from macros.core.data.loading import display_path, load
from macros.core.data.problems import DataError
from macros.core.data.records import FILES
from macros.core.data.shell_references import Shells

from .common import OK, ROOT, add_data_option, print_data_errors


def add_arguments(parser) -> None:
    add_data_option(parser)
    parser.add_argument("--quiet-warnings", action="store_true", help="print errors only")
    parser.add_argument(
        "--unchecked",
        action="store_true",
        help="also list tools, glossary terms and chains not checked against their sources (nothing when all are)",
    )


def run(args) -> int:
    try:
        shells = Shells.of(ROOT / "mkdocs.yml")
        model = load(args.data, display_root=display_path(args.data).rstrip("/"), shells=shells)
    except DataError as error:
        return print_data_errors(error)
    # Checks over a year old depend on today's date, so they are found here and not in the build.
    warnings = list(model.warnings) + old_checks(model, date.today())
    if not args.quiet_warnings:
        for warning in warnings:
            print(warning.format(), file=sys.stderr)
    notes = unchecked(model) if args.unchecked else []
    for note in notes:
        print(note.format())
    if notes:
        print(f"{len(notes)} record(s) not yet checked against their sources, or checked without findings")
    counts = ", ".join(f"{len(getattr(model, stem))} {stem}" for stem in FILES)
    print(f"data OK: {counts} ({len(warnings)} warning(s))")
    return OK
