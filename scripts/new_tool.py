"""Append a bilingual skeleton tool record to data/tools.yaml for a contributor to fill in.

The blanks are empty strings on purpose: `make validate` points at each one until it is
filled, so a half-finished record can never be published by accident.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from macros.core.data.loading import load
from macros.core.data.problems import DataError, did_you_mean

from .common import FAILED, OK, add_data_option

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

SKELETON = """\
  - id: {id}
    name: "{name}"            # as the project writes it; use {{zh: "…", en: "…"}} if the languages differ
    aliases: []               # other names search should find, e.g. [TRT]
    layer: {layer}
    kind: {kind}
    source: map
    summary:                  # one line: what it is
      zh: ""
      en: ""
    description:              # what it is, 1–3 sentences (delete if you have nothing to add)
      zh: ""
      en: ""
    input: {{zh: "", en: ""}}    # what it takes in (delete if not applicable)
    output: {{zh: "", en: ""}}   # what it produces (delete if not applicable)
    reaches_gpu:              # how its work reaches the GPU (delete if not applicable)
      zh: ""
      en: ""
    relations: []             # e.g. [{{type: uses, tool: cublas}}]
    docs: []                  # reference ids from data/references.yaml, e.g. [cublas-docs]
"""


def add_arguments(parser) -> None:
    parser.add_argument("id", help="new tool id: lowercase words joined by '-', e.g. flash-infer")
    parser.add_argument("layer", help="layer id, e.g. kernel-dsl")
    parser.add_argument("--kind", default="library", help="kind id from data/kinds.yaml (default: library)")
    parser.add_argument("--name", help="display name (default: the id)")
    add_data_option(parser)


def run(args) -> int:
    try:
        model = load(Path(args.data))
    except DataError as error:
        print(f"{error}\nFix these first (`make validate`), then add the tool.", file=sys.stderr)
        return FAILED
    problems = []
    if not ID_PATTERN.match(args.id):
        problems.append(f"'{args.id}' is not a valid id: use lowercase letters, digits and '-' (e.g. flash-infer).")
    if args.id in model.tools:
        problems.append(f"tool '{args.id}' already exists ({':'.join(map(str, model.source_line('tools', args.id)))}).")
    if args.layer not in model.layers:
        problems.append(
            f"unknown layer '{args.layer}'.{did_you_mean(args.layer, model.layers)} Layers: {', '.join(model.layers)}."
        )
    if args.kind not in model.kinds:
        problems.append(
            f"unknown kind '{args.kind}'.{did_you_mean(args.kind, model.kinds)} Kinds: {', '.join(model.kinds)}."
        )
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return FAILED
    tools = Path(args.data) / "tools.yaml"
    text = tools.read_text(encoding="utf-8")
    record = SKELETON.format(id=args.id, name=args.name or args.id, layer=args.layer, kind=args.kind)
    tools.write_text(text.rstrip("\n") + "\n" + record, encoding="utf-8")
    line = text.rstrip("\n").count("\n") + 2
    print(
        f"Added '{args.id}' at {tools}:{line}. Fill in the empty \"\" texts, then run `make validate` and `make translations-lock`."
    )
    return OK
