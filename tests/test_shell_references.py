"""Ids written outside data/ (page shells, mkdocs.yml) are checked with the data's own ids.

Each test edits a copy of mkdocs.yml and docs/ and validates the real data against it; the ids
it breaks are taken from what the shells write today, so a routine data edit does not break it.
A rename end to end (validate lists every place, fixing those builds) is in test_rename.py.
"""

from __future__ import annotations

import shutil

import pytest
from conftest import ROOT

from macros.core.data.loading import load
from macros.core.data.problems import DataError
from macros.core.data.shell_references import MACRO_ARGUMENTS, Shells, written_in


@pytest.fixture
def shells(tmp_path) -> Shells:
    """A copy of mkdocs.yml and docs/ (the data stays the real data)."""
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    return Shells.of(tmp_path / "mkdocs.yml")


def problems_with(shells: Shells) -> list[str]:
    try:
        load(ROOT / "data", shells=shells)
    except DataError as error:
        return [problem.format() for problem in error.problems]
    return []


def misspell(shells: Shells, context: str) -> tuple[str, int, int, str]:
    """Misspell the first id written in `context` (e.g. "tool_link(…)"): (file, line, column, new id)."""
    found = next(written for written in written_in(shells) if written.context == context)
    path = shells.root / found.file
    lines = path.read_text(encoding="utf-8").split("\n")
    line = lines[found.line - 1]
    start = found.column - 1
    assert line[start : start + len(found.value)] == found.value, (found, line)
    wrong = found.value[:-1]  # one letter short: close enough for "did you mean"
    lines[found.line - 1] = line[:start] + wrong + line[start + len(found.value) :]
    path.write_text("\n".join(lines), encoding="utf-8")
    return found.file, found.line, found.column, found.value


def test_the_real_shells_name_only_records_that_exist():
    assert problems_with(Shells.of(ROOT / "mkdocs.yml")) == []


@pytest.mark.parametrize("context", ["tool_link(…)", "chain(…)", "guide_list(…)", "table(…)", "link to tools/"])
def test_a_misspelt_id_in_a_shell_is_named_with_its_place_and_the_id_meant(shells, context):
    file, line, column, meant = misspell(shells, context)
    listed = problems_with(shells)
    assert len(listed) == 1, listed
    assert listed[0].startswith(f"{file}:{line}:{column}: {context}: unknown ")
    assert f"Did you mean '{meant}'?" in listed[0]


def test_a_redirect_to_a_tool_that_is_gone_is_named_in_mkdocs_yml(shells):
    config = shells.config_file.read_text(encoding="utf-8")
    target = next(w for w in written_in(shells) if w.file == "mkdocs.yml")
    shells.config_file.write_text(config.replace(f"tools/{target.value}.md", "tools/no-such-tool.md"), encoding="utf-8")
    listed = problems_with(shells)
    assert any(
        p.startswith(f"mkdocs.yml:{target.line}:{target.column}: link to tools/: unknown tool 'no-such-tool'")
        for p in listed
    ), listed


def test_a_deep_dive_for_a_tool_that_does_not_exist_is_named_by_its_file(shells):
    deep_dive = next((shells.docs_dir / "deep-dives").glob("*.en.md"))
    deep_dive.rename(deep_dive.with_name("no-such-tool.en.md"))
    listed = problems_with(shells)
    assert "docs/deep-dives/no-such-tool.en.md:1:1: file name: unknown tool 'no-such-tool'." in " ".join(listed)


def test_a_nav_entry_without_a_shell_is_named(shells):
    config = shells.config_file.read_text(encoding="utf-8")
    shells.config_file.write_text(config.replace(": glossary.md", ": glossry.md", 1), encoding="utf-8")
    listed = problems_with(shells)
    assert len(listed) == 1 and "mkdocs.yml:" in listed[0] and "no page shell 'glossry.md' in docs/" in listed[0]


def test_macros_that_do_not_parse_are_named_with_their_line(shells):
    page = shells.docs_dir / "glossary.en.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ tool_link('x' }}\n", encoding="utf-8")
    listed = problems_with(shells)
    assert len(listed) == 1 and listed[0].startswith("docs/glossary.en.md:") and "do not parse" in listed[0]


def test_every_macro_whose_ids_are_checked_is_a_macro_pages_can_call():
    from macros.adapter.macros_env import define_env

    class Recorder:
        conf: dict = {}
        page = None

        def __init__(self):
            self.names: set[str] = set()

        def macro(self, function, name):
            self.names.add(name)

    env = Recorder()
    define_env(env)
    assert set(MACRO_ARGUMENTS) <= env.names
