"""The path finder: its starting points grouped by what a reader's code is, and each starting
point's page of routes to the GPU, drawn and listed step by step with what was measured on them."""

from __future__ import annotations

from markupsafe import Markup

from ..data import records as r
from ..data import routes
from ..data.markup import inline_html, plain
from ..diagrams.registry import diagram_id
from ..settings import addresses
from .chain_steps import step_view
from .evidence_views import words
from .measured_rows import route_measurements
from .page import Page, chain_link, tool_link
from .search_terms import record_forms


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
                "measured": route_measurements(page, [*route.chain_ids, *retold_chains]),
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
    title = words(page, chain.group, "each").format(path=page.t(chain.title))
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
