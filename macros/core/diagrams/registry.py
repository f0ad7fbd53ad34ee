"""The one list of the diagrams the site draws (`site_diagrams`): each diagram's id, the pages
that draw it and how to draw it. The views, the build's up-front render, `make diff-diagrams`
and `make bench` all take their diagrams from here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from ..settings import addresses
from .dot_text import chain_dot, group_dot, measured_kernels_dot, stack_dot, stack_narrow_dot


@dataclass(frozen=True)
class Diagram:
    """One diagram the site draws: its id (the drawn SVG's element ids start with it), the pages
    that draw it, and how to draw it in a language with links relative to a page."""

    id: str
    pages: tuple[str, ...]  # URLs under the language root; `*` stands for any id, as in "tools/*/"
    draw: Callable[[str, str], str]  # (language, link prefix) → DOT text

    def link_prefixes(self) -> list[str]:
        """How its pages link back to the language root ('', '../', '../../' …): its links differ by that alone."""
        return sorted({"../" * page.count("/") for page in self.pages})


def diagram_id(kind: str, key: object = None, narrow: bool = False) -> str:
    """A registered diagram's id: `stack`, `chain-<id>`, `group-<group>`, `route-<id>`, `kernels-<size>`,
    with `-narrow` for the one-column layout. The registry and the views both name diagrams by it."""
    return "-".join(str(part) for part in (kind, key, "narrow" if narrow else None) if part is not None)


def site_diagrams(model) -> list[Diagram]:
    """Every diagram of the site, registered once: the views draw each from here, the build renders
    them all up front, `make diff-diagrams` compares them between two revisions and `make bench`
    times them."""
    from ..data.routes import route_chain, routes_from, same_in_every_language, starting_points

    stack_pages = ("", addresses.any_record("tools"), addresses.any_record("layers"), addresses.embed_path("stack"))
    found = [
        Diagram(diagram_id("stack"), stack_pages, partial(stack_dot, model)),
        Diagram(diagram_id("stack", narrow=True), stack_pages, partial(stack_narrow_dot, model)),
    ]
    for chain in model.chains.values():
        # Besides its own page and embed page, a tool's deep dive may draw any chain (docs/deep-dives/).
        chain_page = addresses.chain_path(chain.id)
        pages = (chain_page, addresses.embed_path(chain_page), addresses.any_record("tools"))
        found.append(Diagram(diagram_id("chain", chain.id), pages, partial(chain_dot, model, chain)))
        found.append(
            Diagram(diagram_id("chain", chain.id, narrow=True), pages, partial(chain_dot, model, chain, narrow=True))
        )
    for group in chain_groups(model):
        chains = model.chains_in_group(group)
        found.append(Diagram(diagram_id("group", group), ("compare/",), partial(group_dot, model, chains)))
        found.append(
            Diagram(
                diagram_id("group", group, narrow=True), ("compare/",), partial(group_dot, model, chains, narrow=True)
            )
        )
    for start in starting_points(model):
        for route in routes_from(model, start):
            # The path finder draws each route in the narrow layout; the title is not part of the DOT text.
            chain = route_chain(route, same_in_every_language("-"))
            draw = partial(chain_dot, model, chain, narrow=True)
            found.append(Diagram(diagram_id("route", route.id), (addresses.start_path(start),), draw))
    if model.evidence and model.evidence.gelu:
        for size in model.evidence.gelu.operation["sizes"]:
            for narrow in (False, True):
                draw = partial(measured_kernels_dot, model, size=size, narrow=narrow)
                found.append(Diagram(diagram_id("kernels", size, narrow=narrow), ("measured/",), draw))
    return found


def every_dot(
    diagrams: Iterable[Diagram], languages: tuple[str, ...], draw: Callable[[Diagram, str, str], str] | None = None
) -> list[str]:
    """DOT text of every diagram in `languages`, as each page that draws it links it, so they can be
    rendered up front in parallel. `draw(diagram, language, link prefix)` draws one (a build's draws
    each once); by default each diagram draws itself."""
    draw = draw or (lambda diagram, lang, prefix: diagram.draw(lang, prefix))
    diagrams = list(diagrams)
    return [
        draw(diagram, lang, prefix) for lang in languages for diagram in diagrams for prefix in diagram.link_prefixes()
    ]


def chain_groups(model) -> list[str]:
    """The comparison groups the chains form (e.g. `gemm-bias-gelu`), sorted."""
    return sorted({c.group for c in model.chains.values() if c.group})


def named_diagrams(model, languages: tuple[str, ...]) -> dict[str, str]:
    """Every diagram of the site by a stable name ('stack-zh', 'chain-jax-jit-en' …) → DOT text.

    Links are drawn as from the language root, so the text depends on the data alone;
    used to compare diagrams between two revisions.
    """
    return {f"{diagram.id}-{lang}": diagram.draw(lang, "") for lang in languages for diagram in site_diagrams(model)}
