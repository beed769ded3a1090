"""Changing a few frontmatter values in place: only those values' bytes change, every other byte stays as it was."""

from __future__ import annotations

import re
from typing import Sequence

from memrev.core.sources.claude_markdown import yaml_scalar
from memrev.core.sources.yaml_frontmatter import Frontmatter, Place

_SIMPLE = re.compile(r"[A-Za-z0-9_][\w.:+-]*")
"""A word, number or ISO time: written plain where the file had a plain value (YAML 1.2 reads it as a string)."""


def _scalar(value: str, place: Place | None) -> str:
    """The value as YAML: plain in place of a plain value when it is a simple word or time, else `yaml_scalar`."""
    if place is not None and place.style is None and _SIMPLE.fullmatch(value):
        return value
    return yaml_scalar(value)


def _line_starts(text: str) -> list[int]:
    """The offset where each line starts (the lines `str.splitlines` gives), and the text's end."""
    starts, offset = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(offset)
        offset += len(line)
    return [*starts, offset]


def newline_of(text: str) -> str:
    """The line ending the file's first line uses (`\\r\\n` or `\\n`)."""
    first = text.splitlines(keepends=True)[0] if text else "\n"
    return "\r\n" if first.endswith("\r\n") else "\n"


def set_values(text: str, front: Frontmatter, changes: Sequence[tuple[tuple[str, ...], str]]) -> str:
    """The text with each `(path, value)` set: an existing value replaced where it stands, a missing key added (a
    nested one inside its mapping, a top-level one last in the block); nothing else is touched."""
    if not front.present or front.problem:
        raise ValueError("frontmatter that could not be read is never rewritten")
    starts = _line_starts(text)
    newline = newline_of(text)
    edits: list[tuple[int, int, str]] = []
    for path, value in changes:
        place = front.places.get(path)
        scalar = _scalar(value, place)
        if place is not None:
            start = starts[place.line] + place.column
            end = starts[place.end_line] + place.end_column if place.end_line < len(starts) else starts[-1]
            edits.append((start, end, scalar + (newline if place.style in ("|", ">") else "")))
            continue
        parent = front.places.get(path[:1]) if len(path) == 2 else None
        if len(path) == 2 and parent is not None and path[0] not in front.nested:
            raise ValueError(f"frontmatter key {path[0]!r} is not a mapping; {path[1]!r} cannot be set in it")
        if len(path) == 2 and parent is None:
            edits.append((starts[front.close_line], starts[front.close_line],
                          f"{path[0]}:{newline}  {path[1]}: {scalar}{newline}"))
        elif parent is not None and parent.flow:
            at = starts[parent.end_line] + parent.end_column - 1
            edits.append((at, at, f"{', ' if front.nested[path[0]] else ''}{path[1]}: {scalar}"))
        elif parent is not None:
            line = parent.end_line if parent.end_column == 0 else parent.end_line + 1
            at = starts[min(line, front.close_line)]
            edits.append((at, at, f"{' ' * parent.indent}{path[1]}: {scalar}{newline}"))
        else:
            at = starts[front.close_line]
            edits.append((at, at, f"{path[0]}: {scalar}{newline}"))
    for start, end, replacement in sorted(edits, key=lambda edit: edit[0], reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def replace_body(text: str, front: Frontmatter, body: str) -> str:
    """The file with its body after the block replaced by `body` (blank lines before it kept, one final newline)."""
    starts = _line_starts(text)
    lines = text.splitlines(keepends=True)
    first = front.body_line
    while first < len(lines) and not lines[first].strip():
        first += 1
    head = text[: starts[min(first, len(lines))]]
    if head and not head.endswith(("\n", "\r")):
        head += newline_of(text)
    newline = newline_of(text)
    return head + newline.join(body.strip().split("\n")) + newline
