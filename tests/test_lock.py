"""The pinned locks agree with the short lists of direct dependencies they are made from.

requirements.in / requirements-test.in say what the project needs and why; requirements.txt /
requirements-test.txt are generated from them (`make lock`) for the oldest supported Python.
"""

from __future__ import annotations

import re
import tomllib

import pytest
from conftest import ROOT
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

LOCKS = {
    "requirements.in": "requirements.txt",
    "requirements-test.in": "requirements-test.txt",
    "requirements-bootstrap.in": "requirements-bootstrap.txt",
}


def direct(path: str) -> dict[str, Requirement]:
    """The requirements a .in file lists (options and comments skipped)."""
    found = {}
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            requirement = Requirement(line)
            found[canonicalize_name(requirement.name)] = requirement
    return found


def pins(path: str) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) for every `name==version` entry of a lock."""
    text = (ROOT / path).read_text(encoding="utf-8")
    entries = re.split(r"\n(?=[A-Za-z0-9])", text)
    found = {}
    for entry in entries:
        match = re.match(r"([A-Za-z0-9._-]+)==([^\s;\\]+)", entry)
        if match:
            found[canonicalize_name(match.group(1))] = (match.group(2), entry.count("--hash=sha256:"))
    return found


@pytest.mark.parametrize("source,lock", LOCKS.items())
def test_every_direct_dependency_is_locked_at_a_version_it_allows(source, lock):
    locked = pins(lock)
    wanted = direct(source) | (direct("requirements.in") if source == "requirements-test.in" else {})
    assert wanted, source
    missing = [name for name in wanted if name not in locked]
    assert not missing, f"{lock} lacks {missing}: run `make lock`"
    outside = [
        f"{name}=={locked[name][0]} vs {req.specifier}"
        for name, req in wanted.items()
        if not req.specifier.contains(locked[name][0], prereleases=True)
    ]
    assert not outside, f"{lock} pins versions {source} does not allow: {outside}; run `make lock`"


@pytest.mark.parametrize("source,lock", LOCKS.items())
def test_every_locked_package_has_hashes(source, lock):
    locked = pins(lock)
    assert len(locked) >= len(direct(source)) > 0
    assert not [name for name, (_, hashes) in locked.items() if hashes == 0]


def test_the_bootstrap_lock_brings_a_pip_that_installs_without_resolving():
    version, hashes = pins("requirements-bootstrap.txt")["pip"]
    assert hashes and int(version.split(".")[0]) >= 24, version  # --no-deps with --require-hashes


def test_the_test_lock_keeps_the_build_lock_versions():
    build, test = pins("requirements.txt"), pins("requirements-test.txt")
    differ = [
        f"{name}: {version} vs {test.get(name, ('missing',))[0]}"
        for name, (version, _) in build.items()
        if test.get(name, (None,))[0] != version
    ]
    assert not differ, differ


def test_locks_are_made_for_the_oldest_supported_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    oldest = re.fullmatch(r">=(\d+\.\d+)", project["requires-python"]).group(1)
    for lock in LOCKS.values():
        header = (ROOT / lock).read_text(encoding="utf-8").split("\n", 3)[:3]
        assert f"--python-version {oldest} " in "\n".join(header), lock
    for version in ("3.11", "3.12", "3.13"):
        assert SpecifierSet(project["requires-python"]).contains(version + ".0")
        assert f"Programming Language :: Python :: {version}" in project["classifiers"]
