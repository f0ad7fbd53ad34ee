"""How the code is put together, as far as a reader or contributor would notice it.

The core (model, checks, diagrams, view data) imports nothing of the site engine; no page
shows markup as text; the model is complete and frozen after loading; every build starts
from its own data, in one process and under `mkdocs serve`; no page stubs are written.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT, SMALL_SITE_URL
from markupsafe import escape
from page_text import heading_of
from picks import a_layer, a_tool, a_tool_in_the_stack, first_with
from small_site import small_data, small_model
from written import Written

from macros.core.data.loading import load
from macros.core.data.model import chain_tool_ids, row_tool_ids

ENGINE = ("mkdocs", "material", "mkdocs_static_i18n", "mkdocs_macros")


def test_the_core_imports_nothing_of_the_site_engine():
    core = ROOT / "macros" / "core"
    modules = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts) for p in core.rglob("*.py"))
    assert len(modules) > 30, modules  # every module of every folder
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {ENGINE!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"the core pulled in engine modules: {done.stdout}"


class VisibleText(HTMLParser):
    """The text a reader sees: outside <code>, <pre>, <script>, <style> and <svg>."""

    HIDDEN = {"code", "pre", "script", "style", "svg", "title", "textarea"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.chunks: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.chunks.append(data)


MARKUP_AS_TEXT = re.compile(
    r"<(a|tr|td|th|br|span|ul|li|table|div|p|code)\b[^<>]*>|</(a|tr|td|th|span|ul|li|table|div|p|code)>"
)


def test_no_page_shows_markup_as_text(built_site):
    offenders = []
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 400
    for page in pages:
        parser = VisibleText()
        parser.feed(page.read_text(encoding="utf-8"))
        text = "".join(parser.chunks)
        for match in MARKUP_AS_TEXT.finditer(text):
            offenders.append(f"{page.relative_to(built_site)}: …{text[max(0, match.start() - 40) : match.end() + 40]}…")
    assert not offenders, f"{len(offenders)} places show markup as text:\n" + "\n".join(offenders[:10])


def test_documented_as_part_of_tools_link_to_their_parent_docs(built_site):
    # jax-pjit has no docs of its own: its card links to JAX's, as a link, with the note after it.
    html = (built_site / "en" / "tools" / "jax-pjit" / "index.html").read_text(encoding="utf-8")
    cell = re.search(r"<th scope=\"row\">Documentation</th><td>(.*?)</td>", html).group(1)
    assert re.match(r'<a href="https://[^"]+" rel="noopener">[^<]+</a>', cell), cell
    assert "(documented as part of" in cell


def test_the_model_is_complete_and_frozen_after_loading():
    model = load(ROOT / "data")
    chain = first_with(model.chains.values(), chain_tool_ids, "chain that names a tool")
    assert chain.id in model.chains_by_tool[chain_tool_ids(chain)[0]]
    table = first_with(model.tables.values(), lambda t: any(row_tool_ids(row) for row in t.rows), "table naming a tool")
    row = next(row for row in table.rows if row_tool_ids(row))
    assert table.id in model.tables_by_tool[row_tool_ids(row)[0]]
    tool = first_with(model.tools.values(), lambda t: bool(t.relations), "tool with a relation")
    assert (tool.id, tool.relations[0]) in [
        (t.id, relation) for t, relation in model.related_to(tool.relations[0].tool)
    ]
    assert model.tools_by_reference
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.tools = {}


def test_no_page_stubs_are_written_into_docs(built_site):
    stubs = [
        p.relative_to(ROOT)
        for folder in ("tools", "layers", "chains")
        for p in (ROOT / "docs" / folder).glob("*.md")
        if not p.name.startswith("index.")
    ]
    assert not stubs, stubs
    assert (built_site / "tools" / a_tool().id / "index.html").exists()


TWO_BUILDS = """
import os, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
os.environ["NO_MKDOCS_2_WARNING"] = "1"
for data, site in zip(sys.argv[1::2], sys.argv[2::2]):
    os.environ["GSM_DATA_DIR"] = data
    build(load_config(config_file="mkdocs.yml", site_dir=site))
"""


RENAMED = a_tool_in_the_stack(small_model())  # its page's heading and the tool index show its name
NEW_NAME = "Renamed Tool"


def renamed_copy(tmp_path: Path) -> Path:
    """A copy of the small data set where one tool is called NEW_NAME (its page's heading changes)."""
    data = tmp_path / "renamed"
    shutil.copytree(small_data(), data)
    Written(data / "tools.yaml").set("tools", RENAMED.id, "name", text=NEW_NAME)
    return data


@pytest.mark.longest
@pytest.mark.build
def test_two_builds_in_one_process_each_get_their_own_data(tmp_path, small_site):
    first, second = tmp_path / "first", tmp_path / "second"
    command = [
        sys.executable,
        "-c",
        TWO_BUILDS,
        str(small_site.project / "data"),
        str(first),
        str(renamed_copy(tmp_path)),
        str(second),
    ]
    # The small site's cache: the first build (its own data) is warm; the second is not.
    cache = tmp_path / "cache"
    shutil.copytree(small_site.cache, cache)
    env = {**os.environ, "GSM_CACHE_DIR": str(cache), "SITE_URL": SMALL_SITE_URL}
    done = subprocess.run(command, capture_output=True, text=True, cwd=small_site.project, timeout=600, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    page = Path("en") / "tools" / RENAMED.id / "index.html"
    assert heading_of((first / page).read_text(encoding="utf-8")) == RENAMED.name.en
    assert heading_of((second / page).read_text(encoding="utf-8")) == NEW_NAME
    assert NEW_NAME in (second / "en" / "tools" / "index.html").read_text(encoding="utf-8")
    assert NEW_NAME not in (first / "en" / "tools" / "index.html").read_text(encoding="utf-8")


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_for(condition, seconds: float, what: str):
    """Poll until `condition()` returns something truthy; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.5)
    pytest.fail(f"timed out after {seconds:.0f}s waiting for {what}")


@pytest.mark.longest
@pytest.mark.build
def test_serve_shows_every_page_an_edit_changes_with_nothing_left_over(tmp_path, small_site):
    # Whatever makes a rebuild fast must never serve a stale page: one record's name (its own
    # page and the tool index) and a layer's name (drawn in the stack on every page) change.
    data = tmp_path / "data"
    shutil.copytree(small_site.project / "data", data)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # `make serve`'s command in the small project, with a copy of the small site's cache: its
    # PDFs are warm, as a contributor's second `make serve` would find them.
    cache = tmp_path / "cache"
    shutil.copytree(small_site.cache, cache)
    env = {**os.environ, "GSM_DATA_DIR": str(data), "GSM_CACHE_DIR": str(cache), "SITE_URL": SMALL_SITE_URL}
    command = [sys.executable, "-m", "scripts", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        command, cwd=small_site.project, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    page = f"http://127.0.0.1:{port}/en/tools/{RENAMED.id}/"
    # Pages that show the layer's name: the home's stack, a layer page, another tool's page.
    layer = a_layer(small_model())
    other = first_with(small_model().tools_in_layer(layer.id), lambda t: t.id != RENAMED.id, "tool in the layer")
    elsewhere = [f"http://127.0.0.1:{port}/en/{path}" for path in ("", f"layers/{layer.id}/", f"tools/{other.id}/")]
    new_layer = "Renamed Layer"
    try:
        first = wait_for(lambda: fetch(page), 300, "the first build to be served")
        assert "<h1" in first and f">{escape(RENAMED.name.en)}<" in first
        assert all(new_layer not in fetch(url) for url in [page, *elsewhere])
        Written(data / "tools.yaml").set("tools", RENAMED.id, "name", text=NEW_NAME)
        Written(data / "layers.yaml").set("layers", layer.id, "name", text=new_layer)
        wait_for(lambda: NEW_NAME in (fetch(page) or ""), 300, "the rebuilt page")
        index = fetch(f"http://127.0.0.1:{port}/en/tools/")
        assert NEW_NAME in index and f">{escape(RENAMED.name.en)}<" not in index
        for url in [page, *elsewhere]:
            assert new_layer in fetch(url), url
        # The files made after the pages are served catch up: the search box's name index,
        # /llms.txt and the data export, each replaced whole (never half-written JSON).
        base = f"http://127.0.0.1:{port}/"
        names = wait_for(
            lambda: NEW_NAME in (fetch(f"{base}search/names-en.json") or "") and fetch(f"{base}search/names-en.json"),
            120,
            "the name index",
        )
        assert json.loads(names)
        wait_for(lambda: NEW_NAME in (fetch(f"{base}llms.txt") or ""), 120, "/llms.txt")
        assert NEW_NAME in json.dumps(json.loads(fetch(f"{base}data/stack.json")), ensure_ascii=False)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert not [p for p in (small_site.project / "docs" / "tools").glob("*.md") if not p.name.startswith("index.")]


def test_no_engine_language_literals_outside_the_words_and_the_schema():
    # Languages come from mkdocs.yml; only the data schema (records.py, record_base.py) and the
    # interface words (ui.py) name a language code in code.
    allowed = {"records.py", "record_base.py", "ui.py"}
    codes = {"zh", "en", "zh/", "en/"}
    offenders = []
    for path in sorted((ROOT / "macros").rglob("*.py")):
        if path.name in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in codes:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert offenders == [], offenders


def data_ids() -> dict[str, str]:
    """Every tool, layer, chain, table and list id, chain group and measured word id → its kind."""
    model = load(ROOT / "data")
    ids: dict[str, str] = {}
    for kind, records in (("tool", model.tools), ("layer", model.layers), ("chain", model.chains)):
        ids.update(dict.fromkeys(records, kind))
    ids.update(dict.fromkeys(model.tables, "table"))
    ids.update(dict.fromkeys(model.lists, "list"))
    ids.update(dict.fromkeys((c.group for c in model.chains.values() if c.group), "chain group"))
    ids.update(dict.fromkeys(model.measurements, "measured word"))
    return ids


def python_literals(path: Path) -> list[tuple[int, str]]:
    """String constants in a module, except attribute names (getattr(error, "context"))."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {
        id(node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("getattr", "hasattr") and len(node.args) > 1
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in names
    ]


def quoted_literals(path: Path) -> list[tuple[int, str]]:
    """Quoted strings in a template, script or stylesheet."""
    text = path.read_text(encoding="utf-8")
    return [
        (number, a or b)
        for number, line in enumerate(text.splitlines(), start=1)
        for a, b in re.findall(r'"([^"\n]*)"|\'([^\'\n]*)\'', line)
    ]


def test_no_data_id_is_written_in_the_code():
    # What varies with the data is a field in the data (a layer's route, a list's order, a table's
    # page, a note's role): an id in code would silently stop matching when the data changes.
    ids = data_ids()
    found = []
    for path in sorted((ROOT / "macros").rglob("*.py")):
        found += [(path, line, value) for line, value in python_literals(path) if value in ids]
    code = [*(ROOT / "macros" / "templates").rglob("*.*"), *(ROOT / "macros" / "adapter" / "overrides").rglob("*.html")]
    code += [p for p in (ROOT / "docs" / "assets").iterdir() if p.is_file()]
    for path in sorted(code):
        found += [(path, line, value) for line, value in quoted_literals(path) if value in ids]
    assert not found, "data ids written in code (make them fields in data/ instead):\n" + "\n".join(
        f"{path.relative_to(ROOT)}:{line}: {value!r} ({ids[value]})" for path, line, value in found
    )
