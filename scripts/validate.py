"""Check data/ and print every problem as file:line:column: path: message.

Exit status: 0 when the data is clean (warnings allowed), 1 when there are errors.
"""

from __future__ import annotations

import sys

from macros.core.model import display_path, load
from macros.core.problems import DataError

from .common import OK, add_data_option, print_data_errors


def add_arguments(parser) -> None:
    add_data_option(parser)
    parser.add_argument("--quiet-warnings", action="store_true", help="print errors only")


def run(args) -> int:
    try:
        model = load(args.data, display_root=display_path(args.data).rstrip("/"))
    except DataError as error:
        return print_data_errors(error)
    if not args.quiet_warnings:
        for warning in model.warnings:
            print(warning.format(), file=sys.stderr)
    print(
        f"data OK: {len(model.layers)} layers, {len(model.tools)} tools, {len(model.chains)} chains, "
        f"{len(model.tables)} tables, {len(model.lists)} lists, {len(model.glossary)} glossary terms, "
        f"{len(model.references)} references ({len(model.warnings)} warning(s))"
    )
    return OK
