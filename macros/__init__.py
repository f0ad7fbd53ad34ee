"""The package mkdocs-macros loads (`module_name: macros` in mkdocs.yml).

core/       the data model, checks, diagrams and view data; imports nothing of MkDocs
templates/  Jinja templates (autoescaped) that turn view data into HTML
adapter/    the only code that knows MkDocs, Material and static-i18n

This file only forwards mkdocs-macros' entry points to the adapter, lazily, so that
`import macros.core` works where MkDocs is not installed.
"""

from __future__ import annotations


def define_env(env) -> None:
    """mkdocs-macros calls this once per language build."""
    from .adapter.macros_env import define_env as define

    define(env)


def on_post_page_macros(env) -> None:
    """mkdocs-macros calls this after each page's macros are rendered."""
    from .adapter.macros_env import on_post_page_macros as post_page

    post_page(env)
