"""Line-exact Markdown for the Codex files: entries found as slots in a parsed file, re-rendered around edits."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from memrev.core.model import Entry

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_BULLET = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


# -- Markdown scanning ------------------------------------------------------------------------------


def _heading(line: str) -> tuple[int, str] | None:
    """An ATX heading's level and title, or None."""
    match = _HEADING.match(line)
    if not match:
        return None
    title = re.sub(r"(?:^|[ \t]+)#+$", "", match[2] or "").strip()
    return len(match[1]), title


def _slug(title: str) -> str:
    """A heading as a stable anchor: lower case, words joined by `-` (apostrophes dropped)."""
    title = title.replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


def _split_lines(text: str) -> tuple[list[str], list[str]]:
    """The lines with their endings (for byte-exact output) and without (for parsing)."""
    parts = text.split("\n")
    raw = [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    plain = [line[:-1].removesuffix("\r") if line.endswith("\n") else line for line in raw]
    return raw, plain


def _fence_flags(plain: list[str]) -> list[bool]:
    """Which lines belong to a fenced code block (fences included), where `#` is not a heading."""
    flags: list[bool] = []
    fence: str | None = None
    for line in plain:
        match = _FENCE.match(line)
        if fence is None:
            flags.append(bool(match))
            fence = match[1] if match else None
        else:
            flags.append(True)
            if match and match[1][0] == fence[0] and len(match[1]) >= len(fence) and not line.strip()[len(match[1]):].strip():
                fence = None
    return flags


def _dedent(line: str, width: int) -> str:
    """A bullet's continuation line without the indentation its marker implies."""
    count = 0
    while count < width and count < len(line) and line[count] == " ":
        count += 1
    if count == 0 and line.startswith("\t"):
        return line[1:]
    return line[count:]


@dataclass
class _Slot:
    """One entry's place in a file: its line range, text, anchor and the containers it sits in."""

    kind: str
    """`bullet`, `para`, `task` or `section`."""
    start: int
    end: int
    """0-based line range, end exclusive (no trailing blank lines)."""
    text: str
    anchor: str
    tags: tuple[str, ...] = ()
    prefix: str = ""
    """A bullet's marker with its indentation, for rendering an edited text the same way."""
    info: dict[str, object] = field(default_factory=dict)


@dataclass
class _Doc:
    """A parsed Markdown file: its lines, which of them are entries, and the containers the rest belong to."""

    path: Path
    raw: list[str]
    plain: list[str]
    fenced: list[bool]
    tags: list[tuple[str, ...]]
    newline: str
    bom: bool
    slots: list[_Slot] = field(default_factory=list)
    droppable: set[str] = field(default_factory=set)
    """Containers (a task group, a section) dropped with their headings once every entry in them is removed."""

    @classmethod
    def parse(cls, path: Path, text: str, bom: bool = False) -> _Doc:
        """Split a file's text into lines, ready for one of the format parsers."""
        raw, plain = _split_lines(text)
        newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
        return cls(path, raw, plain, _fence_flags(plain), [() for _ in raw], newline, bom)

    def heading_at(self, index: int) -> tuple[int, str] | None:
        """The heading on a line, unless the line is inside a code fence."""
        return None if self.fenced[index] else _heading(self.plain[index])

    def headings(self, lo: int = 0, hi: int | None = None) -> list[tuple[int, int, str]]:
        """(line, level, title) of every heading in a line range."""
        hi = len(self.plain) if hi is None else hi
        return [(i, *h) for i in range(lo, hi) if (h := self.heading_at(i)) is not None]

    def blank(self, index: int) -> bool:
        """Whether a line is blank (outside a fence)."""
        return not self.fenced[index] and not self.plain[index].strip()

    def last_content(self, lo: int, hi: int) -> int:
        """One past the last non-blank line in a range (lo when all blank)."""
        while hi > lo and not self.plain[hi - 1].strip():
            hi -= 1
        return hi

    def byte_offset(self, index: int) -> int:
        """Where a line starts in the file's bytes (BOM included)."""
        return (3 if self.bom else 0) + sum(len(line.encode("utf-8", "surrogatepass")) for line in self.raw[:index])

    def line_at_byte(self, offset: int) -> int:
        """The 1-based line holding a byte offset."""
        position = 3 if self.bom else 0
        for index, line in enumerate(self.raw):
            position += len(line.encode("utf-8", "surrogatepass"))
            if position > offset:
                return index + 1
        return max(len(self.raw), 1)


def _bullet_end(doc: _Doc, start: int, hi: int, width: int) -> int:
    """One past a bullet's last line: indented and lazy continuation lines belong to it."""
    j = start + 1
    while j < hi:
        line = doc.plain[j]
        if doc.fenced[j]:
            if line[:1] in (" ", "\t") or doc.fenced[j - 1]:
                j += 1
                continue
            break
        if not line.strip():
            k = j
            while k < hi and doc.blank(k):
                k += 1
            if k < hi and doc.plain[k][:1] in (" ", "\t"):
                j = k
                continue
            break
        if _heading(line):
            break
        match = _BULLET.match(line)
        if match and len(match[1]) < width:
            break
        j += 1
    return j


def _para_end(doc: _Doc, start: int, hi: int) -> int:
    """One past a paragraph's last line: it ends at a blank line, a heading or a bullet."""
    j = start + 1
    while j < hi:
        if not doc.fenced[j]:
            line = doc.plain[j]
            if not line.strip() or _heading(line) or _BULLET.match(line):
                break
        j += 1
    return j


def _split_body(doc: _Doc, lo: int, hi: int, tags: tuple[str, ...], anchor: str, info: Mapping[str, object]) -> None:
    """Make each bullet and paragraph in a line range an entry; blank lines and headings stay structure."""
    i = lo
    while i < hi:
        doc.tags[i] = tags
        line = doc.plain[i]
        if doc.blank(i) or doc.heading_at(i):
            i += 1
            continue
        bullet = None if doc.fenced[i] else _BULLET.match(line)
        if bullet:
            width = bullet.end()
            end = _bullet_end(doc, i, hi, width)
            rest = [_dedent(item, width) for item in doc.plain[i + 1:end]]
            text = "\n".join([line[width:], *rest]).strip()
            slot = _Slot("bullet", i, end, text, anchor, tags, prefix=line[:width], info=dict(info))
        else:
            end = _para_end(doc, i, hi)
            slot = _Slot("para", i, end, "\n".join(doc.plain[i:end]).strip(), anchor, tags, info=dict(info))
        doc.slots.append(slot)
        for j in range(i, end):
            doc.tags[j] = tags
        i = end


def _block_slot(doc: _Doc, lo: int, hi: int, kind: str, anchor: str, tags: tuple[str, ...] = ()) -> None:
    """One entry spanning the non-blank lines of a range (nothing when it is all blank)."""
    while lo < hi and not doc.plain[lo].strip():
        lo += 1
    hi = doc.last_content(lo, hi)
    if lo < hi:
        doc.slots.append(_Slot(kind, lo, hi, "\n".join(doc.plain[lo:hi]).strip(), anchor, tags))


# -- rendering --------------------------------------------------------------------------------------


@dataclass
class _Insert:
    """New lines to place in a file: after the last entry of a container, after its end, or at the end."""

    lines: list[str]
    after_slot: str | None = None
    fallback: str | None = None
    after_end: str | None = None
    bullet: bool = False
    keep: tuple[str, ...] = ()
    """Containers this insertion keeps alive even if every old entry in them is removed."""


def _bullet_lines(text: str, prefix: str = "- ", dash: bool = False) -> list[str]:
    """A bullet entry as lines: the marker on the first line, continuation lines indented under it."""
    if dash and not prefix.lstrip().startswith("-"):
        prefix = "- "
    first, *rest = text.split("\n")
    pad = " " * len(prefix)
    return [prefix + first] + [pad + line if line.strip() else "" for line in rest]


def _slot_lines(slot: _Slot, text: str, *, dash: bool) -> list[str]:
    """An edited entry's new lines, shaped like the entry it replaces."""
    text = text.replace("\r\n", "\n").strip()
    return _bullet_lines(text, slot.prefix, dash) if slot.kind == "bullet" else text.split("\n")


def _trailing_blanks(lines: Sequence[str]) -> int:
    """How many blank lines end a list of lines."""
    count = 0
    for line in reversed(lines):
        if line.strip():
            break
        count += 1
    return count


def _render(doc: _Doc, replace: Mapping[int, list[str] | None], inserts: Sequence[_Insert]) -> list[str]:
    """The file's new lines: structure as it was, each entry as given (None drops it), insertions placed."""
    nl = doc.newline
    kept = {tag for insert in inserts for tag in insert.keep}
    members: dict[str, list[int]] = {}
    for index, slot in enumerate(doc.slots):
        for tag in slot.tags:
            members.setdefault(tag, []).append(index)
    dropped = {tag for tag in doc.droppable
               if members.get(tag) and tag not in kept and all(replace.get(i) is None for i in members[tag])}
    starts = {slot.start: index for index, slot in enumerate(doc.slots)}
    out: list[str] = []
    last_line: dict[str, int] = {}
    last_slot: dict[str, tuple[int, str]] = {}
    collapsing = False
    i = 0
    while i < len(doc.raw):
        if i in starts:
            slot = doc.slots[starts[i]]
            lines = replace.get(starts[i])
            i = slot.end
            if lines is None:
                collapsing = True
                continue
            if out and not out[-1].endswith("\n"):
                out[-1] += nl
            out.extend(lines)
            collapsing = False
            for tag in slot.tags:
                last_line[tag] = len(out)
                last_slot[tag] = (len(out), slot.kind)
            continue
        line, tags = doc.raw[i], doc.tags[i]
        i += 1
        if any(tag in dropped for tag in tags):
            collapsing = True
            continue
        if not line.strip():
            if collapsing and (not out or not out[-1].strip()):
                continue
            out.append(line)
            continue
        out.append(line)
        collapsing = False
        for tag in tags:
            last_line[tag] = len(out)
    while _trailing_blanks(out) > _trailing_blanks(doc.raw):
        out.pop()
    placed: dict[int, list[str]] = {}
    at_end: list[list[str]] = []
    for insert in inserts:
        body = [line + nl for line in insert.lines]
        if insert.after_slot and insert.after_slot in last_slot:
            position, kind = last_slot[insert.after_slot]
            before = [] if insert.bullet and kind == "bullet" else [nl]
        elif insert.fallback and insert.fallback in last_line:
            position, before = last_line[insert.fallback], [nl]
        elif insert.after_end and insert.after_end in last_line:
            position, before = last_line[insert.after_end], [nl]
        else:
            at_end.append(body)
            continue
        after = [nl] if not insert.bullet and position < len(out) and out[position].strip() else []
        placed.setdefault(position, []).extend(before + body + after)
    for position in sorted(placed, reverse=True):
        if position and not out[position - 1].endswith("\n"):
            out[position - 1] += nl
        out[position:position] = placed[position]
    for body in at_end:
        if out and not out[-1].endswith("\n"):
            out[-1] += nl
        if out and out[-1].strip():
            out.append(nl)
        out.extend(body)
    return out


def _encode(lines: Iterable[str], bom: bool) -> bytes:
    """A file's bytes from its lines (keeping a byte-order mark it had)."""
    data = "".join(lines).encode("utf-8", "surrogatepass")
    return b"\xef\xbb\xbf" + data if bom else data


def _match(slots: Sequence[_Slot], given: Sequence[Entry]) -> tuple[dict[int, Entry], list[Entry]]:
    """Pair entries with the places they were read from: same text, then same anchor, then similar text."""
    free = list(range(len(slots)))
    assigned: dict[int, Entry] = {}

    def take(index: int, entry: Entry) -> None:
        assigned[index] = entry
        free.remove(index)

    rest: list[Entry] = []
    for entry in given:
        index = next((i for i in free if slots[i].text == entry.text), None)
        if index is None:
            rest.append(entry)
        else:
            take(index, entry)
    unplaced: list[Entry] = []
    for entry in rest:
        anchor = entry.source.anchor or ""
        same = [i for i in free if anchor not in ("", "entry") and slots[i].anchor == anchor]
        if same:
            take(max(same, key=lambda i: (_ratio(slots[i].text, entry.text), -i)), entry)
        else:
            unplaced.append(entry)
    new: list[Entry] = []
    for entry in unplaced:
        scored = [(r, -i, i) for i in free if (r := _ratio(slots[i].text, entry.text)) >= 0.6]
        if scored:
            take(max(scored)[2], entry)
        else:
            new.append(entry)
    return assigned, new


def _ratio(a: str, b: str) -> float:
    """How alike two texts are (difflib ratio)."""
    return difflib.SequenceMatcher(None, a, b).ratio()


def _replacements(doc: _Doc, assigned: Mapping[int, Entry], *, dash: bool,
                  check: Callable[[Entry, _Slot | None], None] | None = None) -> dict[int, list[str] | None]:
    """Each slot's new lines: the original bytes when its text is unchanged, rendered when edited, None when gone."""
    result: dict[int, list[str] | None] = {}
    for index, slot in enumerate(doc.slots):
        entry = assigned.get(index)
        if entry is None:
            result[index] = None
        elif entry.text == slot.text:
            result[index] = doc.raw[slot.start:slot.end]
        else:
            if check is not None:
                check(entry, slot)
            result[index] = [line + doc.newline for line in _slot_lines(slot, entry.text, dash=dash)]
    return result
