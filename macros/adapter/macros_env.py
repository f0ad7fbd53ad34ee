"""mkdocs-macros' entry point: the macros pages call, each a thin call into core.views.

Each macro asks for the current page's language (static-i18n's `current_language`) and URL
(mkdocs-macros' `env.page`), then renders view data from the build's state.
"""

from __future__ import annotations

import importlib

from markupsafe import Markup

from ..core import views
from ..core.settings.addresses import RECORD_PAGES, PageType
from ..core.views import (
    chain_pages,
    common_views,
    diagram_figures,
    evidence_views,
    glossary_and_references,
    layer_pages,
    measured_page,
    path_finder,
    print_page,
    tables_and_lists,
    tool_pages,
)
from ..core.views.page import Page
from .plugin import StackMapPlugin


def define_env(env) -> None:
    """Called once per language build by mkdocs-macros."""

    def page() -> Page:
        build = StackMapPlugin.of(env.conf).state.build
        lang = env.conf["plugins"]["i18n"].current_language
        url = env.page.url if env.page else ""
        prefix = build.languages.prefix(lang)
        if prefix and url.startswith(prefix):
            url = url[len(prefix) :]
        return Page(build, lang, url)

    def record_page(view):
        # Arguments after the id are the page's own Markdown, already rendered by mkdocs-macros
        # (a tool's deep dive, pages.py).
        return lambda record_id, *rendered: view(page(), record_id, *(Markup(text) for text in rendered))

    macros = {
        "stack_diagram": lambda: diagram_figures.stack_figure(page()),
        "layer_index": lambda: layer_pages.layer_index(page()),
        "layer_tools": lambda layer_id: layer_pages.layer_tools_table(page(), layer_id),
        "tool_card": lambda tool_id: tool_pages.tool_card(page(), tool_id),
        "tool_link": lambda tool_id: common_views.tool_link_html(page(), tool_id),
        "tool_index": lambda: tool_pages.tool_index(page()),
        "chain": lambda chain_id: diagram_figures.chain_figure(page(), chain_id),
        "chain_index": lambda: chain_pages.chain_index(page()),
        "table": lambda table_id, rows=None: tables_and_lists.table(page(), table_id, rows),
        "table_section": lambda table_id: tables_and_lists.table_section(page(), table_id),
        "guide_list": lambda list_id: tables_and_lists.guide_list(page(), list_id),
        "glossary": lambda: glossary_and_references.glossary(page()),
        "term": lambda term_id: glossary_and_references.term_link(page(), term_id),
        "cite": lambda reference_id: glossary_and_references.cite(page(), reference_id),
        "term_list": lambda with_notes=False: glossary_and_references.term_list(page(), with_notes),
        "references": lambda source: glossary_and_references.references(page(), source),
        "catalog": lambda: tables_and_lists.catalog(page()),
        "chain_group": lambda group: diagram_figures.group_figure(page(), group),
        "path_finder": lambda: path_finder.path_finder(page()),
        "embed_page": lambda kind, target="": diagram_figures.embed_page(page(), kind, target),
        "print_downloads": lambda: print_page.print_downloads(page()),
        "site_file": lambda path: page().site_file(path),
        "measured_paths": lambda: measured_page.measured(page()),
        "evidence_method": lambda: evidence_views.method(page()),
        "toolkit_table": lambda: evidence_views.toolkit_table(page()),
        "measured_gpu": lambda reading, gpu: evidence_views.measured_gpu(page(), reading, gpu),
    }
    # A record page's macro is its view's name (core/settings/addresses.py's registry).
    macros |= {page_type.macro: record_page(record_view(page_type)) for page_type in RECORD_PAGES}
    for name, function in macros.items():
        env.macro(function, name)


def record_view(page_type: PageType):
    """The view function a page type's registry entry names (`module.function` under core/views/)."""
    module, _, function = page_type.view.rpartition(".")
    return getattr(importlib.import_module(f"{views.__name__}.{module}"), function)


def on_post_page_macros(env) -> None:
    """Append abbreviation definitions so every page shows tooltips for SM, TMA, GEMM …"""
    state = StackMapPlugin.of(env.conf).state
    if env.page and state.reuse.is_reused(env.page):
        return  # reused from the last build: its Markdown is not converted
    build = state.build
    lang = env.conf["plugins"]["i18n"].current_language
    env.markdown += "\n\n" + glossary_and_references.abbreviations(Page(build, lang, "")) + "\n"
