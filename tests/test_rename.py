"""Renaming a tool id: `make validate` lists every place the old id is still written (data, evidence,
fact checks, page shells, mkdocs.yml) in one run, and fixing exactly those leaves a site that builds.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import SMALL_SITE_URL

from macros.core.data.shell_references import Shells, written_in

LISTED = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<context>[^:\n]*): .*?unknown [a-z ]+ '(?P<id>[^']+)'", re.M
)


def validate(project: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "scripts", "validate", "--quiet-warnings"]
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=120)


def fix(project: Path, listed: list[re.Match], old: str, new: str) -> None:
    """Write `new` for `old` at each listed place, as a contributor would; file names last."""
    word = re.compile(r"(?<![\w-])" + re.escape(old) + r"(?![\w-])")
    for place in sorted(listed, key=lambda match: match["context"] == "file name"):
        path = project / place["file"]
        if place["context"] == "file name":
            path.rename(path.with_name(path.name.replace(old, new, 1)))
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        number, column = int(place["line"]) - 1, int(place["column"]) - 1
        found = word.search(lines[number], max(0, column - 1))
        assert found, f"{place.group(0)}: '{old}' is not at the place listed"
        lines[number] = lines[number][: found.start()] + new + lines[number][found.end() :]
        path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.build
def test_renaming_a_tool_and_fixing_what_validate_lists_leaves_a_site_that_builds(tmp_path, small_site):
    # The small fixture project: the rename reaches the same kinds of places, and it builds in seconds.
    project = tmp_path / "project"
    shutil.copytree(small_site.project, project)
    # The tool the page shells name most often: the rename reaches data, shells and mkdocs.yml.
    written = Counter(w.value for w in written_in(Shells.of(project / "mkdocs.yml")) if w.target.collection == "tools")
    old = written.most_common(1)[0][0]
    new = f"{old}-renamed"
    tools = project / "data" / "tools.yaml"
    tools.write_text(tools.read_text(encoding="utf-8").replace(f"- id: {old}\n", f"- id: {new}\n", 1), encoding="utf-8")

    first = validate(project)
    listed = list(LISTED.finditer(first.stdout + first.stderr))
    assert first.returncode == 1 and listed, first.stdout + first.stderr
    assert {place["id"] for place in listed} == {old}, "only the renamed id is reported"
    assert {place["file"].split("/")[0] for place in listed} >= {"data", "docs", "mkdocs.yml"}
    fix(project, listed, old, new)
    second = validate(project)
    assert second.returncode == 0, "one run of validate lists every place:\n" + second.stdout + second.stderr

    site = tmp_path / "site"
    env = {**os.environ, "GSM_CACHE_DIR": str(small_site.cache), "SITE_URL": SMALL_SITE_URL, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "scripts", "build", "--no-print", "-d", str(site)]
    built = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    for language_root in (site, site / "en"):
        assert (language_root / "tools" / new / "index.html").exists()
        assert not (language_root / "tools" / old).exists()
