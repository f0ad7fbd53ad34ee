"""The engine adapter: the only code that knows MkDocs, Material and mkdocs-static-i18n.

Everything else (macros/core, macros/templates) is plain Python and Jinja. Moving to another
site engine means rewriting this folder. Each coupling point, and the engine behaviour it
relies on:

engine.py      which engine runs: MkDocs 1.x, or ProperDocs (its drop-in fork) where MkDocs is
                 not installed; with ProperDocs it makes `mkdocs.*` imports load `properdocs.*`,
                 which is why this package imports it before anything else.
hooks.py (mkdocs.yml `hooks:`) hands MkDocs the events of plugin.py's StackMapPlugin, one per
                 process (MkDocs loads a hook file once); `CombinedEvent` gives it two handlers at
                 different priorities on on_config and on_post_build.
plugin.py      the build's events; the build's state (`state.py`) lives on the plugin.
  on_config      first reads what the process that started this one asks (`ProcessOptions`: the
                 environment, read once) and, for a build of one language, sets static-i18n's
                 `current_language` before static-i18n's own on_config (-100), which starts from
                 the default language only when none is set; then creates the per-build state on the
                 outer build only: static-i18n re-runs `build(config)` with the same config object
                 for each other language (`I18n.building` is True then).
  on_env         gives the theme's templates (overrides/) the interface words of core/ui.py,
                 the language folders and the search box's kinds (`gsm_ui`, `gsm_prefix`, …).
  on_files       adds the tool, layer and chain pages as virtual files (`File.generated`) at
                 priority -200, after static-i18n (-100) has sorted the docs into the current
                 language; sets the attributes static-i18n reads (locale, alternates, …) and
                 refreshes its per-language file list, which its sitemap.xml template walks;
                 then has mkdocs-redirects re-list its targets, so they include those pages.
                 Then it opens the language's page store (reuse.py), under a digest of what
                 every page depends on as a whole: the code, mkdocs.yml, the toolchain, the
                 engine's versions, the site's address and the hand-written files.
  on_pre_build   renders every diagram up front, one `dot` per core (under the pipeline, its
                 step 3 has drawn them already).
  on_page_markdown (priority 100, before static-i18n's 50 and mkdocs-macros' 0) reuses the page
                 from the last build when every input it read then holds: its Markdown is
                 emptied, `render_macros: false` tells mkdocs-macros to leave it, and the theme
                 renders `overrides/gsm-reused.html` (empty); otherwise the page's reads are
                 recorded from here (core/settings/reads.py)
  on_page_content, on_page_context  pause and resume that recording: MkDocs converts every
                 page's Markdown before it renders any page's template.
  on_post_page   puts a reused page's stored HTML back (and what it added to the site-wide
                 files); otherwise swaps SVG placeholders back into the finished HTML and stores
                 it with the digests of what it read; keeps each language's
                 404.html (Material renders the theme's 404 into the site root for every
                 language build, and the next language overwrites it) and notes the titles of
                 hand-written pages for the search name index.
  on_post_build  a build of one language (-50, before static-i18n's -100) saves what the
                 site-wide files need (core/pipeline/finish.py's SiteParts) beside its site folder
                 and sets `I18n.building`, so static-i18n's on_post_build returns instead of
                 building the other languages; a build of every language in this process (a plain
                 `mkdocs build`; -200, after static-i18n) writes the site-wide files itself.
page_builders.py the pipeline's pages step (core/pipeline/site_build.py's `PageEngine`): an engine
                 process per language, side by side, each with GSM_BUILD_LANGUAGE set; fresh ones
                 for `make build`, long-lived ones (dev_server.py's `worker`) for `make serve`. Each
                 writes its pages under <work>/<lang>/ and a sitemap.xml of its own language
                 (site_files.merge_language_sitemaps joins them in language order, as one process
                 writes it).
(the core)     the site-wide files (404 pages, search, export, sitemaps, llms) never touch the
                 engine, so they live in the core: core/pipeline/finish.py writes them from the
                 whole site and the languages' SiteParts, with core/outputs/search_index.py
                 (Pagefind, one index per `<html lang>`, what `overrides/main.html` marks),
                 site_files.py and llms_files.py (on_post_page hands it each finished page).
reuse.py       which pages are reused and which are rendered with their reads recorded
                 (core/pipeline/page_store.py keeps them, core/pipeline/page_inputs.py digests the reads).
dev_server.py  `make serve`'s live-reload server (MkDocs's LiveReloadServer) and its builder
                 processes: `python -m macros.adapter.dev_server mkdocs.yml` builds on request,
                 MkDocs in-process, until its stdin closes (page_builders.py's LiveBuilders drive them).
macros_env.py  mkdocs-macros' `define_env`: the macros pages call; the page's language is
                 static-i18n's `current_language`, its URL mkdocs-macros' `env.page.url`.
pages.py       the virtual pages' Markdown (front matter `search_meta`: kind, layer, names);
                 a tool's deep dive (docs/deep-dives/, excluded from the build) is rendered by
                 mkdocs-macros inside that page (a Jinja block `set`) and handed to its macro.
redirects.py   mkdocs-redirects' one map (mkdocs.yml) made per language build: the plugin
                 knows neither static-i18n's suffixed sources nor its /en/ folder.
overrides/     Material template overrides: main.html (what Pagefind indexes; base.html's
                 site_meta block with the hreflang links as full URLs), 404.html (per
                 language), partials/header.html (Material 9.8's header with the search box
                 swapped for partials/gsm-search.html; a test compares it with Material's),
                 partials/alternate.html (the language switcher, each name marked with its `lang`),
                 partials/toc.html (its title's `for` only on pages in the navigation, where the
                 toggle it names is; tests compare it and site_meta with Material's).
"""

from . import engine  # noqa: F401  (first: under ProperDocs, `mkdocs` only exists once it ran)
