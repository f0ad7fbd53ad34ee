"""Every internal link and anchor of the built site resolves (linkchecker over HTTP)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_linkchecker_finds_no_broken_link_or_anchor(built_site):
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "linkcheck.py"), str(built_site)], capture_output=True, text=True
    )
    summary = [line for line in done.stdout.splitlines() if "links in" in line]
    assert done.returncode == 0, done.stdout[-4000:]
    assert summary and "0 warnings found. 0 errors found." in summary[0]
