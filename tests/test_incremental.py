"""An incremental build is never stale: after each kind of edit, the site built from the last
build's cache is byte-identical to a clean build of the same inputs.

One project copy is edited in turn: one field of one record, a layer name that every page's
stack shows, an interface word, a template, a chain step that a path-finder route and an embed
page show, a fact-check finding, an evidence file, a new record (a page more). After each edit the copy is built twice: from
the cache every earlier build of the copy filled (incremental), and from an empty cache (clean;
it is given the diagram cache only, whose SVGs are named by their DOT text, so it re-renders
every page without re-running `dot` for unchanged diagrams). Each edit must change some file of
the clean site (but the finding: no page shows findings), so no edit passes by changing nothing.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import picks
import pytest
from test_rename import copy_project

from macros.core.data.routes import routes_from


def build(project: Path, site: Path, cache: Path, url: str) -> None:
    env = {**os.environ, "GSM_CACHE_DIR": str(cache), "SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("GSM_DATA_DIR", None)
    command = [sys.executable, "-m", "scripts", "build", "--no-print", "-d", str(site)]
    done = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]


def differences(first: Path, second: Path) -> list[str]:
    """Every file that differs between two site folders, or is in one only."""

    def files(folder: Path) -> set[str]:
        return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}

    ours, theirs = files(first), files(second)
    common = sorted(ours & theirs)
    _same, differ, errors = filecmp.cmpfiles(first, second, common, shallow=False)
    return sorted((ours ^ theirs) | set(differ) | set(errors))


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def a_field(project: Path) -> None:
    tool = picks.a_tool()
    replace_once(project / "data" / "tools.yaml", tool.summary.en, tool.summary.en + " (edited)")


def a_layer_name(project: Path) -> None:
    layer = picks.a_layer()
    replace_once(project / "data" / "layers.yaml", f"en: {layer.name.en}", f"en: {layer.name.en} (edited)")


def a_ui_word(project: Path) -> None:
    # The label of the tool card's summary row: on every tool page, in English only.
    replace_once(project / "macros" / "core" / "settings" / "ui.py", '"en": "In one line"', '"en": "In a line"')


def a_template(project: Path) -> None:
    replace_once(project / "macros" / "templates" / "_edit.html", "<a ", '<a data-edited="yes" ')


def a_route_step(project: Path) -> None:
    route = routes_from(picks.model(), picks.a_starting_point())[0]
    chains = project / "data" / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    step = next(s for leg in route.legs for s in leg.steps if s.text.en and text.count(s.text.en) == 1)
    replace_once(chains, step.text.en, step.text.en + " (edited)")


def a_finding(project: Path) -> None:
    replace_once(project / "data" / "checks" / "tools-0.yaml", "    claim: ", "    claim: (edited) ")


def an_evidence_file(project: Path) -> None:
    replace_once(
        project / "data" / "evidence" / "gelu-paths.yaml", "  gpu: NVIDIA H200\n", "  gpu: NVIDIA H200 (edited)\n"
    )


def a_new_record(project: Path) -> None:
    # A tool added as a contributor adds one (README's recipe starts with `make new-tool`, then
    # fills in its empty texts): a page more, and a name more in its layer's lists.
    command = [sys.executable, "-m", "scripts", "new-tool", "incremental-probe", picks.a_layer().id]
    done = subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    tools = project / "data" / "tools.yaml"
    text = tools.read_text(encoding="utf-8")
    start = text.index("  - id: incremental-probe\n")
    record = text[start:].replace('zh: ""', 'zh: "探针"').replace('en: ""', 'en: "A probe"')
    tools.write_text(text[:start] + record, encoding="utf-8")


# (what, the edit, whether the site shows it): no page shows the fact-check findings yet (they
# are read by `make validate` and the content tests), so that edit must change nothing at all.
EDITS: list[tuple[str, Callable[[Path], None], bool]] = [
    ("one field of one record", a_field, True),
    ("a layer name every page's stack shows", a_layer_name, True),
    ("an interface word", a_ui_word, True),
    ("a template", a_template, True),
    ("a chain step on a route and an embed page", a_route_step, True),
    ("a fact-check finding", a_finding, False),
    ("an evidence file", an_evidence_file, True),
    ("a new record (a page more)", a_new_record, True),
]


@pytest.mark.build
def test_after_each_kind_of_edit_the_incremental_build_equals_a_clean_one(tmp_path, served_site, shared_site_layout):
    project = copy_project(tmp_path / "project")
    # The incremental builds start from the shared site's cache, at its address, as every test
    # that builds altered data does; the clean ones from an empty cache, at the same address.
    cache, url = shared_site_layout.cache, served_site[1]
    before = tmp_path / "site-0"
    build(project, before, cache, url)
    for number, (what, edit, shown) in enumerate(EDITS, start=1):
        edit(project)
        incremental, clean = tmp_path / f"site-{number}", tmp_path / f"clean-{number}"
        build(project, incremental, cache, url)
        clean_cache = tmp_path / f"clean-cache-{number}"
        shutil.copytree(cache / "diagrams", clean_cache / "diagrams")
        build(project, clean, clean_cache, url)
        changed = differences(before, clean)
        if shown:
            assert changed, f"{what}: the edit changed nothing in the site, so it proves nothing"
        else:
            assert not changed, f"{what}: no page showed it before, yet these files changed: {changed[:20]}"
        stale = differences(incremental, clean)
        assert not stale, f"after {what}, the incremental build differs from a clean one in: {stale[:20]}"
        shutil.rmtree(before)
        shutil.rmtree(clean_cache)
        shutil.rmtree(clean)
        before = incremental
