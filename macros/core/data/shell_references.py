"""Ids written outside data/: in the Markdown page shells and in mkdocs.yml.

A shell names records in its macro calls (`tool_link("triton")`), in links to record pages
(`../tools/triton.md#deep-dive`) and in a deep dive's file name (`deep-dives/triton.en.md`);
mkdocs.yml names them in redirect targets, and its nav names page shells. They go through the
same reference check as the data's own ids (`checks.unknown_reference`), so `make validate`
reports a renamed id wherever it is still written, with file:line:column and "did you mean",
before a build could fail on it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import jinja2
from jinja2 import nodes

from ..settings.addresses import RECORD_PAGES, record_path
from . import records as r
from .checks import unknown_reference
from .problems import Problem
from .records import CHAIN, LAYER, LIST, REFERENCE, TABLE, TERM, TOOL

# Which argument (position or keyword) of which macro names a record, and of which collection.
# The macros are defined in the adapter (macros_env.py); a test holds the two together.
MACRO_ARGUMENTS: dict[str, dict[int | str, r.RefersTo]] = {
    "tool_link": {0: TOOL},
    "tool_card": {0: TOOL},
    "layer_tools": {0: LAYER},
    "chain": {0: CHAIN},
    "table": {0: TABLE, "rows": TOOL},
    "table_section": {0: TABLE},
    "guide_list": {0: LIST},
    "term": {0: TERM},
    "cite": {0: REFERENCE},
}
# A record page's folder in the site, and the collection whose id follows it in a link.
TARGETS = {target.collection: target for target in (CHAIN, LAYER, LIST, REFERENCE, TABLE, TERM, TOOL)}
# Each record page's macro (settings/addresses.py's registry) names its record by its first argument.
MACRO_ARGUMENTS.update({page.macro: {0: TARGETS[page.collection]} for page in RECORD_PAGES})
PAGE_FOLDERS = {page.folder: TARGETS[page.collection] for page in RECORD_PAGES}
RECORD_LINK = re.compile(
    r"(?<![\w/-])(?:\.\./)*(" + "|".join(PAGE_FOLDERS) + r")/(?!index\.md)([a-z0-9][a-z0-9-]*)(?:\.md|/)"
)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)")
DEEP_DIVES = "deep-dives"  # docs/deep-dives/<tool id>.<lang>.md: a tool's in-depth prose


@dataclass(frozen=True)
class Shells:
    """Where a site's hand-written parts are: mkdocs.yml and its docs folder, named in messages
    relative to `root` (the project's folder)."""

    config_file: Path
    docs_dir: Path
    root: Path

    @classmethod
    def of(cls, config_file: Path | str) -> Shells:
        config_file = Path(config_file)
        return cls(config_file, config_file.parent / "docs", config_file.parent)

    def display(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()


@dataclass(frozen=True)
class WrittenId:
    """One id written in a shell or mkdocs.yml: where, in what (`context`), and what it names."""

    file: str
    line: int
    column: int
    context: str
    value: str
    target: r.RefersTo


def check_shells(shells: Shells, written_ids: dict[str, set[str] | None]) -> list[Problem]:
    """Every id the shells and mkdocs.yml write names a record, and every nav entry a shell."""
    problems = [
        Problem(found.file, found.line, found.column, found.context, message)
        for found in written_in(shells)
        if (message := unknown_reference(found.value, found.target, written_ids))
    ]
    return problems + _missing_nav_shells(shells) + _unparsable(shells)


def written_in(shells: Shells) -> Iterator[WrittenId]:
    """Every record id the shells and mkdocs.yml write."""
    for path in sorted(shells.docs_dir.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        file = shells.display(path)
        yield from _macro_ids(text, file)
        yield from _linked_ids(text, file)
        if path.parent.name == DEEP_DIVES:
            yield WrittenId(file, 1, 1, "file name", path.name.split(".", 1)[0], TOOL)
    yield from _linked_ids(shells.config_file.read_text(encoding="utf-8"), shells.display(shells.config_file))


@functools.lru_cache(maxsize=256)
def _parse(text: str) -> nodes.Template:
    # Cached by text: the ids and the syntax check read each shell's tree once between them.
    return jinja2.Environment().parse(text)


def _macro_ids(text: str, file: str) -> Iterator[WrittenId]:
    try:
        template = _parse(text)
    except jinja2.TemplateSyntaxError:
        return  # reported once, by _unparsable
    lines = text.splitlines()
    for call in template.find_all(nodes.Call):
        if not isinstance(call.node, nodes.Name) or call.node.name not in MACRO_ARGUMENTS:
            continue
        arguments = {**dict(enumerate(call.args)), **{keyword.key: keyword.value for keyword in call.kwargs}}
        for slot, target in MACRO_ARGUMENTS[call.node.name].items():
            argument = arguments.get(slot)
            values = argument.items if isinstance(argument, nodes.List) else [argument]
            for value in values:
                if isinstance(value, nodes.Const) and isinstance(value.value, str):
                    line = value.lineno
                    column = _column(lines, line, value.value)
                    yield WrittenId(file, line, column, f"{call.node.name}(…)", value.value, target)


def _column(lines: list[str], line: int, value: str) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    for quote in ('"', "'"):
        found = text.find(f"{quote}{value}{quote}")
        if found >= 0:
            return found + 2
    return 1


def _linked_ids(text: str, file: str) -> Iterator[WrittenId]:
    # Markdown links in a shell; in mkdocs.yml, every record path (the redirect targets).
    is_markdown = file.endswith(".md")
    for number, line in enumerate(text.splitlines(), start=1):
        targets = [(m.group(1), m.start(1)) for m in MARKDOWN_LINK.finditer(line)] if is_markdown else [(line, 0)]
        for target, offset in targets:
            for link in RECORD_LINK.finditer(target):
                folder, record_id = link.group(1), link.group(2)
                yield WrittenId(
                    file, number, offset + link.start(2) + 1, f"link to {folder}/", record_id, PAGE_FOLDERS[folder]
                )


def pages_showing(shells: Shells, macro: str) -> dict[str, dict[str, list[str]]]:
    """record id → language → the pages whose shells call `macro` with it (`guide_list`: the
    pages that show a list), as paths below the language root."""
    shown: dict[str, dict[str, list[str]]] = {}
    for path in sorted(shells.docs_dir.rglob("*.md")):
        page = shell_page(path.relative_to(shells.docs_dir).as_posix())
        if page is None:
            continue
        lang, url = page
        for found in _macro_ids(path.read_text(encoding="utf-8"), shells.display(path)):
            if found.context == f"{macro}(…)":
                pages = shown.setdefault(found.value, {}).setdefault(lang, [])
                if url not in pages:
                    pages.append(url)
    return shown


def shell_page(relative: str) -> tuple[str, str] | None:
    """(language, page path below its root) a shell under docs/ is built into: `compare.en.md` →
    ("en", "compare/"), `concepts/index.zh.md` → ("zh", "concepts/"), `index.en.md` → ("en", ""),
    a deep dive `deep-dives/triton.en.md` → ("en", "tools/triton/"); None for a file without a language."""
    stem, _, rest = relative.rpartition(".")[0].rpartition(".")
    if not stem or rest.count("/") or not re.fullmatch(r"[a-z]{2}", rest):
        return None
    folder, _, name = stem.rpartition("/")
    if folder == DEEP_DIVES:
        return rest, record_path(TOOL.collection, name)
    page = folder if name == "index" else stem
    return rest, f"{page}/" if page else ""


def _missing_nav_shells(shells: Shells) -> list[Problem]:
    # static-i18n reads nav's `x.md` as x.<lang>.md (or x.md itself).
    problems = []
    config = shells.display(shells.config_file)
    lines = shells.config_file.read_text(encoding="utf-8").splitlines()
    inside = False
    for number, line in enumerate(lines, start=1):
        if not line.startswith((" ", "-")):
            inside = line.startswith("nav:")
            continue
        entry = re.search(r":\s*([\w./-]+\.md)\s*$", line) if inside else None
        if not entry:
            continue
        page = entry.group(1)
        stem = page.removesuffix(".md")
        if (shells.docs_dir / page).exists() or any(shells.docs_dir.glob(f"{stem}.*.md")):
            continue
        problems.append(
            Problem(
                config,
                number,
                entry.start(1) + 1,
                "nav",
                f"no page shell '{page}' in docs/: write docs/{stem}.<language>.md for each language, or fix the entry.",
            )
        )
    return problems


def _unparsable(shells: Shells) -> list[Problem]:
    problems = []
    for path in sorted(shells.docs_dir.rglob("*.md")):
        try:
            _parse(path.read_text(encoding="utf-8"))
        except jinja2.TemplateSyntaxError as error:
            problems.append(
                Problem(
                    shells.display(path),
                    error.lineno or 1,
                    1,
                    "macros",
                    f"the page's macros do not parse ({error.message}): fix the {{{{ … }}}} or {{% … %}} there.",
                )
            )
    return problems
