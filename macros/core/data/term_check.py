"""The term list enforced: English or Chinese that uses a wording data/terms.yaml does not
prefer, English that mixes two renderings of one Chinese term in one record, or spells the British way.

A variant the field's Chinese text also writes verbatim is the seed's own word (the seed
writes some English names inside its Chinese, e.g. "CUDA Driver", "fused op"): it is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from breame.spelling import british_spelling_exists, get_american_spelling

from . import records as r
from .problems import Problem
from .translations import Field

# Technical terms as their projects write them, though a spelling list calls them British:
# CUTLASS, cuBLAS and cuDNN all write "epilogue".
KEPT_SPELLINGS = frozenset({"epilogue", "epilogues"})
# The term list itself names the variants it warns about; references hold official titles.
EXEMPT_FILES = ("terms", "references")
WORD = re.compile(r"[A-Za-z]+")


@cache
def _phrase(text: str) -> re.Pattern:
    # Whole words; a capitalized variant (CUDA Driver) is a name and matches only as written.
    flags = 0 if any(c.isupper() for c in text) else re.IGNORECASE
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", flags)


@cache
def _ascii_phrase(text: str) -> re.Pattern:
    # In Chinese a Latin word sits between Han characters, which \w would count as word characters.
    return re.compile(rf"(?<![A-Za-z0-9_/-]){re.escape(text)}(?![A-Za-z0-9_/-])")


def _without(text: str, phrases: Iterable[str]) -> str:
    for phrase in phrases:
        text = _phrase(phrase).sub(" ", text)
    return text


def term_warnings(terms: list[r.Translation], fields: Iterable[Field]) -> list[Problem]:
    """Warnings for every English text that breaks the term list or American spelling."""
    keep = [phrase for term in terms for phrase in term.keep]
    warnings: list[Problem] = []
    by_record: dict[tuple, list[Field]] = {}
    for field in fields:
        stem = field.path[0]
        if stem in EXEMPT_FILES:
            continue
        english = _without(field.texts[r.ENGLISH], keep)
        where = field.path + (r.ENGLISH,)
        for term in terms:
            for preferred in term.prefer:
                # The seed's own word: the Chinese writes one of these variants itself.
                if any(_phrase(variant).search(field.texts[r.CHINESE]) for variant in preferred.instead_of):
                    continue
                for variant in preferred.instead_of:
                    if _phrase(variant).search(english):
                        warnings.append(
                            field.source.problem(
                                where,
                                f'"{variant}" is not the term list\'s wording: write "{preferred.write}" '
                                f"(data/terms.yaml, {term.zh} → {term.en}"
                                + (f": {term.note}" if term.note else "")
                                + ").",
                                "warning",
                            )
                        )
        chinese = field.texts[r.CHINESE]
        for phrase in keep:
            chinese = chinese.replace(phrase, " ")
        for term in terms:
            for preferred in term.prefer_zh:
                for variant in preferred.instead_of:
                    if _ascii_phrase(variant).search(chinese):
                        warnings.append(
                            field.source.problem(
                                field.path + (r.CHINESE,),
                                f"“{variant}” is not the term list's Chinese wording: write “{preferred.write}” "
                                f"(data/terms.yaml, {term.zh} → {term.en}).",
                                "warning",
                            )
                        )
        for word in sorted(set(WORD.findall(english))):
            lower = word.lower()
            if lower not in KEPT_SPELLINGS and british_spelling_exists(lower):
                american = get_american_spelling(lower)
                warnings.append(
                    field.source.problem(
                        where,
                        f'"{word}" is British spelling: write "{american}" (the site uses American English).',
                        "warning",
                    )
                )
        if len(field.path) > 2 and field.path[2] != "name":
            by_record.setdefault(field.path[:2], []).append(field)
    for term in terms:
        if term.one_of:
            warnings += _mixed(term, by_record, keep)
    return warnings


def _mixed(term: r.Translation, by_record: dict[tuple, list[Field]], keep: list[str]) -> list[Problem]:
    """One record whose Chinese says `term.zh` should render it one way in English."""
    found = []
    for fields in by_record.values():
        used: dict[str, Field] = {}
        for field in fields:
            if term.zh not in field.texts[r.CHINESE]:
                continue
            english = _without(field.texts[r.ENGLISH], keep)
            for variant in term.one_of:
                if _phrase(variant).search(english):
                    used.setdefault(variant, field)
        if len(used) > 1:
            first, *others = used
            field = used[others[0]]
            found.append(
                field.source.problem(
                    field.path + (r.ENGLISH,),
                    f'this record renders {term.zh} both as "{first}" and as "{others[0]}": pick one '
                    f"(data/terms.yaml: {term.note or term.en}).",
                    "warning",
                )
            )
    return found
