"""MkDocs build events: start the build's state, add the record pages, finish the site.

The coupling points and the engine behaviour each relies on are listed in __init__.py.
A data error stops the build in on_config with the validator's own messages (no traceback).
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from ..core.diagrams import site_dots
from ..core.problems import DataError
from ..core.ui import ui
from . import llms, redirects, search, site_files
from .pages import add_record_pages
from .state import start, state_of


def _i18n(config):
    return config.plugins["i18n"]


def on_config(config, **kwargs):
    i18n = _i18n(config)
    if i18n.building:
        redirects.configure(config, i18n.current_language, state_of(config).build.languages)
        return config  # another language of the same build: the state exists
    try:
        state = start(config)
    except DataError as error:
        lines = "\n".join(p.format() for p in error.problems)
        raise PluginError(
            f"data/ has {len(error.problems)} error(s):\n{lines}\nRun `make validate` for the full report."
        ) from None
    redirects.configure(config, i18n.current_language or i18n.default_language, state.build.languages)
    return config


def on_env(env, config, files, **kwargs):
    # The theme's templates (overrides/) print interface words from the same table as ours.
    env.globals["gsm_ui"] = ui
    env.globals["gsm_prefix"] = state_of(config).build.languages.prefix
    return env


@event_priority(-200)  # after static-i18n (-100) has sorted the docs into the current language
def on_files(files, config, **kwargs):
    build = state_of(config).build
    i18n = _i18n(config)
    add_record_pages(files, config, build.model, build.languages, i18n.current_language, i18n)
    redirects.refresh_targets(files, config)
    return files


def on_pre_build(config, **kwargs):
    build = state_of(config).build
    if not _i18n(config).building:
        # Render every diagram up front, one `dot` per core; pages then read the cache.
        build.diagrams.render_many(site_dots(build.model, build.languages.codes))


def on_post_page(output, page, config, **kwargs):
    state = state_of(config)
    # Each language build renders the theme's 404.html into the site root just before its
    # pages, and the next language overwrites it: keep each language's copy as it appears.
    language = _i18n(config).current_language
    root_404 = Path(config["site_dir"]) / "404.html"
    if language not in state.not_found_pages and root_404.exists():
        state.not_found_pages[language] = root_404.read_text(encoding="utf-8")
    if page.file.generated_by is None and page.title:
        # Hand-written pages are found by their titles too (the name index; records come from data).
        path = page.url.removeprefix(state.build.languages.prefix(language))
        state.page_titles.setdefault(language, []).append((page.title, path))
    output = state.build.slots.fill(output)
    llms.collect(state, page, output, language, config)
    return output


@event_priority(-200)  # after static-i18n (-100), which runs the other languages' builds first
def on_post_build(config, **kwargs):
    if _i18n(config).building:
        return
    state = state_of(config)
    build = state.build
    site = Path(config["site_dir"])
    site_files.write_not_found_pages(site, state.not_found_pages, build.languages, config["site_url"])
    search.write_name_indexes(site, build.model, build.languages, state.page_titles)
    search.index(site)
    site_files.write_export(site, build.model, build.data_version)
    site_files.write_evidence_excerpts(site, build.model.evidence)
    site_files.write_sitemaps(site, build.languages, config["site_url"] or "/")
    site_files.copy_print_files(site, os.environ.get(site_files.PRINT_DIR_VARIABLE))
    llms.write(site, state, config)
