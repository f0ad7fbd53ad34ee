"""Build the site into a temporary folder and swap it into place only on success.

A failed build leaves the previous site/ untouched, so nothing ever serves half a site.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from macros.adapter.site_files import PRINT_DIR_VARIABLE
from macros.core.cache import CACHE_ROOT
from macros.core.problems import DataError

from .common import FAILED, OK, ROOT, print_data_errors
from .print_posters import write_pdfs


def commit_epoch() -> str:
    """Seconds since the epoch of the last commit ('0' outside a git checkout)."""
    done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "0"


def engine_environment() -> dict[str, str]:
    """The environment MkDocs runs in: reproducible dates, no MkDocs 2 banner."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Dates in the output (sitemap lastmod, gzip headers, PDF metadata) come from the last
    # commit, not the clock, so two builds of one commit are byte-identical.
    env.setdefault("SOURCE_DATE_EPOCH", commit_epoch())
    return env


def build(target: Path, config: Path = ROOT / "mkdocs.yml", with_print: bool = True) -> int:
    """`mkdocs build --strict` (and the print PDFs) into a sibling temp folder, then swap it in."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-building-", dir=target.parent))
    env = engine_environment()
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(staging)]
    ok = subprocess.run(command, env=env, cwd=ROOT).returncode == 0
    if ok and with_print:
        os.environ["SOURCE_DATE_EPOCH"] = env["SOURCE_DATE_EPOCH"]
        try:
            for path in write_pdfs(staging / "print"):
                print(f"wrote {path.relative_to(staging)} ({path.stat().st_size // 1024} KB)")
        except DataError as error:
            ok = print_data_errors(error) == OK
    if not ok:
        shutil.rmtree(staging, ignore_errors=True)
        print(f"Build failed; {target} was left as it was.", file=sys.stderr)
        return FAILED
    old = target.with_name(f".{target.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return OK


def add_arguments(parser) -> None:
    parser.add_argument("-d", "--site-dir", type=Path, default=ROOT / "site", help="output folder (default: site)")
    parser.add_argument("-f", "--config", type=Path, default=ROOT / "mkdocs.yml", help="mkdocs.yml to build")
    parser.add_argument("--no-print", action="store_true", help="skip the printable PDFs (faster previews)")


def run(args) -> int:
    return build(args.site_dir, args.config, with_print=not args.no_print)


def add_serve_arguments(parser) -> None:
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on")


def serve(args) -> int:
    """`mkdocs serve`: build, serve and rebuild on every edit of data/, docs/ or macros/.

    The PDFs are written once before serving (from the print cache when the data is unchanged,
    else in about half a minute) and copied into every rebuild, so the Print page's links work
    and live reload stays fast; restart to reprint after editing data/.
    """
    print_dir = CACHE_ROOT / "serve-print"
    try:
        write_pdfs(print_dir)
    except DataError as error:
        return print_data_errors(error)
    env = {**engine_environment(), PRINT_DIR_VARIABLE: str(print_dir)}
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", args.dev_addr]
    return subprocess.run(command, env=env, cwd=ROOT).returncode
