"""Where things are on the site, below a language's root: every address the code writes comes
from here, so a record's URL is spelled once (pages, links, diagrams, search, llms.txt, embeds).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageType:
    """Pages made for records, one each: the folder they live in, the collection whose ids name
    them, the view that renders one (`module.function` under core/views/, called with the page
    and the record's id; also the page's macro, by the function's name), the kind the search box
    shows for it, and whether /llms.txt lists them as a section of their own."""

    folder: str
    collection: str
    view: str
    search_kind: str
    llms_section: bool = True

    @property
    def macro(self) -> str:
        """The macro the page's Markdown calls: the view function's name."""
        return self.view.rpartition(".")[2]


# Every kind of page made per record, in one place: the virtual pages and their macros, the
# links, the checks of the page shells' links, the search box's kinds, /llms.txt's sections and
# the judges' pages all read it. A path finder start is a tool with routes, under paths/.
RECORD_PAGES = (
    PageType("tools", "tools", "tool_pages.tool_page", "tool"),
    PageType("layers", "layers", "layer_pages.layer_page", "layer"),
    PageType("chains", "chains", "chain_pages.chain_page", "chain"),
    PageType("paths", "tools", "path_finder.path_start_page", "page", llms_section=False),
)
# The search box's other kinds: a hand-written page, a glossary term, a comparison of two tools.
OTHER_SEARCH_KINDS = ("page", "glossary", "compare")
PATH_FINDER = "paths"
RECORD_FOLDERS = {page.collection: page.folder for page in RECORD_PAGES if page.folder != PATH_FINDER}


def search_kinds() -> tuple[str, ...]:
    """Every kind of result the search box labels (each has a word `kind_<kind>` in ui.py)."""
    return tuple(dict.fromkeys([*(page.search_kind for page in RECORD_PAGES), *OTHER_SEARCH_KINDS]))


EMBED = "embed"
PRINT = "print"
MEASURED = "measured/"  # the measured comparison (docs/measured.*.md)


def record_path(collection: str, record_id: str) -> str:
    """A record's page: `tools/triton/`."""
    return f"{RECORD_FOLDERS[collection]}/{record_id}/"


def tool_path(tool_id: str) -> str:
    return record_path("tools", tool_id)


def layer_path(layer_id: str) -> str:
    return record_path("layers", layer_id)


def chain_path(chain_id: str) -> str:
    return record_path("chains", chain_id)


def any_record(collection: str) -> str:
    """The pattern every page of a collection matches (`tools/*/`), as the list of diagrams writes it."""
    return record_path(collection, "*")


def index_path(collection: str) -> str:
    """A collection's index page: `chains/`."""
    return f"{RECORD_FOLDERS[collection]}/"


def start_path(tool_id: str | None = None) -> str:
    """The path finder (`paths/`), or one starting point's page (`paths/jax/`)."""
    return f"{PATH_FINDER}/{tool_id}/" if tool_id else f"{PATH_FINDER}/"


def embed_path(diagram_path: str) -> str:
    """The embed page of a diagram (`embed/stack/`, `embed/chains/<id>/`), from its path below embed/."""
    return f"{EMBED}/{diagram_path.strip('/')}/"


def print_files(languages: tuple[str, ...]) -> list[tuple[str, str, str, str]]:
    """(file name, language, what, paper) of every printable document the build publishes under print/."""
    files = []
    for lang in languages:
        for size in ("a3", "a4"):
            files.append((f"gpu-stack-map-poster-{lang}-{size}.pdf", lang, "poster", size))
        files.append((f"gpu-stack-map-chains-{lang}-a4.pdf", lang, "booklet", "a4"))
    return files


def print_thumbnail(pdf_name: str) -> str:
    """The picture of a printed document's first page, beside it under print/ (the Print page shows it)."""
    return pdf_name.removesuffix(".pdf") + "-first-page.svg"


def print_outputs(languages: tuple[str, ...]) -> list[str]:
    """Every file the print build writes under print/: each document and the picture of its first page."""
    return [written for name, *_ in print_files(languages) for written in (name, print_thumbnail(name))]
