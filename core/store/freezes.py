"""The freeze history in the store: each freeze (or rollback), its files before and after, and its entry decisions."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Sequence

from memrev.core.safe_io import digest_bytes
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import format_time, parse_time


@dataclass(frozen=True)
class FrozenFile:
    """One file of a frozen source: its source, path, digests before and after (None: absent), and the bytes
    before and after when the freeze changed it (a file it left alone keeps only its digest)."""

    source: str
    path: str
    before_hash: str | None
    after_hash: str | None
    before: bytes | None = None
    after: bytes | None = None

    @classmethod
    def written(cls, source: str, path: str, before: bytes | None, after: bytes | None) -> FrozenFile:
        """A file the freeze (or rollback) rewrote, with both contents."""
        return cls(source, path, _digest(before), _digest(after), before, after)

    @classmethod
    def kept(cls, source: str, path: str, digest: str | None) -> FrozenFile:
        """A file of a frozen source the freeze left as it was."""
        return cls(source, path, digest, digest)

    @property
    def changed(self) -> bool:
        """Whether the freeze changed this file."""
        return self.before_hash != self.after_hash


def _digest(data: bytes | None) -> str | None:
    """The digest of some bytes as the importer records files (None for an absent file)."""
    return None if data is None else digest_bytes(data)


@dataclass(frozen=True)
class EntryDecision:
    """Whether a freeze kept an entry in its source's snapshot, and why."""

    entry_id: str
    source: str
    kept: bool
    reason: str
    held: bool = False
    """Left out only until a person decides it."""


@dataclass(frozen=True)
class FreezeRecord:
    """One freeze as recorded: who, when, what kind (`freeze`, `rollback` or `snapshot`) and what it wrote."""

    id: int
    at: datetime
    actor: str
    kind: str
    rolls_back: int | None
    policy: dict[str, Any]
    summary: str
    files: list[FrozenFile] = field(default_factory=list)
    decisions: list[EntryDecision] = field(default_factory=list)


def record_freeze(store: MemoryStore, *, actor: str, kind: str, policy: dict[str, Any], summary: str,
                  files: Sequence[FrozenFile], decisions: Iterable[EntryDecision] = (),
                  rolls_back: int | None = None) -> int:
    """Record one freeze with its files and decisions in one transaction; returns its id."""
    with store.transaction() as conn:
        cursor = conn.execute(
            "insert into freezes(at, actor, kind, rolls_back, policy, summary) values (?, ?, ?, ?, ?, ?)",
            (format_time(store.clock()), actor, kind, rolls_back, json.dumps(policy, sort_keys=True), summary))
        freeze_id = int(cursor.lastrowid)
        conn.executemany(
            "insert into freeze_files(freeze_id, source, path, before, after, before_hash, after_hash) "
            "values (?, ?, ?, ?, ?, ?, ?)",
            [(freeze_id, f.source, f.path, f.before, f.after, f.before_hash, f.after_hash) for f in files])
        conn.executemany(
            "insert into freeze_entries(freeze_id, entry_id, source, kept, held, reason) values (?, ?, ?, ?, ?, ?)",
            [(freeze_id, d.entry_id, d.source, int(d.kept), int(d.held), d.reason) for d in decisions])
    return freeze_id


def _record(row: Sequence[Any]) -> FreezeRecord:
    """A freeze from its row (files and decisions read separately)."""
    return FreezeRecord(int(row[0]), parse_time(row[1], "at"), str(row[2]), str(row[3]),  # type: ignore[arg-type]
                        None if row[4] is None else int(row[4]), json.loads(row[5]), str(row[6]))


_FREEZE_COLUMNS = "id, at, actor, kind, rolls_back, policy, summary"


def freezes(store: MemoryStore) -> list[FreezeRecord]:
    """Every freeze, newest first, without its files' bytes (see `freeze`)."""
    rows = store.conn.execute(f"select {_FREEZE_COLUMNS} from freezes order by id desc").fetchall()
    return [_record(row) for row in rows]


def freeze_record(store: MemoryStore, freeze_id: int) -> FreezeRecord | None:
    """One freeze with its files and entry decisions, or None."""
    row = store.conn.execute(f"select {_FREEZE_COLUMNS} from freezes where id = ?", (freeze_id,)).fetchone()
    if row is None:
        return None
    record = _record(row)
    record.files.extend(FrozenFile(*row) for row in store.conn.execute(
        "select source, path, before_hash, after_hash, before, after from freeze_files where freeze_id = ? "
        "order by path", (freeze_id,)))
    record.decisions.extend(EntryDecision(entry_id, source, bool(kept), reason, bool(held))
                            for entry_id, source, kept, reason, held in store.conn.execute(
                                "select entry_id, source, kept, reason, held from freeze_entries "
                                "where freeze_id = ? order by source, kept desc, entry_id", (freeze_id,)))
    return record


def latest_freeze(store: MemoryStore) -> FreezeRecord | None:
    """The newest freeze (or rollback) with its files, or None before the first."""
    row = store.conn.execute("select max(id) from freezes").fetchone()
    return None if row[0] is None else freeze_record(store, int(row[0]))


def last_written(store: MemoryStore) -> dict[str, tuple[str, str | None]]:
    """Every file any freeze wrote, with its source and the digest the newest freeze that touched it left."""
    rows = store.conn.execute(
        "select f.path, f.source, f.after_hash from freeze_files f join "
        "(select path, max(freeze_id) as newest from freeze_files group by path) n "
        "on f.path = n.path and f.freeze_id = n.newest").fetchall()
    return {str(path): (str(source), after) for path, source, after in rows}


def frozen_entry_ids(store: MemoryStore) -> list[str] | None:
    """The entries the snapshot of every source holds now: for each source, what its newest freeze kept (None
    before the first freeze)."""
    rows = store.conn.execute(
        "select e.entry_id from freeze_entries e join "
        "(select source, max(freeze_id) as newest from freeze_entries group by source) n "
        "on e.source = n.source and e.freeze_id = n.newest where e.kept = 1 order by e.entry_id").fetchall()
    if not rows and store.conn.execute("select count(*) from freezes").fetchone()[0] == 0:
        return None
    return [str(row[0]) for row in rows]


def held_entry_ids(store: MemoryStore) -> set[str]:
    """Entries the newest freeze of their source held out until a person decides them."""
    rows = store.conn.execute(
        "select e.entry_id from freeze_entries e join "
        "(select source, max(freeze_id) as newest from freeze_entries group by source) n "
        "on e.source = n.source and e.freeze_id = n.newest where e.held = 1").fetchall()
    return {str(row[0]) for row in rows}


def frozen_sources(store: MemoryStore) -> set[str]:
    """Every source label some freeze decided entries of."""
    return {str(row[0]) for row in store.conn.execute("select distinct source from freeze_entries")}


def freeze_with_token(store: MemoryStore, token: str) -> bool:
    """Whether the store recorded the freeze whose journal carries this token (it finished before a crash)."""
    row = store.conn.execute("select 1 from freezes where json_extract(policy, '$.token') = ?", (token,)).fetchone()
    return row is not None
