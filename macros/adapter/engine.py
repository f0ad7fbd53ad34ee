"""Which MkDocs 1.x engine builds the site: MkDocs itself, or ProperDocs, its drop-in fork, where
MkDocs is not installed (`make engine-check` builds with it).

ProperDocs installs a `properdocs` package only and makes `mkdocs.*` imports load `properdocs.*`
once its `replacement` module is imported: its command line does so, and this module does for
every other process (the adapter's package imports it first, before any `mkdocs` import).
"""

from __future__ import annotations

from importlib import metadata

try:
    VERSION = metadata.version("mkdocs")
    NAME = "mkdocs"  # the command line is `python -m mkdocs`
except metadata.PackageNotFoundError:
    import properdocs.replacement  # noqa: F401  (from here on, `import mkdocs.x` loads properdocs.x)

    VERSION = metadata.version("properdocs")
    NAME = "properdocs"

__all__ = ["NAME", "VERSION", "describe"]


def describe() -> str:
    """The engine and its version, e.g. 'properdocs 1.6.7'."""
    return f"{NAME} {VERSION}"
