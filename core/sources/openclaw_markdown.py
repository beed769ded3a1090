"""Parse an OpenClaw memory file into entry and structure blocks, so it can be written back byte for byte."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from memrev.core.safe_io import SourceFileError, read_text
from memrev.core.sources.containment import linked_outside
from memrev.core.sources.openclaw_annotations import directive_header, is_lone_comment, split_annotations

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ITEM = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


# -- parsing ---------------------------------------------------------------------------------------


@dataclass
class _Block:
    """A run of lines in a memory file: an entry (list item or paragraph) or structure kept byte for byte."""

    kind: str
    """`entry`, `heading`, `blank` or `other` (a rule, an empty list item)."""
    start: int
    """0-based index of the first line."""
    end: int
    """0-based index one past the last line."""
    text: str = ""
    anchor: str = "entry"
    marker: str = ""
    """The list marker with its indent and spaces (`- `, `1. `), or "" for a paragraph."""
    suffix: str = ""
    """The trailing `<!-- key: value -->` annotations of its last line, byte for byte (not part of `text`)."""
    notes: dict[str, str] = field(default_factory=dict)
    """Those annotations' values."""
    header: dict[str, str] = field(default_factory=dict)
    """A USER.md directive's `observed` and `status`, from the comment line above it."""


@dataclass
class _Parsed:
    """A memory file split into blocks, with what is needed to write it back byte for byte."""

    path: Path
    raw: list[str]
    """The lines with their line endings; joined they are the file's text (after any BOM)."""
    blocks: list[_Block]
    had_bom: bool = False
    digest: str = ""
    mtime: float = 0.0

    @property
    def newline(self) -> str:
        """The file's line ending: CRLF when most lines end so, else LF."""
        crlf = sum(1 for line in self.raw if line.endswith("\r\n"))
        lf = sum(1 for line in self.raw if line.endswith("\n"))
        return "\r\n" if crlf * 2 > lf else "\n"

    @property
    def entries(self) -> list[_Block]:
        """The blocks that are entries, in file order."""
        return [block for block in self.blocks if block.kind == "entry"]


def _split_lines(text: str) -> list[str]:
    """Split on LF only (as OpenClaw's chunker does), keeping each line's ending."""
    parts = text.split("\n")
    raw = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        raw.append(parts[-1])
    return raw


def _indent(line: str) -> int:
    """A line's leading indentation in columns (a tab reaches the next multiple of 4, as in CommonMark)."""
    columns = 0
    for char in line:
        if char == " ":
            columns += 1
        elif char == "\t":
            columns += 4 - columns % 4
        else:
            break
    return columns


def _dedent(line: str, columns: int) -> str:
    """A line with up to `columns` columns of leading indentation removed."""
    index = 0
    while index < len(line) and line[index] in " \t" and _indent(line[: index + 1]) <= columns:
        index += 1
    return line[index:]


def _slug(title: str) -> str:
    """A heading as a stable, lower-case anchor segment (`## Deploy notes` -> `deploy-notes`)."""
    slug = re.sub(r"[^\w]+", "-", title.strip().lower()).strip("-_")
    return slug or "section"


def _starts_block(line: str) -> bool:
    """Whether a line at top level begins a new block (heading, rule or list item) and ends a paragraph."""
    return bool(_HEADING.match(line) or _RULE.match(line) or _ITEM.match(line))


def _fence_end(clean: list[str], index: int) -> int:
    """The index just past the fenced code block opened on line `index` (the file's end if never closed)."""
    opening = _FENCE.match(clean[index])
    assert opening is not None
    fence = opening.group(1)
    for later in range(index + 1, len(clean)):
        closing = _FENCE.match(clean[later])
        if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence) \
                and not clean[later].strip()[len(closing.group(1)):].strip():
            return later + 1
    return len(clean)


def _item_end(clean: list[str], start: int, width: int) -> int:
    """The index just past a list item starting at `start`: its continuation, nested and lazy lines."""
    lead = _indent(clean[start])
    keep_indent = lead + max(1, min(width - lead, 2))
    index = start + 1
    if _FENCE.match(clean[start][width:]):
        index = _fence_end(clean, start)
    while index < len(clean):
        line = clean[index]
        if not line.strip():
            after = index
            while after < len(clean) and not clean[after].strip():
                after += 1
            if after < len(clean) and _indent(clean[after]) >= keep_indent:
                index = after
                continue
            return index
        if _indent(line) >= keep_indent:
            index = _fence_end(clean, index) if _FENCE.match(line) else index + 1
            continue
        if _starts_block(line) or _FENCE.match(line):
            return index
        index += 1  # a lazy continuation line
    return index


def _paragraph_end(clean: list[str], start: int) -> int:
    """The index just past a paragraph (with any fenced code in it) starting at `start`."""
    index = start
    while index < len(clean):
        line = clean[index]
        if not line.strip() or (index > start and _starts_block(line)):
            return index
        index = _fence_end(clean, index) if _FENCE.match(line) else index + 1
    return index


def _item_text(clean: list[str], start: int, end: int, width: int) -> str:
    """A list item's text: the marker dropped, continuation lines dedented by the marker's width."""
    lines = [clean[start][width:]]
    for line in clean[start + 1:end]:
        lines.append(_dedent(line, width))
    return "\n".join(lines).strip()


def _parse(text: str) -> tuple[list[str], list[_Block]]:
    """Split a memory file into blocks: entries at top-level list items and paragraphs, under heading anchors."""
    raw = _split_lines(text)
    clean = [line.rstrip("\n").removesuffix("\r") for line in raw]
    blocks: list[_Block] = []
    headings: list[tuple[int, str]] = []
    header: dict[str, str] = {}
    index = 0
    while index < len(clean):
        line = clean[index]
        anchor = "/".join(slug for _, slug in headings) or "entry"
        if not line.strip():
            end = index
            while end < len(clean) and not clean[end].strip():
                end += 1
            blocks.append(_Block("blank", index, end))
        elif heading := _HEADING.match(line):
            level = len(heading.group(1))
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, _slug(heading.group(2) or "")))
            blocks.append(_Block("heading", index, end := index + 1))
        elif _RULE.match(line):
            blocks.append(_Block("other", index, end := index + 1))
        elif is_lone_comment(line):  # a directive's `observed | status` header, a promotion marker: structure
            header = directive_header(line) or {}
            blocks.append(_Block("other", index, end := index + 1))
        elif item := _ITEM.match(line):
            width = len(item.group(0))
            end = _item_end(clean, index, width)
            body = _item_text(clean, index, end, width)
            blocks.append(_entry(index, end, body, anchor, line[:width], header) if body else
                          _Block("other", index, end, body, anchor, line[:width]))
            header = {} if body else header
        else:
            end = _paragraph_end(clean, index)
            blocks.append(_entry(index, end, "\n".join(clean[index:end]).strip(), anchor, "", header))
            header = {}
        index = end
    return raw, blocks


def _entry(start: int, end: int, body: str, anchor: str, marker: str, header: dict[str, str]) -> _Block:
    """An entry block: its text without the trailing annotations, which are kept apart with their values."""
    annotated = split_annotations(body)
    return _Block("entry", start, end, annotated.prose, anchor, marker, annotated.suffix, annotated.values,
                  dict(header))


def _load(path: Path, root: Path) -> _Parsed:
    """Read and parse one memory file (SourceFileError, one line, when it cannot be read)."""
    why = linked_outside(path, root)
    if why:
        raise SourceFileError(why)
    read = read_text(path, root=root)
    raw, blocks = _parse(read.text)
    return _Parsed(path, raw, blocks, read.had_bom, read.digest, read.mtime)
