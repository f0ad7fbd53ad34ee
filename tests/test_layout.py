"""The code's layout holds: the core's folders import only the folders above them in the flow
(settings → data → diagrams → views → outputs → pipeline), the core never imports the adapter, only
the adapter imports the site engine, and no module of macros/ or scripts/ imports one that imports it
back. Read from the source with `ast`, so it costs nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

MACROS = ROOT / "macros"
CORE = MACROS / "core"
# The core's folders in the order of the flow: each may import the ones before it, never after.
FLOW = ("settings", "data", "diagrams", "views", "outputs", "pipeline")
ENGINE = ("mkdocs", "material", "mkdocs_static_i18n", "mkdocs_macros", "properdocs")


def imports_of(path: Path, with_names: bool = False) -> list[tuple[int, str]]:
    """(line, module) of every import in `path`, relative ones resolved to `macros.…` names;
    `with_names` adds "module.name" for each name a `from module import` takes (it may be a module)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # "from . import x" names modules: count each as imported.
            names = [f"{module}.{alias.name}" for alias in node.names] if not node.module else [module]
            if with_names and node.module:
                names += [f"{module}.{alias.name}" for alias in node.names]
            found += [(node.lineno, name) for name in names]
    return found


def core_modules() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def folder_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["macros", "core"] and parts[2] in FLOW else None


def test_every_module_of_the_core_is_in_a_folder_of_the_flow_with_a_docstring():
    loose = [p.relative_to(ROOT) for p in core_modules() if p.parent != CORE and p.parent.name not in FLOW]
    assert not loose, f"modules outside the flow's folders: {loose}"
    assert [p.name for p in CORE.glob("*.py")] == ["__init__.py"], "the core's top holds folders only"
    for folder in FLOW:
        assert ast.get_docstring(ast.parse((CORE / folder / "__init__.py").read_text(encoding="utf-8"))), folder


def test_no_two_modules_share_a_name():
    names = [p.stem for p in MACROS.rglob("*.py") if p.stem != "__init__"]
    assert sorted(names) == sorted(set(names)), sorted({n for n in names if names.count(n) > 1})


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(CORE)))
def test_imports_in_the_core_only_point_up_the_flow(path):
    own = path.relative_to(CORE).parts[0] if path.parent != CORE else None
    wrong = []
    for line, module in imports_of(path):
        where = f"{path.relative_to(ROOT)}:{line} imports {module}"
        if module.startswith("macros.adapter"):
            wrong.append(f"{where}: the core never imports the adapter")
        elif module.split(".")[0] in ENGINE:
            wrong.append(f"{where}: only the adapter imports the engine")
        elif own and (target := folder_of(module)) and FLOW.index(target) > FLOW.index(own):
            wrong.append(f"{where}: {own}/ comes before {target}/ in the flow")
    assert not wrong, "\n".join(wrong)


def test_only_the_adapter_imports_the_engine():
    outside = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sorted(ROOT.glob("scripts/**/*.py")) + sorted(MACROS.rglob("*.py"))
        if "adapter" not in path.relative_to(ROOT).parts and "node_modules" not in path.parts
        for line, module in imports_of(path)
        if module.split(".")[0] in ENGINE
    ]
    assert not outside, "\n".join(outside)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, list[str]]:
    """Each module of macros/ and scripts/ → the project's modules it imports, at its top or inside
    a function (a lazy import still needs the other module to be importable first)."""
    paths = [
        p for p in sorted(MACROS.rglob("*.py")) + sorted(ROOT.glob("scripts/**/*.py")) if "node_modules" not in p.parts
    ]
    modules = {module_name(p): p for p in paths}
    return {
        name: sorted({module for _, module in imports_of(path, with_names=True) if module in modules} - {name})
        for name, path in modules.items()
    }


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One cycle of the graph as the modules along it, first one repeated at the end; None if none."""
    done: set[str] = set()
    trail: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in trail:
            return trail[trail.index(module) :] + [module]
        if module in done:
            return None
        trail.append(module)
        for imported in graph[module]:
            if cycle := visit(imported):
                return cycle
        trail.pop()
        done.add(module)
        return None

    return next((cycle for module in graph if (cycle := visit(module))), None)


def test_find_cycle_names_a_cycle_and_only_a_cycle():
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b", "c"], "b": ["c"], "c": []}) is None


def test_no_import_cycle_anywhere():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


LONGEST = 400  # lines: a module past it holds more than one job (split it by what it does)


def test_no_module_of_the_core_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): length
        for path in core_modules()
        if (length := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, f"modules over {LONGEST} lines: {long}"


def test_nothing_in_the_core_prints():
    # The core returns what it has to say; the command lines (scripts/) and the adapter print it.
    prints = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in core_modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
    ]
    assert not prints, prints
