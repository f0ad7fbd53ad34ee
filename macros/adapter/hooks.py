"""MkDocs hook file (mkdocs.yml `hooks:`): hands MkDocs the events of the site's plugin
(plugin.py's StackMapPlugin, one per process; each build starts its own state on it).

MkDocs loads a hook file by its path, outside any package. Run from the project's root (`make`,
`python -m mkdocs`), the package `macros` is importable; run otherwise (a `mkdocs` command
on the PATH), its package is loaded from its own folder, by path: sys.path is left alone.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("macros") is None:
    _package = Path(__file__).resolve().parents[1]
    _spec = importlib.util.spec_from_file_location(
        "macros", _package / "__init__.py", submodule_search_locations=[str(_package)]
    )
    sys.modules["macros"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["macros"])

from macros.adapter.plugin import StackMapPlugin  # noqa: E402

PLUGIN = StackMapPlugin()
on_config = PLUGIN.on_config
on_env = PLUGIN.on_env
on_files = PLUGIN.on_files
on_pre_build = PLUGIN.on_pre_build
on_page_markdown = PLUGIN.on_page_markdown
on_page_content = PLUGIN.on_page_content
on_page_context = PLUGIN.on_page_context
on_post_page = PLUGIN.on_post_page
on_post_build = PLUGIN.on_post_build
