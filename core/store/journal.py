"""Undoable actions: each person's action records the statements that restore every row it changed, exactly.

While an action runs, temporary triggers on this connection write, for every row inserted, updated or deleted in
the review tables, the statement that puts it back (SQLite's own undo technique). Undo replays them newest first in
one transaction, then appends its own events: the event log stays append-only. An action is undone only while the
rows it touched are as it left them, so a change made since (another window, an import) is never lost.
"""

from __future__ import annotations

import json
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from memrev.core.store.serialize import format_time, parse_time

if TYPE_CHECKING:
    from memrev.core.model import Entry
    from memrev.core.store.memory_store import MemoryStore

RECORDED_TABLES = ("entries", "revisions", "links", "checks", "rejections", "rejection_decisions", "projects",
                   "sensitive")
"""Tables whose rows an undo restores; the event log is never rewritten, and vectors are recomputed."""
DERIVED_TABLES = frozenset({"checks"})
"""Rows another process may rewrite at any time (the live checker): restored, but no reason to refuse an undo."""
_OWNER_COLUMN = {"entries": "id", "revisions": "entry_id", "links": "entry_id", "checks": "entry_id",
                 "rejections": "entry_id"}


class UndoError(RuntimeError):
    """An undo that cannot be done safely; the message is one line for the user."""


@dataclass(frozen=True)
class Action:
    """One recorded action of a person: what it was, who did it, when, and whether it was undone."""

    id: int
    at: datetime
    actor: str
    kind: str
    summary: str
    entry_ids: tuple[str, ...]
    undone_at: datetime | None = None
    undone_by: str | None = None


def _literal(column: str, declared: str) -> str:
    """SQL that renders `old.<column>` as a literal: reals with 17 digits, so they round-trip exactly."""
    if "REAL" in declared.upper():
        return f"case when old.{column} is null then 'NULL' else printf('%!.17g', old.{column}) end"
    return f"quote(old.{column})"


def _trigger_sql(conn: Any, table: str) -> list[str]:
    """The temporary triggers that record how to undo each insert, update and delete on one table."""
    columns = [(row[1], row[2] or "") for row in conn.execute(f"pragma main.table_info({table})")]
    values = " || ', ' || ".join(_literal(name, kind) for name, kind in columns)
    sets = " || ".join(f"(case when old.{name} is not new.{name} then ', {name} = ' || {_literal(name, kind)} "
                       "else '' end)" for name, kind in columns)
    names = ", ".join(name for name, _ in columns)
    when = "when exists (select 1 from undo_recording)"
    record = "insert into undo_steps(action_id, tbl, row_id, statement) select action_id, '{table}', {rowid}, {sql} " \
             "from undo_recording"
    return [
        f"create temp trigger if not exists undo_{table}_insert after insert on main.{table} {when} begin "
        + record.format(table=table, rowid="new.rowid", sql=f"'delete from {table} where rowid = ' || new.rowid")
        + "; end",
        f"create temp trigger if not exists undo_{table}_update after update on main.{table} {when} begin "
        + record.format(table=table, rowid="old.rowid",
                        sql=f"'update {table} set rowid = rowid' || {sets} || ' where rowid = ' || old.rowid")
        + "; end",
        f"create temp trigger if not exists undo_{table}_delete before delete on main.{table} {when} begin "
        + record.format(table=table, rowid="old.rowid",
                        sql=f"'insert into {table}(rowid, {names}) values (' || old.rowid || ', ' || {values} || ')'")
        + "; end",
    ]


def _prepare(conn: Any) -> None:
    """Create this connection's recording table and triggers once (temporary objects belong to one connection)."""
    if conn.execute("select 1 from temp.sqlite_master where name = 'undo_recording'").fetchone():
        return
    conn.execute("create temp table undo_recording(action_id integer not null)")
    for table in RECORDED_TABLES:
        for statement in _trigger_sql(conn, table):
            conn.execute(statement)


@dataclass
class Recording:
    """The action being recorded: its number, or None when nested in another action or when it changed nothing."""

    id: int | None = None


@contextmanager
def recording(store: MemoryStore, kind: str, *, actor: str, summary: str,
              entry_ids: tuple[str, ...] | list[str] = ()) -> Iterator[Recording]:
    """Run a person's action in one transaction that can be undone. Nested in another recorded action it joins
    that one; an action that changed nothing leaves no trace (its `id` is None afterwards)."""
    handle = Recording()
    with store.transaction() as conn:
        _prepare(conn)
        if conn.execute("select 1 from undo_recording").fetchone():
            yield handle
            return
        now = format_time(store.clock())
        handle.id = int(conn.execute(
            "insert into actions(at, actor, kind, summary, entry_ids) values (?, ?, ?, ?, ?)",
            (now, actor, kind, summary, json.dumps(list(entry_ids)))).lastrowid)
        conn.execute("insert into undo_recording(action_id) values (?)", (handle.id,))
        try:
            yield handle
        finally:
            conn.execute("delete from undo_recording")
        touched = _touched(conn, handle.id)
        if not touched:
            conn.execute("delete from actions where id = ?", (handle.id,))
            handle.id = None
            return
        owners = sorted(set(entry_ids) | _owners(conn, touched))
        conn.execute("update actions set rows = ?, entry_ids = ? where id = ?",
                     (json.dumps(_row_digests(conn, touched)), json.dumps(owners), handle.id))


def _touched(conn: Any, action_id: int) -> list[tuple[str, int]]:
    """The (table, rowid) pairs an action changed, in the order first touched."""
    rows = conn.execute("select tbl, row_id from undo_steps where action_id = ? order by id", (action_id,))
    return list(dict.fromkeys((str(tbl), int(row_id)) for tbl, row_id in rows))


def _row_digests(conn: Any, touched: list[tuple[str, int]]) -> dict[str, str]:
    """Digests of the rows an action left, so an undo can tell whether anything changed them since (read in
    chunks per table: a batch action touches thousands)."""
    by_table: dict[str, list[int]] = {}
    for table, row_id in touched:
        if table not in DERIVED_TABLES:
            by_table.setdefault(table, []).append(row_id)
    digests: dict[str, str] = {}
    for table, row_ids in by_table.items():
        found = {int(row[0]): _digest(tuple(row[1:]))
                 for row in _chunked(conn, f"select rowid, * from {table} where rowid in ({{marks}})", row_ids)}
        for row_id in row_ids:
            digests[f"{table}:{row_id}"] = found.get(row_id, "absent")
    return digests


def _digest(row: tuple[Any, ...]) -> str:
    """A short digest of one row's values (to notice a change, not to resist an attacker)."""
    return format(zlib.crc32(repr(row).encode()), "08x")


def _owners(conn: Any, touched: list[tuple[str, int]]) -> set[str]:
    """The entries the touched rows belong to (asked per table, in chunks)."""
    by_table: dict[str, list[int]] = {}
    for table, row_id in touched:
        if table in _OWNER_COLUMN:
            by_table.setdefault(table, []).append(row_id)
    owners: set[str] = set()
    for table, row_ids in by_table.items():
        column = _OWNER_COLUMN[table]
        rows = _chunked(conn, f"select {column} from {table} where rowid in ({{marks}})", row_ids)
        owners.update(str(row[0]) for row in rows if row[0])
    return owners


_SELECT_ACTIONS = "select id, at, actor, kind, summary, entry_ids, undone_at, undone_by from actions"


def _action(row: Sequence[Any]) -> Action:
    """One `actions` row as an Action."""
    return Action(int(row[0]), parse_time(row[1], "at"), row[2], row[3], row[4],  # type: ignore[arg-type]
                  tuple(json.loads(row[5])), parse_time(row[6], "undone_at") if row[6] else None, row[7])


def actions(store: MemoryStore, *, include_undone: bool = True, limit: int | None = None) -> list[Action]:
    """Recorded actions, newest first."""
    sql = _SELECT_ACTIONS + ("" if include_undone else " where undone_at is null")
    sql += " order by id desc" + (" limit ?" if limit is not None else "")
    return [_action(row) for row in store.conn.execute(sql, (limit,) if limit is not None else ())]


def undo_last(store: MemoryStore, *, actor: str) -> Action:
    """Undo the newest action not yet undone, restoring every row it changed; refuses when one changed since."""
    with store.transaction() as conn:
        _prepare(conn)
        row = conn.execute("select id, rows from actions where undone_at is null order by id desc limit 1").fetchone()
        if row is None:
            raise UndoError("nothing to undo")
        action_id, digests = int(row[0]), json.loads(row[1] or "{}")
        action = _action(conn.execute(_SELECT_ACTIONS + " where id = ?", (action_id,)).fetchone())
        now_digests = _row_digests(conn, [_split(key) for key in digests])
        changed = [key for key, digest in digests.items() if now_digests.get(key) != digest]
        if changed:
            who = sorted(_owners(conn, [_split(key) for key in changed])) or [changed[0]]
            raise UndoError(f"cannot undo #{action_id} ({action.kind}): {', '.join(who)} changed since "
                            "(another window or an import); undo would lose that change")
        before = store.get_many(action.entry_ids)
        texts = {rowid: text for rowid, text in _chunked(
            conn, "select rowid, text from entries where id in ({marks})", list(action.entry_ids))}
        for (statement,) in conn.execute(
                "select statement from undo_steps where action_id = ? order by id desc", (action_id,)).fetchall():
            conn.execute(statement)
        store.vectors.refresh(conn, [r for t, r in _touched(conn, action_id) if t == "entries"], texts)
        now = format_time(store.clock())
        conn.execute("update actions set undone_at = ?, undone_by = ? where id = ?", (now, actor, action_id))
        reason = f"undo of #{action_id} {action.kind} by {action.actor}: {action.summary}"
        after = store.get_many(action.entry_ids)
        events = []
        for entry_id in action.entry_ids:
            old, new = before.get(entry_id), after.get(entry_id)
            was, now_is = _state(old), _state(new)
            if was != now_is or (old is not None and new is not None and old.text != new.text):
                events.append((now, actor, "undo", entry_id, json.dumps(was), json.dumps(now_is), reason))
        conn.executemany("insert into events(at, actor, action, entry_id, before, after, reason) "
                         "values (?, ?, ?, ?, ?, ?, ?)", events)
    return action


def _chunked(conn: Any, sql: str, values: list[Any]) -> list[tuple[Any, ...]]:
    """Rows of a query with `in ({marks})`, asked 500 values at a time."""
    rows: list[tuple[Any, ...]] = []
    for start in range(0, len(values), 500):
        chunk = values[start:start + 500]
        rows += conn.execute(sql.format(marks=", ".join("?" * len(chunk))), chunk).fetchall()
    return rows


def _state(entry: Entry | None) -> dict[str, Any] | None:
    """The review fields of an entry for an undo event (None when the entry does not exist)."""
    if entry is None:
        return None
    return {"status": entry.status.value, "version": entry.version, "confidence": entry.confidence,
            "confidence_reason": entry.confidence_reason, "verified_at": format_time(entry.verified_at),
            "verified_commit": entry.verified_commit}


def _split(key: str) -> tuple[str, int]:
    """`table:rowid` back into its parts."""
    table, _, row_id = key.rpartition(":")
    return table, int(row_id)
