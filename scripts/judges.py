"""Independent judges of the built site: the Nu HTML checker and Lighthouse, one page per page type.

The Nu checker is one jar, fetched from npm's registry as a tarball pinned by its hash (no Node.js
needed: the tests run it); Lighthouse comes from scripts/judges/package-lock.json (`npm ci`, only
where it is asked for). Both are installed under scripts/judges/ when missing.
`python -m scripts judges` builds the site for the address it serves it at, checks every page
type in every language with the Nu checker, runs Lighthouse (mobile) on each, and prints every
error, every score and each failing audit; it exits 1 when a target is missed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from macros.core.data.loading import load
from macros.core.data.model import Model
from macros.core.settings import environment
from macros.core.settings.addresses import RECORD_PAGES
from macros.core.settings.languages import Languages, read_languages

from .chromium import CHROMIUM, CHROMIUM_ARGS
from .common import FAILED, OK, ROOT
from .npm_tarball import Tarball, TarballError, unpacked

FOLDER = ROOT / "scripts" / "judges"
MODULES = FOLDER / "node_modules"
VENDOR = FOLDER / "vendor"  # the pinned tarballs, unpacked (git-ignored)
# To update a pin: `npm view NAME@VERSION dist.integrity`.
NU_CHECKER = Tarball(
    "vnu-jar",
    "26.9.27",
    "sha512-TkQd5DFfOaWC9ebtvozTsrH2Vaod3jYg+vrOeREzIXxBexLz9+rS2DNtjn7+RPUiZhgli0SghgBX6RJRNea0KA==",
)
# Lighthouse's lock overrides two dependencies its trace engine asks for as `latest`; npm 9.2 (Debian
# 12's and 13's) cannot load such a lock at all ("Invalid comparator: latest" in its override
# matching, npm/cli#5955), while a newer npm refuses the lock without them once those packages
# publish again. So the lock is installed with this npm, run by whatever Node.js is there.
NPM = Tarball(
    "npm",
    "10.9.9",
    "sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==",
)
VNU_JAR = VENDOR / NU_CHECKER.folder_name / "build" / "dist" / "vnu.jar"
LIGHTHOUSE = MODULES / "lighthouse" / "cli" / "index.js"

# One page of each kind, as a path below a language's root ("" is the home page): the hand-written
# pages, and record pages picked for their content; `page_types` adds one of every other type of
# record page the registry lists (macros/core/settings/addresses.py's RECORD_PAGES).
PAGE_TYPES = {
    "home": "",
    "layer index": "layers/",
    "layer": "layers/kernel-dsl/",
    "tool index": "tools/",
    "tool (Triton)": "tools/triton/",
    "tool (cuBLAS)": "tools/cublas/",
    "chain index": "chains/",
    "chain": "chains/triton-pipeline/",
    "compare": "compare/",
    "path finder": "paths/",
    "path finder start": "paths/jax/",
    "measured": "measured/",
    "method": "method/",
    "toolkits": "toolkits/",
    "choose": "choose/",
    "learn": "learn/",
    "misconceptions": "misconceptions/",
    "concepts index": "concepts/",
    "glossary": "glossary/",
    "references": "references/",
    "print": "print/",
    "contribute": "contribute/",
    "404": "404.html",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Every category at 100, except mobile performance: at least 90 on the pages readers land on.
PERFORMANCE_PAGES = ("home", "tool (Triton)", "chain", "measured", "path finder")
PERFORMANCE_TARGET = 90
# Performance varies from run to run (mostly Total Blocking Time, with the machine's load), so a
# page with a performance target is run this many times and judged by its median run.
PERFORMANCE_RUNS = 3


@dataclass(frozen=True)
class ThemeError:
    """A Nu checker error the theme makes, which no override short of copying its base template removes."""

    message: str  # a regex the checker's message matches
    extract: str  # a regex the quoted markup matches, so the same error of the project's own still counts
    reason: str


THEME_ERRORS = (
    ThemeError(
        message=r"Attribute “autocomplete” is only allowed when the input type is",
        extract=r'data-md-toggle="(drawer|search)"',
        reason=(
            "Material's base.html puts autocomplete=off on its drawer and search toggles (checkboxes) so "
            "Firefox does not restore them checked on Back; it is outside any template block, so only a "
            "copy of the whole base.html could drop it"
        ),
    ),
)


class JudgeError(RuntimeError):
    """A judge cannot run: the message says what to install or do."""


@dataclass(frozen=True)
class Page:
    """One page the judges read: its page type, language, file in the site and path below the site's root."""

    kind: str
    lang: str
    path: str

    @property
    def label(self) -> str:
        return f"{self.lang} {self.kind}"

    def file(self, site: Path) -> Path:
        return site / (self.path if self.path.endswith(".html") else self.path + "index.html")


def page_types(model: Model) -> dict[str, str]:
    """PAGE_TYPES, and a page of every record page type of the registry they lack (its first record's)."""
    found = dict(PAGE_TYPES)
    for page_type in RECORD_PAGES:
        if not any(
            path.startswith(f"{page_type.folder}/") and path != f"{page_type.folder}/" for path in found.values()
        ):
            first = next(iter(getattr(model, page_type.collection)), None)
            if first is not None:
                found[page_type.folder] = f"{page_type.folder}/{first}/"
    return found


def pages(languages: Languages, model: Model) -> list[Page]:
    """Every page type in every language, the default language first."""
    types = page_types(model)
    return [Page(kind, lang, languages.prefix(lang) + path) for lang in languages.codes for kind, path in types.items()]


# ---------------------------------------------------------------- installing


def _locked_version(package: str) -> str | None:
    lock = json.loads((FOLDER / "package-lock.json").read_text(encoding="utf-8"))
    return lock["packages"].get(f"node_modules/{package}", {}).get("version")


def installed(package: str) -> bool:
    """Whether node_modules holds `package` at the version the lock pins."""
    manifest = MODULES / package / "package.json"
    if not manifest.exists():
        return False
    return json.loads(manifest.read_text(encoding="utf-8")).get("version") == _locked_version(package)


def install(with_lighthouse: bool) -> None:
    """Fetch the Nu checker when missing, and with `with_lighthouse`, `npm ci` Lighthouse when missing."""
    if not shutil.which("java"):
        raise JudgeError("java not found: the Nu HTML checker needs it (apt-get install default-jre-headless).")
    try:
        if not VNU_JAR.exists():
            print(f"Installing the Nu HTML checker: {NU_CHECKER.url}", flush=True)
        unpacked(NU_CHECKER, VENDOR)
        if with_lighthouse and not installed("lighthouse"):
            _npm_ci()
    except TarballError as error:
        raise JudgeError(str(error)) from None


def _npm_ci() -> None:
    node = shutil.which("node")
    if not node:
        raise JudgeError("node not found: Lighthouse runs on Node.js 18.17 or newer (apt-get install nodejs).")
    npm = unpacked(NPM, VENDOR) / "bin" / "npm-cli.js"
    # Install scripts are skipped: none of Lighthouse's dependencies needs one here.
    command = [node, str(npm), "ci", "--prefix", str(FOLDER), "--ignore-scripts", "--no-audit", "--no-fund"]
    print(f"Installing Lighthouse (npm ci in {FOLDER.relative_to(ROOT)}, npm {NPM.version})", flush=True)
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise JudgeError(f"npm ci failed in {FOLDER.relative_to(ROOT)}:\n{done.stderr.strip()[-3000:]}")


# ---------------------------------------------------------------- the Nu HTML checker


@dataclass(frozen=True)
class NuError:
    """One error the Nu checker found: where, what, and the markup it quotes."""

    file: Path
    line: int
    message: str
    extract: str

    def theme_reason(self) -> str | None:
        """Why the theme makes this error, when it is one of THEME_ERRORS; else None."""
        for known in THEME_ERRORS:
            if re.search(known.message, self.message) and re.search(known.extract, self.extract):
                return known.reason
        return None

    def format(self, site: Path) -> str:
        where = self.file.relative_to(site) if self.file.is_relative_to(site) else self.file
        return f"{where}:{self.line}: {self.message}  [{' '.join(self.extract.split())[:120]}]"


def nu_errors(files: list[Path]) -> list[NuError]:
    """The Nu checker's errors (warnings left out) over `files`, in one run of the checker."""
    if not VNU_JAR.exists():
        raise JudgeError(f"{VNU_JAR.relative_to(ROOT)} not found: run `python -m scripts judges --install nu`.")
    command = ["java", "-jar", str(VNU_JAR), "--errors-only", "--format", "json", "--stdout", *map(str, files)]
    done = subprocess.run(command, capture_output=True, text=True)
    try:
        messages = json.loads(done.stdout)["messages"]
    except (json.JSONDecodeError, KeyError) as error:
        raise JudgeError(f"the Nu checker gave no report ({error}):\n{done.stderr.strip()[-3000:]}") from error
    return [
        NuError(
            file=Path(message.get("url", "file:").removeprefix("file:")),
            line=message.get("lastLine", 0),
            message=message["message"],
            extract=message.get("extract", ""),
        )
        for message in messages
        if message["type"] in ("error", "non-document-error")
    ]


def report_nu(site: Path, checked: list[Page]) -> bool:
    """Print the Nu checker's errors over `checked`; True when none is of the project's own making."""
    errors = nu_errors([page.file(site) for page in checked])
    own = [error for error in errors if error.theme_reason() is None]
    theirs: dict[str, int] = {}
    for error in errors:
        if error.theme_reason():
            theirs[error.theme_reason()] = theirs.get(error.theme_reason(), 0) + 1
    print(f"\n== Nu HTML checker: {len(checked)} pages ({len({p.kind for p in checked})} page types, every language)")
    print(f"  errors of the project's own: {len(own)}")
    for error in own:
        print(f"    {error.format(site)}")
    for reason, count in theirs.items():
        print(f"  the theme's own, left: {count} ({reason})")
    return not own


# ---------------------------------------------------------------- Lighthouse


@dataclass(frozen=True)
class Scores:
    """One Lighthouse run: each category's score (0-100), what it failed on, the metrics it lost on."""

    categories: dict[str, int]
    failing: list[str]  # accessibility, best-practices and SEO audits that did not pass
    metrics: dict[str, float]  # performance metrics under full marks, by acronym (LCP, TBT …)
    diagnostics: list[str]  # performance audits that did not pass (they weigh nothing themselves)


def lighthouse(url: str, report: Path) -> Scores:
    """Run Lighthouse (mobile, the default form factor) on `url` in Debian's headless Chromium."""
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={flags}",
    ]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
    if done.returncode != 0 or not report.exists():
        raise JudgeError(f"Lighthouse failed on {url}:\n{(done.stderr or done.stdout).strip()[-3000:]}")
    return read_report(json.loads(report.read_text(encoding="utf-8")))


def read_report(result: dict) -> Scores:
    """The scores and the audits not passed, from a Lighthouse JSON report."""
    categories = {key: round(100 * (result["categories"][key]["score"] or 0)) for key in CATEGORIES}
    failing, metrics, diagnostics = [], {}, []
    for key in CATEGORIES:
        for ref in result["categories"][key]["auditRefs"]:
            audit = result["audits"][ref["id"]]
            scored = audit["scoreDisplayMode"] in ("binary", "numeric", "metricSavings")
            if not scored or (audit["score"] if audit["score"] is not None else 1) >= 1:
                continue
            if key != "performance":
                failing.append(audit["id"])
            elif ref.get("group") == "metrics":
                metrics[ref.get("acronym", audit["id"])] = audit["score"]
            else:
                diagnostics.append(audit["id"])
    return Scores(categories, failing, metrics, diagnostics)


def misses(kind: str, scores: Scores) -> list[str]:
    """The targets a page type's scores miss."""
    missed = [f"{key} {scores.categories[key]}" for key in CATEGORIES[1:] if scores.categories[key] < 100]
    if kind in PERFORMANCE_PAGES and scores.categories["performance"] < PERFORMANCE_TARGET:
        missed.append(f"performance {scores.categories['performance']} < {PERFORMANCE_TARGET}")
    return missed


def report_lighthouse(base_url: str, checked: list[Page], reports: Path) -> bool:
    """Run Lighthouse on every page of `checked`, keeping its reports in `reports`, and print the
    scores; True when every target is met."""
    version = json.loads((MODULES / "lighthouse" / "package.json").read_text(encoding="utf-8"))["version"]
    print(f"\n== Lighthouse {version}, mobile (simulated slow 4G, 4x CPU slowdown)")
    print(f"  targets: 100 but performance; performance >= {PERFORMANCE_TARGET} on {', '.join(PERFORMANCE_PAGES)}")
    print(f"  {'page':<22} perf a11y   bp  seo  performance runs; metrics under full marks; audits not passed")
    missed, diagnostics = [], {}
    for page in checked:
        stem = f"{page.lang}-{re.sub(r'[^a-z0-9]+', '-', page.kind.lower()).strip('-')}"
        runs = PERFORMANCE_RUNS if page.kind in PERFORMANCE_PAGES else 1
        results = [lighthouse(base_url + page.path, reports / f"{stem}-{run + 1}.json") for run in range(runs)]
        scores = sorted(results, key=lambda result: result.categories["performance"])[runs // 2]
        figures = " ".join(f"{scores.categories[key]:>4}" for key in CATEGORIES)
        notes = ", ".join([f"{name} {score:.2f}" for name, score in scores.metrics.items()] + scores.failing)
        if runs > 1:
            spread = "/".join(str(result.categories["performance"]) for result in results)
            notes = f"median of {spread}; {notes}"
        print(f"  {page.label:<22}{figures}  {notes}", flush=True)
        missed += [f"{page.label}: {miss}" for miss in misses(page.kind, scores)]
        for audit in scores.diagnostics:
            diagnostics[audit] = diagnostics.get(audit, 0) + 1
    if diagnostics:
        print("  performance audits not passed (they weigh nothing of their own), on how many pages:")
        print("    " + ", ".join(f"{audit} {count}" for audit, count in sorted(diagnostics.items())))
    for miss in missed:
        print(f"  [MISSED] {miss}")
    return not missed


# ---------------------------------------------------------------- the command


def judge(judges: tuple[str, ...] = ("nu", "lighthouse"), reports: Path | None = None) -> bool:
    """Build the site for a local address, serve it there, run the judges; True when all pass.

    Lighthouse's JSON reports are kept in `reports` when given."""
    from .static_server import bind, running

    install(with_lighthouse="lighthouse" in judges)
    checked = pages(read_languages(ROOT / "mkdocs.yml"), load(ROOT / "data"))
    with tempfile.TemporaryDirectory(prefix="gsm-judges-") as folder:
        site = Path(folder) / "site"
        with running(bind(site, like_github_pages=True)) as base_url:
            # Built for the address it is served at, as a host serves it: the canonical and
            # hreflang URLs (and the sitemaps Material fetches next to them) stay on this server.
            print(f"Building the site for {base_url} …", flush=True)
            # With the PDFs, as deployed: the print page shows each one's first page and size.
            command = [sys.executable, "-m", "scripts", "build", "-d", str(site)]
            env = {**os.environ, environment.SITE_URL: base_url}
            done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                raise JudgeError(f"the site did not build:\n{(done.stdout + done.stderr).strip()[-3000:]}")
            ok = True
            if "nu" in judges:
                ok = report_nu(site, checked) and ok
            if "lighthouse" in judges:
                (reports or Path(folder)).mkdir(parents=True, exist_ok=True)
                ok = report_lighthouse(base_url, checked, reports or Path(folder)) and ok
    return ok


def add_arguments(parser) -> None:
    parser.add_argument(
        "--only", choices=("nu", "lighthouse"), help="run one judge (default: both, the Nu checker first)"
    )
    parser.add_argument(
        "--install",
        choices=("nu", "all"),
        help="only install the judges (nu: the Nu checker, as the tests need; all: with Lighthouse) and exit",
    )
    parser.add_argument("--reports", type=Path, help="keep Lighthouse's JSON report of each page in this folder")


def run(args) -> int:
    try:
        if args.install:
            install(with_lighthouse=args.install == "all")
            return OK
        return OK if judge((args.only,) if args.only else ("nu", "lighthouse"), args.reports) else FAILED
    except JudgeError as error:
        print(error, file=sys.stderr)
        return FAILED
