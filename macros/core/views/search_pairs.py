"""Where the site sets two tools side by side, for comparative queries ("PTX vs SASS", "A 和 B 的
区别"): for each pair of tools, the places that compare them, best first, derived from the data
(table rows and tables, list items and lists, relations with a note, glossary entries)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from ..data import records as r
from ..data.markup import display_width, plain
from ..data.model import Model, row_tool_ids
from ..settings import addresses
from ..settings.ui import ui

# How comparing places are ranked, in one place. A place's score is its weight times its focus,
# the share of what it names that is the pair: a row or item about exactly the two scores 1, one
# naming four tools 0.5; a list as a whole, the share of its items naming one of them; a table
# as a whole, the share of its rows naming both, or `side_by_side` when a row is about each (the
# same columns, read across). Tables, lists and the relations that call two tools alternatives
# or confusable compare by nature; the other relations say how two tools relate (part of, built
# on) in a note; a numbered list is steps (two tools in one step are taken together, not set
# against each other) and a glossary entry often names tools as examples. Ties go to the richer
# place (more of its sentences name the pair), then to a relation (a sentence about exactly the
# two). Chosen with `make search-eval` and by reading what each pair of tools gets.
COMPARE_SETTINGS = {
    "weights": {
        "table": 1.0,
        "list": 1.0,
        "steps": 0.5,
        "glossary": 0.75,
        "relation": 0.75,
        "alternative": 1.0,
        "confused-with": 1.0,
        "equivalent-of": 1.0,
    },
    "side_by_side": 0.75,
    "minimum": 0.6,  # a place below this does not compare the two; their own pages come first then
    "places": 2,  # places kept per pair, on different pages
    "excerpt_width": 240,  # display columns of a place's excerpt (a CJK character counts two)
    "excerpt_parts": 3,  # rows or items quoted in it
}
SEPARATOR = " · "
RELATIONS = "#relations"  # the anchor of a tool page's relations (tool_page.md)


@dataclass(frozen=True)
class Place:
    """One place that compares a pair: where it is, what it is called, what it says about them."""

    path: str  # below the language root, with its anchor
    title: str
    where: str  # the title of the page it is on
    excerpt: str
    score: float
    richness: int  # how many of its sentences name one of the two

    def entry(self, prefix: str) -> dict:
        return {"path": prefix + self.path, "title": self.title, "where": self.where, "excerpt": self.excerpt}


def pair_key(a: str, b: str) -> str:
    """How the index names a pair: both tool ids, sorted, space-separated (ids hold no spaces)."""
    return " ".join(sorted((a, b)))


def comparison_index(
    model: Model,
    lang: str,
    prefix: str,
    list_pages: dict[str, list[str]],
    page_titles: dict[str, str],
    settings: dict = COMPARE_SETTINGS,
) -> dict[str, list[dict]]:
    """pair key → the places that compare the two tools, best first (one per page, at most
    `settings["places"]`, none under `settings["minimum"]`). `list_pages`: list id → the pages
    that show it in `lang`; `page_titles`: page path → its title in `lang`."""
    found: dict[str, list[Place]] = {}
    for pair, place in _candidates(model, lang, list_pages, page_titles, settings):
        if place.score >= settings["minimum"]:
            found.setdefault(pair, []).append(place)
    index: dict[str, list[dict]] = {}
    for pair, places in sorted(found.items()):
        places.sort(key=lambda p: (-p.score, -p.richness, not p.path.endswith(RELATIONS)))
        kept: dict[str, Place] = {}
        for place in places:
            kept.setdefault(place.path.split("#")[0], place)
        index[pair] = [place.entry(prefix) for place in list(kept.values())[: settings["places"]]]
    return index


def _candidates(model, lang, list_pages, page_titles, settings) -> Iterator[tuple[str, Place]]:
    weights = settings["weights"]

    def text(value: r.Text) -> str:
        return plain(value.get(lang))

    def excerpt(parts: list[str]) -> str:
        # The first few parts, each with its share of the width, so two rows side by side both show.
        parts = [part for part in parts if part][: settings["excerpt_parts"]]
        share = settings["excerpt_width"] // len(parts) - display_width(SEPARATOR)
        return _shorten(SEPARATOR.join(_shorten(part, share) for part in parts), settings["excerpt_width"])

    for table in model.tables.values():
        where = page_titles.get(table.page, "")
        for (a, b), (focus, rows) in _table_scopes(table, settings["side_by_side"]).items():
            cells = [_row_text(table, row, lang) for row in rows]
            place = Place(
                f"{table.page}#table-{table.id}",
                text(table.title),
                where,
                excerpt(cells),
                weights["table"] * focus,
                len(rows),
            )
            yield pair_key(a, b), place
    for guide in model.lists.values():
        for page in list_pages.get(guide.id, []):
            where = page_titles.get(page, "")
            for (a, b), (focus, items) in _list_scopes(guide).items():
                place = Place(
                    f"{page}#list-{guide.id}",
                    text(guide.title),
                    where,
                    excerpt([text(item.text) for item in items]),
                    weights["steps" if guide.ordered else "list"] * focus,
                    len(items),
                )
                yield pair_key(a, b), place
    for tool in model.tools.values():
        page = addresses.tool_path(tool.id)
        for rel in tool.relations:
            if rel.note is None or rel.tool == tool.id:
                continue
            other = model.tools[rel.tool]
            place = Place(
                page + RELATIONS,
                f"{text(tool.name)}{SEPARATOR}{ui('relations', lang)}",
                text(tool.name),
                excerpt([f"{ui(rel.type, lang)} {text(other.name)}", text(rel.note)]),
                weights.get(rel.type, weights["relation"]),
                1,
            )
            yield pair_key(tool.id, rel.tool), place
    for term in model.glossary.values():
        tools = list(dict.fromkeys(term.tools))
        for a, b in combinations(tools, 2):
            place = Place(
                f"glossary/#term-{term.id}",
                text(term.term),
                page_titles.get("glossary/", ""),
                excerpt([text(term.definition)]),
                weights["glossary"] * 2 / len(tools),
                1,
            )
            yield pair_key(a, b), place


def _table_scopes(table: r.Table, side_by_side: float) -> dict[tuple[str, str], tuple[float, list[r.Row]]]:
    """pair → (focus, the rows that say it) at the table's best scope for the pair: one row
    (2 / the tools it names), the whole table (the share of its rows naming both), or a row
    about each (`side_by_side`)."""
    best: dict[tuple[str, str], tuple[float, list[r.Row]]] = {}
    naming: dict[tuple[str, str], list[r.Row]] = {}
    for row in table.rows:
        tools = sorted(set(row_tool_ids(row)))
        for pair in combinations(tools, 2):
            naming.setdefault(pair, []).append(row)
            _keep(best, pair, 2 / len(tools), [row])
    for pair, rows in naming.items():
        _keep(best, pair, len(rows) / len(table.rows), rows)
    subjects = {row.tool: row for row in reversed(table.rows) if row.tool}  # the first row about each
    for a, b in combinations(sorted(subjects), 2):
        rows = [row for row in table.rows if row is subjects[a] or row is subjects[b]]
        _keep(best, (a, b), side_by_side, rows)
    return best


def _list_scopes(guide: r.GuideList) -> dict[tuple[str, str], tuple[float, list[r.Item]]]:
    """pair → (focus, the items that say it) at the list's best scope for the pair: an item
    about both (2 / the tools it is about), or the whole list, whose items name one or the other
    (the share of its items naming either)."""
    best: dict[tuple[str, str], tuple[float, list[r.Item]]] = {}

    def visit(item: r.Item) -> None:
        tools = sorted(_about(item))
        for a, b in combinations(tools, 2):
            said = [i for i in _subtree(item) if a in i.tools or b in i.tools]
            _keep(best, (a, b), 2 / len(tools), [item] + [i for i in said if i is not item])
        for child in item.items:
            visit(child)

    for item in guide.items:
        visit(item)
    covered = sorted({tool for item in guide.items for tool in _about(item)})
    for a, b in combinations(covered, 2):
        said = [item for item in guide.items if {a, b} & _about(item)]
        if any(a in _about(i) for i in said) and any(b in _about(i) for i in said):
            _keep(best, (a, b), len(said) / len(guide.items), said)
    return best


def _about(item: r.Item) -> set[str]:
    """What an item is about: the tools it names, else what its sub-items are about."""
    if item.tools:
        return set(item.tools)
    return {tool for child in item.items for tool in _about(child)}


def _subtree(item: r.Item) -> list[r.Item]:
    return [item] + [i for child in item.items for i in _subtree(child)]


def _keep(best: dict, pair: tuple[str, str], focus: float, said: list) -> None:
    """Keep the scope with the higher focus for `pair`; at equal focus, the one that says more."""
    held = best.get(pair)
    if held is None or (focus, len(said)) > (held[0], len(held[1])):
        best[pair] = (focus, said)


def _row_text(table: r.Table, row: r.Row, lang: str) -> str:
    """A row as a reader would read it aloud: its first cell, then each column's name and cell."""
    cells = [plain(cell.get(lang)) for cell in row.cells]
    columns = [plain(column.get(lang)) for column in table.columns]
    said = ui("compare_cell", lang)
    rest = [said.format(column=column, cell=cell) for column, cell in zip(columns[1:], cells[1:], strict=False)]
    return f"{cells[0]} — {ui('compare_next_cell', lang).join(rest)}" if rest else cells[0]


def _shorten(text: str, width: int) -> str:
    """At most `width` display columns, cut at a word or character with an ellipsis."""
    if len(text) <= width // 2 or display_width(text) <= width:  # no character takes more than 2 columns
        return text
    kept, used = 0, 0
    for ch in text:
        used += display_width(ch)
        if used > width - 1:
            break
        kept += 1
    cut = text[:kept]
    if " " in cut[-20:] and cut[-1].isascii():
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;·—") + "…"
