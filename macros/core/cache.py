"""Where build caches live: .cache/ beside the project (git-ignored), or $GSM_CACHE_DIR.

Everything in it is derived and safe to delete; deleting it makes the next build cold.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ROOT = Path(os.environ.get("GSM_CACHE_DIR", Path(__file__).resolve().parent.parent / ".cache"))
