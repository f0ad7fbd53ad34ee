"""The build's one disk cache: every namespace under the build's cache folder, keyed by what its
entries depend on, so a changed mkdocs.yml never leaves stale pages in a warm build. (That each
page is reused only while what it read holds is tests/test_incremental.py's.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace

import pytest
from conftest import ROOT, SMALL_SITE_URL, replace_in
from picks import a_layer, a_tool, first_with
from picks import model as load_model
from small_site import small_model

from macros.core.diagrams.graphviz import Diagrams
from macros.core.outputs.llms_files import cached_markdown
from macros.core.outputs.llms_text import SitePage
from macros.core.pipeline.build import Build
from macros.core.pipeline.cache import BuildKey, DiskCache
from macros.core.pipeline.page_inputs import PageInputs
from macros.core.pipeline.page_store import PageStore, site_digest
from macros.core.settings.environment import CACHE_DIR as ROOT_VARIABLE
from macros.core.settings.languages import read_config, read_languages

LANGUAGES = read_languages(ROOT / "mkdocs.yml")
REPOSITORY = read_config(ROOT / "mkdocs.yml")["extra"]["repository"]
A_DIAGRAM = 'digraph { a -> b [href="../b/"] }'


def files_under(folder) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def test_a_build_keeps_every_namespace_under_its_cache_folder_and_nothing_in_the_default_one(tmp_path, monkeypatch):
    default, given = tmp_path / "default", tmp_path / "given"
    monkeypatch.setenv(ROOT_VARIABLE, str(default))
    build = Build.start(ROOT / "data", LANGUAGES, ROOT / "mkdocs.yml", cache_root=given)
    build.diagrams.render(A_DIAGRAM)
    PageStore(build.cache.namespace("pages"), "a site").keep("en/tools/triton/", "source", {}, "<p>Triton</p>", {})
    page = SitePage("en", "en/tools/triton/", "Triton", "<article><h1>Triton</h1><p>A kernel DSL.</p></article>")
    assert cached_markdown(build.cache.namespace("llms"))(page, "https://example.org/en/tools/triton/").startswith(
        "# Triton"
    )
    assert files_under(default) == []
    assert sorted(p.name for p in given.iterdir()) == ["diagrams", "llms", "pages"]


@pytest.mark.build
def test_the_pdfs_are_kept_under_the_cache_folder_they_are_written_with(tmp_path, small_site):
    # `make print` in a copy of the small project, with a cache folder of its own.
    project, given = tmp_path / "project", tmp_path / "given"
    shutil.copytree(small_site.project, project)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("GSM_")}, ROOT_VARIABLE: str(given)}

    def write_pdfs(folder: str) -> dict[str, bytes]:
        command = [sys.executable, "-m", "scripts", "print", str(tmp_path / folder)]
        done = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
        return {p.name: p.read_bytes() for p in (tmp_path / folder).glob("*.pdf")}

    first = write_pdfs("first")
    assert first and not (project / ".cache").exists()  # nothing in the default folder
    kept = files_under(given / "print")
    assert len(kept) >= len(first)
    # A second writer with the same inputs takes them from the cache, byte for byte.
    assert write_pdfs("second") == first and files_under(given / "print") == kept


def test_a_changed_mkdocs_yml_misses_the_stored_pages_but_keeps_the_diagrams(tmp_path):
    key = BuildKey.of(ROOT / "data", ROOT / "mkdocs.yml")
    other = replace(key, config=f"{key.config}-edited")
    before, after = DiskCache(tmp_path, key), DiskCache(tmp_path, other)
    inputs = PageInputs(load_model(), lambda *diagram: None)
    url, pages = "en/tools/triton/", [("index.en.md", "en/index.html")]
    stored = PageStore(before.namespace("pages"), site_digest(key, "en", "", pages))
    stored.keep(url, "source", {}, "<p>edit on the old repository</p>", {})
    assert stored.find(url, "source", inputs).html == "<p>edit on the old repository</p>"
    assert PageStore(after.namespace("pages"), site_digest(other, "en", "", pages)).find(url, "source", inputs) is None
    # What dot draws depends on the DOT text and the toolchain only.
    Diagrams(before.namespace("diagrams")).render(A_DIAGRAM)
    assert Diagrams(after.namespace("diagrams")).cache.entry(A_DIAGRAM, "svg", suffix=".svg").exists()


@pytest.mark.longest
@pytest.mark.build
def test_a_warm_build_with_another_repository_in_mkdocs_yml_links_every_edit_to_it(tmp_path, small_site):
    # The small site's cache is warm for this very code and data: only mkdocs.yml differs.
    checkout = tmp_path / "checkout"
    shutil.copytree(small_site.project, checkout)
    fork = "https://github.com/a-fork/gpu-stack-map"
    replace_in(checkout / "mkdocs.yml", f"repository: {REPOSITORY}\n", f"repository: {fork}\n")
    counter = tmp_path / "dot-runs.txt"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("GSM_")},
        ROOT_VARIABLE: str(small_site.cache),
        "GSM_DOT_COUNTER": str(counter),
        "SITE_URL": SMALL_SITE_URL,
    }
    site = tmp_path / "site"
    command = [sys.executable, "-m", "scripts", "build", "--no-print", "-d", str(site)]
    done = subprocess.run(command, env=env, cwd=checkout, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert not counter.exists()  # the cache was warm: not one diagram drawn again
    small = small_model()
    tool, layer, chain = (
        a_tool(small).id,
        a_layer(small).id,
        first_with(small.chains.values(), lambda c: not c.group, "chain").id,
    )
    for page in (f"tools/{tool}", f"en/tools/{tool}", f"layers/{layer}", f"en/chains/{chain}"):
        html = (site / page / "index.html").read_text(encoding="utf-8")
        assert f'class="gsm-edit" data-pagefind-ignore><a href="{fork}/blob/main/data/' in html, page
        assert REPOSITORY not in html, page
