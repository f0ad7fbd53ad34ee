"""MkDocs hook file for building one language per process (mkdocs.yml `hooks:`, before hooks.py, whose on_config reads the language it sets).

A second hook file because its handlers run on the same events as hooks.py's at other
priorities; they do nothing unless GSM_BUILD_LANGUAGE is set (see events.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

PROJECT = str(Path(__file__).resolve().parents[2])
if PROJECT not in sys.path:
    sys.path.insert(0, PROJECT)

from macros.adapter.events import on_config_one_language as on_config  # noqa: E402
from macros.adapter.events import on_post_build_one_language as on_post_build  # noqa: E402

__all__ = ["on_config", "on_post_build"]
