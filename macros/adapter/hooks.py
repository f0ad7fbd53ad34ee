"""MkDocs hook file (mkdocs.yml `hooks:`): forwards the build events to the adapter package.

MkDocs loads a hook file by path, as a module outside any package; this makes the project
importable and re-exports the event handlers of macros.adapter.events.
"""

from __future__ import annotations

import sys
from pathlib import Path

PROJECT = str(Path(__file__).resolve().parents[2])
if PROJECT not in sys.path:
    sys.path.insert(0, PROJECT)

from macros.adapter.events import (  # noqa: E402
    on_config,
    on_env,
    on_files,
    on_page_content,
    on_page_context,
    on_page_markdown,
    on_post_build,
    on_post_page,
    on_pre_build,
)

__all__ = [
    "on_config",
    "on_env",
    "on_files",
    "on_pre_build",
    "on_page_markdown",
    "on_page_content",
    "on_page_context",
    "on_post_page",
    "on_post_build",
]
