"""The engine's side of the build's pages step (core/pipeline/site_build.py's `PageEngine`):
processes that run MkDocs, one per language, side by side.

EngineProcesses  `make build`: a `python -m mkdocs build --strict` per language, started per build.
LiveBuilders     `make serve`: a builder per language that stays (dev_server.worker), so neither
                 Python's imports nor the unchanged data are read again; restarted when the code
                 changes, since Python keeps the modules it imported.

Each process builds the language GSM_BUILD_LANGUAGE names (what crosses the process boundary;
state.py's ProcessOptions reads it) and saves its share of the site-wide files beside its site
folder (work/<lang>.json, state.parts_file).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from ..core.pipeline.inputs import code_files
from ..core.settings import environment
from . import engine


def language_env(env: Mapping[str, str], lang: str) -> dict[str, str]:
    """One language's process environment."""
    return {**env, "NO_MKDOCS_2_WARNING": "1", environment.BUILD_LANGUAGE: lang}  # no banner about MkDocs 2


class EngineProcesses:
    """A fresh engine process per language and build."""

    def __init__(self, config: Path, languages: tuple[str, ...], project: Path):
        self.config = config
        self.languages = languages
        self.project = project  # where the processes run: the package `macros` is imported from there

    def start(self, work: Path, env: Mapping[str, str]) -> Callable[[], bool]:
        command = [sys.executable, "-m", engine.NAME, "build", "--strict", "-f", str(self.config), "-d"]
        processes = [
            subprocess.Popen([*command, str(work / lang)], env=language_env(env, lang), cwd=self.project)
            for lang in self.languages
        ]
        return lambda: all([process.wait() == 0 for process in processes])


def code_stamp() -> tuple:
    """When and how big each file of the code is: changes when any of it is saved."""
    found = []
    for path in code_files():  # the build key's code (core/pipeline/inputs.py)
        stat = path.stat()
        found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


class LiveBuilders:
    """A builder process per language that builds on request, build after build."""

    def __init__(self, config: Path, languages: tuple[str, ...], project: Path, say: Callable[[str], None]):
        self.config = config
        self.languages = languages
        self.project = project
        self.say = say
        self.builders: dict[str, subprocess.Popen] = {}
        self.stamp: tuple = ()

    def _running(self, env: Mapping[str, str]) -> dict[str, subprocess.Popen]:
        stamp = code_stamp()
        alive = self.builders and all(p.poll() is None for p in self.builders.values())
        if not alive or stamp != self.stamp:
            if self.builders:
                self.say("The code changed: starting the builders again.")
            self.stop()
            command = [sys.executable, "-m", "macros.adapter.dev_server", str(self.config)]
            for lang in self.languages:
                self.builders[lang] = subprocess.Popen(
                    command,
                    cwd=self.project,
                    env={**language_env(env, lang), environment.SEARCH_LATER: "1"},
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            self.stamp = stamp
        return self.builders

    def start(self, work: Path, env: Mapping[str, str]) -> Callable[[], bool]:
        builders = self._running(env)
        for lang, builder in builders.items():
            builder.stdin.write(f"{work / lang}\n")
            builder.stdin.flush()
        return lambda: [builder.stdout.readline().strip() for builder in builders.values()] == ["ok"] * len(builders)

    def stop(self) -> None:
        for builder in self.builders.values():
            if builder.poll() is None:
                builder.stdin.close()
                try:
                    builder.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    builder.kill()
        self.builders = {}
