"""The engine check's parts that need no build: which engine the adapter picks, the lock it
installs in place of MkDocs's, and the comparison that lets through only explained differences.

`make engine-check` itself makes an environment and two full builds (minutes), so it runs weekly
in CI (.github/workflows/engine-check.yml), not here.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from macros.adapter import engine
from scripts.engine_check import (
    EXPLANATIONS,
    PROPERDOCS,
    PROPERDOCS_HASHES,
    CheckError,
    requirements_with_properdocs,
)
from scripts.site_compare import compare_sites

PAGE = (
    '<html><head><meta name="generator" content="mkdocs-{engine}, mkdocs-material-9.8.2">'
    "<title>Triton</title></head><body><h1>{title}</h1></body></html>"
)


def write(folder, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def locked_names(lock: str) -> set[str]:
    return set(re.findall(r"^([a-z0-9][a-z0-9._-]*)==", lock, flags=re.M))


def test_the_project_environment_builds_with_the_locked_mkdocs():
    lock = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert engine.NAME == "mkdocs" and re.search(rf"^mkdocs=={re.escape(engine.VERSION)} ", lock, flags=re.M)


def test_the_lock_swaps_mkdocs_for_hashed_properdocs_and_keeps_everything_else():
    lock = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    swapped = requirements_with_properdocs(lock)
    assert locked_names(swapped) == locked_names(lock) - {"mkdocs"} | {"properdocs"}
    line = next(line for line in swapped.splitlines() if line.startswith("properdocs=="))
    assert line.startswith(PROPERDOCS + " ") and all(f"--hash={digest}" in line for digest in PROPERDOCS_HASHES)


def test_a_lock_without_mkdocs_is_refused_with_a_message():
    with pytest.raises(CheckError, match="no single `mkdocs==` entry"):
        requirements_with_properdocs("jinja2==3.1.6 \\\n    --hash=sha256:00\n")


def test_pages_that_differ_only_in_the_engine_name_are_explained(tmp_path):
    ours = write(tmp_path / "mkdocs", {"tools/triton/index.html": PAGE.format(engine="1.6.1", title="Triton")})
    theirs = write(
        tmp_path / "properdocs", {"tools/triton/index.html": PAGE.format(engine="ProperDocs 1.6.7", title="Triton")}
    )
    comparison = compare_sites(ours, theirs, EXPLANATIONS)
    assert comparison.identical
    assert comparison.explained == {"the generator meta tag": ["tools/triton/index.html"]}


def test_a_changed_heading_or_a_missing_file_is_unexplained_and_shown(tmp_path):
    ours = write(
        tmp_path / "mkdocs",
        {"index.html": PAGE.format(engine="1.6.1", title="GPU Stack Map"), "sitemap.xml": "<urlset/>"},
    )
    theirs = write(tmp_path / "properdocs", {"index.html": PAGE.format(engine="ProperDocs 1.6.7", title="GPU Map")})
    comparison = compare_sites(ours, theirs, EXPLANATIONS)
    assert not comparison.identical
    assert comparison.only_in_first == ["sitemap.xml"] and comparison.only_in_second == []
    [difference] = comparison.unexplained
    assert difference.path == "index.html"
    assert "<h1>GPU Stack Map" in difference.ours and "<h1>GPU Map" in difference.theirs
