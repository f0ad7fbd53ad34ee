"""The printable PDFs: stack posters (A3 and A4 portrait) and chain booklets, per language, each
with a picture of its first page for the Print page (outputs/thumbnail.py).

WeasyPrint lays out HTML made by outputs/poster.py at exact page sizes and embeds the Noto Sans
CJK subsets as real fonts (Chromium would turn them into Type 3 glyphs).
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..data.version import source_date
from ..outputs.poster import Edition, chains_booklet, stack_poster
from ..outputs.thumbnail import first_page
from ..settings.addresses import print_files, print_thumbnail
from ..settings.languages import read_config, read_languages, read_site_url
from ..settings.options import SiteOptions
from .build import Build


def edition_of(build: Build, config: Path, epoch: str | None = None) -> Edition:
    """What every printed page states: the data's version, the date (`epoch`, else the last
    commit's) and the address of the live site."""
    return Edition(build.data_version, source_date(config.parent, epoch), read_site_url(config), build.languages)


def write_pdfs(
    out_dir: Path, config: Path, data_dir: Path | None = None, cache_root: Path | None = None, epoch: str | None = None
) -> list[Path]:
    """Render every printable document of the site `config` describes, and the picture of its
    first page, into `out_dir` (raises DataError); returns the documents' paths.

    The documents of each language are laid out by a process of their own, side by side: during a
    cold `make build` the pages' builders finish first, and one process alone would then leave a
    core idle while WeasyPrint lays out the last booklet."""
    data_dir = data_dir or SiteOptions.of(read_config(config).get("extra")).data_folder(config)
    build = Build.start(data_dir, read_languages(config), config, cache_root=cache_root)
    return write_pdfs_of(build, out_dir, config, data_dir, cache_root, epoch)


def write_pdfs_of(
    build: Build, out_dir: Path, config: Path, data_dir: Path, cache_root: Path | None, epoch: str | None
) -> list[Path]:
    """`write_pdfs` for a build already loaded (the site's build has checked the data)."""
    edition = edition_of(build, config, epoch)
    files = print_files(build.languages.codes)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, lang, what, size in files:
        picture = first_page(build.model, lang, what, size, edition, build.diagrams)
        (out_dir / print_thumbnail(name)).write_text(picture, encoding="utf-8")
    # The PDFs depend on the whole build key and the edition (date, address): reuse them while those match.
    cache = build.cache.namespace("print")
    entries = {name: (edition.date, edition.site_url, name) for name, *_ in files}
    if all(cache.entry(*item, suffix=".pdf").exists() for item in entries.values()):
        for name, item in entries.items():
            (out_dir / name).write_bytes(cache.load(*item, suffix=".pdf"))
        return [out_dir / name for name in entries]
    # Spawned, not forked: the parent has loaded the diagrams' fonts and threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(len(build.languages.codes), mp_context=context) as pool:
        jobs = [
            pool.submit(lay_out, lang, out_dir, config, data_dir, cache_root, edition) for lang in build.languages.codes
        ]
        written = [path for job in jobs for path in job.result()]
    for path in written:
        cache.store(path.read_bytes(), *entries[path.name], suffix=".pdf")
    return written


def lay_out(
    lang: str, out_dir: Path, config: Path, data_dir: Path, cache_root: Path | None, edition: Edition
) -> list[Path]:
    """Lay out one language's documents with WeasyPrint into `out_dir` (the data was checked by the caller)."""
    import weasyprint

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    build = Build.start(data_dir, read_languages(config), config, cache_root=cache_root)
    written = []
    for name, file_lang, what, size in print_files(build.languages.codes):
        if file_lang != lang:
            continue
        if what == "poster":
            html = stack_poster(build.model, lang, size, edition, build.diagrams)
        else:
            html = chains_booklet(build.model, lang, edition, build.diagrams)
        path = out_dir / name
        # Fixed metadata dates keep the PDFs byte-identical across builds of the same commit.
        document = weasyprint.HTML(string=html, base_url=str(config.parent))
        document.write_pdf(str(path), pdf_identifier=name.encode("utf-8"), uncompressed_pdf=False)
        written.append(path)
    return written
