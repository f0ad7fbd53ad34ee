"""Every internal link and anchor of the built site resolves (linkchecker over HTTP).

The shared site is served under a sub-path, so a link that escapes it fails here too. The
check runs one linkchecker per language (scripts/linkcheck.py); a small site with planted
mistakes shows that splitting it loses nothing.
"""

from __future__ import annotations

import pytest

from scripts.linkcheck import check_served
from scripts.static_server import serve


@pytest.mark.longest  # started first among the tests that read the shared site
def test_linkchecker_finds_no_broken_link_or_anchor(base_url, built_site):
    done = check_served(base_url, built_site)
    assert done.returncode == 0, done.stdout[-4000:]
    # One report per language's process, each clean.
    assert len(done.summaries) == 2, done.stdout[-4000:]
    assert all("0 warnings found. 0 errors found." in summary for summary in done.summaries), done.summaries


def page(body: str) -> str:
    return f"<!doctype html><html><head><title>t</title></head><body>{body}</body></html>"


def test_the_split_check_still_finds_every_broken_anchor_and_link(tmp_path):
    site = tmp_path / "site"
    pages = {
        "index.html": page('<a href="glossary/">g</a><a href="en/">en</a><a href="en/orphan/">o</a>'),
        "glossary/index.html": page('<h2 id="sm">SM</h2><a name="hbm"></a><a href="../">home</a>'),
        # Two anchors into one page from the other language: the second must be checked too.
        "en/index.html": page('<a href="../glossary/#sm">ok</a><a href="../glossary/#no-such-term">bad</a>'),
        # Linked from the other language only; its own links are checked all the same.
        "en/orphan/index.html": page('<a href="../../glossary/#hbm">ok</a><a href="../missing/">bad</a>'),
    }
    for name, html in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(html, encoding="utf-8")
    with serve(site, prefix="/repo/") as base:
        done = check_served(base, site)
    report = " ".join(done.stdout.split())
    assert done.returncode != 0
    assert "Anchor `no-such-term' (decoded: `no-such-term') not found. Available anchors: `hbm', `sm'." in report
    assert "URL `../missing/' Name `bad' Parent URL " + base + "en/orphan/" in report
    assert "Error: 404" in report
    # Exactly those two: the good anchors into the same page pass.
    assert sorted(summary.split(" checked. ")[1] for summary in done.summaries) == [
        "0 warnings found. 0 errors found.",
        "1 warning found. 1 error found.",
    ]
