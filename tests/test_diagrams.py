"""DOT generation, tested as pure functions of the model (no Graphviz needed)."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

import pytest
from conftest import ROOT, run_build
from test_incremental import differences

from macros.core.data import records as r
from macros.core.data.loading import load
from macros.core.data.markup import HAN, wrap
from macros.core.diagrams.dot_text import chain_dot, esc, group_dot, stack_dot
from macros.core.diagrams.registry import every_dot, site_diagrams
from macros.core.settings.languages import read_languages
from macros.core.settings.palette import LAYER_COLOURS

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


def test_chains_drawn_together_keep_their_own_node_names_and_their_text():
    # Step text that reads like a node name stays text; only the nodes get each chain's prefix.
    text = "feed s1 then s2o1 ;"
    dot = group_dot(MODEL, [sample_chain(), sample_chain(text=text)], "en", "", narrow=True)
    assert dot.count(f">{text}<") == 1  # its label, as written
    assert "c0s0 -> c0s1;" in dot and "c1s1 -> c1s2;" in dot
    assert 'c0s2 -> c1s0 [style="invis"];' in dot  # the second chain drawn below the first
    assert not re.search(r"(?<![\w\"])s\d+(o\d+)?[ ;\]]", dot.replace(text, "")), dot


# ---------------------------------------------------------------- rendering (real Graphviz, real builds)


def inline_svgs(site) -> dict[str, list[str]]:
    found = {}
    for page in sorted(site.rglob("*.html")):
        svgs = re.findall(r'<svg role="(?:img|group)".*?</svg>', page.read_text(encoding="utf-8"), re.S)
        if svgs:
            found[str(page.relative_to(site))] = svgs
    return found


@pytest.mark.build
def test_a_warm_rebuild_of_the_real_site_runs_dot_zero_times_and_its_reused_pages_verify(
    served_site, shared_site_layout, tmp_path
):
    built_site, url = served_site
    # The shared site was built from an empty cache of its own, counting its `dot` runs.
    cold_runs = len(shared_site_layout.dot_runs.read_text().splitlines())
    assert cold_runs >= len(MODEL.chains) * 2  # every chain, in both languages, at least
    counter = tmp_path / "dot-runs.txt"
    site = tmp_path / "second"
    # The real site once more, from its cache: every page reusable, 25 of each language rendered
    # again at random and compared with the stored copy (an input the build key misses would show).
    done = run_build(
        ROOT,
        site,
        shared_site_layout.cache,
        with_print=True,  # as the shared site was (its PDFs come from the print cache)
        SITE_URL=url,
        GSM_DOT_COUNTER=str(counter),
        extra=["--verify-reuse", "25"],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    verified = re.findall(r"verify-reuse \((\w+)\): (\d+) reusable pages rendered again, all identical", done.stderr)
    languages = read_languages(ROOT / "mkdocs.yml").codes
    assert sorted(lang for lang, _ in verified) == sorted(languages), done.stderr[-2000:]
    # A sampled page may never be stored (nothing to reuse); most are.
    assert all(int(count) >= 15 for _, count in verified), verified
    assert not counter.exists() or counter.read_text() == ""  # warm: served from the cache
    first, second = inline_svgs(built_site), inline_svgs(site)
    assert first and first == second
    # Nothing the reuse left out: the warm site is the clean one, file for file.
    assert not differences(built_site, site)


GRAPHVIZ_FIGURE = re.compile(r'<svg role="(?:img|group)" aria-labelledby="(\S+)-title \S+-desc" class="gsm-svg"')


def test_every_diagram_a_page_draws_is_registered_for_that_page(built_site):
    # The build renders the registered diagrams up front, linked as their registered pages link,
    # and `make diff-diagrams` compares them: a figure drawn elsewhere would be missed by both.
    languages = read_languages(ROOT / "mkdocs.yml")
    registered = {diagram.id: diagram for diagram in site_diagrams(MODEL)}
    drawn, unregistered = set(), []
    for lang in languages.codes:
        root = built_site / languages.prefix(lang)
        for page in sorted(root.rglob("index.html")):
            url = page.parent.relative_to(root).as_posix() + "/"
            url = "" if url == "./" else url
            if any(url.startswith(languages.prefix(other)) for other in languages.others if other != lang):
                continue
            for uid in GRAPHVIZ_FIGURE.findall(page.read_text(encoding="utf-8")):
                diagram = registered.get(uid)
                pattern = next((p for p in diagram.pages if fnmatchcase(url, p)), None) if diagram else None
                if pattern is None:
                    unregistered.append(f"{lang}: {url or '(home)'} draws {uid}")
                drawn.add((uid, pattern))
    assert not unregistered, "drawn but not registered in site_diagrams for that page:\n" + "\n".join(unregistered)
    assert len(drawn) > 100
    # Every diagram is drawn, on each of its pages named exactly (`tools/*/`: any tool page may).
    never = [
        f"{d.id} on {page or '(home)'}"
        for d in registered.values()
        for page in d.pages
        if (d.id, page) not in drawn and ("*" not in page or not any(uid == d.id for uid, _ in drawn))
    ]
    assert not never, "registered but never drawn there:\n" + "\n".join(never)


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


# ---------------------------------------------------------------- labels: where lines break


@pytest.mark.parametrize(
    "text,width,lines",
    [
        ("图编译器 / 运行时 / 推理引擎", 22, ["图编译器 / 运行时 /", "推理引擎"]),
        ("Kernel DSL / Kernel 库 / 系统语言", 22, ["Kernel DSL /", "Kernel 库 / 系统语言"]),
        ("流（stream）/ 上下文（context）", 18, ["流（stream）/", "上下文（context）"]),
        ("执行卷积/矩阵乘/attention/融合 kernel", 24, ["执行卷积/", "矩阵乘/attention/", "融合 kernel"]),
        ("XLA:GPU 后端为一个融合生成 kernel", 24, ["XLA:GPU 后端为一个", "融合生成 kernel"]),
        ("Graph compilers, runtimes & inference engines", 22, ["Graph compilers,", "runtimes & inference", "engines"]),
    ],
)
def test_chinese_labels_break_at_the_slashes_or_between_words(text, width, lines):
    assert wrap(text, width) == lines


LANGUAGES = read_languages(ROOT / "mkdocs.yml").codes


def label_lines(dot: str) -> list[list[str]]:
    """Each HTML-like label's text lines, as Graphviz will set them (tags dropped)."""
    labels = re.findall(r"<FONT[^>]*>((?:(?!</FONT>).)*?<BR/>(?:(?!</?FONT).)*)", dot)
    return [[re.sub(r"<[^>]+>|&#8202;", "", line).strip() for line in label.split("<BR/>")] for label in labels]


def every_dot_text() -> list[str]:
    dots = every_dot(site_diagrams(MODEL), LANGUAGES)
    return dots + [stack_dot(MODEL, lang, "", tools_per_row=n, detail=True) for lang in LANGUAGES for n in (2, 3, 4)]


def test_no_label_line_starts_with_a_closing_mark_or_slash_or_ends_with_an_opening_one():
    bad = []
    for dot in every_dot_text():
        for lines in label_lines(dot):
            for before, after in zip(lines, lines[1:], strict=False):
                if before and after and (before[-1] in "（([「《" or after[0] in "）)]」》、，。；：/"):
                    bad.append(f"{before} | {after}")
    assert not bad, bad


HAN_RUN_END = re.compile(r"[\u3400-\u9fff]+$")
HAN_RUN_START = re.compile(r"[\u3400-\u9fff]+")


def test_no_layer_or_tool_name_breaks_inside_a_chinese_word():
    names = [layer.name for layer in MODEL.layers.values()] + [tool.name for tool in MODEL.tools.values()]
    split = [
        (text, width, lines)
        for name in names
        for text in (name.get(lang) for lang in LANGUAGES)
        for width in (16, 18, 22, 30)
        for lines in [wrap(text, width)]
        for a, b in zip(lines, lines[1:], strict=False)
        # two Chinese characters apart only where their run of them is wider than the line
        if HAN.match(a[-1:])
        and HAN.match(b[:1])
        and len(HAN_RUN_END.search(a)[0] + HAN_RUN_START.match(b)[0]) * 2 <= width
    ]
    assert not split, split


def test_label_lines_are_set_apart_so_chinese_lines_never_touch():
    dot = stack_dot(MODEL, "zh", "")
    label = re.search(r"<B>(图编译器[^<]*)<BR/>(推理引擎)<FONT POINT-SIZE=\"(\d+)\">&#8202;</FONT></B>", dot)
    assert label, "the layer's name wraps at its slashes, its second line spaced by a strut"
    assert int(label.group(3)) >= 15 * 1.45  # Noto Sans CJK's line box is 1.45 em tall
