"""A Markdown file's leading `---` block read with PyYAML's composer: its values, and where each value sits in the text.

Only PyYAML's node tree is used (no construction), so every value stays the string the file holds (`yes`, `1.0`
and an ISO date are not turned into other types), and each node keeps its place in the text, which lets a writer
change one value and leave every other byte of the file as it was.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field, replace

import yaml

_PLAIN_KEY_LINE = re.compile(r"^([A-Za-z_][\w.-]*)[ \t]*:[ \t]+(?![|>\[{'\"])(\S.*?)[ \t]*$")
"""A top-level `key: plain value` line, quoted when YAML refuses the block (as Claude Code's own reader retries)."""
_PLAIN_ITEM_LINE = re.compile(r"^([ \t]+-[ \t]+)(?![|>\[{'\"])(\S.*?)[ \t]*$")
"""An indented `- plain item` line (a `paths:` glob such as `**/*.ts`), quoted on the same retry."""
_NEEDS_RETRY = re.compile(r": |:$| #|^[*&!%@`]")
_COMMENT_TAIL = re.compile(r"^[ \t]+#.*$")
_SIMPLE_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*): ([A-Za-z0-9_]+(?: [A-Za-z0-9_]+)*)")
"""A `key: words` line (letters, digits and underscores, single spaces): a plain scalar YAML reads as exactly itself."""
BLOCK_CACHE = 16_384
"""Frontmatter blocks whose reading is remembered (a reading is its few values and their places: about two kilobytes)."""


@dataclass(frozen=True)
class Place:
    """Where a node sits in the file: 0-based line and column of its start and end, and its YAML style."""

    line: int
    column: int
    end_line: int
    end_column: int
    style: str | None = None
    flow: bool = False
    """For a mapping: written `{a: b}` on one line rather than as indented lines."""
    indent: int = 0
    """For a block mapping: the column its keys start at."""


@dataclass
class Frontmatter:
    """A leading `---` block: its values, key order, where each value is, where the body starts, what was wrong."""

    values: dict[str, str | list[str]] = field(default_factory=dict)
    """Top-level scalars and lists, as the file's strings."""
    keys: list[str] = field(default_factory=list)
    nested: dict[str, dict[str, str | list[str]]] = field(default_factory=dict)
    """Mappings one level down (Claude's `metadata:`), key by key."""
    places: dict[tuple[str, ...], Place] = field(default_factory=dict)
    """The value node of each key (`("type",)`, `("metadata", "type")`), and of each nested mapping."""
    body_line: int = 0
    """0-based index of the first line after the block (0 when there is none)."""
    close_line: int = 0
    """0-based index of the closing `---` line."""
    present: bool = False
    problem: str | None = None

    def text(self, key: str) -> str | None:
        """A top-level value as one string (a list joined with commas), or None when absent."""
        value = self.values.get(key)
        if value is None:
            return None
        return ", ".join(value) if isinstance(value, list) else value

    def get(self, *path: str) -> str | None:
        """A value by its path (`get("metadata", "type")`) as one string, or None when absent."""
        if len(path) == 1:
            return self.text(path[0])
        value = self.nested.get(path[0], {}).get(path[1])
        if value is None:
            return None
        return ", ".join(value) if isinstance(value, list) else value


def parse_frontmatter(text: str) -> Frontmatter:
    """Split off a leading `---` block and read it as YAML; an unclosed or unreadable block is a `problem`."""
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return Frontmatter()
    close = next((index for index in range(1, len(lines)) if lines[index].rstrip() in ("---", "...")), None)
    if close is None:
        return Frontmatter(problem="the --- block is never closed")
    return _copy(_read_block(tuple(lines[1:close]), close))


def _copy(front: Frontmatter) -> Frontmatter:
    """A copy of a remembered reading that its caller may change freely (places are immutable, values strings)."""
    def own(found: str | list[str]) -> str | list[str]:
        return list(found) if isinstance(found, list) else found
    return replace(front, values={key: own(found) for key, found in front.values.items()}, keys=list(front.keys),
                   nested={key: {sub: own(found) for sub, found in inner.items()} for key, inner in front.nested.items()},
                   places=dict(front.places))


@functools.lru_cache(maxsize=BLOCK_CACHE)
def _read_block(lines: tuple[str, ...], close: int) -> Frontmatter:
    """The block's reading, remembered by its lines: a freeze or an eval reads the same topic files several times,
    and composing the YAML is most of a read."""
    front = Frontmatter(body_line=close + 1, close_line=close, present=True)
    return front if _read_simple(lines, front) else _compose_reading(lines, close)


def _compose_reading(lines: tuple[str, ...], close: int) -> Frontmatter:
    """The block as YAML's composer reads it: every value the file's string, each with its place."""
    front = Frontmatter(body_line=close + 1, close_line=close, present=True)
    block = list(lines)
    node, quoted, problem = _compose(block)
    if problem:
        front.problem = problem
        return front
    if node is None:
        return front
    if not isinstance(node, yaml.MappingNode):
        front.problem = "the --- block is not a list of `key: value` lines"
        return front
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            continue
        key = key_node.value
        if key not in front.values and key not in front.nested:
            front.keys.append(key)
        if isinstance(value_node, yaml.MappingNode):
            front.nested[key] = {}
            front.places[(key,)] = _place(value_node, block, quoted)
            for sub_key, sub_value in value_node.value:
                if isinstance(sub_key, yaml.ScalarNode):
                    front.nested[key][sub_key.value] = _value(sub_value, block, quoted, value_node.flow_style)
                    front.places[(key, sub_key.value)] = _place(sub_value, block, quoted, value_node.flow_style)
        else:
            front.values[key] = _value(value_node, block, quoted, False)
            front.places[(key,)] = _place(value_node, block, quoted, False)
    return front


def _read_simple(lines: tuple[str, ...], front: Frontmatter) -> bool:
    """Read a block of only `key: words` lines as the composer would (same values, keys and places) without it,
    and say so; False, with `front` untouched, for any other block (most topic files are this simple)."""
    matches = [_SIMPLE_LINE.fullmatch(line) for line in lines]
    if not matches or not all(matches):
        return False
    for number, match in enumerate(matches, 1):
        key, value = match.group(1), match.group(2)  # type: ignore[union-attr]
        if key not in front.values:
            front.keys.append(key)
        front.values[key] = value
        front.places[(key,)] = Place(number, match.start(2), number, match.end(2))  # type: ignore[union-attr]
    return True


def _compose(block: list[str]) -> tuple[yaml.Node | None, set[int], str | None]:
    """The block's node tree; when YAML refuses it, again with plain top-level values quoted (the lines quoted)."""
    try:
        return yaml.compose("\n".join(block), Loader=yaml.SafeLoader), set(), None
    except yaml.YAMLError as error:
        first = _describe(error)
    quoted, retry = set(), list(block)
    for index, line in enumerate(block):
        match = _PLAIN_KEY_LINE.match(line)
        if match and _NEEDS_RETRY.search(match.group(2)):
            retry[index] = f"{match.group(1)}: {json.dumps(match.group(2), ensure_ascii=False)}"
            quoted.add(index)
        item = _PLAIN_ITEM_LINE.match(line)
        if item and _NEEDS_RETRY.search(item.group(2)):
            retry[index] = f"{item.group(1)}{json.dumps(item.group(2), ensure_ascii=False)}"
            quoted.add(index)
    if not quoted:
        return None, set(), first
    try:
        return yaml.compose("\n".join(retry), Loader=yaml.SafeLoader), quoted, None
    except yaml.YAMLError:
        return None, set(), first


def _describe(error: yaml.YAMLError) -> str:
    """A YAML error on one line, with the file line it points at (the block starts on line 2)."""
    mark = getattr(error, "problem_mark", None)
    what = getattr(error, "problem", None) or str(error).splitlines()[0]
    return f"line {mark.line + 2}: {what}" if mark is not None else str(what)


def _value(node: yaml.Node, block: list[str], quoted: set[int], flow: bool) -> str | list[str]:
    """A node as the file's string, or a list of strings; a plain value keeps an inline ` #...` (Claude since 2.1.214)."""
    if isinstance(node, yaml.SequenceNode):
        return [item.value if isinstance(item, yaml.ScalarNode) else "" for item in node.value]
    if not isinstance(node, yaml.ScalarNode):
        return ""
    line = node.start_mark.line
    if line in quoted:
        return _PLAIN_KEY_LINE.match(block[line]).group(2)  # type: ignore[union-attr]
    if node.style is None and not flow and node.end_mark.line == line and node.value:
        rest = block[line][node.end_mark.column:]
        if _COMMENT_TAIL.match(rest):
            return node.value + rest.rstrip()
    return node.value


def _place(node: yaml.Node, block: list[str], quoted: set[int], flow: bool = False) -> Place:
    """Where a node is in the file (lines counted from the file's first line, the opening `---`)."""
    start, end = node.start_mark, node.end_mark
    if isinstance(node, yaml.ScalarNode) and start.line in quoted:
        match = _PLAIN_KEY_LINE.match(block[start.line])
        return Place(start.line + 1, match.start(2), start.line + 1, match.end(2))  # type: ignore[union-attr]
    end_column = end.column
    if isinstance(node, yaml.ScalarNode) and node.style is None and not flow and end.line == start.line:
        rest = block[start.line][end.column:]
        if _COMMENT_TAIL.match(rest):
            end_column += len(rest.rstrip())
    indent = start.column if isinstance(node, yaml.MappingNode) and not node.flow_style else 0
    return Place(start.line + 1, start.column, end.line + 1, end_column, getattr(node, "style", None),
                 bool(getattr(node, "flow_style", False)), indent)
