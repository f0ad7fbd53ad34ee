"""Every internal link and anchor of the built site resolves (linkchecker over HTTP).

The shared site is served under a sub-path, so a link that escapes it fails here too.
"""

from __future__ import annotations

from scripts.linkcheck import check_served


def test_linkchecker_finds_no_broken_link_or_anchor(base_url):
    done = check_served(base_url)
    summary = [line for line in done.stdout.splitlines() if "links in" in line]
    assert done.returncode == 0, done.stdout[-4000:]
    assert summary and "0 warnings found. 0 errors found." in summary[0]
