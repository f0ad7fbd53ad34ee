"""The Print page's file sizes ("318 KB"), read from the built PDFs. The PDFs are written beside
the pages' build, so the page leaves an empty slot per file (print_downloads.html) filled here.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..settings.addresses import PRINT, print_files
from ..settings.languages import Languages

SLOT = re.compile(r'(<span class="gsm-pdf-size" data-gsm-pdf="([^"<>]+)">)(</span>)')


def size_text(size: int) -> str:
    """A file's size as a reader sees it: "318 KB", "1.2 MB" (1 KB = 1024 bytes)."""
    kilobytes = max(1, round(size / 1024))
    return f"{kilobytes} KB" if kilobytes < 1024 else f"{size / 1024 / 1024:.1f} MB"


def with_sizes(html: str, sizes: dict[str, int]) -> str:
    """A page with each slot of a file in `sizes` filled; a slot of a file not built stays empty."""
    return SLOT.sub(
        lambda m: m.group(1) + size_text(sizes[m.group(2)]) + m.group(3) if m.group(2) in sizes else m.group(0), html
    )


def write_sizes(site: Path, languages: Languages) -> None:
    """Fill the sizes into each language's Print page (it lives where the PDFs do, in print/)."""
    folder = site / PRINT
    sizes = {
        name: (folder / name).stat().st_size for name, *_ in print_files(languages.codes) if (folder / name).exists()
    }
    for lang in languages.codes:
        page = site / languages.prefix(lang) / PRINT / "index.html"
        if page.exists():
            html = page.read_text(encoding="utf-8")
            filled = with_sizes(html, sizes)
            if filled != html:
                page.write_text(filled, encoding="utf-8")
