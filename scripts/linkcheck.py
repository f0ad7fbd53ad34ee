"""Check every internal link and #anchor of a built site, over HTTP on 127.0.0.1.

External links are not fetched here (a scheduled job checks them). Exit 0 only when
linkchecker reports zero errors and zero warnings.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import OK, USAGE
from .static_server import serve

CONFIG = """[checking]
threads=4
maxrequestspersecond=1000
recursionlevel=-1
[filtering]
internlinks=^{host}
checkextern=0
[output]
status=0
[text]
colorparts=
[AnchorCheck]
"""


def check(site: Path, quiet: bool = False, prefix: str = "/") -> int:
    """Serve `site` under `prefix` and run linkchecker over it; return its exit status."""
    with serve(site, prefix=prefix) as base:
        done = check_served(base)
    if not quiet:
        print(done.stdout.strip())
        if done.stderr.strip():
            print(done.stderr.strip(), file=sys.stderr)
    return done.returncode


def check_served(base: str) -> subprocess.CompletedProcess:
    """Run linkchecker from `base`, a site already being served.

    Every URL on the same host counts as internal, so a link that escapes a sub-path
    (an absolute `/en/…` on a site served under `/repo/`) is checked, and fails.
    """
    binary = shutil.which("linkchecker") or str(Path(sys.executable).parent / "linkchecker")
    host = base[: base.index("/", len("http://"))] + "/"
    with tempfile.TemporaryDirectory() as tmp:
        rc = Path(tmp) / "linkcheckerrc"
        rc.write_text(CONFIG.format(host=re.escape(host)), encoding="utf-8")
        return subprocess.run([binary, "--config", str(rc), "--no-status", base], capture_output=True, text=True)


def add_arguments(parser) -> None:
    parser.add_argument("site", nargs="?", type=Path, default=Path("site"), help="built site folder (default: site)")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /gpu-stack-map/")


def run(args) -> int:
    if not (args.site / "index.html").exists():
        print(f"{args.site}/index.html not found: run `make build` first.", file=sys.stderr)
        return USAGE
    return OK if check(args.site, prefix=args.prefix) == 0 else 1
