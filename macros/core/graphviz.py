"""The one module that runs Graphviz: DOT text in, clean inline SVG out, cached on disk.

The cache key is a hash of the DOT text, the Graphviz version and the font, so an
unchanged diagram is never rendered twice; the cache lives outside site/ (git-ignored).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from .cache import CACHE_ROOT
from .palette import FONT

CACHE_DIR = CACHE_ROOT / "diagrams"
RUN_COUNTER = os.environ.get("GSM_DOT_COUNTER")  # tests point this at a file to count `dot` runs


class GraphvizError(RuntimeError):
    """dot failed: the message carries its stderr."""


@lru_cache(maxsize=1)
def graphviz_version() -> str:
    """`dot -V` output; part of the cache key so an upgrade re-renders everything."""
    try:
        done = subprocess.run(["dot", "-V"], capture_output=True, text=True, timeout=30)
    except FileNotFoundError as error:
        raise GraphvizError("Graphviz is not installed: run `make setup` (apt-get install graphviz).") from error
    return (done.stderr or done.stdout).strip()


def cache_key(dot: str, fmt: str = "svg") -> str:
    """Hash of everything that decides the output."""
    text = "\0".join([dot, graphviz_version(), FONT, fmt])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def render(dot: str, fmt: str = "svg") -> bytes:
    """Render DOT to `fmt` bytes, from the cache when possible."""
    path = CACHE_DIR / f"{cache_key(dot, fmt)}.{fmt}"
    if path.exists():
        return path.read_bytes()
    if RUN_COUNTER:
        with open(RUN_COUNTER, "a", encoding="utf-8") as counter:
            counter.write("dot\n")
    done = subprocess.run(["dot", f"-T{fmt}"], input=dot.encode("utf-8"), capture_output=True, timeout=120)
    if done.returncode != 0:
        raise GraphvizError(f"dot failed: {done.stderr.decode('utf-8', 'replace').strip()}")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    # Write-then-rename so a parallel build never reads a half-written file.
    with tempfile.NamedTemporaryFile(dir=CACHE_DIR, delete=False, suffix=".tmp") as tmp:
        tmp.write(done.stdout)
    os.replace(tmp.name, path)
    return done.stdout


def render_many(dots: list[str], fmt: str = "svg", workers: int | None = None) -> None:
    """Fill the cache for many diagrams at once, one `dot` per core (or `workers`)."""
    missing = sorted({d for d in dots if not (CACHE_DIR / f"{cache_key(d, fmt)}.{fmt}").exists()})
    if not missing:
        return
    with ThreadPoolExecutor(max_workers=workers or max(1, os.cpu_count() or 1)) as pool:
        list(pool.map(lambda d: render(d, fmt), missing))


_PROLOG = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", re.S)
_SIZE = re.compile(r'(<svg\b[^>]*?)\s(?:width|height)="[^"]*"')
_GRAPH_TITLE = re.compile(r"<title>[^<]*</title>")
_IDS = re.compile(r'\bid="([^"]+)"')


def inline_svg(dot: str, uid: str, title: str, desc: str) -> str:
    """SVG ready to inline: no prolog or comments, responsive, titled, ids made unique."""
    svg = render(dot).decode("utf-8")
    svg = _PROLOG.sub("", svg).strip()
    while _SIZE.search(svg):
        svg = _SIZE.sub(r"\1", svg, count=1)
    # Plain href: link checkers and SVG 2 follow it; xlink:title stays as the hover tooltip.
    svg = svg.replace("xlink:href=", "href=")
    svg = _IDS.sub(lambda m: f'id="{uid}-{m.group(1)}"', svg)
    # Graphviz puts a <title> on every node; only the root's should name the figure.
    svg = _GRAPH_TITLE.sub("", svg)
    # Scale down to fit, never up past the drawn size (points → CSS pixels), so short chains
    # don't balloon to the column width.
    view = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) [\d.]+"', svg)
    limit = f' style="max-width:{float(view.group(1)) * 4 / 3:.0f}px"' if view else ""
    svg = re.sub(
        r"<svg\b",
        f'<svg role="img" aria-labelledby="{uid}-title {uid}-desc" class="gsm-svg"{limit}',
        svg,
        count=1,
    )
    svg = re.sub(
        r"(<svg\b[^>]*>)",
        lambda m: f'{m.group(1)}<title id="{uid}-title">{_xml(title)}</title><desc id="{uid}-desc">{_xml(desc)}</desc>',
        svg,
        count=1,
    )
    svg = re.sub(r">\s+<", "><", svg)
    return svg


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
