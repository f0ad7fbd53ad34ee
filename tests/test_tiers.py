"""The fast tier never builds: every test that runs a build of its own carries the `build` mark.

`make test-fast` leaves out the tests that need a built site, a browser, or a build of their own
(`conftest.is_slow`). A test that builds without the mark would sit in the fast tier and wait
for a site the fast tier never starts. Whether a test builds is read from its code (and the code
of the helpers and fixtures it calls), so a new test cannot forget the mark unnoticed.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import types

from conftest import build_site, is_slow, run_build
from shared_site import built_once

import scripts.build
from macros.core.pipeline.pdfs import write_pdfs

# What starts a build: the shared helpers, the build and print commands' functions, MkDocs' own.
BUILDERS = {build_site, run_build, built_once, write_pdfs, scripts.build.build}
BUILD_VERBS = {"build", "serve", "print"}  # `python -m scripts VERB` in a command line
MKDOCS_BUILD = "mkdocs.commands.build"  # MkDocs' own build, in a program a test runs


def _called_names(function) -> tuple[set[str], bool]:
    """The names `function` calls or refers to, and whether it spells out a build command line."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return set(), False
    names, command = set(), False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, (ast.List, ast.Tuple)):
            words = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            command |= "scripts" in words and bool(words & BUILD_VERBS)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            command |= MKDOCS_BUILD in node.value  # a program run in a subprocess
    return names, command


def builds(function, seen: set | None = None) -> bool:
    """Whether calling `function` may start a build (itself, or through what it calls)."""
    seen = set() if seen is None else seen
    if not isinstance(function, types.FunctionType) or function in seen:
        return False
    if function in BUILDERS:
        return True
    seen.add(function)
    names, command = _called_names(function)
    if command:
        return True
    scope = inspect.getclosurevars(function)
    known = {**function.__globals__, **scope.nonlocals}
    referred = [known[name] for name in names if name in known]
    # A program kept in a constant and run in a subprocess (`python -c PROGRAM`).
    if any(isinstance(value, str) and MKDOCS_BUILD in value for value in referred):
        return True
    return any(builds(value, seen) for value in referred)


def fixture_functions(item) -> list:
    """The functions of the fixtures a collected test uses."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    return [definition.func for definitions in info.name2fixturedefs.values() for definition in definitions]


def unmarked_builders(items) -> list[str]:
    """The collected tests that build a site of their own without the `build` mark."""
    return [
        item.nodeid
        for item in items
        if not item.get_closest_marker("build")
        and item.module.__name__ != __name__  # this check names the builders it looks for
        and (builds(getattr(item, "function", None)) or any(builds(f) for f in fixture_functions(item)))
    ]


def test_every_test_that_builds_carries_the_build_mark_so_the_fast_tier_leaves_it_out(request):
    # Every test this run collected (under --fast, the fast tier: where an unmarked builder would hang).
    unmarked = unmarked_builders(request.session.items)
    assert not unmarked, "these tests build a site of their own: mark them @pytest.mark.build\n" + "\n".join(unmarked)
    assert all(is_slow(item) for item in request.session.items if item.get_closest_marker("build"))


def test_the_check_sees_a_build_through_a_helper():
    def helper(site):
        return build_site(site)

    def a_test(tmp_path):
        helper(tmp_path)

    def a_command_line():
        return ["python", "-m", "scripts", "build", "-d", "site"]

    def reads_only(built_site):
        return built_site / "index.html"

    assert builds(a_test) and builds(a_command_line)
    assert not builds(reads_only)
