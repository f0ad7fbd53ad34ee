"""The Print page's downloads: each printable PDF, with a picture of its first page."""

from __future__ import annotations

from markupsafe import Markup

from ..settings import addresses
from .page import Page

# The first page's picture on the Print page, in CSS px: A3 and A4 share their shape (1 : √2).
PRINT_THUMBNAIL = (100, 141)


def print_downloads(page: Page) -> Markup:
    """Links to the printable PDFs, which live in /print/ for all languages, each with a picture of
    its first page and an empty slot for its size (filled once the PDFs exist: print_sizes.py)."""
    rows = []
    for name, lang, what, size in addresses.print_files(page.build.languages.codes):
        language, label = page.ui(f"lang_{lang}"), page.ui(f"print_{what}_{size}")
        rows.append(
            {
                "language": language,
                "label": label,
                "href": page.site_file(f"{addresses.PRINT}/{name}"),
                "name": name,
                "thumbnail": page.site_file(f"{addresses.PRINT}/{addresses.print_thumbnail(name)}"),
                "alt": page.ui("print_first_page").format(document=label, language=language),
            }
        )
    width, height = PRINT_THUMBNAIL
    per_row = len(rows) // len(page.build.languages.codes)  # a row per language, where there is room
    return page.show("print_downloads.html", rows=rows, width=width, height=height, per_row=per_row)
