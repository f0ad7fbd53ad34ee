"""Where things are on the site, below a language's root: every address the code writes comes
from here, so a record's URL is spelled once (pages, links, diagrams, search, llms.txt, embeds).
"""

from __future__ import annotations

# The folder of each collection that has a page per record; a path finder start is a tool's id
# under "paths". The page shells' links are checked against the same folders.
RECORD_FOLDERS = {"tools": "tools", "layers": "layers", "chains": "chains"}
PATH_FINDER = "paths"
EMBED = "embed"
PRINT = "print"


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
