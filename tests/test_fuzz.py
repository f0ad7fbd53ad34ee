"""Property-based tests: records around the schema's edges never crash the loader, and
whatever validates also builds. The generated records go into the small fixture data set
(tests/small_site.py): the loader's and the build's paths are the same, each example cheaper.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import build_site
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from small_site import small_data, small_model

from macros.core.data.loading import load
from macros.core.data.problems import DataError

REAL_TOOLS = yaml.safe_load((small_data() / "tools.yaml").read_text(encoding="utf-8"))["tools"]
# A few real ids of each kind of record a tool names, and ids no record has.
REAL_LAYERS, REAL_KINDS = sorted(small_model().layers)[:3], sorted(small_model().kinds)[:3]
LAYERS = [*REAL_LAYERS, "no-such-layer", ""]
KINDS = [*REAL_KINDS, "nonsense"]
TOOL_IDS = [*sorted(small_model().tools)[:2], "nope"]
REFERENCE_IDS = [sorted(small_model().references)[0], "nope"]

# Text near the edges: empty, blank, control characters, markup, template syntax, long, CJK.
edge_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        ["", " ", "\t", "\n", "<script>x</script>", "{{ 1 }}", "{% x %}", "a: b, c", "「张量核心」", "x" * 5000]
    ),
)
text_value = st.one_of(
    st.fixed_dictionaries({"zh": edge_text, "en": edge_text}),
    st.fixed_dictionaries({"zh": edge_text}),
    edge_text,
    st.integers(),
    st.none(),
    st.lists(edge_text, max_size=2),
)
any_value = st.one_of(text_value, st.booleans(), st.dictionaries(st.text(max_size=5), edge_text, max_size=2))

tool_record = st.fixed_dictionaries(
    {"id": st.one_of(st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,5})?", fullmatch=True), edge_text, st.integers())},
    optional={
        "name": text_value,
        "summary": text_value,
        "layer": st.one_of(st.sampled_from(LAYERS), any_value),
        "kind": st.one_of(st.sampled_from(KINDS), any_value),
        "aliases": st.one_of(st.lists(edge_text, max_size=3), any_value),
        "relations": st.lists(
            st.fixed_dictionaries(
                {
                    "type": st.sampled_from(["uses", "part-of", "bogus"]),
                    "tool": st.sampled_from(TOOL_IDS),
                }
            ),
            max_size=3,
        ),
        "docs": st.lists(st.sampled_from(REFERENCE_IDS), max_size=2),
        "surprise": any_value,
    },
)


REAL_TOOLS_TEXT = yaml.safe_dump({"tools": REAL_TOOLS}, allow_unicode=True)  # "tools:\n- id: …" (indentless)


def with_tools(tmp_path: Path, extra: list) -> Path:
    """A data folder: the small data set, with `extra` tool records appended (copied once per test)."""
    data = tmp_path / "data"
    if not data.exists():
        shutil.copytree(small_data(), data)
    shutil.copyfile(small_data() / "layers.yaml", data / "layers.yaml")
    appended = yaml.safe_dump(extra, allow_unicode=True) if extra else ""
    (data / "tools.yaml").write_text(REAL_TOOLS_TEXT + appended, encoding="utf-8")
    return data


@pytest.mark.slow  # 60 generated inputs, each a whole load of the small data set
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=st.lists(tool_record, min_size=1, max_size=3))
def test_loader_never_crashes_on_records_around_the_schema_edges(tmp_path, records):
    data = with_tools(tmp_path, records)
    try:
        load(data)
    except DataError as error:
        for problem in error.problems:
            assert problem.file.endswith(".yaml") and problem.line >= 1 and problem.message


@pytest.mark.slow  # 60 generated inputs, each a whole load of the small data set
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    position=st.integers(min_value=0),
    junk=st.sampled_from(["\t", ":", "- ", "{", "]", '"', "&a ", "*a", "\x00", "\n  ", "é", "!!python/object "]),
)
def test_loader_never_crashes_on_corrupted_yaml_text(tmp_path, position, junk):
    data = with_tools(tmp_path, [])
    layers = data / "layers.yaml"
    text = layers.read_text(encoding="utf-8")
    cut = position % (len(text) + 1)
    layers.write_text(text[:cut] + junk + text[cut:], encoding="utf-8")
    try:
        load(data)
    except DataError as error:
        assert all(p.line >= 1 for p in error.problems)


valid_tool = st.fixed_dictionaries(
    {
        "id": st.from_regex(r"fuzz-[a-z0-9]{1,6}", fullmatch=True),
        "name": st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(
            str.strip
        ),
        "layer": st.sampled_from(REAL_LAYERS),
        "kind": st.sampled_from(REAL_KINDS),
        "summary": st.fixed_dictionaries(
            {
                "zh": st.text(
                    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60
                ).filter(str.strip),
                "en": st.text(
                    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60
                ).filter(str.strip),
            }
        ),
    }
)


@pytest.mark.build
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=st.lists(valid_tool, min_size=1, max_size=2, unique_by=lambda t: t["id"]))
def test_whatever_validates_also_builds(tmp_path, records):
    data = with_tools(tmp_path, records)
    try:
        load(data)
    except DataError:
        return  # only records that validate must build
    site = tmp_path / "site"
    done = build_site(site, data)
    assert done.returncode == 0, done.stderr[-3000:]
    for record in records:
        assert (site / "en" / "tools" / record["id"] / "index.html").exists()
