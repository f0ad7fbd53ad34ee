"""Serve a built site on 127.0.0.1 for the link checker, the browser tests and the judges.

Sends a `LinkChecker` header so linkchecker lifts its per-host politeness delay. Lighthouse
measures what the published site sends, so it is served as GitHub Pages serves it (gzip'd
text, cached for ten minutes, connections kept open); the tests get every file fresh and as
it is on disk.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/xml", "image/svg+xml")


class QuietHandler(SimpleHTTPRequestHandler):
    """Static files, no request log, and a 404 page like a real host serves.

    With a `prefix` ("/repo/"), the site is served under that sub-path only, as GitHub
    project pages serve a fork's copy; everything outside it is a 404.
    """

    prefix = "/"

    def __init__(self, *args, prefix: str = "/", like_github_pages: bool = False, **kwargs) -> None:
        self.prefix = prefix
        self.like_github_pages = like_github_pages
        if like_github_pages:  # connections kept open, as a real host keeps them (set before handling)
            self.protocol_version = "HTTP/1.1"
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / ".outside-the-site")
        return super().translate_path("/" + path[len(self.prefix) :])

    def end_headers(self) -> None:
        self.send_header("LinkChecker", "local")
        self.send_header("Cache-Control", "max-age=600" if self.like_github_pages else "no-store")
        super().end_headers()

    def send_head(self):
        """As the base class, but text gzip'd for a client that accepts it when `like_github_pages`."""
        if not self.like_github_pages or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the base class redirects to the folder's URL
            path = os.path.join(path, "index.html")
        kind = self.guess_type(path)
        if not (os.path.isfile(path) and kind.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        body = gzip.compress(Path(path).read_bytes(), mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # Like a host configured per language: /en/… misses get the English 404 page.
        inside = self.path[len(self.prefix) :] if self.path.startswith(self.prefix) else ""
        language_page = Path(self.directory) / inside.split("/", 1)[0] / "404.html"
        page = language_page if "/" in inside and language_page.exists() else Path(self.directory) / "404.html"
        if code == 404 and page.exists():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)


class QuietServer(ThreadingHTTPServer):
    """A client hanging up mid-download (link checkers do) is normal, not an error to print."""

    def handle_error(self, request, client_address) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def bind(directory: Path | str, port: int = 0, prefix: str = "/", like_github_pages: bool = False) -> QuietServer:
    """A server for `directory` under `prefix`, bound (its URL is known) but not yet serving.

    Binding first lets a caller build the site for the exact URL it will be served at.
    """
    handler = functools.partial(
        QuietHandler, directory=str(directory), prefix=prefix, like_github_pages=like_github_pages
    )
    server = QuietServer(("127.0.0.1", port), handler)
    server.prefix = prefix
    return server


def url_of(server: QuietServer) -> str:
    """The site's base URL on a bound server."""
    return f"http://127.0.0.1:{server.server_address[1]}{server.prefix}"


@contextlib.contextmanager
def running(server: QuietServer) -> Iterator[str]:
    """Serve a bound server in a background thread; yields its base URL."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def serve(directory: Path | str, port: int = 0, prefix: str = "/") -> Iterator[str]:
    """Serve `directory` under `prefix` in a background thread; yields the site's base URL."""
    with running(bind(directory, port, prefix)) as url:
        yield url
