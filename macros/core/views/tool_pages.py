"""A tool's page and what it is made of (its card of facts, its relations, where it sits in the
stack and on the path finder's routes, when its facts were checked), and the index of all tools."""

from __future__ import annotations

from markupsafe import Markup

from ..data import records as r
from ..data import routes
from ..data.markup import HAN, inline_html, plain
from ..settings import addresses
from .common_views import lagging_fields
from .diagram_figures import stack_figure
from .evidence_views import tool_evidence
from .page import Page, chain_link, docs_links, layer_link, swatch, tool_link
from .path_finder import start_link


def off_stack_label(page: Page) -> str:
    """The short "outside the stack" label: the full sentence up to its bracketed aside."""
    return page.ui("off_stack").split("（")[0].split(" (")[0]


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
        evidence=tool_evidence(page, tool_id, shown=deep_dive or ""),
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
