"""The last finished sites, by a digest of everything a build reads, so a build whose inputs are
all unchanged copies the site it made last time instead of making it again.

The digest covers every part of the build key (macros/core/pipeline/inputs.py: data, page shells,
code, mkdocs.yml, Graphviz and its fonts, Python and the installed packages), the site's address,
the commit date the output is stamped with and whether the PDFs are included. A build that copies PDFs
made elsewhere (`make serve`) is never snapshotted (site_build.BuildJob.snapshot_digest). A copy, not a link: a site
may be changed in place after the build (a test that breaks a link on purpose) and the cache
must not change with it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from ..settings import environment
from .inputs import BuildKey

KEPT = 2  # snapshots kept: the last build's, and the one before (a test's altered copy, a branch)


def inputs_digest(config: Path, data_dir: Path, with_print: bool, env: dict) -> str:
    """What the build of `config` would read (every part of the build key), as one digest."""
    key = BuildKey.of(data_dir, config)
    context = [
        key.of_parts(BuildKey.parts()),
        env.get(environment.SITE_URL, ""),
        env.get(environment.SOURCE_DATE_EPOCH, ""),
        str(with_print),
    ]
    return hashlib.sha256("\0".join(context).encode("utf-8")).hexdigest()[:32]


class Snapshots:
    """The finished sites kept under the build cache's `sites/` folder."""

    def __init__(self, cache_root: Path):
        self.folder = cache_root / "sites"

    def copy_to(self, digest: str | None, target: Path) -> bool:
        """Copy the site built from these inputs into `target` (absent); False if none is kept."""
        kept = self.folder / digest if digest else None
        if kept is None or not (kept / "complete").exists():
            return False
        try:
            shutil.copytree(kept / "site", target, copy_function=shutil.copyfile)
            self._mark_used(kept)
        except OSError:  # another build let it go meanwhile: build instead
            shutil.rmtree(target, ignore_errors=True)
            return False
        return True

    def keep(self, digest: str | None, site: Path) -> None:
        """Keep a copy of a site just built from these inputs; the oldest beyond KEPT go."""
        if digest is None:
            return
        partial = self.folder / f".{digest}-{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(site, partial / "site", copy_function=shutil.copyfile)
        (partial / "complete").touch()
        self._mark_used(partial)
        shutil.rmtree(self.folder / digest, ignore_errors=True)
        try:
            partial.rename(self.folder / digest)
        except OSError:  # a build beside this one kept the same site first
            shutil.rmtree(partial, ignore_errors=True)
        for old in self._by_use()[:-KEPT]:
            shutil.rmtree(old, ignore_errors=True)

    def _by_use(self) -> list[Path]:
        """The kept sites, least recently used first."""
        kept = [p for p in self.folder.iterdir() if not p.name.startswith(".")]
        return sorted(kept, key=_use_of)

    def _mark_used(self, site: Path) -> None:
        # A counter, not a file time: two uses within one tick of a coarse clock stay in order.
        latest = max((_use_of(p) for p in self._by_use()), default=0)
        (site / "used").write_text(str(latest + 1), encoding="utf-8")


def _use_of(kept: Path) -> int:
    try:
        return int((kept / "used").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
