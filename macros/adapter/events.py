"""MkDocs build events: start the build's state, add the record pages, finish the site.

The coupling points and the engine behaviour each relies on are listed in __init__.py.
A data error stops the build in on_config with the validator's own messages (no traceback).

With GSM_BUILD_LANGUAGE set (`python -m scripts build` does, one process per language), the
build makes that language's pages only and saves what the site-wide files need into
GSM_BUILD_PARTS; the caller merges the languages' folders and finishes the site (finish.py).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from ..core.pipeline.finish import finish_site
from ..core.pipeline.page_store import PageStore, site_digest
from ..core.data.problems import DataError
from ..core.outputs import llms_files
from ..core.outputs.search_index import SearchIndexError
from ..core.settings import environment
from ..core.settings.options import OptionsError
from ..core.settings.ui import ui
from ..core.views.search_terms import SEARCH_SETTINGS
from . import redirects
from .pages import add_record_pages
from .reuse import Reuse
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
    except OptionsError as error:
        raise PluginError(str(error)) from None
    redirects.configure(config, i18n.current_language or i18n.default_language, state.build.languages)
    return config


def on_env(env, config, files, **kwargs):
    # MkDocs makes the theme's Jinja environment anew for every build; compiled templates kept in
    # the build cache (checked against each template's source) spare every build compiling them.
    env.bytecode_cache = FileSystemBytecodeCache(str(state_of(config).build.cache.folder("jinja")))
    # The theme's templates (overrides/) print interface words from the same table as ours.
    env.globals["gsm_ui"] = ui
    env.globals["gsm_prefix"] = state_of(config).build.languages.prefix
    env.globals["gsm_search_settings"] = SEARCH_SETTINGS
    return env


@event_priority(-200)  # after static-i18n (-100) has sorted the docs into the current language
def on_files(files, config, **kwargs):
    build = state_of(config).build
    i18n = _i18n(config)
    add_record_pages(files, config, build.model, build.languages, i18n.current_language, i18n)
    redirects.refresh_targets(files, config)
    # Every page depends on the site's address and on the hand-written files (a link MkDocs
    # checks may point at any of them); the record pages follow from the data, which a page that
    # lists or links records reads. What else a page depends on, it records as it renders (reuse.py).
    pages = sorted((f.src_uri, f.dest_uri) for f in files if f.generated_by is None)
    site = site_digest(build.cache.key, i18n.current_language, config["site_url"] or "", pages)
    state_of(config).reuse = Reuse(PageStore(build.cache.namespace("pages"), site), verify=pages_to_verify(files))
    return files


def pages_to_verify(files) -> frozenset[str]:
    """--verify-reuse N: N of this language's pages at random (none without it)."""
    wanted = int(os.environ.get(environment.VERIFY_REUSE) or 0)
    urls = sorted(f.url for f in files if f.is_documentation_page())
    return frozenset(random.sample(urls, min(wanted, len(urls))))


def check_reused_pages(reuse: Reuse, language: str) -> None:
    """Fail the build if a page rendered again differs from its stored copy (--verify-reuse)."""
    if not reuse.verify:
        return
    if reuse.stale:
        raise PluginError(
            f"{len(reuse.stale)} of {len(reuse.checking)} reusable {language} pages differ when rendered again; "
            "the build key (macros/core/pipeline/inputs.py) misses an input they read:\n  " + "\n  ".join(reuse.stale)
        )
    print(
        f"verify-reuse ({language}): {len(reuse.checking)} reusable pages rendered again, all identical",
        file=sys.stderr,
    )


def on_pre_build(config, **kwargs):
    build = state_of(config).build
    i18n = _i18n(config)
    if not i18n.building:
        # Render every diagram up front (this process's languages), one `dot` per core; pages then read the cache.
        only = os.environ.get(environment.BUILD_LANGUAGE)
        build.diagrams.render_many(build.site_dots((only,) if only else build.languages.codes))


@event_priority(100)  # before static-i18n (50) and mkdocs-macros (0): a reused page skips both
def on_page_markdown(markdown, page, config, files, **kwargs):
    state = state_of(config)
    return state.reuse.before_markdown(markdown, page, state.build.inputs)


def on_page_content(html, page, config, files, **kwargs):
    state_of(config).reuse.pause()
    return html


def on_page_context(context, page, config, nav, **kwargs):
    state_of(config).reuse.resume(page)
    return context


def on_post_page(output, page, config, **kwargs):
    state = state_of(config)
    # Each language build renders the theme's 404.html into the site root just before its
    # pages, and the next language overwrites it: keep each language's copy as it appears.
    language = _i18n(config).current_language
    root_404 = Path(config["site_dir"]) / "404.html"
    parts = state.parts
    if language not in parts.not_found_pages and root_404.exists():
        parts.not_found_pages[language] = root_404.read_text(encoding="utf-8")
    llms_files.note_site(parts, language, config)
    stored = state.reuse.reused.get(page.url)
    if stored is not None:
        parts.add_page(language, stored.contribution)
        return stored.html
    contribution = {"title": None, "llms": llms_files.page_entry(page, config)}
    if page.file.generated_by is None and page.title:
        # Hand-written pages are found by their titles too (the name index; records come from data).
        contribution["title"] = (page.title, page.url.removeprefix(state.build.languages.prefix(language)))
    parts.add_page(language, contribution)
    html = state.build.slots.fill(output)
    state.reuse.finish(page, html, contribution, state.build.inputs)
    # `make serve` shows the page first and writes /llms-full.txt after: not on its way to the screen.
    if contribution["llms"] and not os.environ.get(environment.SEARCH_LATER):
        llms_files.prepare(state.build, language, contribution["llms"], html, config["site_url"])
    return html


@event_priority(-200)  # after static-i18n (-100), which runs the other languages' builds first
def on_post_build(config, **kwargs):
    if _i18n(config).building:
        return
    state = state_of(config)
    site_url = config["site_url"]
    print_dir = os.environ.get(environment.PRINT_DIR)
    search = not os.environ.get(environment.SEARCH_LATER)
    try:
        finish_site(Path(config["site_dir"]), state.build, state.parts, site_url, config["nav"], print_dir, search)
    except SearchIndexError as error:
        raise PluginError(str(error)) from None


# One language per process (language_hooks.py, listed first under `hooks:`): a second hook
# file, because these two run on the same events as the ones above, at other priorities.


def on_config_one_language(config, **kwargs):
    """Before static-i18n's on_config (-100), which starts from the default language only when
    no language is set yet: make GSM_BUILD_LANGUAGE this build's first and only language."""
    i18n = _i18n(config)
    only = os.environ.get(environment.BUILD_LANGUAGE)
    if only and i18n.current_language is None:
        i18n.current_language = only
    return config


@event_priority(-50)  # before static-i18n (-100), which would go on to build the other languages
def on_post_build_one_language(config, **kwargs):
    """Save this language's share of the site-wide files and stop static-i18n there."""
    i18n = _i18n(config)
    check_reused_pages(state_of(config).reuse, i18n.current_language)
    if os.environ.get(environment.BUILD_LANGUAGE) and not i18n.building:
        state_of(config).parts.save(Path(os.environ[environment.BUILD_PARTS]))
        i18n.building = True  # static-i18n's on_post_build returns: the other languages are other processes
