"""OpenClaw adapter: the workspace's Markdown memory (MEMORY.md, memory.md, memory/**/*.md), never its SQLite index.

OpenClaw keeps memory as plain Markdown in its workspace (`~/.openclaw/workspace`, older builds `~/clawd`):
curated long-term memory in `MEMORY.md` (or `memory.md`; both load), dated daily logs `memory/YYYY-MM-DD.md`
and other evergreen notes under `memory/`. The SQLite index beside it is a derived cache that OpenClaw
rebuilds from these files, so memrev reads and writes the Markdown only and never touches any `*.sqlite`
(or its -wal/-shm/-journal) file. One entry is one top-level list item or one paragraph; headings are the
entry's anchor. Symlinked files and folders are skipped, as OpenClaw's own file listing skips them.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.model import Entry, EntryType, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, atomic_write, is_within, read_text
from memrev.core.sources.base import DriftError, NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift

KIND = "openclaw"

EVERGREEN_NAMES = ("MEMORY.md", "memory.md")
"""The workspace-root memory files; OpenClaw loads both (de-duplicated by realpath) in the main session."""

BOOTSTRAP_MAX_CHARS = 20_000
"""`bootstrapMaxChars`: OpenClaw injects MEMORY.md into the prompt truncated to this many UTF-16 units."""

DATED_MEMORY_PATH_RE = re.compile(r"(?:^|/)memory/(?:[^/]+/)*(\d{4})-(\d{2})-(\d{2})\.md$")
"""OpenClaw's own pattern for a dated daily log (temporal-decay.ts), applied to the workspace-relative path."""

SIMILAR_ENOUGH = 0.6
"""A changed entry with no other locator is written over the block whose text is at least this alike."""

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ITEM = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_TIME = re.compile(r"^\[?([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\]?(?=\s|$)")
_USER_SECTIONS = frozenset({
    "user", "users", "the-user", "about-me", "about-the-user", "about-user", "user-preferences",
    "preferences", "personal", "profile", "owner", "human",
})
_USER_TEXT = re.compile(r"^(?:the\s+)?(?:user|owner|human)\b", re.IGNORECASE)


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
        elif item := _ITEM.match(line):
            width = len(item.group(0))
            end = _item_end(clean, index, width)
            body = _item_text(clean, index, end, width)
            blocks.append(_Block("entry" if body else "other", index, end, body, anchor, line[:width]))
        else:
            end = _paragraph_end(clean, index)
            blocks.append(_Block("entry", index, end, "\n".join(clean[index:end]).strip(), anchor))
        index = end
    return raw, blocks


# -- the workspace ---------------------------------------------------------------------------------


def _has_memory(folder: Path) -> bool:
    """Whether a folder is an OpenClaw workspace with memory: MEMORY.md, memory.md or a memory/ folder."""
    return any((folder / name).is_file() for name in EVERGREEN_NAMES) or (folder / "memory").is_dir()


def _expand(value: str, *, cwd: Path, home: Path) -> Path:
    """A path from the environment: `~` is the given home, a relative path is under the given cwd."""
    if value == "~" or value.startswith("~/"):
        path = home / value[2:]
    else:
        path = Path(value)
    return Path(os.path.abspath(path if path.is_absolute() else cwd / path))


def _lkind(path: Path) -> str | None:
    """What a path is without following a symlink: `link`, `dir`, `file`, `other`, or None when absent."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "other"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    return "file" if stat.S_ISREG(mode) else "other"


def _symlink_warning(path: Path) -> str:
    """The one-line warning for a symlink in the workspace's memory."""
    return f"{path}: is a symlink; OpenClaw skips symlinked memory, so memrev neither reads nor writes it"


def _walk(folder: Path, found: list[Path], warnings: list[str]) -> None:
    """Collect `*.md` files under a memory folder the way OpenClaw's walkDir does (symlinks skipped)."""
    try:
        children = sorted(os.scandir(folder), key=lambda child: child.name)
    except OSError as error:
        warnings.append(f"{folder}: cannot list ({error.strerror or error}); skipped")
        return
    for child in children:
        path = Path(child.path)
        if child.is_symlink():
            warnings.append(_symlink_warning(path))
        elif child.is_dir(follow_symlinks=False):
            if child.name.endswith(".md"):
                warnings.append(f"{path}: is a folder, expected a file; OpenClaw reads it as a folder, so does memrev")
            _walk(path, found, warnings)
        elif child.is_file(follow_symlinks=False):
            if child.name.endswith(".md"):
                found.append(path)
        elif child.name.endswith(".md"):
            warnings.append(f"{path}: not a regular file; skipped")


def _memory_files(root: Path, warnings: list[str]) -> list[Path]:
    """The workspace's memory files in load order: MEMORY.md, memory.md, then memory/**/*.md, each file once."""
    found: list[Path] = []
    for name in EVERGREEN_NAMES:
        path = root / name
        kind = _lkind(path)
        if kind == "file":
            found.append(path)
        elif kind == "link":
            warnings.append(_symlink_warning(path))
        elif kind == "dir":
            warnings.append(f"{path}: is a folder, expected a file; skipped")
        elif kind == "other":
            warnings.append(f"{path}: not a regular file; skipped")
    folder = root / "memory"
    kind = _lkind(folder)
    if kind == "link":
        warnings.append(_symlink_warning(folder))
    elif kind == "dir":
        _walk(folder, found, warnings)
    elif kind is not None:
        warnings.append(f"{folder}: is not a folder; skipped")
    return _dedupe(found)


def _dedupe(paths: list[Path]) -> list[Path]:
    """Drop a path naming a file already listed (MEMORY.md and memory.md on a case-insensitive disk)."""
    seen: set[object] = set()
    unique = []
    for path in paths:
        try:
            info = path.stat()
            key: object = (info.st_dev, info.st_ino)
        except OSError:
            key = str(path)
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def _daily_date(root: Path, path: Path, warnings: list[str] | None) -> date | None:
    """The date of a daily log from its path (OpenClaw's regex, real dates only), else None (evergreen)."""
    match = DATED_MEMORY_PATH_RE.search(path.relative_to(root).as_posix())
    if not match:
        return None
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        if warnings is not None:
            warnings.append(f"{path}: {match.group(1)}-{match.group(2)}-{match.group(3)} is not a real date; "
                            "read as an evergreen file dated by its mtime")
        return None


def _utf16_length(text: str) -> int:
    """A text's length as JavaScript counts it (UTF-16 code units), for OpenClaw's character caps."""
    return len(text.encode("utf-16-le")) // 2


def _load(path: Path, root: Path) -> _Parsed:
    """Read and parse one memory file (SourceFileError, one line, when it cannot be read)."""
    read = read_text(path, root=root)
    raw, blocks = _parse(read.text)
    return _Parsed(path, raw, blocks, read.had_bom, read.digest, read.mtime)


# -- the adapter -----------------------------------------------------------------------------------


@dataclass
class _FilePlan:
    """How one parsed file is to be rewritten: the entry each entry block takes, and entries to append."""

    parsed: _Parsed
    taken: dict[int, Entry] = field(default_factory=dict)
    """Block index -> the reviewed entry written there (absent: the block is dropped)."""
    appended: list[Entry] = field(default_factory=list)


class OpenClawAdapter:
    """Reads and writes an OpenClaw workspace's Markdown memory."""

    kinds: tuple[str, ...] = (KIND,)

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The workspace: `$OPENCLAW_WORKSPACE`, else `~/.openclaw/workspace`, else the older `~/clawd`."""
        override = env.get("OPENCLAW_WORKSPACE", "").strip()
        if override:
            candidates = [(_expand(override, cwd=cwd, home=home), "OpenClaw workspace ($OPENCLAW_WORKSPACE)")]
        else:
            candidates = [
                (Path(os.path.abspath(home / ".openclaw" / "workspace")), "OpenClaw workspace"),
                (Path(os.path.abspath(home / "clawd")), "OpenClaw workspace (older ~/clawd)"),
            ]
        for folder, detail in candidates:
            if _has_memory(folder):
                return [SourceRef(KIND, folder, detail)]
        return []

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """A workspace folder, its memory/ folder, or its MEMORY.md / memory.md names the workspace."""
        if kind != KIND:
            raise ValueError(f"{path}: the openclaw adapter does not read {kind!r} sources")
        folder = Path(os.path.abspath(Path(path).expanduser()))
        if folder.is_dir() and _has_memory(folder):
            return SourceRef(KIND, folder, "OpenClaw workspace")
        if folder.name == "memory" and folder.is_dir() and _has_memory(folder.parent):
            return SourceRef(KIND, folder.parent, "OpenClaw workspace")
        if folder.name in EVERGREEN_NAMES and folder.is_file():
            return SourceRef(KIND, folder.parent, "OpenClaw workspace")
        raise ValueError(f"{path}: not an OpenClaw workspace (no MEMORY.md, memory.md or memory/ folder)")

    def read(self, ref: SourceRef) -> SourceRead:
        """Every entry of every memory file; bad files become warnings and the rest still reads."""
        result = SourceRead(ref)
        root = ref.root
        for path in _memory_files(root, result.warnings):
            try:
                parsed = _load(path, root)
            except SourceFileError as error:
                result.warnings.append(str(error))
                continue
            result.files[path] = parsed.digest
            text = "".join(parsed.raw)
            if not text.strip():
                result.warnings.append(f"{path}: empty file; no entries")
            if path.name in EVERGREEN_NAMES and path.parent == root and _utf16_length(text) > BOOTSTRAP_MAX_CHARS:
                result.warnings.append(f"{path}: {_utf16_length(text):,} characters, over OpenClaw's "
                                       f"{BOOTSTRAP_MAX_CHARS:,}-character bootstrap limit; the prompt gets it cut")
            result.entries.extend(self._natives(root, parsed, result.warnings))
        if _lkind(root / "MEMORY.md") is None:
            result.files.setdefault(root / "MEMORY.md", None)  # where new entries go when written back
        return result

    def _natives(self, root: Path, parsed: _Parsed, warnings: list[str]) -> list[NativeEntry]:
        """The native entries of one parsed file, with OpenClaw's provenance: the date in a daily log's name."""
        day = _daily_date(root, parsed.path, warnings)
        mtime = datetime.fromtimestamp(parsed.mtime, timezone.utc)
        natives = []
        for block in parsed.entries:
            if day is not None:
                written_at, basis, entry_type = _daily_time(day, block.text), "filename", EntryType.PROJECT
                attributes = {"file_kind": "daily", "date": day.isoformat()}
            else:
                written_at, basis, entry_type = mtime, "mtime", _evergreen_type(block)
                attributes = {"file_kind": "evergreen"}
            attributes["marker"] = block.marker
            natives.append(NativeEntry(
                text=block.text, file=parsed.path, anchor=block.anchor,
                line_start=block.start + 1, line_end=block.end,
                type=entry_type, scope_kind=ScopeKind.PRIVATE, project=None,
                written_at=written_at, written_at_basis=basis, written_by=WrittenBy.AGENT,
                attributes=attributes,
            ))
        return natives

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Rewrite the Markdown so it holds exactly these entries in place; new ones are appended to MEMORY.md."""
        root = ref.root
        check_no_drift(expected, sorted(expected.files))
        parsed: dict[Path, _Parsed] = {}
        for path, digest in expected.files.items():
            if digest is not None:
                parsed[path] = _load(path, root)
        plans = {path: _FilePlan(file) for path, file in parsed.items()}
        wanted: dict[Path, list[Entry]] = {path: [] for path in plans}
        fresh: list[Entry] = []
        for entry in entries:
            if not entry.text.strip():
                continue  # an empty entry cannot exist in Markdown: it is dropped
            if entry.source.agent != KIND or not entry.source.file:
                fresh.append(entry)
                continue
            path = Path(entry.source.file)
            if path not in plans:
                why = "was not read (see the import warnings)" if is_within(path, root) else "is outside this workspace"
                raise ValueError(f"{path}: {why}; nothing written")
            wanted[path].append(entry)
        for path, plan in plans.items():
            _place(plan, wanted[path])
        if fresh:
            target = _new_entry_file(root, expected, plans)
            if target not in plans:
                plans[target] = _FilePlan(_Parsed(target, [], []))
            plans[target].appended.extend(fresh)
        outputs: dict[Path, bytes] = {}
        for path, plan in plans.items():
            outputs[path] = _render(plan)
        _check_caps(root, plans, outputs)
        result = WriteResult()
        for path in sorted(outputs):
            before = _original_bytes(plans[path].parsed) if plans[path].parsed.digest else None
            if outputs[path] == before:
                result.unchanged.append(path)
                continue
            _refuse_links(path, root)
            result.written.append(path)
        for path in result.written:
            atomic_write(path, outputs[path], root=root)
        return result


def _daily_time(day: date, text: str) -> datetime:
    """A daily-log entry's time: the file's date at UTC midnight, refined by a leading `10:40` if there is one."""
    match = _TIME.match(text)
    if not match:
        return datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
    hour, minute, second = int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)
    return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=timezone.utc)


def _evergreen_type(block: _Block) -> EntryType:
    """Curated memory is a project note unless it sits under a user heading or plainly says `the user ...`."""
    if any(segment in _USER_SECTIONS for segment in block.anchor.split("/")):
        return EntryType.USER
    return EntryType.USER if _USER_TEXT.match(block.text) else EntryType.PROJECT


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
        text = _clean_text(plan.taken[index].text)
        expected_texts.append(text)
        if text == block.text:
            pieces.append(("entry", raw))
        else:
            lines = _render_block(block, text, newline)
            if not raw[-1].endswith("\n"):
                lines[-1] = lines[-1].rstrip("\r\n")
            pieces.append(("entry", lines))
    lines = _join_without_gaps(pieces)
    if plan.appended:
        lines = _append(lines, [_clean_text(entry.text) for entry in plan.appended], newline)
        expected_texts.extend(_clean_text(entry.text) for entry in plan.appended)
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
    """Refuse a MEMORY.md that would grow past OpenClaw's bootstrap limit (it would reach the prompt cut)."""
    for name in EVERGREEN_NAMES:
        path = root / name
        if path not in outputs:
            continue
        size = _utf16_length(outputs[path].decode("utf-8", "surrogatepass").removeprefix("\ufeff"))
        before = _utf16_length("".join(plans[path].parsed.raw))
        if size > BOOTSTRAP_MAX_CHARS and size > before:
            raise ValueError(f"{path}: would be {size:,} characters, over OpenClaw's {BOOTSTRAP_MAX_CHARS:,}-character "
                             "bootstrap limit; nothing written (remove or shorten entries)")


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


ADAPTER = OpenClawAdapter()
