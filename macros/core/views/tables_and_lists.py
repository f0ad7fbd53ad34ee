"""The data's tables (whole or cut to some tools), its guide lists and the catalog of tools."""

from __future__ import annotations

from markupsafe import Markup

from ..data import records as r
from ..data.markup import inline_html, plain
from ..settings import addresses
from .common_views import lagging_fields
from .page import Page, docs_links, tool_link


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
