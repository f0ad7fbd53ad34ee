"""The data model: the real data loads; broken copies fail with file:line, path and a fix."""

from __future__ import annotations

from typing import get_args

from conftest import ROOT, line_of, replace_in, run_validate

from macros.core.data import records as r
from macros.core.data.fact_checks import RecordCheck
from macros.core.data.loading import load


def test_real_data_loads_with_every_layer_and_diagram_tool():
    model = load(ROOT / "data")
    assert list(model.layers) == [
        "frameworks",
        "graph-compilers",
        "kernel-dsl",
        "cuda-libraries",
        "ir",
        "driver-runtime",
        "hardware",
    ]
    diagram_items = [tool for layer in model.layers.values() for tool in layer.diagram]
    assert len(diagram_items) >= 46
    for tool_id in diagram_items:
        assert model.tools[tool_id].summary.zh and model.tools[tool_id].summary.en


def test_real_data_validates_with_exit_zero():
    done = run_validate(ROOT / "data")
    assert done.returncode == 0, done.stderr
    assert "data OK" in done.stdout


def test_missing_english_text_names_file_line_and_path(data_copy):
    layers = data_copy / "layers.yaml"
    line = line_of(layers, "gives: {zh: 计算结果")
    replace_in(layers, 'gives: {zh: 计算结果, en: "Results"}', "gives: {zh: 计算结果}")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"layers.yaml:{line}:" in done.stderr
    assert "layers[6].gives.en: missing English text" in done.stderr


def test_unknown_key_suggests_the_right_one(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, "    takes: {zh: 模型代码", "    tkaes: {zh: 模型代码")
    line = line_of(layers, "tkaes:")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"layers.yaml:{line}:5: layers[0].tkaes: unknown key 'tkaes'. Did you mean 'takes'?" in done.stderr


def test_unknown_layer_reference_suggests_the_closest_id(data_copy):
    tools = data_copy / "tools.yaml"
    text = tools.read_text(encoding="utf-8")
    first = text.index("layer: kernel-dsl")
    tools.write_text(text[:first] + "layer: kernal-dsl" + text[first + len("layer: kernel-dsl") :], encoding="utf-8")
    line = line_of(tools, "layer: kernal-dsl")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert f"tools.yaml:{line}:" in done.stderr
    assert "unknown layer 'kernal-dsl'. Did you mean 'kernel-dsl'?" in done.stderr


def test_duplicate_id_points_at_the_second_record_and_the_first(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, "  - id: hardware\n", "  - id: frameworks\n")
    first, second = [
        n for n, text in enumerate(layers.read_text(encoding="utf-8").splitlines(), 1) if text == "  - id: frameworks"
    ]
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert (
        f"layers.yaml:{second}:5: layers[6].id: duplicate id 'frameworks' (first used on line {first})" in done.stderr
    )


def test_empty_text_is_rejected(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, 'gives: {zh: 计算结果, en: "Results"}', 'gives: {zh: 计算结果, en: "  "}')
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert "layers[6].gives.en: empty text" in done.stderr


def test_all_errors_are_reported_in_one_run(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, 'gives: {zh: 计算结果, en: "Results"}', "gives: {zh: 计算结果}")
    replace_in(layers, "    takes: {zh: 模型代码", "    tkaes: {zh: 模型代码")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert "missing English text" in done.stderr and "unknown key 'tkaes'" in done.stderr
    assert "missing required key 'takes'" in done.stderr
    assert "3 error(s)" in done.stderr


def test_yaml_syntax_error_gives_line_and_quoting_hint(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, 'gives: {zh: 计算结果, en: "Results"}', "gives: {zh: 计算结果, en: [Results}")
    done = run_validate(data_copy)
    assert done.returncode == 1
    assert "layers.yaml:" in done.stderr and "YAML syntax error" in done.stderr
    assert "Traceback" not in done.stderr


def references_declared(record_class: type, seen: set) -> set:
    """Every RefersTo in a record class's fields and the records nested in them."""
    found, todo = set(), [(info.annotation, *info.metadata) for info in record_class.model_fields.values()]
    while todo:
        part = todo.pop()
        if isinstance(part, r.RefersTo):
            found.add(part)
        elif isinstance(part, type) and issubclass(part, r.Record) and part not in seen:
            seen.add(part)
            found |= references_declared(part, seen)
        else:
            todo += part if isinstance(part, tuple) else get_args(part)
    return found


def test_every_reference_names_a_data_file_whose_records_have_ids():
    # A reference to a collection the loader does not know would never be checked.
    declared = set().union(*(references_declared(record, set()) for record in [*r.FILES.values(), RecordCheck]))
    assert declared, "no field names a record of another file"
    assert all(target.collection in r.FILES and r.keyed(target.collection) for target in declared)


def test_the_model_declares_a_collection_for_every_data_file_of_the_registry():
    # Declared, so an editor and a type checker know `model.tools`; a new file type needs its field.
    from dataclasses import fields

    from macros.core.data.model import Model

    declared = [f.name for f in fields(Model)][: len(r.FILES)]
    assert declared == list(r.FILES), "declare each data file's collection on Model, in the registry's order"
    for stem, record in r.FILES.items():
        kind = Model.__dataclass_fields__[stem].type
        assert kind == (f"dict[str, r.{record.__name__}]" if r.keyed(stem) else f"list[r.{record.__name__}]")
