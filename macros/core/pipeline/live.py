"""`make serve`'s rebuild: `build_site` with the pages published first.

The pages are served as soon as they are merged; the last build's other files are served with
them until each new one replaces its old one (a rename), so search catches up just after the
page. The long-lived engine processes that build the pages are the adapter's (dev_server.py).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..data.problems import DataError
from ..outputs import search_index
from .publish import publish
from .site_build import BuildJob, PageEngine, build_site


class LiveBuild:
    """Callable: build the site into `job.target` once more; True when the new site is being served.

    Messages (and a data error's problems, one per line) go to `job.say`."""

    def __init__(self, job: BuildJob, pages: PageEngine):
        self.job = job
        self.pages = pages
        self.search: threading.Thread | None = None
        self.later_files = [Path("pagefind")]  # what the last build wrote after serving its pages

    def __call__(self) -> bool:
        self.wait_for_search()
        start = time.perf_counter()
        try:
            built = build_site(self.job, self.pages, live=self)
        except DataError as error:
            for problem in error.problems:
                self.job.say(problem.format())
            built = False
        if not built:
            self.job.say(f"Build failed; {self.job.target} was left as it was.")
            return False
        self.job.say(f"Pages built and served in {time.perf_counter() - start:.1f} s.")
        return True

    def carry_over(self, staging: Path) -> None:
        """Until the new ones are written, serve the last build's files written after its pages
        (links, not copies: they are only ever replaced whole, never changed in place)."""
        site = self.job.target
        for relative in self.later_files:
            old, new = site / relative, staging / relative
            if new.exists() or not old.exists():
                continue
            new.parent.mkdir(parents=True, exist_ok=True)
            if old.is_dir():
                shutil.copytree(old, new, copy_function=os.link)
            else:
                os.link(old, new)

    def later(self, finish: Callable[[Path], bool]) -> None:
        """The site-wide files and the search index, once the pages are served."""
        self.search = threading.Thread(target=self._later, args=(finish, time.perf_counter()), daemon=True)
        self.search.start()

    def _later(self, finish: Callable[[Path], bool], start: float) -> None:
        site = self.job.target
        with tempfile.TemporaryDirectory(prefix=f".{site.name}-files-", dir=site.parent) as folder:
            if not finish(Path(folder)):
                return
            self.later_files = [Path("pagefind"), *publish(Path(folder), site)]
        try:
            search_index.index(site, "pagefind-next")
        except search_index.SearchIndexError as error:
            self.job.say(str(error))
            return
        shutil.rmtree(site / "pagefind", ignore_errors=True)
        (site / "pagefind-next").rename(site / "pagefind")
        self.job.say(f"Search index written {time.perf_counter() - start:.1f} s later.")

    def wait_for_search(self) -> None:
        """Until the last build's search index is written."""
        if self.search is not None:
            self.search.join()
