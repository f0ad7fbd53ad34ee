"""Benchmark the build and print where the time and bytes go (a report, not a test).

Measures the real data and a synthetic data set 10x larger (made in a temp folder):
load+validate, diagram rendering (cold, warm, parallel speedup), mkdocs build per
language, link check, peak memory, page weights, search index size, and how fast
`make serve` shows a saved edit, `make build`'s time against a control site (bare Material +
static-i18n + search at the same page count), and what each namespace of the build cache saves
a build that changes nothing. Ends with each target and whether it is met,
then the independent judges' verdicts (scripts/judges.py: the Nu HTML checker and Lighthouse).
"""

from __future__ import annotations

import gzip
import json
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import yaml

from macros.core.data import translations
from macros.core.data.loading import load
from macros.core.data.records import references_in
from macros.core.diagrams.graphviz import Diagrams
from macros.core.diagrams.registry import every_dot, site_diagrams
from macros.core.pipeline.cache import BuildKey, DiskCache
from macros.core.settings import environment
from macros.core.settings.languages import read_languages

from . import judges
from .common import OK, ROOT
from .linkcheck import check
from .translations import read_sources

CONTROL_SCRIPT = ROOT.parent / "shared" / "tools" / "baseline-site.py"

MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "print(done.returncode, time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.stderr.write(done.stderr)\n"
)


def timed(command: list[str], env: dict) -> tuple[float, float, str]:
    """Run a command; return (seconds, peak RSS in MiB of it and its children, stderr)."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], env=env, capture_output=True, text=True)
    code, seconds, peak_kib = done.stdout.split()
    if code != "0":
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return float(seconds), int(peak_kib) / 1024, done.stderr


def load_seconds(data: Path, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        load(data)
        best = min(best, time.perf_counter() - start)
    return best


def diagram_figures(data: Path) -> dict:
    """Cold render of every site diagram with 1 worker and with all cores, then warm."""
    dots = every_dot(site_diagrams(load(data)), read_languages(ROOT / "mkdocs.yml").codes)
    figures = {"count": len(set(dots))}
    key = BuildKey.of(data, ROOT / "mkdocs.yml")
    for workers in (1, os.cpu_count() or 1):
        with tempfile.TemporaryDirectory() as cache:
            renderer = Diagrams(DiskCache(Path(cache), key).namespace("diagrams"))
            start = time.perf_counter()
            renderer.render_many(dots, workers=workers)
            figures[f"cold_{workers}"] = time.perf_counter() - start
            start = time.perf_counter()
            renderer.render_many(dots, workers=workers)
            figures["warm"] = time.perf_counter() - start
            figures["largest_svg"] = max(p.stat().st_size for p in Path(cache).rglob("*.svg"))
    return figures


def build_figures(data: Path, work: Path) -> dict:
    """Cold build (empty caches), warm rebuild (same data, caches kept), per-language split, peak memory."""
    cache = work / "cache"
    env = {**os.environ, environment.DATA_DIR: str(data), environment.CACHE_DIR: str(cache), "NO_MKDOCS_2_WARNING": "1"}
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "-f",
        str(ROOT / "mkdocs.yml"),
        "-d",
        str(work / "site"),
    ]
    cold, cold_peak, log = timed(command, env)
    counter = work / "dot-runs.txt"
    warm, warm_peak, _ = timed(command, {**env, environment.DOT_COUNTER: str(counter)})
    # `make build`'s command (both languages side by side, Pagefind, no PDFs), from the cache
    # the builds above filled: the build once to settle its own parts, then after one edit.
    project = [sys.executable, "-m", "scripts", "build", "--no-print", "-d", str(work / "edit-site")]
    timed(project, env)
    return {
        "cold": cold,
        "warm": warm,
        "edit": edit_seconds(project, env, data),
        "peak_mib": max(cold_peak, warm_peak),
        "dot_runs_warm": len(counter.read_text().splitlines()) if counter.exists() else 0,
        "per_language": per_language(command, env),
        "site": work / "site",
    }


def per_language(command: list[str], env: dict) -> dict:
    """Seconds each language takes, from when static-i18n announces it to the next."""
    stamps = []
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    start = time.perf_counter()
    for line in process.stderr:
        found = re.search(r"Building '(\w+)' documentation", line)
        if found:
            stamps.append((found.group(1), time.perf_counter()))
    process.wait()
    end = time.perf_counter()
    stamps.append(("end", end))
    result = {"setup": stamps[0][1] - start if stamps else 0.0}
    for (lang, at), (_, after) in zip(stamps, stamps[1:], strict=False):
        result[lang] = after - at
    return result


def link_check_seconds(site: Path) -> float:
    start = time.perf_counter()
    check(site, quiet=True)
    return time.perf_counter() - start


def page_weights(site: Path) -> dict:
    """HTML, inline SVG and gzip'd bytes of three typical pages, and the heaviest page."""

    def weigh(path: Path) -> dict:
        raw = path.read_bytes()
        svg = sum(
            len(m.group(0).encode()) for m in re.finditer(r"<svg role=\"img\".*?</svg>", raw.decode("utf-8"), re.S)
        )
        return {"html": len(raw), "svg": svg, "gzip": len(gzip.compress(raw, 9, mtime=0))}

    languages = read_languages(ROOT / "mkdocs.yml")
    other = languages.prefix(languages.others[0]) if languages.others else ""
    chain = next(p for p in sorted((site / other / "chains").iterdir()) if (p / "index.html").exists())
    weights = {
        f"home ({languages.default})": weigh(site / "index.html"),
        f"tool page ({other}tools/triton)": weigh(site / other / "tools" / "triton" / "index.html"),
        f"chain page ({other}chains/{chain.name})": weigh(chain / "index.html"),
    }
    heaviest = max(site.rglob("*.html"), key=lambda p: len(gzip.compress(p.read_bytes(), 9, mtime=0)))
    weights[f"heaviest ({heaviest.relative_to(site)})"] = weigh(heaviest)
    return weights


def search_index_sizes(site: Path) -> dict:
    """The search files on disk: Pagefind's bundle (a page fetches only the chunks its query
    needs, `make search-eval` prints how much) and the name index per language."""
    bundle = [p for p in (site / "pagefind").rglob("*") if p.is_file()]
    sizes = {"pagefind bundle": {"files": len(bundle), "bytes": sum(p.stat().st_size for p in bundle)}}
    for names in sorted((site / "search").glob("names-*.json")):
        data = names.read_bytes()
        sizes[names.name] = {"bytes": len(data), "gzip": len(gzip.compress(data, 9, mtime=0))}
    return sizes


def serve_edit_figures(data: Path, work: Path, rounds: int = 5) -> dict:
    """`make serve` (python -m scripts serve) on a copy of the data. Each round saves one edit,
    times until the page polled over HTTP shows it, then until the search index has been
    rewritten (pagefind-entry.json changes), then restores the file and waits for the page to
    show the old text again. Two edits: the English summary of one tool outside the stack diagram
    (`rounds` times), and one layer's English name, which the stack on every page draws (3 times)."""
    env = {
        **os.environ,
        environment.DATA_DIR: str(data),
        "NO_MKDOCS_2_WARNING": "1",
        environment.CACHE_DIR: str(work / "cache"),
    }
    with socket.socket() as probe:  # a free port on loopback
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "scripts", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    log = (work / "serve.log").open("wb")  # a file, not a pipe: a full pipe would stall the server
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    tool = an_undrawn_tool(data)
    layer = yaml.safe_load((data / "layers.yaml").read_text(encoding="utf-8"))["layers"][0]
    edits = {
        "one record's field": (data / "tools.yaml", tool["summary"]["en"], f"{base}en/tools/{tool['id']}/", rounds),
        "a layer name (every page)": (data / "layers.yaml", layer["name"]["en"], f"{base}en/", 3),
    }
    figures: dict[str, dict[str, list[float]]] = {}
    originals = {path: path.read_text(encoding="utf-8") for path, *_ in edits.values()}
    try:
        poll(lambda: fetch(f"{base}en/") is not None, 600)
        for what, (path, text, url, times) in edits.items():
            original = path.read_text(encoding="utf-8")
            if text not in original:
                raise SystemExit(f"bench: could not find {text!r} in {path}")
            page, search = [], []
            for n in range(times):
                on_page, in_search = timed_edit(base, path, original, text, url, f"bench{n}edit")
                page.append(on_page)
                search.append(in_search)
            figures[what] = {"page": page, "search": search}
        return figures
    finally:
        for path, original in originals.items():
            path.write_text(original, encoding="utf-8")
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        log.close()


def timed_edit(base: str, path: Path, original: str, text: str, url: str, marker: str) -> tuple[float, float]:
    """Save `marker` after `text` in `path`: seconds until `url` shows it, and until the search
    index is rewritten; then restore the file and wait until all is as it was."""
    entry_url = f"{base}pagefind/pagefind-entry.json"
    entry = fetch(entry_url)
    start = time.perf_counter()
    path.write_text(original.replace(text, f"{text} {marker}", 1), encoding="utf-8")
    poll(lambda: marker in (fetch(url) or ""), 300)
    on_page = time.perf_counter() - start
    poll(lambda: fetch(entry_url) not in (None, entry), 300)
    in_search = time.perf_counter() - start
    path.write_text(original, encoding="utf-8")
    # Settled: the old text served, and the search index as it was (Pagefind's files are named
    # by their content, so the same pages give the same entry).
    poll(lambda: marker not in (fetch(url) or marker), 300)
    poll(lambda: fetch(entry_url) == entry, 300)
    return on_page, in_search


def an_undrawn_tool(data: Path) -> dict:
    """The first tool the stack diagram does not draw: a drawn tool's summary is its box's tooltip
    in the stack of every page, so editing it is an every-page edit, like a layer's name."""
    layers = yaml.safe_load((data / "layers.yaml").read_text(encoding="utf-8"))["layers"]
    drawn = {tool_id for layer in layers for tool_id in layer.get("diagram", [])}
    tools = yaml.safe_load((data / "tools.yaml").read_text(encoding="utf-8"))["tools"]
    return next(tool for tool in tools if tool["id"] not in drawn)


def edit_seconds(command: list[str], env: dict, data: Path) -> float:
    """One build after one tool's English summary changed (from the cache the last build left)."""
    path = data / "tools.yaml"
    original = path.read_text(encoding="utf-8")
    summary = an_undrawn_tool(data)["summary"]["en"]
    path.write_text(original.replace(summary, f"{summary} (edited)", 1), encoding="utf-8")
    try:
        return timed(command, env)[0]
    finally:
        path.write_text(original, encoding="utf-8")


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def poll(condition, seconds: float) -> None:
    """Wait until `condition()` holds (checked every 50 ms), or fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("bench: timed out waiting for the served page")
        time.sleep(0.05)


CLONED = ("tools", "chains", "tables", "lists", "glossary")


def synthetic(data: Path, into: Path, factor: int = 10) -> Path:
    """A data set `factor` times larger: every tool, chain, table, list and glossary term copied
    under new ids. Copy n of a record names copy n of every record it refers to (its relations,
    a chain's steps, a table's rows), so each copy is a whole second stack wired like the real one;
    both languages of every text come along, and the translation lock records the copies' fields."""
    target = into / "data"
    shutil.copytree(data, target)
    model = load(data)
    for stem in CLONED:
        path = target / f"{stem}.yaml"
        records = yaml.safe_load(path.read_text(encoding="utf-8"))[stem]
        copies = list(records)
        for n in range(1, factor):
            for record in records:
                clone = json.loads(json.dumps(record))
                clone["id"] = copy_id(record["id"], n)
                for where, named, refers_to in references_in(getattr(model, stem)[record["id"]]):
                    if refers_to.collection in CLONED:
                        set_at(clone, where, copy_id(named, n))
                if stem == "tools":
                    clone["summary"] = {k: f"{v} ({n})" for k, v in record["summary"].items()}
                copies.append(clone)
        path.write_text(yaml.safe_dump({stem: copies}, allow_unicode=True), encoding="utf-8")
    sources = read_sources(target)
    lock, _ = translations.read_lock(target)
    translations.write_lock(target, translations.record_unrecorded(translations.status(sources, lock), lock))
    return target


def copy_id(record_id: str, n: int) -> str:
    return f"{record_id}-copy{n}"


def set_at(record: dict, where: tuple, value: str) -> None:
    """Set the value at a YAML path (keys and list indexes) inside `record`."""
    *parents, last = where
    for key in parents:
        record = record[key]
    record[last] = value


def report(name: str, real: dict, big: dict | None) -> None:
    print(f"\n== {name}")
    for key, value in real.items():
        line = f"  {key:<34} {fmt(value)}"
        if big and key in big:
            line += f"   | larger data set: {fmt(big[key])}"
        print(line)


def fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}={fmt(v)}" for k, v in value.items())
    return str(value)


def pages_per_language(site: Path) -> int:
    """HTML pages of the default language (those outside the other languages' folders)."""
    others = set(read_languages(ROOT / "mkdocs.yml").others)
    return sum(1 for p in site.rglob("index.html") if p.relative_to(site).parts[0] not in others)


def mkdocs_build(config: Path, site: Path) -> list[str]:
    """The command that builds the site of `config` into `site`, quietly."""
    return [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)]


def control_ratios(data: Path, work: Path, pages: int, pairs: int = 5) -> dict | None:
    """Median ratio of the project's build time to a control site's at the same page count,
    warm (caches kept) and cold (empty caches), from `pairs` builds of each taken in turn."""
    if not CONTROL_SCRIPT.exists():
        print(f"  (no control site: {CONTROL_SCRIPT} is not there)")
        return None
    control = work / "control"
    probe = subprocess.run([sys.executable, str(CONTROL_SCRIPT), str(control), "1"], capture_output=True, text=True)
    per_copy = int(probe.stdout.split()[0])
    shutil.rmtree(control)
    copies = math.ceil(pages / per_copy)
    made = subprocess.run(
        [sys.executable, str(CONTROL_SCRIPT), str(control), str(copies)], capture_output=True, text=True
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", environment.DATA_DIR: str(data)}
    # What `make build` runs (both languages side by side, Pagefind, the PDFs) against a bare
    # MkDocs build of the control site.
    project = [sys.executable, "-m", "scripts", "build", "-d", str(work / "p-site")]
    baseline = mkdocs_build(control / "mkdocs.yml", work / "c-site")
    warm_cache = work / "warm-cache"
    timed(project, {**env, environment.CACHE_DIR: str(warm_cache)})  # fill the caches once
    ratios: dict[str, list[float]] = {"warm": [], "cold": []}
    seconds: dict[str, list[float]] = {"warm": [], "cold": [], "control": []}
    peaks: dict[str, list[float]] = {"project": [], "control": []}
    for n in range(pairs):
        for kind in ("warm", "cold"):
            cache = warm_cache if kind == "warm" else work / f"cold-cache-{n}"
            project_s, project_peak, _ = timed(project, {**env, environment.CACHE_DIR: str(cache)})
            control_s, control_peak, _ = timed(baseline, env)
            ratios[kind].append(project_s / control_s)
            seconds[kind].append(project_s)
            seconds["control"].append(control_s)
            peaks["project"].append(project_peak)
            peaks["control"].append(control_peak)
    return {
        "warm build s (median)": statistics.median(seconds["warm"]),
        "cold build s (median)": statistics.median(seconds["cold"]),
        "control build s (median)": statistics.median(seconds["control"]),
        "peak MiB of one process, build / control": [max(peaks["project"]), max(peaks["control"])],
        "control pages per language": int(made.stdout.split()[0]),
        "project pages per language": pages,
        "warm ratio (median)": statistics.median(ratios["warm"]),
        "warm ratios": [round(r, 2) for r in ratios["warm"]],
        "cold ratio (median)": statistics.median(ratios["cold"]),
        "cold ratios": [round(r, 2) for r in ratios["cold"]],
    }


def cache_savings(data: Path, work: Path, rounds: int) -> dict:
    """What each namespace of the build cache saves `make build` when nothing changed: builds
    with every namespace kept, and with one namespace emptied before the build (so that build
    remakes its entries), `rounds` of each taken in turn; seconds per build and bytes on disk.
    The finished sites (`sites/`) are emptied before every one of those builds, so each build
    runs; what they save is the last row: the same build with them kept."""
    cache = work / "cache"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", environment.DATA_DIR: str(data), environment.CACHE_DIR: str(cache)}
    project = [sys.executable, "-m", "scripts", "build", "-d", str(work / "site")]
    timed(project, env)  # fill every namespace
    sizes = {p.name: sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) for p in cache.iterdir() if p.is_dir()}
    seconds: dict[str, list[float]] = {name: [] for name in ("", *sorted(sizes))}
    for _ in range(rounds):
        for name in seconds:
            if name == "sites":
                timed(project, env)  # a build of these inputs, kept
            elif name:
                shutil.rmtree(cache / name)
            if name != "sites":
                shutil.rmtree(cache / "sites", ignore_errors=True)
            seconds[name].append(timed(project, env)[0])
    return {"seconds": seconds, "bytes": sizes}


def report_cache_savings(savings: dict) -> dict[str, float]:
    """Print each namespace's build with and without it; returns the seconds each saves."""
    runs_of = savings["seconds"]
    kept = runs_of[""]  # every namespace but the finished sites: the build runs
    rounds = len(kept)
    print(f"\n== build cache namespaces (make build, nothing changed; median of {rounds} [range])")
    print(f"  {'every namespace but sites':<26} {statistics.median(kept):6.1f} s [{min(kept):.1f}–{max(kept):.1f}]")
    saved = {}
    for name, runs in runs_of.items():
        if not name:
            continue
        if name == "sites":  # kept, against the build that runs
            saved[name] = statistics.median(kept) - statistics.median(runs)
            label = "with sites too"
        else:
            saved[name] = statistics.median(runs) - statistics.median(kept)
            label = "without " + name
        print(
            f"  {label:<26} {statistics.median(runs):6.1f} s [{min(runs):.1f}–{max(runs):.1f}]"
            f"   saves {saved[name]:5.1f} s, keeps {savings['bytes'][name] / 1e6:.1f} MB"
        )
    return saved


def suite_figures() -> dict:
    """`make test`'s suite (pytest -n auto), run once: its wall time and the CPU seconds of every
    process it started (user + system)."""
    measure = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(done.returncode, time.perf_counter() - start, usage.ru_utime + usage.ru_stime)\n"
    )
    command = [
        sys.executable,
        "-c",
        measure,
        sys.executable,
        "-m",
        "pytest",
        "-n",
        "auto",
        "-q",
        "-p",
        "no:cacheprovider",
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    code, wall, cpu = done.stdout.split()
    return {"make test wall s": float(wall), "make test CPU s": float(cpu), "make test passed": code == "0"}


def add_arguments(parser) -> None:
    parser.add_argument("--skip-large", action="store_true", help="only the real data (faster)")
    parser.add_argument("--scale", type=int, default=10, help="size of the synthetic data set (default: 10x)")
    parser.add_argument("--suite", action="store_true", help="also run `make test`'s suite: wall and CPU seconds")
    parser.add_argument("--pairs", type=int, default=5, help="paired builds against the control site (default: 5)")
    parser.add_argument(
        "--cache-rounds", type=int, default=3, help="warm builds per cache namespace, with and without it (default: 3)"
    )
    parser.add_argument(
        "--skip-judges", action="store_true", help="no Nu HTML checker and Lighthouse (about 20 minutes on 2 cores)"
    )


def run(args) -> int:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sets = {"real": shutil.copytree(ROOT / "data", tmp / "real" / "data")}
        if not args.skip_large:
            sets["10x"] = synthetic(ROOT / "data", tmp / "big", args.scale)
        for name, data in sets.items():
            model = load(data)
            print(f"[{name}] {len(model.tools)} tools, {len(model.chains)} chains: measuring …", flush=True)
            result = {"load+validate s": load_seconds(data)}
            diagrams = diagram_figures(data)
            result["diagrams"] = diagrams["count"]
            result["diagrams cold s (1 core)"] = diagrams["cold_1"]
            cores = os.cpu_count() or 1
            result[f"diagrams cold s ({cores} cores)"] = diagrams[f"cold_{cores}"]
            result["diagrams warm s"] = diagrams["warm"]
            result["largest SVG bytes"] = diagrams["largest_svg"]
            build = build_figures(data, tmp / name)
            result["build cold s"] = build["cold"]
            result["build warm s"] = build["warm"]
            result["make build after one edit s"] = build["edit"]
            result["build per language s"] = build["per_language"]
            result["dot runs on warm build"] = build["dot_runs_warm"]
            result["peak memory MiB"] = build["peak_mib"]
            result["link check s"] = link_check_seconds(build["site"])
            results[name] = (result, build["site"])
        real, site = results["real"]
        control = control_ratios(sets["real"], tmp / "control-run", pages_per_language(site), args.pairs)
        if control:
            real.update(control)
        serve = serve_edit_figures(sets["real"], tmp / "real")
        for what, runs in serve.items():
            for kind, label in (("page", "on the page"), ("search", "in search")):
                real[f"serve: {what} → {label} s (median)"] = statistics.median(runs[kind])
                real[f"serve: {what} → {label} s (runs)"] = [round(r, 2) for r in runs[kind]]
        if args.suite:
            real.update(suite_figures())
        savings = cache_savings(sets["real"], tmp / "cache-run", args.cache_rounds)
        big = results.get("10x", (None, None))[0]
        report("time and memory", real, big)
        real["seconds saved per namespace"] = report_cache_savings(savings)
        print("\n== page weights (bytes)")
        for page, weight in page_weights(site).items():
            print(f"  {page:<52} {fmt(weight)}")
        print("\n== search files (bytes)")
        for lang, size in search_index_sizes(site).items():
            print(f"  {lang:<18} {fmt(size)}")
        targets(real, big, page_weights(site), args.scale)
    if not args.skip_judges:
        try:
            judges.judge()
        except judges.JudgeError as error:
            print(f"\n== judges: not run: {error}")
    return OK


def targets(real: dict, big: dict | None, weights: dict, scale: int = 10) -> None:
    print("\n== targets")
    home_gzip = next(w["gzip"] for page, w in weights.items() if page.startswith("home"))
    heaviest = max(w["gzip"] for w in weights.values())
    checks = []
    if "warm ratio (median)" in real:
        checks += [
            (
                "a build with nothing changed <= 0.3 x the control site",
                real["warm ratio (median)"] <= 0.3,
                f"{real['warm ratio (median)']:.2f}x",
            ),
            (
                "cold build, PDFs included, <= 2.0 x the control site",
                real["cold ratio (median)"] <= 2.0,
                f"{real['cold ratio (median)']:.2f}x",
            ),
            (
                "peak memory <= 150 MiB per process (make build)",
                real["peak MiB of one process, build / control"][0] <= 150,
                "{:.0f} MiB (control: {:.0f} MiB)".format(*real["peak MiB of one process, build / control"]),
            ),
        ]
    checks += [
        (
            "warm rebuild <= 0.6 x cold build",
            real["build warm s"] <= 0.6 * real["build cold s"],
            f"{real['build warm s'] / real['build cold s']:.2f}x",
        ),
        ("0 dot runs when nothing changed", real["dot runs on warm build"] == 0, str(real["dot runs on warm build"])),
        (
            "every cache namespace saves a warm build >= 1 s",
            min(real["seconds saved per namespace"].values()) >= 1,
            ", ".join(f"{name} {saved:.1f} s" for name, saved in real["seconds saved per namespace"].items()),
        ),
        (
            "load+validate <= 5% of the build",
            real["load+validate s"] <= 0.05 * real["build warm s"],
            f"{100 * real['load+validate s'] / real['build warm s']:.1f}%",
        ),
        ("home page <= 150 KB gzip'd", home_gzip <= 150_000, f"{home_gzip / 1000:.0f} KB"),
        ("no page over 400 KB gzip'd", heaviest <= 400_000, f"{heaviest / 1000:.0f} KB"),
        (
            "serve: a saved edit of one record's field on the page in <= 3 s (median of 5)",
            real["serve: one record's field → on the page s (median)"] <= 3,
            "{:.1f} s, in search after {:.1f} s; a layer name (every page): {:.1f} s, in search after {:.1f} s".format(
                real["serve: one record's field → on the page s (median)"],
                real["serve: one record's field → in search s (median)"],
                real["serve: a layer name (every page) → on the page s (median)"],
                real["serve: a layer name (every page) → in search s (median)"],
            ),
        ),
    ]
    if big:
        ratio = big["build cold s"] / real["build cold s"]
        checks += [
            ("the larger data set builds cold in <= its size x the time", ratio <= scale, f"{ratio:.1f}x at {scale}x"),
            (
                "a one-record edit of the larger data set builds in <= 5 s",
                big["make build after one edit s"] <= 5,
                f"{big['make build after one edit s']:.1f} s (1x: {real['make build after one edit s']:.1f} s)",
            ),
            (
                "larger data set's peak memory <= 1 GiB",
                big["peak memory MiB"] <= 1024,
                f"{big['peak memory MiB']:.0f} MiB",
            ),
        ]
    if "make test wall s" in real:
        checks.append(
            (
                "make test <= 4 minutes wall on this machine",
                real["make test wall s"] <= 240,
                f"{real['make test wall s'] / 60:.1f} min, {real['make test CPU s']:.0f} CPU-s",
            )
        )
    cores = [k for k in real if k.startswith("diagrams cold s (") and "1 core" not in k]
    if cores:
        speedup = real["diagrams cold s (1 core)"] / real[cores[0]]
        checks.append(("parallel diagram rendering speeds up", speedup > 1.1, f"{speedup:.2f}x"))
    for name, met, figure in checks:
        print(f"  [{'met' if met else 'MISSED'}] {name}: {figure}")
