"""The site works unchanged under a project sub-path (https://<owner>.github.io/<repo>/).

The shared site is built with SITE_URL set to the sub-path it is served at; these tests
check what a link check cannot see: absolute URLs (sitemaps, hreflang, canonical), the
exported data, and the 404 pages' links, which a host serves for any missing path.
"""

from __future__ import annotations

import json
import re
import urllib.request
from urllib.parse import urljoin

from picks import a_tool
from shared_site import SUB_PATH


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def test_the_site_is_served_under_the_sub_path(base_url):
    assert base_url.endswith(SUB_PATH)
    assert b'<html lang="zh"' in fetch(base_url)
    assert b'<html lang="en"' in fetch(base_url + "en/")


def test_sitemap_and_hreflang_urls_point_inside_the_sub_path(built_site, base_url):
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    urls = re.findall(r"<loc>([^<]+)</loc>", sitemap) + re.findall(r'hreflang="\w+" href="([^"]+)"', sitemap)
    assert len(urls) > 400
    outside = [url for url in urls if not url.startswith(base_url)]
    assert not outside, outside[:5]
    tool_page = f"en/tools/{a_tool().id}/"
    page = (built_site / tool_page / "index.html").read_text(encoding="utf-8")
    alternates = dict(re.findall(r'<link rel="alternate" href="([^"]+)" hreflang="(\w+)"', page)[:2])
    assert set(alternates.values()) == {"zh", "en"}
    for href in alternates:
        assert urljoin(base_url + tool_page, href).startswith(base_url), href
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', page).group(1)
    assert canonical == base_url + tool_page


def test_exported_data_is_served_under_the_sub_path(base_url):
    exported = json.loads(fetch(base_url + "data/stack.json"))
    assert a_tool().id in {tool["id"] for tool in exported["tools"]}
    assert json.loads(fetch(base_url + "data/stack.schema.json"))["type"] == "object"


def test_the_404_pages_link_home_inside_the_sub_path(built_site, base_url):
    for language_root, home in (("", base_url), ("en/", base_url + "en/")):
        html = (built_site / language_root / "404.html").read_text(encoding="utf-8")
        links = re.findall(r'href="([^"#]+)"', html)
        local = [link for link in links if not link.startswith(("http://", "https://")) or "127.0.0.1" in link]
        escaping = [link for link in local if link.startswith("/") and not link.startswith(SUB_PATH)]
        assert not escaping, (language_root, escaping[:5])
        assert any(urljoin(home + "missing/", link) == home for link in local), (language_root, local[:10])
