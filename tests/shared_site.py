"""The site the read-only tests share: built once per test run, in the background, and served.

Under pytest-xdist the controller process starts the build before the workers collect, and
serves the result on 127.0.0.1 for the whole run; workers wait for it only when a test needs
it, so the tests that need no site run on both cores meanwhile. Without xdist the same thing
happens in the one process, started on the first request. The build starts from an empty
cache of its own (a clean build), so the reproducibility test can compare it with a second
clean build, and it counts its `dot` runs for the diagram-cache test.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Forks publish on GitHub project pages, under /<repo>/: the shared site is built and served
# that way, so every test that reads or browses it also proves the site works under a sub-path.
SUB_PATH = "/gpu-stack-map/"
# A cold build with the PDFs takes about a minute on 2 busy cores; this only ends a hung build.
BUILD_TIMEOUT_S = 900


@dataclass(frozen=True)
class Layout:
    """Where one run's shared site lives: everything under one folder of the run's temp dir."""

    folder: Path

    @property
    def site(self) -> Path:
        return self.folder / "site"

    @property
    def cache(self) -> Path:
        return self.folder / "cache"

    @property
    def dot_runs(self) -> Path:
        return self.folder / "dot-runs.txt"

    @property
    def log(self) -> Path:
        return self.folder / "build.log"

    @property
    def result(self) -> Path:
        return self.folder / "result.json"

    @property
    def url_file(self) -> Path:
        return self.folder / "url.txt"


class SharedSite:
    """Builds the site in a subprocess and serves it from this process until `stop()`."""

    def __init__(self, folder: Path) -> None:
        self.layout = Layout(folder)
        self.process: subprocess.Popen | None = None
        self.server = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Bind the server (so the build knows its URL), start serving, start the build; idempotent."""
        from scripts.static_server import bind, url_of

        with self._lock:
            if self.process is not None:
                return
            self.layout.folder.mkdir(parents=True, exist_ok=True)
            self.server = bind(self.layout.site, prefix=SUB_PATH)
            threading.Thread(target=self.server.serve_forever, daemon=True).start()
            url = url_of(self.server)
            write_whole(self.layout.url_file, url)
            env = {
                **os.environ,
                "SITE_URL": url,
                "GSM_CACHE_DIR": str(self.layout.cache),
                "GSM_DOT_COUNTER": str(self.layout.dot_runs),
            }
            command = [sys.executable, "-m", "scripts", "build", "-d", str(self.layout.site)]
            log = self.layout.log.open("w", encoding="utf-8")
            self.process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
            threading.Thread(target=self._record_result, args=(url, log), daemon=True).start()

    def _record_result(self, url: str, log) -> None:
        try:
            returncode = self.process.wait(timeout=BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            returncode = -9
        log.close()
        write_whole(self.layout.result, json.dumps({"returncode": returncode, "url": url}))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


def write_whole(path: Path, text: str) -> None:
    """Write, then rename: a waiting worker never reads half a file."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.rename(path)


def wait_for_file(path: Path, timeout_s: float) -> bool:
    """Whether `path` appeared within `timeout_s` (polls the state, whatever the machine's speed)."""
    deadline = time.monotonic() + timeout_s
    while not path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def url_of_layout(layout: Layout) -> str:
    """The shared site's base URL, known as soon as its server is bound (before the build ends)."""
    if not wait_for_file(layout.url_file, 60):
        raise RuntimeError("the shared site's server was not started")
    return layout.url_file.read_text(encoding="utf-8")


def wait_for(layout: Layout) -> tuple[Path, str] | str:
    """(site folder, base URL) once the build has finished, or the build's error output."""
    if not wait_for_file(layout.result, BUILD_TIMEOUT_S + 60):
        return f"the shared site's build did not finish within {BUILD_TIMEOUT_S} s"
    result = json.loads(layout.result.read_text(encoding="utf-8"))
    if result["returncode"] != 0:
        log = layout.log.read_text(encoding="utf-8", errors="replace")
        return f"the site did not build (exit {result['returncode']}):\n{log[-3000:]}"
    return layout.site, result["url"]


def built_once(run_folder: Path, name: str, make) -> Path:
    """`run_folder/name`, made by `make(folder)` once per test run, by whichever worker asks
    first; a worker asking meanwhile waits for it (an exclusive lock on a file), then reuses it."""
    folder = run_folder / name
    done = folder / ".made"
    with (run_folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, whatever happens
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a failed attempt starts over
            folder.mkdir(parents=True)
            make(folder)
            done.touch()
    return folder
