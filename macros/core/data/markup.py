"""Text helpers shared by the HTML and DOT renderers: the one place data text becomes markup,
plus plain-text, width and wrapping helpers."""

from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup, escape

from .records import CHINESE

CODE_SPAN = re.compile(r"`([^`]+)`")
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")  # Chinese characters (CJK ideographs)


def inline_html(text: str) -> Markup:
    """Data text as safe HTML: everything escaped, `backticks` turned into <code>.

    Inline code is the only markup data may carry; this is the one place it is converted
    and marked safe, so templates can print the result as it is.
    """
    parts = CODE_SPAN.split(str(text))
    return Markup("".join(f"<code>{escape(p)}</code>" if i % 2 else str(escape(p)) for i, p in enumerate(parts)))


HAN_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff][\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]*")


def mark_chinese(html: Markup) -> Markup:
    """Safe HTML with each run of Chinese characters marked `lang="zh"` (for text in another language).

    Screen readers pick pronunciation rules from `lang`; Chinese characters only ever appear in
    text, never in the tags `inline_html` writes, so wrapping the runs cannot break the markup.
    """
    return Markup(HAN_RUN.sub(lambda m: f'<span lang="{CHINESE}">{m.group(0)}</span>', str(html)))


def plain(text: str) -> str:
    """Text without the backticks, for tooltips, titles and diagrams."""
    return CODE_SPAN.sub(r"\1", text)


def display_width(text: str) -> int:
    """Columns the text takes: CJK characters count double."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """Wrap at spaces, or between CJK characters, so no line is wider than `width` columns."""
    lines: list[str] = []
    current = ""
    for token in re.findall(r"[\u3000-\u9fff\uff00-\uffef]|\S+\s*|\s+", text):
        if current and display_width(current + token.rstrip()) > width:
            lines.append(current.rstrip())
            current = token.lstrip()
        else:
            current += token
    if current.strip():
        lines.append(current.rstrip())
    return lines or [""]
