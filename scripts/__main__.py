"""The project's one command line: `python -m scripts VERB [options]` (the Makefile calls it).

Each verb is a thin layer over a library function in its module; all share the exit codes
of scripts/common.py: 0 success, 1 the work failed (bad data, broken links …), 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys

from . import (
    bench,
    build,
    check_external,
    diff_diagrams,
    engine_check,
    export_schema,
    judges,
    linkcheck,
    new_tool,
    print_posters,
    search_eval,
    translations,
    validate,
)

VERBS = {
    "validate": ("check data/ and print every problem with file:line", validate.add_arguments, validate.run),
    "translations": (
        "list translations that may lag behind their other language",
        translations.add_arguments,
        translations.report,
    ),
    "translations-reviewed": (
        "mark bilingual fields reviewed (both languages agree)",
        translations.add_reviewed_arguments,
        translations.reviewed,
    ),
    "translations-lock": (
        "record new fields and fields changed in both languages in data/translations.lock",
        translations.add_reviewed_arguments,
        translations.record,
    ),
    "build": ("build the site (and the PDFs) into site/, swapped in only on success", build.add_arguments, build.run),
    "serve": ("build and serve the site, rebuilding on every edit", build.add_serve_arguments, build.serve),
    "print": ("write the printable posters and booklets", print_posters.add_arguments, print_posters.run),
    "linkcheck": ("check every internal link and anchor of a built site", linkcheck.add_arguments, linkcheck.run),
    "new-tool": ("append a skeleton tool record to data/tools.yaml", new_tool.add_arguments, new_tool.run),
    "diff-diagrams": ("report the diagrams a data change alters", diff_diagrams.add_arguments, diff_diagrams.run),
    "check-external": ("check the documentation URLs (network)", check_external.add_arguments, check_external.run),
    "export-schema": ("write data/schema/*.schema.json", export_schema.add_arguments, export_schema.run),
    "search-eval": (
        "run the labelled queries through the built site's search and print top-1, top-3, MRR",
        search_eval.add_arguments,
        search_eval.run,
    ),
    "judges": (
        "build the site and run the Nu HTML checker and Lighthouse over every page type",
        judges.add_arguments,
        judges.run,
    ),
    "bench": ("benchmark the build and print the figures", bench.add_arguments, bench.run),
    "engine-check": (
        "build the site with ProperDocs in place of MkDocs and compare it with the normal build",
        engine_check.add_arguments,
        engine_check.run,
    ),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts", description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    for name, (summary, add_arguments, run) in VERBS.items():
        sub = verbs.add_parser(name, help=summary, description=summary)
        add_arguments(sub)
        sub.set_defaults(run=run)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
