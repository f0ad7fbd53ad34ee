"""Old URLs kept working through mkdocs-redirects, in every language static-i18n builds.

mkdocs.yml maps old pages to new ones once, language-neutrally (`concepts/xla.md` →
`tools/xla.md#deep-dive`). The plugin knows neither static-i18n's suffixed sources
(`tools/xla.zh.md`) nor its language folders (`/en/`), and it lists the pages it may point
to in its own `on_files`, before the virtual tool pages exist. So each language build gets
its own map (old path under the language's folder, target the language's source file), and
the plugin re-reads the pages once the virtual ones are added.
"""

from __future__ import annotations

from ..core.settings.languages import Languages

PLUGIN = "redirects"
NEUTRAL_MAP = "gsm_neutral_redirect_maps"  # the map as mkdocs.yml wrote it, kept across language builds


def localise(neutral: dict[str, str], lang: str, languages: Languages) -> dict[str, str]:
    """The map for one language: `en/concepts/xla.md` → `tools/xla.en.md#deep-dive`."""
    prefix = languages.prefix(lang)
    localised = {}
    for old, new in neutral.items():
        target, hash_mark, anchor = new.partition("#")
        localised[f"{prefix}{old}"] = f"{target.removesuffix('.md')}.{lang}.md{hash_mark}{anchor}"
    return localised


def configure(config, lang: str, languages: Languages) -> None:
    """Give the redirects plugin this language's map (on_config of every language build)."""
    plugin = config.plugins.get(PLUGIN)
    if plugin is None:
        return
    if not hasattr(plugin, NEUTRAL_MAP):
        setattr(plugin, NEUTRAL_MAP, dict(plugin.config["redirect_maps"]))
    plugin.config["redirect_maps"] = localise(getattr(plugin, NEUTRAL_MAP), lang, languages)


def refresh_targets(files, config) -> None:
    """Let the plugin see the virtual record pages as redirect targets (after they are added)."""
    plugin = config.plugins.get(PLUGIN)
    if plugin is not None:
        plugin.on_files(files, config=config)
