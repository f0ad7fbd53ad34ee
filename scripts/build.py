"""Build the site into a temporary folder and swap it into place only on success.

A failed build leaves the previous site/ untouched, so nothing ever serves half a site.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from macros.adapter import engine
from macros.core.pipeline.cache import default_root
from macros.core.data.problems import DataError
from macros.core.outputs import search_index
from macros.core.outputs.print_sizes import size_text
from macros.core.outputs.site_files import merge_language_sitemaps
from macros.core.settings import environment
from macros.core.settings.addresses import print_outputs
from macros.core.settings.languages import read_config, read_languages
from macros.core.settings.options import SiteOptions

from .common import FAILED, OK, ROOT, print_data_errors
from .live_build import LiveBuild, swap_in
from .print_posters import write_pdfs
from .site_snapshot import Snapshots, inputs_digest


def commit_epoch() -> str:
    """Seconds since the epoch of the last commit ('0' outside a git checkout)."""
    done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "0"


def engine_environment() -> dict[str, str]:
    """The environment MkDocs runs in: reproducible dates, no MkDocs 2 banner."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Dates in the output (sitemap lastmod, gzip headers, PDF metadata) come from the last
    # commit, not the clock, so two builds of one commit are byte-identical.
    env.setdefault(environment.SOURCE_DATE_EPOCH, commit_epoch())
    return env


def build(target: Path, config: Path = ROOT / "mkdocs.yml", with_print: bool = True, verify_reuse: int = 0) -> int:
    """`mkdocs build --strict` (and the print PDFs) into a sibling temp folder, then swap it in.

    Each language is built by its own MkDocs process, side by side (one per core), while this
    process writes the PDFs; then the languages' folders are merged and the site-wide files
    (search index, sitemaps, 404 pages, /llms.txt …) written over the whole site.
    """
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-building-", dir=target.parent))
    env = engine_environment()
    data_dir = SiteOptions.of(read_config(config).get("extra")).data_folder(config)
    snapshots = Snapshots(default_root())
    digest = inputs_digest(config, data_dir, with_print, env)
    if verify_reuse:
        # Every language renders `verify_reuse` pages it could reuse and compares them (adapter/
        # reuse.py); so the pages are built, not the whole site copied from a snapshot.
        env[environment.VERIFY_REUSE] = str(verify_reuse)
        digest = None
    staging.rmdir()
    if snapshots.copy_to(digest, staging):
        print("Nothing changed since a build of these inputs: its site was copied from the cache.", file=sys.stderr)
    else:
        staging.mkdir()
        with tempfile.TemporaryDirectory(prefix=f".{target.name}-languages-", dir=target.parent) as work:
            ok = build_languages(Path(work), staging, config, env, with_print)
        if not ok:
            shutil.rmtree(staging, ignore_errors=True)
            print(f"Build failed; {target} was left as it was.", file=sys.stderr)
            return FAILED
        snapshots.keep(digest, staging)
    swap_in(staging, target)
    return OK


def build_languages(work: Path, staging: Path, config: Path, env: dict, with_print: bool) -> bool:
    """Build every language into `work/<lang>` at once, merge them into `staging`, finish the site."""
    languages = read_languages(config)
    processes = {}
    for lang in languages.codes:
        command = [sys.executable, "-m", engine.NAME, "build", "--strict", "-f", str(config), "-d", str(work / lang)]
        one = {**env, environment.BUILD_LANGUAGE: lang, environment.BUILD_PARTS: str(work / f"{lang}.json")}
        processes[lang] = subprocess.Popen(command, env=one, cwd=ROOT)
    ok = True
    if with_print:
        os.environ[environment.SOURCE_DATE_EPOCH] = env[environment.SOURCE_DATE_EPOCH]
        try:
            for path in write_pdfs(work / "print"):
                print(f"wrote {path.relative_to(work)} ({size_text(path.stat().st_size)})")
        except DataError as error:
            ok = print_data_errors(error) == OK
    ok = all([process.wait() == 0 for process in processes.values()]) and ok
    return ok and merge_languages(work, staging, config, env, with_print)


def merge_languages(work: Path, staging: Path, config: Path, env: dict, with_print: bool) -> bool:
    """Merge the languages built into `work/<lang>` (and the PDFs in `work/print`) into `staging`,
    then finish the site: every site-wide file and the search index."""
    parts = merge_pages(work, staging, config, env, with_print)
    return parts is not None and finish_data(staging, config, parts)


def merge_pages(work: Path, staging: Path, config: Path, env: dict, with_print: bool):
    """Merge the languages' folders into `staging` and write what the pages need (404 pages, the
    Print page's sizes, sitemaps); return what the builds noticed (a SiteParts) for `finish_data`."""
    from macros.core.pipeline.finish import SiteParts, finish_pages

    languages = read_languages(config)
    # The default language's folder is the site; every other language built into <lang>/ of its own.
    shutil.rmtree(staging)
    (work / languages.default).rename(staging)
    for lang in languages.others:
        (work / lang / lang).rename(staging / lang)
    merge_language_sitemaps(
        staging, [work / lang for lang in languages.others], int(env[environment.SOURCE_DATE_EPOCH])
    )
    if with_print:  # beside the Print page's own index.html: the PDFs and their first pages' pictures
        (staging / "print").mkdir(exist_ok=True)
        for name in print_outputs(languages.codes):
            if (work / "print" / name).exists():
                (work / "print" / name).rename(staging / "print" / name)
    parts = SiteParts()
    for lang in languages.codes:
        parts.merge(work / f"{lang}.json")
    finish_pages(staging, languages, parts, site_url_of(config), os.environ.get(environment.PRINT_DIR))
    return parts


def site_url_of(config: Path) -> str:
    """mkdocs.yml's site_url as MkDocs normalizes it (ending in "/"), or ""."""
    site_url = read_config(config).get("site_url") or ""
    return site_url if not site_url or site_url.endswith("/") else f"{site_url}/"


def finish_data(site: Path, config: Path, parts, search: bool = True, into: Path | None = None) -> bool:
    """The site-wide files made from the model and the built pages (`finish.finish_data`, into
    `into` when given), then the search index if `search`; False, having said why, if one fails."""
    # Imported here: a build whose inputs are unchanged copies its site and needs neither.
    from macros.core.pipeline.build import Build
    from macros.core.pipeline.finish import finish_data as write_data

    values = read_config(config)
    data_dir = SiteOptions.of(values.get("extra")).data_folder(config)
    try:
        with search_index.indexing(site) if search else contextlib.nullcontext():  # on the other core meanwhile
            build = Build.start(data_dir, read_languages(config), config)
            write_data(site, build, parts, site_url_of(config), values.get("nav"), into)
    except DataError as error:
        return print_data_errors(error) == OK
    except search_index.SearchIndexError as error:
        print(error, file=sys.stderr)
        return False
    return True


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
    macros/ or mkdocs.yml, in a builder process that stays (scripts/live_build.py).

    The PDFs are written once before serving (from the print cache when the data is unchanged,
    else in about half a minute) and copied into every rebuild, so the Print page's links work
    and live reload stays fast; restart to reprint after editing data/.
    """
    from macros.adapter.dev_server import serve as serve_site

    host, _, port = args.dev_addr.rpartition(":")
    with tempfile.TemporaryDirectory(prefix="gsm-serve-") as folder:
        print_dir = Path(folder) / "print"
        try:
            write_pdfs(print_dir)
        except DataError as error:
            return print_data_errors(error)
        # The pages link to where they are served; the rebuilds copy the PDFs in.
        os.environ.update({environment.SITE_URL: f"http://{host}:{port}/", environment.PRINT_DIR: str(print_dir)})
        site = Path(folder) / "site"
        env = engine_environment()
        live = LiveBuild(
            site,
            ROOT / "mkdocs.yml",
            env,
            read_languages(ROOT / "mkdocs.yml").codes,
            merge=lambda work, staging: merge_pages(work, staging, ROOT / "mkdocs.yml", env, False),
            finish=lambda site, parts, into: finish_data(site, ROOT / "mkdocs.yml", parts, search=False, into=into),
        )
        try:
            if not live():
                return FAILED
            live.wait_for_search()
            watched = [
                SiteOptions.of(read_config(ROOT / "mkdocs.yml").get("extra")).data_folder(ROOT / "mkdocs.yml"),
                ROOT / "docs",
                ROOT / "macros",
                ROOT / "mkdocs.yml",
            ]
            print(f"Serving on http://{host}:{port}/ (Ctrl+C stops)", flush=True)
            serve_site(site, live, host, int(port), watched)
        finally:
            live.stop()
    return OK
