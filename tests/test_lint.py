"""The Python code stays ruff-clean (lint and format), as the house style asks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT

RUFF = Path(sys.executable).parent / "ruff"


def test_ruff_finds_nothing_to_fix():
    done = subprocess.run([str(RUFF), "check", "macros", "scripts", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_code_is_formatted():
    done = subprocess.run(
        [str(RUFF), "format", "--check", "macros", "scripts", "tests"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:]
