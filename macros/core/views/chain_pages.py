"""A chain's page (its figure and steps, the tools it names, its sibling chains and what the
measured paths that follow it launched) and the index of chains."""

from __future__ import annotations

from markupsafe import Markup

from ..data.markup import inline_html
from ..data.model import chain_tool_ids
from ..settings import addresses
from .common_views import lagging_fields
from .diagram_figures import chain_figure
from .evidence_views import words
from .measured_rows import chain_measurements
from .page import Page, chain_link, tool_link


def chain_page(page: Page, chain_id: str) -> Markup:
    chain = page.model.chains[chain_id]
    siblings = [c.id for c in page.model.chains_in_group(chain.group) if c.id != chain_id] if chain.group else None
    title = page.t(chain.title)
    return page.show(
        "chain_page.md",
        title=words(page, chain.group, "each").format(path=title) if chain.group else title,
        group_title=words(page, chain.group) if chain.group else None,
        index_href=page.href(addresses.index_path("chains")),
        step_count=len(chain.steps),
        intro=inline_html(page.t(chain.intro)) if chain.intro else None,
        figure=chain_figure(page, chain_id),
        note=inline_html(page.t(chain.note)) if chain.note else None,
        tools=[tool_link(page, t) for t in chain_tool_ids(chain)],
        siblings=[chain_link(page, c) for c in siblings] if siblings is not None else None,
        measured=chain_measurements(page, chain_id),
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
