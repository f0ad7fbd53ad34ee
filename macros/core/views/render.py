"""The Jinja environment that turns view data into markup (templates in macros/templates/).

Autoescape is on for every template: data text is escaped unless it was made safe by
`markup.inline_html`. HTML templates are written one tag per line for reading; the line
breaks and indentation between tags are dropped on output, so a fragment stays one raw
HTML block inside the Markdown page around it; a line break inside a tag or in text becomes
one space (a tag's attributes written one per line stay apart).
"""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..data.markup import inline_html, plain
from ..settings import reads

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
_BETWEEN_TAGS = re.compile(r"(?<=>)\n[ \t]*|\n[ \t]*(?=<)")
_LINE_BREAK = re.compile(r"\n[ \t]*")
# Markdown punctuation written as numeric character references, so a heading shows it as text.
_HEADING_SAFE = {ch: f"&#{ord(ch)};" for ch in "\\`*_{}[]#+!|"}


def md_heading(text: str) -> Markup:
    """Text safe for a Markdown heading: HTML escaped, Markdown punctuation neutralised."""
    # One character at a time: replacing after escaping would break the entities escaping made
    # (the # of &#39; for an apostrophe).
    return Markup("".join(_HEADING_SAFE.get(ch) or Markup.escape(ch) for ch in plain(text)))


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters["inline"] = inline_html
    env.filters["md_heading"] = md_heading
    return env


# Templates are code, not build state: one environment serves every build (it reloads
# a template whose file changed, so `mkdocs serve` picks up template edits).
ENVIRONMENT = _environment()


def render(template: str, /, **values) -> Markup:
    """Render templates/<template> with `values`; HTML templates come out as one line, except
    `*.raw.html` ones, which hold preformatted text (compiler output) whose lines must stay."""
    reads.record(("template", template))  # with the templates it includes (page_inputs.py)
    text = ENVIRONMENT.get_template(template).render(**values)
    compact = template.endswith(".html") and not template.endswith(".raw.html")
    return Markup(_LINE_BREAK.sub(" ", _BETWEEN_TAGS.sub("", text)) if compact else text)
