"""Hermes's pending memory writes (`write_approval`): each staged JSON file under `<home>/pending/memory/` is read
as an entry awaiting review, and a person's decision in memrev performs Hermes's own approve or reject."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Mapping, Sequence

from memrev.core.model import Entry, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, read_text, remove_file
from memrev.core.sources.base import NativeEntry, OverCap
from memrev.core.sources.containment import linked_outside
from memrev.core.sources.hermes_drift import record_drift, staged_drift
from memrev.core.sources.hermes import (
    LOCK_TIMEOUT, TARGETS, TYPES, hermes_lock, load_file, read_limits, validate, write_hermes_file,
)

KIND = "hermes"
ACTIONS = ("add", "replace", "remove")
"""The three memory actions Hermes stages (a `batch` of them is not decided in memrev yet)."""
MARK = "staged by Hermes"
"""How a staged write's anchor starts: `memrev show` and `list --json` reveal it in the entry's source."""
FILE_FOR_TARGET = {target: name for name, target in TARGETS.items()}
"""Hermes's `target` parameter -> the memory file it writes."""


class StagedError(ValueError):
    """A staged write that cannot be decided now; nothing was written and the message is one line."""


def pending_folder(memories: Path) -> Path:
    """Where Hermes stages memory writes for a memory folder: `<home>/pending/memory/` beside `<home>/memories/`."""
    return memories.parent / "pending" / "memory"


@dataclass(frozen=True)
class StagedWrite:
    """One staged write as Hermes recorded it: its action, its store, its new text and its exact target entry."""

    path: Path
    pending_id: str
    action: str
    target: str
    content: str
    old_text: str
    matched_entry: str
    origin: str
    created_at: datetime | None
    unknown: tuple[str, ...] = ()
    """Fields of the record memrev does not know (`payload.x` for the payload's), for the drift guard."""

    @property
    def file_name(self) -> str:
        """The memory file the write changes (MEMORY.md or USER.md)."""
        return FILE_FOR_TARGET[self.target]

    @property
    def text(self) -> str:
        """What a reviewer decides on: the new text of an add or replace, the target entry of a remove."""
        return self.matched_entry if self.action == "remove" else self.content

    @property
    def anchor(self) -> str:
        """The entry's locator, saying it is staged, what it does, where, and (replace, remove) its exact target."""
        where = f"{self.action} in {self.file_name}, pending {self.pending_id}" + (
            f", {self.origin}" if self.origin else "")
        if self.action == "add":
            return f"{MARK}: {where}"
        return f"{MARK}: {where}; target: {json.dumps(self.matched_entry or self.old_text, ensure_ascii=False)}"


def _text(payload: Mapping[str, object], key: str) -> str:
    """A payload field as stripped text ('' when absent or null), or StagedError when it is not text."""
    value = payload.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise StagedError(f"payload.{key} is {type(value).__name__}, not text")
    return value.strip()


def parse_staged(path: Path, raw: str) -> StagedWrite:
    """A staged file's record (Hermes's JSON: id, subsystem, action, origin, created_at and a payload with action,
    target, content, old_text and matched_entry), or StagedError naming what is wrong."""
    try:
        record = json.loads(raw)
    except json.JSONDecodeError as error:
        raise StagedError(f"not JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(record, dict) or not isinstance(record.get("payload"), dict):
        raise StagedError("not a staged write (no `payload` object)")
    if record.get("subsystem", "memory") != "memory":
        raise StagedError(f"subsystem {record.get('subsystem')!r} is not memory")
    payload = record["payload"]
    action = payload.get("action")
    if action == "batch":
        count = len(payload.get("operations") or [])
        raise StagedError(f"a batch of {count} operations; memrev does not decide batches yet (use /memory pending)")
    if action not in ACTIONS:
        raise StagedError(f"unknown action {action!r} (Hermes stages add, replace or remove)")
    target = payload.get("target", "memory")
    if target not in FILE_FOR_TARGET:
        raise StagedError(f"unknown target {target!r} (memory or user)")
    content = _text(payload, "content") or _text(payload, "new_text")  # Hermes's newer alias of content
    old_text, matched = _text(payload, "old_text"), _text(payload, "matched_entry")
    if action != "remove" and not content:
        raise StagedError(f"a staged {action} with no content")
    if action != "add" and not (old_text or matched):
        raise StagedError(f"a staged {action} names no target entry")
    created = record.get("created_at")
    when = datetime.fromtimestamp(created, timezone.utc) if isinstance(created, (int, float)) and \
        not isinstance(created, bool) and 0 < created < 1e11 else None
    origin = record.get("origin") if isinstance(record.get("origin"), str) else ""
    return StagedWrite(path, str(record.get("id") or path.stem), action, target, content, old_text, matched,
                       origin, when, tuple(record_drift(record)))


@dataclass
class PendingRead:
    """What the pending folder holds: the staged writes, their files' digests, and one warning per bad file."""

    staged: list[StagedWrite]
    files: dict[Path, str | None]
    warnings: list[str]


def read_pending(memories: Path) -> PendingRead:
    """Every staged write of a memory folder's home, oldest file name first; a bad file is a warning, left as is."""
    folder = pending_folder(memories)
    found = PendingRead([], {}, [])
    linked = folder.is_symlink() or folder.parent.is_symlink()
    if memories.name != "memories" or not folder.is_dir() or linked:
        if linked:
            found.warnings.append(f"{folder}: is a symlink; memrev does not follow it (staged writes not read)")
        return found
    for path in sorted(folder.glob("*.json")):
        if path.is_symlink():
            found.warnings.append(f"{path}: is a symlink; memrev reads only regular staged files (left as is)")
            continue
        why = linked_outside(path, folder)
        if why:
            found.warnings.append(why)
            continue
        try:
            read = read_text(path, root=folder)
            staged = parse_staged(path, read.text)
        except SourceFileError as error:
            found.warnings.append(f"{str(error).removesuffix('; skipped')}; staged write left as is")
            continue
        except StagedError as error:
            found.warnings.append(f"{path}: {error}; staged write left as is")
            continue
        found.files[path] = read.digest
        found.staged.append(staged)
    found.warnings.extend(staged_drift((staged.path, staged.unknown) for staged in found.staged))
    return found


def native_entries(read: PendingRead, profile: str) -> list[NativeEntry]:
    """The staged writes as entries to review, each marked as staged in its anchor."""
    return [NativeEntry(
        text=staged.text, file=staged.path, anchor=staged.anchor, line_start=1, line_end=1,
        type=TYPES[staged.file_name], scope_kind=ScopeKind.PRIVATE, project=None,
        written_at=staged.created_at, written_at_basis="recorded" if staged.created_at else "mtime",
        written_by=WrittenBy.AGENT,
        attributes={"staged": MARK, "action": staged.action, "target": staged.target, "profile": profile,
                    "pending_id": staged.pending_id, "target_entry": staged.matched_entry or staged.old_text},
    ) for staged in read.staged]


# -- deciding a staged write -------------------------------------------------------------------------------


def is_staged(entry: Entry) -> bool:
    """Whether an entry is a write Hermes staged for approval (its file under a `pending/memory` folder)."""
    file = entry.source.file
    return (entry.source.agent == KIND and bool(file) and (entry.source.anchor or "").startswith(MARK)
            and Path(file).parent.parts[-2:] == ("pending", "memory"))


def _same(text: str) -> str:
    """A text as it is (no redaction)."""
    return text


class PartlyDecided(StagedError):
    """A selection of staged writes stopped part-way: those in `done` (id -> what was done) were decided, each
    whole, before the one that failed; the others are untouched."""

    def __init__(self, message: str, done: dict[str, str]) -> None:
        super().__init__(message)
        self.done = done


def _load(entry: Entry, redact: Callable[[str], str] = _same) -> tuple[StagedWrite, Path]:
    """The staged write behind an entry, read again now, with its memory folder; StagedError when it is gone or
    no longer what the reviewer saw (compared as memrev stores texts: `redact` replaces secrets by markers)."""
    path = Path(entry.source.file or "")
    folder = path.parent
    if not os.path.lexists(path):
        raise StagedError(f"{path}: the staged write is gone (Hermes decided it already?); re-import")
    if folder.is_symlink() or folder.parent.is_symlink():
        raise StagedError(f"{folder}: a symlink now; memrev does not follow it; not touched")
    if path.is_symlink() or linked_outside(path, folder):
        raise StagedError(f"{path}: not a regular file inside {folder}; not touched")
    try:
        staged = parse_staged(path, read_text(path, root=folder).text)
    except (SourceFileError, StagedError) as error:
        raise StagedError(f"{path}: {str(error).removeprefix(f'{path}: ')}; nothing written") from None
    if redact(staged.text) != entry.text:
        raise StagedError(f"{path}: the staged text differs from this entry's (edited in memrev or restaged); "
                          "re-import; nothing written")
    return staged, folder.parent.parent / "memories"


def _applied(staged: StagedWrite, entries: list[str]) -> tuple[list[str], str]:
    """The file's entries once Hermes's decision is applied, and what it did; StagedError when the target changed."""
    if staged.action == "add":
        if staged.content in entries:
            return entries, "already in the file (Hermes adds no duplicate)"
        return entries + [staged.content], "appended"
    if not staged.matched_entry:
        raise StagedError(f"{staged.path}: staged without its exact target entry; Hermes refuses to replay it; "
                          "nothing written")
    if staged.matched_entry not in entries:
        raise StagedError(f"{staged.path}: the target entry {_short(staged.matched_entry)} changed or is gone since "
                          "Hermes staged this; refused as Hermes does (still pending); nothing written")
    index = entries.index(staged.matched_entry)
    if staged.action == "remove":
        return entries[:index] + entries[index + 1:], f"removed {_short(staged.matched_entry)}"
    return entries[:index] + [staged.content] + entries[index + 1:], f"replaced {_short(staged.matched_entry)}"


def _short(text: str) -> str:
    """A short quoted start of an entry, for messages."""
    return json.dumps(text if len(text) <= 40 else text[:39] + "…", ensure_ascii=False)


def _refuse_secret(staged: StagedWrite, redact: Callable[[str], str]) -> None:
    """Refuse to approve an add or replace whose new text holds a secret: approving would write it into Hermes's
    memory, which the agent loads every session (a remove of an entry holding one only takes it out)."""
    if staged.action != "remove" and redact(staged.content) != staged.content:
        raise StagedError(f"{staged.path}: the staged {staged.action} holds a secret (shown redacted in memrev); "
                          f"approving it would write the secret into Hermes's {staged.file_name}, so memrev will not; "
                          "reject it (revoke) and let Hermes stage it without the secret; nothing written")


def secret_refusal(entries: Sequence[Entry], redact: Callable[[str], str]) -> str | None:
    """Why approving these entries would write a secret into Hermes's memory (the first staged add or replace
    whose new text holds one), or None; asked before anything else, so the person hears the real reason first."""
    for entry in entries:
        if entry.removed_at is None and is_staged(entry):
            try:
                _refuse_secret(_load(entry, redact)[0], redact)
            except StagedError as error:
                if "holds a secret" in str(error):
                    return str(error)
    return None


def approve(entry: Entry, *, lock_timeout: float = LOCK_TIMEOUT, redact: Callable[[str], str] = _same) -> str:
    """Perform Hermes's approval of a staged write under its lock and in its format, deleting the staged file
    before the lock is let go; returns what was done, or raises StagedError (one line, nothing written)."""
    staged, memories = _load(entry, redact)
    _refuse_secret(staged, redact)
    path = memories / staged.file_name
    limits, _ = read_limits(memories)
    try:
        with hermes_lock(path, timeout=lock_timeout):
            state = load_file(path, memories, limits[path.name])
            if state.problem:
                raise StagedError(f"{path}: {state.problem}; nothing written")
            if path.is_symlink():
                raise StagedError(f"{path}: is a symlink; memrev does not write through links; nothing written")
            texts, did = _applied(staged, state.entries)
            if texts != state.entries:
                write_hermes_file(path, validate(path, texts, limits[path.name]))
            _remove(staged.path)  # under the lock: Hermes cannot approve it again in between
    except (SourceFileError, OverCap, ValueError) as error:
        raise StagedError(str(error)) from None
    return f"Hermes staged {staged.action} {staged.pending_id} applied to {staged.file_name}: {did}"


def reject(entry: Entry, *, redact: Callable[[str], str] = _same) -> str:
    """Perform Hermes's rejection of a staged write: delete the staged file, leaving MEMORY.md and USER.md alone."""
    staged, _ = _load(entry, redact)
    _remove(staged.path)
    return f"Hermes staged {staged.action} {staged.pending_id} rejected (staged file deleted)"


def _remove(path: Path) -> None:
    """Delete one staged file inside its pending folder, or StagedError."""
    try:
        remove_file(path, root=path.parent)
    except (SourceFileError, OSError) as error:
        raise StagedError(f"{path}: could not delete the staged file ({error})") from None


def _rehearse(staged: StagedWrite, memories: Path, files: dict[Path, list[str]]) -> None:
    """Apply one approval to the entries `files` holds so far (read once, without writing), or StagedError."""
    path = memories / staged.file_name
    limit = read_limits(memories)[0][path.name]
    if path not in files:
        state = load_file(path, memories, limit)
        if state.problem:
            raise StagedError(f"{path}: {state.problem}; nothing written")
        files[path] = state.entries
    texts, _ = _applied(staged, files[path])
    try:
        validate(path, texts, limit)
    except ValueError as error:
        raise StagedError(str(error)) from None
    files[path] = texts


def decide(entries: Sequence[Entry], *, approved: bool, redact: Callable[[str], str] = _same,
           lock_timeout: float | None = None) -> dict[str, str]:
    """Decide every staged write among these entries (checking all before changing any), each whole under
    Hermes's lock (waiting `lock_timeout`, else LOCK_TIMEOUT, for it); id -> what was done. One failing after
    others were decided raises PartlyDecided with them."""
    wait = LOCK_TIMEOUT if lock_timeout is None else lock_timeout
    staged = [entry for entry in entries if is_staged(entry)]
    files: dict[Path, list[str]] = {}
    for entry in staged:
        write, memories = _load(entry, redact)
        if approved:
            _refuse_secret(write, redact)
            _rehearse(write, memories, files)
    done: dict[str, str] = {}
    for entry in staged:
        try:
            done[entry.id] = approve(entry, redact=redact, lock_timeout=wait) if approved \
                else reject(entry, redact=redact)
        except StagedError as error:
            if not done:
                raise
            raise PartlyDecided(f"{error} (after {len(done)} of {len(staged)} staged writes were decided; the "
                                "rest are untouched)", done) from None
    return done
