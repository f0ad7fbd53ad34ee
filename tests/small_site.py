"""The small fixture project: the real project with a small data set, for tests that need an altered site.

A test that checks a property of the build (never stale, hostile input, a rename, the serve loop)
needs a whole site, but not 171 tools × 2 languages: the same property holds on a few records of
every kind. The data set is cut from the real data each run, so it can never drift from the
schema: a few chains (one of each sort: a plain compile chain, a framework chain, a library call,
the measured paths of one op) and the tools they name, every layer, table, list, glossary term
and reference with their references to dropped records taken out, the evidence that still points
at what is kept, and only the deep dives of kept tools. It validates like the real data
(test_small_site.py) and builds in a fraction of the time.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
# What the site is built from, besides data/ and docs/ (copied as they are).
PROJECT = ("mkdocs.yml", "macros", "scripts", "pyproject.toml", "Makefile", "README.md")
# One chain of each sort, the measured paths of the one op, and what the page shells name.
CHAINS = (
    "cuda-nvcc-build",  # a plain compile chain: nvcc → PTX → cubin → driver
    "triton-pipeline",  # a kernel DSL's chain
    "jax-jit",  # a framework chain through a graph compiler
    "pytorch-library-call",  # a library call
    "basic-path",
)
CHAIN_GROUPS = ("gemm-bias-gelu",)  # the measured paths of C = gelu(A @ B + bias), all of them
TOOLS = ("cuda-cpp", "nccl", "global-memory", "l2-cache", "tensor-core")  # besides the chains' tools
ID_LIST_KEYS = ("tools", "mentions", "also", "diagram")  # lists of record ids, filtered
SINGLE_ID_KEYS = {
    "tool": "tools",
    "chain": "chains",
    "record": None,  # a fact check's `tools/<id>`
    "made_by": "tools",
    "producer_tool": "tools",
    "layer": "layers",
}
# A macro call in a page shell that names a record first: what is left when the record is not kept.
SHELL_CALL = re.compile(r"\{\{\s*(tool_link|chain|table)\(\s*[\"']([a-z0-9-]+)[\"'][^}]*\}\}")
SHELL_LINK = re.compile(r"\[([^\]]+)\]\((?:\.\./)*(tools|chains|layers)/([a-z0-9-]+)(?:\.md|/)[^)]*\)")


def make_small_project(target: Path) -> Path:
    """Write the small fixture project into `target` (absent) and return it."""
    target.mkdir(parents=True)
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, target / name, ignore=shutil.ignore_patterns("node_modules", "vendor", "__pycache__")
            )
        elif source.exists():
            shutil.copy(source, target / name)
    kept = write_small_data(ROOT / "data", target / "data")
    copy_docs(ROOT / "docs", target / "docs", kept)
    keep_redirects(target / "mkdocs.yml", kept["tools"])
    return target


def chain_tools(chain: dict) -> set[str]:
    """Every tool a chain's steps (and their branches) name."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            found.update(value.get("tools") or [])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(chain.get("steps", []))
    return found


def read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


class HouseStyle(yaml.SafeDumper):
    """The data files' own layout: list items indented under their key (`make new-tool` appends so)."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):
        return super().increase_indent(flow, False)


def write(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.dump(value, Dumper=HouseStyle, allow_unicode=True, sort_keys=False, width=1_000_000)
    path.write_text(text, encoding="utf-8")


def write_small_data(source: Path, target: Path) -> dict[str, set[str]]:
    """Cut the small data set from `source` into `target`; return the kept ids by collection."""
    chains = [c for c in read(source / "chains.yaml")["chains"] if c["id"] in CHAINS or c.get("group") in CHAIN_GROUPS]
    tools_raw = read(source / "tools.yaml")["tools"]
    wanted = set(TOOLS).union(*(chain_tools(c) for c in chains))
    # A kept tool's layer and kind stay; so do the platforms its records sit on (no layer).
    tools = [t for t in tools_raw if t["id"] in wanted]
    kept = {
        "tools": {t["id"] for t in tools},
        "chains": {c["id"] for c in chains},
        "layers": {layer["id"] for layer in read(source / "layers.yaml")["layers"]},
    }
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.yaml", "translations.lock"))
    for path in sorted(source.rglob("*.yaml")):
        relative = path.relative_to(source)
        value = read(path)
        if relative.as_posix() == "tools.yaml":
            value = {"tools": tools}
        elif relative.as_posix() == "chains.yaml":
            value = {"chains": chains}
        small = pruned(value, kept)
        if small == read(path):
            shutil.copy(path, target / relative)  # untouched: its own layout and comments kept
        else:
            write(target / relative, small)
    lock = source / "translations.lock"
    if lock.exists():
        shutil.copy(lock, target / "translations.lock")
    return kept


def pruned(value, kept: dict[str, set[str]]):
    """`value` without what names a dropped record: a list item whose single id names one goes,
    a list of ids keeps the kept ones. Returns None for a record that must go."""
    if isinstance(value, list):
        items = [pruned(item, kept) for item in value]
        return [item for item in items if item is not None]
    if not isinstance(value, dict):
        return value
    for key, collection in SINGLE_ID_KEYS.items():
        named = value.get(key)
        if isinstance(named, str) and not names_kept(named, collection, kept):
            return None
    result = {}
    for key, item in value.items():
        if key in ID_LIST_KEYS and isinstance(item, list) and all(isinstance(i, str) for i in item):
            result[key] = [i for i in item if i in kept["tools"]]
            if "refs" in value and len(result[key]) < len(item):
                return None  # evidence that shows a dropped tool: its proof would be incomplete
        else:
            result[key] = pruned(item, kept)
    return result


def names_kept(named: str, collection: str | None, kept: dict[str, set[str]]) -> bool:
    """Whether an id (or a check record's `tools/<id>`) names a kept record."""
    if collection is None:  # a fact check's record: "tools/jax", "chains/jax-jit"
        folder, _, name = named.partition("/")
        return folder not in kept or name in kept[folder]
    return collection not in kept or named in kept[collection]


def copy_docs(source: Path, target: Path, kept: dict[str, set[str]]) -> None:
    """The page shells, with only the deep dives of kept tools, and what they name of dropped
    records as plain text (a link's words, a tool's id) or left out (a chain's diagram)."""
    shutil.copytree(source, target)
    for shell in target.rglob("*.md"):
        if shell.parent.name == "deep-dives" and shell.name.split(".")[0] not in kept["tools"]:
            shell.unlink()
            continue
        text = shell.read_text(encoding="utf-8")
        text = SHELL_CALL.sub(lambda m: shell_call(m, kept), text)
        text = SHELL_LINK.sub(lambda m: m.group(0) if m.group(3) in kept[m.group(2)] else m.group(1), text)
        shell.write_text(text, encoding="utf-8")


def shell_call(match: re.Match, kept: dict[str, set[str]]) -> str:
    macro, named = match.group(1), match.group(2)
    collection = {"tool_link": "tools", "chain": "chains"}.get(macro)
    if collection is None or named in kept[collection]:
        return match.group(0)
    return named if macro == "tool_link" else ""


def keep_redirects(config: Path, tools: set[str]) -> None:
    """mkdocs.yml without the redirects to tool pages the small set does not have."""
    lines = config.read_text(encoding="utf-8").split("\n")
    redirect = re.compile(r"^\s+concepts/[\w-]+\.md: tools/([\w-]+)\.md#")
    config.write_text(
        "\n".join(line for line in lines if not (m := redirect.match(line)) or m.group(1) in tools), encoding="utf-8"
    )


@lru_cache(maxsize=1)
def small_data() -> Path:
    """The small data set, cut into a folder of this process's own (once): for tests that load
    or alter it before the small site is built. Never edit it; copy it."""
    folder = Path(tempfile.mkdtemp(prefix="small-data-")) / "data"
    write_small_data(ROOT / "data", folder)
    return folder


@lru_cache(maxsize=1)
def small_model():
    """The small data set's model, for tests that pick records of the small site before it is built."""
    from macros.core.data.loading import load

    return load(small_data())
