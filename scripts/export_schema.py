"""Write data/schema/<file>.schema.json for every data file (editors read these)."""

from __future__ import annotations

from macros.core.data.records import FILES
from macros.core.data.schema import schema_text

from .common import OK, ROOT


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    folder = ROOT / "data" / "schema"
    folder.mkdir(parents=True, exist_ok=True)
    for stem in FILES:
        (folder / f"{stem}.schema.json").write_text(schema_text(stem), encoding="utf-8")
    print(f"wrote {len(FILES)} schemas to {folder.relative_to(ROOT)}/")
    return OK
