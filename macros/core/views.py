"""HTML fragments for pages: pure functions of (model, language, page location).

Every piece of data text goes through `inline_html` (escaped), so markup or template
syntax inside YAML is shown as text. Links are relative, so the site works under any base path.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from markupsafe import escape

from . import diagrams
from . import records as r
from .graphviz import inline_svg
from .model import Model, chain_tool_ids
from .palette import layer_colours
from .slots import slot
from .textutil import HAN, inline_html, plain
from .ui import ui

# Which page shows each table (the rest are on Compare); tool pages link there.
TABLE_PAGES = {"selection-guide": "choose/"}


@dataclass(frozen=True)
class Ctx:
    """Where a fragment is rendered: the model, the language, and the page's URL."""

    model: Model
    lang: str
    page_url: str  # relative to the language root, e.g. "tools/cublas/" or ""

    @property
    def root(self) -> str:
        """Relative path from this page to the language root ('' or '../../')."""
        return "../" * self.page_url.count("/")

    def href(self, target: str) -> str:
        """Relative link from this page to `target` (a URL under the language root)."""
        here = self.page_url if self.page_url.endswith("/") else posixpath.dirname(self.page_url)
        rel = posixpath.relpath(target or ".", here or ".")
        if target.endswith("/") and not rel.endswith("/"):
            rel += "/"
        return "./" if rel in (".", "./") else rel

    def t(self, text: r.Text) -> str:
        return text.get(self.lang)


def tool_link(ctx: Ctx, tool_id: str) -> str:
    tool = ctx.model.tools[tool_id]
    return f'<a class="gsm-tool-link" href="{ctx.href(f"tools/{tool_id}/")}" title="{escape(plain(ctx.t(tool.summary)))}">{inline_html(ctx.t(tool.name))}</a>'


def layer_link(ctx: Ctx, layer_id: str) -> str:
    layer = ctx.model.layers[layer_id]
    return f'<a class="gsm-layer-link" href="{ctx.href(f"layers/{layer_id}/")}">{inline_html(ctx.t(layer.name))}</a>'


def chain_link(ctx: Ctx, chain_id: str) -> str:
    chain = ctx.model.chains[chain_id]
    return f'<a href="{ctx.href(f"chains/{chain_id}/")}">{inline_html(ctx.t(chain.title))}</a>'


def layer_badge(ctx: Ctx, layer_id: str | None) -> str:
    """A small swatch in the layer's colour, used wherever a layer is named."""
    fill, ink, border = layer_colours(list(ctx.model.layers), layer_id)
    return f'<span class="gsm-swatch" style="background:{fill};border-color:{border}" aria-hidden="true"></span>'


# ---------------------------------------------------------------- diagrams


def stack_figure(ctx: Ctx, here_tool: str | None = None, here_layer: str | None = None) -> str:
    """The stack diagram; `here_*` highlights one tool or layer ('you are here')."""
    dot = diagrams.stack_dot(ctx.model, ctx.lang, ctx.root)
    svg = inline_svg(dot, "stack", ui("stack_title", ctx.lang), ui("stack_desc", ctx.lang))
    here = ""
    if here_tool:
        here = f' data-here="tool-{here_tool}"'
    elif here_layer:
        here = f' data-here="layer-{here_layer}"'
    style = ""
    if here:
        target = here.split('"')[1]
        style = (
            f'<style>.gsm-stack[data-here] [id$="a_{target}"] path,'
            f'.gsm-stack[data-here] [id$="a_{target}"] polygon'
            "{stroke:#d81b60 !important;stroke-width:4px}</style>"
        )
    return (
        f'<figure class="gsm-diagram gsm-stack" data-search-exclude{here}>{style}{slot(svg)}'
        f"<figcaption>{escape(ui('stack_title', ctx.lang))}</figcaption></figure>"
    )


def chain_figure(ctx: Ctx, chain_id: str) -> str:
    """A chain's diagram followed by its ordered step list (the text alternative)."""
    chain = ctx.model.chains[chain_id]
    dot = diagrams.chain_dot(ctx.model, chain, ctx.lang, ctx.root)
    svg = inline_svg(dot, f"chain-{chain_id}", plain(ctx.t(chain.title)), ui("chain_desc", ctx.lang))
    return (
        f'<div class="gsm-chain"><figure class="gsm-diagram gsm-chain-diagram" data-search-exclude>{slot(svg)}</figure>'
        f"{chain_steps(ctx, chain)}</div>"
    )


def group_figure(ctx: Ctx, group: str) -> str:
    """All chains of a group drawn side by side, with links to each chain's page."""
    chains = [c for c in ctx.model.chains.values() if c.group == group]
    dot = diagrams.group_dot(ctx.model, chains, ctx.lang, ctx.root)
    svg = inline_svg(dot, f"group-{group}", ui("group_gelu", ctx.lang), ui("chain_desc", ctx.lang))
    links = "".join(f"<li>{chain_link(ctx, c.id)}: {chain_steps_inline(ctx, c)}</li>" for c in chains)
    return f'<figure class="gsm-diagram gsm-group-diagram" data-search-exclude>{slot(svg)}</figure><ul class="gsm-group-list">{links}</ul>'


def chain_steps_inline(ctx: Ctx, chain: r.Chain) -> str:
    """A chain in one line: step → step → step (branches joined with ' / ')."""
    parts = []
    for step in chain.steps:
        if step.options:
            parts.append(" / ".join(inline_html(ctx.t(o.text)) for o in step.options))
        else:
            parts.append(inline_html(ctx.t(step.text)))
    return " → ".join(parts)


def chain_steps(ctx: Ctx, chain: r.Chain) -> str:
    """The chain as an ordered list; branches as a nested list."""
    items = []
    for step in chain.steps:
        body = _step_text(ctx, step)
        if step.options:
            options = "".join(f"<li>{_step_text(ctx, option)}</li>" for option in step.options)
            body += f'<ul class="gsm-branches">{options}</ul>'
        items.append(f"<li>{body}</li>")
    return f'<ol class="gsm-steps">{"".join(items)}</ol>'


def _step_text(ctx: Ctx, node: r.StepNode) -> str:
    layer = ctx.model.step_layer(node)
    text = inline_html(ctx.t(node.text))
    parts = [layer_badge(ctx, layer), f'<span class="gsm-step-text">{text}</span>']
    if node.artifact:
        parts.append(f'<span class="gsm-tag">{escape(ui("artifact", ctx.lang))}</span>')
    if node.tools:
        parts.append('<span class="gsm-step-tools">→ ' + ", ".join(tool_link(ctx, t) for t in node.tools) + "</span>")
    if node.note:
        parts.append(f'<span class="gsm-step-note">{inline_html(ctx.t(node.note))}</span>')
    return " ".join(parts)


# ---------------------------------------------------------------- tools


def tool_card(ctx: Ctx, tool_id: str, own_page: bool = False) -> str:
    """What a tool is, its input and output, how it reaches the GPU, what it suits, its docs.

    Outside the tool's own page the card is kept out of search, so the tool page ranks first.
    """
    tool = ctx.model.tools[tool_id]
    rows = [(ui("summary", ctx.lang), inline_html(ctx.t(tool.summary)))]
    if tool.layer:
        rows.append((ui("layer", ctx.lang), layer_badge(ctx, tool.layer) + layer_link(ctx, tool.layer)))
    else:
        rows.append((ui("layer", ctx.lang), escape(ui("off_stack", ctx.lang))))
    rows.append((ui("kind", ctx.lang), inline_html(ctx.t(ctx.model.kinds[tool.kind].name))))
    # Chinese aliases are search terms for Chinese readers; English pages show the others.
    aliases = [a for a in tool.aliases if ctx.lang == "zh" or not HAN.search(a)]
    if aliases:
        rows.append((ui("aliases", ctx.lang), ", ".join(inline_html(a) for a in aliases)))
    for key in ("description", "input", "output", "reaches_gpu"):
        value = getattr(tool, key)
        if value:
            rows.append((ui("what" if key == "description" else key, ctx.lang), inline_html(ctx.t(value))))
    for key in ("suits", "avoid"):
        values = getattr(tool, key)
        if values:
            items = "".join(f"<li>{inline_html(ctx.t(v))}</li>" for v in values)
            rows.append((ui(key, ctx.lang), f"<ul>{items}</ul>"))
    if tool.placement:
        rows.append((ui("placement", ctx.lang), inline_html(ctx.t(tool.placement))))
    refs, via = ctx.model.docs_for(tool_id)
    if refs:
        inherited = ""
        if via:
            inherited = " " + escape(ui("docs_via", ctx.lang).format(parent=ctx.t(ctx.model.tools[via].name)))
        rows.append((ui("docs", ctx.lang), docs_links(ctx, refs) + inherited))
    if tool.source != "map":
        rows.append(("", escape(ui(f"source_{tool.source}", ctx.lang))))
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)
    title = tool_link(ctx, tool_id)
    if own_page:  # the page's own heading names the tool already
        return f'<div class="gsm-card"><table class="gsm-facts">{body}</table></div>'
    return f'<div class="gsm-card" data-search-exclude><p class="gsm-card-title">{title}</p><table class="gsm-facts">{body}</table></div>'


def docs_links(ctx: Ctx, ref_ids: list[str]) -> str:
    links = []
    for ref_id in ref_ids:
        ref = ctx.model.references[ref_id]
        links.append(f'<a href="{escape(ref.url)}" rel="noopener">{inline_html(ctx.t(ref.title))}</a>')
    return "<br>".join(links)


SYMMETRIC = ("alternative", "confused-with")


def relations(ctx: Ctx, tool_id: str) -> str:
    """Relations grouped by type: the tool's own edges, then the edges other tools point at it."""
    tool = ctx.model.tools[tool_id]
    groups: dict[str, dict[str, r.Relation]] = {}
    for rel in tool.relations:
        groups.setdefault(rel.type, {}).setdefault(rel.tool, rel)
    for other, rel in ctx.model.related_to(tool_id):
        key = rel.type if rel.type in SYMMETRIC else f"{rel.type}~"
        groups.setdefault(key, {}).setdefault(other.id, rel)
    order = [k for t in r.Relation.model_fields["type"].annotation.__args__ for k in (t, f"{t}~")]
    rows = []
    for key in order:
        if key not in groups:
            continue
        items = []
        for other_id, rel in groups[key].items():
            note = f' <span class="gsm-rel-note">— {inline_html(ctx.t(rel.note))}</span>' if rel.note else ""
            items.append(f"<li>{tool_link(ctx, other_id)}{note}</li>")
        rows.append(f"<tr><th>{escape(ui(key, ctx.lang))}</th><td><ul>{''.join(items)}</ul></td></tr>")
    return f'<table class="gsm-facts gsm-relations">{"".join(rows)}</table>' if rows else ""


def tool_page(ctx: Ctx, tool_id: str, edit_url: str) -> str:
    """Markdown for /tools/<id>/: heading, card, relations, chains and tables (derived), the stack."""
    tool = ctx.model.tools[tool_id]
    parts = [f"# {md_heading(ctx.t(tool.name))}", "", tool_card(ctx, tool_id, own_page=True), ""]
    rel = relations(ctx, tool_id)
    if rel:
        parts += [f"## {ui('relations', ctx.lang)}", "", rel, ""]
    chains = ctx.model.chains_through(tool_id)
    if chains:
        items = "".join(f"<li>{chain_link(ctx, c.id)} <small>§{escape(c.section)}</small></li>" for c in chains)
        parts += [f"## {ui('chains', ctx.lang)}", "", f"<ul>{items}</ul>", ""]
    tables = ctx.model.tables_with(tool_id)
    if tables:
        items = "".join(
            f'<li><a href="{ctx.href(TABLE_PAGES.get(t.id, "compare/"))}#table-{t.id}">{inline_html(ctx.t(t.title))}</a> <small>§{escape(t.section)}</small></li>'
            for t in tables
        )
        parts += [f"## {ui('tables', ctx.lang)}", "", f"<ul>{items}</ul>", ""]
    if tool.layer:
        parts += [f"## {ui('here', ctx.lang)}", "", stack_figure(ctx, here_tool=tool_id), ""]
    parts += [edit_link(ctx, edit_url)]
    return "\n".join(parts)


def edit_link(ctx: Ctx, edit_url: str) -> str:
    return f'<p class="gsm-edit"><a href="{escape(edit_url)}" rel="noopener">{escape(ui("edit", ctx.lang))}</a></p>'


def md_heading(text: str) -> str:
    """Text safe for a Markdown heading: HTML escaped, Markdown punctuation neutralised."""
    safe = str(escape(plain(text)))
    for ch in "\\`*_{}[]#+!|":
        safe = safe.replace(ch, f"&#{ord(ch)};")
    return safe


def tool_index(ctx: Ctx) -> str:
    """All tools in one table, filterable by layer and kind (a few lines of plain JS)."""
    layer_ids = list(ctx.model.layers)
    ordered = sorted(
        ctx.model.tools.values(),
        key=lambda t: (layer_ids.index(t.layer) if t.layer in layer_ids else len(layer_ids), t.name.en.lower()),
    )
    rows = []
    for tool in ordered:
        layer = (
            layer_link(ctx, tool.layer)
            if tool.layer
            else escape(ui("off_stack", ctx.lang).split("（")[0].split(" (")[0])
        )
        rows.append(
            f'<tr data-layer="{tool.layer or "none"}" data-kind="{tool.kind}">'
            f"<td>{tool_link(ctx, tool.id)}</td><td>{layer_badge(ctx, tool.layer)}{layer}</td>"
            f"<td>{inline_html(ctx.t(ctx.model.kinds[tool.kind].name))}</td><td>{inline_html(ctx.t(tool.summary))}</td></tr>"
        )
    layer_options = (
        "".join(
            f'<option value="{lid}">{inline_html(ctx.t(layer.name))}</option>'
            for lid, layer in ctx.model.layers.items()
        )
        + f'<option value="none">{escape(ui("off_stack", ctx.lang).split("（")[0].split(" (")[0])}</option>'
    )
    used_kinds = sorted({t.kind for t in ctx.model.tools.values()}, key=lambda k: ctx.t(ctx.model.kinds[k].name))
    kind_options = "".join(
        f'<option value="{k}">{inline_html(ctx.t(ctx.model.kinds[k].name))}</option>' for k in used_kinds
    )
    all_label = escape(ui("all", ctx.lang))
    return (
        '<div class="gsm-filter" data-search-exclude>'
        f'<label>{escape(ui("filter_layer", ctx.lang))} <select id="gsm-filter-layer"><option value="">{all_label}</option>{layer_options}</select></label> '
        f'<label>{escape(ui("filter_kind", ctx.lang))} <select id="gsm-filter-kind"><option value="">{all_label}</option>{kind_options}</select></label> '
        f'<output id="gsm-filter-count" data-label="{escape(ui("shown", ctx.lang))}"></output></div>'
        f'<table class="gsm-tool-index" data-search-exclude><thead><tr><th>{escape(ui("name", ctx.lang))}</th><th>{escape(ui("layer", ctx.lang))}</th>'
        f"<th>{escape(ui('kind', ctx.lang))}</th><th>{escape(ui('summary', ctx.lang))}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


# ---------------------------------------------------------------- layers


def layer_tools_table(ctx: Ctx, layer_id: str) -> str:
    """A layer's tools: name, kind and one line each."""
    rows = "".join(
        f"<tr><td>{tool_link(ctx, t.id)}</td><td>{inline_html(ctx.t(ctx.model.kinds[t.kind].name))}</td>"
        f"<td>{inline_html(ctx.t(t.summary))}</td></tr>"
        for t in ctx.model.tools_in_layer(layer_id)
    )
    head = f"<tr><th>{escape(ui('name', ctx.lang))}</th><th>{escape(ui('kind', ctx.lang))}</th><th>{escape(ui('summary', ctx.lang))}</th></tr>"
    # Tool summaries are indexed on the tool pages; indexing them here too would outrank those.
    return f'<table class="gsm-layer-tools" data-search-exclude><thead>{head}</thead><tbody>{rows}</tbody></table>'


def layer_page(ctx: Ctx, layer_id: str, edit_url: str) -> str:
    layer = ctx.model.layers[layer_id]
    number = list(ctx.model.layers).index(layer_id) + 1
    facts = (
        f'<table class="gsm-facts"><tr><th>{escape(ui("takes", ctx.lang))}</th><td>{inline_html(ctx.t(layer.takes))}</td></tr>'
        f"<tr><th>{escape(ui('gives', ctx.lang))}</th><td>{inline_html(ctx.t(layer.gives))}</td></tr></table>"
    )
    parts = [
        f"# {number}. {md_heading(ctx.t(layer.name))}",
        "",
        f'<p class="gsm-lead">{layer_badge(ctx, layer_id)}{inline_html(ctx.t(layer.summary))}</p>',
        facts,
        "",
        f"## {ui('tools_in_layer', ctx.lang)}",
        "",
        layer_tools_table(ctx, layer_id),
        "",
        f"## {ui('here', ctx.lang)}",
        "",
        stack_figure(ctx, here_layer=layer_id),
        "",
        edit_link(ctx, edit_url),
    ]
    return "\n".join(parts)


def layer_index(ctx: Ctx) -> str:
    items = []
    for layer in ctx.model.layers.values():
        tools = ", ".join(tool_link(ctx, t) for t in layer.diagram)
        items.append(
            f"<li>{layer_badge(ctx, layer.id)}<strong>{layer_link(ctx, layer.id)}</strong> — {inline_html(ctx.t(layer.summary))}"
            f'<br><span class="gsm-layer-members">{tools}</span></li>'
        )
    return f'<ol class="gsm-layer-list">{"".join(items)}</ol>'


# ---------------------------------------------------------------- chains


def chain_page(ctx: Ctx, chain_id: str, edit_url: str) -> str:
    chain = ctx.model.chains[chain_id]
    parts = [f"# {md_heading(ctx.t(chain.title))}", ""]
    meta = f'<p class="gsm-meta">{escape(ui("section", ctx.lang))}: §{escape(chain.section)}</p>'
    parts.append(meta)
    if chain.intro:
        parts.append(f'<p class="gsm-lead">{inline_html(ctx.t(chain.intro))}</p>')
    parts += [chain_figure(ctx, chain_id), ""]
    if chain.note:
        parts.append(f'<p class="gsm-note">{inline_html(ctx.t(chain.note))}</p>')
    tools = chain_tool_ids(chain)
    if tools:
        parts += [
            "",
            f"## {ui('related_tools', ctx.lang)}",
            "",
            "<p>" + ", ".join(tool_link(ctx, t) for t in tools) + "</p>",
        ]
    if chain.group:
        siblings = [c for c in ctx.model.chains.values() if c.group == chain.group and c.id != chain_id]
        links = "".join(f"<li>{chain_link(ctx, c.id)}</li>" for c in siblings)
        parts += ["", f"## {ui('group_gelu', ctx.lang)}", "", f"<ul>{links}</ul>"]
    parts += ["", edit_link(ctx, edit_url)]
    return "\n".join(parts)


def chain_index(ctx: Ctx) -> str:
    rows = []
    for chain in ctx.model.chains.values():
        tools = chain_tool_ids(chain)[:6]
        rows.append(
            f"<tr><td>§{escape(chain.section)}</td><td>{chain_link(ctx, chain.id)}</td>"
            f"<td>{', '.join(tool_link(ctx, t) for t in tools)}</td></tr>"
        )
    head = f"<tr><th>§</th><th>{escape(ui('name', ctx.lang))}</th><th>{escape(ui('related_tools', ctx.lang))}</th></tr>"
    return f'<table class="gsm-chain-index"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


# ---------------------------------------------------------------- tables, lists, glossary, references


def table_html(ctx: Ctx, table_id: str, rows: list[str] | None = None) -> str:
    """A seed table; `rows` keeps only rows about (or mentioning) those tools."""
    table = ctx.model.tables[table_id]
    head = "".join(f"<th>{inline_html(ctx.t(c))}</th>" for c in table.columns)
    body = []
    for row in table.rows:
        if rows is not None and not (set(rows) & set(([row.tool] if row.tool else []) + row.mentions)):
            continue
        cells = []
        for i, cell in enumerate(row.cells):
            text = inline_html(ctx.t(cell))
            if i == 0 and row.tool:
                text = f'<a href="{ctx.href(f"tools/{row.tool}/")}">{text}</a>'
            cells.append(f"<td>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    parts = []
    if table.intro and rows is None:
        parts.append(f"<p>{inline_html(ctx.t(table.intro))}</p>")
    parts.append(
        f'<div class="gsm-table-wrap"><table class="gsm-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
    )
    if table.note and rows is None:
        parts.append(f'<p class="gsm-note">{inline_html(ctx.t(table.note))}</p>')
    return "".join(parts)


def table_section(ctx: Ctx, table_id: str) -> str:
    """A table with its own heading and anchor (for the Compare page)."""
    table = ctx.model.tables[table_id]
    return f'<h2 id="table-{table_id}">{inline_html(ctx.t(table.title))} <small>§{escape(table.section)}</small></h2>\n{table_html(ctx, table_id)}'


def guide_list(ctx: Ctx, list_id: str) -> str:
    guide = ctx.model.lists[list_id]
    intro = f"<p>{inline_html(ctx.t(guide.intro))}</p>" if guide.intro else ""
    ordered = list_id in ("learning-order", "practical-order", "misconceptions")
    return intro + _items_html(ctx, guide.items, ordered)


def _items_html(ctx: Ctx, items: list[r.Item], ordered: bool) -> str:
    tag = "ol" if ordered else "ul"
    out = []
    for item in items:
        text = inline_html(ctx.t(item.text))
        if item.tools:
            text += ' <span class="gsm-item-tools">(' + ", ".join(tool_link(ctx, t) for t in item.tools) + ")</span>"
        if item.items:
            text += _items_html(ctx, item.items, False)
        out.append(f"<li>{text}</li>")
    return f'<{tag} class="gsm-list">{"".join(out)}</{tag}>'


def glossary(ctx: Ctx) -> str:
    terms = sorted(ctx.model.glossary.values(), key=lambda t: ctx.t(t.term).lower())
    out = []
    for term in terms:
        name = inline_html(ctx.t(term.term))
        extra = [term.abbr] if term.abbr and term.abbr != ctx.t(term.term) else []
        extra += [term.expansion] if term.expansion else []
        if extra:
            name += f' <span class="gsm-abbr">{escape(" · ".join(extra))}</span>'
        tools = ""
        if term.tools:
            tools = (
                f"<br><small>{escape(ui('related_tools', ctx.lang))}: "
                + ", ".join(tool_link(ctx, t) for t in term.tools)
                + "</small>"
            )
        out.append(f'<dt id="term-{term.id}">{name}</dt><dd>{inline_html(ctx.t(term.definition))}{tools}</dd>')
    return f'<dl class="gsm-glossary">{"".join(out)}</dl>'


def term_list(ctx: Ctx) -> str:
    """The translation term list (data/terms.yaml) as a two-column table."""
    rows = "".join(
        f"<tr><td>{inline_html(t.zh)}</td><td>{inline_html(t.en)}</td><td>{inline_html(t.note or '')}</td></tr>"
        for t in ctx.model.terms
    )
    head = "<tr><th>中文</th><th>English</th><th>" + escape(ui("note", ctx.lang)) + "</th></tr>"
    return f'<table class="gsm-table gsm-terms"><thead>{head}</thead><tbody>{rows}</tbody></table>'


def term_link(ctx: Ctx, term_id: str) -> str:
    term = ctx.model.glossary[term_id]
    return f'<a href="{ctx.href("glossary/")}#term-{term_id}" title="{escape(plain(ctx.t(term.definition)))}">{inline_html(ctx.t(term.term))}</a>'


def references(ctx: Ctx, source: str) -> str:
    """References of one source (map / catalog / official), with the tools they document."""
    documented: dict[str, list[str]] = {}
    for tool in ctx.model.tools.values():
        for ref_id in tool.docs:
            documented.setdefault(ref_id, []).append(tool.id)
    items = []
    for ref in ctx.model.references.values():
        if ref.source != source:
            continue
        tools = documented.get(ref.id, [])
        for_tools = f" <small>({', '.join(tool_link(ctx, t) for t in tools)})</small>" if tools else ""
        items.append(
            f'<li><a href="{escape(ref.url)}" rel="noopener">{inline_html(ctx.t(ref.title))}</a> — <code>{escape(ref.url)}</code>{for_tools}</li>'
        )
    return f'<ul class="gsm-references">{"".join(items)}</ul>'


def catalog(ctx: Ctx) -> str:
    out = []
    for group in ctx.model.catalog:
        rows = "".join(
            f"<tr><td>{tool_link(ctx, e.tool)}</td><td>{inline_html(ctx.t(e.line))}</td>"
            f"<td>{docs_links(ctx, ctx.model.tools[e.tool].docs)}</td></tr>"
            for e in group.entries
        )
        head = f"<tr><th>{escape(ui('name', ctx.lang))}</th><th>{escape(ui('summary', ctx.lang))}</th><th>{escape(ui('docs', ctx.lang))}</th></tr>"
        out.append(
            f'<h3 id="catalog-{group.id}">{inline_html(ctx.t(group.title))}</h3><table class="gsm-table"><thead>{head}</thead><tbody>{rows}</tbody></table>'
        )
    return "".join(out)


def abbreviations(ctx: Ctx) -> str:
    """Markdown abbreviation definitions (*[SM]: …) so abbreviations get tooltips on every page."""
    lines = []
    for term in ctx.model.glossary.values():
        if term.abbr:
            meaning = term.expansion or plain(ctx.t(term.term))
            lines.append(f"*[{term.abbr}]: {meaning}")
    return "\n".join(sorted(set(lines)))


def site_file(ctx: Ctx, path: str) -> str:
    """Relative link to a file published once for both languages (/data/…, /print/…)."""
    return ctx.root + ("" if ctx.lang == "zh" else "../") + path


def print_downloads(ctx: Ctx) -> str:
    """Links to the printable PDFs, which live in /print/ for both languages."""
    from .poster import print_files

    labels = {
        ("poster", "a3"): ("栈海报 A3（297 × 420 mm）", "Stack poster, A3 (297 × 420 mm)"),
        ("poster", "a4"): ("栈海报 A4（210 × 297 mm）", "Stack poster, A4 (210 × 297 mm)"),
        ("booklet", "a4"): ("执行链手册 A4（每页一条链）", "Chains booklet, A4 (one chain per page)"),
    }
    language_names = {"zh": ("中文", "Chinese"), "en": ("英文", "English")}
    rows = []
    for name, lang, what, size in print_files():
        label = labels[(what, size)][0 if ctx.lang == "zh" else 1]
        language = language_names[lang][0 if ctx.lang == "zh" else 1]
        href = site_file(ctx, f"print/{name}")
        rows.append(
            f'<tr><td>{escape(language)}</td><td><a href="{href}">{escape(label)}</a></td><td><code>{name}</code></td></tr>'
        )
    return f'<table class="gsm-table"><tbody>{"".join(rows)}</tbody></table>'
