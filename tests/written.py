"""Where a field is written in a data file, found through YAML's own parse tree: tests edit or break
one field of a copy of data/, and find its line, without quoting the file's text (a rewording
of the record leaves them working)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import yaml

Step = str | int


class Written:
    """One data file as written. A path of steps leads to a node: a string is a mapping's key, or,
    on a list, the record with that id; an integer is a list index. Edits change only the text of
    the node they name; the file is parsed again when next asked (so an edit may break it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self._root: yaml.Node | None = None

    @property
    def root(self) -> yaml.Node:
        if self._root is None:
            self._root = yaml.compose(self.text, Loader=yaml.SafeLoader)
        return self._root

    def _write(self, text: str) -> None:
        self.path.write_text(text, encoding="utf-8")
        self.text, self._root = text, None

    def _entry(self, steps: tuple[Step, ...]) -> tuple[yaml.Node | None, yaml.Node]:
        """(key node or None, value node) at `steps`."""
        key, node = None, self.root
        for step in steps:
            found = None
            if isinstance(node, yaml.MappingNode) and isinstance(step, str):
                found = next(((k, v) for k, v in node.value if k.value == step), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
                found = (None, node.value[step]) if -len(node.value) <= step < len(node.value) else None
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, str):
                found = next(((None, item) for item in node.value if _id_of(item) == step), None)
            assert found is not None, f"{self.path.name}: nothing written at {steps!r}"
            key, node = found
        return key, node

    def node(self, *steps: Step) -> yaml.Node:
        """The node at `steps`."""
        return self._entry(steps)[1]

    def line(self, *steps: Step) -> int:
        """The 1-based line where the value at `steps` starts (a record: its `id:` line)."""
        return self.node(*steps).start_mark.line + 1

    def key_line(self, *steps: Step) -> int:
        """The 1-based line of the key whose value is at `steps`."""
        key, _ = self._entry(steps)
        assert key is not None, f"{steps!r} is not a mapping's value"
        return key.start_mark.line + 1

    def lines(self, *steps: Step) -> range:
        """The 1-based lines the value at `steps` is written on."""
        node = self.node(*steps)
        return range(node.start_mark.line + 1, self.text.count("\n", 0, _end(node)) + 2)

    def index(self, *steps: Step) -> int:
        """The position in its list of the item at `steps` (for YAML paths such as `tools[3]`)."""
        parent, item = self.node(*steps[:-1]), self.node(*steps)
        return next(i for i, each in enumerate(parent.value) if each is item)

    def is_flow(self, *steps: Step) -> bool:
        """Whether the value at `steps` is written on one line in flow style (`{…}`, `[…]`) or is a scalar."""
        node = self.node(*steps)
        return isinstance(node, yaml.ScalarNode) or bool(node.flow_style)

    def replace(self, *steps: Step, raw: str) -> None:
        """Write `raw` (YAML text, or anything to test the reader with) where the value at `steps` is."""
        node = self.node(*steps)
        self._write(self.text[: node.start_mark.index] + raw + self.text[_end(node) :])

    def set(self, *steps: Step, text: str) -> None:
        """Make the value at `steps` the string `text` (written double-quoted)."""
        self.replace(*steps, raw=json.dumps(text, ensure_ascii=False))

    def rename_key(self, *steps: Step, to: str) -> None:
        """Write the key of the value at `steps` as `to`."""
        key, _ = self._entry(steps)
        self._write(self.text[: key.start_mark.index] + to + self.text[key.end_mark.index :])

    def delete(self, *steps: Step) -> None:
        """Remove the key at `steps` and its value, whole lines."""
        key, value = self._entry(steps)
        start = self.text.rindex("\n", 0, key.start_mark.index) + 1
        assert not self.text[start : key.start_mark.index].strip(), f"{steps!r} does not start its line"
        self._write(self.text[:start] + self.text[self._line_end(_end(value)) :])

    def append_item(self, *steps: Step, raw: str) -> int:
        """Add `- raw` after the last item of the block list at `steps`; return its line."""
        items = self.node(*steps)
        assert isinstance(items, yaml.SequenceNode) and not items.flow_style, f"{steps!r} is not a block list"
        at = self._line_end(_end(items))
        self._write(self.text[:at] + " " * items.start_mark.column + f"- {raw}\n" + self.text[at:])
        return self.text.count("\n", 0, at) + 1

    def add_key(self, *steps: Step, key: str, raw: str) -> int:
        """Add `key: raw` on its own line to the block mapping at `steps` (after its first key); return its line."""
        mapping = self.node(*steps)
        assert isinstance(mapping, yaml.MappingNode) and not mapping.flow_style, f"{steps!r} is not a block mapping"
        first_key, first_value = mapping.value[0]
        at = self._line_end(_end(first_value))
        self._write(self.text[:at] + " " * first_key.start_mark.column + f"{key}: {raw}\n" + self.text[at:])
        return self.text.count("\n", 0, at) + 1

    def edit_line(self, line: int, change: Callable[[str], str]) -> None:
        """Replace the 1-based `line` (without its newline) by `change(line_text)`."""
        lines = self.text.split("\n")
        lines[line - 1] = change(lines[line - 1])
        self._write("\n".join(lines))

    def _line_end(self, index: int) -> int:
        """The index just after the newline that ends the line holding `index - 1`."""
        newline = self.text.find("\n", max(index - 1, 0))
        return len(self.text) if newline == -1 else newline + 1


def _id_of(node: yaml.Node) -> str | None:
    if isinstance(node, yaml.MappingNode):
        return next((v.value for k, v in node.value if k.value == "id" and isinstance(v, yaml.ScalarNode)), None)
    return None


def _end(node: yaml.Node) -> int:
    """Where the text of `node` ends. A block collection's own end mark is the next key's start,
    past comments and blank lines: take the end of its last item instead."""
    if isinstance(node, yaml.ScalarNode) or node.flow_style or not node.value:
        return node.end_mark.index
    last = node.value[-1]
    return _end(last[1] if isinstance(last, tuple) else last)
