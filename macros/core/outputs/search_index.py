"""Site search: Pagefind indexes the built pages, one index per `<html lang>`; beside it, an
exact-name index per language from the data.

Pagefind reads the finished HTML (what `overrides/main.html` marks: the article, its title,
kind, layer and the names it is found by), segments Chinese itself (its extended build) and
writes a static bundle under `pagefind/` that the search box (`docs/assets/search.js`) loads
on demand. Each language's pages load that language's index only, so search is scoped per
language with no code of ours inside the engine. The name index (`search/names-<lang>.json`)
puts the page a typed name belongs to first: full-text ranking alone cannot tell that "Triton"
means the Triton page and not one of the forty pages that mention it. The comparison index
(`search/compare-<lang>.json`) does the same for "A vs B": the places that compare two tools.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pagefind_bin_extended import get_executable

from ..data.markup import plain
from ..data.shell_references import Shells, pages_showing
from ..settings import addresses
from ..settings.languages import Languages
from ..views.name_index import name_index
from ..views.search_pairs import comparison_index


class SearchIndexError(RuntimeError):
    """Pagefind failed: the message carries its own output."""


def index(site_dir: Path, output: str = "pagefind") -> None:
    """Index the built site into its folder `output`; a failure stops the build with Pagefind's own message."""
    with indexing(site_dir, output):
        pass


@contextmanager
def indexing(site_dir: Path, output: str = "pagefind") -> Iterator[None]:
    """Pagefind indexes the built site in its own process while the body runs (the site-wide
    files it writes meanwhile are not pages: Pagefind reads only the HTML); then raises
    SearchIndexError with Pagefind's own message if it failed."""
    command = [str(get_executable()), "--site", str(site_dir), "--output-subdir", output, "--quiet"]
    command += ["--exclude-selectors", ".headerlink"]  # the ¶ permalinks are not words
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield
    finally:
        stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise SearchIndexError(f"Pagefind could not index the site:\n{stdout}{stderr}")
    sort_entry_languages(site_dir / output / "pagefind-entry.json")


def sort_entry_languages(entry: Path) -> None:
    """Pagefind writes its languages map in hash-map order, which changes from run to run;
    sorted keys keep two builds of one commit byte-identical (the loader reads it by key)."""
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8")


def write_name_indexes(site_dir: Path, model, languages: Languages, page_titles: dict[str, list]) -> None:
    """search/names-<lang>.json: normalized name → pages, for the search box's first rows."""
    folder = Path(site_dir) / "search"
    folder.mkdir(parents=True, exist_ok=True)
    for lang in languages.codes:
        names = name_index(model, lang, languages.prefix(lang), page_titles.get(lang, []))
        text = json.dumps(names, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        (folder / f"names-{lang}.json").write_text(text, encoding="utf-8")


def write_comparison_indexes(
    site_dir: Path, model, languages: Languages, shells: Shells | None, page_titles: dict[str, list]
) -> None:
    """search/compare-<lang>.json: pair of tool ids → the places that compare the two, for the
    search box's first row on a comparative query. Lists are found where the page shells show them."""
    folder = Path(site_dir) / "search"
    folder.mkdir(parents=True, exist_ok=True)
    shown = pages_showing(shells, "guide_list") if shells else {}
    for lang in languages.codes:
        titles = {path: title for title, path in page_titles.get(lang, [])}
        titles.update({addresses.tool_path(tool.id): plain(tool.name.get(lang)) for tool in model.tools.values()})
        list_pages = {list_id: pages.get(lang, []) for list_id, pages in shown.items()}
        index = comparison_index(model, lang, languages.prefix(lang), list_pages, titles)
        text = json.dumps(index, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        (folder / f"compare-{lang}.json").write_text(text, encoding="utf-8")
