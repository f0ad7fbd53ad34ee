"""Hostile and broken input: every bad copy of data/ must fail fast and explain itself.

Each test breaks a scratch copy of the real data in one small way and runs the validator
as a contributor would (`python -m scripts validate --data DIR`, a subprocess with a timeout).
The contract, checked for every case:

* exit status 1, within a few seconds, and never a Python traceback;
* every reported problem has the shape `file:line:column: ...`;
* the problem names the file and line where the mistake is, and says what to do.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, line_of, replace_in, run_validate
from picks import a_misspelling, first_with, model
from written import Written

# A guard against a hang or a blow-up (an alias bomb, a quadratic read), not a speed goal: a clean
# run takes about two seconds, and `make bench` is where speed is measured.
FEW_SECONDS = 60
MAX_RSS_MB = 300  # generous: a clean run peaks around 45 MB
LOCATED = re.compile(r"^\S+\.(yaml|md):\d+:\d+: \S")
SUMMARY = re.compile(r"^\d+ error\(s\): fix them and run `make validate` again\.$")


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float | None = None

    @property
    def output(self) -> str:
        return f"--- exit {self.returncode} in {self.seconds:.1f}s ---\n{self.stdout}{self.stderr}"


def validate(data_dir: Path) -> Run:
    """Run the validator on a broken copy and check the contract shared by every case."""
    start = time.monotonic()
    try:
        done = run_validate(data_dir)
    except subprocess.TimeoutExpired:
        pytest.fail(f"validator hung: no answer after {time.monotonic() - start:.0f}s on {data_dir}")
    return check_failure(Run(done.returncode, done.stdout, done.stderr, time.monotonic() - start))


def validate_measured(data_dir: Path) -> Run:
    """Like `validate`, also measuring the child's peak memory (via a one-child wrapper)."""
    wrapper = (
        "import json, resource, subprocess, sys\n"
        "try:\n"
        "    done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=60)\n"
        "    result = [done.returncode, done.stdout, done.stderr]\n"
        "except subprocess.TimeoutExpired:\n"
        "    result = [None, '', 'validator hung for 60s']\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "sys.stdout.write(json.dumps(result + [peak]))\n"
    )
    command = [sys.executable, "-m", "scripts", "validate", "--data", str(data_dir)]
    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-c", wrapper, *command], capture_output=True, text=True, timeout=90, cwd=ROOT
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"validator hung: no answer after {time.monotonic() - start:.0f}s on {data_dir}")
    seconds = time.monotonic() - start
    assert done.returncode == 0, done.stderr
    returncode, stdout, stderr, peak = json.loads(done.stdout)
    if returncode is None:
        pytest.fail(f"validator hung: {stderr}")
    # ru_maxrss is in kilobytes on Linux, bytes on macOS.
    peak_mb = peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
    return check_failure(Run(returncode, stdout, stderr, seconds, peak_mb))


def check_failure(run: Run) -> Run:
    assert "Traceback" not in run.stdout + run.stderr, run.output
    assert run.returncode == 1, f"expected exit 1 (errors found)\n{run.output}"
    assert run.seconds < FEW_SECONDS, f"took {run.seconds:.1f}s, over {FEW_SECONDS}s\n{run.output}"
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert lines, f"no problem reported\n{run.output}"
    assert SUMMARY.match(lines[-1]), f"no error count at the end\n{run.output}"
    shapeless = [line for line in lines[:-1] if not LOCATED.match(line)]
    assert not shapeless, f"lines not shaped file:line:column: message: {shapeless}\n{run.output}"
    return run


def assert_reported(run: Run, path: Path, line: int, *fragments: str) -> str:
    """Some problem sits at `path:line:` and contains every fragment; return that problem."""
    prefix = f"{path}:{line}:"
    here = [p for p in run.stderr.splitlines() if p.startswith(prefix)]
    assert here, f"nothing reported at {path.name}:{line}\n{run.output}"
    matching = [p for p in here if all(fragment in p for fragment in fragments)]
    assert matching, f"at {path.name}:{line}, expected a problem containing {fragments!r}\n{run.output}"
    return matching[0]


def error_count(run: Run) -> int:
    return int(run.stderr.strip().splitlines()[-1].split()[0])


def lines_with(path: Path, exact: str) -> list[int]:
    return [n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text == exact]


# The records the fixtures below break, picked by what each needs (see tests/picks.py); the
# broken text is built from the record as written, so rewording a record breaks no test here.
MODEL = model()
REAL = ROOT / "data"
REAL_TOOLS, REAL_LAYERS, REAL_CHAINS, REAL_TABLES = (
    Written(REAL / f"{name}.yaml") for name in ("tools", "layers", "chains", "tables")
)
FIRST_LAYER_ID, LAST_LAYER_ID = (REAL_LAYERS.node("layers", i, "id").value for i in (0, -1))


def q(text: str) -> str:
    """`text` as a double-quoted YAML string."""
    return json.dumps(text, ensure_ascii=False)


def a_tool_with(field: str, block: bool | None = None) -> str:
    """A tool that has `field` (written as a block mapping, or on one line, if `block` says)."""
    return first_with(
        MODEL.tools.values(),
        lambda t: getattr(t, field) and (block is None or REAL_TOOLS.is_flow("tools", t.id, field) != block),
        f"tool with {field}",
    ).id


def a_named_tool_in_a_chain() -> tuple[tuple, str, str]:
    """(steps to it, its YAML path, its id) for the first tool a chain step names."""
    for chain in MODEL.chains.values():
        for s, step in enumerate(chain.steps):
            if step.tools:
                where = f"chains[{REAL_CHAINS.index('chains', chain.id)}].steps[{s}].tools[0]"
                return ("chains", chain.id, "steps", s, "tools", 0), where, step.tools[0]
    raise AssertionError("no chain step names a tool")


def a_row_tool() -> tuple[tuple, str, str]:
    """(steps to it, its YAML path, its id) for the first table row whose subject is a tool."""
    for table in MODEL.tables.values():
        for i, row in enumerate(table.rows):
            if row.tool:
                where = f"tables[{REAL_TABLES.index('tables', table.id)}].rows[{i}].tool"
                return ("tables", table.id, "rows", i, "tool"), where, row.tool
    raise AssertionError("no table row names a tool")


def a_finding(need) -> tuple[int, int]:
    """(check, finding) positions in data/checks/chains.yaml of the first finding that meets `need`."""
    checks = yaml.safe_load((REAL / "checks" / "chains.yaml").read_text(encoding="utf-8"))["checks"]
    return next((c, f) for c, check in enumerate(checks) for f, found in enumerate(check["findings"]) if need(found))


# --------------------------------------------------------------------------- YAML syntax

COLON_TOOL = a_tool_with("summary", block=True)  # plain text in a block mapping may not hold ": "
SYNTAX_ERRORS = {
    # name: (file, steps to the value broken, the broken text, the text on the line to report, fix hint)
    "unclosed-bracket": (
        "layers.yaml",
        ("layers", LAST_LAYER_ID, "gives"),
        "{zh: 计算结果, en: [Results}",
        "en: [Results}",
        "quoting",
    ),
    "colon-in-plain-text": (
        "tools.yaml",
        ("tools", COLON_TOOL, "summary", "zh"),
        "深度学习框架: Graph/eager 执行",
        "深度学习框架: Graph/eager",
        'Quote text that contains ": "',
    ),
    # In the last record, so nothing after it closes the quote.
    "unclosed-quote-at-end-of-file": (
        "layers.yaml",
        ("layers", LAST_LAYER_ID, "gives"),
        '{zh: 计算结果, en: "Results}',
        'en: "Results}',
        "quot",
    ),
}


@pytest.mark.parametrize("case", list(SYNTAX_ERRORS))
def test_yaml_syntax_error_is_reported_at_the_broken_line_with_a_quoting_hint(data_copy, case):
    name, steps, broken, needle, hint = SYNTAX_ERRORS[case]
    path = data_copy / name
    Written(path).replace(*steps, raw=broken)
    run = validate(data_copy)
    assert_reported(run, path, line_of(path, needle), "YAML syntax error", hint)


def test_tab_indentation_is_reported_with_its_line_and_a_spaces_hint(data_copy):
    layers = Written(data_copy / "layers.yaml")
    line = layers.key_line("layers", FIRST_LAYER_ID, "takes")
    layers.edit_line(line, lambda text: "\t" + text.lstrip(" "))
    run = validate(data_copy)
    assert_reported(run, layers.path, line, "YAML syntax error", "tab", "Indent with spaces")


def test_duplicate_key_in_a_mapping_points_at_the_second_and_names_the_first(data_copy):
    layers = Written(data_copy / "layers.yaml")
    first = layers.key_line("layers", FIRST_LAYER_ID, "takes")
    layers.edit_line(
        first, lambda text: f"{text}\n{text[: len(text) - len(text.lstrip())]}takes: {{zh: 重复, en: Duplicate}}"
    )
    run = validate(data_copy)
    assert_reported(
        run, layers.path, first + 1, "layers[0].takes", "duplicate key 'takes'", f"first on line {first}", "remove one"
    )


def test_a_python_tag_on_a_key_is_reported_not_constructed(data_copy):
    # Found by the fuzz test: a tagged mapping key used to escape as a traceback.
    layers = Written(data_copy / "layers.yaml")
    line = layers.key_line("layers", FIRST_LAYER_ID, "takes")
    layers.edit_line(line, lambda text: text.replace("takes:", "!!python/object takes:", 1))
    run = validate(data_copy)
    assert_reported(run, layers.path, line, "cannot read this value")


# --------------------------------------------------------------------------- ids and references


def test_duplicate_id_points_at_the_second_record_and_names_the_first_line(data_copy):
    tools = Written(data_copy / "tools.yaml")
    first_id = tools.node("tools", 0, "id").value
    tools.replace("tools", 1, "id", raw=first_id)
    first, second = tools.line("tools", 0), tools.line("tools", 1)
    run = validate(data_copy)
    assert_reported(
        run, tools.path, second, "tools[1].id", f"duplicate id '{first_id}'", f"first used on line {first}", "unique"
    )


def test_tool_pointing_at_a_missing_layer_suggests_the_closest_layer(data_copy):
    tools = Written(data_copy / "tools.yaml")
    tool = a_tool_with("layer")
    layer = MODEL.tools[tool].layer
    typo = a_misspelling(layer, MODEL.layers)
    tools.replace("tools", tool, "layer", raw=typo)
    run = validate(data_copy)
    assert_reported(
        run, tools.path, tools.line("tools", tool, "layer"), f"unknown layer '{typo}'", f"Did you mean '{layer}'?"
    )


def test_chain_step_pointing_at_a_missing_tool_suggests_the_closest_tool(data_copy):
    chains = Written(data_copy / "chains.yaml")
    steps, where, tool = a_named_tool_in_a_chain()
    typo = a_misspelling(tool, MODEL.tools)
    chains.replace(*steps, raw=typo)
    run = validate(data_copy)
    assert_reported(run, chains.path, chains.line(*steps), where, f"unknown tool '{typo}'", f"Did you mean '{tool}'?")


def test_table_row_pointing_at_a_missing_tool_suggests_the_closest_tool(data_copy):
    tables = Written(data_copy / "tables.yaml")
    steps, where, tool = a_row_tool()
    typo = a_misspelling(tool, MODEL.tools)
    tables.replace(*steps, raw=typo)
    run = validate(data_copy)
    assert_reported(run, tables.path, tables.line(*steps), where, f"unknown tool '{typo}'", f"Did you mean '{tool}'?")


def add_relation(tools: Written, tool_id: str, kind: str, target: str) -> int:
    """Add "<tool_id> <kind> <target>" to the tool's record; return its line."""
    relation = f"{{type: {kind}, tool: {target}}}"
    if MODEL.tools[tool_id].relations:
        return tools.append_item("tools", tool_id, "relations", raw=relation)
    return tools.add_key("tools", tool_id, key="relations", raw=f"[{relation}]")


def test_part_of_cycle_is_rejected_and_names_every_tool_in_it(data_copy):
    tools = Written(data_copy / "tools.yaml")
    # Two tools no relation names yet: each is made part of the other.
    related = set(MODEL.relations_towards) | {t.id for t in MODEL.tools.values() if t.relations}
    one, other = sorted(t for t in MODEL.tools if t not in related)[:2]
    add_relation(tools, one, "part-of", other)
    add_relation(tools, other, "part-of", one)
    run = validate(data_copy)
    problems = [p for p in run.stderr.splitlines() if "part-of cycle" in p]
    assert len(problems) == 1, f"the cycle should be reported once\n{run.output}"
    assert f"{one} → {other} → {one}" in problems[0], run.output
    assert "remove one of these part-of relations" in problems[0], run.output
    # Either end of the cycle is a fine place to point at: the relations of one or the other.
    where = problems[0].split(":")
    ends = [*tools.lines("tools", one), *tools.lines("tools", other)]
    assert where[0] == str(tools.path) and int(where[1]) in ends, run.output


def a_relation(kind: str, later_target: bool = False) -> tuple[str, int, str]:
    """(tool, index, target) of the first relation of `kind` between two tools related only by it
    (with `later_target`, the target's record comes after the tool's)."""
    pairs = [frozenset((t.id, rel.tool)) for t in MODEL.tools.values() for rel in t.relations]
    for tool in sorted(MODEL.tools.values(), key=lambda t: t.id):
        for index, rel in enumerate(tool.relations):
            once = pairs.count(frozenset((tool.id, rel.tool))) == 1
            later = REAL_TOOLS.index("tools", rel.tool) > REAL_TOOLS.index("tools", tool.id)
            if rel.type == kind and once and (later or not later_target):
                return tool.id, index, rel.tool
    raise AssertionError(f"no {kind} relation to pick")


def test_relation_stated_backwards_on_the_other_record_is_rejected_with_both_lines(data_copy):
    tools = Written(data_copy / "tools.yaml")
    # The one record says "A targets B"; writing "B targets A" on B's record would render
    # "Targets: A" on B's page, backwards.
    tool, index, target = a_relation("targets", later_target=True)
    line = add_relation(tools, target, "targets", tool)
    run = validate(data_copy)
    problem = assert_reported(
        run,
        tools.path,
        line,
        f"'{tool}' already says \"{tool} targets {target}\"",
        f"{tools.path}:{tools.line('tools', tool, 'relations', index)}",
        "states its inverse",
        "remove one",
    )
    assert error_count(run) == 1, run.output
    assert target in problem


def test_one_pair_of_tools_with_two_meanings_is_rejected(data_copy):
    tools = Written(data_copy / "tools.yaml")
    tool, _, target = a_relation("generates")
    line = add_relation(tools, tool, "uses", target)
    run = validate(data_copy)
    assert_reported(
        run,
        tools.path,
        line,
        f'"{tool} generates {target}"',
        "a second meaning (uses)",
        "keep the one the sources support",
    )


def test_finding_that_cites_an_unknown_reference_is_rejected_with_a_suggestion(data_copy):
    findings = Written(data_copy / "checks" / "chains.yaml")
    check, finding = a_finding(lambda found: found.get("ref"))
    ref = findings.node("checks", check, "findings", finding, "ref").value
    typo = a_misspelling(ref, MODEL.references)
    findings.replace("checks", check, "findings", finding, "ref", raw=typo)
    run = validate(data_copy)
    assert_reported(
        run,
        findings.path,
        findings.line("checks", check, "findings", finding, "ref"),
        f"checks[{check}].findings[{finding}].ref",
        f"unknown reference '{typo}'",
        f"Did you mean '{ref}'?",
    )


def test_finding_that_corrects_without_saying_what_changed_is_rejected(data_copy):
    findings = Written(data_copy / "checks" / "chains.yaml")
    check, finding = a_finding(lambda found: found["verdict"] == "corrected" and found.get("fix"))
    findings.delete("checks", check, "findings", finding, "fix")
    run = validate(data_copy)
    line = findings.line("checks", check, "findings", finding)
    problem = assert_reported(run, findings.path, line, f"checks[{check}].findings[{finding}]")
    assert "a 'corrected' finding says what changed: add `fix:`" in problem, run.output


def test_findings_for_a_record_that_does_not_exist_are_rejected(data_copy):
    findings = Written(data_copy / "checks" / "chains.yaml")
    chain = findings.node("checks", 0, "record").value.removeprefix("chains/")
    typo = a_misspelling(chain, MODEL.chains)
    findings.replace("checks", 0, "record", raw=f"chains/{typo}")
    run = validate(data_copy)
    assert_reported(
        run,
        findings.path,
        findings.line("checks", 0, "record"),
        f"unknown chain '{typo}'",
        f"Did you mean '{chain}'?",
    )


def test_reference_url_that_is_not_http_is_rejected(data_copy):
    references = Written(data_copy / "references.yaml")
    references.set("references", 0, "url", text="javascript:alert(1)")
    run = validate(data_copy)
    assert_reported(
        run,
        references.path,
        references.line("references", 0, "url"),
        "references[0].url",
        "not an http(s) URL",
        "https://",
    )


# --------------------------------------------------------------------------- bilingual text and types

INPUT_TOOL = a_tool_with("input")


def break_input(data_copy: Path, broken: str) -> tuple[Written, int, str]:
    """The tool's `input` written as `broken` (with {zh} and {en} its texts, quoted); (file, line, YAML path)."""
    tools = Written(data_copy / "tools.yaml")
    texts = MODEL.tools[INPUT_TOOL].input
    tools.replace("tools", INPUT_TOOL, "input", raw=broken.format(zh=q(texts.zh), en=q(texts.en)))
    where = f"tools[{tools.index('tools', INPUT_TOOL)}].input"
    return tools, tools.line("tools", INPUT_TOOL, "input"), where


def test_missing_english_text_is_reported_with_the_key_to_add(data_copy):
    tools, line, where = break_input(data_copy, "{{zh: {zh}}}")
    run = validate(data_copy)
    assert_reported(run, tools.path, line, f"{where}.en", "missing English text", "add `en:")


def test_missing_chinese_text_is_reported_with_the_key_to_add(data_copy):
    chains = Written(data_copy / "chains.yaml")
    chain, step = next(
        (chain.id, s)
        for chain in MODEL.chains.values()
        for s in range(len(chain.steps))
        if isinstance(REAL_CHAINS.node("chains", chain.id, "steps", s, "text"), yaml.MappingNode)
    )
    text = ("chains", chain, "steps", step, "text")
    chains.replace(*text, raw=f"{{en: {q(MODEL.chains[chain].steps[step].text.en)}}}")
    run = validate(data_copy)
    assert_reported(
        run,
        chains.path,
        chains.line(*text),
        f"chains[{chains.index('chains', chain)}].steps[{step}].text.zh",
        "missing Chinese text",
        "add `zh:",
    )


def test_empty_language_string_is_rejected_as_empty_text(data_copy):
    kinds = Written(data_copy / "kinds.yaml")
    kind = first_with(MODEL.kinds.values(), lambda k: k.name.zh != k.name.en, "kind named in two languages").id
    kinds.set("kinds", kind, "name", "zh", text="")
    run = validate(data_copy)
    where = f"kinds[{kinds.index('kinds', kind)}].name.zh"
    assert_reported(run, kinds.path, kinds.line("kinds", kind), where, "empty text", "write the text")


def test_list_where_text_is_expected_says_it_expected_text(data_copy):
    tools, line, where = break_input(data_copy, "{{zh: {zh}, en: [Python, model code]}}")
    run = validate(data_copy)
    assert_reported(run, tools.path, line, f"{where}.en", "expected text, got a list", "Quote it")


def test_list_given_for_a_bilingual_field_asks_for_both_languages(data_copy):
    # `input` is bilingual text like `summary`; the hint must not depend on the field's name.
    tools, line, where = break_input(data_copy, "[{zh}, {en}]")
    run = validate(data_copy)
    assert_reported(run, tools.path, line, where, "got a list", 'zh: "…", en: "…"')


def test_number_where_a_list_is_expected_says_it_expected_a_list(data_copy):
    layers = Written(data_copy / "layers.yaml")
    layers.replace("layers", FIRST_LAYER_ID, "diagram", raw="42")
    run = validate(data_copy)
    line = layers.line("layers", FIRST_LAYER_ID, "diagram")
    assert_reported(run, layers.path, line, "layers[0].diagram", "expected a list", "- item")


ALIASED_TOOL = first_with(
    MODEL.tools.values(), lambda t: t.aliases and t.id in MODEL.chains_by_tool, "tool with aliases that a chain names"
).id


def misspell_aliases(data_copy: Path) -> tuple[Written, int, str]:
    """The aliased tool's `aliases:` written `alises:`; (file, line, YAML path)."""
    tools = Written(data_copy / "tools.yaml")
    tools.rename_key("tools", ALIASED_TOOL, "aliases", to="alises")
    where = f"tools[{tools.index('tools', ALIASED_TOOL)}].alises"
    return tools, tools.key_line("tools", ALIASED_TOOL, "alises"), where


def test_unknown_key_suggests_the_closest_allowed_key(data_copy):
    tools, line, where = misspell_aliases(data_copy)
    run = validate(data_copy)
    assert_reported(run, tools.path, line, where, "unknown key 'alises'", "Did you mean 'aliases'?", "Allowed here:")


# --------------------------------------------------------------------------- whole files


@pytest.mark.parametrize("content", ["", "\n\n", "# only a comment\n"], ids=["empty", "blank-lines", "comment-only"])
def test_empty_file_says_which_top_level_key_it_needs(data_copy, content):
    glossary = data_copy / "glossary.yaml"
    glossary.write_text(content, encoding="utf-8")
    run = validate(data_copy)
    assert_reported(run, glossary, 1, "'glossary'")


def test_non_utf8_bytes_are_reported_at_the_line_of_the_bad_byte(data_copy):
    layers = Written(data_copy / "layers.yaml")
    # A layer whose name is written `name: {zh: …`, all ASCII before the Chinese text.
    layer = first_with(
        MODEL.layers.values(),
        lambda layer: isinstance(REAL_LAYERS.node("layers", layer.id, "name"), yaml.MappingNode),
        "layer named in two languages",
    ).id
    chinese = layers.node("layers", layer, "name", "zh").start_mark
    target, column = chinese.line + 1, chinese.column
    raw = layers.path.read_bytes().split(b"\n")
    prefix = raw[target - 1][:column]
    assert prefix.isascii() and len(prefix) == column
    raw[target - 1] = prefix + b"\xff\xfe" + raw[target - 1][column:]
    layers.path.write_bytes(b"\n".join(raw))
    run = validate(data_copy)
    assert_reported(run, layers.path, target, f"{target}:{column + 1}:", "not valid UTF-8", "UTF-8 encoding")


def test_byte_order_mark_is_reported_at_the_start_with_a_save_without_bom_hint(data_copy):
    layers = data_copy / "layers.yaml"
    layers.write_bytes(b"\xef\xbb\xbf" + layers.read_bytes())
    run = validate(data_copy)
    assert_reported(run, layers, 1, ":1:1:", "byte-order mark", "without BOM")


def test_fifty_megabyte_file_is_rejected_quickly_with_bounded_memory(data_copy):
    references = data_copy / "references.yaml"
    record = '  - {id: ref-%07d, title: "Padding %07d", url: "https://example.com/%07d", source: map}\n'
    with references.open("a", encoding="utf-8") as out:
        index = 0
        while out.tell() < 50 * 1024 * 1024:
            out.write("".join(record % (i, i, i) for i in range(index, index + 10_000)))
            index += 10_000
    assert references.stat().st_size >= 50 * 1024 * 1024
    run = validate_measured(data_copy)
    assert_reported(run, references, 1, "bytes", "limit", "split it")
    assert run.peak_mb is not None and run.peak_mb < MAX_RSS_MB, f"peak memory {run.peak_mb:.0f} MB\n{run.output}"


def test_alias_bomb_is_refused_quickly_and_reported_where_the_alias_is_written(data_copy):
    kinds = data_copy / "kinds.yaml"
    bomb = ['  a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    bomb += [f"  a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    replace_in(kinds, "kinds:\n", "bomb:\n" + "\n".join(bomb) + "\nkinds:\n")
    run = validate_measured(data_copy)
    assert run.peak_mb is not None and run.peak_mb < MAX_RSS_MB, f"peak memory {run.peak_mb:.0f} MB\n{run.output}"
    assert len(run.stderr.splitlines()) < 200, f"the bomb must not blow up the report either\n{run.output[:3000]}"
    # The first alias is refused where it is written (`*a0` on a1's line), before anything is
    # expanded — not where its anchor was defined: that line has no alias to remove.
    assert_reported(
        run, kinds, line_of(kinds, "  a1: &a1"), "YAML aliases (*a0) are not allowed", "write the value out in full"
    )


def test_missing_file_is_reported_with_what_to_create(data_copy):
    terms = data_copy / "terms.yaml"
    terms.unlink()
    run = validate(data_copy)
    assert_reported(run, terms, 1, ":1:1:", "file is missing", "'terms:'")


def test_wrong_top_level_key_names_the_key_the_file_needs(data_copy):
    kinds = data_copy / "kinds.yaml"
    replace_in(kinds, "\nkinds:\n", "\nkind:\n")
    run = validate(data_copy)
    assert_reported(run, kinds, lines_with(kinds, "kind:")[0], "'kinds:'")


# --------------------------------------------------------------------------- many at once


def test_independent_breakages_in_different_files_are_all_reported_in_one_run(data_copy):
    layers, glossary = Written(data_copy / "layers.yaml"), Written(data_copy / "glossary.yaml")
    references, kinds = Written(data_copy / "references.yaml"), Written(data_copy / "kinds.yaml")
    broken_line = layers.line("layers", LAST_LAYER_ID, "gives")
    layers.replace("layers", LAST_LAYER_ID, "gives", raw="{zh: 计算结果, en: [Results}")
    tools, aliases_line, _ = misspell_aliases(data_copy)
    term = glossary.node("glossary", 0, "id").value
    glossary.replace("glossary", term, "term", raw=f"{{zh: {q(MODEL.glossary[term].term.zh)}}}")
    references.set("references", 0, "url", text="javascript:alert(1)")
    kind = next(iter(MODEL.kinds))
    kinds.set("kinds", kind, "name", "zh", text="")
    run = validate(data_copy)
    assert_reported(run, layers.path, broken_line, "YAML syntax error")
    assert_reported(run, tools.path, aliases_line, "unknown key 'alises'")
    assert_reported(run, glossary.path, glossary.line("glossary", term, "term"), "missing English text")
    assert_reported(run, references.path, references.line("references", 0, "url"), "not an http(s) URL")
    assert_reported(run, kinds.path, kinds.line("kinds", kind), "empty text")
    assert error_count(run) == 5, run.output


def test_broken_references_are_reported_alongside_errors_in_other_files(data_copy):
    # A typo in one record must not hide (or be hidden by) broken ids elsewhere; and the
    # record that failed to validate still exists, so ids pointing at it are not "unknown".
    chains, tables = Written(data_copy / "chains.yaml"), Written(data_copy / "tables.yaml")
    tools, aliases_line, _ = misspell_aliases(data_copy)
    (chain_steps, _, chain_tool), (row_steps, _, row_tool) = a_named_tool_in_a_chain(), a_row_tool()
    chain_typo, row_typo = a_misspelling(chain_tool, MODEL.tools), a_misspelling(row_tool, MODEL.tools)
    chains.replace(*chain_steps, raw=chain_typo)
    tables.replace(*row_steps, raw=row_typo)
    run = validate(data_copy)
    assert_reported(run, tools.path, aliases_line, "unknown key 'alises'")
    assert_reported(
        run, chains.path, chains.line(*chain_steps), f"unknown tool '{chain_typo}'", f"Did you mean '{chain_tool}'?"
    )
    assert_reported(
        run, tables.path, tables.line(*row_steps), f"unknown tool '{row_typo}'", f"Did you mean '{row_tool}'?"
    )
    assert f"unknown tool '{ALIASED_TOOL}'" not in run.stderr, run.output
    assert error_count(run) == 3, run.output


def a_retired_claim() -> tuple[str, str]:
    """(record, wording) of the first correction whose old wording no data text may say again."""
    for path in sorted((REAL / "checks").glob("*.yaml")):
        for check in yaml.safe_load(path.read_text(encoding="utf-8"))["checks"]:
            for finding in check["findings"]:
                if finding.get("retired"):
                    return check["record"], finding["retired"][0]
    raise AssertionError("no finding retires any wording")


def test_a_table_cell_that_repeats_a_corrected_claim_is_rejected_with_the_correction(data_copy):
    record, wording = a_retired_claim()
    tables = Written(data_copy / "tables.yaml")
    tables.set("tables", 0, "rows", 0, "cells", 1, "en", text=f"It is {wording} today")
    run = validate(data_copy)
    assert_reported(
        run,
        tables.path,
        tables.line("tables", 0, "rows", 0, "cells", 1, "en"),
        f"says '{wording.casefold()}', which a correction of {record} retired",
        f"Say what {record} says now",
    )
