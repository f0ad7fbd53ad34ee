"""`make` checks the interpreter before anything else and explains a missing or too-old one in one line."""

from __future__ import annotations

import os
import subprocess

from conftest import ROOT


def make(tmp_path, python: str) -> subprocess.CompletedProcess:
    # As a user runs it: not inside another make (`make test` would pass its flags down).
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    command = ["make", "-s", "--no-print-directory", "-C", str(ROOT), "python", f"PYTHON={python}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)


def test_a_too_old_python_gets_one_line_saying_what_to_install(tmp_path):
    # An interpreter that answers like Python 3.9 would (the check asks it two questions).
    old = tmp_path / "python3.9"
    old.write_text(
        '#!/bin/sh\ncase "$2" in *platform*) echo 3.9.2 ;; *) exit 1 ;; esac\n',
        encoding="utf-8",
    )
    old.chmod(0o755)
    done = make(tmp_path, str(old))
    assert done.returncode != 0
    message = done.stderr.strip().splitlines()
    assert len(message) == 2 and message[1].startswith("make: ***"), done.stderr  # ours, then make's own
    assert "Python 3.9.2" in message[0] and "needs Python 3.11 or newer" in message[0]
    assert "apt-get install" in message[0]


def test_a_missing_python_is_named(tmp_path):
    done = make(tmp_path, str(tmp_path / "no-such-python"))
    assert done.returncode != 0
    assert "install Python 3.11 or newer" in done.stderr.splitlines()[0]


def test_the_supported_python_passes_the_check(tmp_path):
    import sys

    assert make(tmp_path, sys.executable).returncode == 0
