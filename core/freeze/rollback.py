"""Rollback: put a freeze's files back as they were before it, drift-checked, recorded as a freeze of its own."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import ContextManager

from memrev.core.freeze.journal import freeze_journal, recover
from memrev.core.freeze.write import FreezeOutcome, FreezeRefused, redacted_files
from memrev.core.safe_io import atomic_write, current_bytes, digest_bytes, folder_syncs_deferred, remove_file
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import hermes_lock
from memrev.core.sources.sync import import_source
from memrev.core.store.freezes import FreezeRecord, FrozenFile, freeze_record, freezes, last_written, record_freeze
from memrev.core.store.memory_store import MemoryStore


def _ref(label: str) -> SourceRef:
    """A source from its recorded label (`kind:root`)."""
    kind, _, root = label.partition(":")
    return SourceRef(kind, Path(root))


def _lock(ref: SourceRef, path: Path) -> ContextManager[None]:
    """The lock the agent itself takes to write this file (Hermes's flock), or none."""
    return hermes_lock(path) if ref.kind == "hermes" else ExitStack()


def _target(store: MemoryStore, freeze_id: int | None) -> FreezeRecord:
    """The freeze to roll back: the one named, else the newest freeze that is not itself a rollback."""
    if freeze_id is None:
        history = freezes(store)
        undone = {record.rolls_back for record in history}
        newest = next((record for record in history if record.kind == "freeze" and record.id not in undone), None)
        if newest is None:
            raise FreezeRefused("nothing to roll back: no freeze yet")
        freeze_id = newest.id
    record = freeze_record(store, freeze_id)
    if record is None:
        raise FreezeRefused(f"no freeze #{freeze_id} (see `memrev freezes`)")
    if record.kind != "freeze":
        raise FreezeRefused(f"#{record.id} is a {record.kind}, not a freeze; roll back a freeze, or freeze again")
    return record


def drifted(store: MemoryStore, files: list[FrozenFile]) -> list[str]:
    """The files that no longer hold what the newest freeze touching them left (the agent wrote since)."""
    newest = last_written(store)
    lines = []
    for f in files:
        expected = newest.get(f.path, (f.source, f.after_hash))[1]
        now = current_bytes(Path(f.path))
        if (None if now is None else digest_bytes(now)) != expected:
            lines.append(f"{f.path}: changed since memrev last wrote it")
    return lines


def rollback(store: MemoryStore, freeze_id: int | None = None, *, actor: str, force: bool = False) -> FreezeOutcome:
    """Write back the files as they were before a freeze, as one journalled unit recorded as a `rollback`; when
    the agent wrote since, refuse, or with `force` first record the current files as a `snapshot` of their own."""
    recover(store)
    record = _target(store, freeze_id)
    written = [f for f in record.files if f.changed]
    if not written:
        raise FreezeRefused(f"freeze #{record.id} changed no file; nothing to roll back")
    changed = drifted(store, written)
    now = {f.path: current_bytes(Path(f.path)) for f in written}
    if changed and not force:
        raise FreezeRefused("the agent wrote since; nothing rolled back (--force keeps a snapshot of the files "
                            "now, then rolls back):\n" + "\n".join(f"  {line}" for line in changed))
    if changed:
        record_freeze(store, actor=actor, kind="snapshot", policy={"before_rollback_of": record.id},
                      summary=f"the files as they were before rolling back #{record.id}",
                      files=redacted_files(store, [FrozenFile.written(f.source, f.path, now[f.path], now[f.path])
                                                   for f in written]))
    files = [FrozenFile.written(f.source, f.path, now[f.path], f.before) for f in written if now[f.path] != f.before]
    if not files:
        raise FreezeRefused(f"the files already hold what they held before #{record.id}; nothing to roll back")
    steps = [(Path(f.path), _ref(f.source).root, f.before, f.after) for f in files]
    sources = sorted({f.source for f in files})
    try:
        with freeze_journal(store, steps) as token:
            with folder_syncs_deferred():
                for f in files:
                    ref = _ref(f.source)
                    with _lock(ref, Path(f.path)):
                        if f.after is None:
                            remove_file(Path(f.path), root=ref.root)
                        else:
                            atomic_write(Path(f.path), f.after, root=ref.root)
            with store.transaction():  # the store follows the files back, recorded with them, or not at all
                for label in sources:
                    import_source(store, _ref(label), actor=actor)
                freeze_id_new = record_freeze(store, actor=actor, kind="rollback", rolls_back=record.id,
                                              policy={"token": token}, files=redacted_files(store, files),
                                              summary=f"rolled back #{record.id}: {len(files)} files put back")
    except (ValueError, OSError) as error:  # files put back, the store never changed
        raise FreezeRefused(f"{error}; the rollback was undone, nothing changed") from None
    return FreezeOutcome(freeze_id_new, files, sources)
