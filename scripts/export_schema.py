"""Write data/schema/*.schema.json, the schema of every data file an editor opens (editors read these)."""

from __future__ import annotations

from macros.core.data.schema import dumps, schemas

from .common import OK, ROOT


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    folder = ROOT / "data" / "schema"
    folder.mkdir(parents=True, exist_ok=True)
    written = schemas()
    for name, schema in written.items():
        (folder / name).write_text(dumps(schema), encoding="utf-8")
    print(f"wrote {len(written)} schemas to {folder.relative_to(ROOT)}/")
    return OK
