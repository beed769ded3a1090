"""Codex: its consolidated memory folder (kind `codex`) and the AGENTS.md files it loads (kind `agents-md`).

Format facts: formats.md section 2. `codex` reads `memory_summary.md` (always loaded; line 1 must be `v1`) and
`MEMORY.md` (task groups in a strict block schema) from `$CODEX_HOME/memories/`, with thread times from
`memories_1.sqlite` opened read-only. It never reads as entries, and never writes, `raw_memories.md`,
`rollout_summaries/`, `skills/`, `phase2_workspace_diff.md` or extensions, and it refuses to write while
Codex's consolidation job holds its lease. `agents-md` reads the global `AGENTS.override.md`/`AGENTS.md` and
the project files from the git root down to the cwd, within Codex's 32 KiB budget.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from ..model import Entry, EntryType, Project, ScopeKind, WrittenBy
from ..project import identify_project
from ..safe_io import SourceFileError, atomic_write, digest_bytes, is_within, read_text
from .base import DriftError, NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift

SUMMARY = "memory_summary.md"
HANDBOOK = "MEMORY.md"
MEMORIES = "memories"
DB_NAME = "memories_1.sqlite"
SUMMARY_HEADER = "v1"
"""The exact first line of `memory_summary.md`; with anything else Codex regenerates the whole file."""
SUMMARY_TOKEN_LIMIT = 5_000
"""Codex truncates `memory_summary.md` to this many tokens when it injects it (prompts.rs)."""
APPROX_BYTES_PER_TOKEN = 4
"""Codex's own token estimate (codex-rs/utils/string/src/truncate.rs)."""
SUMMARY_MAX_BYTES = SUMMARY_TOKEN_LIMIT * APPROX_BYTES_PER_TOKEN
PROJECT_DOC_MAX_BYTES = 32 * 1024
"""`project_doc_max_bytes` default: the budget for all project AGENTS.md files together."""
OVERRIDE_NAME = "AGENTS.override.md"
AGENTS_NAME = "AGENTS.md"
LEASE_KIND = "memory_consolidate_global"
LEASE_KEY = "global"
DEFAULT_BUSY_TIMEOUT = 2.0
"""Seconds to wait for a locked `memories_1.sqlite` before giving up (a warning on read, a refusal on write)."""

_HANDBOOK_SECTIONS = {
    "user-preferences": ("User preferences", EntryType.USER),
    "reusable-knowledge": ("Reusable knowledge", EntryType.REFERENCE),
    "failures-and-how-to-do-differently": ("Failures and how to do differently", EntryType.FEEDBACK),
}
_SUMMARY_SECTIONS = {
    "user-profile": ("User Profile", EntryType.USER),
    "user-preferences": ("User preferences", EntryType.USER),
    "general-tips": ("General Tips", EntryType.FEEDBACK),
    "whats-in-memory": ("What's in Memory", EntryType.REFERENCE),
}

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_BULLET = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_TASK_GROUP = re.compile(r"^Task Group:\s*(.*)$")
_TASK = re.compile(r"^Task\s+(\d+)\b\s*[:.\-]?\s*(.*)$")
_TASK_REF = re.compile(r"\[Task (\d+)\]")
_BOLD = re.compile(r"\*\*\S(?:.*?\S)?\*\*|__\S(?:.*?\S)?__")
_STAR_BULLET = re.compile(r"^\s*[*+][ \t]")
_ANCHOR_TASK = re.compile(r"^task-group:(.*)/task:(\d+)$")
_ANCHOR_SECTION = re.compile(r"^task-group:(.*)/([a-z0-9-]+)$")


# -- source context ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Context:
    """What a read needs beyond the ref: where Codex's home, the user's home and the SQLite folder are."""

    codex_home: Path
    home: Path | None = None
    sqlite_home: Path | None = None
    cwd: Path | None = None
    global_dir: Path | None = None
    """For `agents-md`: the folder of the global AGENTS.md (None when the source leaves it out)."""


def _expand_user(value: str, home: Path | None) -> Path:
    """A path with a leading `~` replaced by the passed home (never the real one)."""
    if home is not None and value == "~":
        return home
    if home is not None and value.startswith("~/"):
        return home / value[2:]
    return Path(value)


def _env_folder(value: str, home: Path, cwd: Path) -> Path:
    """A folder named by an environment variable: `~` means the passed home, relative means under cwd."""
    path = _expand_user(value, home)
    return (path if path.is_absolute() else cwd / path).resolve()


def _codex_home(home: Path, env: Mapping[str, str], cwd: Path) -> Path:
    """`$CODEX_HOME`, else `~/.codex`."""
    value = env.get("CODEX_HOME", "").strip()
    return _env_folder(value, home, cwd) if value else (home / ".codex").resolve()


def _home_of(codex_home: Path) -> Path | None:
    """The user's home when the codex home is the default `~/.codex`, for expanding `~` in MEMORY.md."""
    return codex_home.parent if codex_home.name == ".codex" else None


def _codex_detail(codex_home: Path) -> str:
    """The `memrev sources` description of a memories folder."""
    return f"Codex memories in {codex_home}"


_AGENTS_DETAIL = "AGENTS.md files Codex loads in "


def _agents_detail(cwd: Path) -> str:
    """The `memrev sources` description of an AGENTS.md chain (read back for a hand-made ref's cwd)."""
    return f"{_AGENTS_DETAIL}{cwd}"


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


# -- time and projects ------------------------------------------------------------------------------


def _from_epoch(value: object) -> datetime | None:
    """An epoch-seconds value from Codex's DB as a UTC time (milliseconds tolerated)."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if number > 1e11:
        number /= 1000.0
    try:
        return datetime.fromtimestamp(number, timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def _from_rfc3339(value: str) -> datetime | None:
    """An RFC 3339 time from a rollout annotation, or None when it does not parse."""
    value = value.strip()
    if value.endswith(("Z", "z")):
        value = value[:-1] + "+00:00"
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _from_mtime(mtime: float) -> datetime:
    """A file's modification time as a UTC time."""
    return datetime.fromtimestamp(mtime, timezone.utc)


def _iso(when: datetime | None) -> str:
    """A time for an attribute value."""
    return when.isoformat().replace("+00:00", "Z") if when else ""


def _git_root(path: Path) -> Path | None:
    """The nearest folder at or above `path` with a `.git` (file or folder), as Codex looks for it."""
    cursor = path
    while cursor.parent != cursor:
        if (cursor / ".git").exists():
            return cursor
        cursor = cursor.parent
    return None


def _project_at(path: Path) -> Project:
    """The project a folder belongs to: its repository's identity, else the path (even one not on this machine)."""
    if path.exists() and _git_root(path.resolve()) is not None:
        return identify_project(path)
    real = path.resolve() if path.exists() else path
    return Project.from_parts(root_commit=None, remote=None, path=str(real))


def _looks_like_path(value: str) -> bool:
    """Whether an `applies_to: cwd=` value names a folder rather than describing a workflow."""
    return value.startswith(("/", "~")) or bool(re.match(r"^[A-Za-z]:[\\/]", value))


def _cwd_path(value: str, home: Path | None) -> Path | None:
    """The folder an `applies_to: cwd=` or annotation `cwd=` names, with `~` expanded, or None."""
    value = value.strip().strip("`").strip()
    if not value:
        return None
    first = re.split(r"[\s,]", value, maxsplit=1)[0]
    for candidate in (value, first):
        if _looks_like_path(candidate) and _expand_user(candidate, home).exists():
            return _expand_user(candidate, home)
    return _expand_user(first, home) if _looks_like_path(first) else None


# -- memories_1.sqlite (read-only) -------------------------------------------------------------------


def _open_db(path: Path, timeout: float) -> sqlite3.Connection:
    """Open Codex's DB read-only; a WAL database with no WAL file open is read as immutable, creating no files."""
    uri = path.resolve().as_uri() + "?mode=ro"
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError:
        header = b""
    wal = len(header) >= 20 and header[18] == 2
    if wal and not Path(str(path) + "-wal").exists():
        uri += "&immutable=1"
    conn = sqlite3.connect(uri, uri=True, timeout=timeout)
    conn.execute("pragma query_only = 1")
    return conn


def _db_problem(path: Path, error: sqlite3.Error) -> str:
    """A one-line reason a DB could not be read."""
    text = " ".join(str(error).split())
    if "locked" in text or "busy" in text:
        return f"{path}: locked by another process (is Codex running?)"
    if "no such table" in text:
        return f"{path}: {text} (an older or newer Codex schema)"
    return f"{path}: cannot read ({text})"


def _thread_rows(path: Path, timeout: float, warnings: list[str]) -> dict[str, dict[str, object]]:
    """stage1_outputs rows by thread id (empty, with a warning, when the DB cannot be read)."""
    if not path.is_file():
        return {}
    rows: list[tuple[object, ...]] = []
    try:
        conn = _open_db(path, timeout)
        try:
            try:
                rows = conn.execute("select thread_id, source_updated_at, generated_at, usage_count, last_usage "
                                    "from stage1_outputs").fetchall()
            except sqlite3.OperationalError as error:
                if "no such column" not in str(error):
                    raise
                rows = conn.execute("select thread_id, source_updated_at, generated_at, null, null "
                                    "from stage1_outputs").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as error:
        warnings.append(f"{_db_problem(path, error)}; thread times not read")
        return {}
    keys = ("source_updated_at", "generated_at", "usage_count", "last_usage")
    return {str(row[0]): dict(zip(keys, row[1:])) for row in rows}


# -- the adapter -------------------------------------------------------------------------------------


class CodexAdapter:
    """Reads and writes Codex's memory folder and the AGENTS.md files it loads."""

    kinds = ("codex", "agents-md")

    def __init__(self, fallbacks: Sequence[str] = (), *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
                 clock: Callable[[], float] = time.time) -> None:
        """`fallbacks`: extra project doc names (`project_doc_fallback_filenames`); `clock`: epoch seconds."""
        names = [OVERRIDE_NAME, AGENTS_NAME]
        names += [name for name in fallbacks if name and name not in names]
        self.doc_names = tuple(names)
        self.busy_timeout = busy_timeout
        self.clock = clock
        self._contexts: dict[SourceRef, _Context] = {}

    # -- discovery ------------------------------------------------------------------------------------

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The memories folder of `$CODEX_HOME` (else `~/.codex`) and the AGENTS.md chain for `cwd`."""
        codex_home = _codex_home(home, env, cwd)
        found: list[SourceRef] = []
        memories = codex_home / MEMORIES
        if (memories / HANDBOOK).exists() or (memories / SUMMARY).exists():
            sqlite_value = env.get("CODEX_SQLITE_HOME", "").strip()
            sqlite_home = _env_folder(sqlite_value, home, cwd) if sqlite_value else codex_home
            ref = SourceRef("codex", memories, _codex_detail(codex_home))
            self._contexts[ref] = _Context(codex_home, home=home, sqlite_home=sqlite_home)
            found.append(ref)
        cwd = cwd.resolve()
        root = _git_root(cwd) or cwd
        has_global = any((codex_home / name).is_file() for name in (OVERRIDE_NAME, AGENTS_NAME))
        if has_global or self._project_docs(root, cwd, []):
            ref = SourceRef("agents-md", root, _agents_detail(cwd))
            self._contexts[ref] = _Context(codex_home, home=home, cwd=cwd, global_dir=codex_home if has_global else None)
            found.append(ref)
        return found

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """`codex:` takes a codex home, its memories folder or one of its two files; `agents-md:` a project folder."""
        path = Path(path)
        if kind == "codex":
            return self._codex_source_for(path)
        if kind == "agents-md":
            return self._agents_source_for(path)
        raise ValueError(f"{kind}:{path}: the Codex adapter reads only codex: and agents-md: sources")

    def _codex_source_for(self, path: Path) -> SourceRef:
        """The memories folder a command-line `codex:PATH` names."""
        path = path.resolve()
        candidates = [path / MEMORIES, path]
        if path.name in (HANDBOOK, SUMMARY):
            candidates.insert(0, path.parent)
        for memories in candidates:
            if memories.is_dir() and ((memories / HANDBOOK).exists() or (memories / SUMMARY).exists()):
                codex_home = memories.parent
                ref = SourceRef("codex", memories, _codex_detail(codex_home))
                self._contexts.setdefault(ref, _Context(codex_home, home=_home_of(codex_home), sqlite_home=codex_home))
                return ref
        raise ValueError(f"{path}: not a Codex home or memories folder (no memories/{HANDBOOK} or {SUMMARY})")

    def _agents_source_for(self, path: Path) -> SourceRef:
        """The AGENTS.md chain a command-line `agents-md:PATH` names (project files only; no global file)."""
        path = path.resolve()
        cwd = path.parent if path.is_file() and path.name in self.doc_names else path
        if not cwd.is_dir():
            raise ValueError(f"{path}: not a project folder")
        root = _git_root(cwd) or cwd
        if not self._project_docs(root, cwd, []):
            raise ValueError(f"{path}: no {' or '.join(self.doc_names)} from {root} down to {cwd}")
        ref = SourceRef("agents-md", root, _agents_detail(cwd))
        self._contexts.setdefault(ref, _Context(root, cwd=cwd))
        return ref

    def _context(self, ref: SourceRef) -> _Context:
        """What discovery or source_for knew about a ref; a hand-made ref gets defaults from its root."""
        known = self._contexts.get(ref)
        if known is not None:
            return known
        if ref.kind == "codex":
            codex_home = ref.root.parent
            return _Context(codex_home, home=_home_of(codex_home), sqlite_home=codex_home)
        named = ref.detail[len(_AGENTS_DETAIL):] if ref.detail.startswith(_AGENTS_DETAIL) else ""
        cwd = Path(named) if named else ref.root
        return _Context(ref.root, cwd=cwd if is_within(cwd, ref.root) else ref.root)

    # -- reading --------------------------------------------------------------------------------------

    def read(self, ref: SourceRef) -> SourceRead:
        """Read every entry of a source; a bad file becomes a warning and the rest still reads."""
        if ref.kind == "codex":
            return self._read_codex(ref)
        if ref.kind == "agents-md":
            return self._read_agents(ref)
        raise ValueError(f"{ref.label}: not a Codex source")

    def _read_codex(self, ref: SourceRef) -> SourceRead:
        """memory_summary.md, then MEMORY.md, with thread provenance from memories_1.sqlite."""
        context = self._context(ref)
        read = SourceRead(ref)
        threads = _thread_rows((context.sqlite_home or context.codex_home) / DB_NAME, self.busy_timeout, read.warnings)
        for name in (SUMMARY, HANDBOOK):
            path = ref.root / name
            if not (path.exists() or path.is_symlink()):
                read.files[path] = None
                continue
            try:
                loaded = read_text(path, root=ref.root)
            except SourceFileError as error:
                read.warnings.append(str(error))
                continue
            read.files[path] = loaded.digest
            written = _from_mtime(loaded.mtime)
            if name == SUMMARY:
                doc, _ = _parse_summary(path, loaded.text, loaded.had_bom, read.warnings)
                read.entries.extend(_summary_entries(doc, written))
            else:
                doc = _parse_handbook(path, loaded.text, loaded.had_bom, read.warnings)
                read.entries.extend(_handbook_entries(doc, written, context, threads))
        return read

    def _project_docs(self, root: Path, cwd: Path, warnings: list[str]) -> list[Path]:
        """The project doc of each folder from the root down to the cwd: the first existing name, one per folder."""
        folders = [root]
        if cwd != root and is_within(cwd, root):
            for part in cwd.relative_to(root).parts:
                folders.append(folders[-1] / part)
        found: list[Path] = []
        for folder in folders:
            for name in self.doc_names:
                candidate = folder / name
                if candidate.is_symlink() or candidate.is_file():
                    found.append(candidate)
                    break
                if candidate.is_dir():
                    warnings.append(f"{candidate}: is a folder, expected a file; Codex skips it")
        return found

    def _read_agents(self, ref: SourceRef) -> SourceRead:
        """The global AGENTS.md, then the project files root to cwd within Codex's 32 KiB budget."""
        context = self._context(ref)
        read = SourceRead(ref)
        if context.global_dir is not None:
            self._read_global(context.global_dir, read)
        cwd = context.cwd or ref.root
        project = _project_at(ref.root)
        remaining = PROJECT_DOC_MAX_BYTES
        for path in self._project_docs(ref.root, cwd, read.warnings):
            if remaining <= 0:
                read.warnings.append(f"{path}: not loaded; the files above it use up Codex's 32 KiB AGENTS.md budget")
                continue
            try:
                loaded = read_text(path, root=ref.root)
            except SourceFileError as error:
                read.warnings.append(str(error))
                if is_within(path, ref.root) and path.is_file():
                    remaining -= min(path.stat().st_size, remaining)
                continue
            read.files[path] = loaded.digest
            if not loaded.text.strip():
                read.warnings.append(_empty_doc_warning(path))
                continue
            doc = _parse_agents(path, loaded.text, loaded.had_bom)
            size = len(loaded.text.encode("utf-8", "surrogatepass")) + (3 if loaded.had_bom else 0)
            cut = None
            if size > remaining:
                cut = remaining
                read.warnings.append(f"{path}: {size:,} bytes cross Codex's 32 KiB AGENTS.md budget ({remaining:,} "
                                     f"bytes left); Codex truncates it at line {doc.line_at_byte(cut)}")
            remaining -= min(size, remaining)
            for slot in doc.slots:
                if cut is None or doc.byte_offset(slot.start) < cut:
                    read.entries.append(_agents_entry(doc, slot, loaded.mtime, EntryType.PROJECT, ScopeKind.TEAM,
                                                      project, "project"))
        return read

    def _read_global(self, folder: Path, read: SourceRead) -> None:
        """The first non-empty of the global AGENTS.override.md and AGENTS.md (the one file outside the root)."""
        for name in (OVERRIDE_NAME, AGENTS_NAME):
            path = folder / name
            if not (path.exists() or path.is_symlink()):
                continue
            try:
                loaded = read_text(path, root=folder)
            except SourceFileError as error:
                read.warnings.append(str(error))
                continue
            read.files[path] = loaded.digest
            if not loaded.text.strip():
                read.warnings.append(f"{path}: empty or only whitespace; Codex skips it")
                continue
            doc = _parse_agents(path, loaded.text, loaded.had_bom)
            for slot in doc.slots:
                read.entries.append(_agents_entry(doc, slot, loaded.mtime, EntryType.USER, ScopeKind.PRIVATE, None, "global"))
            return

    # -- writing --------------------------------------------------------------------------------------

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write exactly these entries back, refusing (nothing written) on drift, a held lease or a broken cap."""
        if ref.kind == "codex":
            return self._write_codex(ref, entries, expected)
        if ref.kind == "agents-md":
            return self._write_agents(ref, entries, expected)
        raise ValueError(f"{ref.label}: not a Codex source")

    def _write_codex(self, ref: SourceRef, entries: Sequence[Entry], expected: SourceRead) -> WriteResult:
        """Rewrite MEMORY.md and memory_summary.md only, keeping `v1`, the block schema and all non-entry text."""
        context = self._context(ref)
        summary_path, handbook_path = ref.root / SUMMARY, ref.root / HANDBOOK
        ours = [path for path in (summary_path, handbook_path) if path in expected.files]
        check_no_drift(expected, ours)
        by_file: dict[Path, list[Entry]] = {summary_path: [], handbook_path: []}
        for entry in entries:
            target = Path(entry.source.file) if entry.source.file else summary_path
            if target not in by_file:
                raise ValueError(f"{target}: not a file of {ref.label}; memrev writes only {HANDBOOK} and {SUMMARY}")
            if target not in expected.files:
                raise ValueError(f"{target}: could not be read at import, so memrev will not write it; nothing written")
            by_file[target].append(entry)
        unplaced: list[Entry] = []
        outputs: dict[Path, tuple[bytes, bytes | None]] = {}
        for path in (handbook_path, summary_path):
            if path not in expected.files:
                continue
            given = by_file[path] + (unplaced if path == summary_path else [])
            if expected.files[path] is None and not given:
                continue
            text, bom, old = _current(path, expected)
            if path == handbook_path:
                doc = _parse_handbook(path, text, bom, [])
                data, unplaced = _write_handbook(doc, given)
            else:
                doc, header = _parse_summary(path, text, bom, [])
                data = _write_summary(doc, header, given, old)
            outputs[path] = (data, old)
        if unplaced and summary_path not in expected.files:
            raise ValueError(f"{summary_path}: could not be read at import, so memrev cannot add entries to it; nothing written")
        _check_summary_cap(summary_path, outputs.get(summary_path))
        changed = [path for path, (data, old) in outputs.items() if data != old]
        if changed:
            self._check_lease((context.sqlite_home or context.codex_home) / DB_NAME)
        return _commit(outputs, {path: ref.root for path in outputs})

    def _check_lease(self, path: Path) -> None:
        """Refuse while Codex's global consolidation job is running with a live lease (or cannot be checked)."""
        if not path.is_file():
            return
        try:
            conn = _open_db(path, self.busy_timeout)
            try:
                row = conn.execute("select status, lease_until from jobs where kind = ? and job_key = ?",
                                   (LEASE_KIND, LEASE_KEY)).fetchone()
            finally:
                conn.close()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return
            raise ValueError(f"{_db_problem(path, error)}; cannot check Codex's consolidation lease, nothing written") from None
        except sqlite3.Error as error:
            raise ValueError(f"{_db_problem(path, error)}; cannot check Codex's consolidation lease, nothing written") from None
        if row is None or row[0] != "running" or row[1] is None:
            return
        until = _from_epoch(row[1])
        if until is not None and until.timestamp() > self.clock():
            raise ValueError(f"{path}: Codex is consolidating memories (job {LEASE_KIND} holds its lease until "
                             f"{until.strftime('%Y-%m-%d %H:%M:%S')} UTC); nothing written, try again after that")

    def _write_agents(self, ref: SourceRef, entries: Sequence[Entry], expected: SourceRead) -> WriteResult:
        """Rewrite only the AGENTS.md files that were read, keeping all non-entry text; never create a file."""
        context = self._context(ref)
        check_no_drift(expected, list(expected.files))
        natives: dict[Path, list[NativeEntry]] = {}
        for native in expected.entries:
            natives.setdefault(native.file, []).append(native)
        project_files = [path for path in natives if is_within(path, ref.root) and context.global_dir != path.parent]
        default = (project_files or list(natives) or [None])[-1]
        by_file: dict[Path, list[Entry]] = {path: [] for path in natives}
        for entry in entries:
            target = Path(entry.source.file) if entry.source.file else default
            if target is None:
                raise ValueError(f"{ref.label}: no AGENTS.md was read to hold new entries; nothing written")
            if target not in by_file:
                raise ValueError(f"{target}: not an AGENTS.md file this source loaded; nothing written")
            by_file[target].append(entry)
        outputs: dict[Path, tuple[bytes, bytes | None]] = {}
        roots: dict[Path, Path] = {}
        for path, given in by_file.items():
            text, bom, old = _current(path, expected)
            doc = _parse_agents(path, text, bom)
            loaded = {(native.line_start, native.anchor) for native in natives[path]}
            doc.slots = [slot for slot in doc.slots if (slot.start + 1, slot.anchor) in loaded]
            outputs[path] = (_write_doc(doc, given, dash=False), old)
            roots[path] = ref.root if path in project_files else path.parent
        old_total = sum(len(old or b"") for path, (_, old) in outputs.items() if path in project_files)
        new_total = sum(len(data) for path, (data, _) in outputs.items() if path in project_files)
        if new_total > PROJECT_DOC_MAX_BYTES and new_total > old_total:
            raise ValueError(f"{ref.label}: the AGENTS.md files would hold {new_total:,} bytes, over Codex's "
                             f"{PROJECT_DOC_MAX_BYTES:,}-byte budget; nothing written")
        return _commit(outputs, roots)


# -- format parsers ----------------------------------------------------------------------------------


def _parse_summary(path: Path, text: str, bom: bool, warnings: list[str]) -> tuple[_Doc, str]:
    """memory_summary.md: the `v1` line, then sections whose bullets and paragraphs are entries."""
    doc = _Doc.parse(path, text, bom)
    first = doc.plain[0] if doc.plain else None
    header = "missing"
    if not text.strip():
        warnings.append(f"{path}: empty; Codex regenerates {SUMMARY} on its next consolidation")
    elif first == SUMMARY_HEADER:
        header = "ok"
    elif first is not None and re.fullmatch(r"\s*v\d+\s*", first):
        header = "version"
    if text.strip() and header != "ok":
        warnings.append(f"{path}:1: first line is {first!r}, not exactly 'v1'; Codex will regenerate the whole file")
    if bom:
        warnings.append(f"{path}: starts with a byte-order mark, so Codex does not see line 1 as 'v1' and will regenerate it")
    if len(text.encode("utf-8", "surrogatepass")) > SUMMARY_MAX_BYTES:
        warnings.append(f"{path}: over Codex's {SUMMARY_TOKEN_LIMIT:,}-token limit (~{SUMMARY_MAX_BYTES:,} bytes); "
                        f"text from line {doc.line_at_byte(SUMMARY_MAX_BYTES)} on is not loaded")
    body = 0 if header == "missing" else 1
    stack: list[tuple[int, str]] = []
    section: str | None = None
    region = body

    def flush(hi: int) -> None:
        tags = tuple(tag for _, tag in stack)
        anchor = f"summary/{section}" if section else "summary"
        _split_body(doc, region, hi, tags, anchor, {"section": section or ""})

    for index, level, title in doc.headings(body):
        flush(index)
        if level <= 2:
            section = _slug(title)
            stack = [(level, f"s:{section}")]
        else:
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, f"h{index}"))
            doc.droppable.add(f"h{index}")
        doc.tags[index] = tuple(tag for _, tag in stack)
        region = index + 1
    flush(len(doc.plain))
    return doc, header


def _summary_entries(doc: _Doc, written: datetime) -> list[NativeEntry]:
    """memory_summary.md's entries: global, private, typed by their section."""
    result = []
    for slot in doc.slots:
        section = str(slot.info.get("section", ""))
        entry_type = _SUMMARY_SECTIONS.get(section, ("", EntryType.UNKNOWN))[1]
        result.append(NativeEntry(
            text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
            type=entry_type, scope_kind=ScopeKind.PRIVATE, project=None, written_at=written,
            written_at_basis="mtime", written_by=WrittenBy.AGENT, attributes={"section": section},
        ))
    return result


@dataclass
class _Group:
    """One `# Task Group:` block of MEMORY.md and its header fields."""

    index: int
    title: str
    start: int
    end: int
    scope: str = ""
    cwd: str = ""
    reuse_rule: str = ""

    @property
    def tag(self) -> str:
        """The container tag of the whole block."""
        return f"g{self.index}"


def _parse_handbook(path: Path, text: str, bom: bool, warnings: list[str]) -> _Doc:
    """MEMORY.md: task groups whose tasks and block-level bullets are entries; headers stay structure."""
    doc = _Doc.parse(path, text, bom)
    heads = doc.headings()
    tops = [head for head in heads if head[1] == 1]
    bounds = [head[0] for head in tops] + [len(doc.plain)]
    groups: list[_Group] = []
    for number, (start, _, title) in enumerate(tops):
        match = _TASK_GROUP.match(title)
        if not match:
            continue
        group = _Group(len(groups), match[1].strip(), start, bounds[number + 1])
        groups.append(group)
        doc.droppable.add(group.tag)
        subs = [head for head in heads if group.start < head[0] < group.end and head[1] == 2]
        header_end = subs[0][0] if subs else group.end
        for index in range(start, header_end):
            doc.tags[index] = (group.tag, group.tag + "h")
        _read_group_header(doc, group, header_end, warnings)
        for k, (at, _, sub_title) in enumerate(subs):
            until = subs[k + 1][0] if k + 1 < len(subs) else group.end
            task = _TASK.match(sub_title)
            if task:
                for index in range(at, until):
                    doc.tags[index] = (group.tag, group.tag + "t")
                stop = doc.last_content(at, until)
                doc.slots.append(_Slot("task", at, stop, "\n".join(doc.plain[at:stop]).strip(),
                                       f"task-group:{group.title}/task:{task[1]}", (group.tag, group.tag + "t"),
                                       info={"group": group, "number": task[1]}))
                continue
            slug = _slug(sub_title)
            tag = f"{group.tag}s:{slug}"
            doc.droppable.add(tag)
            doc.tags[at] = (group.tag, tag)
            _split_body(doc, at + 1, until, (group.tag, tag), f"task-group:{group.title}/{slug}",
                        {"group": group, "section": slug})
    return doc


def _read_group_header(doc: _Doc, group: _Group, header_end: int, warnings: list[str]) -> None:
    """The `scope:` and `applies_to: cwd=...; reuse_rule=...` lines of a task group (warning when missing)."""
    seen_applies = False
    for line in doc.plain[group.start + 1:header_end]:
        key, _, value = line.strip().partition(":")
        if key == "scope":
            group.scope = value.strip()
        elif key == "applies_to":
            seen_applies = True
            for part in value.split(";"):
                name, _, setting = part.strip().partition("=")
                if name.strip() == "cwd":
                    group.cwd = setting.strip()
                elif name.strip() == "reuse_rule":
                    group.reuse_rule = setting.strip()
    if not seen_applies:
        warnings.append(f"{doc.path}:{group.start + 1}: task group {group.title!r} has no applies_to: line")


def _annotation(text: str) -> dict[str, str]:
    """A `rollout_summary_files` bullet: the file and its `(cwd=..., updated_at=..., thread_id=..., note)` fields."""
    text = text.strip()
    file, _, rest = text.partition(" (")
    fields = {"file": file.strip().strip("`<>")}
    inner = rest.rsplit(")", 1)[0] if rest else ""
    for part in re.split(r",\s*(?=[A-Za-z_]+=)", inner):
        key, equals, value = part.partition("=")
        if not equals:
            continue
        value = value.strip()
        if key.strip() in ("updated_at", "thread_id") and value:
            value = value.split(",")[0].split()[0]
        fields[key.strip()] = value
    return fields


def _task_details(slot: _Slot, doc: _Doc) -> tuple[list[dict[str, str]], str]:
    """A task's rollout annotations and its keywords line."""
    refs: list[dict[str, str]] = []
    keywords: list[str] = []
    part = ""
    for index in range(slot.start + 1, slot.end):
        line = doc.plain[index]
        heading = doc.heading_at(index)
        if heading:
            part = _slug(heading[1])
            continue
        bullet = _BULLET.match(line)
        if part == "rollout-summary-files" and bullet:
            refs.append(_annotation(line[bullet.end():]))
        elif part == "keywords" and line.strip():
            keywords.append(line[bullet.end():].strip() if bullet else line.strip())
    return refs, " ".join(keywords)


def _rollout_branch(memories: Path, file: str) -> str | None:
    """The `git_branch:` of a rollout summary's header, when the file is there (read, never an entry)."""
    if not file.startswith("rollout_summaries/") or ".." in Path(file).parts:
        return None
    try:
        loaded = read_text(memories / file, root=memories, max_bytes=1024 * 1024)
    except SourceFileError:
        return None
    for line in loaded.text.split("\n"):
        if not line.strip():
            break
        key, _, value = line.partition(":")
        if key.strip() == "git_branch" and value.strip():
            return value.strip()
    return None


@dataclass
class _Prov:
    """When and where a task was written, as far as its annotations and the DB tell."""

    when: datetime | None = None
    basis: str = "mtime"
    session: str | None = None
    cwd: str | None = None
    branch: str | None = None
    attributes: dict[str, str] = field(default_factory=dict)

    def rank(self) -> tuple[int, datetime]:
        """Thread times beat recorded ones; later beats earlier."""
        floor = datetime.min.replace(tzinfo=timezone.utc)
        return ({"thread": 2, "recorded": 1}.get(self.basis, 0), self.when or floor)


def _task_provenance(refs: list[dict[str, str]], threads: Mapping[str, Mapping[str, object]],
                     context: _Context, memories: Path, group_cwd: Path | None) -> _Prov:
    """The best-known time of a task: its threads' DB times, else the annotations' updated_at."""
    best = _Prov(cwd=str(group_cwd) if group_cwd else None)
    for ref in refs:
        thread = ref.get("thread_id") or None
        row = threads.get(thread or "")
        cwd = _cwd_path(ref.get("cwd", ""), context.home)
        found = _Prov(session=thread, cwd=str(cwd) if cwd else best.cwd)
        if row:
            found.when = _from_epoch(row.get("source_updated_at")) or _from_epoch(row.get("generated_at"))
            found.basis = "thread" if found.when else "mtime"
            found.attributes = {key: value for key, value in (
                ("usage_count", "" if row.get("usage_count") is None else str(row.get("usage_count"))),
                ("last_usage", _iso(_from_epoch(row.get("last_usage")))),
                ("generated_at", _iso(_from_epoch(row.get("generated_at")))),
                ("source_updated_at", _iso(_from_epoch(row.get("source_updated_at")))),
            ) if value}
        if not found.when and ref.get("updated_at"):
            found.when, found.basis = _from_rfc3339(ref["updated_at"]), "recorded"
            found.basis = "recorded" if found.when else "mtime"
        if found.when and found.rank() > best.rank():
            found.branch = _rollout_branch(memories, ref.get("file", ""))
            best = found
    return best


def _handbook_entries(doc: _Doc, written: datetime, context: _Context,
                      threads: Mapping[str, Mapping[str, object]]) -> list[NativeEntry]:
    """MEMORY.md's entries: tasks (project) and block-level bullets, scoped to their group's cwd."""
    memories = doc.path.parent
    projects: dict[str, tuple[Path | None, Project | None]] = {}
    tasks: dict[tuple[int, str], _Prov] = {}
    result: list[NativeEntry] = []

    def where(group: _Group) -> tuple[Path | None, Project | None]:
        if group.cwd not in projects:
            path = _cwd_path(group.cwd, context.home)
            projects[group.cwd] = (path, _project_at(path) if path else None)
        return projects[group.cwd]

    for slot in doc.slots:
        group = slot.info["group"]
        assert isinstance(group, _Group)
        cwd, project = where(group)
        attributes = {"task_group": group.title, "scope": group.scope, "applies_to_cwd": group.cwd,
                      "reuse_rule": group.reuse_rule}
        if slot.kind == "task":
            refs, keywords = _task_details(slot, doc)
            prov = _task_provenance(refs, threads, context, memories, cwd)
            tasks[(group.index, str(slot.info["number"]))] = prov
            entry_type = EntryType.PROJECT
            attributes.update(task=str(slot.info["number"]), keywords=keywords,
                              rollout_summary_files=", ".join(ref["file"] for ref in refs if ref.get("file")),
                              thread_ids=", ".join(ref["thread_id"] for ref in refs if ref.get("thread_id")))
        else:
            section = str(slot.info["section"])
            cited = [tasks[(group.index, n)] for n in _TASK_REF.findall(slot.text) if (group.index, n) in tasks]
            prov = max(cited, key=_Prov.rank) if cited else _Prov(cwd=str(cwd) if cwd else None)
            prov = _Prov(prov.when, prov.basis, prov.session, prov.cwd, prov.branch)  # a bullet has no DB usage
            entry_type = _HANDBOOK_SECTIONS.get(section, ("", EntryType.UNKNOWN))[1]
            attributes["section"] = section
        attributes.update(prov.attributes)
        result.append(NativeEntry(
            text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
            type=entry_type, scope_kind=ScopeKind.PRIVATE, project=project,
            written_at=prov.when or written, written_at_basis=prov.basis if prov.when else "mtime",
            written_by=WrittenBy.AGENT, session=prov.session, cwd=prov.cwd, branch=prov.branch,
            attributes={key: value for key, value in attributes.items() if value},
        ))
    return result


def _parse_agents(path: Path, text: str, bom: bool) -> _Doc:
    """An AGENTS.md file: one entry per top-level section (under a lone title), else per paragraph or bullet."""
    doc = _Doc.parse(path, text, bom)
    heads = doc.headings()
    if not heads:
        _split_body(doc, 0, len(doc.plain), (), "entry", {})
        return doc
    top = min(level for _, level, _ in heads)
    deeper = [level for _, level, _ in heads if level > top]
    title: int | None = None
    level = top
    if deeper and heads[0][1] == top and sum(1 for _, lv, _ in heads if lv == top) == 1:
        title, level = heads[0][0], min(deeper)
    sections = [(at, name) for at, lv, name in heads if lv <= level and at != title]
    if title is not None:
        _block_slot(doc, 0, title, "para", "intro")
    _block_slot(doc, 0 if title is None else title + 1, sections[0][0], "para", "intro")
    used: dict[str, int] = {}
    for k, (at, name) in enumerate(sections):
        until = sections[k + 1][0] if k + 1 < len(sections) else len(doc.plain)
        slug = _slug(name)
        used[slug] = used.get(slug, 0) + 1
        anchor = slug if used[slug] == 1 else f"{slug}-{used[slug]}"
        stop = doc.last_content(at, until)
        doc.slots.append(_Slot("section", at, stop, "\n".join(doc.plain[at:stop]).strip(), anchor,
                               info={"heading": name}))
    doc.slots.sort(key=lambda slot: slot.start)
    return doc


def _agents_entry(doc: _Doc, slot: _Slot, mtime: float, entry_type: EntryType, scope: ScopeKind,
                  project: Project | None, role: str) -> NativeEntry:
    """One AGENTS.md entry: written by a human, typed and scoped by whether the file is global."""
    attributes = {"role": role}
    if slot.info.get("heading"):
        attributes["heading"] = str(slot.info["heading"])
    return NativeEntry(
        text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
        type=entry_type, scope_kind=scope, project=project, written_at=_from_mtime(mtime),
        written_at_basis="mtime", written_by=WrittenBy.HUMAN, attributes=attributes,
    )


def _empty_doc_warning(path: Path) -> str:
    """Why an empty project doc matters: it is skipped, and an empty override still shadows AGENTS.md."""
    shadow = path.name == OVERRIDE_NAME and (path.parent / AGENTS_NAME).is_file()
    note = f" (and {AGENTS_NAME} in the same folder is not loaded either)" if shadow else ""
    return f"{path}: empty or only whitespace; Codex skips it{note}"


# -- writers -----------------------------------------------------------------------------------------


def _current(path: Path, expected: SourceRead) -> tuple[str, bool, bytes | None]:
    """A file's text as it was read (checked again against the read's digest), or empty when it was absent."""
    if expected.files.get(path) is None:
        return "", False, None
    try:
        data = path.read_bytes()
    except OSError as error:
        raise DriftError(f"{path}: cannot read it again ({error.strerror or error}); nothing written") from None
    if digest_bytes(data) != expected.files[path]:
        raise DriftError(f"{path}: changed since memrev read it; nothing written (re-import, review, then write again)")
    bom = data.startswith(b"\xef\xbb\xbf")
    return (data[3:] if bom else data).decode("utf-8"), bom, data


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


def _write_doc(doc: _Doc, given: Sequence[Entry], *, dash: bool) -> bytes:
    """An AGENTS.md file's new bytes: matched entries in place, new ones appended at the end."""
    assigned, new = _match(doc.slots, given)
    inserts = [_Insert(entry.text.replace("\r\n", "\n").strip().split("\n")) for entry in new]
    return _encode(_render(doc, _replacements(doc, assigned, dash=dash), inserts), doc.bom)


def _check_handbook_text(entry: Entry, slot: _Slot | None) -> None:
    """Refuse an edited or new MEMORY.md text that breaks Codex's strict schema (no bold, `-` bullets, task heading)."""
    label = f"{HANDBOOK}: entry {entry.id}"
    if _BOLD.search(entry.text):
        raise ValueError(f"{label} uses bold text, which Codex's MEMORY.md schema forbids; nothing written")
    if any(_STAR_BULLET.match(line) for line in entry.text.split("\n")):
        raise ValueError(f"{label} uses '*' or '+' bullets; Codex's MEMORY.md schema wants '-'; nothing written")
    is_task = slot.kind == "task" if slot else bool(_ANCHOR_TASK.match(entry.source.anchor or ""))
    first = entry.text.strip().split("\n", 1)[0]
    heading = _heading(first)
    if is_task and not (heading and heading[0] == 2 and _TASK.match(heading[1])):
        raise ValueError(f"{label} is a task and must start with its '## Task <n>: ...' heading; nothing written")


def _write_handbook(doc: _Doc, given: Sequence[Entry]) -> tuple[bytes, list[Entry]]:
    """MEMORY.md's new bytes, and the entries it has no place for (they go to memory_summary.md)."""
    assigned, new = _match(doc.slots, given)
    replace = _replacements(doc, assigned, dash=True, check=_check_handbook_text)
    groups = {}
    for slot in doc.slots:
        group = slot.info["group"]
        assert isinstance(group, _Group)
        groups.setdefault(group.title, group)
    sections = {tag for tags in doc.tags for tag in tags}
    leftover: list[Entry] = []
    plans: dict[tuple[str, str], list[Entry]] = {}
    for entry in new:
        anchor = entry.source.anchor or ""
        task = _ANCHOR_TASK.match(anchor)
        section = None if task else _ANCHOR_SECTION.match(anchor)
        if not task and not section:
            leftover.append(entry)
            continue
        _check_handbook_text(entry, None)
        title = (task or section)[1]  # type: ignore[index]
        plans.setdefault((title, "task" if task else section[2]), []).append(entry)  # type: ignore[index]
    inserts: list[_Insert] = []
    new_groups: dict[str, list[tuple[str, list[Entry]]]] = {}
    for (title, part), items in plans.items():
        group = groups.get(title) or _group_by_title(doc, title)
        if group is None:
            new_groups.setdefault(title, []).append((part, items))
            continue
        if part == "task":
            lines = [line for entry in items for line in ["", *entry.text.strip().split("\n")]][1:]
            inserts.append(_Insert(lines, after_slot=group.tag + "t", fallback=group.tag + "h", keep=(group.tag,)))
            continue
        tag = f"{group.tag}s:{part}"
        bullets = [line for entry in items for line in _bullet_lines(entry.text.strip())]
        if tag in sections:
            inserts.append(_Insert(bullets, after_slot=tag, fallback=tag, bullet=True, keep=(group.tag, tag)))
        else:
            inserts.append(_Insert([f"## {_section_title(part)}", "", *bullets], after_end=group.tag, keep=(group.tag,)))
    for title, parts in new_groups.items():
        inserts.append(_Insert(_new_group_lines(title, parts)))
    return _encode(_render(doc, replace, inserts), doc.bom), leftover


def _group_by_title(doc: _Doc, title: str) -> _Group | None:
    """A task group with no entries left in the read (found by its heading), or None."""
    for index, level, heading in doc.headings():
        match = _TASK_GROUP.match(heading) if level == 1 else None
        if match and match[1].strip() == title:
            tags = doc.tags[index]
            if tags:
                return _Group(int(tags[0][1:]), title, index, index)
    return None


def _section_title(slug: str) -> str:
    """The heading of a block-level section from its anchor slug."""
    known = _HANDBOOK_SECTIONS.get(slug)
    return known[0] if known else slug.replace("-", " ").capitalize()


def _new_group_lines(title: str, parts: list[tuple[str, list[Entry]]]) -> list[str]:
    """A whole new task group (for entries whose group Codex has since dropped): header, tasks, sections."""
    first = parts[0][1][0]
    cwd = first.provenance.cwd or (first.scope.project.path if first.scope.project else None) or "unknown"
    lines = [f"# Task Group: {title}", "", f"scope: {title}",
             f"applies_to: cwd={cwd}; reuse_rule=restored in a memrev review; verify before reuse"]
    order = list(_HANDBOOK_SECTIONS)
    for part, items in sorted(parts, key=lambda item: (item[0] != "task", order.index(item[0]) if item[0] in order else 9)):
        if part == "task":
            for entry in items:
                lines += ["", *entry.text.strip().split("\n")]
        else:
            lines += ["", f"## {_section_title(part)}", ""]
            lines += [line for entry in items for line in _bullet_lines(entry.text.strip())]
    return lines


def _write_summary(doc: _Doc, header: str, given: Sequence[Entry], old: bytes | None) -> bytes:
    """memory_summary.md's new bytes: entries in place, new ones as bullets of their section, line 1 exactly `v1`."""
    assigned, new = _match(doc.slots, given)
    replace = _replacements(doc, assigned, dash=True)
    present = {tag for tags in doc.tags for tag in tags}
    wanted: dict[str, list[Entry]] = {}
    for entry in new:
        anchor = entry.source.anchor or ""
        slug = anchor.split("/", 1)[1] if anchor.startswith("summary/") else ""
        if f"s:{slug}" not in present:
            slug = "user-preferences" if entry.type == EntryType.USER else "general-tips"
        wanted.setdefault(slug, []).append(entry)
    inserts = []
    for slug, items in wanted.items():
        bullets = [line for entry in items for line in _bullet_lines(entry.text.replace("\r\n", "\n").strip())]
        if f"s:{slug}" in present:
            inserts.append(_Insert(bullets, after_slot=f"s:{slug}", fallback=f"s:{slug}", bullet=True))
        else:
            title = _SUMMARY_SECTIONS.get(slug, (slug.replace("-", " ").capitalize(), None))[0]
            inserts.append(_Insert([f"## {title}", "", *bullets]))
    out = _render(doc, replace, inserts)
    if old is not None and _encode(out, doc.bom) == old:
        return old
    nl = doc.newline
    if header == "version":
        out[0] = SUMMARY_HEADER + nl
    elif header == "missing" and out:
        out[:0] = [SUMMARY_HEADER + nl] + ([nl] if out[0].strip() else [])
    elif header == "missing":
        out = [SUMMARY_HEADER + nl]
    return _encode(out, False)


def _check_summary_cap(path: Path, output: tuple[bytes, bytes | None] | None) -> None:
    """Refuse a memory_summary.md that would grow past what Codex loads."""
    if output is None:
        return
    data, old = output
    if len(data) > SUMMARY_MAX_BYTES and len(data) > len(old or b""):
        raise ValueError(f"{path}: would hold {len(data):,} bytes, over Codex's {SUMMARY_TOKEN_LIMIT:,}-token limit "
                         f"(~{SUMMARY_MAX_BYTES:,} bytes); nothing written")


def _commit(outputs: Mapping[Path, tuple[bytes, bytes | None]], roots: Mapping[Path, Path]) -> WriteResult:
    """Write the files that change (atomically, never through a link), after checking all of them first."""
    changed = [path for path, (data, old) in outputs.items() if data != old]
    for path in changed:
        if path.is_symlink() or not is_within(path, roots[path]):
            raise ValueError(f"{path}: is a symlink; memrev does not write through links; nothing written")
    for path in changed:
        atomic_write(path, outputs[path][0], root=roots[path])
    return WriteResult(written=changed, unchanged=[path for path in outputs if path not in changed])


ADAPTER = CodexAdapter()
