"""A chain's steps as its pages list them: each step's text, tools and layer colour, a decision's
branches, a dated update with its sources, and the compiler output that illustrates a step."""

from __future__ import annotations

from markupsafe import Markup

from ..data import records as r
from ..data.markup import inline_html
from .evidence_views import step_evidence
from .page import Page, docs_links, swatch, tool_link


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
            "evidence": step_evidence(page, chain.id, step.id) if step.id else [],
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
