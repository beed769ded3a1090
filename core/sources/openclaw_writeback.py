"""Write reviewed entries back over the blocks they came from, keeping every other byte of OpenClaw's Markdown."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from memrev.core.model import Entry
from memrev.core.sources.base import DriftError, OverCap, SourceRead
from memrev.core.sources.openclaw_annotations import split_annotations
from memrev.core.sources.openclaw_markdown import _Block, _Parsed, _parse
from memrev.core.sources.openclaw_workspace import (BOOTSTRAP_MAX_CHARS, EVERGREEN_NAMES, USER_MAX_CHARS, USER_NAME,
                                                    _utf16_length)

SIMILAR_ENOUGH = 0.6
"""A changed entry with no other locator is written over the block whose text is at least this alike."""


@dataclass
class _FilePlan:
    """How one parsed file is to be rewritten: the entry each entry block takes, and entries to append."""

    parsed: _Parsed
    taken: dict[int, Entry] = field(default_factory=dict)
    """Block index -> the reviewed entry written there (absent: the block is dropped)."""
    appended: list[Entry] = field(default_factory=list)


# -- writing ---------------------------------------------------------------------------------------


def _cited_line(entry: Entry, path: Path) -> int | None:
    """The first line of the entry's citation when it cites this file, else None."""
    citation = entry.provenance.citation or ""
    where, _, span = citation.rpartition(":")
    if where != str(path):
        return None
    first = span.split("-", 1)[0]
    return int(first) if first.isdigit() else None


def _place(plan: _FilePlan, wanted: list[Entry]) -> None:
    """Put each reviewed entry of a file onto its block: same text first, then its cited line, anchor or likeness."""
    blocks = plan.parsed.blocks
    free = [index for index, block in enumerate(blocks) if block.kind == "entry"]
    path = plan.parsed.path

    def take(index: int, entry: Entry) -> None:
        plan.taken[index] = entry
        free.remove(index)

    left: list[Entry] = []
    for entry in wanted:  # 1. the same text: kept as it is (with any exact copies under the same heading)
        text = _clean_text(entry.text)
        same = [index for index in free if blocks[index].text == text]
        if not same:
            left.append(entry)
            continue
        cited = _cited_line(entry, path)
        best = min(same, key=lambda i: (blocks[i].anchor != entry.source.anchor,
                                        abs(blocks[i].start + 1 - cited) if cited else 0, i))
        take(best, entry)
        for index in [i for i in free if blocks[i].text == text and blocks[i].anchor == blocks[best].anchor]:
            take(index, entry)
    for entry in left:  # 2. a changed text: written over the block it was read from
        index = _block_for(entry, free, blocks, path)
        if index is None:
            plan.appended.append(entry)  # 3. nothing to write over: appended to its own file
        else:
            take(index, entry)


def _block_for(entry: Entry, free: list[int], blocks: list[_Block], path: Path) -> int | None:
    """The free block a changed entry replaces: the one at its cited line, else under its anchor, else alike."""
    cited = _cited_line(entry, path)
    at_line = [index for index in free if cited is not None and blocks[index].start + 1 == cited]
    if at_line:
        return at_line[0]

    def likeness(index: int) -> float:
        return difflib.SequenceMatcher(None, blocks[index].text, _clean_text(entry.text)).ratio()

    anchored = [index for index in free if entry.source.anchor not in (None, "", "entry")
                and blocks[index].anchor == entry.source.anchor]
    if anchored:
        return max(anchored, key=likeness)
    best = max(free, key=likeness, default=None)
    return best if best is not None and likeness(best) >= SIMILAR_ENOUGH else None


def _clean_text(text: str) -> str:
    """An entry's text as it would read back: LF line endings, outer whitespace stripped."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _render_item(text: str, marker: str, newline: str) -> list[str]:
    """An entry as a list item: the marker on its first line, later lines indented under it."""
    pad = " " * len(marker)
    lines = text.split("\n")
    return [marker + lines[0] + newline] + [(pad + line if line.strip() else "") + newline for line in lines[1:]]


def _reads_back(lines: list[str], text: str) -> bool:
    """Whether some rendered lines parse back as exactly one entry with this text."""
    _, blocks = _parse("".join(lines))
    return [(b.kind, b.text) for b in blocks if b.kind != "blank"] == [("entry", text)]


def _render_block(block: _Block, text: str, newline: str) -> list[str]:
    """A changed entry in the shape of the block it replaces (a paragraph that would not read back becomes an item)."""
    if block.marker:
        return _render_item(text, block.marker, newline)
    lines = [line + newline for line in text.split("\n")]
    return lines if _reads_back(lines, text) else _render_item(text, "- ", newline)


def _render(plan: _FilePlan) -> bytes:
    """The file's new bytes: structure byte for byte, kept entries in place, changed ones replaced, new ones last."""
    parsed = plan.parsed
    newline = parsed.newline
    pieces: list[tuple[str, list[str]]] = []
    expected_texts: list[str] = []
    for index, block in enumerate(parsed.blocks):
        raw = parsed.raw[block.start:block.end]
        if block.kind != "entry":
            pieces.append((block.kind, raw))
            continue
        if index not in plan.taken:
            pieces.append(("dropped", []))
            continue
        annotated = split_annotations(_clean_text(plan.taken[index].text))
        text, suffix = annotated.prose, annotated.suffix or block.suffix  # the entry's own, else the block's
        expected_texts.append(text)
        if text == block.text and suffix == block.suffix:
            pieces.append(("entry", raw))
        else:
            lines = _render_block(block, text, newline)
            ending = lines[-1][len(lines[-1].rstrip("\r\n")):]
            lines[-1] = lines[-1].rstrip("\r\n") + suffix + ending  # recall annotations after the text, unchanged
            if not raw[-1].endswith("\n"):
                lines[-1] = lines[-1].rstrip("\r\n")
            pieces.append(("entry", lines))
    lines = _join_without_gaps(pieces)
    if plan.appended:
        lines = _append(lines, [_clean_text(entry.text) for entry in plan.appended], newline)
        expected_texts.extend(split_annotations(_clean_text(entry.text)).prose for entry in plan.appended)
    text = "".join(lines)
    _, blocks = _parse(text)
    if [block.text for block in blocks if block.kind == "entry"] != expected_texts:
        raise ValueError(f"{parsed.path}: these entries would not read back as written (an edit merges with its "
                         "neighbours); nothing written")
    return (b"\xef\xbb\xbf" if parsed.had_bom else b"") + text.encode("utf-8", "surrogatepass")


def _join_without_gaps(pieces: list[tuple[str, list[str]]]) -> list[str]:
    """Join kept blocks, closing the gap a dropped entry leaves (two blank runs meeting, or a blank edge)."""
    out: list[tuple[str, list[str]]] = []
    after_drop = False
    for kind, lines in pieces:
        if kind == "dropped":
            after_drop = True
            continue
        if not (kind == "blank" and after_drop and (not out or out[-1][0] == "blank")):
            out.append((kind, lines))
        after_drop = False
    if pieces and pieces[-1][0] == "dropped" and out and out[-1][0] == "blank":
        out.pop()  # the blank run that led into entries dropped at the end of the file
    return [line for _, lines in out for line in lines]


def _append(lines: list[str], texts: list[str], newline: str) -> list[str]:
    """Append new entries as `- ` list items at the end of a file, after a blank line unless a list ends it."""
    lines = list(lines)
    if lines:
        if not lines[-1].endswith("\n"):
            lines[-1] += newline
        last = _parse("".join(lines))[1][-1]
        if last.kind != "blank" and not (last.kind == "entry" and last.marker):
            lines.append(newline)
    for text in texts:
        lines.extend(_render_item(text, "- ", newline))
    return lines


def _new_entry_file(root: Path, expected: SourceRead, plans: dict[Path, _FilePlan]) -> Path:
    """Where new entries go: MEMORY.md, else an existing memory.md, else a MEMORY.md created for them."""
    for name in EVERGREEN_NAMES:
        if root / name in plans:
            return root / name
    target = root / "MEMORY.md"
    if target in expected.files and expected.files[target] is None:
        return target
    raise ValueError(f"{target}: not a readable regular file (see the import warnings); cannot add new entries; "
                     "nothing written")


def _check_caps(root: Path, plans: dict[Path, _FilePlan], outputs: dict[Path, bytes]) -> None:
    """Refuse a MEMORY.md that would grow past OpenClaw's bootstrap limit (it would reach the prompt cut), or a
    USER.md past its own budget (OpenClaw would leave it out whole)."""
    for name, cap in (*((name, BOOTSTRAP_MAX_CHARS) for name in EVERGREEN_NAMES), (USER_NAME, USER_MAX_CHARS)):
        path = root / name
        if path not in outputs:
            continue
        size = _utf16_length(outputs[path].decode("utf-8", "surrogatepass").removeprefix("\ufeff"))
        before = _utf16_length("".join(plans[path].parsed.raw))
        if size > cap and size > before:
            raise OverCap(f"{path}: would be {size:,} characters, over OpenClaw's {cap:,}-character "
                          "limit for it; nothing written (remove or shorten entries)")


def _original_bytes(parsed: _Parsed) -> bytes:
    """The bytes a parsed file had on disk."""
    return (b"\xef\xbb\xbf" if parsed.had_bom else b"") + "".join(parsed.raw).encode("utf-8", "surrogatepass")


def _refuse_links(path: Path, root: Path) -> None:
    """Refuse (before anything is written) a file or folder on the way that became a symlink since the read."""
    if path.is_symlink():
        raise DriftError(f"{path}: became a symlink since memrev read it; nothing written")
    folder = path.parent
    while folder != root and root in folder.parents:
        if folder.is_symlink():
            raise DriftError(f"{folder}: became a symlink since memrev read it; nothing written")
        folder = folder.parent
