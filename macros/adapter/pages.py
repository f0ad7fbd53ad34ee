"""Per-record pages (tools, layers, chains) as small generated Markdown stubs.

Each stub only calls a macro; the stubs are git-ignored and rewritten only when their
text changes, so `mkdocs serve` does not loop on its own output.
"""

from __future__ import annotations

import json
from pathlib import Path

from .model import Model
from .textutil import HAN

LANGUAGES = ("zh", "en")
SECTIONS = {"tools": "tool_page", "layers": "layer_page", "chains": "chain_page"}
SEARCH_BOOST = {"tools": 4, "layers": 2, "chains": 1.5}


def stub_text(section: str, record_id: str, search_words: list[str] = ()) -> str:
    """The Markdown of one stub: front matter (search boost, words to find it by) and one macro call."""
    # Search indexes `tags` with a very high boost: a tool's names and aliases make its
    # page the first hit for "TRT" or "OpenXLA". JSON strings are valid YAML scalars.
    tags = (
        f"tags: [{', '.join(json.dumps(word, ensure_ascii=False) for word in search_words)}]\n" if search_words else ""
    )
    return (
        f'---\n{tags}search:\n  boost: {SEARCH_BOOST[section]}\n---\n\n{{{{ {SECTIONS[section]}("{record_id}") }}}}\n'
    )


def search_words(tool, lang: str) -> list[str]:
    """A tool's names and aliases, for its page in `lang` (Chinese aliases only on Chinese pages)."""
    words = [tool.name.get(lang), *tool.aliases] + ([tool.name.zh] if lang == "zh" else [tool.name.en])
    keep = [w for w in dict.fromkeys(words) if lang == "zh" or not HAN.search(w)]
    return keep


def wanted_stubs(model: Model) -> dict[Path, str]:
    """Relative path → text of every stub the model calls for."""
    wanted: dict[Path, str] = {}
    for section, records in (("tools", model.tools), ("layers", model.layers), ("chains", model.chains)):
        for record_id, record in records.items():
            for lang in LANGUAGES:
                words = search_words(record, lang) if section == "tools" else []
                wanted[Path(section) / f"{record_id}.{lang}.md"] = stub_text(section, record_id, words)
    return wanted


def sync_stubs(model: Model, docs_dir: Path) -> int:
    """Write missing or changed stubs, delete stale ones; return how many files changed."""
    wanted = wanted_stubs(model)
    changed = 0
    for relative, text in wanted.items():
        path = docs_dir / relative
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            changed += 1
    for section in SECTIONS:
        for path in sorted((docs_dir / section).glob("*.md")):
            if path.name.startswith("index."):
                continue
            if path.relative_to(docs_dir) not in wanted:
                path.unlink()
                changed += 1
    return changed


def record_of(src_uri: str) -> tuple[str, str] | None:
    """('tools', 'cublas') for 'tools/cublas.en.md'; None for hand-written pages."""
    parts = src_uri.split("/")
    if len(parts) != 2 or parts[0] not in SECTIONS or parts[1].startswith("index."):
        return None
    return parts[0], parts[1].split(".")[0]
