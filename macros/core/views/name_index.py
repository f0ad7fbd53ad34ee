"""The exact-name index: every name a page goes by, in either language, leading to that page, so
the search box puts the page a typed name belongs to first, whatever the full-text ranking says."""

from __future__ import annotations

import unicodedata

from ..data import routes
from ..data.markup import plain
from ..settings import addresses
from ..settings.ui import ui
from .search_terms import name_forms, record_forms

KIND_ORDER = ("tool", "layer", "chain", "glossary", "page")  # which page wins when names collide


def normalize(name: str) -> str:
    """How a query and a name are compared: width-folded, lowercase, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def name_index(model, lang: str, prefix: str = "", pages: list[tuple[str, str]] = ()) -> dict[str, list[dict]]:
    """normalized name → the pages it names, best first: tools by name or alias (and the path
    finder's page for a starting point), layers, chains, glossary terms (in either language) and
    hand-written pages by title (`pages`: title, path).
    Paths are relative to the site's root (`prefix` is the language's folder, "en/"); each
    entry carries its kind and, for a tool, its layer in `lang`, as the search box shows them."""
    entries: list[tuple[str, dict]] = []

    def add(names, entry: dict) -> None:
        entry["path"] = prefix + entry["path"]
        for name in names:
            entries.append((normalize(name), entry))

    for tool in model.tools.values():
        layer = model.layers[tool.layer].name.get(lang) if tool.layer else ""
        entry = {"path": addresses.tool_path(tool.id), "title": tool.name.get(lang), "kind": "tool", "layer": layer}
        entry["id"] = tool.id  # names the tool in the comparison index (search/compare-<lang>.json)
        add([*record_forms(tool), *tool.aliases], entry)
    for tool_id in routes.starting_points(model):
        # A starting point's routes to the GPU ("From an ONNX model to the GPU"), after its tool page.
        tool = model.tools[tool_id]
        title = ui("finder_page_title", lang).format(start=plain(tool.name.get(lang)))
        add(
            [*record_forms(tool), *tool.aliases],
            {"path": addresses.start_path(tool_id), "title": title, "kind": "page"},
        )
    for layer in model.layers.values():
        add(
            record_forms(layer),
            {"path": addresses.layer_path(layer.id), "title": layer.name.get(lang), "kind": "layer"},
        )
    for chain in model.chains.values():
        add(
            record_forms(chain),
            {"path": addresses.chain_path(chain.id), "title": chain.title.get(lang), "kind": "chain"},
        )
    tool_names = {normalize(name) for tool in model.tools.values() for name in record_forms(tool)}
    for term in model.glossary.values():
        entry = {"path": f"glossary/#term-{term.id}", "title": term.term.get(lang), "kind": "glossary"}
        # "program instance (Triton)" is found by its own name, not by the tool it qualifies.
        forms = [f for f in name_forms(term.term.zh) + name_forms(term.term.en) if normalize(f) not in tool_names]
        add(forms, entry)
    for title, path in pages:
        add(name_forms(title), {"path": path, "title": title, "kind": "page"})

    index: dict[str, list[dict]] = {}
    for name, entry in entries:
        found = index.setdefault(name, [])
        if name and entry["path"] not in [e["path"] for e in found]:
            found.append(entry)
    for found in index.values():
        found.sort(key=lambda e: KIND_ORDER.index(e["kind"]))
    return index
