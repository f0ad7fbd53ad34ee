"""The build's inputs are defined once (macros/core/pipeline/inputs.py), and they cover everything that
can change a page: a package upgrade (pymdown-extensions makes the heading anchors), ui.py's code,
mkdocs.yml. The incremental test edits each kind in a real build; these check the key itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from macros.core.pipeline import inputs

KEY_PROGRAM = """
import dataclasses, json
from pathlib import Path
from macros.core.pipeline.inputs import BuildKey
print(json.dumps(dataclasses.asdict(BuildKey.of(Path("data"), Path("mkdocs.yml")))))
"""


def build_key(extra_path: Path | None = None) -> dict[str, str]:
    """The build key's parts as a fresh process computes them (with `extra_path` first on sys.path)."""
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(extra_path), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", KEY_PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_an_upgraded_package_changes_the_engine_part_and_nothing_else(tmp_path):
    # What pip leaves for pymdown-extensions 99.0: its metadata, found before the installed one's.
    upgraded = tmp_path / "pymdown_extensions-99.0.dist-info"
    upgraded.mkdir()
    (upgraded / "METADATA").write_text("Metadata-Version: 2.1\nName: pymdown-extensions\nVersion: 99.0\n")
    before, after = build_key(), build_key(tmp_path)
    assert {part for part in before if before[part] != after[part]} == {"engine"}


def test_pages_depend_on_ui_code_but_record_its_words_one_by_one():
    source = (ROOT / "macros/core/settings/ui.py").read_text(encoding="utf-8")
    other_word = source.replace('"en": "In one line"', '"en": "In a line"', 1)
    other_code = source.replace("    return UI[key][lang]\n", "    return UI[key][lang].upper()\n", 1)
    assert other_word != source and other_code != source
    assert inputs.without_word_table(other_word) == inputs.without_word_table(source)
    assert inputs.without_word_table(other_code) != inputs.without_word_table(source)


def test_the_page_store_the_caches_and_the_snapshot_read_the_same_key():
    import macros.core.pipeline.snapshots as snapshot
    from macros.core.pipeline import cache, page_store

    assert cache.BuildKey is inputs.BuildKey is page_store.BuildKey is snapshot.BuildKey
    assert set(inputs.PAGE_PARTS) < set(inputs.BuildKey.parts())
    assert {"engine", "page_code", "config", "toolchain"} <= set(inputs.PAGE_PARTS)
