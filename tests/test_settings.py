"""Settings: the site's options are typed with defaults, and environment variables are named in one place."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import ROOT

from macros.core.settings import environment
from macros.core.settings.languages import read_config
from macros.core.settings.options import OptionsError, SiteOptions


def test_the_sites_options_are_read_with_their_types_and_defaults():
    options = SiteOptions.of(read_config(ROOT / "mkdocs.yml")["extra"])
    assert options.repository.startswith("https://") and options.data_dir
    assert SiteOptions.of({}) == SiteOptions(data_dir="data", repository="")
    assert SiteOptions.of({"alternate": [], "homepage": "/"}) == SiteOptions()  # the theme's keys are the theme's


@pytest.mark.parametrize(
    "extra, said",
    [
        ({"repository": 5}, "mkdocs.yml: extra.repository: Input should be a valid string"),
        ({"repository": "github.com/owner/repo"}, "mkdocs.yml: extra.repository: String should match pattern"),
        ({"data_dir": ["data"]}, "mkdocs.yml: extra.data_dir: Input should be a valid string"),
    ],
)
def test_a_wrong_option_is_named_with_what_it_should_be(extra, said):
    with pytest.raises(OptionsError, match=re.escape(said)):
        SiteOptions.of(extra)


def test_the_data_folder_is_the_options_unless_a_test_or_the_benchmark_names_another(monkeypatch, tmp_path):
    monkeypatch.delenv(environment.DATA_DIR, raising=False)
    assert SiteOptions(data_dir="facts").data_folder(tmp_path / "mkdocs.yml") == tmp_path / "facts"
    monkeypatch.setenv(environment.DATA_DIR, str(tmp_path / "copy"))
    assert SiteOptions(data_dir="facts").data_folder(tmp_path / "mkdocs.yml") == tmp_path / "copy"


def test_every_environment_variable_the_code_reads_is_named_in_one_place():
    named_elsewhere = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "macros").rglob("*.py")) + sorted((ROOT / "scripts").glob("*.py"))
        if path.name != "environment.py"
        for name in re.findall(r"[\"'](GSM_[A-Z_]+|SOURCE_DATE_EPOCH|SITE_URL)[\"']", path.read_text(encoding="utf-8"))
    ]
    assert not named_elsewhere, "use macros/core/settings/environment.py's names:\n" + "\n".join(named_elsewhere)
    assert all(
        name in environment.VARIABLES for name in vars(environment).values() if isinstance(name, str) and name.isupper()
    )


def writes_to_the_environment(path: Path) -> list[str]:
    """Lines of `path` that set one of the project's environment variables in its own process."""
    names = {name for name in vars(environment) if name.isupper() and name != "VARIABLES"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        call = node.func if isinstance(node, ast.Call) else None
        environ = ast.unparse(target.value) if isinstance(target, ast.Subscript) else None
        if isinstance(call, ast.Attribute) and call.attr in ("update", "setdefault"):
            environ = ast.unparse(call.value)
        if environ == "os.environ" and any(re.search(rf"\b{name}\b", ast.unparse(node)) for name in names):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_environment_variables_only_cross_process_boundaries():
    # A process tells the ones it starts through their environment; nothing sets one for itself.
    code = sorted((ROOT / "macros").rglob("*.py")) + sorted((ROOT / "scripts").rglob("*.py"))
    written = [line for path in code for line in writes_to_the_environment(path)]
    assert not written, "pass it as an argument, or in the environment of the process started:\n" + "\n".join(written)


def test_no_code_changes_sys_path():
    code = sorted((ROOT / "macros").rglob("*.py")) + sorted((ROOT / "scripts").rglob("*.py"))
    patched = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in code
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"sys\.path\.(insert|append)|sys\.path\s*=|sys\.path\[", line)
    ]
    assert not patched, patched
