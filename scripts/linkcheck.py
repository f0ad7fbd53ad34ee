"""Check every internal link and #anchor of a built site, over HTTP on 127.0.0.1.

External links are not fetched here (a scheduled job checks them). Exit 0 only when
linkchecker reports zero errors and zero warnings.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from static_server import serve  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="site", help="built site folder (default: site)")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /gpu-stack-map/")
    args = parser.parse_args()
    site = Path(args.site)
    if not (site / "index.html").exists():
        print(f"{site}/index.html not found: run `make build` first.", file=sys.stderr)
        return 2
    return check(site, prefix=args.prefix)


if __name__ == "__main__":
    sys.exit(main())
