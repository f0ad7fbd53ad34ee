"""Putting finished files where readers get them: a whole site at once, or files one by one,
each by a rename, so a reader gets the old version or the new one, never half of one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def swap_in(staging: Path, target: Path) -> None:
    """Put the finished `staging` folder where `target` is, replacing it whole."""
    old = target.with_name(f".{target.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def publish(files: Path, site: Path) -> list[Path]:
    """Move every file under `files` to the same place under `site`, each by one rename; the
    paths moved, relative."""
    moved = []
    for path in sorted(p for p in files.rglob("*") if p.is_file()):
        relative = path.relative_to(files)
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, site / relative)
        moved.append(relative)
    return moved
