"""Build the site into a temporary folder and swap it into place only on success.

A failed build leaves the previous site/ untouched, so nothing ever serves half a site.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commit_epoch() -> str:
    """Seconds since the epoch of the last commit ('0' outside a git checkout)."""
    done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "0"


def build(target: Path, config: Path = ROOT / "mkdocs.yml", with_print: bool = True) -> int:
    """`mkdocs build --strict` (and the print PDFs) into a sibling temp folder, then swap it in."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-building-", dir=target.parent))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Dates in the output (sitemap lastmod, gzip headers, PDF metadata) come from the last
    # commit, not the clock, so two builds of one commit are byte-identical.
    env.setdefault("SOURCE_DATE_EPOCH", commit_epoch())
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(staging)]
    done = subprocess.run(command, env=env)
    if done.returncode == 0 and with_print:
        done = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "print_posters.py"), str(staging / "print")], env=env
        )
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        print(f"Build failed; {target} was left as it was.", file=sys.stderr)
        return done.returncode
    old = target.with_name(f".{target.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-d", "--site-dir", default=str(ROOT / "site"), help="output folder (default: site)")
    parser.add_argument("-f", "--config", default=str(ROOT / "mkdocs.yml"), help="mkdocs.yml to build")
    parser.add_argument("--no-print", action="store_true", help="skip the printable PDFs (faster previews)")
    args = parser.parse_args()
    return build(Path(args.site_dir), Path(args.config), with_print=not args.no_print)


if __name__ == "__main__":
    sys.exit(main())
