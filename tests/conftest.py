"""Shared fixtures: the real site built once per session, and scratch copies of data/."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build_site(
    site: Path, data_dir: Path | None = None, with_print: bool = False, **env: str
) -> subprocess.CompletedProcess:
    """Run the real build (`python -m scripts build`) into `site`, optionally from another data folder."""
    import os

    extra = {"GSM_DATA_DIR": str(data_dir)} if data_dir else {}
    command = [sys.executable, "-m", "scripts", "build", "-d", str(site)] + ([] if with_print else ["--no-print"])
    return subprocess.run(command, env={**os.environ, **extra, **env}, capture_output=True, text=True, cwd=ROOT)


# Forks publish on GitHub project pages, under /<repo>/: the shared site is built and served
# that way, so every test that reads or browses it also proves the site works under a sub-path.
SUB_PATH = "/gpu-stack-map/"


@pytest.fixture(scope="session")
def served_site(tmp_path_factory):
    """The real site, built once with the real MkDocs, Graphviz and data for the URL it is
    served at (127.0.0.1, under SUB_PATH); yields (site folder, base URL)."""
    from scripts.static_server import bind, running, url_of

    site = tmp_path_factory.mktemp("build") / "site"
    server = bind(site, prefix=SUB_PATH)
    done = build_site(site, with_print=True, SITE_URL=url_of(server))
    if done.returncode != 0:
        server.server_close()
        pytest.fail(f"the site did not build:\n{done.stderr[-3000:]}")
    with running(server) as url:
        yield site, url


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
    from bs4 import BeautifulSoup

    article = BeautifulSoup(page_html, "html.parser").select_one("article")
    return " ".join(article.get_text(" ").split()) if article else ""


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
