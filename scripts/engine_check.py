"""`make engine-check`: build the site with ProperDocs in place of MkDocs and compare it with the
normal build, file by file; exit 1 on any difference not explained in EXPLANATIONS.

ProperDocs, a fork of MkDocs 1.x that installs as `properdocs`, is the first way out of the
frozen engine (README, "Engine"). It goes into a throwaway virtual environment with the rest of
requirements.txt, pinned and hashed; both builds read one copy of the working tree, each with an
empty cache of its own, so an edit made meanwhile or a cache entry cannot pass for a difference.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from macros.core.data.version import commit_epoch
from macros.core.settings import environment

from .common import FAILED, OK, ROOT
from .site_compare import Comparison, compare_sites, regex_explanation

# Hashes of the wheel and the sdist, as PyPI lists them (https://pypi.org/simple/properdocs/).
PROPERDOCS = "properdocs==1.6.7"
PROPERDOCS_HASHES = (
    "sha256:6fa0cfa2e01bf338f684892c8a506cf70ea88ae7f3479c933b6fa20168101cbd",
    "sha256:adc7b16e562890af0e098a7e5b02e3a81c20894a87d6a28d345c9300de73c26e",
)
REPLACED = "mkdocs"  # the one locked package ProperDocs stands in for

EXPLANATIONS = [
    regex_explanation(
        "the generator meta tag",
        "each engine names itself in Material's <meta name=\"generator\"> (MkDocs: 'mkdocs-1.6.1', "
        "ProperDocs: 'mkdocs-ProperDocs 1.6.7'); no reader sees it, and search does not index it",
        r'(<meta name="generator" content=")mkdocs-(?:ProperDocs )?[0-9][0-9.]*(, mkdocs-material-)',
        r"\1mkdocs-ENGINE\2",
    ),
]

# Warnings the ProperDocs build prints and the MkDocs build does not, each with why it is harmless.
WARNING_EXPLANATIONS = {
    "mkdocs_static_i18n: Unable to detect lunr languages from mkdocs distribution": (
        "static-i18n lists the search languages from the files of the `mkdocs` distribution, which "
        "is not installed, and falls back to its own list; they only configure MkDocs's search plugin, "
        "which the site does not use (Pagefind)"
    ),
}

# What asks the throwaway environment which engine it runs (from the adapter, as a build does).
ENGINE_PROBE = "from macros.adapter import engine; print(engine.NAME, engine.VERSION)"


class CheckError(Exception):
    """A step failed before the comparison: the message says which and why."""


def run_step(command: list[str], log: Path, **kwargs) -> str:
    """Run a command with its output in `log`; returns the output, raises CheckError on failure."""
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    output = done.stdout + done.stderr
    log.write_text(output, encoding="utf-8")
    if done.returncode != 0:
        tail = "\n".join(output.splitlines()[-30:])
        raise CheckError(f"`{' '.join(command[:4])} …` failed (exit {done.returncode}); full log: {log}\n{tail}")
    return done.stdout


def snapshot_tree(into: Path) -> None:
    """Copy the working tree as git sees it (tracked and untracked, ignored files left out)."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
    )
    if listed.returncode != 0:
        raise CheckError("the engine check copies the tree git lists: run it in a git checkout")
    for name in sorted(set(listed.stdout.decode("utf-8").split("\0")) - {""}):
        source = ROOT / name
        if source.is_file():  # a file deleted in the tree is still listed by the index
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def requirements_with_properdocs(lock: str) -> str:
    """requirements.txt with the MkDocs entry (its line and hash lines) swapped for ProperDocs."""
    entries = re.split(r"\n(?=\S)", lock)
    kept = [entry for entry in entries if not re.match(rf"{REPLACED}==", entry)]
    if len(kept) != len(entries) - 1:
        raise CheckError(f"requirements.txt has no single `{REPLACED}==` entry to replace")
    hashes = " ".join(f"--hash={digest}" for digest in PROPERDOCS_HASHES)
    return "\n".join(kept).rstrip("\n") + f"\n{PROPERDOCS} {hashes}\n"


def make_environment(venv: Path, work: Path) -> Path:
    """A virtual environment with the locked packages, ProperDocs in place of MkDocs; its python."""
    run_step([sys.executable, "-m", "venv", str(venv)], work / "venv.log")
    python = venv / "bin" / "python"
    requirements = work / "requirements-properdocs.txt"
    requirements.write_text(requirements_with_properdocs((ROOT / "requirements.txt").read_text("utf-8")), "utf-8")
    # --no-deps: every dependency is in the lock already, and pip would otherwise fetch the
    # MkDocs that Material and the plugins name as theirs.
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run_step([*pip, "--require-hashes", "--no-deps", "-r", str(requirements)], work / "pip.log")
    return python


def unmet_requirements(python: Path, work: Path) -> list[str]:
    """What `pip check` finds missing in the environment, other than MkDocs itself."""
    done = subprocess.run([str(python), "-m", "pip", "check"], capture_output=True, text=True)
    (work / "pip-check.log").write_text(done.stdout + done.stderr, encoding="utf-8")
    missing_engine = re.compile(rf" requires {REPLACED}, which is not installed\.$")
    return [line for line in done.stdout.splitlines() if line.strip() and not missing_engine.search(line)]


def engine_of(python: Path, source: Path, work: Path, name: str) -> tuple[str, str]:
    """(engine name, version) that the adapter picks under this interpreter."""
    out = run_step([str(python), "-c", ENGINE_PROBE], work / f"engine-{name}.log", cwd=source)
    engine, version = out.split()
    return engine, version


def build_site(python: Path, source: Path, site: Path, work: Path, name: str) -> float:
    """`python -m scripts build` of the copied tree with an empty cache; returns seconds taken."""
    env = {
        **os.environ,
        environment.CACHE_DIR: str(work / f"cache-{name}"),
        environment.SOURCE_DATE_EPOCH: os.environ.get(environment.SOURCE_DATE_EPOCH) or commit_epoch(ROOT) or "0",
    }
    start = time.perf_counter()
    run_step([str(python), "-m", "scripts", "build", "-d", str(site)], work / f"build-{name}.log", cwd=source, env=env)
    return time.perf_counter() - start


def generator_tag(site: Path) -> str:
    """The generator meta tag of the site's home page: the engine that wrote it, in its own words."""
    match = re.search(r'<meta name="generator" content="([^"]*)"', (site / "index.html").read_text("utf-8"))
    return match.group(1) if match else "(none)"


def warnings_in(log: Path) -> set[str]:
    """The distinct WARNING messages of a build's log."""
    lines = log.read_text("utf-8").splitlines()
    return {line.split("-", 1)[1].strip() for line in lines if line.startswith("WARNING") and "-" in line}


def report_warnings(first: Path, second: Path, second_name: str) -> list[str]:
    """Print the warnings only the second build printed; returns those not explained."""
    unexplained = []
    for warning in sorted(warnings_in(second) - warnings_in(first)):
        why = WARNING_EXPLANATIONS.get(warning)
        print(f"{'Explained' if why else 'Unexplained'}: only the {second_name} build warns '{warning}'", end="")
        print(f": {why}." if why else ".")
        if not why:
            unexplained.append(warning)
    return unexplained


def report(comparison: Comparison, first: str, second: str, limit: int = 10) -> None:
    """Print what was compared, each explained difference and why, and every unexplained one."""
    print(f"\nCompared {comparison.compared} files present in both builds.")
    for label, paths in ((first, comparison.only_in_first), (second, comparison.only_in_second)):
        if paths:
            print(f"Only in the {label} build: {len(paths)}")
            for path in paths[:limit]:
                print(f"  {path}")
            if len(paths) > limit:
                print(f"  … and {len(paths) - limit} more")
    explanations = {explanation.what: explanation.why for explanation in EXPLANATIONS}
    for what, paths in comparison.explained.items():
        print(f"Explained: {len(paths)} files differ only in {what}: {explanations[what]}.")
    if comparison.unexplained:
        print(f"Unexplained: {len(comparison.unexplained)} files differ:")
        for difference in comparison.unexplained[:limit]:
            print(f"  {difference.path}, from byte {difference.offset}:")
            print(f"    {first:>10}: {difference.ours!r}")
            print(f"    {second:>10}: {difference.theirs!r}")
        if len(comparison.unexplained) > limit:
            print(f"  … and {len(comparison.unexplained) - limit} more")
    identical = comparison.compared - len(comparison.unexplained) - sum(map(len, comparison.explained.values()))
    print(f"Byte-identical: {identical} of {comparison.compared}.")


def check(work: Path) -> int:
    """Both builds, the engines they ran on, and the comparison; OK when nothing is unexplained."""
    source = work / "tree"
    print(f"Copying the working tree to {source} …", flush=True)
    snapshot_tree(source)
    print(f"Making a throwaway environment: requirements.txt with {PROPERDOCS} in place of {REPLACED} …", flush=True)
    properdocs_python = make_environment(work / "venv", work)
    unmet = unmet_requirements(properdocs_python, work)
    if unmet:
        raise CheckError("the throwaway environment lacks more than MkDocs:\n  " + "\n  ".join(unmet))
    sites = {}
    for name, python in (("mkdocs", Path(sys.executable)), ("properdocs", properdocs_python)):
        engine, version = engine_of(python, source, work, name)
        if engine != name:
            raise CheckError(f"the {name} environment builds with {engine} {version}, not {name}")
        sites[name] = work / f"site-{name}"
        print(f"Building with {engine} {version} (python -m scripts build, empty cache) …", flush=True)
        seconds = build_site(python, source, sites[name], work, name)
        print(f'  built in {seconds:.0f} s; its pages say generator="{generator_tag(sites[name])}"', flush=True)
    comparison = compare_sites(sites["mkdocs"], sites["properdocs"], EXPLANATIONS)
    report(comparison, "mkdocs", "properdocs")
    new_warnings = report_warnings(work / "build-mkdocs.log", work / "build-properdocs.log", "properdocs")
    if comparison.identical and not new_warnings:
        print("ProperDocs builds the same site: every difference is explained above.")
        return OK
    print("ProperDocs builds a different site, or warns: see the unexplained lines above.", file=sys.stderr)
    return FAILED


def add_arguments(parser) -> None:
    parser.add_argument(
        "--keep", action="store_true", help="keep the work folder (both sites, the environment, the logs) and say where"
    )


def run(args) -> int:
    work = Path(tempfile.mkdtemp(prefix="gsm-engine-check-"))
    try:
        return check(work)
    except CheckError as error:
        print(f"engine check: {error}", file=sys.stderr)
        return FAILED
    finally:
        if args.keep:
            print(f"Kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
