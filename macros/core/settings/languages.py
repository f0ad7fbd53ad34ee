"""The site's languages, read from one place: the i18n section of mkdocs.yml.

Everything that needs a language list, the default language or a URL prefix asks a
`Languages` value; no module writes "zh" or "en" itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml_env_tag import construct_env_tag  # MkDocs' own !ENV tag


@dataclass(frozen=True)
class Languages:
    """Language codes in build order, the default one first."""

    codes: tuple[str, ...]
    default: str

    def prefix(self, lang: str) -> str:
        """URL prefix of a language's pages: '' for the default language, else 'en/'."""
        return "" if lang == self.default else f"{lang}/"

    @property
    def others(self) -> tuple[str, ...]:
        return tuple(code for code in self.codes if code != self.default)

    @classmethod
    def ordered(cls, codes: list[str], default: str) -> Languages:
        """The languages `codes` with `default` first."""
        return cls((default, *(code for code in codes if code != default)), default)

    @classmethod
    def from_i18n(cls, languages: list[dict]) -> Languages:
        """From the i18n plugin's `languages:` list (locale, default, build)."""
        built = [entry for entry in languages if entry.get("build", True)]
        default = next((entry["locale"] for entry in built if entry.get("default")), built[0]["locale"])
        return cls.ordered([entry["locale"] for entry in built], default)


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml as plain values: `!ENV` resolved as MkDocs resolves it, `!!python` tags ignored."""


_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_ConfigLoader.add_constructor("!ENV", construct_env_tag)


def read_config(config_file: Path | str) -> dict:
    """mkdocs.yml's values, for tools that run outside MkDocs (print, bench, diagram diffs)."""
    return yaml.load(Path(config_file).read_text(encoding="utf-8"), Loader=_ConfigLoader)


def read_site_url(config_file: Path | str) -> str:
    """The address the site is published at (`SITE_URL` when set, as in the build)."""
    return read_config(config_file)["site_url"]


def read_languages(config_file: Path | str) -> Languages:
    """The languages of the site described by `config_file`."""
    config = read_config(config_file)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            return Languages.from_i18n(plugin["i18n"]["languages"])
    raise ValueError(f"{config_file}: no i18n plugin with a languages list")
