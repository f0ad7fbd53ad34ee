"""Write the printable PDFs: stack posters (A3 and A4 portrait) and chain booklets, per language.

WeasyPrint lays out HTML made by macros/core/poster.py at exact page sizes and embeds the
Noto Sans CJK subsets as real fonts (Chromium would turn them into Type 3 glyphs).
"""

from __future__ import annotations

import hashlib
import logging
import shutil
from pathlib import Path

from macros.core.build import Build
from macros.core.cache import CACHE_ROOT
from macros.core.languages import read_languages, read_site_url
from macros.core.model import site_data_dir
from macros.core.poster import Edition, chains_booklet, print_files, stack_poster
from macros.core.problems import DataError
from macros.core.version import source_date

from .common import OK, ROOT, print_data_errors

CONFIG = ROOT / "mkdocs.yml"


def write_pdfs(out_dir: Path, data_dir: Path | None = None) -> list[Path]:
    """Render every printable document into `out_dir` (raises DataError); returns the paths written."""
    import weasyprint

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    languages = read_languages(CONFIG)
    build = Build.start(data_dir or site_data_dir(CONFIG), languages)
    edition = Edition(build.data_version, source_date(ROOT), read_site_url(CONFIG), languages)
    files = print_files(languages.codes)
    out_dir.mkdir(parents=True, exist_ok=True)
    # The PDFs depend only on the build key and the edition: reuse them while those match.
    edition_key = hashlib.sha256(f"{build.key.full}\0{edition.date}\0{edition.site_url}".encode()).hexdigest()[:24]
    cached = CACHE_ROOT / "print" / edition_key
    if cached.is_dir() and all((cached / name).exists() for name, *_ in files):
        for name, *_ in files:
            shutil.copyfile(cached / name, out_dir / name)
        return [out_dir / name for name, *_ in files]
    written = []
    for name, lang, what, size in files:
        if what == "poster":
            html = stack_poster(build.model, lang, size, edition, build.diagrams)
        else:
            html = chains_booklet(build.model, lang, edition, build.diagrams)
        path = out_dir / name
        # Fixed metadata dates keep the PDFs byte-identical across builds of the same commit.
        document = weasyprint.HTML(string=html, base_url=str(ROOT))
        document.write_pdf(str(path), pdf_identifier=name.encode("utf-8"), uncompressed_pdf=False)
        written.append(path)
    cached.mkdir(parents=True, exist_ok=True)
    for path in written:
        shutil.copyfile(path, cached / path.name)
    return written


def add_arguments(parser) -> None:
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "site" / "print", help="output folder")


def run(args) -> int:
    try:
        written = write_pdfs(args.out)
    except DataError as error:
        return print_data_errors(error)
    for path in written:
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return OK
