"""mkdocs-macros entry point: registers the macros pages call, and nothing else.

Each macro asks the model and a renderer for the current page's language and URL.
"""

from __future__ import annotations

from . import render
from .fragments import cached
from .model import load_cached, site_data_dir
from .version import data_version


def define_env(env) -> None:
    """Called once per language build by mkdocs-macros."""
    data_dir = site_data_dir(env.conf["config_file_path"], env.conf["extra"].get("data_dir", "data"))
    repo = (env.conf["extra"].get("repository") or "").rstrip("/")

    loaded: list = []  # the model and its data hash, loaded on first use (hooks validated it already)

    def ctx() -> render.Ctx:
        if not loaded:
            loaded.extend([load_cached(data_dir), data_version(data_dir)])
        lang = env.conf["plugins"]["i18n"].current_language
        url = env.page.url if env.page else ""
        if lang != "zh" and url.startswith(f"{lang}/"):
            url = url[len(lang) + 1 :]
        return render.Ctx(loaded[0], lang, url)

    def page(kind: str, record_id: str, draw) -> str:
        # Per-record pages are most of the build: reuse them while data and code are unchanged.
        current = ctx()
        return cached((loaded[1], repo, kind, record_id, current.lang, current.page_url), lambda: draw(current))

    def edit_url(section: str, record_id: str) -> str:
        file, line = ctx().model.source_line(section, record_id)
        return f"{repo}/blob/main/{file}#L{line}"

    macros = {
        "stack_diagram": lambda: render.stack_figure(ctx()),
        "layer_index": lambda: render.layer_index(ctx()),
        "layer_tools": lambda layer_id: render.layer_tools_table(ctx(), layer_id),
        "tool_card": lambda tool_id: render.tool_card(ctx(), tool_id),
        "tool_link": lambda tool_id: render.tool_link(ctx(), tool_id),
        "tool_index": lambda: render.tool_index(ctx()),
        "tool_page": lambda tool_id: page(
            "tool_page", tool_id, lambda c: render.tool_page(c, tool_id, edit_url("tools", tool_id))
        ),
        "layer_page": lambda layer_id: page(
            "layer_page", layer_id, lambda c: render.layer_page(c, layer_id, edit_url("layers", layer_id))
        ),
        "chain_page": lambda chain_id: page(
            "chain_page", chain_id, lambda c: render.chain_page(c, chain_id, edit_url("chains", chain_id))
        ),
        "chain": lambda chain_id: render.chain_figure(ctx(), chain_id),
        "chain_index": lambda: render.chain_index(ctx()),
        "table": lambda table_id, rows=None: render.table_html(ctx(), table_id, rows),
        "table_section": lambda table_id: render.table_section(ctx(), table_id),
        "guide_list": lambda list_id: render.guide_list(ctx(), list_id),
        "glossary": lambda: render.glossary(ctx()),
        "term": lambda term_id: render.term_link(ctx(), term_id),
        "term_list": lambda: render.term_list(ctx()),
        "references": lambda source: render.references(ctx(), source),
        "catalog": lambda: render.catalog(ctx()),
        "gelu_paths": lambda: render.group_figure(ctx(), "gemm-bias-gelu"),
        "print_downloads": lambda: render.print_downloads(ctx()),
        "site_file": lambda path: render.site_file(ctx(), path),
    }
    for name, function in macros.items():
        env.macro(function, name)

    env.variables["gsm_abbreviations"] = lambda: render.abbreviations(ctx())


def on_post_page_macros(env) -> None:
    """Append abbreviation definitions so every page shows tooltips for SM, TMA, GEMM …"""
    env.markdown += "\n\n" + env.variables["gsm_abbreviations"]() + "\n"
