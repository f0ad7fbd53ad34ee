"""Check every internal link and #anchor of a built site, over HTTP on 127.0.0.1.

External links are not fetched here (a scheduled job checks them). Exit 0 only when
linkchecker reports zero errors and zero warnings.

linkchecker parses each page in one Python process, so the check is split into one process
per language (each on its own core): a process starts from its language's home and from every
page of that language on disk, checks every link and anchor those pages contain (into the
other languages too), and reads the other languages' pages only to check anchors into them,
never to follow their links: the other process does that. Together they check every link of
every page, even one no other page links to.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from macros.core.settings.languages import read_languages

from .common import OK, ROOT, USAGE
from .static_server import serve

# One thread per process: linkchecker's threads share one interpreter and spend their time
# waiting on its logging lock, so more threads only make a process slower.
# SharedPageAnchors (linkchecker_plugins/) lets AnchorCheck parse each page once, not once per #anchor.
CONFIG = """[checking]
threads=1
maxrequestspersecond=1000
recursionlevel=-1
[filtering]
internlinks=^{host}
nofollow={nofollow}
  ^{host}[^#]*#
checkextern=0
[output]
status=0
[text]
colorparts=
[SharedPageAnchors]
[AnchorCheck]
"""
PLUGINS = Path(__file__).resolve().parent / "linkchecker_plugins"


@dataclass(frozen=True)
class Result:
    """Every partition's report together: exit status 0 only if each one's was."""

    returncode: int
    stdout: str
    stderr: str
    summaries: list[str]


def partitions(site: Path, base: str, config: Path = ROOT / "mkdocs.yml") -> list[tuple[list[str], str]]:
    """(start URLs, regex of the URLs not to follow) per language: its home and its pages on disk."""
    languages = read_languages(config)
    others = languages.others
    pages: dict[str, list[str]] = {code: [] for code in languages.codes}
    for page in sorted(site.rglob("*.html")):
        path = page.relative_to(site).as_posix()
        first = path.split("/", 1)[0]
        lang = first if first in others and "/" in path else languages.default
        pages[lang].append(base + path.removesuffix("index.html"))
    result = []
    for lang in languages.codes:
        if lang == languages.default:
            not_here = "|".join(re.escape(base + languages.prefix(code)) for code in others) or "(?!)"
            nofollow = f"^(?:{not_here})"
        else:
            # On this host, outside this language's folder (other hosts stay external, unchecked).
            nofollow = f"^(?={re.escape(base)})(?!{re.escape(base + languages.prefix(lang))})"
        result.append(([base + languages.prefix(lang), *pages[lang]], nofollow))
    return result


def check_served(base: str, site: Path) -> Result:
    """Run linkchecker from `base`, a site being served from the folder `site`, one process per language.

    Every URL on the same host counts as internal, so a link that escapes a sub-path
    (an absolute `/en/…` on a site served under `/repo/`) is checked, and fails.
    """
    binary = shutil.which("linkchecker") or str(Path(sys.executable).parent / "linkchecker")
    host = base[: base.index("/", len("http://"))] + "/"
    with tempfile.TemporaryDirectory() as tmp:
        # linkchecker loads plugins from $XDG_DATA_HOME/linkchecker/plugins/ only, and run as
        # root it drops to `nobody`: the folder must be readable (never writable) by others.
        shutil.copytree(PLUGINS, Path(tmp) / "linkchecker" / "plugins", ignore=shutil.ignore_patterns("__pycache__"))
        for folder in (Path(tmp), Path(tmp) / "linkchecker", Path(tmp) / "linkchecker" / "plugins"):
            folder.chmod(0o755)
        env = {**os.environ, "XDG_DATA_HOME": tmp}
        processes = []
        for number, (starts, nofollow) in enumerate(partitions(site, base)):
            rc = Path(tmp) / f"linkcheckerrc-{number}"
            rc.write_text(CONFIG.format(host=re.escape(host), nofollow=nofollow), encoding="utf-8")
            urls = Path(tmp) / f"urls-{number}.txt"
            urls.write_text("\n".join(starts) + "\n", encoding="utf-8")
            command = [binary, "--config", str(rc), "--no-status", "--stdin"]
            processes.append(
                subprocess.Popen(
                    command,
                    stdin=urls.open("rb"),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    env=env,
                )
            )
        outputs = [process.communicate() for process in processes]
    stdout = "\n".join(out for out, _ in outputs)
    summaries = [line for line in stdout.splitlines() if "links in" in line]
    return Result(
        returncode=max(process.returncode for process in processes),
        stdout=stdout,
        stderr="\n".join(err for _, err in outputs),
        summaries=summaries,
    )


def check(site: Path, quiet: bool = False, prefix: str = "/") -> int:
    """Serve `site` under `prefix` and run linkchecker over it; return its exit status."""
    with serve(site, prefix=prefix) as base:
        done = check_served(base, site)
    if not quiet:
        print(done.stdout.strip())
        if done.stderr.strip():
            print(done.stderr.strip(), file=sys.stderr)
    return done.returncode


def add_arguments(parser) -> None:
    parser.add_argument("site", nargs="?", type=Path, default=Path("site"), help="built site folder (default: site)")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /gpu-stack-map/")


def run(args) -> int:
    if not (args.site / "index.html").exists():
        print(f"{args.site}/index.html not found: run `make build` first.", file=sys.stderr)
        return USAGE
    return OK if check(args.site, prefix=args.prefix) == 0 else 1
