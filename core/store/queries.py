"""Every read of the store: entries (one, many, filtered), their revisions and events, projects, full-text search.

A mixin of MemoryStore, so reads stay apart from the writes and their events; it uses only the store's
connection (`self.conn`), and within a transaction it sees what that transaction wrote.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Sequence

from memrev.core.model import Entry, Link, LinkKind, Project, Scope
from memrev.core.store.records import EntryFilter, Event, Revision
from memrev.core.store.rows import COLUMNS, entry_from_row
from memrev.core.store.serialize import entry_from_dict, parse_time

CHUNK = 500
"""Ids asked per query (`id in (...)`), well under SQLite's limit on bound values."""


class StoreError(RuntimeError):
    """A store operation that cannot be done; the message is one line for the user."""


class EntryQueries:
    """The reading half of MemoryStore."""

    conn: Any

    def _read(self, conn: Any, where: str = "", params: Sequence[Any] = ()) -> list[Entry]:
        """Entries whose rows match `where` (in a stable order: type, then id), with their links and projects."""
        rows = conn.execute(f"select {COLUMNS} from entries {where} order by type, id", params).fetchall()
        links: dict[str, list[Link]] = {}
        if rows:  # the links of exactly these entries, in one query whatever their number
            owners = f" where entry_id in (select id from entries {where})" if where else ""
            for entry_id, kind, target, reason in conn.execute(
                    f"select entry_id, kind, target, reason from links{owners} order by entry_id, kind, target",
                    params if where else ()):
                links.setdefault(entry_id, []).append(Link(LinkKind(kind), target, reason))
        projects = self._projects(conn, None)
        scopes: dict[tuple[str, str | None], Scope] = {}  # shared: ten thousand entries have a handful of scopes
        return [entry_from_row(row, projects, links, scopes) for row in rows]

    def entries_of_file(self, agent: str, file: str) -> list[Entry]:
        """The entries one agent's source file holds (a staged Hermes batch's operations, say)."""
        return self._read(self.conn, "where agent = ? and source_file = ?", (agent, file))

    def rows_of_agent(self, columns: str, agent: str) -> list[tuple[Any, ...]]:
        """These columns of every entry of one agent, as plain rows (for a caller that needs a few fields of many)."""
        return list(self.conn.execute(f"select {columns} from entries where agent = ?", (agent,)).fetchall())

    def get(self, entry_id: str) -> Entry | None:
        """One entry by id, or None."""
        return next(iter(self._read(self.conn, "where id = ?", (entry_id,))), None)

    def get_many(self, entry_ids: Sequence[str]) -> dict[str, Entry]:
        """The entries with these ids that the store holds, read in chunks rather than one query each."""
        ids = list(dict.fromkeys(entry_ids))
        found: dict[str, Entry] = {}
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            found.update((e.id, e) for e in self._read(self.conn, f"where id in ({', '.join('?' * len(chunk))})", chunk))
        return found

    def _require(self, conn: Any, entry_id: str) -> Entry:
        """One entry by id, or a one-line error."""
        found = self._read(conn, "where id = ?", (entry_id,))
        if not found:
            raise StoreError(f"no entry with id {entry_id!r}")
        return found[0]

    def entries(self, where: EntryFilter | None = None) -> list[Entry]:
        """Every entry matching the filter, in a stable order (type, then id)."""
        where = where or EntryFilter()
        clauses, params = [], []
        for column, value in (("type", where.type), ("scope_kind", where.scope_kind), ("status", where.status),
                              ("project_key", where.project_key), ("agent", where.agent)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value.value if hasattr(value, "value") else value)
        if not clauses:
            return self._read(self.conn)
        return self._read(self.conn, "where " + " and ".join(clauses), params)

    def last_reasons(self, actions: Sequence[str]) -> dict[str, str]:
        """By entry: `ACTION by ACTOR: REASON` of the newest of these actions on it (why it was revoked, say)."""
        marks = ", ".join("?" * len(actions))
        rows = self.conn.execute(
            f"select entry_id, action, actor, reason from events where id in (select max(id) from events "
            f"where action in ({marks}) and entry_id is not null group by entry_id)", list(actions)).fetchall()
        return {str(entry_id): f"{action} by {actor}" + (f": {reason}" if reason else "")
                for entry_id, action, actor, reason in rows}

    def change_mark(self) -> tuple[Any, ...]:
        """Something that differs whenever an entry, a decision or a check changed (to notice a stale preview)."""
        events = self.conn.execute("select coalesce(max(id), 0) from events").fetchone()[0]
        checks = self.conn.execute("select count(*), coalesce(max(checked_at), '') from checks").fetchone()
        return (int(events), int(checks[0]), str(checks[1]))

    def count_pending_since(self, when: str | None) -> int:
        """How many live entries were stored after `when` (ISO time) and nobody has reviewed yet."""
        return int(self.conn.execute("select count(*) from entries where created_at > ? and status = 'pending' "
                                     "and removed_at is null", (when,)).fetchone()[0])

    def count(self) -> int:
        """How many entries the store holds."""
        return int(self.conn.execute("select count(*) from entries").fetchone()[0])

    def group_counts(self) -> dict[str, Counter[str]]:
        """Entry counts by type and by scope label, for the grouping sidebar."""
        by_type: Counter[str] = Counter()
        by_scope: Counter[str] = Counter()
        for entry_type, scope_kind, name in self.conn.execute(
            "select e.type, e.scope_kind, p.name from entries e left join projects p on p.key = e.project_key"
        ):
            by_type[entry_type] += 1
            by_scope[f"{scope_kind} · {name or 'global'}"] += 1
        return {"type": by_type, "scope": by_scope}

    def projects(self) -> list[Project]:
        """Every project the store knows, by name."""
        return sorted(self._projects(self.conn, None).values(), key=lambda p: (p.name, p.key))

    def _projects(self, conn: Any, keys: list[str] | None) -> dict[str, Project]:
        """Projects by key (all of them when keys is None)."""
        sql = "select key, name, root_commit, remote, path from projects"
        rows = conn.execute(sql).fetchall() if keys is None else [
            conn.execute(sql + " where key = ?", (key,)).fetchone() for key in keys
        ]
        return {row[0]: Project(*row) for row in rows if row}

    def revisions(self, entry_id: str) -> list[Revision]:
        """Every kept version of an entry, oldest first."""
        return [
            Revision(version, entry_from_dict(json.loads(snapshot)), parse_time(created, "created_at"))  # type: ignore[arg-type]
            for version, snapshot, created in self.conn.execute(
                "select version, snapshot, created_at from revisions where entry_id = ? order by version", (entry_id,)
            )
        ]

    def events(self, entry_id: str | None = None, limit: int | None = None) -> list[Event]:
        """Audit events, oldest first (only one entry's when `entry_id` is given)."""
        sql = "select id, at, actor, action, entry_id, before, after, reason from events"
        params: list[Any] = []
        if entry_id is not None:
            sql += " where entry_id = ?"
            params.append(entry_id)
        sql += " order by id"
        if limit is not None:
            sql = f"select * from ({sql.replace(' order by id', ' order by id desc')} limit ?) order by id"
            params.append(limit)
        return [
            Event(row[0], parse_time(row[1], "at"), row[2], row[3], row[4],  # type: ignore[arg-type]
                  json.loads(row[5]) if row[5] else None, json.loads(row[6]) if row[6] else None, row[7])
            for row in self.conn.execute(sql, params)
        ]

    def search(self, query: str, limit: int = 20) -> list[str]:
        """Entry ids whose text matches a full-text query, best first."""
        terms = " ".join('"' + word.replace('"', '""') + '"' for word in query.split())
        if not terms:
            return []
        rows = self.conn.execute(
            "select e.id from entries_fts f join entries e on e.rowid = f.rowid "
            "where entries_fts match ? order by f.rank limit ?",
            (terms, limit),
        )
        return [row[0] for row in rows]
