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
from conftest import ROOT, line_of, replace_in, run_validate

FEW_SECONDS = 10  # a clean run takes well under a second; hostile input must not be much slower
MAX_RSS_MB = 300  # generous: a clean run peaks around 45 MB
LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+: \S")
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


# Real lines the fixtures below break.
PYTORCH_INPUT = "    input: {zh: Python 模型代码, en: Python model code}"
ARRAY_LIBRARY_KIND = "{id: array-library, name: {zh: 数组库, en: array library}}"
EMPTY_ZH_KIND = '{id: array-library, name: {zh: "", en: array library}}'


# --------------------------------------------------------------------------- YAML syntax

SYNTAX_ERRORS = {
    # name: (file, old, new, the text on the line to report, fix hint)
    "unclosed-bracket": (
        "layers.yaml",
        'gives: {zh: 计算结果, en: "Results"}',
        "gives: {zh: 计算结果, en: [Results}",
        "en: [Results}",
        "quoting",
    ),
    "colon-in-plain-text": (
        "tools.yaml",
        "      zh: 深度学习框架：Graph/eager 执行",
        "      zh: 深度学习框架: Graph/eager 执行",
        "深度学习框架: Graph/eager",
        'Quote text that contains ": "',
    ),
    "unclosed-quote-at-end-of-file": (
        "layers.yaml",
        'gives: {zh: 计算结果, en: "Results"}',
        'gives: {zh: 计算结果, en: "Results}',
        'en: "Results}',
        "quot",
    ),
}


@pytest.mark.parametrize("case", list(SYNTAX_ERRORS))
def test_yaml_syntax_error_is_reported_at_the_broken_line_with_a_quoting_hint(data_copy, case):
    name, old, new, needle, hint = SYNTAX_ERRORS[case]
    path = data_copy / name
    replace_in(path, old, new)
    run = validate(data_copy)
    assert_reported(run, path, line_of(path, needle), "YAML syntax error", hint)


def test_tab_indentation_is_reported_with_its_line_and_a_spaces_hint(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, "    takes: {zh: 模型代码", "\ttakes: {zh: 模型代码")
    run = validate(data_copy)
    assert_reported(run, layers, line_of(layers, "\ttakes:"), "YAML syntax error", "tab", "Indent with spaces")


def test_duplicate_key_in_a_mapping_points_at_the_second_and_names_the_first(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, "    diagram: [pytorch,", "    takes: {zh: 重复, en: Duplicate}\n    diagram: [pytorch,")
    first = line_of(layers, "    takes: {zh: 模型代码")
    second = line_of(layers, "    takes: {zh: 重复")
    run = validate(data_copy)
    assert_reported(
        run, layers, second, "layers[0].takes", "duplicate key 'takes'", f"first on line {first}", "remove one"
    )


def test_a_python_tag_on_a_key_is_reported_not_constructed(data_copy):
    # Found by the fuzz test: a tagged mapping key used to escape as a traceback.
    layers = data_copy / "layers.yaml"
    replace_in(layers, "    takes: {zh: 模型代码", "    !!python/object takes: {zh: 模型代码")
    run = validate(data_copy)
    assert_reported(run, layers, line_of(layers, "!!python/object takes"), "cannot read this value")


# --------------------------------------------------------------------------- ids and references


def test_duplicate_id_points_at_the_second_record_and_names_the_first_line(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, "  - id: tensorflow\n", "  - id: pytorch\n")
    first, second = lines_with(tools, "  - id: pytorch")
    run = validate(data_copy)
    assert_reported(
        run, tools, second, "tools[1].id", "duplicate id 'pytorch'", f"first used on line {first}", "unique"
    )


def test_tool_pointing_at_a_missing_layer_suggests_the_closest_layer(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, "    layer: graph-compilers\n", "    layer: graph-compiler\n")
    run = validate(data_copy)
    assert_reported(
        run,
        tools,
        lines_with(tools, "    layer: graph-compiler")[0],
        "unknown layer 'graph-compiler'",
        "Did you mean 'graph-compilers'?",
    )


def test_chain_step_pointing_at_a_missing_tool_suggests_the_closest_tool(data_copy):
    chains = data_copy / "chains.yaml"
    replace_in(chains, "tools: [cuda-cpp, nvcc]", "tools: [cuda-cpp, nvvc]")
    run = validate(data_copy)
    assert_reported(
        run,
        chains,
        line_of(chains, "tools: [cuda-cpp, nvvc]"),
        "chains[1].steps[1].options[0].tools[1]",
        "unknown tool 'nvvc'",
        "Did you mean 'nvcc'?",
    )


def test_table_row_pointing_at_a_missing_tool_suggests_the_closest_tool(data_copy):
    tables = data_copy / "tables.yaml"
    replace_in(tables, "      - tool: ptx\n", "      - tool: ptxx\n")
    run = validate(data_copy)
    assert_reported(
        run,
        tables,
        line_of(tables, "- tool: ptxx"),
        "tables[0].rows[1].tool",
        "unknown tool 'ptxx'",
        "Did you mean 'ptx'?",
    )


def test_part_of_cycle_is_rejected_and_names_every_tool_in_it(data_copy):
    tools = data_copy / "tools.yaml"
    # cupy is part of rapids, rapids is part of cupy.
    cupy_docs, rapids_docs = "    docs: [cupy-documentation]\n", "    docs: [rapids-docs]\n"
    replace_in(tools, cupy_docs, "      - {type: part-of, tool: rapids}\n" + cupy_docs)
    replace_in(tools, rapids_docs, "    relations:\n      - {type: part-of, tool: cupy}\n" + rapids_docs)
    run = validate(data_copy)
    problems = [p for p in run.stderr.splitlines() if "part-of cycle" in p]
    assert len(problems) == 1, f"the cycle should be reported once\n{run.output}"
    assert "cupy → rapids → cupy" in problems[0] and "remove one of these part-of relations" in problems[0], run.output
    # Either end of the cycle is a fine place to point at: the relations of cupy or of rapids.
    cupy_relations = range(line_of(tools, "  - id: cupy"), line_of(tools, "  - id: rapids"))
    rapids_relations = range(line_of(tools, "  - id: rapids"), line_of(tools, "  - id: cuda-jl"))
    where = problems[0].split(":")
    assert where[0] == str(tools) and int(where[1]) in [*cupy_relations, *rapids_relations], run.output


def test_relation_stated_backwards_on_the_other_record_is_rejected_with_both_lines(data_copy):
    tools = data_copy / "tools.yaml"
    # TVM's record says "tvm targets opencl"; writing "opencl targets tvm" on OpenCL's record
    # would render "Targets: TVM" on the OpenCL page, backwards.
    replace_in(
        tools,
        "    docs: [khronos-opencl]\n",
        "    relations:\n      - {type: targets, tool: tvm}\n    docs: [khronos-opencl]\n",
    )
    run = validate(data_copy)
    problem = assert_reported(
        run,
        tools,
        line_of(tools, "- {type: targets, tool: tvm}"),
        "'tvm' already says \"tvm targets opencl\"",
        f"{tools}:{line_of(tools, '- {type: targets, tool: opencl')}",
        "states its inverse",
        "remove one",
    )
    assert error_count(run) == 1, run.output
    assert "opencl" in problem


def test_one_pair_of_tools_with_two_meanings_is_rejected(data_copy):
    tools = data_copy / "tools.yaml"
    engine = "      - {type: generates, tool: tensorrt-engine}\n"
    replace_in(tools, engine, engine + "      - {type: uses, tool: tensorrt-engine}\n")
    run = validate(data_copy)
    assert_reported(
        run,
        tools,
        line_of(tools, "- {type: uses, tool: tensorrt-engine}"),
        '"tensorrt generates tensorrt-engine"',
        "a second meaning (uses)",
        "keep the one the sources support",
    )


def test_finding_that_cites_an_unknown_reference_is_rejected_with_a_suggestion(data_copy):
    findings = data_copy / "checks" / "chains.yaml"
    replace_in(findings, "    ref: xla-architecture\n", "    ref: xla-architecure\n")
    run = validate(data_copy)
    assert_reported(
        run,
        findings,
        line_of(findings, "ref: xla-architecure"),
        "checks[0].findings[0].ref",
        "unknown reference 'xla-architecure'",
        "Did you mean 'xla-architecture'?",
    )


def test_finding_that_corrects_without_saying_what_changed_is_rejected(data_copy):
    findings = data_copy / "checks" / "chains.yaml"
    text = findings.read_text(encoding="utf-8")
    fix = text[text.index("    fix: Chinese note now reads") :].split("\n", 1)[0] + "\n"
    replace_in(findings, fix, "")
    run = validate(data_copy)
    problem = assert_reported(run, findings, line_of(findings, "- field: steps/5/note"), "checks[0].findings[2]")
    assert "a 'corrected' finding says what changed: add `fix:`" in problem, run.output


def test_findings_for_a_record_that_does_not_exist_are_rejected(data_copy):
    findings = data_copy / "checks" / "chains.yaml"
    replace_in(findings, "- record: chains/layer-stack\n", "- record: chains/layer-stak\n")
    run = validate(data_copy)
    assert_reported(
        run,
        findings,
        line_of(findings, "- record: chains/layer-stak"),
        "unknown chain 'layer-stak'",
        "Did you mean 'layer-stack'?",
    )


def test_reference_url_that_is_not_http_is_rejected(data_copy):
    references = data_copy / "references.yaml"
    replace_in(references, 'url: "https://triton-lang.org/"', 'url: "javascript:alert(1)"')
    run = validate(data_copy)
    assert_reported(
        run,
        references,
        line_of(references, "javascript:alert(1)"),
        "references[9].url",
        "not an http(s) URL",
        "https://",
    )


# --------------------------------------------------------------------------- bilingual text and types


def test_missing_english_text_is_reported_with_the_key_to_add(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, PYTORCH_INPUT, "    input: {zh: Python 模型代码}")
    run = validate(data_copy)
    assert_reported(
        run,
        tools,
        line_of(tools, "input: {zh: Python 模型代码}"),
        "tools[0].input.en",
        "missing English text",
        "add `en:",
    )


def test_missing_chinese_text_is_reported_with_the_key_to_add(data_copy):
    chains = data_copy / "chains.yaml"
    replace_in(
        chains,
        "- text: {zh: 生成或选择 GPU kernel, en: Generate or pick the GPU kernel}",
        "- text: {en: Generate or pick the GPU kernel}",
    )
    run = validate(data_copy)
    assert_reported(
        run,
        chains,
        line_of(chains, "- text: {en: Generate or pick the GPU kernel}"),
        "chains[1].steps[1].text.zh",
        "missing Chinese text",
        "add `zh:",
    )


def test_empty_language_string_is_rejected_as_empty_text(data_copy):
    kinds = data_copy / "kinds.yaml"
    replace_in(kinds, ARRAY_LIBRARY_KIND, EMPTY_ZH_KIND)
    run = validate(data_copy)
    assert_reported(run, kinds, line_of(kinds, "id: array-library"), "kinds[1].name.zh", "empty text", "write the text")


def test_list_where_text_is_expected_says_it_expected_text(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, PYTORCH_INPUT, "    input: {zh: Python 模型代码, en: [Python, model code]}")
    run = validate(data_copy)
    assert_reported(
        run,
        tools,
        line_of(tools, "en: [Python, model code]"),
        "tools[0].input.en",
        "expected text, got a list",
        "Quote it",
    )


def test_list_given_for_a_bilingual_field_asks_for_both_languages(data_copy):
    # `input` is bilingual text like `summary`; the hint must not depend on the field's name.
    tools = data_copy / "tools.yaml"
    replace_in(tools, PYTORCH_INPUT, "    input: [Python 模型代码, Python model code]")
    run = validate(data_copy)
    assert_reported(
        run, tools, line_of(tools, "input: [Python 模型代码"), "tools[0].input", "got a list", 'zh: "…", en: "…"'
    )


def test_number_where_a_list_is_expected_says_it_expected_a_list(data_copy):
    layers = data_copy / "layers.yaml"
    replace_in(layers, "diagram: [sm, warp, register, shared-memory, hbm, tensor-core, tma]", "diagram: 42")
    run = validate(data_copy)
    assert_reported(run, layers, line_of(layers, "diagram: 42"), "layers[6].diagram", "expected a list", "- item")


def test_unknown_key_suggests_the_closest_allowed_key(data_copy):
    tools = data_copy / "tools.yaml"
    replace_in(tools, "    aliases: [PyTorch 2.x]", "    alises: [PyTorch 2.x]")
    run = validate(data_copy)
    assert_reported(
        run,
        tools,
        line_of(tools, "alises:"),
        "tools[0].alises",
        "unknown key 'alises'",
        "Did you mean 'aliases'?",
        "Allowed here:",
    )


# --------------------------------------------------------------------------- whole files


@pytest.mark.parametrize("content", ["", "\n\n", "# only a comment\n"], ids=["empty", "blank-lines", "comment-only"])
def test_empty_file_says_which_top_level_key_it_needs(data_copy, content):
    glossary = data_copy / "glossary.yaml"
    glossary.write_text(content, encoding="utf-8")
    run = validate(data_copy)
    assert_reported(run, glossary, 1, "'glossary'")


def test_non_utf8_bytes_are_reported_at_the_line_of_the_bad_byte(data_copy):
    layers = data_copy / "layers.yaml"
    raw = layers.read_bytes().split(b"\n")
    target = line_of(layers, "    name: {zh: CUDA 库和工具链")
    prefix = b"    name: {zh: CUDA "
    assert raw[target - 1].startswith(prefix)
    raw[target - 1] = prefix + b"\xff\xfe" + raw[target - 1][len(prefix) :]
    layers.write_bytes(b"\n".join(raw))
    run = validate(data_copy)
    assert_reported(run, layers, target, f"{target}:{len(prefix) + 1}:", "not valid UTF-8", "UTF-8 encoding")


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
    layers, tools, glossary = data_copy / "layers.yaml", data_copy / "tools.yaml", data_copy / "glossary.yaml"
    references, kinds = data_copy / "references.yaml", data_copy / "kinds.yaml"
    replace_in(layers, 'gives: {zh: 计算结果, en: "Results"}', "gives: {zh: 计算结果, en: [Results}")
    replace_in(tools, "    aliases: [PyTorch 2.x]", "    alises: [PyTorch 2.x]")
    replace_in(glossary, "term: {zh: 编程模型, en: programming model}", "term: {zh: 编程模型}")
    replace_in(references, 'url: "https://triton-lang.org/"', 'url: "javascript:alert(1)"')
    replace_in(kinds, ARRAY_LIBRARY_KIND, EMPTY_ZH_KIND)
    run = validate(data_copy)
    assert_reported(run, layers, line_of(layers, "en: [Results}"), "YAML syntax error")
    assert_reported(run, tools, line_of(tools, "alises:"), "unknown key 'alises'")
    assert_reported(run, glossary, line_of(glossary, "term: {zh: 编程模型}"), "missing English text")
    assert_reported(run, references, line_of(references, "javascript:"), "not an http(s) URL")
    assert_reported(run, kinds, line_of(kinds, "id: array-library"), "empty text")
    assert error_count(run) == 5, run.output


def test_broken_references_are_reported_alongside_errors_in_other_files(data_copy):
    # A typo in one record must not hide (or be hidden by) broken ids elsewhere; and the
    # record that failed to validate still exists, so ids pointing at it are not "unknown".
    tools, chains, tables = data_copy / "tools.yaml", data_copy / "chains.yaml", data_copy / "tables.yaml"
    replace_in(tools, "    aliases: [PyTorch 2.x]", "    alises: [PyTorch 2.x]")
    replace_in(chains, "tools: [cuda-cpp, nvcc]", "tools: [cuda-cpp, nvvc]")
    replace_in(tables, "      - tool: ptx\n", "      - tool: ptxx\n")
    run = validate(data_copy)
    assert_reported(run, tools, line_of(tools, "alises:"), "unknown key 'alises'")
    assert_reported(run, chains, line_of(chains, "nvvc"), "unknown tool 'nvvc'", "Did you mean 'nvcc'?")
    assert_reported(run, tables, line_of(tables, "- tool: ptxx"), "unknown tool 'ptxx'", "Did you mean 'ptx'?")
    assert "unknown tool 'pytorch'" not in run.stderr, run.output
    assert error_count(run) == 3, run.output
