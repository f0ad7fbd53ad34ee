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


# Where a line may break, best first: after a separating " / " (never before it); at another space;
# after Chinese punctuation; where Chinese meets Latin, before a bracket, or beside a one-character
# function word (和, 的 …); last, between two Chinese characters, an even number of them into a run
# (most Chinese words are two characters) before an odd one.
_SLASH, _SPACE, _PUNCT, _WORD, _PAIR, _CHAR = 5, 4, 3, 2, 1, 0
_ATOM = re.compile(r"\s+|[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]+")
_OPENING = set("（「『《〈【〔([{“‘")
_CLOSING = set("）」』》〉】〕)]}”’、，。；：！？．·…的")
_PUNCT_AFTER = set("）」』》〉】〕、，。；：！？")
_BREAK_AFTER = set("的个为在和与及或并把被将从对到也都就了")
_BREAK_BEFORE = set("和与及或并")


def _is_cjk(atom: str) -> bool:
    return len(atom) == 1 and display_width(atom) == 2


def _break_before(atoms: list[str], index: int) -> int | None:
    """How good a break before atoms[index] is (None where the line may not break there)."""
    left, right = atoms[index - 1], atoms[index]
    after = atoms[index + 1] if index + 1 < len(atoms) else ""
    if right.startswith("/") or (right.isspace() and after.startswith("/")):
        return None  # a separating slash ends its line, never starts one
    if (left.isspace() and index >= 2 and atoms[index - 2] == "/") or (left.endswith("/") and _is_cjk(right)):
        return _SLASH
    if left.isspace() or right.isspace():
        return _SPACE
    if right[0] in _CLOSING or left[-1] in _OPENING:
        return None  # never a closing mark at a line's start, or an opening one at its end
    if left[-1] in _PUNCT_AFTER:
        return _PUNCT
    if _is_cjk(left) != _is_cjk(right) or right[0] in _OPENING:
        return _WORD
    if _is_cjk(left) and (left in _BREAK_AFTER or right in _BREAK_BEFORE):
        return _WORD
    if _is_cjk(left):
        run = 1
        while index - run - 1 >= 0 and HAN.match(atoms[index - run - 1]):
            run += 1
        return _PAIR if run % 2 == 0 else _CHAR
    return None


def wrap(text: str, width: int) -> list[str]:
    """Wrap so no line is wider than `width` columns, breaking between words: at spaces (so at
    " / "), after Chinese punctuation, where Chinese meets Latin; inside a run of Chinese only
    where no better break fills half the line (a third, after a slash): a word is never split to
    save a line."""
    atoms = _ATOM.findall(text)
    lines: list[str] = []
    start = 0
    while start < len(atoms):
        while start < len(atoms) and atoms[start].isspace():
            start += 1
        if start == len(atoms):
            break
        used, end, breaks = 0, start, []  # breaks: (quality, index of the atom after it, width before it)
        while end < len(atoms):
            if end > start:
                quality = _break_before(atoms, end)
                if quality is not None:
                    breaks.append((quality, end, used))
            if used + display_width(atoms[end]) > width and breaks:
                break
            used += display_width(atoms[end])
            end += 1
        if end < len(atoms):
            filled = [b for b in breaks if b[2] >= width / (3 if b[0] == _SLASH else 2)] or breaks
            best = max(b[0] for b in filled)
            end = max(b[1] for b in filled if b[0] == best)
        lines.append("".join(atoms[start:end]).strip())
        start = end
    return lines or [""]
