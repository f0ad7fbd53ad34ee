"""The site's figures: the stack, a chain and a group of chains, each drawn by Graphviz in a wide
and a narrow layout, with "you are here" marks and the code to embed them; a diagram alone on its
/embed/ page."""

from __future__ import annotations

from markupsafe import Markup

from ..data import records as r
from ..data.markup import plain
from ..diagrams.readable import readable_width, wide_from_step, with_min_width
from ..diagrams.registry import diagram_id
from ..settings import addresses
from .chain_steps import chain_steps, chain_steps_inline
from .evidence_views import words
from .measured_chart import time_chart
from .page import Page, chain_link, embed_control


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
        figure, full = time_chart(page, int(target), page.model.evidence.gelu.paths), "measured/"
    return page.show("embed_page.html", title=title, figure=figure, full_href=page.href(full) if full else page.root)


def group_figure(page: Page, group: str) -> Markup:
    """All chains of a group drawn side by side, with links to each chain's page."""
    chains = page.model.chains_in_group(group)
    dot, narrow = page.dot(diagram_id("group", group)), page.dot(diagram_id("group", group, narrow=True))
    title = words(page, group)
    svg = diagram_layouts(page, dot, narrow, diagram_id("group", group), title, page.ui("chain_desc"))
    paths = [{"link": chain_link(page, c.id), "steps": chain_steps_inline(page, c)} for c in chains]
    return page.show("group_figure.html", svg=svg, paths=paths)
