"""The project's one command line: `python -m scripts VERB [options]` (the Makefile calls it).

Each verb is a thin layer over a library function in its module; all share the exit codes
of scripts/common.py: 0 success, 1 the work failed (bad data, broken links …), 2 bad usage.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# verb → (summary, module, its function adding the verb's options, its function running it).
# Modules are imported for the verb that runs only: `build` need not load the benchmark's.
VERBS = {
    "validate": ("check data/ and print every problem with file:line", "validate", "add_arguments", "run"),
    "translations": (
        "list translations that may lag behind their other language",
        "translations",
        "add_arguments",
        "report",
    ),
    "translations-reviewed": (
        "mark bilingual fields reviewed (both languages agree)",
        "translations",
        "add_reviewed_arguments",
        "reviewed",
    ),
    "translations-lock": (
        "record new fields and fields changed in both languages in data/translations.lock",
        "translations",
        "add_reviewed_arguments",
        "record",
    ),
    "build": ("build the site (and the PDFs) into site/, swapped in only on success", "build", "add_arguments", "run"),
    "serve": ("build and serve the site, rebuilding on every edit", "build", "add_serve_arguments", "serve"),
    "print": ("write the printable posters and booklets", "print_posters", "add_arguments", "run"),
    "linkcheck": ("check every internal link and anchor of a built site", "linkcheck", "add_arguments", "run"),
    "new-tool": ("append a skeleton tool record to data/tools.yaml", "new_tool", "add_arguments", "run"),
    "diff-diagrams": ("report the diagrams a data change alters", "diff_diagrams", "add_arguments", "run"),
    "check-external": ("check the documentation URLs (network)", "check_external", "add_arguments", "run"),
    "export-schema": ("write data/schema/*.schema.json", "export_schema", "add_arguments", "run"),
    "search-eval": (
        "run the labelled queries through the built site's search and print top-1, top-3, MRR",
        "search_eval",
        "add_arguments",
        "run",
    ),
    "judges": (
        "build the site and run the Nu HTML checker and Lighthouse over every page type",
        "judges",
        "add_arguments",
        "run",
    ),
    "prose-figures": (
        "print each page's words, links and (in Chinese) share of Latin-script words",
        "prose_figures",
        "add_arguments",
        "run",
    ),
    "bench": ("benchmark the build and print the figures", "bench", "add_arguments", "run"),
    "engine-check": (
        "build the site with ProperDocs in place of MkDocs and compare it with the normal build",
        "engine_check",
        "add_arguments",
        "run",
    ),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts", description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    argv = sys.argv[1:] if argv is None else argv
    for name, (summary, module_name, add_arguments, run) in VERBS.items():
        sub = verbs.add_parser(name, help=summary, description=summary)
        if name in argv[:1]:  # the verb given: its module's options and function
            module = importlib.import_module(f".{module_name}", __package__)
            getattr(module, add_arguments)(sub)
            sub.set_defaults(run=getattr(module, run))
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
