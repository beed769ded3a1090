"""Import a native source into the store: read it, match it against what was stored, record the changes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from memrev.core.model import Entry
from memrev.core.safe_io import is_within
from memrev.core.scan.gate import apply_screened
from memrev.core.sources.base import DriftError, SourceRead, SourceRef, WriteResult
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.registry import adapter_for
from memrev.core.store.memory_store import MemoryStore
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


def stored_for(store: MemoryStore, ref: SourceRef, read: SourceRead | None = None) -> list[Entry]:
    """The stored entries that came from this source: its kind, and a file under its root or among its files."""
    files = {str(path) for path in (read.files if read else {})}
    return [
        entry for entry in store.entries(EntryFilter(agent=ref.kind))
        if entry.source.file and (entry.source.file in files or is_within(Path(entry.source.file), ref.root))
    ]


def import_source(store: MemoryStore, ref: SourceRef, *, actor: str) -> SyncResult:
    """Read a source and bring the store in step: new, revised, unchanged, removed and reappeared entries."""
    read = adapter_for(ref.kind).read(ref)
    with store.transaction():  # stored, screened and recorded as read together, or not at all
        matched = reconcile(read, stored_for(store, ref, read))
        applied, blocked = apply_screened(store, matched.entries, actor=actor, source=f"import:{ref.label}",
                                          reason=f"import {ref.label}")
        removed = store.mark_removed(matched.removed, actor=actor, reason=f"no longer in {ref.label}")
        store.set_meta(_read_key(ref), json.dumps({str(path): digest for path, digest in sorted(read.files.items())}))
    return SyncResult(ref, read, applied.added, applied.revised, applied.unchanged, removed, applied.reappeared,
                      blocked)


def _read_key(ref: SourceRef) -> str:
    """Where the store keeps the file digests of a source as last imported."""
    return f"source-read:{ref.kind}:{ref.root}"


def write_source(store: MemoryStore, ref: SourceRef, entries: Sequence[Entry], *, actor: str) -> WriteResult:
    """Write exactly `entries` back to a source in its native format, refusing (DriftError, nothing written)
    when any of its files changed since memrev last imported it, then import the result."""
    recorded = store.get_meta(_read_key(ref))
    if recorded is None:
        raise ValueError(f"{ref.label}: import this source before writing it back")
    adapter = adapter_for(ref.kind)
    fresh = adapter.read(ref)
    seen = json.loads(recorded)
    for path, digest in sorted({str(p): d for p, d in fresh.files.items()}.items()):
        if path in seen and seen[path] != digest:
            raise DriftError(f"{path}: changed since memrev imported it; nothing written (re-import and review first)")
    result = adapter.write(ref, entries, expected=fresh)
    import_source(store, ref, actor=actor)
    return result
