"""MkDocs hooks: validate data before anything is built, write page stubs, set edit links.

A data error stops the build here with the validator's own messages (no traceback).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))

from macros.cache import CACHE_ROOT  # noqa: E402
from macros.diagrams import site_dots  # noqa: E402
from macros.export import dumps, export_model, export_schema  # noqa: E402
from macros.graphviz import render_many  # noqa: E402
from macros.model import load_cached, site_data_dir  # noqa: E402
from macros.pages import sync_stubs  # noqa: E402
from macros.problems import DataError  # noqa: E402
from macros.search_scope import user_dictionary, write_wrappers  # noqa: E402
from macros.slots import fill as fill_svg_slots  # noqa: E402
from macros.version import data_version  # noqa: E402


def data_dir(config) -> Path:
    return site_data_dir(config["config_file_path"], config["extra"].get("data_dir", "data"))


def on_pre_build(config, **kwargs):
    try:
        model = load_cached(data_dir(config))
    except DataError as error:
        lines = "\n".join(p.format() for p in error.problems)
        raise PluginError(
            f"data/ has {len(error.problems)} error(s):\n{lines}\nRun `make validate` for the full report."
        ) from None
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
    # jieba caches its prefix dictionary; keep it with the build's other caches.
    jieba.dt.tmp_dir = str(CACHE_ROOT)
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    words = user_dictionary(model)
    jieba.load_userdict(io.StringIO("".join(f"{word} 100000\n" for word in words)))


_not_found_pages: dict[str, str] = {}


def on_post_page(output, page, config, **kwargs):
    output = fill_svg_slots(output)
    # Each language build renders the theme's 404.html into the site root just before its
    # pages, and the next language overwrites it: keep each language's copy as it appears.
    i18n = config["plugins"].get("i18n")
    language = i18n.current_language if i18n else "zh"
    root_404 = Path(config["site_dir"]) / "404.html"
    if language not in _not_found_pages and root_404.exists():
        _not_found_pages[language] = root_404.read_text(encoding="utf-8")
    return output


def _write_not_found_pages(config) -> None:
    """Put each language's 404 page at its language root, switcher pointing at the homes."""
    i18n = config["plugins"].get("i18n")
    if not i18n:
        return
    base = urlsplit(config["site_url"] or "/").path
    homes = {lang: base + ("" if lang == i18n.default_language else f"{lang}/") for lang in i18n.build_languages}
    for language, html in _not_found_pages.items():
        for other, home in homes.items():
            html = re.sub(rf'href="[^"]*"(\s+hreflang="{other}")', rf'href="{home}"\1', html)
        folder = Path(config["site_dir"]) / ("" if language == i18n.default_language else language)
        (folder / "404.html").write_text(html, encoding="utf-8")


@event_priority(-200)  # after static-i18n (-100); also runs inside its build of each other language
def on_post_build(config, **kwargs):
    _write_not_found_pages(config)
    site = Path(config["site_dir"])
    write_wrappers(site)
    _write_export(config, site)
    # Material's language switcher reads <language root>/sitemap.xml; static-i18n writes
    # only the root one (it lists both languages), so give each language root a copy.
    i18n = config["plugins"].get("i18n")
    if i18n and (site / "sitemap.xml").exists():
        for language in i18n.build_languages:
            if language != i18n.default_language and (site / language).is_dir():
                shutil.copyfile(site / "sitemap.xml", site / language / "sitemap.xml")
        _write_page_sitemaps(site, config["site_url"] or "/")


def _write_export(config, site: Path) -> None:
    model = load_cached(data_dir(config))
    folder = site / "data"
    folder.mkdir(exist_ok=True)
    (folder / "stack.json").write_text(dumps(export_model(model, data_version(data_dir(config)))), encoding="utf-8")
    (folder / "stack.schema.json").write_text(dumps(export_schema()), encoding="utf-8")


def _write_page_sitemaps(site: Path, site_url: str) -> None:
    # Material fetches "sitemap.xml" next to every <link rel="alternate"> it finds, to keep
    # the reader on the same page when switching language; our alternates are per page, so
    # each page folder gets a sitemap holding just its own entry (hreflang pairs included).
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    head, _, _ = text.partition("<url>")
    base = urlsplit(site_url).path
    for entry in re.findall(r"<url>.*?</url>", text, re.S):
        location = urlsplit(re.search(r"<loc>([^<]+)</loc>", entry).group(1)).path
        relative = location[len(base) :] if location.startswith(base) else location.lstrip("/")
        folder = site / relative
        if relative and folder.is_dir() and not (folder / "sitemap.xml").exists():
            (folder / "sitemap.xml").write_text(f"{head}{entry}\n</urlset>\n", encoding="utf-8")
