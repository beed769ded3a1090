"""Hermes's pending memory writes (`write_approval`): each staged JSON file under `<home>/pending/memory/` is read
as entries awaiting review (one per operation of a batch), and a person's decision in memrev performs Hermes's own
approve or reject, a batch's all-or-nothing."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from memrev.core.model import Entry, ScopeKind, Status, WrittenBy
from memrev.core.safe_io import SourceFileError, read_text, remove_file
from memrev.core.sources.base import NativeEntry, OverCap
from memrev.core.sources.containment import linked_outside
from memrev.core.sources.hermes import (
    LOCK_TIMEOUT, TYPES, hermes_lock, load_file, read_limits, validate, write_hermes_file,
)
from memrev.core.sources.hermes_drift import staged_drift
from memrev.core.sources.hermes_staged import (  # noqa: F401  (MARK, FILE_FOR_TARGET, pending_folder: re-exported)
    FILE_FOR_TARGET, MARK, StagedError, StagedWrite, batch_operation, parse_staged, pending_folder,
)

KIND = "hermes"


@dataclass
class PendingRead:
    """What the pending folder holds: the staged writes (a batch's operations one by one), their files' digests,
    and one warning per bad file."""

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
            writes = parse_staged(path, read.text)
        except SourceFileError as error:
            found.warnings.append(f"{str(error).removesuffix('; skipped')}; staged write left as is")
            continue
        except StagedError as error:
            found.warnings.append(f"{path}: {error}; staged write left as is")
            continue
        found.files[path] = read.digest
        found.staged.extend(writes)
    found.warnings.extend(staged_drift((writes[0].path, writes[0].unknown) for writes in _by_file(found.staged)))
    return found


def _by_file(staged: Sequence[StagedWrite]) -> list[list[StagedWrite]]:
    """Staged writes grouped by their staged file (a batch's operations together), in order."""
    groups: dict[Path, list[StagedWrite]] = {}
    for write in staged:
        groups.setdefault(write.path, []).append(write)
    return list(groups.values())


def native_entries(read: PendingRead, profile: str) -> list[NativeEntry]:
    """The staged writes as entries to review, each marked as staged in its anchor (a batch's operations each say
    which of how many they are)."""
    return [NativeEntry(
        text=staged.text, file=staged.path, anchor=staged.anchor, line_start=1, line_end=1,
        type=TYPES[staged.file_name], scope_kind=ScopeKind.PRIVATE, project=None,
        written_at=staged.created_at, written_at_basis="recorded" if staged.created_at else "mtime",
        written_by=WrittenBy.AGENT,
        attributes={"staged": MARK, "action": staged.action, "target": staged.target, "profile": profile,
                    "pending_id": staged.pending_id, "target_entry": staged.matched_entry or staged.old_text,
                    "batch": staged.batch},
    ) for staged in read.staged]


# -- deciding a staged write -------------------------------------------------------------------------------


def is_staged(entry: Entry) -> bool:
    """Whether an entry is a write Hermes staged for approval (its file under a `pending/memory` folder)."""
    file = entry.source.file
    return (entry.source.agent == KIND and bool(file) and (entry.source.anchor or "").startswith(MARK)
            and Path(file).parent.parts[-2:] == ("pending", "memory"))


def awaits_hermes(entry: Entry) -> bool:
    """Whether an entry is a live staged write still pending: it waits in Hermes's approval queue, and deciding it
    here decides it there."""
    return entry.status is Status.PENDING and entry.removed_at is None and is_staged(entry)


def batch_siblings(entries: Sequence[Entry], of_file: Callable[[str], Sequence[Entry]]) -> list[Entry]:
    """The other live operations of each staged Hermes batch among these entries (`of_file`: the stored entries of
    a staged file), not among them already: Hermes decides a batch whole, so deciding one decides them all."""
    chosen = {entry.id for entry in entries}
    files = dict.fromkeys(entry.source.file or "" for entry in entries
                          if entry.removed_at is None and is_staged(entry) and batch_operation(entry.source.anchor))
    found: list[Entry] = []
    for file in files:
        for other in of_file(file):
            if other.id not in chosen and other.removed_at is None and is_staged(other):
                chosen.add(other.id)
                found.append(other)
    return found


def _same(text: str) -> str:
    """A text as it is (no redaction)."""
    return text


class PartlyDecided(StagedError):
    """A selection of staged writes stopped part-way: those in `done` (id -> what was done) were decided, each
    staged file whole, before the one that failed; the others are untouched."""

    def __init__(self, message: str, done: dict[str, str]) -> None:
        super().__init__(message)
        self.done = done


@dataclass(frozen=True)
class StagedFile:
    """One staged file as read again now: its writes (one, or a batch's operations in order) and the memory
    folder they change."""

    writes: tuple[StagedWrite, ...]
    memories: Path

    @property
    def path(self) -> Path:
        """The staged file."""
        return self.writes[0].path

    @property
    def what(self) -> str:
        """How messages name it: `staged add b1`, `staged batch b7 (3 operations)`."""
        first = self.writes[0]
        if first.operations:
            return f"staged batch {first.pending_id} ({first.operations} operations)"
        return f"staged {first.action} {first.pending_id}"


def _load(entries: Sequence[Entry], redact: Callable[[str], str] = _same) -> StagedFile:
    """The staged file behind these entries (one staged write, or operations of one batch), read again now;
    StagedError when it is gone or no longer what the reviewer saw (compared as memrev stores texts: `redact`
    replaces secrets by markers)."""
    path = Path(entries[0].source.file or "")
    folder = path.parent
    if not os.path.lexists(path):
        raise StagedError(f"{path}: the staged write is gone (Hermes decided it already?); re-import")
    if folder.is_symlink() or folder.parent.is_symlink():
        raise StagedError(f"{folder}: a symlink now; memrev does not follow it; not touched")
    if path.is_symlink() or linked_outside(path, folder):
        raise StagedError(f"{path}: not a regular file inside {folder}; not touched")
    try:
        writes = parse_staged(path, read_text(path, root=folder).text)
    except (SourceFileError, StagedError) as error:
        raise StagedError(f"{path}: {str(error).removeprefix(f'{path}: ')}; nothing written") from None
    for entry in entries:
        place = batch_operation(entry.source.anchor)
        count = writes[0].operations
        if (place[1] if place else 0) != count or (place is not None and not 1 <= place[0] <= count):
            now = f"a batch of {count} operations" if count else "a single write"
            raise StagedError(f"{path}: restaged since it was imported (now {now}); re-import; nothing written")
        write = writes[place[0] - 1 if place else 0]
        if redact(write.text) != entry.text:
            raise StagedError(f"{path}: the staged text differs from this entry's (edited in memrev or restaged); "
                              "re-import; nothing written")
    return StagedFile(writes, folder.parent.parent / "memories")


def _applied(staged: StagedWrite, entries: list[str]) -> tuple[list[str], str]:
    """The file's entries once Hermes's decision is applied, and what it did; StagedError when the target changed."""
    which = f" (batch {staged.batch})" if staged.operations else ""
    if staged.action == "add":
        if staged.content in entries:
            return entries, "already in the file (Hermes adds no duplicate)"
        return entries + [staged.content], "appended"
    if not staged.matched_entry:
        raise StagedError(f"{staged.path}: staged without its exact target entry{which}; Hermes refuses to replay "
                          "it; nothing written")
    if staged.matched_entry not in entries:
        raise StagedError(f"{staged.path}: the target entry {_short(staged.matched_entry)}{which} changed or is gone "
                          "since Hermes staged this; refused as Hermes does (still pending); nothing written")
    index = entries.index(staged.matched_entry)
    if staged.action == "remove":
        return entries[:index] + entries[index + 1:], f"removed {_short(staged.matched_entry)}"
    return entries[:index] + [staged.content] + entries[index + 1:], f"replaced {_short(staged.matched_entry)}"


def _applied_all(staged: StagedFile, entries: list[str]) -> tuple[list[str], str]:
    """The file's entries once every write of a staged file is applied in order (a batch all or nothing, as
    Hermes does: any changed target refuses the whole batch; one that would empty a non-empty store is refused),
    and what it did."""
    texts, did = list(entries), []
    for write in staged.writes:
        texts, what = _applied(write, texts)
        did.append(what)
    if staged.writes[0].operations and entries and not texts:
        raise StagedError(f"{staged.path}: the batch would empty {staged.writes[0].file_name}; Hermes refuses that; "
                          "nothing written")
    return texts, "; ".join(did)


def _short(text: str) -> str:
    """A short quoted start of an entry, for messages."""
    return json.dumps(text if len(text) <= 40 else text[:39] + "…", ensure_ascii=False)


def _refuse_secret(staged: StagedWrite, redact: Callable[[str], str]) -> None:
    """Refuse to approve an add or replace whose new text holds a secret: approving would write it into Hermes's
    memory, which the agent loads every session (a remove of an entry holding one only takes it out)."""
    if staged.action != "remove" and redact(staged.content) != staged.content:
        which = f" (batch {staged.batch})" if staged.operations else ""
        raise StagedError(f"{staged.path}: the staged {staged.action}{which} holds a secret (shown redacted in "
                          f"memrev); approving it would write the secret into Hermes's {staged.file_name}, so memrev "
                          "will not; reject it (revoke) and let Hermes stage it without the secret; nothing written")


def secret_refusal(entries: Sequence[Entry], redact: Callable[[str], str]) -> str | None:
    """Why approving these entries would write a secret into Hermes's memory (the first staged add or replace
    whose new text holds one, a batch's other operations included), or None; asked before anything else, so the
    person hears the real reason first."""
    for group in _by_staged_file(entries):
        try:
            staged = _load(group, redact)
            for write in staged.writes:
                _refuse_secret(write, redact)
        except StagedError as error:
            if "holds a secret" in str(error):
                return str(error)
    return None


def _by_staged_file(entries: Sequence[Entry]) -> list[list[Entry]]:
    """The live staged entries among these, grouped by staged file (a batch's operations together), in order."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        if entry.removed_at is None and is_staged(entry):
            groups.setdefault(entry.source.file or "", []).append(entry)
    return list(groups.values())


def _approve(staged: StagedFile, lock_timeout: float, redact: Callable[[str], str]) -> str:
    """Perform Hermes's approval of a staged file (every operation of a batch, or none) under its lock and in its
    format, deleting the staged file before the lock is let go; what was done, or StagedError (nothing written)."""
    for write in staged.writes:
        _refuse_secret(write, redact)
    first = staged.writes[0]
    path = staged.memories / first.file_name
    limits, _ = read_limits(staged.memories)
    try:
        with hermes_lock(path, timeout=lock_timeout):
            state = load_file(path, staged.memories, limits[path.name])
            if state.problem:
                raise StagedError(f"{path}: {state.problem}; nothing written")
            if path.is_symlink():
                raise StagedError(f"{path}: is a symlink; memrev does not write through links; nothing written")
            texts, did = _applied_all(staged, state.entries)
            if texts != state.entries:
                write_hermes_file(path, validate(path, texts, limits[path.name]))
            _remove(staged.path)  # under the lock: Hermes cannot approve it again in between
    except (SourceFileError, OverCap, ValueError) as error:
        raise StagedError(str(error)) from None
    return f"Hermes {staged.what} applied to {first.file_name}: {did}"


def _reject(staged: StagedFile) -> str:
    """Perform Hermes's rejection of a staged file (a batch whole): delete it, leaving MEMORY.md and USER.md alone."""
    _remove(staged.path)
    return f"Hermes {staged.what} rejected (staged file deleted)"


def approve(entry: Entry, *, lock_timeout: float = LOCK_TIMEOUT, redact: Callable[[str], str] = _same) -> str:
    """Perform Hermes's approval of the staged write behind an entry (its whole batch, when it is an operation of
    one); returns what was done, or raises StagedError (one line, nothing written)."""
    return _approve(_load([entry], redact), lock_timeout, redact)


def reject(entry: Entry, *, redact: Callable[[str], str] = _same) -> str:
    """Perform Hermes's rejection of the staged write behind an entry (its whole batch, when it is an operation of
    one): delete the staged file, leaving MEMORY.md and USER.md alone."""
    return _reject(_load([entry], redact))


def _remove(path: Path) -> None:
    """Delete one staged file inside its pending folder, or StagedError."""
    try:
        remove_file(path, root=path.parent)
    except (SourceFileError, OSError) as error:
        raise StagedError(f"{path}: could not delete the staged file ({error})") from None


def _rehearse(staged: StagedFile, files: dict[Path, list[str]]) -> None:
    """Apply one staged file's approval to the entries `files` holds so far (read once, without writing), or
    StagedError."""
    path = staged.memories / staged.writes[0].file_name
    limit = read_limits(staged.memories)[0][path.name]
    if path not in files:
        state = load_file(path, staged.memories, limit)
        if state.problem:
            raise StagedError(f"{path}: {state.problem}; nothing written")
        files[path] = state.entries
    texts, _ = _applied_all(staged, files[path])
    try:
        validate(path, texts, limit)
    except ValueError as error:
        raise StagedError(str(error)) from None
    files[path] = texts


def decide(entries: Sequence[Entry], *, approved: bool, redact: Callable[[str], str] = _same,
           lock_timeout: float | None = None) -> dict[str, str]:
    """Decide every staged write among these entries (checking all before changing any), each staged file whole
    (a batch's every operation, or none) under Hermes's lock (waiting `lock_timeout`, else LOCK_TIMEOUT, for it);
    id -> what was done. One failing after others were decided raises PartlyDecided with them."""
    wait = LOCK_TIMEOUT if lock_timeout is None else lock_timeout
    groups = _by_staged_file(entries)
    files: dict[Path, list[str]] = {}
    loaded = []
    for group in groups:
        staged = _load(group, redact)
        if approved:
            for write in staged.writes:
                _refuse_secret(write, redact)
            _rehearse(staged, files)
        loaded.append((group, staged))
    done: dict[str, str] = {}
    for number, (group, staged) in enumerate(loaded):
        try:
            what = _approve(staged, wait, redact) if approved else _reject(staged)
        except StagedError as error:
            if not done:
                raise
            raise PartlyDecided(f"{error} (after {number} of {len(loaded)} staged writes were decided; the "
                                "rest are untouched)", done) from None
        done.update((entry.id, what) for entry in group)
    return done
