"""MkDocs hooks: validate data before anything is built, write page stubs, set edit links.

A data error stops the build here with the validator's own messages (no traceback).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))

from macros.model import load_cached  # noqa: E402
from macros.pages import record_of, sync_stubs  # noqa: E402
from macros.problems import DataError  # noqa: E402


def data_dir(config) -> Path:
    return Path(config["config_file_path"]).parent / config["extra"].get("data_dir", "data")


def on_pre_build(config, **kwargs):
    try:
        model = load_cached(data_dir(config))
    except DataError as error:
        lines = "\n".join(p.format() for p in error.problems)
        raise PluginError(f"data/ has {len(error.problems)} error(s):\n{lines}\nRun `make validate` for the full report.")
    sync_stubs(model, Path(config["docs_dir"]))


def on_page_context(context, page, config, nav, **kwargs):
    # Generated pages are edited in data/, not in their stub: point "edit" at the YAML line.
    found = record_of(page.file.src_uri)
    if found and config.get("repo_url"):
        section, record_id = found
        model = load_cached(data_dir(config))
        file, line = model.source_line(section, record_id)
        page.edit_url = f"{config['repo_url'].rstrip('/')}/blob/main/{file}#L{line}"
    return context
