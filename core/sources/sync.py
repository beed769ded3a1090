"""Import a native source into the store: read it, match it against what was stored, record the changes."""

from __future__ import annotations

import json
import os
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Collection, ContextManager, Sequence

from memrev.core.check.checker import collector_paused
from memrev.core.model import Entry
from memrev.core.safe_io import is_within, remove_stale_temporaries
from memrev.core.scan.gate import apply_screened
from memrev.core.scan.redaction import Redactor
from memrev.core.sources.agent_status import apply_agent_status
from memrev.core.sources.base import DriftError, SourceRead, SourceRef, WriteResult
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.stored import STORED_COLUMNS, Stored
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.writeback_journal import journal_path, journalled, undo
from memrev.core.store.freezes import held_entry_ids
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.purge import purged_text_test
from memrev.core.store.records import EntryFilter


@dataclass
class SyncResult:
    """What importing one source did."""

    ref: SourceRef
    read: SourceRead
    added: list[str] = field(default_factory=list)
    revised: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    reappeared: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    """New or revised entries the scanner blocked (each with a recorded rejection)."""

    @property
    def summary(self) -> str:
        """One line: `claude:PATH: 3 added, 1 revised, 0 unchanged, 1 removed at source, 0 warnings`."""
        return (f"{self.ref.label}: {len(self.added)} added, {len(self.revised)} revised, "
                f"{len(self.unchanged)} unchanged, {len(self.removed)} removed at source, "
                f"{len(self.read.warnings)} warnings" + (f", {len(self.blocked)} blocked" if self.blocked else ""))


def belongs_to(entry: Entry, ref: SourceRef, files: Collection[Path | str] = ()) -> bool:
    """Whether a stored entry came from this source: its kind, and a file among its files or under its root."""
    return entry.source.agent == ref.kind and _file_belongs(entry.source.file, ref, files)


def _file_belongs(file: str | None, ref: SourceRef, files: Collection[Path | str]) -> bool:
    """Whether a stored entry's file is one of this source's: among its files, under its root, or under a folder
    its adapter also owns (Hermes's staged writes, so one whose staged file is gone is still settled here)."""
    if not file:
        return False
    if file in files or Path(file) in files or is_within(Path(file), ref.root):  # type: ignore[operator]
        return True
    owned = getattr(adapter_for(ref.kind), "owned_folders", None)
    return owned is not None and any(is_within(Path(file), folder) for folder in owned(ref))


class Membership:
    """Which stored files are one source's, asked for many entries at once: the root and each folder are resolved
    once, not once per file (a freeze preview of 10,000 entries otherwise resolves every entry's path per source)."""

    def __init__(self, ref: SourceRef, files: Collection[Path | str] = ()) -> None:
        """Remember the source, its files as strings, and its resolved root and the folders its adapter also owns."""
        self.ref = ref
        self.files = {str(path) for path in files}
        owned = getattr(adapter_for(ref.kind), "owned_folders", None)
        folders = [ref.root, *(owned(ref) if owned is not None else ())]
        self._roots = [os.path.realpath(folder).rstrip(os.sep) for folder in folders]
        self._folders: dict[str, str] = {}
        self._answers: dict[str, bool] = {}

    def __call__(self, file: str | None) -> bool:
        """Whether a stored entry's file is one of this source's: among its files or, symlinks resolved, under its root."""
        if not file:
            return False
        known = self._answers.get(file)
        if known is None:
            known = self._answers[file] = file in self.files or self._inside(file)
        return known

    def belongs(self, entry: Entry) -> bool:
        """Whether a stored entry came from this source: its kind, and its file."""
        return entry.source.agent == self.ref.kind and self(entry.source.file)

    def _inside(self, file: str) -> bool:
        """Whether the file, resolved through its (cached) folder, lies under the source's resolved root or a folder
        its adapter also owns (Hermes's staged writes)."""
        folder, name = os.path.split(file)
        if name in ("", ".", "..") or os.path.islink(file):
            return _file_belongs(file, self.ref, ())
        real = self._folders.get(folder)
        if real is None:
            real = self._folders[folder] = os.path.realpath(folder or os.curdir)
        full = os.path.join(real, name)
        return any(full == root or full.startswith(root + os.sep) for root in self._roots)


def stored_for(store: MemoryStore, ref: SourceRef, read: SourceRead | None = None) -> list[Entry]:
    """The stored entries that came from this source: its kind, and a file under its root or among its files."""
    ours = Membership(ref, read.files if read else ())
    return [entry for entry in store.entries(EntryFilter(agent=ref.kind)) if ours(entry.source.file)]


def stored_rows_for(store: MemoryStore, ref: SourceRef, read: SourceRead) -> list[Stored]:
    """What reconcile needs of the stored entries that came from this source, read as rows (not whole entries)."""
    ours = Membership(ref, read.files)
    return [Stored.from_row(row) for row in store.rows_of_agent(STORED_COLUMNS, ref.kind) if ours(row[5])]


def import_source(store: MemoryStore, ref: SourceRef, *, actor: str, held: Collection[str] = (),
                  stored: Sequence[Entry] | None = None, written: Sequence[Entry] = ()) -> SyncResult:
    """Read a source and bring the store in step: new, revised, unchanged, removed and reappeared entries. Entries
    a freeze held out until a person decides them (and `held`) are absent from the files but stay in review.
    `stored`: the source's live entries as the caller read them in this unchanged store (a freeze's preview);
    `written`: the entries a write-back just wrote, each text found in the files kept under its entry's id."""
    with collector_paused():  # tens of thousands of short-lived entries: no full collection between them
        return _import_source(store, ref, actor=actor, held=held, given=stored, written=written)


def _import_source(store: MemoryStore, ref: SourceRef, *, actor: str, held: Collection[str],
                   given: Sequence[Entry] | None, written: Sequence[Entry]) -> SyncResult:
    """`import_source` itself."""
    interrupted = _finish_interrupted(store, ref)
    read = adapter_for(ref.kind).read(ref)
    read.warnings.extend(interrupted)
    for folder in sorted({path.parent for path in read.files}):
        remove_stale_temporaries(folder)  # what a write killed half-way left behind
    with store.transaction():  # stored, screened and recorded as read together, or not at all
        redactor = Redactor.for_store(store)
        read = redacted(read, redactor)  # no raw secret goes further than this read
        redactor.remember(store)
        _leave_out_purged(store, read)
        stored = [Stored.of(e) for e in given] if given is not None else stored_rows_for(store, ref, read)
        settle = getattr(adapter_for(ref.kind), "settle", None)  # writes the agent decided outside memrev
        settlement = settle(ref, read, stored, store) if settle is not None else None
        matched = reconcile(read, settlement.stored if settlement is not None else stored, written)
        applied, blocked = apply_screened(store, matched.entries, actor=actor, source=f"import:{ref.label}",
                                          reason=f"import {ref.label}",
                                          known={e.id: e for e in given} if given is not None else None)
        store.relocate(matched.moved)
        applied.unchanged.extend([*matched.unchanged, *(entry_id for entry_id, _, _ in matched.moved)])
        if settlement is not None:
            settlement.record(store)
        apply_agent_status(store, read)  # an agent's own `superseded` mark, never over a person's decision
        waiting = held_entry_ids(store).union(held)
        removed = store.mark_removed([entry_id for entry_id in matched.removed if entry_id not in waiting],
                                     actor=actor, reason=f"no longer in {ref.label}")
        store.set_meta(_read_key(ref), json.dumps({str(path): digest for path, digest in sorted(read.files.items())}))
        context = getattr(adapter_for(ref.kind), "context_of", lambda _: None)(ref)
        if context is not None:
            store.set_meta(_context_key(ref), json.dumps(context, sort_keys=True))
    return SyncResult(ref, read, applied.added, applied.revised, applied.unchanged, removed, applied.reappeared,
                      blocked)


def _leave_out_purged(store: MemoryStore, read: SourceRead) -> None:
    """Drop the entries a person purged whose text a file still holds (its write-back was refused), with a warning,
    so an import never brings purged text back."""
    was_purged = purged_text_test(store)
    purged = [native for native in read.entries if was_purged(native.text)]
    if purged:
        files = sorted({str(native.file) for native in purged})
        read.warnings.append(f"{', '.join(files)}: still holds {len(purged)} purged entr"
                             f"{'y' if len(purged) == 1 else 'ies'}, left out of the import "
                             "(the next freeze writes the file without it)")
        read.entries = [native for native in read.entries if native not in purged]


def redacted(read: SourceRead, redactor: Redactor) -> SourceRead:
    """The read with every secret in its entries replaced by its marker (the same marker each time, so a file read
    again unchanged stays unchanged), before anything compares, stores or shows its texts."""
    for index, native in enumerate(read.entries):
        result = redactor.redact(native.text)
        if result.changed:
            read.entries[index] = replace(native, text=result.text)
    return read


def check_as_imported(imported: dict[str, str | None], now: dict[str, str | None]) -> None:
    """Refuse (DriftError, nothing written) unless every file of the source is as memrev imported and reviewed it:
    a file that appeared since (a new topic file, a new daily log), one that changed, one deleted, and one that
    was read then but cannot be read now (a permission, a link swapped in) all stop the write, named."""
    for path in sorted(set(imported) | set(now)):
        before, after = imported.get(path), now.get(path, "unreadable" if imported.get(path) else None)
        if before == after:
            continue
        if before is None:
            what = "appeared since memrev imported the source (it was never reviewed)"
        elif after is None:
            what = "was deleted since memrev imported it"
        elif after == "unreadable":
            what = "cannot be read as it was at the import (a permission, a link or a folder in its place)"
        else:
            what = "changed since memrev imported it"
        raise DriftError(f"{path}: {what}; nothing written (re-import and review first)")


def _journal_file(store: MemoryStore, ref: SourceRef) -> Path | None:
    """Where this source's write-back journal lives (beside the database), or None for an in-memory store."""
    if str(store.path) == ":memory:":
        return None
    return journal_path(store.path.resolve().parent, ref.kind, ref.root)


def _journal(store: MemoryStore, ref: SourceRef) -> ContextManager[object]:
    """The journal of one write-back (nothing for an in-memory store)."""
    path = _journal_file(store, ref)
    return journalled(path, ref.root) if path is not None else nullcontext()


def _finish_interrupted(store: MemoryStore, ref: SourceRef) -> list[str]:
    """Undo a write-back of this source that a crash interrupted; one line per file it concerned."""
    path = _journal_file(store, ref)
    return undo(path) if path is not None else []


_READ_PREFIX = "source-read:"


def _read_key(ref: SourceRef) -> str:
    """Where the store keeps the file digests of a source as last imported."""
    return f"{_READ_PREFIX}{ref.kind}:{ref.root}"


def _context_key(ref: SourceRef) -> str:
    """Where the store keeps who and where a source was found for (its user's home, for instance)."""
    return f"source-context:{ref.kind}:{ref.root}"


def imported_sources(store: MemoryStore) -> list[SourceRef]:
    """Every native source imported into this store (the ones a freeze may write back), in a stable order, each
    read again for the user and folders it was imported for (not whoever runs memrev now)."""
    refs = []
    for key in store.meta_with_prefix(_READ_PREFIX):
        kind, _, root = key[len(_READ_PREFIX):].partition(":")
        ref = SourceRef(kind, Path(root))
        context = store.get_meta(_context_key(ref))
        restore = getattr(adapter_for(kind), "restore", None)
        if context is not None and restore is not None:
            try:
                restore(ref, json.loads(context))
            except (ValueError, TypeError, KeyError):
                pass  # a context this memrev cannot read: the source is read with the defaults
        refs.append(ref)
    return refs


def imported_digests(store: MemoryStore, ref: SourceRef) -> dict[str, str | None]:
    """The digest of every file of a source as memrev last imported it (empty when it never was)."""
    recorded = store.get_meta(_read_key(ref))
    return {} if recorded is None else json.loads(recorded)


def write_source(store: MemoryStore, ref: SourceRef, entries: Sequence[Entry], *, actor: str) -> WriteResult:
    """Write exactly `entries` back to a source in its native format, refusing (DriftError, nothing written)
    when any of its files changed since memrev last imported it, under a journal, then import the result."""
    recorded = store.get_meta(_read_key(ref))
    if recorded is None:
        raise ValueError(f"{ref.label}: import this source before writing it back")
    with collector_paused():
        return _write_source(store, ref, entries, json.loads(recorded), actor=actor)


def _write_source(store: MemoryStore, ref: SourceRef, entries: Sequence[Entry], imported: dict[str, str | None],
                  *, actor: str) -> WriteResult:
    """`write_source` itself, once the source is known to have been imported."""
    adapter = adapter_for(ref.kind)
    if _finish_interrupted(store, ref):
        raise DriftError(f"{ref.label}: an interrupted write-back was undone; re-import and review first")
    fresh = redacted(adapter.read(ref), Redactor.for_store(store))  # compared with the entries as stored
    check_as_imported(imported, {str(p): d for p, d in fresh.files.items()})
    with _journal(store, ref):  # every file changes, or (at once, or at the next start) none does
        result = adapter.write(ref, entries, expected=fresh)
    import_source(store, ref, actor=actor, written=entries)
    return result
