"""What search needs from the data beyond the pages' text: the names each record page is
found by (in both languages), and an exact-name index that puts the page a name belongs to
first, whatever the full-text ranking says."""

from __future__ import annotations

import re
import unicodedata

from ..settings import addresses

KIND_ORDER = ("tool", "layer", "chain", "glossary", "page")  # which page wins when names collide

# How the search box ranks and shows results, in one place (search.js reads it from the box's
# data-settings). Chosen with `make search-eval` (tests/search/queries.yaml): titles and names
# count most; pageLength 0.25 (Pagefind: 0.75) stops short pages outranking the glossary and the
# comparison tables that answer a term. `meta_weights` name the metadata overrides/main.html marks.
SEARCH_SETTINGS = {
    "ranking": {
        "metaWeights": {"title": 8, "names": 6, "layer": 0, "kind": 0},
        "termSimilarity": 2,
        "pageLength": 0.25,
    },
    "rows": 10,  # rows shown; the first screen holds about six
    "pinned": 3,  # pages a typed name can pin above the full-text results
}


def _forms(text: str) -> list[str]:
    """A name and the forms in and around it: "automatic differentiation (autodiff, AD)" gives all
    three, "图编译器 / 运行时 / 推理引擎" each part, "1. 应用" the name without its number."""
    inner = [part for group in re.findall(r"[（(]([^）)]+)[）)]", text) for part in re.split(r"[,，、]\s*", group)]
    outer = re.sub(r"\s*[（(][^）)]*[）)]", "", text)
    forms = [outer, *inner]
    for form in list(forms):
        parts = [p for p in re.split(r"\s+/\s+", form) if p]
        if len(parts) > 1:
            forms += parts
    return [re.sub(r"^\d+\.\s*", "", f).strip() for f in forms if f.strip()]


def record_forms(record) -> list[str]:
    """A record's name (tool, layer) or title (chain) in both languages, with its forms."""
    text = getattr(record, "name", None) or record.title
    return list(dict.fromkeys(_forms(text.zh) + _forms(text.en)))


def search_meta(model, section: str, record, lang: str) -> dict:
    """What the search index reads beside a record page's text: for a tool, its layer's name
    in `lang`; for every record, the names it is found by in either language (so 张量核心
    finds Tensor Core on the English site too), and for a tool the glossary terms that name it."""
    words = record_forms(record)
    meta: dict = {}
    if section == "tools":
        words += record.aliases
        for term in model.glossary.values():
            if record.id in term.tools:
                words += _forms(term.term.zh) + _forms(term.term.en)
        if record.layer:
            meta["layer"] = model.layers[record.layer].name.get(lang)
    meta["words"] = list(dict.fromkeys(w for w in words if w))
    return meta


def normalize(name: str) -> str:
    """How a query and a name are compared: width-folded, lowercase, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def name_index(model, lang: str, prefix: str = "", pages: list[tuple[str, str]] = ()) -> dict[str, list[dict]]:
    """normalized name → the pages it names, best first: tools by name or alias, layers, chains,
    glossary terms (in either language) and hand-written pages by title (`pages`: title, path).
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
        add([*record_forms(tool), *tool.aliases], entry)
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
        forms = [f for f in _forms(term.term.zh) + _forms(term.term.en) if normalize(f) not in tool_names]
        add(forms, entry)
    for title, path in pages:
        add(_forms(title), {"path": path, "title": title, "kind": "page"})

    index: dict[str, list[dict]] = {}
    for name, entry in entries:
        found = index.setdefault(name, [])
        if name and entry["path"] not in [e["path"] for e in found]:
            found.append(entry)
    for found in index.values():
        found.sort(key=lambda e: KIND_ORDER.index(e["kind"]))
    return index
