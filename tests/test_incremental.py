"""An incremental build is never stale: after each kind of edit, the site built from the last
build's cache is byte-identical to a clean build of the same inputs.

One project copy is edited in turn: one field of one record, a layer name that every page's
stack shows, an interface word, a template, a chain step that a path-finder route and an embed
page show, a fact-check finding, an evidence file, a new record (a page more). After each edit the copy is built twice: from
the cache every earlier build of the copy filled (incremental), and from an empty cache (clean;
it is given the diagram cache only, whose SVGs are named by their DOT text, so it re-renders
every page without re-running `dot` for unchanged diagrams). Each edit must change some file of
the clean site (but the finding: no page shows findings), so no edit passes by changing nothing.

The project is the small fixture project (tests/small_site.py): the property is the same on a few
records of every kind, and its eight clean builds take seconds instead of minutes each.
"""

from __future__ import annotations

import filecmp
import html
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import picks
import pytest
from conftest import run_build
from small_site import small_model

from macros.core.data.routes import routes_from


def build(project: Path, site: Path, cache: Path) -> None:
    done = run_build(project, site, cache)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]


def differences(first: Path, second: Path) -> list[str]:
    """Every file that differs between two site folders, or is in one only."""

    def files(folder: Path) -> set[str]:
        return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}

    ours, theirs = files(first), files(second)
    common = sorted(ours & theirs)
    _same, differ, errors = filecmp.cmpfiles(first, second, common, shallow=False)
    return sorted((ours ^ theirs) | set(differ) | set(errors))


def shows(path: Path) -> str:
    """A changed file's text (and its name, for a page more), as far as it can be read."""
    try:
        return path.as_posix() + path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return path.as_posix()


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def a_field(project: Path) -> str | None:
    tool = picks.a_tool(small_model())
    replace_once(project / "data" / "tools.yaml", tool.summary.en, tool.summary.en + " (edited)")
    return tool.summary.en + " (edited)"


def a_layer_name(project: Path) -> str | None:
    layer = picks.a_layer(small_model())
    replace_once(project / "data" / "layers.yaml", f"en: {layer.name.en}", f"en: {layer.name.en} (edited)")
    return f"{layer.name.en} (edited)"


def a_ui_word(project: Path) -> str | None:
    # The label of the tool card's summary row: on every tool page, in English only.
    replace_once(project / "macros" / "core" / "settings" / "ui.py", '"en": "In one line"', '"en": "In a line"')
    return "In a line"


def a_ui_function(project: Path) -> str | None:
    # ui.py's code, not its word table: the words a page prints pass through it.
    replace_once(
        project / "macros" / "core" / "settings" / "ui.py",
        "    return UI[key][lang]\n",
        '    return UI[key][lang].replace("Routes through", "Paths through")\n',
    )
    return "Paths through"


def mkdocs_yml(project: Path) -> str | None:
    # The footer of every page.
    replace_once(project / "mkdocs.yml", "copyright: GPU Stack Map", "copyright: GPU Stack Map (edited)")
    return "GPU Stack Map (edited)"


def a_template(project: Path) -> str | None:
    replace_once(project / "macros" / "templates" / "_edit.html", "<a ", '<a data-edited="yes" ')
    return 'data-edited="yes"'


def a_route_step(project: Path) -> str | None:
    route = routes_from(small_model(), picks.a_starting_point(small_model()))[0]
    chains = project / "data" / "chains.yaml"
    text = chains.read_text(encoding="utf-8")
    step = next(s for leg in route.legs for s in leg.steps if s.text.en and text.count(s.text.en) == 1)
    replace_once(chains, step.text.en, step.text.en + " (edited)")
    return " (edited)"


def a_finding(project: Path) -> str | None:
    replace_once(project / "data" / "checks" / "tools-0.yaml", "    claim: ", "    claim: (edited) ")
    return None  # shown nowhere


def an_evidence_file(project: Path) -> str | None:
    # The GPU a capture ran on, as the Measured page names it (whichever GPU that was).
    path = project / "data" / "evidence" / "gelu-paths.yaml"
    gpu = re.search(r"^  gpu: (.+)$", path.read_text(encoding="utf-8"), re.M).group(1)
    replace_once(path, f"  gpu: {gpu}\n", f"  gpu: {gpu} (edited)\n")
    return f"{gpu} (edited)"


def a_new_record(project: Path) -> str | None:
    # A tool added as a contributor adds one (README's recipe starts with `make new-tool`, then
    # fills in its empty texts): a page more, and a name more in its layer's lists.
    command = [sys.executable, "-m", "scripts", "new-tool", "incremental-probe", picks.a_layer(small_model()).id]
    done = subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    tools = project / "data" / "tools.yaml"
    text = tools.read_text(encoding="utf-8")
    start = text.index("  - id: incremental-probe\n")
    record = text[start:].replace('zh: ""', 'zh: "探针"').replace('en: ""', 'en: "A probe"')
    tools.write_text(text[:start] + record, encoding="utf-8")
    return "incremental-probe"


# Rounds of edits, each built incrementally and clean: (what, the edits, whether the site shows
# them). Edits share a round only where each shows on pages the others leave alone, so one edit's
# re-rendered pages never hide another's stale ones: the narrow edits together, and each edit that
# reaches every page (or every page of a kind) in a round of its own. No page shows the fact-check
# findings yet (they are read by `make validate` and the content tests), so that round must change
# nothing at all.
ROUNDS: list[tuple[str, list[Callable[[Path], str | None]], bool]] = [
    (
        "one field of one record, a chain step on a route and an embed page, an evidence file",
        [a_field, a_route_step, an_evidence_file],
        True,
    ),
    # Pages that show routes read every chain: the route step's round would re-render them all.
    ("a function of ui.py (its code, not its words) that route pages print through", [a_ui_function], True),
    ("a layer name every page's stack shows", [a_layer_name], True),
    ("an interface word on every tool page", [a_ui_word], True),
    ("a template every record page includes", [a_template], True),
    ("mkdocs.yml", [mkdocs_yml], True),
    ("a fact-check finding", [a_finding], False),
    ("a new record (a page more)", [a_new_record], True),
]


@pytest.mark.build
def test_after_each_kind_of_edit_the_incremental_build_equals_a_clean_one(tmp_path, small_site):
    project = tmp_path / "project"
    shutil.copytree(small_site.project, project)
    # The incremental builds start from a copy of the small site's cache, as every test that
    # builds altered data does; the clean ones from an empty cache (but the diagrams).
    cache = tmp_path / "cache"
    shutil.copytree(small_site.cache, cache)
    before = tmp_path / "site-0"
    build(project, before, cache)
    for number, (what, edits, shown) in enumerate(ROUNDS, start=1):
        markers = [edit(project) for edit in edits]
        incremental, clean = tmp_path / f"site-{number}", tmp_path / f"clean-{number}"
        build(project, incremental, cache)
        clean_cache = tmp_path / f"clean-cache-{number}"
        shutil.copytree(cache / "diagrams", clean_cache / "diagrams")
        build(project, clean, clean_cache)
        changed = differences(before, clean)
        if shown:
            # Each edit shows somewhere, or it proves nothing.
            unseen = [
                marker
                for marker in markers
                if not any(
                    marker in text or html.escape(marker) in text for text in (shows(clean / p) for p in changed)
                )
            ]
            assert changed and not unseen, f"{what}: nothing in the site shows {unseen or 'the edits'}"
        else:
            assert not changed, f"{what}: no page showed it before, yet these files changed: {changed[:20]}"
        stale = differences(incremental, clean)
        assert not stale, f"after {what}, the incremental build differs from a clean one in: {stale[:20]}"
        shutil.rmtree(before)
        shutil.rmtree(clean_cache)
        shutil.rmtree(clean)
        before = incremental
