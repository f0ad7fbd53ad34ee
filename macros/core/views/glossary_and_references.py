"""The glossary and the translation term list, links to a term or a cited source, the lists of
references, and the abbreviations every page defines."""

from __future__ import annotations

from markupsafe import Markup

from ..data.markup import inline_html, mark_chinese, plain
from ..settings.ui import ui
from .common_views import lagging_fields
from .page import Page, docs_links, reference_link, tool_link


def glossary(page: Page) -> Markup:
    terms = []
    for term in sorted(page.model.glossary.values(), key=lambda t: page.t(t.term).lower()):
        extra = [term.abbr] if term.abbr and term.abbr != page.t(term.term) else []
        extra += [term.expansion] if term.expansion else []
        terms.append(
            {
                "id": term.id,
                "name": inline_html(page.t(term.term)),
                "extra": " · ".join(extra),
                "definition": inline_html(page.t(term.definition)),
                "tools": [tool_link(page, t) for t in term.tools],
            }
        )
    lagging = [
        field
        for term in page.model.glossary.values()
        for field in lagging_fields(page, "glossary", term.id, plain(page.t(term.term)))
    ]
    return page.show("glossary.html", terms=terms, lagging=lagging)


def term_list(page: Page, with_notes: bool = False) -> Markup:
    """The translation term list (data/terms.yaml) as a table, one column per language; the
    translators' notes only where translators read it (the Contribute page)."""
    languages = page.build.languages.codes
    return page.show(
        "term_list.html",
        with_notes=with_notes,
        languages=[{"code": code, "name": ui(f"lang_{code}", code)} for code in languages],
        rows=[
            {
                "texts": [inline_html(getattr(t, code)) for code in languages],
                "note": mark_chinese(inline_html(t.note or "")),
            }
            for t in page.model.terms
        ],
    )


def term_link(page: Page, term_id: str) -> Markup:
    term = page.model.glossary[term_id]
    return page.show(
        "term_link.html",
        href=f"{page.href('glossary/')}#term-{term_id}",
        title=plain(page.t(term.definition)),
        text=inline_html(page.t(term.term)),
    )


def cite(page: Page, reference_id: str) -> Markup:
    """A source named in prose: its title, linked (the address is written once, in references.yaml)."""
    return page.show("cite.html", **docs_links(page, [reference_id])[0])


def references(page: Page, source: str) -> Markup:
    """References of one source (map / catalog / added), with the tools they document."""
    items = [
        reference_link(page, ref)
        | {"tools": [tool_link(page, t) for t in page.model.tools_by_reference.get(ref.id, ())]}
        for ref in page.model.references.values()
        if ref.source == source
    ]
    return page.show("references.html", items=items)


def abbreviations(page: Page) -> str:
    """Markdown abbreviation definitions (*[SM]: …) so abbreviations get tooltips on every page."""
    lines = []
    for term in page.model.glossary.values():
        if term.abbr:
            meaning = term.expansion or plain(page.t(term.term))
            lines.append(f"*[{term.abbr}]: {meaning}")
    return "\n".join(sorted(set(lines)))
