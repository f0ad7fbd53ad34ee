"""Write data/schema/<file>.schema.json for every data file (editors read these)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from macros.records import FILES  # noqa: E402
from macros.schema import schema_text  # noqa: E402


def main() -> int:
    folder = ROOT / "data" / "schema"
    folder.mkdir(parents=True, exist_ok=True)
    for stem in FILES:
        (folder / f"{stem}.schema.json").write_text(schema_text(stem), encoding="utf-8")
    print(f"wrote {len(FILES)} schemas to {folder.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
