"""`make serve`'s rebuild: a long-lived builder process (macros/adapter/dev_server.py's `worker`)
makes the new site, which is swapped in whole, then the search index is written beside it.

The pages are served as soon as they are built; the last search index is served with them
until the new one replaces it (one rename), so search catches up just after the page. A change
to the code since the builder started restarts it: Python keeps the modules it imported.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from macros.core.outputs import search_index
from macros.core.settings import environment

from .common import ROOT

CODE = ("macros", "scripts")
SKIPPED = ("node_modules", "vendor", "__pycache__")


def code_stamp() -> tuple:
    """When and how big each file of the code is: changes when any of it is saved."""
    found = []
    for name in CODE:
        for parent, folders, files in os.walk(ROOT / name):
            folders[:] = [f for f in folders if f not in SKIPPED]
            for file in files:
                stat = (Path(parent) / file).stat()
                found.append((parent, file, stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(found))


def swap_in(staging: Path, target: Path) -> None:
    """Put the finished `staging` folder where `target` is, replacing it whole."""
    old = target.with_name(f".{target.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)


class LiveBuild:
    """Callable: build the site into `site` once more; True when the new site is being served."""

    def __init__(self, site: Path, config: Path, env: dict):
        self.site = site
        self.config = config
        self.env = {**env, environment.SEARCH_LATER: "1"}
        self.process: subprocess.Popen | None = None
        self.stamp: tuple = ()
        self.search: threading.Thread | None = None

    def _builder(self) -> subprocess.Popen:
        stamp = code_stamp()
        if self.process is None or self.process.poll() is not None or stamp != self.stamp:
            self.stop()
            command = [sys.executable, "-m", "macros.adapter.dev_server", str(self.config)]
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            self.stamp = stamp
        return self.process

    def __call__(self) -> bool:
        self.wait_for_search()
        builder = self._builder()
        staging = Path(tempfile.mkdtemp(prefix=f".{self.site.name}-building-", dir=self.site.parent))
        builder.stdin.write(f"{staging}\n")
        builder.stdin.flush()
        if builder.stdout.readline().strip() != "ok":
            shutil.rmtree(staging, ignore_errors=True)
            print(f"Build failed; {self.site} was left as it was.", file=sys.stderr, flush=True)
            return False
        if (self.site / "pagefind").is_dir():  # links, not copies: an index is never changed in place
            shutil.copytree(self.site / "pagefind", staging / "pagefind", copy_function=os.link)
        swap_in(staging, self.site)
        self.search = threading.Thread(target=self._index, daemon=True)
        self.search.start()
        return True

    def _index(self) -> None:
        try:
            search_index.index(self.site, "pagefind-next")
        except search_index.SearchIndexError as error:
            print(error, file=sys.stderr, flush=True)
            return
        shutil.rmtree(self.site / "pagefind", ignore_errors=True)
        (self.site / "pagefind-next").rename(self.site / "pagefind")

    def wait_for_search(self) -> None:
        """Until the last build's search index is written."""
        if self.search is not None:
            self.search.join()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None
