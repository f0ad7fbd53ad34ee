"""The tool, layer and chain pages as virtual files: no Markdown stubs on disk.

Each page is a little Markdown (front matter for Material's search, one macro call) that
mkdocs-macros renders like any hand-written page.
"""

from __future__ import annotations

import json

from mkdocs.structure.files import File, Files, InclusionLevel

from ..core.languages import Languages
from ..core.model import Model
from ..core.search_terms import search_meta

SECTIONS = {"tools": "tool_page", "layers": "layer_page", "chains": "chain_page"}
KINDS = {"tools": "tool", "layers": "layer", "chains": "chain"}


def page_markdown(section: str, record_id: str, search: dict) -> str:
    """Front matter (what the search index reads: kind, layer, names) and one macro call."""
    # JSON is valid YAML: names with colons, quotes or brackets need no escaping.
    meta = json.dumps({"kind": KINDS[section], **search}, ensure_ascii=False)
    return f'---\nsearch_meta: {meta}\n---\n\n{{{{ {SECTIONS[section]}("{record_id}") }}}}\n'


def record_pages(model: Model) -> list[tuple[str, str, object]]:
    """(section, id, record) of every page the model calls for."""
    return [
        (section, record_id, record)
        for section, records in (("tools", model.tools), ("layers", model.layers), ("chains", model.chains))
        for record_id, record in records.items()
    ]


def add_record_pages(files: Files, config, model: Model, languages: Languages, lang: str, i18n) -> None:
    """Add this language's record pages to `files`, dressed as static-i18n dresses its own."""

    def virtual(section: str, record_id: str, page_lang: str, content: str) -> File:
        file = File.generated(config, f"{section}/{record_id}.{page_lang}.md", content=content)
        file.dest_uri = f"{languages.prefix(page_lang)}{section}/{record_id}/index.html"
        file.inclusion = InclusionLevel.NOT_IN_NAV
        return file

    for section, record_id, record in record_pages(model):
        file = virtual(
            section, record_id, lang, page_markdown(section, record_id, search_meta(model, section, record, lang))
        )
        # What static-i18n's sitemap and language switcher read from its own files.
        file.locale = lang
        file.locale_alternate_of = lang
        file.localization = lang
        file.norm_src_uri = f"{section}/{record_id}.md"
        file.alternates = {
            code: file if code == lang else virtual(section, record_id, code, "") for code in languages.codes
        }
        files.append(file)
    i18n.i18n_files_per_language[lang] = files.documentation_pages()
