"""`python -m scripts print`: write the printable posters and booklets (macros/core/pipeline/pdfs.py)."""

from __future__ import annotations

from pathlib import Path

from macros.core.data.problems import DataError
from macros.core.outputs.print_sizes import size_text
from macros.core.pipeline.pdfs import write_pdfs

from .common import OK, ROOT, print_data_errors


def add_arguments(parser) -> None:
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "site" / "print", help="output folder")


def run(args) -> int:
    try:
        written = write_pdfs(args.out, ROOT / "mkdocs.yml")
    except DataError as error:
        return print_data_errors(error)
    for path in written:
        print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return OK
