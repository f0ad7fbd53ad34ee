"""The site's build, start to finish, in one function: `build_site` reads as the list of its steps.

`make build`, every rebuild of `make serve` and the tests all run it. It never runs the site
engine itself: the pages are built by engine processes the adapter starts (`PageEngine`), one
per language, side by side; everything before and after them is here.

A failed step leaves the previous site as it was: the build happens in a staging folder beside
the target, which replaces the target whole only once the site is complete.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Protocol

from ..data.version import commit_epoch
from ..outputs import search_index
from ..outputs.print_sizes import size_text
from ..outputs.site_files import merge_language_sitemaps
from ..settings import environment
from ..settings.addresses import print_outputs
from ..settings.languages import Languages, read_config, read_languages
from ..settings.options import SiteOptions
from .build import Build
from .cache import default_root
from .finish import SiteParts, finish_data, finish_pages
from .pdfs import write_pdfs_of
from .publish import swap_in
from .snapshots import Snapshots, inputs_digest


class PageEngine(Protocol):
    """Who builds the pages: the site engine's processes, one per language (the adapter's)."""

    def start(self, work: Path, env: Mapping[str, str]) -> Callable[[], bool]:
        """Start building each language's pages into `work/<lang>` (its share of the site-wide
        files into `work/<lang>.json`); the function returned waits, True if every one succeeded."""


class LiveSite(Protocol):
    """`make serve`'s side of a rebuild: the pages are published first, the rest after them."""

    def carry_over(self, staging: Path) -> None:
        """Put the files the last build wrote after its pages into `staging`, until new ones come."""

    def later(self, finish: Callable[[Path], bool]) -> None:
        """Run `finish(into)` (the site-wide files, written into `into`) and the search index,
        after the pages are served."""


def _quiet(message: str) -> None:
    """Where a build's messages go when its caller gives nowhere."""


@dataclass(frozen=True)
class BuildJob:
    """One build: of the site `config` describes, into `target`."""

    config: Path  # mkdocs.yml
    target: Path  # the finished site replaces this folder, only on success
    env: Mapping[str, str]  # the environment the engine's processes start in
    with_print: bool = True  # write the PDFs (slower; make serve writes them once, before serving)
    print_dir: Path | None = None  # PDFs written before this build, to copy in (make serve)
    verify_reuse: int = 0  # pages each language renders again to check the reuse of stored pages
    say: Callable[[str], None] = field(default=_quiet, compare=False)  # progress, for the command line

    @cached_property
    def values(self) -> dict:
        """mkdocs.yml's values."""
        return read_config(self.config)

    @cached_property
    def languages(self) -> Languages:
        return read_languages(self.config)

    @cached_property
    def data_dir(self) -> Path:
        return SiteOptions.of(self.values.get("extra")).data_folder(self.config)

    @cached_property
    def epoch(self) -> str:
        """The date the output is stamped with: SOURCE_DATE_EPOCH, else the last commit's (so two
        builds of one commit are byte-identical), else 0."""
        return self.env.get(environment.SOURCE_DATE_EPOCH) or commit_epoch(self.config.parent) or "0"

    @cached_property
    def site_url(self) -> str:
        """The address the pages link to, as MkDocs normalizes it (ending in "/"), or ""."""
        url = self.env.get(environment.SITE_URL) or self.values.get("site_url") or ""
        return url if not url or url.endswith("/") else f"{url}/"

    def engine_env(self) -> dict[str, str]:
        """The environment of the engine's processes: what crosses the process boundary."""
        env = {**self.env, environment.SOURCE_DATE_EPOCH: self.epoch}
        if self.verify_reuse:
            env[environment.VERIFY_REUSE] = str(self.verify_reuse)
        return env

    def snapshot_digest(self) -> str | None:
        """What this build reads, as one digest (None: a build never copied from, nor kept)."""
        if self.verify_reuse or self.print_dir:  # pages must be rendered; PDFs come from elsewhere
            return None
        return inputs_digest(self.config, self.data_dir, self.with_print, self.engine_env())


def build_site(job: BuildJob, pages: PageEngine, live: LiveSite | None = None) -> bool:
    """Build the site of `job` into `job.target`, step by step; False if a step failed (having
    said why), and the target as it was. A data error raises DataError (with every problem's
    file and line) before any page is built.

    With `live` (make serve), the pages are published as soon as they are merged and the
    site-wide files and the search index follow beside them."""
    snapshots = Snapshots(default_root())
    with staging_folders(job.target) as (staging, work):
        # 1. Reuse: a site built before from exactly these inputs is copied, not built again.
        digest = job.snapshot_digest()
        if snapshots.copy_to(digest, staging):
            job.say("Nothing changed since a build of these inputs: its site was copied from the cache.")
            swap_in(staging, job.target)
            return True
        # 2. Load: the data, and every check of it; a bad file stops the build here.
        build = Build.start(job.data_dir, job.languages, job.config)
        # 3. Diagrams: every diagram of every language, one `dot` per core, into the cache pages read.
        build.diagrams.render_many(build.site_dots(job.languages.codes))
        # 4. Pages: one engine process per language, side by side, into work/<lang>.
        pages_built = pages.start(work, job.engine_env())
        # 5. Print: the posters and booklets, in this process while the pages are built.
        printed = write_print(job, build, work / "print") if job.with_print else True
        if not pages_built() or not printed:
            return False
        # 6. Merge: the languages into one site, with what the pages need (404 pages, sitemaps,
        #    the PDFs and their sizes on the Print page).
        parts = merge_languages(job, work, staging)
        if live:  # make serve: the pages are served now; steps 7 and 8 follow in the background
            live.carry_over(staging)
            swap_in(staging, job.target)
            live.later(lambda into: finish_site_files(job, build, parts, job.target, into))
            return True
        # 7. Finish: the files made from the model (name indexes, data export, excerpts, llms.txt),
        # 8. Search: while Pagefind indexes the pages on the other core.
        if not finish_site_files(job, build, parts, staging, search=True):
            return False
        # 9. Publish: keep a copy for the next build of these inputs; the new site replaces the old whole.
        snapshots.keep(digest, staging)
        swap_in(staging, job.target)
        return True


@contextlib.contextmanager
def staging_folders(target: Path) -> Iterator[tuple[Path, Path]]:
    """A folder to build the site in and one for the languages' builds, both beside `target`
    (renames stay on one file system); both are gone afterwards unless swapped in."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-building-", dir=target.parent))
    staging.rmdir()  # made again by whichever step fills it
    try:
        with tempfile.TemporaryDirectory(prefix=f".{target.name}-languages-", dir=target.parent) as work:
            yield staging, Path(work)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_print(job: BuildJob, build: Build, out_dir: Path) -> bool:
    """Step 5: the PDFs into `out_dir`, saying what was written."""
    for path in write_pdfs_of(build, out_dir, job.config, job.data_dir, None, job.epoch):
        job.say(f"wrote print/{path.name} ({size_text(path.stat().st_size)})")
    return True


def merge_languages(job: BuildJob, work: Path, staging: Path) -> SiteParts:
    """Step 6: the languages built into `work/<lang>` (and the PDFs in `work/print`) become the
    site in `staging`, with what the pages need; returns what the builds noticed on the way."""
    languages = job.languages
    # The default language's folder is the site; every other language built into <lang>/ of its own.
    (work / languages.default).rename(staging)
    for lang in languages.others:
        (work / lang / lang).rename(staging / lang)
    merge_language_sitemaps(staging, [work / lang for lang in languages.others], int(job.epoch))
    if job.with_print:  # beside the Print page's own index.html: the PDFs and their first pages' pictures
        (staging / "print").mkdir(exist_ok=True)
        for name in print_outputs(languages.codes):
            if (work / "print" / name).exists():
                (work / "print" / name).rename(staging / "print" / name)
    parts = SiteParts()
    for lang in languages.codes:
        parts.merge(work / f"{lang}.json")
    finish_pages(staging, languages, parts, job.site_url, str(job.print_dir) if job.print_dir else None)
    return parts


def finish_site_files(
    job: BuildJob, build: Build, parts: SiteParts, site: Path, into: Path | None = None, search: bool = False
) -> bool:
    """Steps 7 and 8: the site-wide files made from the model and the built pages (into `into`
    when given), and the search index if `search`; False, having said why, if Pagefind fails."""
    try:
        with search_index.indexing(site) if search else contextlib.nullcontext():  # on the other core meanwhile
            finish_data(site, build, parts, job.site_url, job.values.get("nav"), into)
    except search_index.SearchIndexError as error:
        job.say(str(error))
        return False
    return True
