"""mkdocs-macros' entry point: the macros pages call, each a thin call into core.views.

Each macro asks for the current page's language (static-i18n's `current_language`) and URL
(mkdocs-macros' `env.page`), then renders view data from the build's state.
"""

from __future__ import annotations

from markupsafe import Markup

from ..core.views import evidence_views, views
from ..core.views.page import Page
from .state import state_of


def define_env(env) -> None:
    """Called once per language build by mkdocs-macros."""

    def page() -> Page:
        build = state_of(env.conf).build
        lang = env.conf["plugins"]["i18n"].current_language
        url = env.page.url if env.page else ""
        prefix = build.languages.prefix(lang)
        if prefix and url.startswith(prefix):
            url = url[len(prefix) :]
        return Page(build, lang, url)

    def tool_page(tool_id: str, deep_dive: str = "") -> str:
        # The deep dive is the page's own Markdown, already rendered by mkdocs-macros (pages.py).
        return views.tool_page(page(), tool_id, Markup(deep_dive))

    macros = {
        "stack_diagram": lambda: views.stack_figure(page()),
        "layer_index": lambda: views.layer_index(page()),
        "layer_tools": lambda layer_id: views.layer_tools_table(page(), layer_id),
        "tool_card": lambda tool_id: views.tool_card(page(), tool_id),
        "tool_link": lambda tool_id: views.tool_link_html(page(), tool_id),
        "tool_index": lambda: views.tool_index(page()),
        "tool_page": tool_page,
        "layer_page": lambda layer_id: views.layer_page(page(), layer_id),
        "chain_page": lambda chain_id: views.chain_page(page(), chain_id),
        "chain": lambda chain_id: views.chain_figure(page(), chain_id),
        "chain_index": lambda: views.chain_index(page()),
        "table": lambda table_id, rows=None: views.table(page(), table_id, rows),
        "table_section": lambda table_id: views.table_section(page(), table_id),
        "guide_list": lambda list_id: views.guide_list(page(), list_id),
        "glossary": lambda: views.glossary(page()),
        "term": lambda term_id: views.term_link(page(), term_id),
        "cite": lambda reference_id: views.cite(page(), reference_id),
        "term_list": lambda with_notes=False: views.term_list(page(), with_notes),
        "references": lambda source: views.references(page(), source),
        "catalog": lambda: views.catalog(page()),
        "chain_group": lambda group: views.group_figure(page(), group),
        "path_finder": lambda: views.path_finder(page()),
        "embed_page": lambda kind, target="": views.embed_page(page(), kind, target),
        "path_start_page": lambda tool_id: views.path_start_page(page(), tool_id),
        "print_downloads": lambda: views.print_downloads(page()),
        "site_file": lambda path: page().site_file(path),
        "measured_paths": lambda: evidence_views.measured(page()),
        "evidence_method": lambda: evidence_views.method(page()),
        "toolkit_table": lambda: evidence_views.toolkit_table(page()),
        "measured_gpu": lambda reading, gpu: evidence_views.measured_gpu(page(), reading, gpu),
    }
    for name, function in macros.items():
        env.macro(function, name)


def on_post_page_macros(env) -> None:
    """Append abbreviation definitions so every page shows tooltips for SM, TMA, GEMM …"""
    state = state_of(env.conf)
    if env.page and state.reuse.is_reused(env.page):
        return  # reused from the last build: its Markdown is not converted
    build = state.build
    lang = env.conf["plugins"]["i18n"].current_language
    env.markdown += "\n\n" + views.abbreviations(Page(build, lang, "")) + "\n"
