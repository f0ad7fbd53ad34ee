"""MkDocs hooks: validate data before anything is built, write page stubs, set edit links.

A data error stops the build here with the validator's own messages (no traceback).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))

from macros.diagrams import site_dots  # noqa: E402
from macros.graphviz import render_many  # noqa: E402
from macros.model import load_cached  # noqa: E402
from macros.pages import record_of, sync_stubs  # noqa: E402
from macros.problems import DataError  # noqa: E402
from macros.search_scope import user_dictionary, write_wrappers  # noqa: E402


def data_dir(config) -> Path:
    return Path(config["config_file_path"]).parent / config["extra"].get("data_dir", "data")


def on_pre_build(config, **kwargs):
    try:
        model = load_cached(data_dir(config))
    except DataError as error:
        lines = "\n".join(p.format() for p in error.problems)
        raise PluginError(f"data/ has {len(error.problems)} error(s):\n{lines}\nRun `make validate` for the full report.")
    sync_stubs(model, Path(config["docs_dir"]))
    _load_search_words(model)
    # Render every diagram up front, one `dot` per core; pages then read the cache.
    render_many(site_dots(model))


def _load_search_words(model) -> None:
    # Material segments Chinese with jieba at build time; teach it the field's words
    # (张量核心, 共享内存, 算子融合 …) so they are indexed whole.
    try:
        import io

        import jieba
    except ImportError:
        return
    words = user_dictionary(model)
    jieba.load_userdict(io.StringIO("".join(f"{word} 100000\n" for word in words)))


@event_priority(-200)  # after static-i18n (-100) has built the other languages
def on_post_build(config, **kwargs):
    site = Path(config["site_dir"])
    write_wrappers(site)
    # Material's language switcher reads <language root>/sitemap.xml; static-i18n writes
    # only the root one (it lists both languages), so give each language root a copy.
    i18n = config["plugins"].get("i18n")
    if i18n and (site / "sitemap.xml").exists():
        for language in i18n.build_languages:
            if language != i18n.default_language and (site / language).is_dir():
                shutil.copyfile(site / "sitemap.xml", site / language / "sitemap.xml")
