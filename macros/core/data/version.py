"""The site's version and date: derived from the data and the commit, never from the clock.

Two builds of the same commit print the same version and date (reproducible output).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from ..settings import environment


def data_version(data_dir: Path) -> str:
    """A short hash of every data file's bytes: changes exactly when the data changes."""
    digest = hashlib.sha256()
    for path in sorted(Path(data_dir).glob("*.yaml")):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()[:10]


def commit_epoch(project: Path) -> str:
    """Seconds since the epoch of the last commit ("" outside a git checkout)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(project), "log", "-1", "--format=%ct"], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def source_date(project: Path, epoch: str | None = None) -> str:
    """`epoch`, else SOURCE_DATE_EPOCH, else the last commit's date, as YYYY-MM-DD (UTC)."""
    epoch = epoch or os.environ.get(environment.SOURCE_DATE_EPOCH) or commit_epoch(project)
    if not epoch:
        return "unreleased"
    return datetime.fromtimestamp(int(epoch), tz=UTC).strftime("%Y-%m-%d")
