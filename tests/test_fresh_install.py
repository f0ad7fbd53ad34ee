"""Both locks install from the package index as it is today, with the oldest pip a supported platform ships.

A lock can break without any change here, when a locked package's dependency publishes a release
(pip 23 once resolved `fonttools[woff]` to a release newer than the lock and refused it in hash
mode). This test installs exactly as `make` does, into an empty environment, with no cache, so the
weekly fresh-machine workflow meets such a break before a newcomer does.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT

# The pip each supported platform ships with its Python (README names them): Debian 12's
# python3-pip, Ubuntu 24.04's, Debian 13's. An older pip does not run on a newer Python (pip 23.0
# imports what Python 3.12 removed), so each interpreter is tested with its platform's pip.
PLATFORM_PIP = {(3, 11): "23.0.1", (3, 12): "24.0", (3, 13): "25.1.1"}
OLDEST_PIP = PLATFORM_PIP.get(sys.version_info[:2], PLATFORM_PIP[max(PLATFORM_PIP)])
INSTALL = ROOT / "scripts" / "install-python-packages.sh"
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(?:[=<>!~]=?|\sfrom\s)")


def packages_named_in(pip_output: str) -> list[str]:
    """The package names pip's error lines point at (a requirement at the start of a line)."""
    after_error = pip_output[pip_output.find("ERROR") :] if "ERROR" in pip_output else pip_output
    names = [match.group(1) for line in after_error.splitlines() if (match := REQUIREMENT.match(line))]
    return list(dict.fromkeys(names))


def test_packages_named_in_picks_the_package_pip_refused():
    refused = (
        "ERROR: In --require-hashes mode, all requirements must have their versions pinned with ==. These do not:\n"
        "    fonttools[woff]>=4.59.2 from https://files.pythonhosted.org/…/fonttools-4.69.1-….whl "
        "(from weasyprint==70.0->-r requirements.txt (line 1261))\n"
    )
    assert packages_named_in(refused) == ["fonttools"]


@pytest.mark.slow
def test_both_locks_install_into_an_empty_environment_with_the_oldest_supported_pip(tmp_path):
    # This interpreter's platform pip (Debian 12's 23.0.1 for Python 3.11, where the lock broke).
    venv, wheels = tmp_path / "venv", tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # The old pip, on its own: fetched as a wheel, then run from that wheel to install itself.
    env = {**os.environ, "PIP_NO_CACHE_DIR": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    fetch = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", f"pip=={OLDEST_PIP}", "-d", str(wheels)]
    subprocess.run(fetch, check=True, env=env, capture_output=True)
    wheel = next(wheels.glob("pip-*.whl"))
    subprocess.run(
        [str(venv / "bin/python"), f"{wheel}/pip", "install", "--quiet", "--no-index", str(wheel)],
        check=True,
        env=env,
        capture_output=True,
    )
    installed = subprocess.run([str(venv / "bin/python"), "-m", "pip", "--version"], capture_output=True, text=True)
    assert installed.stdout.startswith(f"pip {OLDEST_PIP} "), installed.stdout

    done = subprocess.run(
        ["bash", str(INSTALL), str(venv), "requirements.txt", "requirements-test.txt"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, (
        f"installing the locks with pip {OLDEST_PIP} broke on {', '.join(packages_named_in(output)) or 'a package'}:\n"
        + output[-2500:]
    )
    # What the site's build and the tests need is installed (read from its metadata: importing
    # WeasyPrint would need Debian's Pango, which `make` installs before, not this environment).
    needed = ("mkdocs", "mkdocs-material", "weasyprint", "pytest", "playwright")
    check = subprocess.run(
        [
            str(venv / "bin/python"),
            "-c",
            "import sys, importlib.metadata as m; [m.version(n) for n in sys.argv[1:]]",
            *needed,
        ],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
