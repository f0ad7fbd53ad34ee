"""The load pipeline: read data/ once into a validated, cross-linked model.

`load()` runs its steps (`parse`, `link`, `validate`, `attach_evidence`, `attach_findings`,
`attach_warnings`), each callable on its own, and either returns a `Model` or raises `DataError`
listing every problem at once (file:line:column, YAML path, what to do).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from . import records as r
from .checks import check_consistency, check_references, find_warnings
from .evidence_checks import step_tools
from .evidence_loading import load_evidence
from .explain import explain
from .fact_checks import load_findings, retired_claims
from .model import Model, chain_tool_ids, reading_id, row_tool_ids
from .problems import DataError, Problem, did_you_mean
from .shell_references import Shells, check_shells
from .term_check import term_warnings
from .translations import read_lock, status
from .yaml_source import SourceFile, read_yaml


def load(
    data_dir: Path | str = "data", display_root: str = "data", shells: Shells | None = None, warnings: bool = True
) -> Model:
    """Read and check all data files, and the ids `shells` (page shells, mkdocs.yml) write when
    given; raise DataError with every problem found. Each step is a function of its own. Without
    `warnings` (a build: no page shows them), the likely mistakes that still build are not looked for."""
    data_dir = Path(data_dir)
    parsed = parse(data_dir, display_root)
    model, problems = link(parsed)
    problems += validate(model, parsed, shells)
    # Evidence and fact-check findings are checked in the same pass, against the ids the data
    # files write (a record with errors of its own still counts as there).
    model, found = attach_evidence(model, parsed)
    problems += found
    model, found = attach_findings(model, parsed)
    problems += found
    errors = [p for p in parsed.problems + problems if p.severity == "error"]
    if errors:
        raise DataError(errors)
    return attach_warnings(model, parsed, warnings)


@dataclass
class Parsed:
    """The data files as read: each file's source (for locations), its valid records with their
    positions, the ids it writes (valid records or not; None when unreadable, so one broken record
    does not make every reference to it an error too), and the problems found reading them."""

    data_dir: Path
    display_root: str
    sources: dict[str, SourceFile] = field(default_factory=dict)
    records: dict[str, list[tuple[int, r.Record]]] = field(default_factory=dict)
    written_ids: dict[str, set[str] | None] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def parse(data_dir: Path, display_root: str = "data") -> Parsed:
    """Step 1: read every data file of the registry and validate it record by record."""
    parsed = Parsed(Path(data_dir), display_root)
    for stem, record_class in r.FILES.items():
        path = parsed.data_dir / f"{stem}.yaml"
        display = f"{display_root}/{stem}.yaml"
        if not path.exists():
            missing = f"file is missing: create it with a top-level '{stem}:' list."
            parsed.problems.append(Problem(display, 1, 1, "", missing))
            parsed.records[stem] = []
            parsed.written_ids[stem] = None
            continue
        source, read_problems = read_yaml(path, display)
        parsed.sources[stem] = source
        parsed.problems += read_problems
        valid = _validate_file(source, stem, record_class, parsed.problems) if not read_problems else []
        parsed.records[stem] = valid
        parsed.written_ids[stem] = None if read_problems else _ids_written(source.data, stem)
    return parsed


def link(parsed: Parsed) -> tuple[Model, list[Problem]]:
    """Step 2: the model from the valid records: collections by id (a duplicate id is a problem),
    where each record is written, and the reverse indexes."""
    problems: list[Problem] = []
    collections = {
        stem: _by_id(parsed.records[stem], parsed.sources.get(stem), stem, problems)
        if r.keyed(stem)
        else [rec for _, rec in parsed.records[stem]]
        for stem in r.FILES
    }
    lines: dict[tuple[str, str], tuple[str, int]] = {}
    record_index: dict[tuple[str, str], int] = {}
    for stem, source in parsed.sources.items():
        for index, record in parsed.records[stem]:
            if hasattr(record, "id"):
                lines[(stem, record.id)] = (source.name, source.locate((stem, index))[0])
                record_index[(stem, record.id)] = index
    return Model(**collections, lines=lines, record_index=record_index, **_indexes(collections)), problems


def validate(model: Model, parsed: Parsed, shells: Shells | None = None) -> list[Problem]:
    """Step 3: every id a record (or, given `shells`, a page shell or mkdocs.yml) writes names a
    record; the records agree with each other; no data file is one the registry does not know."""
    problems = check_references(parsed.records, parsed.sources, parsed.written_ids)
    if shells is not None:
        problems += check_shells(shells, parsed.written_ids)
    problems += check_consistency(model, parsed.sources)
    return problems + _unknown_files(parsed.data_dir, parsed.display_root)


def attach_evidence(model: Model, parsed: Parsed, evidence_dir: Path | None = None) -> tuple[Model, list[Problem]]:
    """Step 4: the captured evidence (data/evidence/, or `evidence_dir`), checked against the chains'
    steps and the tools, and the words the site shows for what the capture names."""
    chain_steps = step_tools(
        [
            (
                chain.id,
                [(step.id, [*step.tools, *(t for o in step.options for t in o.tools)]) for step in chain.steps],
            )
            for chain in model.chains.values()
        ],
        [(tool.id, rel.type, rel.tool) for tool in model.tools.values() for rel in tool.relations],
    )
    evidence_dir = evidence_dir or parsed.data_dir / "evidence"
    evidence, evidence_problems = load_evidence(evidence_dir, chain_steps, parsed.written_ids["tools"])
    shown = f"{parsed.display_root}/evidence/"
    problems = [replace(p, file=shown + Path(p.file).name) for p in evidence_problems]
    model = replace(model, evidence=evidence)
    if not evidence_problems:
        problems += _missing_words(model, parsed.sources, evidence_dir, parsed.display_root)
    return model, problems


def check_evidence(evidence_dir: Path, data_dir: Path) -> list[Problem]:
    """Every problem in an evidence folder (a capture being imported), checked against `data_dir`'s
    chains and tools by the same steps as the build."""
    parsed = parse(data_dir)
    model, _ = link(parsed)
    return attach_evidence(model, parsed, Path(evidence_dir))[1]


def attach_findings(model: Model, parsed: Parsed) -> tuple[Model, list[Problem]]:
    """Step 5: the fact-check findings (data/checks/), each naming a record that exists."""
    findings, problems = load_findings(parsed.data_dir, parsed.display_root, parsed.written_ids, _validate_file)
    problems += retired_claims(findings, parsed.sources)
    return replace(model, findings=findings), problems


def attach_warnings(model: Model, parsed: Parsed, warnings: bool = True) -> Model:
    """Step 6, on data without errors: which translations may lag (data/translations.lock), and
    (given `warnings`) the likely mistakes that still build (wording, wrong language, duplicate
    summaries, http links)."""
    lock, lock_problems = read_lock(parsed.data_dir, parsed.display_root)
    translations = status(parsed.sources, lock)
    if not warnings:
        return replace(model, translations=translations)
    stale = [item.warning() for item in translations.stale]
    wording = term_warnings(model.terms, translations.fields)
    found = find_warnings(model, parsed.sources) + wording + lock_problems + stale
    return replace(model, warnings=tuple(found), translations=translations)


def _missing_words(
    model: Model, sources: dict[str, SourceFile], evidence_dir: Path, display_root: str
) -> list[Problem]:
    """Every id the capture writes, and every chain group, has its words in data/measurements.yaml,
    of the right kind (the capture writes numbers and names, never words)."""
    wanted: list[tuple[str, str, str, int]] = []  # kind, id, file, line
    for chain in model.chains.values():
        if chain.group:
            line = sources["chains"].locate(("chains", model.record_index[("chains", chain.id)], "group"))[0]
            wanted.append(("chain-group", chain.group, sources["chains"].name, line))
    evidence = model.evidence
    if evidence and evidence.gelu:
        in_file = _line_finder(evidence_dir / "gelu-paths.yaml", f"{display_root}/evidence/gelu-paths.yaml")
        wanted += [("path", path.id, *in_file(f"- id: {path.id}")) for path in evidence.gelu.paths]
        wanted += [("kernel-group", group, *in_file(group)) for group in evidence.gelu.groups]
        wanted += [("reading", reading_id(key), *in_file(f"{key}:")) for key in evidence.gelu.run.clocks]

    if evidence and evidence.artifacts:
        in_file = _line_finder(evidence_dir / "artifacts.yaml", f"{display_root}/evidence/artifacts.yaml")
        for artifact in evidence.artifacts:
            wanted.append(("excerpt", artifact.id, *in_file(f"- id: {artifact.id}")))
            wanted += [("fact", fact.name, *in_file(f"name: {fact.name}")) for fact in artifact.facts]
    if evidence and evidence.hardware:
        in_file = _line_finder(evidence_dir / "hardware.yaml", f"{display_root}/evidence/hardware.yaml")
        wanted.append(("note", evidence.hardware.variant, *in_file("variant:")))
    problems = []
    limits = [word.id for word in model.measurements.values() if word.kind == "note" and word.limits]
    if evidence and evidence.gelu and len(limits) != 1:
        problems.append(
            Problem(
                sources["measurements"].name,
                1,
                1,
                "",
                f"{len(limits)} notes say `limits: true` ({', '.join(limits) or 'none'}): exactly one note says what "
                "limits every measured figure; mark it `limits: true`.",
            )
        )
    for kind, word_id, file, line in wanted:
        found = model.measurements.get(word_id)
        if found is None or found.kind != kind:
            problems.append(
                Problem(
                    file,
                    line,
                    1,
                    "",
                    f"no words for the {kind} '{word_id}': add `- {{id: {word_id}, kind: {kind}, label: {{zh: …, en: …}}}}` "
                    "to data/measurements.yaml" + (f" (it has '{word_id}' as a {found.kind})" if found else "") + ".",
                )
            )
    return problems


def _line_finder(path: Path, display: str):
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []

    def find(needle: str) -> tuple[str, int]:
        return display, next((n for n, line in enumerate(lines, start=1) if needle in line), 1)

    return find


def _ids_written(data: object, stem: str) -> set[str]:
    items = data.get(stem) if isinstance(data, dict) else None
    if not isinstance(items, list):
        return set()
    return {item["id"] for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)}


def _unknown_files(data_dir: Path, display_root: str) -> list[Problem]:
    # A misnamed file (tool.yaml, tools.yml) would otherwise be silently ignored.
    known = {f"{stem}.yaml" for stem in r.FILES}
    found = sorted(p.name for p in data_dir.iterdir() if p.is_file() and p.suffix in (".yaml", ".yml"))
    return [
        Problem(
            f"{display_root}/{name}",
            1,
            1,
            "",
            f"unknown data file: the site reads only {', '.join(sorted(known))}.{did_you_mean(name, known)}",
        )
        for name in found
        if name not in known
    ]


def _validate_file(source: SourceFile, stem: str, record_class: type, problems: list[Problem]) -> list:
    data = source.data
    if not isinstance(data, dict) or stem not in data:
        found = f" (found: {', '.join(map(str, data))})" if isinstance(data, dict) and data else ""
        problems.append(
            source.problem((), f"the file must be a mapping with one key, '{stem}:', holding a list{found}.")
        )
        return []
    for key in data:
        if key != stem:
            problems.append(source.problem((key,), f"unknown top-level key '{key}': only '{stem}' is allowed."))
    items = data[stem]
    if not isinstance(items, list):
        problems.append(source.problem((stem,), f"'{stem}' must be a list of records (lines starting with '- ')."))
        return []
    adapter = TypeAdapter(record_class)
    valid = []
    for index, item in enumerate(items):
        try:
            valid.append((index, adapter.validate_python(item)))
        except ValidationError as error:
            problems += explain(error, source, (stem, index), record_class)
    return valid


def _by_id(items: list, source: SourceFile | None, stem: str, problems: list[Problem]) -> dict:
    result = {}
    first_index: dict[str, int] = {}
    for index, item in items:
        if item.id in result:
            first = source.locate((stem, first_index[item.id]))[0]
            problems.append(
                source.problem(
                    (stem, index, "id"),
                    f"duplicate id '{item.id}' (first used on line {first}): ids must be unique.",
                )
            )
            continue
        result[item.id] = item
        first_index[item.id] = index
    return result


def _indexes(collections: dict) -> dict:
    """The reverse indexes of a model's collections (which chains, tables, tools point at a tool)."""
    chains: dict[str, list[str]] = {}
    for chain in collections["chains"].values():
        for tool_id in chain_tool_ids(chain):
            chains.setdefault(tool_id, []).append(chain.id)
    tables: dict[str, list[str]] = {}
    for table in collections["tables"].values():
        for tool_id in dict.fromkeys(t for row in table.rows for t in row_tool_ids(row)):
            tables.setdefault(tool_id, []).append(table.id)
    towards: dict[str, list[tuple[str, r.Relation]]] = {}
    by_reference: dict[str, list[str]] = {}
    for tool in collections["tools"].values():
        for rel in tool.relations:
            towards.setdefault(rel.tool, []).append((tool.id, rel))
        for ref_id in tool.docs:
            by_reference.setdefault(ref_id, []).append(tool.id)

    def frozen(index: dict) -> dict:
        return {key: tuple(values) for key, values in index.items()}

    return {
        "chains_by_tool": frozen(chains),
        "tables_by_tool": frozen(tables),
        "relations_towards": frozen(towards),
        "tools_by_reference": frozen(by_reference),
    }


def display_path(path: Path) -> str:
    """How to show a path in messages: relative to the working folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
