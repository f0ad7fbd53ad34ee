"""Two clean builds of the same commit give a byte-identical site/.

The builds differ in hash seed, time zone and locale; dates come from the last commit
(SOURCE_DATE_EPOCH), never the clock. Nothing is excluded from the comparison.
"""

from __future__ import annotations

import filecmp

from conftest import build_site


def build(site, **env) -> None:
    done = build_site(site, with_print=True, **env)
    assert done.returncode == 0, done.stderr[-2000:]


def differing(left, right) -> list[str]:
    comparison = filecmp.dircmp(left, right)
    found = [f"{left}/{name}" for name in comparison.diff_files + comparison.left_only + comparison.right_only]
    for sub in comparison.common_dirs:
        found += differing(left / sub, right / sub)
    return found


def test_two_builds_in_different_environments_are_byte_identical(tmp_path):
    build(tmp_path / "a", PYTHONHASHSEED="1", TZ="UTC", LC_ALL="C.UTF-8")
    build(tmp_path / "b", PYTHONHASHSEED="4242", TZ="Asia/Shanghai", LC_ALL="C")
    assert differing(tmp_path / "a", tmp_path / "b") == []
    filecmp.clear_cache()
    # dircmp compares shallowly by size and mtime first; compare bytes to be sure
    for path in (tmp_path / "a").rglob("*"):
        if path.is_file():
            twin = tmp_path / "b" / path.relative_to(tmp_path / "a")
            assert path.read_bytes() == twin.read_bytes(), path
