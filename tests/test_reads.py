"""What a page reads is recorded where it is read, and each recorded key stands for what the page
saw: change the thing, and the key's digest changes; change something else, and it does not.
(That the incremental build is then never stale is tests/test_incremental.py's.)"""

from __future__ import annotations

import re
from dataclasses import replace

import picks
from conftest import ROOT
from jinja2 import meta

from macros.core.data import routes
from macros.core.data.recorded_model import RecordedModel
from macros.core.pipeline.build import Build
from macros.core.pipeline.page_inputs import PageInputs, _template_names
from macros.core.settings import reads
from macros.core.settings.languages import read_languages
from macros.core.views import tool_pages
from macros.core.views.page import Page
from macros.core.views.render import ENVIRONMENT, TEMPLATES

LANGUAGES = read_languages(ROOT / "mkdocs.yml")


def recorded(action) -> set[tuple]:
    with reads.recording(set()) as keys:
        action()
    return keys


def test_a_record_read_by_id_is_recorded_by_id_and_a_walk_by_its_ids_and_records():
    model = RecordedModel(picks.model())
    tool = picks.a_tool()
    assert recorded(lambda: model.tools[tool.id]) == {("item", "tools", tool.id)}
    walked = recorded(lambda: list(model.layers.values()))
    assert ("keys", "layers") in walked
    assert {("item", "layers", layer_id) for layer_id in picks.model().layers} <= walked


def test_a_value_derived_from_the_whole_model_is_recorded_by_what_it_is():
    model = RecordedModel(picks.model())
    start = picks.a_starting_point()
    assert recorded(lambda: routes.routes_from(model, start)) == {
        ("derived", "macros.core.data.routes:routes_from", start)
    }
    layer = picks.a_layer().id
    assert recorded(lambda: model.tools_in_layer(layer)) == {("call", "tools_in_layer", layer)}


def test_nothing_is_recorded_outside_a_page():
    model = RecordedModel(picks.model())
    model.tools[picks.a_tool().id]
    assert reads._OPEN.get() == ()


def test_a_rendered_tool_page_records_its_tool_its_templates_its_words_and_its_diagram():
    build = Build.start(ROOT / "data", LANGUAGES, ROOT / "mkdocs.yml")
    tool = picks.a_tool_in_the_stack()
    keys = recorded(lambda: tool_pages.tool_page(Page(build, "en", f"tools/{tool.id}/"), tool.id, ""))
    assert ("item", "tools", tool.id) in keys
    assert ("template", "tool_page.md") in keys
    assert any(key[0] == "ui" for key in keys)
    assert any(key[0] == "dot" and key[1].startswith("stack") for key in keys)


def test_a_digest_changes_with_what_its_key_stands_for_and_nothing_else():
    model = picks.model()
    tool, other = sorted(model.tools)[:2]
    edited = model.tools[tool].model_copy(update={"aliases": ["an alias no tool has"]})
    changed = replace(model, tools={**model.tools, tool: edited})
    before, after = PageInputs(model, lambda *key: None), PageInputs(changed, lambda *key: None)
    assert before.digest(("item", "tools", tool)) != after.digest(("item", "tools", tool))
    assert before.digest(("item", "tools", other)) == after.digest(("item", "tools", other))
    assert before.digest(("keys", "tools")) == after.digest(("keys", "tools"))


def test_every_template_a_template_pulls_in_is_found_as_jinja_finds_it():
    for path in sorted(TEMPLATES.rglob("*")):
        if path.is_dir():
            continue
        name = path.relative_to(TEMPLATES).as_posix()
        source = ENVIRONMENT.loader.get_source(ENVIRONMENT, name)[0]
        by_jinja = {n for n in meta.find_referenced_templates(ENVIRONMENT.parse(source)) if n}
        assert set(_template_names(name)) - {name} >= by_jinja, name
        assert not re.search(r"\{%-?\s*(include|import|from|extends)\s+[^\"'\s]", source), (
            f"{name} pulls in a template by a computed name: page_inputs.py finds literal names only"
        )
