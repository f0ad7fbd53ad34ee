"""Typed records for every kind of data in data/: the schema of the site.

The same classes validate the YAML at build time and yield the JSON Schema editors use.
Text fields are plain text (escaped on output); `backticks` mark inline code. A field that
names a record of another file says which (`ToolId`, `LayerId` …), and one check resolves them all.
What each record is built from (the base class, field types, `Text`) is in record_base.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Annotated, Literal, get_args

from pydantic import Field, StringConstraints

from .record_base import CheckDate, Id, Name, NonEmpty, Record, RefersTo, Text, Url

# What an id can name, each once: the typed ids below, the page shells' check and the evidence use these.
TOOL = RefersTo("tools", "tool")
CHAIN = RefersTo("chains", "chain")
LAYER = RefersTo("layers", "layer")
TABLE = RefersTo("tables", "table")
LIST = RefersTo("lists", "list")
TERM = RefersTo("glossary", "glossary term")

ToolId = Annotated[Id, TOOL]
ChainId = Annotated[Id, CHAIN]
LayerId = Annotated[Id, LAYER]
KindId = Annotated[Id, RefersTo("kinds", "kind")]
ReferenceId = Annotated[Id, RefersTo("references", "reference")]
REFERENCE = RefersTo("references", "reference")  # what the `cite` macro names


# The Text field that holds Chinese: the language whose words have no spaces between them
# (search segments it; its pages also list Chinese aliases).
CHINESE = "zh"
# The Text field in English: the term list's wording and spelling rules apply to it.
ENGLISH = "en"
# The languages of Text fields, as messages to contributors name them.
LANGUAGE_NAMES = {"zh": "Chinese", "en": "English"}


class Kind(Record):
    """What sort of thing a tool is (library, compiler, IR …); referenced by tools."""

    id: Id
    name: Name


class Layer(Record):
    """One band of the stack, top (applications) to bottom (hardware)."""

    id: Id
    name: Name
    summary: Text = Field(description="What lives in this layer")
    takes: Text = Field(description="What the layer takes in")
    gives: Text = Field(description="What the layer hands down")
    diagram: list[ToolId] = Field(description="Tool ids shown in this band of the stack diagram, in order")
    route: Literal["start", "end"] | None = Field(
        None,
        description="The path finder: 'start' if a reader's code can start here, 'end' if a route has reached the GPU here",
    )
    starts: Text | None = Field(
        None, description="The path finder's heading for the starting points in this layer, e.g. 'Frameworks'"
    )


SYMMETRIC_RELATIONS = ("alternative", "confused-with")  # read the same both ways; stated on one side


class Relation(Record):
    """A typed edge read one way, "<this tool> <type> <tool>"; pages derive the inverse.

    uses: calls it at run time · generates: produces it (code, an IR, a file) · part-of: is a
    component of it · targets: compiles to or runs on it (it is a backend) · builds-on: is built
    on it · alternative, confused-with: symmetric, stated once on either side · equivalent-of:
    does on another vendor's stack (ROCm …) what the named CUDA-side tool does; `match` says how
    closely, and a partial match's note says what differs.
    """

    type: Literal[
        "uses", "generates", "part-of", "targets", "builds-on", "alternative", "confused-with", "equivalent-of"
    ]
    tool: ToolId
    match: Literal["full", "partial"] | None = Field(
        None,
        description="equivalent-of only: 'full' when it fills the same role with the same kind of interface, "
        "'partial' when it does not (the note says how)",
    )
    note: Text | None = None


class Checked(Record):
    """When a tool's facts were last compared with its official documentation, and which version."""

    date: CheckDate
    version: NonEmpty | None = Field(None, description="The version checked, as its project writes it, e.g. Triton 3.6")
    against: list[ReferenceId] = Field(min_length=1, description="Reference ids of the documentation compared")


class Update(Record):
    """A dated correction beside a seed's words that a checked source has overtaken."""

    date: CheckDate
    text: Text = Field(description="What is true now, and since when")
    against: list[ReferenceId] = Field(min_length=1, description="Reference ids of the sources that say so")


class Tool(Record):
    """A tool, library, compiler, IR, API, hardware unit … anything the map places."""

    id: Id
    name: Name
    aliases: list[NonEmpty] = Field(default_factory=list, description="Other names search should find")
    layer: LayerId | None = Field(None, description="Layer id; omit for platforms and artifacts outside the stack")
    kind: KindId
    source: Literal["map", "catalog", "both"] = "map"
    summary: Text = Field(description="One line: what it is")
    description: Text | None = None
    input: Text | None = None
    output: Text | None = None
    reaches_gpu: Text | None = Field(None, description="How its work reaches the GPU")
    prebuilt_kernels: Text | None = Field(
        None,
        description="For a library whose kernels ship compiled: in what form (SASS for each GPU architecture …); "
        "a route that calls it says so instead of showing code generation",
    )
    example: NonEmpty | None = Field(None, description="A short code example from the seed, the same in every language")
    suits: list[Text] = Field(default_factory=list)
    avoid: list[Text] = Field(default_factory=list, description="What it does not suit")
    placement: Text | None = Field(None, description="Why it sits in this layer, where debatable")
    relations: list[Relation] = Field(default_factory=list)
    docs: list[ReferenceId] = Field(default_factory=list, description="Reference ids of its official documentation")
    machine_code: bool = Field(
        False, description="Machine code the GPU runs (SASS, a cubin): a route through it has arrived"
    )
    checked: Checked | None = Field(
        None, description="Set only when the facts were really compared with the official documentation"
    )


class StepNode(Record):
    """One box in a chain: a tool, an artifact, or a stage of some layer."""

    id: Id | None = Field(None, description="Stable id that evidence names (never a position); unique in its chain")
    text: Name = Field(description="The step as the seed writes it")
    tools: list[ToolId] = Field(default_factory=list, description="Tools this step names; the first one is linked")
    layer: LayerId | None = Field(None, description="Layer, when no tool gives it")
    artifact: bool = Field(False, description="A file or built output (PTX, cubin, engine …) rather than a tool")
    note: Text | None = None
    update: Update | None = Field(None, description="What a checked source now says that the seed's step does not")


class Step(StepNode):
    """A chain step; with `options` it is a decision point whose branches run side by side."""

    options: list[StepNode] = Field(default_factory=list)


class Chain(Record):
    """An execution chain: how code travels from source to the GPU, step by step."""

    id: Id
    title: Text
    section: NonEmpty = Field(description="Seed section, e.g. '5.3', or 'added' for a chain the seeds do not draw")
    group: Id | None = Field(None, description="Chains drawn together, e.g. the 9.14 paths of one op")
    intro: Text | None = None
    note: Text | None = Field(None, description="The seed's comment after the chain")
    steps: list[Step] = Field(min_length=2)


class Row(Record):
    """A table row: cells in column order; `tool` names the row's subject."""

    tool: ToolId | None = None
    mentions: list[ToolId] = Field(default_factory=list, description="Other tools named in the row")
    cells: list[Name]


class Table(Record):
    """A comparison table from the seed, as data."""

    id: Id
    section: NonEmpty
    title: Text
    intro: Text | None = None
    note: Text | None = None
    columns: list[Name] = Field(min_length=2)
    rows: list[Row] = Field(min_length=1)
    page: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*/$")] = Field(
        "compare/", description="The page that shows it, e.g. choose/ (tool pages link there)"
    )


class Item(Record):
    """A list item, possibly with sub-items."""

    text: Text
    tools: list[ToolId] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)


class GuideList(Record):
    """A list from the seed: key sentences, learning order, misconceptions …"""

    id: Id
    section: NonEmpty
    title: Text
    intro: Text | None = None
    items: list[Item] = Field(min_length=1)
    ordered: bool = Field(False, description="Shown numbered: the order matters to the reader (steps, ranks)")


class Term(Record):
    """A glossary entry: a concept the seeds explain."""

    id: Id
    term: Name
    abbr: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9.+/-]{0,19}$")] | None = Field(
        None, description="Abbreviation shown with a tooltip, e.g. SM"
    )
    expansion: NonEmpty | None = Field(None, description="What the abbreviation stands for")
    definition: Text
    tools: list[ToolId] = Field(default_factory=list, description="Related tools")
    checked: Checked | None = Field(
        None, description="Set only when the definition was really compared with official documentation"
    )


class Preferred(Record):
    """A wording the site uses, and the variants the validator warns about."""

    write: NonEmpty = Field(description="The wording to use, e.g. runtime")
    instead_of: list[NonEmpty] = Field(
        min_length=1, description="Variants to warn about (whole words; case-sensitive when capitalized)"
    )


class Translation(Record):
    """A term whose translation must be consistent across the site."""

    zh: NonEmpty
    en: NonEmpty
    note: NonEmpty | None = None
    prefer: list[Preferred] = Field(default_factory=list, description="English variants to warn about")
    prefer_zh: list[Preferred] = Field(
        default_factory=list, description="Variants to warn about in Chinese text (one name per thing there too)"
    )
    one_of: list[NonEmpty] = Field(
        default_factory=list,
        description="English renderings of the Chinese term not to mix in one record whose Chinese uses it",
    )
    keep: list[NonEmpty] = Field(
        default_factory=list, description="Phrases exempt from these checks, e.g. a name like CUDA Driver API"
    )


class Reference(Record):
    """A documentation link, once; tools point at it by id."""

    id: Id
    title: Name
    url: Url
    source: Literal["map", "catalog", "added"] = Field(
        description="Where the link came from: map: the map's section 10; catalog: the catalog page; added: found "
        "while checking the facts"
    )
    publisher: Literal["official", "community", "personal"] = Field(
        description="Who stands behind it: official: the vendor's or the project's own documentation or repository; "
        "community: a forum post or another party's site; personal: one person's work (a translation, a blog)"
    )


class CatalogEntry(Record):
    """One row of the catalog page: a tool and its one line."""

    tool: ToolId
    also: list[ToolId] = Field(
        default_factory=list, description="Other tools the row names, e.g. MLIR in 'LLVM / MLIR'"
    )
    line: Text


class CatalogGroup(Record):
    """A section of the catalog page (compilers, kernel libraries, autodiff)."""

    id: Id
    title: Text
    entries: list[CatalogEntry]


class ChainStep(Record):
    """One step of a chain, by the chain's id and the step's own id."""

    chain: ChainId
    step: Id


class MeasuredWords(Record):
    """The words a reader sees for one thing the capture names by id (data/measurements.yaml)."""

    id: Id
    kind: Literal["path", "softmax-path", "kernel-group", "excerpt", "fact", "chain-group", "note", "reading"] = Field(
        description="A measured path (softmax-path: of the memory-bound op), a group of kernel names, an excerpt of compiler output, a figure measured "
        "beside an excerpt, a group of chains, a note the Measured page shows beside its figures, or a reading of "
        "the GPU's state the capture records around its runs (clocks, temperature, power; its key with - for _)"
    )
    label: Text = Field(
        description="The path's name, the group's label, the excerpt's title, the figure's label or the chain group's title"
    )
    shows: Text | None = Field(None, description="What an excerpt shows (excerpts only)")
    reason: Text | None = Field(None, description="Why a path was not measured (paths the capture cannot run)")
    each: Text | None = Field(
        None, description="A chain group's title for each of its chains, {path} standing for the chain's own title"
    )
    counted: bool = Field(True, description="A kernel group counted among a path's kernels (false: zeroing and copies)")
    limits: bool = Field(False, description="A note on what limits every measured figure, shown beside them (one note)")
    # What the capture binds a path or an excerpt to: the capture program reads these, never ids of its own.
    chain: ChainId | None = Field(None, description="The chain a measured path follows (paths)")
    tools: list[ToolId] = Field([], description="The tools a path runs through, or an excerpt shows")
    made_by: ToolId | None = Field(None, description="The tool whose output an excerpt is (excerpts)")
    steps: list[ChainStep] = Field([], description="The chain steps an excerpt is evidence for (excerpts)")


class InterfaceWord(Record):
    """A word the pages print around the data (a heading, a column's name, a label), by the id templates use."""

    id: Id
    text: Name = Field(
        description="The word in each language; `{name}` stands for a value the page fills in (keep the same names in both)"
    )


Item.model_rebuild()

# The registry of data files, written once: file stem → record class of its list. The model,
# the export, the JSON Schemas and the checks all derive their collections from it.
FILES: dict[str, type[Record]] = {
    "kinds": Kind,
    "layers": Layer,
    "tools": Tool,
    "chains": Chain,
    "tables": Table,
    "lists": GuideList,
    "glossary": Term,
    "terms": Translation,
    "references": Reference,
    "catalog": CatalogGroup,
    "interface": InterfaceWord,
    "measurements": MeasuredWords,
}


# Collections the model keeps as lists in file order: they are shown in order, never looked up.
IN_ORDER = ("terms", "catalog")


def keyed(stem: str) -> bool:
    """Whether the model holds a collection's records by id (else as a list, in file order)."""
    return stem not in IN_ORDER


def references_in(record: Record, path: tuple = ()) -> Iterator[tuple[tuple, str, RefersTo]]:
    """Every id `record` names in a field typed with RefersTo, nested records and lists included:
    (its YAML path under `path`, the id, the collection it names)."""
    for name, target in _field_targets(type(record)):
        yield from _ids_in(getattr(record, name), target, path + (name,))


def _ids_in(value: object, target: RefersTo | None, path: tuple) -> Iterator[tuple[tuple, str, RefersTo]]:
    if isinstance(value, Record):
        yield from references_in(value, path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _ids_in(item, target, path + (index,))
    elif isinstance(value, str) and target is not None:
        yield path, value, target


@cache
def _field_targets(record_class: type[Record]) -> tuple[tuple[str, RefersTo | None], ...]:
    # Pydantic keeps a field's outer Annotated metadata apart from its annotation; look in both.
    return tuple(
        (name, _refers_to((info.annotation, *info.metadata))) for name, info in record_class.model_fields.items()
    )


def _refers_to(annotation: object) -> RefersTo | None:
    if isinstance(annotation, RefersTo):
        return annotation
    parts = annotation if isinstance(annotation, tuple) else get_args(annotation)
    return next((found for part in parts if (found := _refers_to(part)) is not None), None)
