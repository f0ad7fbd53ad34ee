"""Shared fixtures: the real site built once per session, and scratch copies of data/."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from shared_site import Layout, SharedSite, built_once, url_of_layout, wait_for
from small_site import make_small_project, small_data

ROOT = Path(__file__).resolve().parent.parent


def run_build(
    project: Path,
    site: Path,
    cache: Path,
    data_dir: Path | None = None,
    with_print: bool = False,
    extra: list[str] = (),
    **env: str,
) -> subprocess.CompletedProcess:
    """Run the real build (`python -m scripts build`) of `project` into `site`, from `cache`,
    optionally from another data folder (and with `extra` options), at the small site's address
    unless told another."""
    import os

    if _fast_tier:
        pytest.fail("this test builds a site: mark it @pytest.mark.build (the fast tier never builds)")
    variables = {"GSM_CACHE_DIR": str(cache), "SITE_URL": SMALL_SITE_URL, "NO_MKDOCS_2_WARNING": "1"}
    if data_dir:
        variables["GSM_DATA_DIR"] = str(data_dir)
    clean = {k: v for k, v in os.environ.items() if k != "GSM_DATA_DIR"}
    command = [sys.executable, "-m", "scripts", "build", "-d", str(site), *extra]
    command += [] if with_print else ["--no-print"]
    return subprocess.run(
        command, env={**clean, **variables, **env}, capture_output=True, text=True, cwd=project, timeout=900
    )


def build_site(
    site: Path, data_dir: Path | None = None, with_print: bool = False, **env: str
) -> subprocess.CompletedProcess:
    """Build the small fixture project (tests/small_site.py) into `site`, optionally from an
    altered copy of its data (`small_data_copy`), starting from the small site's cache: it
    re-renders only the pages the altered data changes."""
    small = _small_site_ready()
    return run_build(small.project, site, small.cache, data_dir, with_print, **env)


_small_site_ready = None  # set in pytest_configure: the small site, built once per run
_fast_tier = False  # set in pytest_configure: under --fast nothing may start or wait for a build
SMALL_SITE_URL = "http://127.0.0.1:8000/gpu-stack-map/"  # where the small sites' pages say they are


@dataclass(frozen=True)
class SmallSite:
    """The small fixture project, its site built once per run, and the cache that build filled."""

    project: Path
    site: Path
    cache: Path


def small_site_ready(config) -> SmallSite:
    """The small site, made by whichever worker asks first (the others wait for it)."""
    if config.getoption("--fast"):
        pytest.fail("this test builds a site: mark it @pytest.mark.build (the fast tier never builds)")
    folder = built_once(shared_layout(config).folder.parent, "small-site", make_small_site)
    return SmallSite(folder / "project", folder / "site", folder / "cache")


def make_small_site(folder: Path) -> None:
    project = make_small_project(folder / "project")
    # With the PDFs: the serve tests start from this cache, as a second `make serve` would.
    done = run_build(project, folder / "site", folder / "cache", with_print=True)
    assert done.returncode == 0, f"the small fixture site did not build:\n{(done.stdout + done.stderr)[-3000:]}"


SHARED_SITE = pytest.StashKey[SharedSite]()
# Tests that take one of these are not in the fast tier (`--fast`): they need the built site or
# a browser. Tests that run a whole build themselves carry the `build` mark.
SITE_FIXTURES = {"served_site", "built_site", "base_url"}
SLOW_FIXTURES = SITE_FIXTURES | {"browser"}


def pytest_addoption(parser):
    parser.addoption(
        "--fast",
        action="store_true",
        help="the inner loop: model, validator, templates and views only (no site build, no browser)",
    )


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin has set up the run's temp folder
def pytest_configure(config):
    config.addinivalue_line("markers", "build: runs a whole site build of its own (left out by --fast)")
    config.addinivalue_line(
        "markers",
        "longest: one of the longest tests that read the shared site (started first, so no core idles at the end)",
    )
    config.addinivalue_line("markers", "slow: thorough but slow (many generated inputs): left out by --fast")
    global _small_site_ready, _fast_tier
    _small_site_ready = lambda: small_site_ready(config)  # noqa: E731
    _fast_tier = config.getoption("--fast")
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller builds and serves the shared site
    shared = SharedSite(config._tmp_path_factory.getbasetemp() / "shared-site")
    config.stash[SHARED_SITE] = shared
    if config.getoption("numprocesses", None) and not config.getoption("--fast"):
        shared.start()  # under xdist: build while the workers start and run the tests that need no site


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """Tell each xdist worker where the controller's shared site is."""
    node.workerinput["gsm_shared_site"] = str(node.config.stash[SHARED_SITE].layout.folder)


def pytest_unconfigure(config):
    if SHARED_SITE in config.stash:
        config.stash[SHARED_SITE].stop()


def is_slow(item) -> bool:
    """Not in the fast tier: needs the site or a browser, builds a site, or is marked slow."""
    uses_site = bool(SLOW_FIXTURES & set(getattr(item, "fixturenames", ())))
    return uses_site or any(item.get_closest_marker(name) for name in ("build", "slow"))


def pytest_collection_modifyitems(config, items):
    """--fast keeps the fast tier only. Otherwise the order keeps both cores busy: the fast tier
    first, while the shared site builds; then the tests that build a site of their own (each
    starts from the shared site's cache, so it renders only what its data changes) and the
    longest tests that read the shared site; then the rest (so no core idles at the end)."""
    if config.getoption("--fast"):
        slow = [item for item in items if is_slow(item)]
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not is_slow(item)]
        return

    def rank(item) -> int:
        if not is_slow(item):
            return 0
        if item.get_closest_marker("build") or item.get_closest_marker("longest"):
            return 1
        return 2

    items.sort(key=rank)  # stable: the file order within each rank


def shared_layout(config) -> Layout:
    """The shared site's folders: the controller's own, or as the controller told this xdist worker."""
    if hasattr(config, "workerinput"):
        return Layout(Path(config.workerinput["gsm_shared_site"]))
    return config.stash[SHARED_SITE].layout


def shared_site_ready(config) -> tuple[Layout, str]:
    """The shared site's folders and URL once its build has finished (started here if need be)."""
    if config.getoption("--fast"):
        pytest.fail("this test needs the shared site: the fast tier never builds one (mark it, or use a site fixture)")
    if not hasattr(config, "workerinput"):
        config.stash[SHARED_SITE].start()  # idempotent
    layout = shared_layout(config)
    found = wait_for(layout)
    if isinstance(found, str):
        pytest.fail(found)
    return layout, found[1]


@pytest.fixture(scope="session")
def shared_site_layout(request) -> Layout:
    """Where this run's shared site, its cache and its count of `dot` runs are (its build started)."""
    if request.config.getoption("--fast"):
        pytest.fail("this test needs the shared site: the fast tier never builds one (mark it, or use a site fixture)")
    if not hasattr(request.config, "workerinput"):
        request.config.stash[SHARED_SITE].start()  # without xdist: on first use; idempotent
    return shared_layout(request.config)


@pytest.fixture(scope="session")
def run_folder(request) -> Path:
    """One folder for the whole test run, the same in every xdist worker (the controller's temp dir)."""
    return shared_layout(request.config).folder.parent


@pytest.fixture(scope="session")
def shared_site_url(shared_site_layout) -> str:
    """The shared site's base URL, known before its build ends (a second build can target it)."""
    return url_of_layout(shared_site_layout)


@pytest.fixture(scope="session")
def served_site(shared_site_layout):
    """The real site, built once per run with the real MkDocs, Graphviz and data for the URL it is
    served at (127.0.0.1, under SUB_PATH); returns (site folder, base URL)."""
    found = wait_for(shared_site_layout)
    if isinstance(found, str):
        pytest.fail(found)
    return found


@pytest.fixture(scope="session")
def built_site(served_site) -> Path:
    """The shared built site's folder."""
    return served_site[0]


@pytest.fixture(scope="session")
def base_url(served_site) -> str:
    """The shared site's base URL, e.g. http://127.0.0.1:PORT/gpu-stack-map/."""
    return served_site[1]


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for the browser tests of one module."""
    from playwright.sync_api import sync_playwright

    from scripts.chromium import launch

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A scratch copy of data/ to break in one test."""
    target = tmp_path / "data"
    shutil.copytree(ROOT / "data", target)
    return target


@pytest.fixture(scope="session")
def small_site(request) -> SmallSite:
    """The small fixture project and its site, built once per run (tests/small_site.py)."""
    return small_site_ready(request.config)


@pytest.fixture
def small_data_copy(tmp_path) -> Path:
    """A scratch copy of the small fixture data set, to break, validate, or build with `build_site`."""
    target = tmp_path / "data"
    shutil.copytree(small_data(), target)
    return target


def run_validate(data_dir: Path) -> subprocess.CompletedProcess:
    """Run the validator as a contributor would, on another data folder."""
    return subprocess.run(
        [sys.executable, "-m", "scripts", "validate", "--data", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def article_text(page_html: str) -> str:
    """The text of a built page's article as a reader reads it, whitespace collapsed ("" if none)."""
    from page_text import article_soup, collapsed

    article = article_soup(page_html)
    return collapsed(article) if article else ""


def replace_in(path: Path, old: str, new: str, count: int = 1) -> None:
    """Apply a small fixture edit to a data copy; fail loudly if the real data changed under it."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}: the fixture no longer matches the real data"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """1-based line number of the first line containing `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


@pytest.fixture
def sample():
    """Read one saved sample of real tool output (tests/capture/samples/) by file name."""
    return lambda name: (ROOT / "tests" / "capture" / "samples" / name).read_text(encoding="utf-8")
