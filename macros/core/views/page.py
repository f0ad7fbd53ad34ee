"""Where a fragment is rendered (the page) and the links every fragment makes.

A `Page` knows the build, the language and where the page sits, so links stay relative
and the site works under any base path.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Protocol

from markupsafe import Markup

from ..data import records as r
from ..data.markup import inline_html, plain
from ..data.model import Model
from ..diagrams import registry
from ..diagrams.graphviz import Diagrams
from ..settings import addresses, embed_snippet, reads
from ..settings.languages import Languages
from ..settings.palette import layer_colours
from ..settings.ui import ui
from .render import render
from .slots import Slots


class Site(Protocol):
    """What a page is rendered from: one build's model, languages, diagrams and slots (the
    build's `Build` is one; views never import the build itself)."""

    model: Model
    reader: Model  # the model, read through a view that records what each page reads
    languages: Languages
    diagrams: Diagrams
    slots: Slots

    def memo(self, key: tuple, compute): ...

    def draw(self, diagram_id: str, lang: str, root: str) -> str | None: ...

    def edit_url(self, collection: str, record_id: str) -> str: ...

    def line_url(self, file: str, line: int) -> str: ...


def interface_word(model: Model, key: str, lang: str) -> str:
    """An interface word in `lang`: from data/interface.yaml (under the translation lock), else
    from the words still kept in settings/ui.py."""
    word = model.interface.get(key)
    return word.text.get(lang) if word else ui(key, lang)


@dataclass(frozen=True)
class Page:
    """Where a fragment is rendered: the build, the language, and the page's URL."""

    build: Site
    lang: str
    page_url: str  # relative to the language root, e.g. "tools/cublas/" or ""

    @property
    def model(self):
        return self.build.reader

    @property
    def root(self) -> str:
        """Relative path from this page to the language root ('' or '../../')."""
        return "../" * self.page_url.count("/")

    def href(self, target: str) -> str:
        """Relative link from this page to `target` (a URL under the language root)."""
        here = self.page_url if self.page_url.endswith("/") else posixpath.dirname(self.page_url)
        rel = posixpath.relpath(target or ".", here or ".")
        if target.endswith("/") and not rel.endswith("/"):
            rel += "/"
        return "./" if rel in (".", "./") else rel

    def site_file(self, path: str) -> str:
        """Relative link to a file published once for all languages (/data/…, /print/…)."""
        return self.root + "../" * self.build.languages.prefix(self.lang).count("/") + path

    def t(self, text: r.Text) -> str:
        return getattr(text, self.lang)

    def ui(self, key: str) -> str:
        return interface_word(self.model, key, self.lang)

    def t_dict(self, text: dict[str, str]) -> str:
        """A bilingual {zh: …, en: …} mapping (as the evidence files write them) in this page's language."""
        return text[self.lang]

    def dot(self, diagram_id: str) -> str:
        """The DOT text of a registered diagram (`registry.site_diagrams`), linked as from this page.

        The page depends on the text itself, not on all that drawing it read: a stack drawn on
        hundreds of pages reads every layer and tool, but an edit that leaves its DOT alone
        leaves those pages alone too."""
        reads.record(("dot", diagram_id, self.lang, self.root))
        with reads.unrecorded():
            return self.build.draw(diagram_id, self.lang, self.root)

    def show(self, template: str, /, **values) -> Markup:
        """Render a template with this page's words and the given view data."""
        return render(template, ui=self.ui, **values)


def dot_registry(model: Model) -> dict[str, registry.Diagram]:
    """Every diagram of the site by id, drawn from `model`."""
    return {d.id: d for d in registry.site_diagrams(model)}


def tool_link(page: Page, tool_id: str) -> dict:
    tool = page.model.tools[tool_id]
    return {
        "href": page.href(addresses.tool_path(tool_id)),
        "title": plain(page.t(tool.summary)),
        "text": inline_html(page.t(tool.name)),
    }


def layer_link(page: Page, layer_id: str) -> dict:
    layer = page.model.layers[layer_id]
    return {"href": page.href(addresses.layer_path(layer_id)), "text": inline_html(page.t(layer.name))}


def chain_link(page: Page, chain_id: str) -> dict:
    chain = page.model.chains[chain_id]
    return {"href": page.href(addresses.chain_path(chain_id)), "text": inline_html(page.t(chain.title))}


def swatch(page: Page, layer_id: str | None) -> dict:
    """A layer's colours, for the small swatch shown wherever a layer is named."""
    fill, _ink, border = layer_colours(list(page.model.layers), layer_id)
    return {"fill": fill, "border": border}


def docs_links(page: Page, ref_ids: list[str]) -> list[dict]:
    """Links to documentation references, by id, titled in the page's language."""
    return [reference_link(page, page.model.references[ref_id]) for ref_id in ref_ids]


def reference_link(page: Page, ref: r.Reference) -> dict:
    """A reference's link, titled in the page's language, saying who publishes it unless it is official."""
    return {
        "href": ref.url,
        "text": inline_html(page.t(ref.title)),
        "publisher": None if ref.publisher == "official" else page.ui(f"publisher_{ref.publisher}"),
    }


def embed_control(page: Page, embed_path: str, title: str, tool_id: str | None = None) -> Markup:
    """ "Embed" beside a diagram: the iframe code of its /embed/ page, to copy (here.js writes the
    address out in full from where the reader is, so the code works wherever the site is hosted),
    and the line of script that lets the iframe take its content's height."""
    src = page.href(addresses.embed_path(embed_path)) + (f"?tool={tool_id}" if tool_id else "")
    caption = f"{title} · {page.ui('embed_full')}"  # as the embed page writes it (embed_page.html)
    title = f"{title} · {page.ui('site_name')}"
    return page.show("_embed_control.html", src=src, title=title, caption=caption, resize=embed_snippet.RESIZE_SNIPPET)
