"""View data for every page fragment: Python decides what to show, templates/ write the HTML.

Each public function takes a `Page` (the build, the language and where the page sits) and
returns safe markup rendered from one template. Data text reaches templates either as
plain strings (escaped there) or through `inline_html`, the one place inline code is marked up.
Links are relative, so the site works under any base path.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from markupsafe import Markup

from ..data import records as r
from ..data import routes
from ..data.markup import HAN, inline_html, mark_chinese, plain
from ..data.model import chain_tool_ids
from ..diagrams.dot_text import diagram_id
from ..diagrams.readable import readable_width, wide_from_step, with_min_width
from ..settings import addresses
from ..settings.ui import has_ui, ui
from . import evidence_views
from .page import Page, chain_link, docs_links, embed_control, layer_link, reference_link, swatch, tool_link
from .search_terms import record_forms


def tool_link_html(page: Page, tool_id: str) -> Markup:
    """A link to a tool's page (the `tool_link` macro)."""
    return page.show("tool_link.html", link=tool_link(page, tool_id))


def off_stack_label(page: Page) -> str:
    """The short "outside the stack" label: the full sentence up to its bracketed aside."""
    return page.ui("off_stack").split("（")[0].split(" (")[0]


# ---------------------------------------------------------------- diagrams


def diagram_layouts(
    page: Page,
    wide_dot: str,
    narrow_dot: str,
    uid: str,
    title: str,
    desc: str,
    here: str | None = None,
    embedded: bool = False,
) -> Markup:
    """A diagram in its wide and narrow layouts (CSS picks one by screen and column width), as a slot;
    `here` (a node's id, "tool-triton") marks that box: "you are here". `embedded` (an /embed/
    page): the wide layout shows from the frame width where its text is readable (embed.css),
    and neither is drawn with text below 11 px."""
    wide = page.build.diagrams.inline_svg(wide_dot, uid, title, desc)
    narrow = page.build.diagrams.inline_svg(narrow_dot, f"{uid}-narrow", title, desc)
    if here:
        wide, narrow = mark_here(wide, uid, here), mark_here(narrow, f"{uid}-narrow", here)
    # The wide layout shows from the width where its smallest text is 11 px: on an embed page by
    # the frame's width, on the site's desktop pages by its column's (reader.css).
    wide_from = wide_from_step(readable_width(wide))
    if embedded:
        wide, narrow = with_min_width(wide, readable_width(wide)), with_min_width(narrow, readable_width(narrow))
    both = page.show("diagram_layouts.html", wide=Markup(wide), narrow=Markup(narrow), wide_from=wide_from)
    return Markup(page.build.slots.slot(str(both)))


def mark_here(svg: str, uid: str, node: str) -> str:
    """Give one linked box of a Graphviz SVG the class that outlines it (its anchor group's id is
    "<uid>-a_<node>", with Graphviz's &#45; for each hyphen)."""
    anchor = f'id="{uid}-a_{node.replace("-", "&#45;")}"'
    return svg.replace(anchor, f'{anchor} class="gsm-here"', 1)


def stack_svg(page: Page, here: str | None = None, embedded: bool = False) -> Markup:
    """The stack diagram in both layouts, `here` marked."""
    dot, narrow = page.dot(diagram_id("stack")), page.dot(diagram_id("stack", narrow=True))
    title, desc = page.ui("stack_title"), page.ui("stack_desc")
    return diagram_layouts(page, dot, narrow, diagram_id("stack"), title, desc, here, embedded)


def stack_figure(page: Page, here_tool: str | None = None, here_layer: str | None = None) -> Markup:
    """The stack diagram; `here_*` outlines one tool or layer ('you are here'), with the code to
    embed it (the tool outlined there too)."""
    here = f"tool-{here_tool}" if here_tool else f"layer-{here_layer}" if here_layer else None
    embed = embed_control(page, "stack/", page.ui("stack_title"), here_tool)
    return page.show("stack_figure.html", svg=stack_svg(page, here), embed=embed)


def chain_svg(page: Page, chain: r.Chain, embedded: bool = False) -> Markup:
    """A chain's diagram in both layouts."""
    dot, narrow = page.dot(diagram_id("chain", chain.id)), page.dot(diagram_id("chain", chain.id, narrow=True))
    title = plain(page.t(chain.title))
    uid = diagram_id("chain", chain.id)
    return diagram_layouts(page, dot, narrow, uid, title, page.ui("chain_desc"), embedded=embedded)


def chain_figure(page: Page, chain_id: str) -> Markup:
    """A chain's diagram followed by its ordered step list (the text alternative)."""
    chain = page.model.chains[chain_id]
    embed = embed_control(page, addresses.chain_path(chain_id), plain(page.t(chain.title)))
    return page.show("chain_figure.html", svg=chain_svg(page, chain), steps=chain_steps(page, chain), embed=embed)


def embed_page(page: Page, kind: str, target: str = "") -> Markup:
    """A diagram alone, for an iframe (/embed/stack/, /embed/chains/<id>/, /embed/measured/<size>/):
    the figure, its title and a link to the page it comes from."""
    if kind == "stack":
        title, figure, full = page.ui("stack_title"), stack_svg(page, embedded=True), ""
    elif kind == "chain":
        chain = page.model.chains[target]
        title, figure, full = (
            plain(page.t(chain.title)),
            chain_svg(page, page.model.chains[target], embedded=True),
            addresses.chain_path(target),
        )
    else:
        title = page.ui("chart-title").format(size=target)
        figure, full = evidence_views.time_chart(page, int(target), page.model.evidence.gelu.paths), "measured/"
    return page.show("embed_page.html", title=title, figure=figure, full_href=page.href(full) if full else page.root)


def group_figure(page: Page, group: str) -> Markup:
    """All chains of a group drawn side by side, with links to each chain's page."""
    chains = page.model.chains_in_group(group)
    dot, narrow = page.dot(diagram_id("group", group)), page.dot(diagram_id("group", group, narrow=True))
    title = evidence_views.words(page, group)
    svg = diagram_layouts(page, dot, narrow, diagram_id("group", group), title, page.ui("chain_desc"))
    paths = [{"link": chain_link(page, c.id), "steps": chain_steps_inline(page, c)} for c in chains]
    return page.show("group_figure.html", svg=svg, paths=paths)


def start_link(page: Page, tool_id: str) -> dict:
    """A path-finder starting point: its id, its name in the page's language and its page."""
    return {
        "id": tool_id,
        "name": plain(page.t(page.model.tools[tool_id].name)),
        "href": page.href(addresses.start_path(tool_id)),
    }


def start_groups(page: Page, starts: list[dict]) -> list[dict]:
    """The starting points under their layer's heading for starts (`starts` in data/layers.yaml),
    in the path finder's order; starts outside the stack (a file the reader has) come last."""
    groups: dict[str | None, dict] = {}
    for start in starts:
        layer_id = page.model.tools[start["id"]].layer
        if layer_id not in groups:
            layer = page.model.layers[layer_id] if layer_id else None
            title = page.t(layer.starts or layer.name) if layer else page.ui("finder_files")
            groups[layer_id] = {"id": layer_id or "none", "title": plain(title), "starts": []}
        groups[layer_id]["starts"].append(start)
    return list(groups.values())


def path_finder(page: Page) -> Markup:
    """The starting points, grouped by what a reader's code is (a framework, a compiler …), each
    linking to its own page of routes, and what path-finder.js needs to resolve a typed or old
    `?from=` link: every name a start goes by, and which starts have routes through each tool (for
    a `?from=cublas` that names a tool no code starts from)."""
    starts, through = [], {}
    for tool_id in routes.starting_points(page.model):
        tool = page.model.tools[tool_id]
        found = routes.routes_from(page.model, tool_id)
        starts.append(
            start_link(page, tool_id)
            | {
                "count": len(found),
                "names": sorted({n.casefold() for n in [tool_id, *record_forms(tool), *tool.aliases]}),
            }
        )
        for route in found:
            for on_route in sorted(route.tools_named):
                starts_through = through.setdefault(on_route, [])
                if tool_id not in starts_through:
                    starts_through.append(tool_id)
    names = {tool_id: plain(page.t(page.model.tools[tool_id].name)) for tool_id in through}
    lookup = {"starts": starts, "through": dict(sorted(through.items())), "names": names}
    return page.show("path_finder.html", groups=start_groups(page, starts), lookup=lookup)


def path_start_page(page: Page, start_id: str) -> Markup:
    """One starting point's page: its routes to the GPU, each drawn and listed step by step, with
    the near-identical routes it stands for; each dated update is shown in full once per page."""
    tool = page.model.tools[start_id]
    name = plain(page.t(tool.name))
    updates: dict[tuple, dict] = {}  # each dated update's first place on the page
    found = []
    for number, route in enumerate(routes.routes_from(page.model, start_id), start=1):
        title = f"{name} → GPU · {page.ui('finder_route')} {number}"
        dot = page.dot(diagram_id("route", route.id))
        svg = page.build.diagrams.inline_svg(dot, diagram_id("route", route.id), title, page.ui("finder_figure_desc"))
        retold_chains = [c for retelling in route.retellings for c in retelling.route.chain_ids]
        found.append(
            {
                "number": number,
                "legs": [route_chain_link(page, chain_id) for chain_id in route.chain_ids],
                "measured": evidence_views.route_measurements(page, [*route.chain_ids, *retold_chains]),
                "svg": Markup(page.build.slots.slot(svg)),
                "steps": route_steps(page, route, number, updates),
                "retellings": [
                    retelling_view(page, route, retelling, number, updates) for retelling in route.retellings
                ],
            }
        )
    starts = [start_link(page, s) for s in routes.starting_points(page.model)]
    return page.show(
        "path_start_page.md",
        title=page.ui("finder_page_title").format(start=name),
        start=tool_link(page, start_id),
        current=start_id,
        starts=starts,
        routes=found,
        index_href=page.href(addresses.start_path()),
    )


def route_chain_link(page: Page, chain_id: str) -> dict:
    """A link to a chain a route follows, titled as its page is: a chain of a group says which
    (“GEMM + bias + GELU: the TensorRT path”, not “TensorRT”, which names a tool)."""
    chain = page.model.chains[chain_id]
    if not chain.group:
        return chain_link(page, chain_id)
    title = evidence_views.words(page, chain.group, "each").format(path=page.t(chain.title))
    return chain_link(page, chain_id) | {"text": inline_html(title)}


def route_steps(page: Page, route: routes.Route, number: int, updates: dict[tuple, dict]) -> list[dict]:
    """A route's steps for its numbered list: where a compiler's code generation begins, where a
    library's prebuilt kernels come in (once per route), each dated update once per page."""
    prebuilt_said: set[str] = set()
    shown, generating = [], None
    for leg in route.legs:
        for step in leg.steps:
            view = route_node(page, step, number, updates, prebuilt_said) | {
                "branches": [route_node(page, o, number, updates, prebuilt_said) for o in step.options],
                "lead": None,
            }
            if leg.generated_by and leg.generated_by != generating:
                generator = plain(page.t(page.model.tools[leg.generated_by].name))
                view["lead"] = page.ui("finder_generates").format(tool=generator)
            generating = leg.generated_by
            shown.append(view)
    return shown


def route_node(
    page: Page, node: r.StepNode, number: int, updates: dict[tuple, dict], prebuilt_said: set[str] | None = None
) -> dict:
    """A step or branch on a path-finder page: as on a chain's page, with the prebuilt kernels of
    the libraries it is the first on its route to name, and its dated update once per page."""
    view = step_view(page, node)
    view["prebuilt"] = []
    for tool_id in node.tools if prebuilt_said is not None else ():
        owner = routes.prebuilt_by(page.model, tool_id)
        if owner and owner not in prebuilt_said:
            prebuilt_said.add(owner)
            library = page.model.tools[owner]
            view["prebuilt"].append(
                {
                    "label": page.ui("finder_prebuilt").format(tool=plain(page.t(library.name))),
                    "text": inline_html(page.t(library.prebuilt_kernels)),
                }
            )
    if node.update:
        key = (node.update.date, node.update.text.en)
        first = updates.get(key)
        if first:
            view["revision"] = view["revision"] | {
                "seen": True,
                "href": f"#{first['anchor']}",
                "label": page.ui("finder_update_seen").format(date=node.update.date, number=first["number"]),
            }
        else:
            updates[key] = {"anchor": f"update-{len(updates) + 1}", "number": number}
            view["revision"] = view["revision"] | {"anchor": updates[key]["anchor"]}
    return view


def retelling_view(
    page: Page, route: routes.Route, retelling: routes.Retelling, number: int, updates: dict[tuple, dict]
) -> dict:
    """A near-identical route as a note on the route shown: the chains that tell it (those the
    route does not follow already) and the steps it words differently."""
    chains = [c for c in retelling.route.chain_ids if c not in route.chain_ids] or retelling.route.chain_ids
    return {
        "chains": [route_chain_link(page, chain_id) for chain_id in chains],
        "steps": [route_node(page, step, number, updates) for step in retelling.steps],
    }


def chain_steps_inline(page: Page, chain: r.Chain) -> list[list[Markup]]:
    """A chain as steps, each a list of alternatives (one text, or a decision's branches)."""
    return [
        [inline_html(page.t(o.text)) for o in step.options] if step.options else [inline_html(page.t(step.text))]
        for step in chain.steps
    ]


def chain_steps(page: Page, chain: r.Chain) -> list[dict]:
    """The chain's steps for the ordered list: a decision's branches nested under it, and the real
    compiler output that illustrates a step (collapsed) after it."""
    return [
        {
            **step_view(page, step),
            "branches": [step_view(page, o) for o in step.options],
            "evidence": evidence_views.step_evidence(page, chain.id, step.id) if step.id else [],
        }
        for step in chain.steps
    ]


def step_view(page: Page, node: r.StepNode) -> dict:
    return {
        "id": node.id,
        "swatch": swatch(page, page.model.step_layer(node)),
        "text": inline_html(page.t(node.text)),
        "artifact": node.artifact,
        "tools": [tool_link(page, t) for t in node.tools],
        "note": inline_html(page.t(node.note)) if node.note else None,
        "revision": update_view(page, node.update) if node.update else None,
    }


def update_view(page: Page, update: r.Update) -> dict:
    """A dated correction shown under the seed's step, with the sources that say so (`seen`: shown
    in full further up the page, `href` leading there; `anchor`: where later mentions lead)."""
    return {
        "label": page.ui("step_update").format(date=update.date),
        "text": inline_html(page.t(update.text)),
        "docs": docs_links(page, update.against),
        "seen": False,
        "href": None,
        "anchor": None,
    }


# ---------------------------------------------------------------- translations


def lagging_fields(page: Page, collection: str, record_id: str, record_name: str | None = None) -> list[dict]:
    """The record's fields whose text in this page's language may lag behind the other language,
    each with its label and a link to its line on GitHub (the banner at the top of the page)."""
    state = page.model.translations
    if state is None:
        return []
    fields = []
    for item in state.lagging_in(collection, record_id, page.lang):
        parts = item.field.name.split("/")
        # A list item's text is the item itself: "item 2", not "item 2 text".
        if len(parts) > 1 and parts[-1] == "text":
            parts = parts[:-1]
        words = [_field_word(page, part) for part in parts]
        line = item.field.line(page.lang)
        file = f"data/{PurePosixPath(item.field.source.name).name}"
        fields.append(
            {
                "label": " · ".join(filter(None, [record_name, " ".join(words)])),
                "where": page.ui("lag_line").format(file=file, line=line),
                "href": page.build.line_url(file, line),
            }
        )
    return fields


def _field_word(page: Page, part: str) -> str:
    """One part of a field's path in the page's words: list indexes count from 1."""
    if part.isdigit():
        return str(int(part) + 1)
    for key in (f"field_{part}", FIELD_LABELS.get(part, part)):
        if has_ui(key):
            return page.ui(key)
    return part


# Tool fields whose interface word (the card's row label) differs from the key.
FIELD_LABELS = {"description": "what"}


# ---------------------------------------------------------------- tools


def tool_card(page: Page, tool_id: str, own_page: bool = False) -> Markup:
    """What a tool is, its input and output, how it reaches the GPU, what it suits, its docs.

    Outside the tool's own page the card is kept out of search, so the tool page ranks first.
    """
    return page.show(
        "tool_card.html", rows=tool_facts(page, tool_id), own_page=own_page, title=tool_link(page, tool_id)
    )


def tool_facts(page: Page, tool_id: str) -> list[dict]:
    """The rows of a tool's fact table: a label, and a value of one shape (text, layer, items, docs)."""
    tool = page.model.tools[tool_id]

    def text(label: str, value) -> dict:
        return {"label": label, "shape": "text", "text": value}

    rows = [text(page.ui("summary"), inline_html(page.t(tool.summary)))]
    if tool.layer:
        rows.append(
            {
                "label": page.ui("layer"),
                "shape": "layer",
                "layer": layer_link(page, tool.layer),
                "swatch": swatch(page, tool.layer),
            }
        )
    else:
        rows.append(text(page.ui("layer"), page.ui("off_stack")))
    rows.append(text(page.ui("kind"), inline_html(page.t(page.model.kinds[tool.kind].name))))
    # Chinese aliases are search terms for Chinese readers; other languages show the rest.
    aliases = [a for a in tool.aliases if page.lang == r.CHINESE or not HAN.search(a)]
    if aliases:
        rows.append(text(page.ui("aliases"), Markup(", ").join(inline_html(a) for a in aliases)))
    for key in ("description", "input", "output", "reaches_gpu", "prebuilt_kernels"):
        value = getattr(tool, key)
        if value:
            rows.append(text(page.ui("what" if key == "description" else key), inline_html(page.t(value))))
    for key in ("suits", "avoid"):
        values = getattr(tool, key)
        if values:
            rows.append({"label": page.ui(key), "shape": "items", "values": [inline_html(page.t(v)) for v in values]})
    if tool.placement:
        rows.append(text(page.ui("placement"), inline_html(page.t(tool.placement))))
    refs, via = page.model.docs_for(tool_id)
    if refs:
        inherited = page.ui("docs_via").format(parent=page.t(page.model.tools[via].name)) if via else None
        rows.append({"label": page.ui("docs"), "shape": "docs", "docs": docs_links(page, refs), "inherited": inherited})
    rows.append(text(page.ui("source"), page.ui(f"source_{tool.source}")))
    return rows


def relations(page: Page, tool_id: str) -> list[dict]:
    """Relations grouped by type: the tool's own edges, then the edges other tools point at it."""
    tool = page.model.tools[tool_id]
    groups: dict[str, dict[str, r.Relation]] = {}
    for rel in tool.relations:
        groups.setdefault(rel.type, {}).setdefault(rel.tool, rel)
    for other, rel in page.model.related_to(tool_id):
        key = rel.type if rel.type in r.SYMMETRIC_RELATIONS else f"{rel.type}~"
        groups.setdefault(key, {}).setdefault(other.id, rel)
    order = [k for t in r.Relation.model_fields["type"].annotation.__args__ for k in (t, f"{t}~")]
    return [
        {
            "label": page.ui(key),
            "items": [
                {
                    "link": tool_link(page, other_id),
                    "note": inline_html(page.t(rel.note)) if rel.note else None,
                    "partial": page.ui("match-partial") if rel.match == "partial" else None,
                }
                for other_id, rel in groups[key].items()
            ],
        }
        for key in order
        if key in groups
    ]


def relations_table(page: Page, tool_id: str) -> Markup | None:
    """The relations as a fact table, or None when the tool has none."""
    groups = relations(page, tool_id)
    return page.show("relations.html", groups=groups) if groups else None


def tool_page(page: Page, tool_id: str, deep_dive: Markup | None = None) -> Markup:
    """Markdown for /tools/<id>/: heading, card, the deep dive (if the tool has one), relations,
    chains and tables (derived), the stack."""
    tool = page.model.tools[tool_id]
    chains = [chain_link(page, c.id) for c in page.model.chains_through(tool_id)]
    tables = [
        {
            "href": f"{page.href(t.page)}#table-{t.id}",
            "text": inline_html(page.t(t.title)),
        }
        for t in page.model.tables_with(tool_id)
    ]
    kind, place = page.model.stack_place(tool_id)
    return page.show(
        "tool_page.md",
        routes=tool_routes(page, tool_id),
        name=page.t(tool.name),
        card=tool_card(page, tool_id, own_page=True),
        deep_dive=deep_dive.strip() if deep_dive else None,
        relations=relations_table(page, tool_id),
        chains=chains,
        tables=tables,
        stack=stack_figure(page, **{f"here_{'layer' if kind == 'layer' else 'tool'}": place}) if place else None,
        place=place_words(page, kind, place) if place else None,
        evidence=evidence_views.tool_evidence(page, tool_id, shown=deep_dive or ""),
        example=tool.example,
        checked=checked_note(page, tool),
        edit_url=page.build.edit_url("tools", tool_id),
        lagging=lagging_fields(page, "tools", tool_id),
    )


def tool_routes(page: Page, tool_id: str) -> dict | None:
    """Where a tool page leads into the path finder: a starting point links its own page of routes;
    a tool on other starts' routes names those starts, each linking its page; else None."""
    if tool_id in routes.starting_points(page.model):
        count = routes.route_count(page.model, tool_id)
        words = page.ui("finder_one_route" if count == 1 else "finder_routes")
        return {
            "href": page.href(addresses.start_path(tool_id)),
            "count": f"{count} {words}",
            "lead": None,
            "starts": [],
        }
    through = routes.starts_through(page.model, tool_id)
    if not through:
        return None
    name = plain(page.t(page.model.tools[tool_id].name))
    starts = [start_link(page, start) for start in through]
    lead = page.ui("finder_through").format(tool=name)
    # Chinese sets no space after its full-width colon; English does.
    return {"href": None, "count": None, "lead": lead if lead.endswith("：") else lead + " ", "starts": starts}


def place_words(page: Page, kind: str, place: str) -> dict:
    """The sentence under "Where it sits in the stack" that says what is outlined: the tool's own
    box (named), the box it is part of or its layer (linked); split around that name."""
    link = layer_link(page, place) if kind == "layer" else tool_link(page, place)
    before, _, after = page.ui(f"here_{kind}").partition("{name}")
    return {"before": before, "link": link, "after": after, "kind": kind}


def checked_note(page: Page, tool: r.Tool) -> dict:
    """When the tool's facts were compared with its documentation (and which version), or that they were not."""
    if tool.checked is None:
        return {"done": False, "text": page.ui("unchecked"), "docs": []}
    words = page.ui("checked" if tool.checked.version else "checked_any")
    return {
        "done": True,
        "text": words.format(date=tool.checked.date, version=tool.checked.version),
        "docs": docs_links(page, tool.checked.against),
    }


def tool_index(page: Page) -> Markup:
    """All tools in one table, filterable by layer and kind (a few lines of plain JS)."""
    layer_ids = list(page.model.layers)
    ordered = sorted(
        page.model.tools.values(),
        key=lambda t: (layer_ids.index(t.layer) if t.layer in layer_ids else len(layer_ids), t.name.en.lower()),
    )
    rows = [
        {
            "layer_id": tool.layer or "none",
            # Sorting by layer follows the stack from top to bottom, not the names' alphabet.
            "layer_order": f"{layer_ids.index(tool.layer) if tool.layer in layer_ids else len(layer_ids):02d}",
            "kind_id": tool.kind,
            "link": tool_link(page, tool.id),
            "swatch": swatch(page, tool.layer),
            "layer": layer_link(page, tool.layer) if tool.layer else None,
            "kind": inline_html(page.t(page.model.kinds[tool.kind].name)),
            "summary": inline_html(page.t(tool.summary)),
        }
        for tool in ordered
    ]
    layers = [{"value": lid, "text": inline_html(page.t(layer.name))} for lid, layer in page.model.layers.items()]
    used_kinds = sorted({t.kind for t in page.model.tools.values()}, key=lambda k: page.t(page.model.kinds[k].name))
    kinds = [{"value": k, "text": inline_html(page.t(page.model.kinds[k].name))} for k in used_kinds]
    return page.show("tool_index.html", rows=rows, layers=layers, kinds=kinds, off_stack=off_stack_label(page))


# ---------------------------------------------------------------- layers


def layer_tools_table(page: Page, layer_id: str) -> Markup:
    """A layer's tools: name, kind and one line each."""
    rows = [
        {
            "link": tool_link(page, t.id),
            "kind": inline_html(page.t(page.model.kinds[t.kind].name)),
            "summary": inline_html(page.t(t.summary)),
        }
        for t in page.model.tools_in_layer(layer_id)
    ]
    return page.show("layer_tools.html", rows=rows)


def layer_page(page: Page, layer_id: str) -> Markup:
    layer = page.model.layers[layer_id]
    return page.show(
        "layer_page.md",
        number=list(page.model.layers).index(layer_id) + 1,
        name=page.t(layer.name),
        swatch=swatch(page, layer_id),
        summary=inline_html(page.t(layer.summary)),
        takes=inline_html(page.t(layer.takes)),
        gives=inline_html(page.t(layer.gives)),
        tools=layer_tools_table(page, layer_id),
        stack=stack_figure(page, here_layer=layer_id),
        edit_url=page.build.edit_url("layers", layer_id),
        lagging=lagging_fields(page, "layers", layer_id),
    )


def layer_index(page: Page) -> Markup:
    layers = [
        {
            "swatch": swatch(page, layer.id),
            "link": layer_link(page, layer.id),
            "summary": inline_html(page.t(layer.summary)),
            "tools": [tool_link(page, t) for t in layer.diagram],
        }
        for layer in page.model.layers.values()
    ]
    return page.show("layer_index.html", layers=layers)


# ---------------------------------------------------------------- chains


def chain_page(page: Page, chain_id: str) -> Markup:
    chain = page.model.chains[chain_id]
    siblings = [c.id for c in page.model.chains_in_group(chain.group) if c.id != chain_id] if chain.group else None
    title = page.t(chain.title)
    return page.show(
        "chain_page.md",
        title=evidence_views.words(page, chain.group, "each").format(path=title) if chain.group else title,
        group_title=evidence_views.words(page, chain.group) if chain.group else None,
        index_href=page.href(addresses.index_path("chains")),
        step_count=len(chain.steps),
        intro=inline_html(page.t(chain.intro)) if chain.intro else None,
        figure=chain_figure(page, chain_id),
        note=inline_html(page.t(chain.note)) if chain.note else None,
        tools=[tool_link(page, t) for t in chain_tool_ids(chain)],
        siblings=[chain_link(page, c) for c in siblings] if siblings is not None else None,
        measured=evidence_views.chain_measurements(page, chain_id),
        edit_url=page.build.edit_url("chains", chain_id),
        lagging=lagging_fields(page, "chains", chain_id),
    )


def chain_index(page: Page) -> Markup:
    rows = [
        {
            "link": chain_link(page, chain.id),
            "tools": [tool_link(page, t) for t in chain_tool_ids(chain)[:6]],
        }
        for chain in page.model.chains.values()
    ]
    return page.show("chain_index.html", rows=rows)


# ---------------------------------------------------------------- tables, lists, glossary, references


def table(page: Page, table_id: str, rows: list[str] | None = None) -> Markup:
    """A seed table; `rows` keeps only rows about (or mentioning) those tools."""
    data = page.model.tables[table_id]
    body = []
    for row in data.rows:
        if rows is not None and not (set(rows) & set(([row.tool] if row.tool else []) + row.mentions)):
            continue
        cells = [{"text": inline_html(page.t(cell)), "href": None} for cell in row.cells]
        if row.tool and cells:
            cells[0]["href"] = page.href(addresses.tool_path(row.tool))
        body.append(cells)
    whole = rows is None
    return page.show(
        "table.html",
        lagging=lagging_fields(page, "tables", table_id) if whole else [],
        columns=[inline_html(page.t(c)) for c in data.columns],
        rows=body,
        intro=inline_html(page.t(data.intro)) if data.intro and whole else None,
        note=inline_html(page.t(data.note)) if data.note and whole else None,
    )


def table_section(page: Page, table_id: str) -> Markup:
    """A table with its own heading and anchor (for the Compare page)."""
    data = page.model.tables[table_id]
    return page.show(
        "table_section.md",
        id=table_id,
        title=inline_html(page.t(data.title)),
        table=table(page, table_id),
    )


def guide_list(page: Page, list_id: str) -> Markup:
    guide = page.model.lists[list_id]
    return page.show(
        "guide_list.html",
        id=list_id,
        lagging=lagging_fields(page, "lists", list_id),
        intro=inline_html(page.t(guide.intro)) if guide.intro else None,
        items=list_items(page, guide.items),
        ordered=guide.ordered,
    )


def list_items(page: Page, items: list[r.Item]) -> list[dict]:
    return [
        {
            "text": inline_html(page.t(item.text)),
            "tools": [tool_link(page, t) for t in item.tools],
            "items": list_items(page, item.items),
        }
        for item in items
    ]


def glossary(page: Page) -> Markup:
    terms = []
    for term in sorted(page.model.glossary.values(), key=lambda t: page.t(t.term).lower()):
        extra = [term.abbr] if term.abbr and term.abbr != page.t(term.term) else []
        extra += [term.expansion] if term.expansion else []
        terms.append(
            {
                "id": term.id,
                "name": inline_html(page.t(term.term)),
                "extra": " · ".join(extra),
                "definition": inline_html(page.t(term.definition)),
                "tools": [tool_link(page, t) for t in term.tools],
            }
        )
    lagging = [
        field
        for term in page.model.glossary.values()
        for field in lagging_fields(page, "glossary", term.id, plain(page.t(term.term)))
    ]
    return page.show("glossary.html", terms=terms, lagging=lagging)


def term_list(page: Page, with_notes: bool = False) -> Markup:
    """The translation term list (data/terms.yaml) as a table, one column per language; the
    translators' notes only where translators read it (the Contribute page)."""
    languages = page.build.languages.codes
    return page.show(
        "term_list.html",
        with_notes=with_notes,
        languages=[{"code": code, "name": ui(f"lang_{code}", code)} for code in languages],
        rows=[
            {
                "texts": [inline_html(getattr(t, code)) for code in languages],
                "note": mark_chinese(inline_html(t.note or "")),
            }
            for t in page.model.terms
        ],
    )


def term_link(page: Page, term_id: str) -> Markup:
    term = page.model.glossary[term_id]
    return page.show(
        "term_link.html",
        href=f"{page.href('glossary/')}#term-{term_id}",
        title=plain(page.t(term.definition)),
        text=inline_html(page.t(term.term)),
    )


def cite(page: Page, reference_id: str) -> Markup:
    """A source named in prose: its title, linked (the address is written once, in references.yaml)."""
    return page.show("cite.html", **docs_links(page, [reference_id])[0])


def references(page: Page, source: str) -> Markup:
    """References of one source (map / catalog / added), with the tools they document."""
    items = [
        reference_link(page, ref)
        | {"tools": [tool_link(page, t) for t in page.model.tools_by_reference.get(ref.id, ())]}
        for ref in page.model.references.values()
        if ref.source == source
    ]
    return page.show("references.html", items=items)


def catalog(page: Page) -> Markup:
    groups = [
        {
            "id": group.id,
            "title": inline_html(page.t(group.title)),
            "rows": [
                {
                    "links": [tool_link(page, t) for t in (e.tool, *e.also)],
                    "line": inline_html(page.t(e.line)),
                    "docs": docs_links(page, [ref for t in (e.tool, *e.also) for ref in page.model.tools[t].docs]),
                }
                for e in group.entries
            ],
        }
        for group in page.model.catalog
    ]
    lagging = [
        field
        for group in page.model.catalog
        for field in lagging_fields(page, "catalog", group.id, plain(page.t(group.title)))
    ]
    return page.show("catalog.html", groups=groups, lagging=lagging)


def abbreviations(page: Page) -> str:
    """Markdown abbreviation definitions (*[SM]: …) so abbreviations get tooltips on every page."""
    lines = []
    for term in page.model.glossary.values():
        if term.abbr:
            meaning = term.expansion or plain(page.t(term.term))
            lines.append(f"*[{term.abbr}]: {meaning}")
    return "\n".join(sorted(set(lines)))


# The first page's picture on the Print page, in CSS px: A3 and A4 share their shape (1 : √2).
PRINT_THUMBNAIL = (100, 141)


def print_downloads(page: Page) -> Markup:
    """Links to the printable PDFs, which live in /print/ for all languages, each with a picture of
    its first page and an empty slot for its size (filled once the PDFs exist: print_sizes.py)."""
    rows = []
    for name, lang, what, size in addresses.print_files(page.build.languages.codes):
        language, label = page.ui(f"lang_{lang}"), page.ui(f"print_{what}_{size}")
        rows.append(
            {
                "language": language,
                "label": label,
                "href": page.site_file(f"{addresses.PRINT}/{name}"),
                "name": name,
                "thumbnail": page.site_file(f"{addresses.PRINT}/{addresses.print_thumbnail(name)}"),
                "alt": page.ui("print_first_page").format(document=label, language=language),
            }
        )
    width, height = PRINT_THUMBNAIL
    per_row = len(rows) // len(page.build.languages.codes)  # a row per language, where there is room
    return page.show("print_downloads.html", rows=rows, width=width, height=height, per_row=per_row)
