"""README's recipe "Adding a data file type", followed word for word in a copy of the project: a new
file of makers, a typed reference to one from a tool, the maker shown on the tool's page, the
translations locked; then the copy validates, builds, and the page reads right in both languages.

Each step's code is README's own (a test fails if README and these snippets part), so the
recipe a contributor reads is the one that is known to work.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, SMALL_SITE_URL
from page_text import heading_of

# (file, the line the snippet goes after, the snippet): README shows each snippet under its step.
STEPS = [
    (
        "macros/core/data/records.py",
        'ReferenceId = Annotated[Id, RefersTo("references", "reference")]\n',
        'MakerId = Annotated[Id, RefersTo("makers", "maker")]\n',
    ),
    (
        "macros/core/data/records.py",
        "# The registry of data files, written once: file stem → record class of its list. The model,\n",
        'class Maker(Record):\n    """A company that ships GPU software."""\n\n    id: Id\n    name: Name\n\n\n',
    ),
    ("macros/core/data/records.py", '    "measurements": MeasuredWords,\n', '    "makers": Maker,\n'),
    ("macros/core/data/records.py", "    kind: KindId\n", "    maker: MakerId | None = None\n"),
    ("macros/core/data/model.py", "    measurements: dict[str, r.MeasuredWords]\n", "    makers: dict[str, r.Maker]\n"),
    (
        "macros/core/views/tool_pages.py",
        "    refs, via = page.model.docs_for(tool_id)\n",
        '    if tool.maker:\n        rows.append(text(page.ui("maker"), inline_html(page.t(page.model.makers[tool.maker].name))))\n',
    ),
    (
        "macros/core/settings/ui.py",
        '    "kind": {"zh": "类别", "en": "Kind"},\n',
        '    "maker": {"zh": "厂商", "en": "Maker"},\n',
    ),
]
MAKERS = "makers:\n  - id: nvidia\n    name: NVIDIA\n"
RECIPE = re.compile(r"### Adding a data file type\n(.*?)\n## ", re.S)


def run(project: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "scripts", *args]
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **env}
    return subprocess.run(command, cwd=project, env=environment, capture_output=True, text=True, timeout=900)


def insert_after(path: Path, anchor: str, snippet: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(anchor) >= 1, f"{path.name}: the recipe's anchor is gone: {anchor!r}"
    path.write_text(text.replace(anchor, anchor + snippet, 1), encoding="utf-8")


def test_readme_shows_every_step_of_the_recipe_as_the_test_follows_it():
    recipe = RECIPE.search((ROOT / "README.md").read_text(encoding="utf-8")).group(1)
    # The snippets sit in a numbered list, indented by three spaces.
    recipe = "\n".join(line.removeprefix("   ") for line in recipe.splitlines())
    for file, _anchor, snippet in STEPS:
        assert file in recipe
        assert snippet.strip() in recipe, f"README's recipe lacks, word for word:\n{snippet}"
    assert MAKERS.strip() in recipe and "make translations-lock" in recipe and "export-schema" in recipe


@pytest.mark.build
def test_a_new_data_file_type_added_by_the_recipe_validates_builds_and_shows_on_the_tool_page(tmp_path, small_site):
    # The small fixture project: a data type is added the same way, and it builds in seconds.
    project = tmp_path / "project"
    shutil.copytree(small_site.project, project)
    for file, anchor, snippet in STEPS:
        insert_after(project / file, anchor, snippet)
    (project / "data" / "makers.yaml").write_text(MAKERS, encoding="utf-8")
    # The tool that gets a maker: the first in the file (any tool would do).
    tools = project / "data" / "tools.yaml"
    first_kind = re.search(r"^    kind: .*\n", tools.read_text(encoding="utf-8"), re.M).group(0)
    insert_after(tools, first_kind, "    maker: nvidia\n")
    tool_id = re.search(r"^  - id: (\S+)", tools.read_text(encoding="utf-8"), re.M).group(1)

    for step in (("export-schema",), ("translations-lock",), ("validate",)):
        done = run(project, *step)
        assert done.returncode == 0, f"{step}: {done.stdout}{done.stderr}"
    assert ", 1 makers (" in done.stdout, done.stdout  # validate's summary counts the new type too
    site = tmp_path / "site"
    built = run(
        project, "build", "--no-print", "-d", str(site), GSM_CACHE_DIR=str(small_site.cache), SITE_URL=SMALL_SITE_URL
    )
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    for language_root, label in ((site, "厂商"), (site / "en", "Maker")):
        page = (language_root / "tools" / tool_id / "index.html").read_text(encoding="utf-8")
        row = re.search(rf"<th[^>]*>{label}</th>\s*<td>(.*?)</td>", page, re.S)
        assert row and "NVIDIA" in row.group(1), f"{language_root.name}: no {label} row with NVIDIA"


# README's recipe "Adding a page type": a page per reference, under sources/. Three files: the
# registry's entry, the view, the template; the macro, the virtual pages, the search box, /llms.txt
# and the judges' page list all follow from the registry.
PAGE_TYPE_ENTRY = (
    "macros/core/settings/addresses.py",
    '    PageType("chains", "chains", "chain_pages.chain_page", "chain"),\n',
    '    PageType("sources", "references", "source_pages.source_page", "page", llms_section=False),\n',
)
PAGE_TYPE_VIEW = (
    "macros/core/views/source_pages.py",
    '''"""A page per reference: its title, and where it is."""

from __future__ import annotations

from markupsafe import Markup

from .page import Page


def source_page(page: Page, reference_id: str) -> Markup:
    reference = page.model.references[reference_id]
    return page.show("source_page.md", title=page.t(reference.title), url=reference.url)
''',
)
PAGE_TYPE_TEMPLATE = (
    "macros/templates/source_page.md",
    """{#- A reference's page: its title and where it is. -#}
# {{ title | md_heading }}

<p class="gsm-lead"><a href="{{ url }}" rel="noopener">{{ url }}</a></p>
""",
)
PAGE_RECIPE = re.compile(r"### Adding a page type\n(.*?)\n## ", re.S)
JUDGED = "from macros.core.data.loading import load; from scripts import judges; print(judges.page_types(load('data')))"


def test_readme_shows_every_step_of_the_page_type_recipe_as_the_test_follows_it():
    recipe = PAGE_RECIPE.search((ROOT / "README.md").read_text(encoding="utf-8")).group(1)
    recipe = "\n".join(line.removeprefix("   ") for line in recipe.splitlines())
    file, _anchor, entry = PAGE_TYPE_ENTRY
    assert file in recipe and entry.strip() in recipe
    for file, text in (PAGE_TYPE_VIEW, PAGE_TYPE_TEMPLATE):
        assert file in recipe and text.strip() in recipe, f"README's page type recipe lacks, word for word:\n{text}"


@pytest.mark.build
def test_a_page_type_added_by_the_recipe_builds_a_page_per_record_in_both_languages(tmp_path, small_site):
    project = tmp_path / "project"
    shutil.copytree(small_site.project, project)
    insert_after(project / PAGE_TYPE_ENTRY[0], PAGE_TYPE_ENTRY[1], PAGE_TYPE_ENTRY[2])
    for file, text in (PAGE_TYPE_VIEW, PAGE_TYPE_TEMPLATE):
        (project / file).write_text(text, encoding="utf-8")
    site = tmp_path / "site"
    built = run(
        project, "build", "--no-print", "-d", str(site), GSM_CACHE_DIR=str(small_site.cache), SITE_URL=SMALL_SITE_URL
    )
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    references = yaml.safe_load((project / "data" / "references.yaml").read_text(encoding="utf-8"))["references"]
    for language_root in (site, site / "en"):
        for reference in references:
            page = (language_root / "sources" / reference["id"] / "index.html").read_text(encoding="utf-8")
            title = heading_of(page)
            assert title == reference["title"], (reference["id"], title)
            assert f'href="{reference["url"]}"' in html.unescape(page)
            assert '<span data-pagefind-meta="kind">page</span>' in page
    first = references[0]["id"]
    assert f"{SMALL_SITE_URL}en/sources/{first}/" in (site / "llms.txt").read_text(encoding="utf-8")
    judged = subprocess.run([sys.executable, "-c", JUDGED], cwd=project, capture_output=True, text=True, timeout=120)
    assert f"'sources': 'sources/{first}/'" in judged.stdout, judged.stdout + judged.stderr
