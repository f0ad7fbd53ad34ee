"""Language-scoped search: a wrapper around Material's search worker per language, and the
Chinese words Material's search plugin must keep whole.

Material writes one index for all languages. Each wrapper (search_scope.js, with its
settings) filters the index inside the worker before lunr builds it, so /en/ pages find
English pages only and / pages Chinese. overrides/main.html points Material at the wrapper.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..core.languages import Languages
from ..core.search_terms import user_dictionary

SCRIPT = Path(__file__).with_name("search_scope.js")
# Every page holds English names (tools, APIs), so every language keeps lunr's English stemmer.
ENGLISH_PIPELINE = "en"


def write_workers(site_dir: Path, languages: Languages) -> list[Path]:
    """Write search-<lang>.js next to Material's worker; returns the files written."""
    workers = Path(site_dir) / "assets" / "javascripts" / "workers"
    originals = sorted(workers.glob("search.*.min.js"))
    if not originals:
        return []
    script = SCRIPT.read_text(encoding="utf-8")
    written = []
    for lang in languages.codes:
        settings = {
            "language": lang,
            "prefix": languages.prefix(lang),
            "others": [
                languages.prefix(other) for other in languages.codes if other != lang and languages.prefix(other)
            ],
            "pipeline": list(dict.fromkeys([lang, ENGLISH_PIPELINE])),
            "worker": originals[0].name,
        }
        path = workers / f"search-{lang}.js"
        path.write_text(f"self.GSM_SEARCH = {json.dumps(settings)};\n{script}", encoding="utf-8")
        written.append(path)
    return written


def write_user_dictionary(model, folder: Path) -> Path:
    """A jieba user dictionary of the field's words (张量核心, 共享内存 …), for Material's search."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "jieba-user-dict.txt"
    text = "".join(f"{word} 100000\n" for word in user_dictionary(model))
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path
