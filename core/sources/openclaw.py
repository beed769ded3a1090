"""OpenClaw adapter: the workspace's Markdown memory (MEMORY.md, memory.md, USER.md, memory/**/*.md), never its SQLite
index.

OpenClaw keeps memory as plain Markdown in its workspace (`~/.openclaw/workspace`, older builds `~/clawd`):
curated long-term memory in `MEMORY.md` (or `memory.md`; both load), dated daily logs `memory/YYYY-MM-DD.md`
and other evergreen notes under `memory/`. The SQLite index beside it is a derived cache that OpenClaw
rebuilds from these files, so memrev reads and writes the Markdown only and never touches any `*.sqlite`
(or its -wal/-shm/-journal) file. One entry is one top-level list item or one paragraph; headings are the
entry's anchor. A curated entry's trailing `<!-- trigger/importance/project: ... -->` comments are kept out of
its text as attributes (openclaw_annotations.py) and written back byte for byte; each USER.md directive takes
its `observed` date and `status` from the `<!-- observed: ... | status: ... -->` line above it. Symlinked files
and folders are skipped, as OpenClaw's own file listing skips them.

This module holds the adapter and each entry's provenance; the work is in openclaw_workspace.py (finding the
workspace and its files), openclaw_markdown.py (parsing a file into blocks) and openclaw_writeback.py (placing
reviewed entries and rendering the files).
"""

from __future__ import annotations

import os
import re
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.model import Entry, EntryType, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, atomic_write, is_within
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.openclaw_annotations import DIRECTIVE_STATUSES, annotation_problems
from memrev.core.sources.openclaw_markdown import _Block, _Parsed, _load
from memrev.core.sources.openclaw_workspace import (BOOTSTRAP_MAX_CHARS, EVERGREEN_NAMES, USER_MAX_CHARS, USER_NAME,
                                                    _daily_date, _expand, _has_memory, _lkind, _memory_files,
                                                    _utf16_length)
from memrev.core.sources.openclaw_writeback import (_FilePlan, _check_caps, _new_entry_file, _original_bytes, _place,
                                                    _refuse_links, _render)

KIND = "openclaw"

_TIME = re.compile(r"^\[?([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\]?(?=\s|$)")
_USER_SECTIONS = frozenset({
    "user", "users", "the-user", "about-me", "about-the-user", "about-user", "user-preferences",
    "preferences", "personal", "profile", "owner", "human",
})
_USER_TEXT = re.compile(r"^(?:the\s+)?(?:user|owner|human)\b", re.IGNORECASE)


# -- the adapter -----------------------------------------------------------------------------------


class OpenClawAdapter:
    """Reads and writes an OpenClaw workspace's Markdown memory."""

    kinds: tuple[str, ...] = (KIND,)

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The workspace: `$OPENCLAW_WORKSPACE`, else `~/.openclaw/workspace`, else the older `~/clawd`."""
        override = env.get("OPENCLAW_WORKSPACE", "")  # exactly as given, spaces and all
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
            if path == root / USER_NAME and len(text) > USER_MAX_CHARS:
                result.warnings.append(f"{path}: {len(text):,} characters, over OpenClaw's {USER_MAX_CHARS:,}-character "
                                       "USER.md budget; OpenClaw leaves the whole file out of the prompt")
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
            elif parsed.path == root / USER_NAME:
                written_at, basis, entry_type = _observed(block, mtime, warnings, parsed.path)
                attributes = {"file_kind": "user"}
            else:
                written_at, basis, entry_type = mtime, "mtime", _evergreen_type(block)
                attributes = {"file_kind": "evergreen"}
            attributes["marker"] = block.marker
            attributes.update({**block.header, **block.notes})
            for problem in annotation_problems(block.notes):
                warnings.append(f"{parsed.path}:{block.start + 1}: {problem}")
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


def _observed(block: _Block, mtime: datetime, warnings: list[str], path: Path) -> tuple[datetime, str, EntryType]:
    """A USER.md directive's time: the date its header says it was observed (else the file's time), and its type."""
    observed = block.header.get("observed")
    status = block.header.get("status")
    if status is not None and status not in DIRECTIVE_STATUSES:
        warnings.append(f"{path}:{block.start + 1}: status {status!r} is neither active nor superseded")
    try:
        day = date.fromisoformat(observed) if observed else None
    except ValueError:
        warnings.append(f"{path}:{block.start + 1}: observed {observed!r} is not a date; the file time is used")
        day = None
    if day is None:
        return mtime, "mtime", EntryType.USER
    return datetime(day.year, day.month, day.day, tzinfo=timezone.utc), "recorded", EntryType.USER


def _evergreen_type(block: _Block) -> EntryType:
    """Curated memory is a project note unless it sits under a user heading or plainly says `the user ...`."""
    if any(segment in _USER_SECTIONS for segment in block.anchor.split("/")):
        return EntryType.USER
    return EntryType.USER if _USER_TEXT.match(block.text) else EntryType.PROJECT


ADAPTER = OpenClawAdapter()
