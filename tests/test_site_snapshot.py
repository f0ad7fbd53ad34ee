"""A build whose inputs are all unchanged copies the site it made last time: the digest of those
inputs changes with each of them, and the kept site is a copy that later edits cannot reach."""

from __future__ import annotations

from dataclasses import replace

from conftest import ROOT

from macros.core.pipeline.site_build import BuildJob
from macros.core.pipeline.snapshots import KEPT, Snapshots, inputs_digest

CONFIG = ROOT / "mkdocs.yml"
ENV = {"SOURCE_DATE_EPOCH": "1700000000"}


def test_the_digest_changes_with_the_data_the_address_the_date_and_the_pdfs(data_copy):
    first = inputs_digest(CONFIG, data_copy, True, ENV)
    assert inputs_digest(CONFIG, data_copy, True, dict(ENV)) == first
    assert inputs_digest(CONFIG, data_copy, False, ENV) != first
    assert inputs_digest(CONFIG, data_copy, True, {**ENV, "SITE_URL": "https://a.example/"}) != first
    assert inputs_digest(CONFIG, data_copy, True, {"SOURCE_DATE_EPOCH": "1700000001"}) != first
    tools = data_copy / "tools.yaml"
    tools.write_text(tools.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert inputs_digest(CONFIG, data_copy, True, ENV) != first


def test_a_build_that_copies_pdfs_made_elsewhere_or_verifies_reuse_is_never_kept(data_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("GSM_DATA_DIR", str(data_copy))
    job = BuildJob(CONFIG, tmp_path / "site", ENV, with_print=False)
    assert job.snapshot_digest() == inputs_digest(CONFIG, data_copy, False, job.engine_env())
    assert replace(job, print_dir=tmp_path / "print").snapshot_digest() is None
    assert replace(job, verify_reuse=5).snapshot_digest() is None


def test_a_kept_site_comes_back_whole_and_edits_to_the_copy_do_not_reach_it(tmp_path):
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "index.html").write_text("home", encoding="utf-8")
    (site / "en" / "index.html").write_text("home (en)", encoding="utf-8")
    snapshots = Snapshots(tmp_path / "cache")
    snapshots.keep("inputs-1", site)
    copy = tmp_path / "copy"
    assert snapshots.copy_to("inputs-1", copy)
    assert (copy / "en" / "index.html").read_text(encoding="utf-8") == "home (en)"
    (copy / "index.html").write_text("changed in place", encoding="utf-8")
    again = tmp_path / "again"
    assert snapshots.copy_to("inputs-1", again)
    assert (again / "index.html").read_text(encoding="utf-8") == "home"
    assert not snapshots.copy_to("other-inputs", tmp_path / "none")
    assert not (tmp_path / "none").exists()


def test_only_the_most_recent_sites_are_kept(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("home", encoding="utf-8")
    snapshots = Snapshots(tmp_path / "cache")
    for n in range(KEPT + 2):
        snapshots.keep(f"inputs-{n}", site)
    kept = sorted(p.name for p in (tmp_path / "cache" / "sites").iterdir())
    assert kept == sorted(f"inputs-{n}" for n in range(2, KEPT + 2))
