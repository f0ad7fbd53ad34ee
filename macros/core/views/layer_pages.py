"""A layer's page with its table of tools, and the index of layers."""

from __future__ import annotations

from markupsafe import Markup

from ..data.markup import inline_html
from .common_views import lagging_fields
from .diagram_figures import stack_figure
from .page import Page, layer_link, swatch, tool_link


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
