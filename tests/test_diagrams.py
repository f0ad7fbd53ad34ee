"""DOT generation, tested as pure functions of the model (no Graphviz needed)."""

from __future__ import annotations

import re

from conftest import ROOT, build_site

from macros.core import records as r
from macros.core.diagrams import chain_dot, esc, stack_dot
from macros.core.model import load
from macros.core.palette import LAYER_COLOURS

MODEL = load(ROOT / "data")


def test_stack_lists_layers_top_to_bottom_in_seed_order():
    dot = stack_dot(MODEL, "en", "")
    positions = [dot.index(f'ID="layer-{layer_id}"') for layer_id in MODEL.layers]
    assert positions == sorted(positions)


def test_stack_has_every_diagram_tool_exactly_once_with_a_relative_link():
    dot = stack_dot(MODEL, "zh", "../../")
    for layer in MODEL.layers.values():
        for tool_id in layer.diagram:
            assert dot.count(f'ID="tool-{tool_id}"') == 1
            assert f'HREF="../../tools/{tool_id}/"' in dot


def test_each_layer_band_uses_its_own_colour():
    dot = stack_dot(MODEL, "en", "")
    for (fill, _ink, _border), layer_id in zip(LAYER_COLOURS, MODEL.layers, strict=True):
        band = re.search(rf'<TD BGCOLOR="([^"]+)"[^>]*ID="layer-{layer_id}"', dot)
        assert band and band.group(1) == fill


def test_layer_colours_step_down_in_lightness_for_grayscale_print():
    def lightness(hex_colour: str) -> float:
        red, green, blue = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    values = [lightness(fill) for fill, _, _ in LAYER_COLOURS]
    assert all(a - b > 0.05 for a, b in zip(values, values[1:], strict=False))


def test_stack_text_follows_the_language():
    assert "GPU 硬件" in stack_dot(MODEL, "zh", "")
    assert "GPU hardware" in stack_dot(MODEL, "en", "")


def sample_chain(**step_changes) -> r.Chain:
    tool = next(iter(MODEL.tools))
    return r.Chain(
        id="sample",
        title={"zh": "示例", "en": "Sample"},
        section="0",
        steps=[
            {"text": "source", "tools": [tool]},
            {"text": "decide", "options": [{"text": "left", "tools": [tool]}, {"text": "right", "artifact": True}]},
            {"text": "GPU", "layer": "hardware", **step_changes},
        ],
    )


def test_chain_branches_fan_out_and_join():
    dot = chain_dot(MODEL, sample_chain(), "en", "")
    assert "s0 -> s1;" in dot
    assert "s1 -> s1o0" in dot and "s1 -> s1o1" in dot
    assert "s1o0 -> s2;" in dot and "s1o1 -> s2;" in dot
    assert "rank=same; s1o0; s1o1;" in dot


def test_chain_artifacts_are_drawn_as_notes_and_tools_as_boxes():
    dot = chain_dot(MODEL, sample_chain(), "en", "")
    assert re.search(r's1o1 \[[^\]]*shape="note"', dot)
    assert re.search(r's1o0 \[[^\]]*shape="box"', dot)


def test_hostile_text_cannot_escape_a_label():
    hostile = 'a"b<c>{d}\\e\n]; evil [label="x'
    escaped = esc(hostile)
    assert '"' not in escaped and "<" not in escaped and ">" not in escaped and "\n" not in escaped
    dot = chain_dot(MODEL, sample_chain(text=hostile), "en", "")
    assert "evil [" in dot  # present only as text inside the label …
    assert "\n  evil" not in dot  # … never as a statement of its own


# ---------------------------------------------------------------- rendering (real Graphviz, real builds)


def inline_svgs(site) -> dict[str, list[str]]:
    found = {}
    for page in sorted(site.rglob("*.html")):
        svgs = re.findall(r'<svg role="(?:img|group)".*?</svg>', page.read_text(encoding="utf-8"), re.S)
        if svgs:
            found[str(page.relative_to(site))] = svgs
    return found


def test_rebuild_with_unchanged_data_runs_dot_zero_times_and_gives_identical_svg(
    built_site, shared_site_layout, tmp_path
):
    # The shared site was built from an empty cache of its own, counting its `dot` runs.
    cold_runs = len(shared_site_layout.dot_runs.read_text().splitlines())
    assert cold_runs >= len(MODEL.chains) * 2  # every chain, in both languages, at least
    counter = tmp_path / "dot-runs.txt"
    site = tmp_path / "second"
    done = build_site(site, GSM_CACHE_DIR=str(shared_site_layout.cache), GSM_DOT_COUNTER=str(counter))
    assert done.returncode == 0, done.stderr[-2000:]
    assert not counter.exists() or counter.read_text() == ""  # warm: served from the cache
    first, second = inline_svgs(built_site), inline_svgs(site)
    assert first and first == second


def test_inline_svg_is_responsive_titled_and_uses_plain_href(built_site):
    html = (built_site / "en" / "chains" / "cuda-cpp-direct" / "index.html").read_text(encoding="utf-8")
    svg = re.search(r'<svg role="(?:img|group)".*?</svg>', html, re.S).group(0)
    opening = svg.split(">", 1)[0]
    assert "viewBox=" in opening and " width=" not in opening and " height=" not in opening
    title = MODEL.chains["cuda-cpp-direct"].title.en.replace("`", "").replace("&", "&amp;")
    assert f">{title}</title>" in svg
    assert "<desc id=" in svg
    assert "xlink:href" not in svg and 'href="../../tools/nvcc/"' in svg
    assert "<?xml" not in html and "<!-- Generated by graphviz" not in html
