"""Fixtures for the capture program's unit tests: saved real output, no torch, no GPU."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SAMPLES = Path(__file__).resolve().parent / "samples"


@pytest.fixture
def sample():
    """Read one saved sample by file name."""
    return lambda name: (SAMPLES / name).read_text(encoding="utf-8")
