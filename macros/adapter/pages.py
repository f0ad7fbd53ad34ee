"""The tool, layer, chain and path-finder start pages as virtual files: no Markdown stubs on disk.

Each page is a little Markdown (front matter for the search index, one macro call) that
mkdocs-macros renders like any hand-written page. A tool's deep dive, hand-written prose in
`docs/deep-dives/<tool id>.<lang>.md`, is rendered in the same page and handed to the macro,
so it becomes a section of the tool's one page.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

from ..core.data import routes
from ..core.data.markup import plain
from ..core.data.model import Model
from ..core.data.shell_references import DEEP_DIVES  # under docs/, excluded from the build (exclude_docs)
from ..core.settings.addresses import PATH_FINDER, RECORD_FOLDERS, RECORD_PAGES
from ..core.settings.languages import Languages
from ..core.settings.ui import ui
from ..core.views.search_terms import search_meta

PAGE_TYPES = {page.folder: page for page in RECORD_PAGES}


def page_markdown(section: str, record_id: str, search: dict, deep_dive: str = "") -> str:
    """Front matter (what the search index reads: kind, layer, names) and one macro call."""
    # JSON is valid YAML: names with colons, quotes or brackets need no escaping.
    front = f"---\nsearch_meta: {json.dumps({'kind': PAGE_TYPES[section].search_kind, **search}, ensure_ascii=False)}\n---\n\n"
    if not deep_dive:
        return f'{front}{{{{ {PAGE_TYPES[section].macro}("{record_id}") }}}}\n'
    # A block `set` renders the prose's own macros (tables, chains) in this page, then the
    # page macro places the result as a section of the page.
    return f'{front}{{% set deep_dive %}}\n{deep_dive}\n{{% endset %}}\n{{{{ {PAGE_TYPES[section].macro}("{record_id}", deep_dive) }}}}\n'


def deep_dives(docs_dir: str, model: Model, lang: str) -> dict[str, str]:
    """Tool id → this language's deep-dive Markdown; a file named for no tool stops the build."""
    folder = Path(docs_dir) / DEEP_DIVES
    found = {}
    for path in sorted(folder.glob(f"*.{lang}.md")):
        tool_id = path.name.removesuffix(f".{lang}.md")
        if tool_id not in model.tools:
            raise PluginError(
                f"{path}: no tool has the id {tool_id!r}. A deep dive is named for the tool whose page it "
                f"belongs on (docs/{DEEP_DIVES}/<tool id>.{lang}.md): rename the file or add the tool to data/tools.yaml."
            )
        found[tool_id] = path.read_text(encoding="utf-8")
    return found


def record_pages(model: Model) -> list[tuple[str, str, object]]:
    """(section, id, record) of every page the model calls for: a page per record, and one per
    starting point of the path finder (/paths/<tool id>/)."""
    starts = {tool_id: model.tools[tool_id] for tool_id in routes.starting_points(model)}
    return [
        (page.folder, record_id, record)
        for page in RECORD_PAGES
        for record_id, record in (starts if page.folder == PATH_FINDER else getattr(model, page.collection)).items()
    ]


def embed_pages(model: Model, lang: str) -> list[tuple[str, str, str]]:
    """(path under /embed/, title, macro call) of every diagram a reader can embed in an iframe."""
    pages = [("stack", ui("stack_title", lang), '{{ embed_page("stack") }}')]
    for chain_id, chain in model.chains.items():
        pages.append(
            (f"chains/{chain_id}", plain(chain.title.get(lang)), f'{{{{ embed_page("chain", "{chain_id}") }}}}')
        )
    if model.evidence and model.evidence.gelu:
        for size in model.evidence.gelu.operation["sizes"]:
            title = model.interface["chart-title"].text.get(lang).format(size=size)
            pages.append((f"measured/{size}", title, f'{{{{ embed_page("measured", "{size}") }}}}'))
    return pages


def add_record_pages(files: Files, config, model: Model, languages: Languages, lang: str, i18n) -> None:
    """Add this language's record pages and embed pages to `files`, dressed as static-i18n
    dresses its own."""

    def virtual(path: str, page_lang: str, content: str) -> File:
        file = File.generated(config, f"{path}.{page_lang}.md", content=content)
        file.dest_uri = f"{languages.prefix(page_lang)}{path}/index.html"
        file.inclusion = InclusionLevel.NOT_IN_NAV
        return file

    def add(path: str, content: str) -> None:
        file = virtual(path, lang, content)
        # What static-i18n's sitemap and language switcher read from its own files.
        file.locale = lang
        file.locale_alternate_of = lang
        file.localization = lang
        file.norm_src_uri = f"{path}.md"
        file.alternates = {code: file if code == lang else virtual(path, code, "") for code in languages.codes}
        files.append(file)

    prose = deep_dives(config["docs_dir"], model, lang)
    for section, record_id, record in record_pages(model):
        deep_dive = prose.get(record_id, "") if section == RECORD_FOLDERS["tools"] else ""
        # A start's page is found by its title; its tool's names find the tool's own page.
        search = {} if section == PATH_FINDER else search_meta(model, section, record, lang)
        add(f"{section}/{record_id}", page_markdown(section, record_id, search, deep_dive))
    for path, title, call in embed_pages(model, lang):
        # overrides/embed.html: the diagram alone, no site around it (and outside the search index).
        front = json.dumps({"template": "embed.html", "title": title}, ensure_ascii=False)
        add(f"embed/{path}", f"---\n{front}\n---\n\n{call}\n")
    i18n.i18n_files_per_language[lang] = files.documentation_pages()
