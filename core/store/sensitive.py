"""The store's record of sensitive entries: who marked each one and why, and the audit event of a reveal."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Sequence

from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.queries import CHUNK
from memrev.core.store.serialize import format_time, parse_time

_INSERT_EVENT = "insert into events(at, actor, action, entry_id, before, after, reason) values (?, ?, ?, ?, ?, ?, ?)"


@dataclass(frozen=True)
class SensitiveMark:
    """A person's mark on one entry: when, by whom and why."""

    entry_id: str
    marked_at: datetime
    marked_by: str
    reason: str = ""


def marks(store: MemoryStore, entry_ids: Sequence[str] | None = None) -> dict[str, SensitiveMark]:
    """The marks on these entries (every mark when `entry_ids` is None), by entry id."""
    sql = "select entry_id, marked_at, marked_by, reason from sensitive"
    if entry_ids is None:
        rows = store.conn.execute(sql).fetchall()
    else:
        ids = list(dict.fromkeys(entry_ids))
        rows = []
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            rows += store.conn.execute(f"{sql} where entry_id in ({', '.join('?' * len(chunk))})", chunk).fetchall()
    return {str(entry_id): SensitiveMark(str(entry_id), parse_time(at, "marked_at"), str(by), str(reason or ""))  # type: ignore[arg-type]
            for entry_id, at, by, reason in rows}


def ids_with_text_containing(store: MemoryStore, needle: str) -> list[tuple[str, str]]:
    """(id, text) of every entry whose current text contains `needle`, found by SQLite without reading the rest."""
    rows = store.conn.execute("select id, text from entries where instr(text, ?) > 0 order by id", (needle,))
    return [(str(entry_id), str(text)) for entry_id, text in rows]


def add_marks(store: MemoryStore, entry_ids: Iterable[str], *, actor: str, reason: str) -> None:
    """Mark entries sensitive, each with an event `sensitive` (inside the caller's transaction, if any)."""
    with store.transaction() as conn:
        now = format_time(store.clock())
        ids = list(entry_ids)
        conn.executemany("insert into sensitive(entry_id, marked_at, marked_by, reason) values (?, ?, ?, ?)",
                         [(entry_id, now, actor, reason) for entry_id in ids])
        conn.executemany(_INSERT_EVENT, [(now, actor, "sensitive", entry_id, json.dumps({"sensitive": False}),
                                          json.dumps({"sensitive": True}), reason) for entry_id in ids])


def remove_marks(store: MemoryStore, entry_ids: Iterable[str], *, actor: str, reason: str) -> None:
    """Take the marks off entries, each with an event `not-sensitive` (inside the caller's transaction, if any)."""
    with store.transaction() as conn:
        now = format_time(store.clock())
        ids = list(entry_ids)
        conn.executemany("delete from sensitive where entry_id = ?", [(entry_id,) for entry_id in ids])
        conn.executemany(_INSERT_EVENT, [(now, actor, "not-sensitive", entry_id, json.dumps({"sensitive": True}),
                                          json.dumps({"sensitive": False}), reason) for entry_id in ids])


def log_reveal(store: MemoryStore, entry_id: str, actor: str, *, where: str = "memrev") -> None:
    """Record that `actor` was shown a sensitive entry's text (`where`: the app, `memrev show`); the event holds no
    content, only who, when and where."""
    with store.transaction() as conn:
        conn.execute(_INSERT_EVENT, (format_time(store.clock()), actor, "reveal", entry_id, None, None,
                                     f"shown in {where}"))
