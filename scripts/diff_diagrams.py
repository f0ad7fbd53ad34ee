"""Show reviewers what a data change does to the pictures.

Renders every diagram from the base revision's data and from the working tree's, and
writes an HTML report of the ones that changed (side by side), were added or removed.
"""

from __future__ import annotations

import html
import io
import subprocess
import tarfile
import tempfile
from pathlib import Path

from macros.core.data.loading import load
from macros.core.data.problems import DataError
from macros.core.diagrams.graphviz import Diagrams
from macros.core.diagrams.registry import named_diagrams
from macros.core.pipeline.cache import BuildKey, DiskCache, default_root
from macros.core.settings.languages import read_languages

from .common import OK, ROOT, add_data_option, print_data_errors


def data_at(revision: str, repo: Path, into: Path) -> Path:
    """Extract data/ as it was at `revision` into a temporary folder."""
    archive = subprocess.run(["git", "-C", str(repo), "archive", revision, "data"], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"cannot read data/ at {revision!r}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "data"


def compare(base: dict[str, str], head: dict[str, str]) -> dict[str, list[str]]:
    """Names of diagrams changed, added and removed between two {name: DOT} sets."""
    return {
        "changed": sorted(n for n in base.keys() & head.keys() if base[n] != head[n]),
        "added": sorted(head.keys() - base.keys()),
        "removed": sorted(base.keys() - head.keys()),
    }


def report(
    diff: dict[str, list[str]], base: dict[str, str], head: dict[str, str], label: str, renderer: Diagrams
) -> str:
    """A self-contained HTML page with the changed diagrams side by side."""
    renderer.render_many(
        [base[n] for n in diff["changed"] + diff["removed"]] + [head[n] for n in diff["changed"] + diff["added"]]
    )

    def figure(dot: str | None, uid: str) -> str:
        return renderer.inline_svg(dot, uid, uid, uid) if dot else "<p><em>(none)</em></p>"

    sections = []
    for kind in ("changed", "added", "removed"):
        for name in diff[kind]:
            sections.append(
                f'<section><h2>{html.escape(name)} <small>{kind}</small></h2><div class="pair">'
                f"<div><h3>base</h3>{figure(base.get(name), f'base-{name}')}</div>"
                f"<div><h3>this change</h3>{figure(head.get(name), f'head-{name}')}</div></div></section>"
            )
    total = sum(len(v) for v in diff.values())
    summary = ", ".join(f"{len(v)} {k}" for k, v in diff.items())
    body = "".join(sections) or "<p>No diagram changed.</p>"
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Diagram changes</title><style>"
        "body{font-family:'Noto Sans CJK SC',sans-serif;margin:2rem}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}"
        ".pair>div{border:1px solid #ccc;padding:.5rem}svg{width:100%;height:auto}small{color:#777}</style></head><body>"
        f"<h1>Diagram changes against {html.escape(label)}</h1><p>{total} diagram(s): {summary}.</p>{body}</body></html>"
    )


def add_arguments(parser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--base", help="git revision to compare with, e.g. origin/main")
    source.add_argument("--base-data", help="a data folder to compare with instead of a revision")
    add_data_option(parser)
    parser.add_argument("--out", default=str(ROOT / ".cache" / "diagram-diff"), help="report folder")


def run(args) -> int:
    languages = read_languages(ROOT / "mkdocs.yml").codes
    with tempfile.TemporaryDirectory() as tmp:
        base_dir = Path(args.base_data) if args.base_data else data_at(args.base, ROOT, Path(tmp))
        try:
            base = named_diagrams(load(base_dir), languages)
            head = named_diagrams(load(args.data), languages)
        except DataError as error:
            return print_data_errors(error, "fix the data, then compare again.")
        diff = compare(base, head)
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        # The build cache's diagrams: keyed by the toolchain part only, the same for both sides.
        cache = DiskCache(default_root(), BuildKey.of(Path(args.data), ROOT / "mkdocs.yml"))
        renderer = Diagrams(cache.namespace("diagrams"))
        page = report(diff, base, head, args.base or args.base_data, renderer)
        (out / "index.html").write_text(page, encoding="utf-8")
    for kind, names in diff.items():
        for name in names:
            print(f"{kind}: {name}")
    print(f"report: {out / 'index.html'}")
    return OK
