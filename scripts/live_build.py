"""`make serve`'s rebuild: long-lived builder processes, one per language side by side as `make
build` runs them (macros/adapter/dev_server.py's `worker`), make the languages' pages; this
process merges them, writes what the pages need (404 pages, sitemaps), swaps the new site in
whole, and then writes the rest beside it: the files made from the model (the search box's name
indexes, the data export, /llms.txt) and the Pagefind index.

The pages are served as soon as they are built; the last build's other files are served with
them until each new one replaces its old one (a rename), so search catches up just after the
page. A change to the code since the builders started restarts them: Python keeps the modules
it imported.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from macros.core.pipeline.inputs import code_files
from macros.core.outputs import search_index
from macros.core.settings import environment

from .common import ROOT


def code_stamp() -> tuple:
    """When and how big each file of the code is: changes when any of it is saved."""
    found = []
    for path in code_files():  # the build key's code (macros/core/pipeline/inputs.py)
        stat = path.stat()
        found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def swap_in(staging: Path, target: Path) -> None:
    """Put the finished `staging` folder where `target` is, replacing it whole."""
    old = target.with_name(f".{target.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def publish(files: Path, site: Path) -> list[Path]:
    """Move every file under `files` to the same place under `site`, each by one rename (a reader
    gets the old file or the new one, never half of one); the paths moved, relative."""
    moved = []
    for path in sorted(p for p in files.rglob("*") if p.is_file()):
        relative = path.relative_to(files)
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, site / relative)
        moved.append(relative)
    return moved


class LiveBuild:
    """Callable: build the site into `site` once more; True when the new site is being served.

    `merge(work, staging)` merges the languages built into `work/<lang>` (their shares of the
    site-wide files in `work/<lang>.json`) into `staging` and writes what the pages need; it
    returns what the builds noticed (None on failure), which `finish(site, parts, into)` turns
    into the rest of the site-wide files, written into `into`, once the pages are served."""

    def __init__(
        self, site: Path, config: Path, env: dict, languages: tuple[str, ...], merge: Callable, finish: Callable
    ):
        self.site = site
        self.config = config
        self.env = {**env, environment.SEARCH_LATER: "1"}
        self.languages = languages
        self.merge = merge
        self.finish = finish
        self.builders: dict[str, subprocess.Popen] = {}
        self.stamp: tuple = ()
        self.search: threading.Thread | None = None
        self.later_files = [Path("pagefind")]  # what the last build wrote after serving its pages

    def _builders(self) -> dict[str, subprocess.Popen]:
        stamp = code_stamp()
        alive = self.builders and all(p.poll() is None for p in self.builders.values())
        if not alive or stamp != self.stamp:
            if self.builders:
                print("The code changed: starting the builders again.", file=sys.stderr, flush=True)
            self.stop()
            command = [sys.executable, "-m", "macros.adapter.dev_server", str(self.config)]
            for lang in self.languages:
                env = {**self.env, environment.BUILD_LANGUAGE: lang}
                self.builders[lang] = subprocess.Popen(
                    command, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
                )
            self.stamp = stamp
        return self.builders

    def __call__(self) -> bool:
        self.wait_for_search()
        start = time.perf_counter()
        builders = self._builders()
        staging = Path(tempfile.mkdtemp(prefix=f".{self.site.name}-building-", dir=self.site.parent))
        with tempfile.TemporaryDirectory(prefix=f".{self.site.name}-languages-", dir=self.site.parent) as folder:
            work = Path(folder)
            for lang, builder in builders.items():
                builder.stdin.write(f"{work / lang}\t{work / f'{lang}.json'}\n")
                builder.stdin.flush()
            answers = [builder.stdout.readline().strip() for builder in builders.values()]
            parts = self.merge(work, staging) if answers == ["ok"] * len(builders) else None
        if parts is None:
            shutil.rmtree(staging, ignore_errors=True)
            print(f"Build failed; {self.site} was left as it was.", file=sys.stderr, flush=True)
            return False
        self._keep_later_files(staging)
        swap_in(staging, self.site)
        print(f"Pages built and served in {time.perf_counter() - start:.1f} s.", file=sys.stderr, flush=True)
        self.search = threading.Thread(target=self._later, args=(parts, time.perf_counter()), daemon=True)
        self.search.start()
        return True

    def _keep_later_files(self, staging: Path) -> None:
        """Until the new ones are written, serve the last build's files written after its pages
        (links, not copies: they are only ever replaced whole, never changed in place)."""
        for relative in self.later_files:
            old, new = self.site / relative, staging / relative
            if new.exists() or not old.exists():
                continue
            new.parent.mkdir(parents=True, exist_ok=True)
            if old.is_dir():
                shutil.copytree(old, new, copy_function=os.link)
            else:
                os.link(old, new)

    def _later(self, parts, start: float) -> None:
        """The site-wide files made from the model and the pages, then the search index."""
        with tempfile.TemporaryDirectory(prefix=f".{self.site.name}-files-", dir=self.site.parent) as folder:
            if not self.finish(self.site, parts, Path(folder)):
                return
            self.later_files = [Path("pagefind"), *publish(Path(folder), self.site)]
        try:
            search_index.index(self.site, "pagefind-next")
        except search_index.SearchIndexError as error:
            print(error, file=sys.stderr, flush=True)
            return
        shutil.rmtree(self.site / "pagefind", ignore_errors=True)
        (self.site / "pagefind-next").rename(self.site / "pagefind")
        print(f"Search index written {time.perf_counter() - start:.1f} s later.", file=sys.stderr, flush=True)

    def wait_for_search(self) -> None:
        """Until the last build's search index is written."""
        if self.search is not None:
            self.search.join()

    def stop(self) -> None:
        for builder in self.builders.values():
            if builder.poll() is None:
                builder.stdin.close()
                try:
                    builder.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    builder.kill()
        self.builders = {}
