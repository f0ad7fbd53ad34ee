"""Words search must know, derived from the data: Chinese words to keep whole when the index
is segmented, and the names and aliases each tool page is found by."""

from __future__ import annotations

import re

from .markup import HAN
from .records import CHINESE


def user_dictionary(model) -> list[str]:
    """Chinese words jieba must keep whole: names, terms, layer names (from the data)."""
    words: set[str] = set()

    def add(text: str) -> None:
        for part in re.split(r"[\s/、，,（）()：:；;。·\-]+", text):
            if HAN.search(part) and 2 <= len(part) <= 12:
                words.add(part)

    for tool in model.tools.values():
        add(tool.name.zh)
        for alias in tool.aliases:
            add(alias)
    for term in model.glossary.values():
        add(term.term.zh)
    for translation in model.terms:
        add(translation.zh)
    for layer in model.layers.values():
        add(layer.name.zh)
    for kind in model.kinds.values():
        add(kind.name.zh)
    return sorted(words)


def search_words(tool, lang: str) -> list[str]:
    """A tool's names and aliases for its page in `lang`; Chinese aliases only on Chinese pages."""
    words = [tool.name.get(lang), *tool.aliases]
    return [w for w in dict.fromkeys(words) if lang == CHINESE or not HAN.search(w)]
