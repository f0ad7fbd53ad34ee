"""View helpers several page types share: a tool's link as markup (the `tool_link` macro) and the
banner naming a record's fields whose text in the page's language may lag behind the other's."""

from __future__ import annotations

from pathlib import PurePosixPath

from markupsafe import Markup

from ..settings.ui import has_ui
from .page import Page, tool_link


def tool_link_html(page: Page, tool_id: str) -> Markup:
    """A link to a tool's page (the `tool_link` macro)."""
    return page.show("tool_link.html", link=tool_link(page, tool_id))


def lagging_fields(page: Page, collection: str, record_id: str, record_name: str | None = None) -> list[dict]:
    """The record's fields whose text in this page's language may lag behind the other language,
    each with its label and a link to its line on GitHub (the banner at the top of the page)."""
    state = page.model.translations
    if state is None:
        return []
    fields = []
    for item in state.lagging_in(collection, record_id, page.lang):
        parts = item.field.name.split("/")
        # A list item's text is the item itself: "item 2", not "item 2 text".
        if len(parts) > 1 and parts[-1] == "text":
            parts = parts[:-1]
        words = [_field_word(page, part) for part in parts]
        line = item.field.line(page.lang)
        file = f"data/{PurePosixPath(item.field.source.name).name}"
        fields.append(
            {
                "label": " · ".join(filter(None, [record_name, " ".join(words)])),
                "where": page.ui("lag_line").format(file=file, line=line),
                "href": page.build.line_url(file, line),
            }
        )
    return fields


def _field_word(page: Page, part: str) -> str:
    """One part of a field's path in the page's words: list indexes count from 1."""
    if part.isdigit():
        return str(int(part) + 1)
    for key in (f"field_{part}", FIELD_LABELS.get(part, part)):
        if has_ui(key):
            return page.ui(key)
    return part


# Tool fields whose interface word (the card's row label) differs from the key.
FIELD_LABELS = {"description": "what"}
