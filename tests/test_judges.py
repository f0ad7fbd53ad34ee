"""What the independent judges decide that does not vary from run to run: the Nu HTML checker's
verdict on every page type in every language, and the link and hreflang properties Lighthouse's
SEO audits read (`make bench` runs Lighthouse itself, whose performance figures do vary)."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import picks
import pytest

from macros.core.settings.languages import read_languages
from scripts import judges
from scripts.common import ROOT

MATERIAL = Path(__import__("material").__file__).parent / "templates"
OVERRIDES = ROOT / "macros" / "adapter" / "overrides"
LANGUAGES = read_languages(ROOT / "mkdocs.yml")
PAGES = judges.pages(LANGUAGES, picks.model())


@pytest.fixture(scope="module")
def nu_errors(built_site) -> list[judges.NuError]:
    """The Nu checker's errors over one page of every type in every language, in one run."""
    if not shutil.which("java") or not judges.VNU_JAR.exists():
        pytest.fail("the Nu HTML checker is not installed: run `make setup-test` (Java, and the vnu-jar tarball)")
    files = [page.file(built_site) for page in PAGES]
    missing = [str(file.relative_to(built_site)) for file in files if not file.exists()]
    assert not missing, f"page types the judges read are gone (update judges.PAGE_TYPES): {missing}"
    return judges.nu_errors(files)


def test_every_page_type_is_valid_html_in_both_languages(nu_errors, built_site):
    own = [error.format(built_site) for error in nu_errors if error.theme_reason() is None]
    assert not own, f"{len(own)} Nu HTML checker errors of the site's own making:\n" + "\n".join(own[:20])


def test_every_error_excused_as_the_themes_is_still_made(nu_errors):
    # An entry the theme no longer needs must leave THEME_ERRORS, or it would excuse our own.
    reasons = {error.theme_reason() for error in nu_errors}
    stale = [known.message for known in judges.THEME_ERRORS if known.reason not in reasons]
    assert not stale, f"no page makes these excused errors any more; remove them from judges.THEME_ERRORS: {stale}"


class Links(HTMLParser):
    """A page's canonical URL, its hreflang alternates in <head>, and every <a> (inline SVG's too)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_head = False
        self.canonical: str | None = None
        self.alternates: dict[str, str] = {}
        self.anchors: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "head":
            self.in_head = True
        elif tag == "link" and self.in_head and values.get("rel") == "canonical":
            self.canonical = values.get("href")
        elif tag == "link" and self.in_head and values.get("rel") == "alternate" and values.get("hreflang"):
            self.alternates[values["hreflang"]] = values.get("href") or ""
        elif tag == "a":
            self.anchors.append(values)

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False


def read_links(file: Path) -> Links:
    links = Links()
    links.feed(file.read_text(encoding="utf-8"))
    return links


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.label)
def test_hreflang_alternates_are_full_urls_of_each_languages_page(page, built_site, base_url):
    links = read_links(page.file(built_site))
    assert sorted(links.alternates) == sorted(LANGUAGES.codes), links.alternates
    for lang, href in links.alternates.items():
        # Lighthouse's hreflang audit: a relative href ("../../tools/triton/", "/en/") is ignored.
        assert href.startswith(base_url), f"{lang}: {href!r} is not a full URL on {base_url}"
        target = built_site / urlsplit(href).path.removeprefix(urlsplit(base_url).path)
        assert (target / "index.html").exists() or target.is_file(), f"{lang}: {href} is no page of the site"
    if links.canonical:  # every page but the 404 pages names its own URL as the alternate in its language
        assert links.alternates[page.lang] == links.canonical


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.label)
def test_every_link_has_an_href_a_crawler_can_follow(page, built_site):
    # Lighthouse's crawlable-anchors audit: an <a> without href (Graphviz wraps a node's tooltip
    # in one) or with an empty or javascript: one is a link search engines cannot follow.
    anchors = read_links(page.file(built_site)).anchors
    assert anchors, "no links found: the page or the parser broke"
    bad = [a for a in anchors if not (a.get("href") or "").strip() or a["href"].startswith("javascript:")]
    assert not bad, f"{len(bad)} links without a followable href, e.g. {bad[:3]}"


# ---------------------------------------------------------------- the theme overrides behind the verdicts


def block(template: str, name: str) -> str:
    """A {% block %} of a template, its lines without their common indentation."""
    start = template.index(f"{{% block {name} %}}")
    end = template.index("{% endblock %}", start) + len("{% endblock %}")
    lines = template[template.rindex("\n", 0, start) + 1 : end].splitlines()
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines)


def test_head_override_is_materials_with_only_the_hreflang_links_made_full_urls():
    # main.html copies Material's site_meta block: when a Material upgrade changes it, this
    # fails and says to copy it again (keeping the hreflang loop's full URLs).
    theirs = block((MATERIAL / "base.html").read_text(encoding="utf-8"), "site_meta")
    ours = block((OVERRIDES / "main.html").read_text(encoding="utf-8"), "site_meta")
    their_loop = theirs[theirs.index("  {% for alt in") : theirs.index("{% endfor %}") + len("{% endfor %}")]
    our_loop = ours[ours.index("  {% set origin") : ours.index("{% endfor %}") + len("{% endfor %}")]
    assert ours.replace(our_loop, their_loop) == theirs, (
        "Material's site_meta block changed: copy it again into overrides/main.html, hreflang links as full URLs"
    )


def test_toc_override_is_materials_with_only_the_titles_for_made_conditional():
    theirs = (MATERIAL / "partials" / "toc.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    ours = (OVERRIDES / "partials" / "toc.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    label = ours[ours.index("    {#- The toggle") : ours.index("<label")]
    ours = ours.replace(label, "    ").replace('{% if page in nav.pages %} for="__toc"{% endif %}', ' for="__toc"')
    assert ours == theirs, "Material's partials/toc.html changed: copy it again into overrides/partials/toc.html"
