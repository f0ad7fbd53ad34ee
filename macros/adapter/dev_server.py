"""The development server of `make serve`: MkDocs's own live-reload server over a site that
long-lived builder processes rebuild on every saved change (page_builders.py's LiveBuilders).

The builders (`worker`, a process per language) run MkDocs in-process, build after build, so
neither Python's imports nor the unchanged data files are read again: a saved edit costs what
it changes (core/pipeline/page_store.py reuses every page whose inputs held). They
leave the Pagefind index to the server, which writes it once the new pages are served. A change
to the code (macros/, scripts/) restarts the builders, since Python keeps the modules it imported.
"""

from __future__ import annotations

import logging
import sys
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


def worker(config_file: str) -> None:
    """Build `config_file` into each site folder named on a line of stdin (GSM_BUILD_LANGUAGE's
    language only; its share of the site-wide files goes beside the folder, state.parts_file);
    answer "ok" or "failed" on stdout (MkDocs's messages go to stderr)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    answers = sys.stdout
    sys.stdout = sys.stderr  # anything printed by a build stays out of the answers
    for line in sys.stdin:
        site_dir = line.rstrip("\n")
        ok = True
        try:
            config = load_config(config_file, site_dir=site_dir, strict=True)
            config.plugins.on_startup(command="build", dirty=False)
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
        except (Exception, SystemExit) as error:  # the builder outlives a failed build; MkDocs said why
            print(f"Build failed: {error}", file=sys.stderr)
            ok = False
        answers.write("ok\n" if ok else "failed\n")
        answers.flush()


if __name__ == "__main__":
    from . import engine  # noqa: F401  (first: under ProperDocs, `mkdocs` only exists once it ran)

    worker(sys.argv[1])
