"""DOT text for the stack and chain diagrams: pure functions of (model, language, links).

Every label is an HTML-like label with all text entity-escaped, so quotes, braces,
backslashes or angle brackets in data render as text and cannot change the graph.
Every diagram the site draws is registered once, in registry.py.
"""

from __future__ import annotations

import math

from ..data import records as r
from ..data.markup import plain, wrap
from ..settings import addresses
from ..settings.palette import FONT, layer_colours

TOOLS_PER_ROW = 5
EDGE_COLOUR = "#8a8a8a"


def esc(text: str) -> str:
    """Escape text for a Graphviz HTML-like label or attribute."""
    return (
        plain(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", " ")
        .replace("\r", " ")
    )


def esc_attr(text: str) -> str:
    """Escape text for a quoted DOT attribute (backslashes are escapes there)."""
    return esc(text).replace("\\", "\\\\")


# Graphviz sets the lines of a label one font size apart, so Chinese characters (a full em tall)
# of one line touch the next, and the font's line boxes (1.45 em for Noto Sans CJK) overlap. A
# line's pitch is its largest font's size: each line after the first ends with a hair space
# (U+200A, a tenth of an em wide: centred lines stay centred) this many times the text's size,
# which spaces the lines and draws nothing.
LINE_PITCH = 1.5


def line_strut(size: float) -> str:
    """What sets a line of `size`-point text LINE_PITCH sizes below the one above it."""
    return f'<FONT POINT-SIZE="{math.ceil(size * LINE_PITCH)}">&#8202;</FONT>'


def lines_label(text: str, width: int, size: float) -> str:
    """An HTML-label body: wrapped, escaped lines joined by <BR/>, `size`-point text set 1.5 lines apart."""
    strut = line_strut(size)
    lines = [esc(line) for line in wrap(plain(text), width)]
    return "<BR/>".join([lines[0], *(line + strut for line in lines[1:])])


def stack_dot(model, lang: str, link_prefix: str, tools_per_row: int = TOOLS_PER_ROW, detail: bool = False) -> str:
    """The stack: one HTML table, a full-width band per layer, a linked cell per tool.

    `detail` (for posters) adds each tool's kind and each layer's input → output.
    """
    layer_ids = list(model.layers)
    rows = []
    for layer in model.layers.values():
        fill, ink, border = layer_colours(layer_ids, layer.id)
        cells = []
        tools = [model.tools[t] for t in layer.diagram]
        for start in range(0, len(tools), tools_per_row):
            chunk = tools[start : start + tools_per_row]
            cells.append(
                "<TR>"
                + "".join(_tool_cell(model, t, lang, link_prefix, border, detail, font_size=13) for t in chunk)
                + "</TR>"
            )
        inner = f'<TABLE BORDER="0" CELLSPACING="6" CELLPADDING="0">{"".join(cells)}</TABLE>'
        rows.append(
            f'<TR><TD BGCOLOR="{fill}" WIDTH="210" ALIGN="LEFT" BALIGN="LEFT" CELLPADDING="10" '
            f'HREF="{link_prefix}{addresses.layer_path(layer.id)}" TOOLTIP="{esc(layer.summary.get(lang))}" '
            f'ID="layer-{layer.id}" TARGET="_top">'
            f'<FONT COLOR="{ink}" POINT-SIZE="15"><B>{lines_label(layer.name.get(lang), 22, 15)}</B></FONT>'
            + (
                f'<BR/>{line_strut(12)}<FONT COLOR="{ink}" POINT-SIZE="10">{lines_label(layer.takes.get(lang) + " → " + layer.gives.get(lang), 34, 10)}</FONT>'
                if detail
                else ""
            )
            + "</TD>"
            f'<TD BGCOLOR="{fill}" WIDTH="760" CELLPADDING="6">{inner}</TD></TR>'
        )
    table = f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="3" CELLPADDING="0">{"".join(rows)}</TABLE>'
    return (
        "digraph stack {\n"
        f'  graph [bgcolor="transparent", pad="0.05", margin="0", fontname="{FONT}"];\n'
        f'  node [shape=plain, fontname="{FONT}", fontsize="13"];\n'
        f"  stack [label=<{table}>];\n"
        "}\n"
    )


NARROW_TOOLS_PER_ROW = 2


def stack_narrow_dot(model, lang: str, link_prefix: str) -> str:
    """The stack for phones and tablets: each layer's name on its own band, its tools two abreast.

    About 330 pt wide (the wide stack is about 1000), so on a 390-px screen the labels stay
    above 11 px and every box is a finger's height.
    """
    layer_ids = list(model.layers)
    rows = []
    for layer in model.layers.values():
        fill, ink, border = layer_colours(layer_ids, layer.id)
        tools = [model.tools[t] for t in layer.diagram]
        cells = []
        for start in range(0, len(tools), NARROW_TOOLS_PER_ROW):
            chunk = tools[start : start + NARROW_TOOLS_PER_ROW]
            cells.append(
                "<TR>"
                + "".join(
                    _tool_cell(model, t, lang, link_prefix, border, False, width=150, wrap=16, font_size=14)
                    for t in chunk
                )
                + ("<TD></TD>" * (NARROW_TOOLS_PER_ROW - len(chunk)))
                + "</TR>"
            )
        inner = f'<TABLE BORDER="0" CELLSPACING="5" CELLPADDING="0">{"".join(cells)}</TABLE>'
        rows.append(
            f'<TR><TD BGCOLOR="{fill}" ALIGN="LEFT" BALIGN="LEFT" CELLPADDING="7" '
            f'HREF="{link_prefix}{addresses.layer_path(layer.id)}" TOOLTIP="{esc(layer.summary.get(lang))}" '
            f'ID="layer-{layer.id}" TARGET="_top">'
            f'<FONT COLOR="{ink}" POINT-SIZE="15"><B>{lines_label(layer.name.get(lang), 30, 15)}</B></FONT></TD></TR>'
            f'<TR><TD BGCOLOR="{fill}" CELLPADDING="3">{inner}</TD></TR>'
        )
    table = f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">{"".join(rows)}</TABLE>'
    return (
        "digraph stack {\n"
        f'  graph [bgcolor="transparent", pad="0.05", margin="0", fontname="{FONT}"];\n'
        f'  node [shape=plain, fontname="{FONT}", fontsize="14"];\n'
        f"  stack [label=<{table}>];\n"
        "}\n"
    )


def _tool_cell(
    model,
    tool: r.Tool,
    lang: str,
    link_prefix: str,
    border: str,
    detail: bool,
    width: int = 0,
    wrap: int = 18,
    font_size: float = 13,
) -> str:
    size = f' WIDTH="{width}"' if width else ""
    kind = (
        f'<BR/>{line_strut(10)}<FONT COLOR="#555555" POINT-SIZE="9">{esc(model.kinds[tool.kind].name.get(lang))}</FONT>'
        if detail
        else ""
    )
    return (
        f'<TD BGCOLOR="#ffffff" BORDER="1" COLOR="{border}" CELLPADDING="6" STYLE="rounded" '
        f'HREF="{link_prefix}{addresses.tool_path(tool.id)}" TOOLTIP="{esc(tool.summary.get(lang))}" '
        f'ID="tool-{tool.id}" TARGET="_top"{size}>'
        f'<FONT COLOR="#1a1a1a">{lines_label(tool.name.get(lang), wrap, font_size)}</FONT>{kind}</TD>'
    )


WIDE_WRAP = 34
NARROW_WRAP = 24  # characters per line in a narrow diagram's boxes


def chain_dot(model, chain: r.Chain, lang: str, link_prefix: str, narrow: bool = False) -> str:
    """A chain, top to bottom; a step with options fans out into side-by-side branches.

    `narrow` (phones): one column, a decision and its branches drawn as one box with a row
    per branch, and shorter lines, so the diagram is never wider than a phone's screen.
    """
    head = [
        "digraph chain {",
        f'  graph [bgcolor="transparent", pad="0.05", margin="0", nodesep="0.25", ranksep="0.28", fontname="{FONT}"];',
        f'  node [fontname="{FONT}", fontsize="13", margin="0.12,0.06"];',
        f'  edge [color="{EDGE_COLOUR}", arrowsize="0.7", penwidth="1.3"];',
    ]
    return "\n".join([*head, *_chain_statements(model, chain, lang, link_prefix, narrow), "}"]) + "\n"


def _step_name(names: str, step: int, option: int | None = None) -> str:
    """A step's node name (`s2`, a branch's `s2o1`), after `names`, which keeps chains drawn together apart."""
    return f"{names}s{step}" + ("" if option is None else f"o{option}")


def _chain_statements(model, chain: r.Chain, lang: str, link_prefix: str, narrow: bool, names: str = "") -> list[str]:
    """A chain's nodes and edges, each node named after `names` (see `_step_name`)."""
    layer_ids = list(model.layers)
    out = []
    previous: list[str] = []
    wrap = NARROW_WRAP if narrow else WIDE_WRAP
    for i, step in enumerate(chain.steps):
        if step.options and narrow:
            name = _step_name(names, i)
            out.append(_decision_table(model, name, step, lang, link_prefix, layer_ids))
            out += [f"  {p} -> {name};" for p in previous]
            previous = [name]
        elif step.options:
            branches = []
            decision = _step_name(names, i)
            out.append(_node(model, decision, step, lang, link_prefix, layer_ids, decision_point=True))
            out += [f"  {p} -> {decision};" for p in previous]
            for j, option in enumerate(step.options):
                name = _step_name(names, i, j)
                branches.append(name)
                out.append(_node(model, name, option, lang, link_prefix, layer_ids))
                out.append(f'  {decision} -> {name} [style="dashed"];')
            out.append(f"  {{ rank=same; {'; '.join(branches)}; }}")
            previous = branches
        else:
            name = _step_name(names, i)
            out.append(_node(model, name, step, lang, link_prefix, layer_ids, wrap=wrap))
            out += [f"  {p} -> {name};" for p in previous]
            previous = [name]
    return out


def _decision_table(model, name: str, step: r.Step, lang: str, link_prefix: str, layer_ids: list[str]) -> str:
    """A decision and its branches as one box (narrow layout): the question, then a linked row per branch."""
    fill, ink, border = layer_colours(layer_ids, model.step_layer(step))
    rows = [
        f'<TR><TD ALIGN="LEFT" BALIGN="LEFT" CELLPADDING="5" TOOLTIP="{esc(step.text.get(lang))}">'
        f'<FONT COLOR="{ink}">{lines_label(step.text.get(lang), NARROW_WRAP, 13)}</FONT></TD></TR>'
    ]
    for option in step.options:
        o_fill, o_ink, o_border = layer_colours(layer_ids, model.step_layer(option))
        link = ""
        if option.tools:
            target = model.tools[option.tools[0]]
            tip = option.note.get(lang) if option.note else target.summary.get(lang)
            link = f' HREF="{link_prefix}{addresses.tool_path(target.id)}" TARGET="_top" TOOLTIP="{esc(tip)}"'
        elif option.note:
            link = f' TOOLTIP="{esc(option.note.get(lang))}"'
        rows.append(
            f'<TR><TD BGCOLOR="{o_fill}" BORDER="1" COLOR="{o_border}" STYLE="rounded" ALIGN="LEFT" BALIGN="LEFT" '
            f'CELLPADDING="5"{link}><FONT COLOR="{o_ink}">⤷ {lines_label(option.text.get(lang), NARROW_WRAP - 2, 13)}</FONT></TD></TR>'
        )
    table = f'<TABLE BORDER="1" CELLBORDER="0" STYLE="rounded" COLOR="{border}" BGCOLOR="{fill}" CELLSPACING="4" CELLPADDING="0">{"".join(rows)}</TABLE>'
    return f"  {name} [shape=plain, label=<{table}>];"


def _node(
    model,
    name: str,
    node: r.StepNode,
    lang: str,
    link_prefix: str,
    layer_ids: list[str],
    decision_point: bool = False,
    wrap: int = WIDE_WRAP,
) -> str:
    fill, ink, border = layer_colours(layer_ids, model.step_layer(node))
    attrs = [f'label=<<FONT COLOR="{ink}">{lines_label(node.text.get(lang), wrap, 13)}</FONT>>']
    if decision_point:
        attrs += ['shape="box"', 'style="rounded,filled,dashed"', f'fillcolor="{fill}"', f'color="{border}"']
    elif node.artifact:
        attrs += ['shape="note"', 'style="filled"', f'fillcolor="{fill}"', f'color="{border}"', 'penwidth="1.2"']
    else:
        attrs += ['shape="box"', 'style="rounded,filled"', f'fillcolor="{fill}"', f'color="{border}"', 'penwidth="1.2"']
    if node.tools:
        target = model.tools[node.tools[0]]
        attrs += [f'href="{link_prefix}{addresses.tool_path(target.id)}"', 'target="_top"']
        tip = node.note.get(lang) if node.note else target.summary.get(lang)
        attrs.append(f'tooltip="{esc_attr(tip)}"')
    # No tooltip on a step that links nowhere: Graphviz would wrap it in an <a> without href, a
    # link search engines cannot follow (the chain's page lists every step with its note).
    return f"  {name} [{', '.join(attrs)}];"


def group_dot(model, chains: list[r.Chain], lang: str, link_prefix: str, narrow: bool = False) -> str:
    """Several chains side by side, one column each (9.14: one op down every path).

    `narrow` (phones): the chains one below another instead, each in its narrow layout.
    """
    body = []
    for c, chain in enumerate(chains):
        statements = _chain_statements(model, chain, lang, link_prefix, narrow, names=f"c{c}")
        body.append(f"  subgraph cluster_{c} {{")
        body.append(
            f'    label=<<B>{lines_label(chain.title.get(lang), NARROW_WRAP + 6 if narrow else 200, 13)}</B>>; labeljust="c"; style="rounded"; color="#b0b0b0";'
        )
        body.append(
            f'    href="{link_prefix}{addresses.chain_path(chain.id)}"; target="_top"; tooltip="{esc_attr(chain.title.get(lang))}";'
        )
        body += ["  " + line for line in statements]
        body.append("  }")
        if narrow and c:
            # One below another: the previous chain's last step sits above this chain's first.
            above = _step_name(f"c{c - 1}", len(chains[c - 1].steps) - 1)
            body.append(f'  {above} -> {_step_name(f"c{c}", 0)} [style="invis"];')
    return (
        "digraph group {\n"
        f'  graph [bgcolor="transparent", pad="0.05", margin="0", nodesep="0.2", ranksep="0.25", fontname="{FONT}", fontsize="13"];\n'
        f'  node [fontname="{FONT}", fontsize="12", margin="0.1,0.05"];\n'
        f'  edge [color="{EDGE_COLOUR}", arrowsize="0.7", penwidth="1.2"];\n' + "\n".join(body) + "\n}\n"
    )


def kernels_dot(paths: list[tuple[str, list[str], str]], link_prefix: str, chains: list[str | None]) -> str:
    """Measured paths, one row each: the path's name, then the kernel groups it launched, in order.

    `paths` holds (path label, kernel group labels, label for a path that was not measured);
    `chains` the chain id each path follows (its name links there), or None.
    """
    out = [
        "digraph kernels {",
        f'  graph [rankdir="LR", bgcolor="transparent", pad="0.05", margin="0", nodesep="0.12", ranksep="0.2", fontname="{FONT}"];',
        f'  node [fontname="{FONT}", fontsize="12", margin="0.07,0.05", shape="box", style="rounded,filled", fillcolor="#f4f4f4", color="#8a8a8a"];',
        f'  edge [color="{EDGE_COLOUR}", arrowsize="0.7", penwidth="1.2"];',
    ]
    heads = []
    for i, ((label, kernels, missing), chain) in enumerate(zip(paths, chains, strict=True)):
        # A tooltip only with a link: Graphviz would wrap a lone tooltip in an <a> without href.
        link = (
            f', href="{link_prefix}{addresses.chain_path(chain)}", target="_top", tooltip="{esc_attr(label)}"'
            if chain
            else ""
        )
        out.append(f'  p{i} [label=<<B>{lines_label(label, 16, 12)}</B>>, shape="plaintext", style=""{link}];')
        heads.append(f"p{i}")
        previous = f"p{i}"
        if not kernels:
            out.append(f'  p{i}k0 [label=<{esc(missing)}>, style="dashed", fillcolor="white"];')
            out.append(f'  {previous} -> p{i}k0 [style="dashed"];')
            continue
        for k, kernel in enumerate(kernels):
            out.append(f"  p{i}k{k} [label=<{lines_label(kernel, 16, 12)}>];")
            out.append(f"  {previous} -> p{i}k{k};")
            previous = f"p{i}k{k}"
    # Keep the rows in the table's order, top to bottom.
    out += [f'  {a} -> {b} [style="invis"];' for a, b in zip(heads, heads[1:], strict=False)]
    out.append("  { rank=same; " + "; ".join(heads) + "; }")
    out.append("}")
    return "\n".join(out) + "\n"


NARROW_KERNEL_WRAP = 12  # columns per line of a kernel box in the narrow layout
NARROW_KERNELS_PER_LINE = 3  # a longer sequence goes on below (↳), so no row is wider than a phone


def kernels_narrow_dot(paths: list[tuple[str, list[str], str]], link_prefix: str, chains: list[str | None]) -> str:
    """The same rows for a phone, as one left-aligned block: each path's name above the kernels
    it launched, at most three to a line, so the block is about 300 pt wide and its 12 pt text
    stays at 11 px or more on a 390 px screen."""
    rows = []
    for (label, kernels, missing), chain in zip(paths, chains, strict=True):
        link = (
            f' HREF="{link_prefix}{addresses.chain_path(chain)}" TARGET="_top" TITLE="{esc_attr(label)}"'
            if chain
            else ""
        )
        rows.append(f'<TR><TD ALIGN="LEFT" BALIGN="LEFT"{link}><B>{lines_label(label, 44, 12)}</B></TD></TR>')
        boxes = [
            f'<TD BGCOLOR="#f4f4f4" STYLE="rounded">{lines_label(k, NARROW_KERNEL_WRAP, 12)}</TD>' for k in kernels
        ]
        boxes = boxes or [f'<TD STYLE="dashed">{esc(missing)}</TD>']
        arrow = f'<TD BORDER="0"><FONT COLOR="{EDGE_COLOUR}">→</FONT></TD>'
        for start in range(0, len(boxes), NARROW_KERNELS_PER_LINE):
            line = arrow.join(boxes[start : start + NARROW_KERNELS_PER_LINE])
            if start:
                line = f'<TD BORDER="0"><FONT COLOR="{EDGE_COLOUR}">↳</FONT></TD>' + line
            rows.append(
                '<TR><TD><TABLE BORDER="0" CELLBORDER="1" CELLSPACING="4" CELLPADDING="3" '
                f'COLOR="#8a8a8a">{"<TR>" + line + "</TR>"}</TABLE></TD></TR>'
            )
    table = f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">{"".join(rows)}</TABLE>'
    return (
        "digraph kernels {\n"
        f'  graph [bgcolor="transparent", pad="0.05", margin="0", fontname="{FONT}"];\n'
        f'  node [fontname="{FONT}", fontsize="12", shape="plaintext", margin="0"];\n'
        f"  paths [label=<{table}>];\n"
        "}\n"
    )


def measured_kernels_dot(model, lang: str, link_prefix: str, size: int, narrow: bool = False) -> str:
    """The measured paths at one size (data/evidence/), each with the kernel groups it launched."""
    gelu = model.evidence.gelu

    def label(word_id: str) -> str:
        return model.measurements[word_id].label.get(lang)

    groups = {group: label(group) for group in gelu.groups}
    rows = []
    for path in gelu.paths:
        result = next((s for s in path.sizes if s.size == size and s.status == "measured"), None)
        kernels = [groups.get(k.group, k.group) for k in result.kernels] if result else []
        rows.append((label(path.id), kernels, model.interface["not-measured"].text.get(lang)))
    return (kernels_narrow_dot if narrow else kernels_dot)(rows, link_prefix, [path.chain for path in gelu.paths])
