"""Stale translations: a text changed in one language only is caught by `make validate`,
the report and the page, until someone reviews it; coordinated edits stay silent."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT, article_text, build_site, line_of, replace_in, run_validate
from shared_site import built_once

from macros.core.data import translations as t
from macros.core.data.model import load

TRITON_ZH = "常用于写深度学习里的自定义融合算子。"
TRITON_ZH_NEW = "常用于写深度学习里的自定义融合算子，迭代快。"
TRITON_EN = "commonly used to write custom fused deep-learning operators."
TRITON_EN_NEW = "commonly used to write custom fused deep-learning operators, and quick to iterate on."


def run_verb(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m scripts VERB …` as the Makefile does."""
    return subprocess.run(
        [sys.executable, "-m", "scripts", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def warnings_of(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stderr.splitlines() if ": warning: " in line]


def test_the_lock_records_every_field_of_the_real_data():
    # A stale field is a warning (validate, the PR annotations, the page banner), not a failure;
    # but a field missing from the lock would let a later one-language edit pass unnoticed.
    model = load(ROOT / "data")
    missing = [field.key for field in model.translations.unrecorded]
    assert missing == [], "run `make translations-lock` and commit data/translations.lock"


def test_changing_only_the_chinese_warns_about_the_english_with_file_line_texts_and_command(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, TRITON_ZH, TRITON_ZH_NEW)
    done = run_validate(data_copy)
    assert done.returncode == 0, done.stderr
    (warning,) = warnings_of(done)
    english_line = line_of(tools, TRITON_EN)
    assert re.match(rf".*tools\.yaml:{english_line}:\d+: warning: tools\[\d+\]\.summary\.en: ", warning), warning
    assert "the Chinese text changed since the last review and the English did not" in warning
    assert TRITON_ZH_NEW in warning and TRITON_EN in warning
    assert "Review the English against the new Chinese" in warning
    assert "`make translations-reviewed FIELD=tools/triton/summary`" in warning
    assert "(1 warning(s))" in done.stdout


def test_changing_only_the_english_warns_about_the_chinese(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, TRITON_EN, TRITON_EN_NEW)
    (warning,) = warnings_of(run_validate(data_copy))
    assert f"tools.yaml:{line_of(tools, TRITON_ZH)}:" in warning
    assert "summary.zh: the English text changed since the last review and the Chinese did not" in warning
    assert "Review the Chinese against the new English" in warning


def test_both_languages_changed_and_marked_reviewed_is_silent(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, TRITON_ZH, TRITON_ZH_NEW)
    assert warnings_of(run_validate(data_copy)), "a change to the Chinese alone must warn"
    replace_in(tools, TRITON_EN, TRITON_EN_NEW)
    done = run_verb("translations-reviewed", "--data", str(data_copy), "tools/triton/summary")
    assert done.returncode == 0 and "marked reviewed: tools/triton/summary" in done.stdout, done.stderr
    done = run_validate(data_copy)
    assert warnings_of(done) == [] and "(0 warning(s))" in done.stdout, done.stderr
    # The review is recorded: a later change to one language alone warns again.
    replace_in(tools, TRITON_EN_NEW, TRITON_EN)
    assert len(warnings_of(run_validate(data_copy))) == 1


def test_a_field_added_in_both_languages_at_once_is_silent_and_recorded_by_the_lock_command(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(
        tools,
        '    placement:\n      zh: "“这些工具分别是什么”表把 Triton',
        '      - {zh: "只跑一次、不值得编译的小计算。", en: "Tiny one-off computations not worth compiling."}\n'
        '    placement:\n      zh: "“这些工具分别是什么”表把 Triton',
    )
    done = run_validate(data_copy)
    assert done.returncode == 0 and warnings_of(done) == [], done.stderr
    report = run_verb("translations", "--data", str(data_copy))
    assert "1 not yet in the lock" in report.stdout and "make translations-lock" in report.stdout
    assert run_verb("translations-lock", "--data", str(data_copy)).returncode == 0
    assert "tools/triton/avoid/4 " in (data_copy / t.LOCK_NAME).read_text(encoding="utf-8")
    assert "0 stale, 0 not yet in the lock" in run_verb("translations", "--data", str(data_copy)).stdout


def test_the_lock_command_never_hides_a_stale_field(data_copy):
    replace_in(data_copy / "tools.yaml", TRITON_ZH, TRITON_ZH_NEW)
    done = run_verb("translations-lock", "--data", str(data_copy))
    assert "1 stale field(s) left for review" in done.stdout and "tools/triton/summary" in done.stdout
    assert len(warnings_of(run_validate(data_copy))) == 1


def test_marking_reviewed_refuses_an_empty_text_and_an_unknown_field(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, f'en: "A Python-style GPU kernel DSL and compiler, {TRITON_EN}"', 'en: ""')
    lock_before = (data_copy / t.LOCK_NAME).read_text(encoding="utf-8")
    done = run_verb("translations-reviewed", "--data", str(data_copy), "tools/triton/summary")
    assert done.returncode == 1
    empty_line = line_of(tools, 'en: ""')
    assert f"tools.yaml:{empty_line}: tools[" in done.stderr
    assert "the English text is empty: write it before marking the field reviewed" in done.stderr
    done = run_verb("translations-reviewed", "--data", str(data_copy), "tools/triton/sumary")
    assert done.returncode == 1 and "Did you mean 'tools/triton/summary'?" in done.stderr
    assert (data_copy / t.LOCK_NAME).read_text(encoding="utf-8") == lock_before
    assert run_verb("translations-reviewed", "--data", str(data_copy)).returncode == 2


def test_the_report_lists_every_stale_field_with_its_line_and_age(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, TRITON_ZH, TRITON_ZH_NEW)
    replace_in(data_copy / "glossary.yaml", "en: programming model}", "en: programming models}")
    done = run_verb("translations", "--data", str(data_copy))
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "lags (last reviewed: " in line]
    assert len(lines) == 2, done.stdout
    assert any(
        f"tools.yaml:{line_of(tools, TRITON_EN)}: tools/triton/summary: the English text lags" in x for x in lines
    )
    assert any("glossary/programming-model/term: the Chinese text lags" in x for x in lines)
    assert "2 stale" in done.stdout


def test_the_pull_request_check_writes_annotations_and_a_summary_table(data_copy, tmp_path):
    import os

    tools = data_copy / "tools.yaml"
    replace_in(tools, TRITON_ZH, TRITON_ZH_NEW)
    summary = tmp_path / "summary.md"
    done = subprocess.run(
        [sys.executable, "-m", "scripts", "translations", "--data", str(data_copy), "--github"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary)},
    )
    assert done.returncode == 0, done.stderr
    line = line_of(tools, TRITON_EN)
    assert re.search(rf"^::warning file=.*tools\.yaml,line={line}::the Chinese text changed", done.stdout, re.M)
    table = summary.read_text(encoding="utf-8")
    assert "### Translations that may lag" in table and "| `tools/triton/summary` | English |" in table


def test_reflowing_a_text_does_not_make_it_stale():
    assert t.text_hash("a  long\n text") == t.text_hash("a long text") != t.text_hash("a longer text")


@pytest.fixture(scope="session")
def lagging_site(run_folder) -> Path:
    """A site built from a data copy whose Triton summary changed in Chinese only, with one tool
    left unchecked (once per test run)."""
    return built_once(run_folder, "lagging-site", make_lagging_site) / "site"


def make_lagging_site(work: Path) -> None:
    data = work / "data"
    shutil.copytree(ROOT / "data", data)
    replace_in(data / "tools.yaml", TRITON_ZH, TRITON_ZH_NEW)
    replace_in(
        data / "lists.yaml", "误区 1：PTX 就是 GPU 最终执行的汇编。", "误区 1：PTX 就是 GPU 最终执行的那份汇编。"
    )
    replace_in(data / "glossary.yaml", "en: programming model}", "en: programming models}")
    # A record not yet compared with its documentation (as `make new-tool` leaves one).
    replace_in(
        data / "tools.yaml", '    checked: {date: "2026-12", against: [cuda-runtime-memory-management-docs]}\n', ""
    )
    replace_in(
        data / "layers.yaml", 'gives: {zh: 计算结果, en: "Results"}', 'gives: {zh: 计算得到的结果, en: "Results"}'
    )
    done = build_site(work / "site", data_dir=data)
    assert done.returncode == 0, done.stderr[-3000:]


def banner(page: Path):
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select_one(".gsm-lagging")


@pytest.mark.build
def test_the_page_says_in_the_lagging_language_that_the_text_may_lag(lagging_site):
    english = banner(lagging_site / "en" / "tools" / "triton" / "index.html")
    assert english is not None, "the English Triton page shows no lag banner"
    text = english.get_text(" ", strip=True)
    assert "This English text may lag behind the Chinese" in text and "In one line" in text
    link = english.find("a")
    line = line_of(ROOT / "data" / "tools.yaml", TRITON_EN)
    assert link["href"] == f"https://github.com/gpu-stack-map/gpu-stack-map/blob/main/data/tools.yaml#L{line}"
    assert link.get_text() == f"data/tools.yaml, line {line}"
    # The Chinese is the new text: its page has no banner, nor has an untouched tool's page.
    assert banner(lagging_site / "tools" / "triton" / "index.html") is None
    assert banner(lagging_site / "en" / "tools" / "cuda" / "index.html") is None


@pytest.mark.build
def test_list_and_glossary_pages_show_the_banner_for_their_lagging_fields(lagging_site):
    myths = banner(lagging_site / "en" / "misconceptions" / "index.html")
    assert myths is not None and "item 1 ·" in myths.get_text(" ", strip=True)
    assert banner(lagging_site / "misconceptions" / "index.html") is None
    glossary = banner(lagging_site / "glossary" / "index.html")
    assert glossary is not None, "the Chinese glossary shows no lag banner"
    text = glossary.get_text(" ", strip=True)
    assert "这里的中文可能落后于英文" in text and "编程模型 · 术语" in text
    assert glossary.find("a")["href"].endswith(
        f"data/glossary.yaml#L{line_of(ROOT / 'data' / 'glossary.yaml', 'en: programming model}')}"
    )
    assert banner(lagging_site / "en" / "glossary" / "index.html") is None


@pytest.mark.build
def test_a_layer_page_shows_the_banner_for_its_lagging_field(lagging_site):
    hardware = banner(lagging_site / "en" / "layers" / "hardware" / "index.html")
    assert hardware is not None and "Hands down" in hardware.get_text(" ", strip=True)
    assert banner(lagging_site / "layers" / "hardware" / "index.html") is None


@pytest.mark.build
def test_a_tool_not_checked_says_its_facts_come_from_the_sources(lagging_site):
    for lang, words in (
        ("en", "is not yet checked against the official documentation"),
        ("zh", "尚未对照官方文档逐条核对"),
    ):
        page = lagging_site / lang.replace("zh", "") / "tools" / "cuda-malloc" / "index.html"
        assert words in article_text(page.read_text(encoding="utf-8")), lang
