"""Check the documentation URLs in data/references.yaml and write a Markdown report.

Run weekly by CI, which files the report as one issue. Broken links are reported, never
fatal: exit 0 unless the data itself cannot be read.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from macros.core.data.loading import load
from macros.core.data.problems import DataError

from .common import OK, ROOT, add_data_option, print_data_errors

HEADERS = {"User-Agent": "gpu-stack-map-link-check (+https://github.com/gpu-stack-map/gpu-stack-map)"}


def status_of(url: str) -> str:
    """'ok', or why the link is broken."""
    try:
        response = requests.head(url, headers=HEADERS, timeout=20, allow_redirects=True)
        if response.status_code in (403, 405, 501):  # some hosts refuse HEAD: ask again with GET
            response = requests.get(url, headers=HEADERS, timeout=20, allow_redirects=True, stream=True)
        return "ok" if response.status_code < 400 else f"HTTP {response.status_code}"
    except requests.RequestException as error:
        return type(error).__name__


def add_arguments(parser) -> None:
    add_data_option(parser)
    parser.add_argument("--out", default=str(ROOT / ".cache" / "external-links.md"), help="report file")


def run(args) -> int:
    try:
        model = load(args.data)
    except DataError as error:
        return print_data_errors(error)
    references = list(model.references.values())
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda ref: status_of(ref.url), references))
    broken = [(ref, result) for ref, result in zip(references, results, strict=True) if result != "ok"]
    lines = [f"Checked {len(references)} documentation links from `data/references.yaml`: {len(broken)} broken.", ""]
    if broken:
        lines += ["| reference id | URL | problem | data |", "| --- | --- | --- | --- |"]
        for ref, result in broken:
            file, line = model.source_line("references", ref.id)
            lines.append(f"| `{ref.id}` | {ref.url} | {result} | `{file}:{line}` |")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(broken)} broken of {len(references)}; report: {out}")
    return OK
