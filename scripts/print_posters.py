"""Write the printable PDFs: stack posters (A3 and A4 portrait) and chain booklets, per language.

WeasyPrint lays out HTML made by macros/poster.py at exact page sizes and embeds the
Noto Sans CJK subsets as real fonts (Chromium would turn them into Type 3 glyphs).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from macros.cache import CACHE_ROOT  # noqa: E402
from macros.fragments import code_version  # noqa: E402
from macros.model import load, site_data_dir  # noqa: E402
from macros.poster import Edition, chains_booklet, print_files, stack_poster  # noqa: E402
from macros.version import data_version, source_date  # noqa: E402


def site_url(config_path: Path) -> str:
    """mkdocs.yml's site_url, with its `!ENV [SITE_URL, default]` resolved as MkDocs does."""
    from yaml_env_tag import construct_env_tag

    # mkdocs.yml has !!python tags elsewhere; only site_url is needed, so read that line alone.
    loader = type("EnvLoader", (yaml.SafeLoader,), {})
    loader.add_constructor("!ENV", construct_env_tag)
    for line in config_path.read_text(encoding="utf-8").splitlines():
        if line.startswith("site_url:"):
            return yaml.load(line, Loader=loader)["site_url"]
    raise SystemExit(f"{config_path}: no site_url line")


def write_pdfs(out_dir: Path, data_dir: Path | None = None) -> list[Path]:
    """Render every document of `print_files()` into `out_dir`; returns the paths written."""
    data_dir = data_dir or site_data_dir(ROOT / "mkdocs.yml")
    import logging

    import weasyprint

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    model = load(data_dir)
    edition = Edition(data_version(data_dir), source_date(ROOT), site_url(ROOT / "mkdocs.yml"))
    out_dir.mkdir(parents=True, exist_ok=True)
    # The PDFs depend only on the data, the code and the edition: reuse them while those match.
    cached = CACHE_ROOT / "print" / hashlib.sha256(repr((edition, code_version())).encode()).hexdigest()[:24]
    if cached.is_dir() and all((cached / name).exists() for name, *_ in print_files()):
        for name, *_ in print_files():
            shutil.copyfile(cached / name, out_dir / name)
        return [out_dir / name for name, *_ in print_files()]
    written = []
    for name, lang, what, size in print_files():
        html = stack_poster(model, lang, size, edition) if what == "poster" else chains_booklet(model, lang, edition)
        path = out_dir / name
        # Fixed metadata dates keep the PDFs byte-identical across builds of the same commit.
        document = weasyprint.HTML(string=html, base_url=str(ROOT))
        document.write_pdf(str(path), pdf_identifier=name.encode("utf-8"), uncompressed_pdf=False)
        written.append(path)
    cached.mkdir(parents=True, exist_ok=True)
    for path in written:
        shutil.copyfile(path, cached / path.name)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "out", nargs="?", default=str(ROOT / "site" / "print"), help="output folder (default: site/print)"
    )
    args = parser.parse_args()
    for path in write_pdfs(Path(args.out)):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
