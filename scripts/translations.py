"""Translation upkeep: report stale translations, mark fields reviewed, record new fields.

`translations` lists every field whose one language changed since the last review, with how
long ago that review was (from git, when there is history); `translations-reviewed FIELD…`
marks fields reviewed; `translations-lock` records new fields and fields changed in both
languages, never a stale one. All three work on data/translations.lock.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from macros.core.data import records as r
from macros.core.data import translations as t
from macros.core.data.loading import display_path
from macros.core.data.problems import format_path
from macros.core.data.yaml_source import SourceFile, read_yaml

from .common import FAILED, OK, USAGE, add_data_option


def add_arguments(parser) -> None:
    add_data_option(parser)
    parser.add_argument("--github", action="store_true", help="also write GitHub annotations and a job summary")


def add_reviewed_arguments(parser) -> None:
    add_data_option(parser)
    parser.add_argument("fields", nargs="*", metavar="FIELD", help="field keys, e.g. tools/triton/summary")


def read_sources(data_dir: Path) -> dict[str, SourceFile] | None:
    """Every data file as parsed YAML, or None (problems printed) when one cannot be read."""
    root = display_path(data_dir).rstrip("/")
    sources, failed = {}, False
    for stem in r.FILES:
        path = data_dir / f"{stem}.yaml"
        if not path.exists():
            continue
        source, problems = read_yaml(path, f"{root}/{stem}.yaml")
        for problem in problems:
            print(problem.format(), file=sys.stderr)
            failed = True
        sources[stem] = source
    return None if failed else sources


def report(args) -> int:
    """Print every stale field with its age; with --github, as annotations and a summary too."""
    sources = read_sources(args.data)
    if sources is None:
        return FAILED
    lock, problems = t.read_lock(args.data, display_path(args.data).rstrip("/"))
    for problem in problems:
        print(problem.format(), file=sys.stderr)
    state = t.status(sources, lock)
    ages = lock_ages(args.data)
    rows = []
    for item in state.stale:
        field = item.field
        where = f"{field.source.name}:{field.line(item.lagging)}"
        age = ages.get(field.key, "not committed yet")
        rows.append((where, field.key, r.LANGUAGE_NAMES[item.lagging], age))
        print(f"{where}: {field.key}: the {r.LANGUAGE_NAMES[item.lagging]} text lags (last reviewed: {age})")
        if args.github:
            print(f"::warning file={field.source.name},line={field.line(item.lagging)}::{item.warning().message}")
    print(
        f"{len(state.fields)} bilingual fields: {len(state.stale)} stale, "
        f"{len(state.unrecorded)} not yet in the lock (new, or changed in both languages"
        + ("; run `make translations-lock`)" if state.unrecorded else ")")
    )
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if args.github and summary:
        with open(summary, "a", encoding="utf-8") as out:
            out.write(_summary(rows))
    return OK


def _summary(rows: list[tuple[str, str, str, str]]) -> str:
    if not rows:
        return "### Translations\n\nNo stale translation: every field's two languages were reviewed together.\n"
    lines = [
        "### Translations that may lag",
        "",
        "| where | field | lagging | last reviewed |",
        "| --- | --- | --- | --- |",
    ]
    lines += [f"| `{where}` | `{key}` | {lang} | {age} |" for where, key, lang, age in rows]
    return "\n".join(lines) + "\n"


def lock_ages(data_dir: Path) -> dict[str, str]:
    """For each lock line, when it was last written: days and data commits since (git blame).
    Empty when there is no git history; a shallow clone gives a lower bound."""
    lock_file = Path(data_dir) / t.LOCK_NAME
    try:
        blame = subprocess.run(
            ["git", "blame", "--porcelain", "--", lock_file.name],
            cwd=lock_file.parent,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    if blame.returncode != 0:
        return {}
    commit_time: dict[str, int] = {}
    line_commit: dict[str, str] = {}
    current = ""
    for line in blame.stdout.splitlines():
        if line.startswith("\t"):
            key = line[1:].split(maxsplit=1)[0] if line[1:].strip() else ""
            if key and not key.startswith("#"):
                line_commit[key] = current
        elif line.startswith("committer-time "):
            commit_time[current] = int(line.split()[1])
        elif len(line) > 40 and line[40] == " " and all(c in "0123456789abcdef" for c in line[:40]):
            current = line[:40]
    ages = {}
    counts: dict[str, str] = {}
    for key, commit in line_commit.items():
        if set(commit) == {"0"}:
            ages[key] = "not committed yet"
            continue
        if commit not in counts:
            since = subprocess.run(
                ["git", "rev-list", "--count", f"{commit}..HEAD", "--", "."],
                cwd=lock_file.parent,
                capture_output=True,
                text=True,
                timeout=60,
            )
            days = int((time.time() - commit_time.get(commit, time.time())) // 86400)
            commits = since.stdout.strip() if since.returncode == 0 else "?"
            counts[commit] = f"{days} day(s) and {commits} data commit(s) ago"
        ages[key] = counts[commit]
    return ages


def reviewed(args) -> int:
    """Mark fields reviewed: record both languages' current texts in the lock."""
    if not args.fields:
        print(
            "usage: make translations-reviewed FIELD=tools/triton/summary (several: FIELD='a b'); "
            "`make translations` lists the stale fields.",
            file=sys.stderr,
        )
        return USAGE
    sources = read_sources(args.data)
    if sources is None:
        return FAILED
    lock, _ = t.read_lock(args.data)
    state = t.status(sources, lock)
    updated, errors = t.mark_reviewed(state.fields, lock, args.fields)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print("nothing marked: fix the above and run the command again.", file=sys.stderr)
        return FAILED
    t.write_lock(args.data, updated)
    for key in args.fields:
        print(f"marked reviewed: {key}")
    return OK


def record(args) -> int:
    """Record new and both-changed fields, drop removed ones; stale fields stay stale."""
    sources = read_sources(args.data)
    if sources is None:
        return FAILED
    lock, _ = t.read_lock(args.data)
    state = t.status(sources, lock)
    t.write_lock(args.data, t.record_unrecorded(state, lock))
    print(f"recorded {len(state.unrecorded)} field(s); {len(state.stale)} stale field(s) left for review")
    for item in state.stale:
        field = item.field
        print(f"  {field.source.name}:{field.line(item.lagging)}: {format_path(field.path)}: {field.key}")
    return OK
