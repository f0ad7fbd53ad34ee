"""`python -m scripts build` and `python -m scripts serve`: the command lines over the one build
function, macros/core/pipeline/site_build.py's `build_site`.

A failed build leaves the previous site/ untouched, so nothing ever serves half a site.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from macros.adapter.page_builders import EngineProcesses, LiveBuilders
from macros.core.data.problems import DataError
from macros.core.pipeline.live import LiveBuild
from macros.core.pipeline.pdfs import write_pdfs
from macros.core.pipeline.site_build import BuildJob, build_site
from macros.core.settings import environment

from .common import FAILED, OK, ROOT, print_data_errors


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def build(target: Path, config: Path = ROOT / "mkdocs.yml", with_print: bool = True, verify_reuse: int = 0) -> int:
    """Build the site (and the PDFs) into `target`, swapped in only on success."""
    target = target.resolve()
    job = BuildJob(config.resolve(), target, dict(os.environ), with_print, verify_reuse=verify_reuse, say=say)
    try:
        built = build_site(job, EngineProcesses(job.config, job.languages.codes, ROOT))
    except DataError as error:
        print_data_errors(error)
        built = False
    if not built:
        say(f"Build failed; {target} was left as it was.")
        return FAILED
    return OK


def add_arguments(parser) -> None:
    parser.add_argument("-d", "--site-dir", type=Path, default=ROOT / "site", help="output folder (default: site)")
    parser.add_argument("-f", "--config", type=Path, default=ROOT / "mkdocs.yml", help="mkdocs.yml to build")
    parser.add_argument("--no-print", action="store_true", help="skip the printable PDFs (faster previews)")
    parser.add_argument(
        "--verify-reuse",
        type=int,
        default=0,
        metavar="N",
        help="render N pages of each language that could be reused, at random, and fail if one differs from its stored copy",
    )


def run(args) -> int:
    return build(args.site_dir, args.config, with_print=not args.no_print, verify_reuse=args.verify_reuse)


def add_serve_arguments(parser) -> None:
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on")


def serve(args) -> int:
    """`make serve`: build, serve with live reload, and rebuild on every edit of data/, docs/,
    macros/ or mkdocs.yml, in builder processes that stay (macros/adapter/page_builders.py).

    The PDFs are written once before serving (from the print cache when the data is unchanged,
    else in about half a minute) and copied into every rebuild, so the Print page's links work
    and live reload stays fast; restart to reprint after editing data/.
    """
    from macros.adapter.dev_server import serve as serve_site

    host, _, port = args.dev_addr.rpartition(":")
    config = ROOT / "mkdocs.yml"
    with tempfile.TemporaryDirectory(prefix="gsm-serve-") as folder:
        print_dir = Path(folder) / "print"
        try:
            write_pdfs(print_dir, config)
        except DataError as error:
            return print_data_errors(error)
        # The pages link to where they are served; each rebuild copies the PDFs in.
        env = {**os.environ, environment.SITE_URL: f"http://{host}:{port}/"}
        job = BuildJob(config, Path(folder) / "site", env, with_print=False, print_dir=print_dir, say=say)
        builders = LiveBuilders(config, job.languages.codes, ROOT, say)
        live = LiveBuild(job, builders)
        try:
            if not live():
                return FAILED
            live.wait_for_search()
            watched = [job.data_dir, ROOT / "docs", ROOT / "macros", config]
            print(f"Serving on http://{host}:{port}/ (Ctrl+C stops)", flush=True)
            serve_site(job.target, live, host, int(port), watched)
        finally:
            builders.stop()
    return OK
