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
from conftest import ROOT, article_text, build_site, run_validate
from picks import a_layer, first_with, model
from shared_site import built_once
from small_site import small_data, small_model
from written import Written

from macros.core.data import translations as t
from macros.core.data.loading import load

MODEL = model()
# The tool whose summary the tests edit in one language or both (and whose `avoid` list grows).
TOOL = first_with(MODEL.tools.values(), lambda tool: bool(tool.avoid), "tool with an avoid list")
SUMMARY = ("tools", TOOL.id, "summary")
FIELD = f"tools/{TOOL.id}/summary"
ZH, EN = TOOL.summary.zh, TOOL.summary.en
ZH_NEW, EN_NEW = ZH + "迭代快。", EN + " It is quick to iterate on."
# A glossary term whose Chinese is all Chinese characters (the report and the glossary page's
# banner, which names it as written: no abbreviation there takes a tooltip of its own).
TERM = first_with(
    MODEL.glossary.values(), lambda term: re.fullmatch(r"[\u3400-\u9fff]+", term.term.zh), "term in Chinese words"
)


def set_summary(data: Path, lang: str, text: str) -> Written:
    """The tool's summary in `lang` set to `text`, in the data copy `data`; returns tools.yaml as written."""
    tools = Written(data / "tools.yaml")
    tools.set(*SUMMARY, lang, text=text)
    return tools


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
    tools = set_summary(data_copy, "zh", ZH_NEW)
    done = run_validate(data_copy)
    assert done.returncode == 0, done.stderr
    (warning,) = warnings_of(done)
    english_line = tools.line(*SUMMARY, "en")
    assert re.match(rf".*tools\.yaml:{english_line}:\d+: warning: tools\[\d+\]\.summary\.en: ", warning), warning
    assert "the Chinese text changed since the last review and the English did not" in warning
    assert ZH_NEW in warning and EN in warning
    assert "Review the English against the new Chinese" in warning
    assert f"`make translations-reviewed FIELD={FIELD}`" in warning
    assert "(1 warning(s))" in done.stdout


def test_changing_only_the_english_warns_about_the_chinese(data_copy):
    tools = set_summary(data_copy, "en", EN_NEW)
    (warning,) = warnings_of(run_validate(data_copy))
    assert f"tools.yaml:{tools.line(*SUMMARY, 'zh')}:" in warning
    assert "summary.zh: the English text changed since the last review and the Chinese did not" in warning
    assert "Review the Chinese against the new English" in warning


def test_both_languages_changed_and_marked_reviewed_is_silent(data_copy):
    tools = set_summary(data_copy, "zh", ZH_NEW)
    assert warnings_of(run_validate(data_copy)), "a change to the Chinese alone must warn"
    tools.set(*SUMMARY, "en", text=EN_NEW)
    done = run_verb("translations-reviewed", "--data", str(data_copy), FIELD)
    assert done.returncode == 0 and f"marked reviewed: {FIELD}" in done.stdout, done.stderr
    done = run_validate(data_copy)
    assert warnings_of(done) == [] and "(0 warning(s))" in done.stdout, done.stderr
    # The review is recorded: a later change to one language alone warns again.
    tools.set(*SUMMARY, "en", text=EN)
    assert len(warnings_of(run_validate(data_copy))) == 1


def test_a_field_added_in_both_languages_at_once_is_silent_and_recorded_by_the_lock_command(data_copy):
    Written(data_copy / "tools.yaml").append_item(
        "tools",
        TOOL.id,
        "avoid",
        raw='{zh: "只跑一次、不值得编译的小计算。", en: "Tiny one-off computations not worth compiling."}',
    )
    done = run_validate(data_copy)
    assert done.returncode == 0 and warnings_of(done) == [], done.stderr
    report = run_verb("translations", "--data", str(data_copy))
    assert "1 not yet in the lock" in report.stdout and "make translations-lock" in report.stdout
    assert run_verb("translations-lock", "--data", str(data_copy)).returncode == 0
    assert f"tools/{TOOL.id}/avoid/{len(TOOL.avoid)} " in (data_copy / t.LOCK_NAME).read_text(encoding="utf-8")
    assert "0 stale, 0 not yet in the lock" in run_verb("translations", "--data", str(data_copy)).stdout


def test_the_lock_command_never_hides_a_stale_field(data_copy):
    set_summary(data_copy, "zh", ZH_NEW)
    done = run_verb("translations-lock", "--data", str(data_copy))
    assert "1 stale field(s) left for review" in done.stdout and FIELD in done.stdout
    assert len(warnings_of(run_validate(data_copy))) == 1


def test_marking_reviewed_refuses_an_empty_text_and_an_unknown_field(data_copy):
    tools = set_summary(data_copy, "en", "")
    lock_before = (data_copy / t.LOCK_NAME).read_text(encoding="utf-8")
    done = run_verb("translations-reviewed", "--data", str(data_copy), FIELD)
    assert done.returncode == 1
    assert f"tools.yaml:{tools.line(*SUMMARY, 'en')}: tools[" in done.stderr
    assert "the English text is empty: write it before marking the field reviewed" in done.stderr
    done = run_verb("translations-reviewed", "--data", str(data_copy), f"tools/{TOOL.id}/sumary")
    assert done.returncode == 1 and f"Did you mean '{FIELD}'?" in done.stderr
    assert (data_copy / t.LOCK_NAME).read_text(encoding="utf-8") == lock_before
    assert run_verb("translations-reviewed", "--data", str(data_copy)).returncode == 2


def set_term_in_english(data: Path) -> None:
    """The glossary term's English edited, its Chinese not (so the Chinese lags)."""
    Written(data / "glossary.yaml").set("glossary", TERM.id, "term", "en", text=TERM.term.en + " (edited)")


def test_the_report_lists_every_stale_field_with_its_line_and_age(data_copy):
    tools = set_summary(data_copy, "zh", ZH_NEW)
    set_term_in_english(data_copy)
    done = run_verb("translations", "--data", str(data_copy))
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "lags (last reviewed: " in line]
    assert len(lines) == 2, done.stdout
    assert any(f"tools.yaml:{tools.line(*SUMMARY, 'en')}: {FIELD}: the English text lags" in x for x in lines)
    assert any(f"glossary/{TERM.id}/term: the Chinese text lags" in x for x in lines)
    assert "2 stale" in done.stdout


def test_the_pull_request_check_writes_annotations_and_a_summary_table(data_copy, tmp_path):
    import os

    tools = set_summary(data_copy, "zh", ZH_NEW)
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
    line = tools.line(*SUMMARY, "en")
    assert re.search(rf"^::warning file=.*tools\.yaml,line={line}::the Chinese text changed", done.stdout, re.M)
    table = summary.read_text(encoding="utf-8")
    assert "### Translations that may lag" in table and f"| `{FIELD}` | English |" in table


def test_reflowing_a_text_does_not_make_it_stale():
    assert t.text_hash("a  long\n text") == t.text_hash("a long text") != t.text_hash("a longer text")


# The lagging site is built from the small fixture data set (tests/small_site.py): its tool with
# an avoid list lags in English, a tool not yet compared with its documentation (as `make new-tool`
# leaves one), another left as it is, a myth, the glossary term and a layer's `gives`.
SMALL = small_model()
LAG_TOOL = first_with(SMALL.tools.values(), lambda tool: bool(tool.avoid), "tool with an avoid list")
LAG_SUMMARY = ("tools", LAG_TOOL.id, "summary")
UNCHECKED = first_with(
    SMALL.tools.values(), lambda tool: tool.checked is not None and tool.id != LAG_TOOL.id, "checked tool"
).id
UNTOUCHED = first_with(SMALL.tools.values(), lambda tool: tool.id not in (LAG_TOOL.id, UNCHECKED), "tool").id
LAGGING_LAYER = a_layer(SMALL)


@pytest.fixture(scope="session")
def lagging_site(run_folder) -> Path:
    """A site built from a data copy whose one tool's summary changed in Chinese only, with another
    tool left unchecked (once per test run)."""
    return built_once(run_folder, "lagging-site", make_lagging_site) / "site"


def make_lagging_site(work: Path) -> None:
    data = work / "data"
    shutil.copytree(small_data(), data)
    Written(data / "tools.yaml").set(*LAG_SUMMARY, "zh", text=LAG_TOOL.summary.zh + "迭代快。")
    myth = ("lists", "misconceptions", "items", 0, "text", "zh")
    lists = Written(data / "lists.yaml")
    lists.set(*myth, text=lists.node(*myth).value + "（改）")
    set_term_in_english(data)
    Written(data / "tools.yaml").delete("tools", UNCHECKED, "checked")
    gives = ("layers", LAGGING_LAYER.id, "gives", "zh")
    Written(data / "layers.yaml").set(*gives, text=LAGGING_LAYER.gives.zh + "（改）")
    done = build_site(work / "site", data_dir=data)
    assert done.returncode == 0, done.stderr[-3000:]


def banner(page: Path):
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select_one(".gsm-lagging")


@pytest.mark.build
def test_the_page_says_in_the_lagging_language_that_the_text_may_lag(lagging_site):
    english = banner(lagging_site / "en" / "tools" / LAG_TOOL.id / "index.html")
    assert english is not None, f"the English page of {LAG_TOOL.id} shows no lag banner"
    text = english.get_text(" ", strip=True)
    assert "This English text may lag behind the Chinese" in text and "In one line" in text
    link = english.find("a")
    # The data the lagging site was built from (a tool's `checked` was deleted above this one).
    line = Written(lagging_site.parent / "data" / "tools.yaml").line(*LAG_SUMMARY, "en")
    assert link["href"] == f"https://github.com/gpu-stack-map/gpu-stack-map/blob/main/data/tools.yaml#L{line}"
    assert link.get_text() == f"data/tools.yaml, line {line}"
    # The Chinese is the new text: its page has no banner, nor has an untouched tool's page.
    assert banner(lagging_site / "tools" / LAG_TOOL.id / "index.html") is None
    assert banner(lagging_site / "en" / "tools" / UNTOUCHED / "index.html") is None


@pytest.mark.build
def test_list_and_glossary_pages_show_the_banner_for_their_lagging_fields(lagging_site):
    myths = banner(lagging_site / "en" / "misconceptions" / "index.html")
    assert myths is not None and "item 1 ·" in myths.get_text(" ", strip=True)
    assert banner(lagging_site / "misconceptions" / "index.html") is None
    glossary = banner(lagging_site / "glossary" / "index.html")
    assert glossary is not None, "the Chinese glossary shows no lag banner"
    text = glossary.get_text(" ", strip=True)
    assert "这里的中文可能落后于英文" in text and f"{TERM.term.zh} · 术语" in text
    # The banner links the term where it starts (its Chinese, the text that lags).
    line = Written(lagging_site.parent / "data" / "glossary.yaml").line("glossary", TERM.id, "term")
    assert glossary.find("a")["href"].endswith(f"data/glossary.yaml#L{line}")
    assert banner(lagging_site / "en" / "glossary" / "index.html") is None


@pytest.mark.build
def test_a_layer_page_shows_the_banner_for_its_lagging_field(lagging_site):
    layer = banner(lagging_site / "en" / "layers" / LAGGING_LAYER.id / "index.html")
    assert layer is not None and "Hands down" in layer.get_text(" ", strip=True)
    assert banner(lagging_site / "layers" / LAGGING_LAYER.id / "index.html") is None


@pytest.mark.build
def test_a_tool_not_checked_says_its_facts_come_from_the_sources(lagging_site):
    for lang, words in (
        ("en", "Not yet checked claim by claim against its documentation"),
        ("zh", "尚未对照文档逐条核对"),
    ):
        page = lagging_site / lang.replace("zh", "") / "tools" / UNCHECKED / "index.html"
        assert words in article_text(page.read_text(encoding="utf-8")), lang
