"""Finished pages kept between builds, each with what it read, so a build renders only the pages
whose inputs changed.

A page's entry holds candidates: each the digest of the page's own Markdown source, of the
site-wide inputs (code, mkdocs.yml, toolchain, the list of pages), of every key the page read
(core/settings/reads.py), and the finished HTML with what the page adds to the site-wide files.
A build takes the first candidate whose digests all hold now. Several candidates are kept, so
builds of other data in the same cache (a test's altered copy, a branch) do not push out the
main site's pages.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from .cache import Namespace
from .inputs import PAGE_PARTS, BuildKey
from .page_inputs import PageInputs

CANDIDATES = 8  # per page; the oldest goes first
# The store's entry files as parsed, by path, time and size. A cache, not a build's state: shared
# by the builds of one process, so a long-lived one (`make serve`'s builder) parses again only
# the entries written since; an entry file is never changed in place (a new one replaces it, with
# another time or size). Cleared whole past _PARSED_KEPT entries.
_PARSED: dict[tuple[str, int, int], list[dict]] = {}
_PARSED_KEPT = 20_000


@dataclass(frozen=True)
class StoredPage:
    """A finished page that may be reused: its HTML and what it added to the site-wide files."""

    html: str
    contribution: dict


class PageStore:
    """The pages namespace of the build cache, for one build."""

    def __init__(self, namespace: Namespace, site: str):
        self.namespace = namespace
        self.site = site  # the digest of the site-wide inputs

    def _candidates(self, url: str) -> list[dict]:
        path = self.namespace.entry("entry", url, suffix=".json")
        try:
            stat = path.stat()
        except FileNotFoundError:
            return []
        # A long-lived builder (`make serve`) parses again only the entries that changed.
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in _PARSED:
            if len(_PARSED) > _PARSED_KEPT:
                _PARSED.clear()
            _PARSED[key] = json.loads(path.read_bytes())
        return _PARSED[key]

    def find(self, url: str, source: str, inputs: PageInputs) -> StoredPage | None:
        """The stored page for `url` whose inputs all hold now, or None."""
        for candidate in self._candidates(url):
            if candidate["site"] != self.site or candidate["source"] != source:
                continue
            if not inputs.unchanged(candidate["reads"]):
                continue
            html = self.namespace.load("html", candidate["html"], suffix=".html")
            if html is not None:
                return StoredPage(html.decode("utf-8"), candidate["contribution"])
        return None

    def keep(self, url: str, source: str, reads: dict[str, str], html: str, contribution: dict) -> None:
        """Store a page just rendered, with the digests of what it read."""
        data = html.encode("utf-8")
        html_id = hashlib.sha256(data).hexdigest()
        self.namespace.store(data, "html", html_id, suffix=".html")
        candidate = {
            "url": url,
            "site": self.site,
            "source": source,
            "reads": reads,
            "html": html_id,
            "contribution": contribution,
        }
        others = [
            c for c in self._candidates(url) if (c["site"], c["source"], c["reads"]) != (self.site, source, reads)
        ]
        entry = [candidate, *others][:CANDIDATES]
        self.namespace.store(json.dumps(entry, ensure_ascii=False).encode("utf-8"), "entry", url, suffix=".json")


def source_digest(markdown: str) -> str:
    return hashlib.sha256(markdown.encode("utf-8")).hexdigest()[:24]


def site_digest(key: BuildKey, lang: str, site_url: str, pages: list[tuple[str, str]]) -> str:
    """What every page of a language depends on as a whole (inputs.PAGE_PARTS: the code but its
    templates and words, which pages record, mkdocs.yml, the toolchain, the engine), the site's
    address, the language and the list of pages."""
    text = json.dumps([key.of_parts(PAGE_PARTS), lang, site_url, pages])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
