"""A linkchecker content plugin that lets AnchorCheck read each page's anchors once.

linkchecker checks `page#a` and `page#b` as two URLs, and its AnchorCheck parses the whole
page again for each (the glossary, linked by hundreds of term anchors, was parsed hundreds
of times: most of the link check's time). This plugin runs just before AnchorCheck (plugins
from a plugin folder load before linkchecker's own) and hands every later #anchor URL of a
page a small document holding only that page's anchors, found by AnchorCheck's own parser;
AnchorCheck then checks the anchor against it as usual, with its own messages. Were the
order ever different, AnchorCheck would simply parse the page itself: slower, never wrong.
One thread per linkchecker process, so the memo needs no lock.
"""

from html import escape

from linkcheck.htmlutil import htmlsoup, linkparse
from linkcheck.plugins import _ContentPlugin
from linkcheck.plugins.anchorcheck import UrlAnchorCheck

__all__ = ["SharedPageAnchors"]


class SharedPageAnchors(_ContentPlugin):
    """Gives every #anchor URL of a page the anchors parsed from its first one."""

    def __init__(self, config):
        super().__init__(config)
        self.anchors_by_page = {}

    def applies_to(self, url_data):
        # A page's own address too, when linkchecker follows it: it parses that page for its
        # links anyway (and keeps the parse), so its anchors come for free.
        return url_data.is_html() and (url_data.anchor or not url_data.extern[0])

    def check(self, url_data):
        page = url_data.url.split("#", 1)[0]
        known = self.anchors_by_page.get(page)
        if known is None:
            found = UrlAnchorCheck()
            linkparse.find_links(url_data.get_soup(), found.add_anchor, linkparse.AnchorTags)
            # Every anchor as <a name=…>, which AnchorCheck reads exactly as it read the page.
            names = sorted({anchor[0] for anchor in found.anchors})
            self.anchors_by_page[page] = "".join(f'<a name="{escape(name)}"></a>' for name in names)
        elif url_data.anchor:
            url_data.soup = htmlsoup.make_soup(known)
