"""The site's MkDocs plugin: the build's events, and its state (state.py) on the plugin itself.

MkDocs loads it through hooks.py (mkdocs.yml `hooks:`), once per process; each build's
on_config makes a new state, so a second build in the same process (a `make serve` builder)
starts from its own data. The coupling points and the engine behaviour each relies on are
listed in __init__.py. A data error stops the build in on_config with the validator's own
messages (no traceback).

Started for one language (core/pipeline/site_build.py starts a process per language), a build
makes that language's pages only and saves what the site-wide files need beside its site
folder; the pipeline merges the languages' folders and finishes the site.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from ..core.data.problems import DataError
from ..core.outputs import llms_files
from ..core.outputs.search_index import SearchIndexError
from ..core.pipeline.finish import finish_site
from ..core.pipeline.page_store import PageStore, site_digest
from ..core.settings.addresses import search_kinds
from ..core.settings.options import OptionsError
from ..core.settings.ui import ui
from ..core.views.search_terms import SEARCH_SETTINGS
from . import redirects
from .pages import add_record_pages
from .reuse import Reuse
from .state import BuildState, ProcessOptions, parts_file, start


class StackMapPlugin(BasePlugin):
    """The events of the site's build; `state` is the build running now."""

    def __init__(self) -> None:
        self.options = ProcessOptions()
        self.state: BuildState | None = None

    @classmethod
    def of(cls, config) -> StackMapPlugin:
        """The plugin of the build `config` belongs to (hooks.py's, among the config's plugins)."""
        for plugin in config.plugins.values():
            if isinstance(getattr(plugin, "PLUGIN", None), cls):
                return plugin.PLUGIN
        raise LookupError("mkdocs.yml's hooks: lacks macros/adapter/hooks.py")

    # ---------------------------------------------------------------- on_config

    def _choose_language(self, config, **kwargs):
        """Before static-i18n's on_config (-100), which starts from the default language only when
        no language is set yet: a build started for one language builds that one only."""
        i18n = config.plugins["i18n"]
        if not i18n.building:
            self.options = ProcessOptions.from_environment()
        if self.options.language and i18n.current_language is None:
            i18n.current_language = self.options.language
        return config

    def _start_build(self, config, **kwargs):
        i18n = config.plugins["i18n"]
        if i18n.building:
            redirects.configure(config, i18n.current_language, self.state.build.languages)
            return config  # another language of the same build: the state exists
        try:
            self.state = start(config, self.options)
        except DataError as error:
            lines = "\n".join(p.format() for p in error.problems)
            raise PluginError(
                f"data/ has {len(error.problems)} error(s):\n{lines}\nRun `make validate` for the full report."
            ) from None
        except OptionsError as error:
            raise PluginError(str(error)) from None
        redirects.configure(config, i18n.current_language or i18n.default_language, self.state.build.languages)
        return config

    on_config = CombinedEvent(_choose_language, _start_build)

    # ---------------------------------------------------------------- the pages

    def on_env(self, env, config, files, **kwargs):
        # MkDocs makes the theme's Jinja environment anew for every build; compiled templates kept in
        # the build cache (checked against each template's source) spare every build compiling them.
        env.bytecode_cache = FileSystemBytecodeCache(str(self.state.build.cache.folder("jinja")))
        # The theme's templates (overrides/) print interface words from the same table as ours.
        env.globals["gsm_ui"] = ui
        env.globals["gsm_prefix"] = self.state.build.languages.prefix
        env.globals["gsm_search_settings"] = SEARCH_SETTINGS
        # The word for each kind of result, from the page types' registry (core/settings/addresses.py).
        env.globals["gsm_search_kinds"] = lambda lang: {kind: ui(f"kind_{kind}", lang) for kind in search_kinds()}
        return env

    @event_priority(-200)  # after static-i18n (-100) has sorted the docs into the current language
    def on_files(self, files, config, **kwargs):
        build = self.state.build
        i18n = config.plugins["i18n"]
        add_record_pages(files, config, build.model, build.languages, i18n.current_language, i18n)
        redirects.refresh_targets(files, config)
        # Every page depends on the site's address and on the hand-written files (a link MkDocs
        # checks may point at any of them); the record pages follow from the data, which a page that
        # lists or links records reads. What else a page depends on, it records as it renders (reuse.py).
        pages = sorted((f.src_uri, f.dest_uri) for f in files if f.generated_by is None)
        site = site_digest(build.cache.key, i18n.current_language, config["site_url"] or "", pages)
        store = PageStore(build.cache.namespace("pages"), site)
        self.state.reuse = Reuse(store, verify=pages_to_verify(files, self.options.verify_reuse))
        return files

    def on_pre_build(self, config, **kwargs):
        if config.plugins["i18n"].building:
            return
        # Every diagram up front (this process's languages), one `dot` per core; pages then read the
        # cache. Under core/pipeline/site_build.py its step 3 has drawn them all already.
        build = self.state.build
        only = self.options.language
        build.diagrams.render_many(build.site_dots((only,) if only else build.languages.codes))

    @event_priority(100)  # before static-i18n (50) and mkdocs-macros (0): a reused page skips both
    def on_page_markdown(self, markdown, page, config, files, **kwargs):
        return self.state.reuse.before_markdown(markdown, page, self.state.build.inputs)

    def on_page_content(self, html, page, config, files, **kwargs):
        self.state.reuse.pause()
        return html

    def on_page_context(self, context, page, config, nav, **kwargs):
        self.state.reuse.resume(page)
        return context

    def on_post_page(self, output, page, config, **kwargs):
        state = self.state
        # Each language build renders the theme's 404.html into the site root just before its
        # pages, and the next language overwrites it: keep each language's copy as it appears.
        language = config.plugins["i18n"].current_language
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
        if contribution["llms"] and not self.options.search_later:
            llms_files.prepare(state.build, language, contribution["llms"], html, config["site_url"])
        return html

    # ---------------------------------------------------------------- on_post_build

    @event_priority(-50)  # before static-i18n (-100), which would go on to build the other languages
    def _save_language_share(self, config, **kwargs):
        """A build for one language: save its share of the site-wide files and stop static-i18n there."""
        i18n = config.plugins["i18n"]
        check_reused_pages(self.state.reuse, i18n.current_language)
        if self.options.language and not i18n.building:
            self.state.parts.save(parts_file(config["site_dir"], i18n.current_language))
            i18n.building = True  # static-i18n's on_post_build returns: the other languages are other processes

    @event_priority(-200)  # after static-i18n (-100), which runs the other languages' builds first
    def _finish_site(self, config, **kwargs):
        """Every language built in this process: write the site-wide files."""
        if config.plugins["i18n"].building:
            return
        state = self.state
        try:
            site, search = Path(config["site_dir"]), not self.options.search_later
            finish_site(site, state.build, state.parts, config["site_url"], config["nav"], None, search)
        except SearchIndexError as error:
            raise PluginError(str(error)) from None

    on_post_build = CombinedEvent(_save_language_share, _finish_site)


def pages_to_verify(files, wanted: int) -> frozenset[str]:
    """`wanted` of this language's pages at random (--verify-reuse N)."""
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
