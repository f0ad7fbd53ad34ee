"""The development server of `make serve`: MkDocs's own live-reload server over the site that
`python -m scripts build` makes (both languages side by side), rebuilt on every saved change.

`mkdocs serve` rebuilds the languages one after the other in its own process; here each
rebuild is the parallel build, and the browsers reload once the new site has been swapped in
whole, so a page is never served from a half-finished build.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mkdocs.livereload import LiveReloadServer


def serve(site: Path, rebuild: Callable[[], object], host: str, port: int, watched: list[Path]) -> None:
    """Serve `site` on host:port until interrupted, calling `rebuild()` after each change under `watched`."""

    def not_found(code: int) -> bytes | None:
        page = site / f"{code}.html"
        return page.read_bytes() if code == 404 and page.is_file() else None

    server = LiveReloadServer(builder=rebuild, host=host, port=port, root=str(site), mount_path="/")
    server.error_handler = not_found
    for path in watched:
        server.watch(str(path))
    try:
        server.serve()
    except KeyboardInterrupt:
        print("Shutting down…")
    finally:
        server.shutdown()
