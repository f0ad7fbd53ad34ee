"""The site's languages, read from one place: the i18n section of mkdocs.yml.

Everything that needs a language list, the default language or a URL prefix asks a
`Languages` value; no module writes "zh" or "en" itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


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
    def from_i18n(cls, languages: list[dict]) -> Languages:
        """From the i18n plugin's `languages:` list (locale, default, build)."""
        built = [entry for entry in languages if entry.get("build", True)]
        default = next((entry["locale"] for entry in built if entry.get("default")), built[0]["locale"])
        codes = [default] + [entry["locale"] for entry in built if entry["locale"] != default]
        return cls(tuple(codes), default)


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml with its !ENV and !!python tags read as plain values (only i18n is needed)."""


_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_ConfigLoader.add_constructor("!ENV", lambda loader, node: None)


def read_languages(config_file: Path | str) -> Languages:
    """The languages of the site described by `config_file` (for tools that run outside MkDocs)."""
    config = yaml.load(Path(config_file).read_text(encoding="utf-8"), Loader=_ConfigLoader)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            return Languages.from_i18n(plugin["i18n"]["languages"])
    raise ValueError(f"{config_file}: no i18n plugin with a languages list")
