"""Write the printable PDFs: stack posters (A3 and A4 portrait) and chain booklets, per language,
each with a picture of its first page for the Print page (macros/core/outputs/thumbnail.py).

WeasyPrint lays out HTML made by macros/core/outputs/poster.py at exact page sizes and embeds the
Noto Sans CJK subsets as real fonts (Chromium would turn them into Type 3 glyphs).
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from macros.core.pipeline.build import Build
from macros.core.data.problems import DataError
from macros.core.data.version import source_date
from macros.core.outputs.poster import Edition, chains_booklet, stack_poster
from macros.core.outputs.print_sizes import size_text
from macros.core.outputs.thumbnail import first_page
from macros.core.settings.addresses import print_files, print_thumbnail
from macros.core.settings.languages import read_config, read_languages, read_site_url
from macros.core.settings.options import SiteOptions

from .common import OK, ROOT, print_data_errors

CONFIG = ROOT / "mkdocs.yml"


def write_pdfs(out_dir: Path, data_dir: Path | None = None, cache_root: Path | None = None) -> list[Path]:
    """Render every printable document, and the picture of its first page, into `out_dir` (raises
    DataError); returns the documents' paths.

    The documents of each language are laid out by a process of their own, side by side: during a
    cold `make build` the pages' builders finish first, and one process alone would then leave a
    core idle while WeasyPrint lays out the last booklet."""
    languages = read_languages(CONFIG)
    data_dir = data_dir or SiteOptions.of(read_config(CONFIG).get("extra")).data_folder(CONFIG)
    build, edition = start(data_dir, cache_root)
    files = print_files(languages.codes)
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
    with ProcessPoolExecutor(len(languages.codes), mp_context=multiprocessing.get_context("spawn")) as pool:
        jobs = [pool.submit(lay_out, lang, out_dir, data_dir, cache_root) for lang in languages.codes]
        written = [path for job in jobs for path in job.result()]
    for path in written:
        cache.store(path.read_bytes(), *entries[path.name], suffix=".pdf")
    return written


def start(data_dir: Path, cache_root: Path | None) -> tuple[Build, Edition]:
    """The build of the data and the edition (data version, date, address) every document is made from."""
    languages = read_languages(CONFIG)
    build = Build.start(data_dir, languages, CONFIG, cache_root=cache_root)
    return build, Edition(build.data_version, source_date(ROOT), read_site_url(CONFIG), languages)


def lay_out(lang: str, out_dir: Path, data_dir: Path, cache_root: Path | None) -> list[Path]:
    """Lay out one language's documents with WeasyPrint into `out_dir` (the data was checked by the caller)."""
    import weasyprint

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    build, edition = start(data_dir, cache_root)
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
        document = weasyprint.HTML(string=html, base_url=str(ROOT))
        document.write_pdf(str(path), pdf_identifier=name.encode("utf-8"), uncompressed_pdf=False)
        written.append(path)
    return written


def add_arguments(parser) -> None:
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "site" / "print", help="output folder")


def run(args) -> int:
    try:
        written = write_pdfs(args.out)
    except DataError as error:
        return print_data_errors(error)
    for path in written:
        print(f"wrote {path} ({size_text(path.stat().st_size)})")
    return OK
