"""The durable SQLite home of memory entries, their revisions, links and the append-only event log."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from memrev.core.check.model import EntryCheck
from memrev.core.model import Entry, LinkKind, Project, Status, utc_now
from memrev.core.store.comparison import decided_key, locator, review_fields, revision_key
from memrev.core.store.db_health import DatabaseRefused, describe, probe
from memrev.core.store.embedding import Embedder, HashingEmbedder
from memrev.core.store.migrations import SchemaTooNew, migrate
from memrev.core.store.queries import EntryQueries, StoreError
from memrev.core.store.records import ApplyResult
from memrev.core.store.rows import COLUMNS, NewRows, row_values
from memrev.core.store.serialize import entry_to_dict, format_time
from memrev.core.store.sqlite_binding import Binding, choose_binding
from memrev.core.store.vectors import VectorIndex

BUSY_TIMEOUT_MS = 15_000
"""How long SQLite itself waits for a lock within one statement."""
LOCK_WAIT_S = float(os.environ.get("MEMREV_LOCK_WAIT", "300"))
"""How long memrev waits, with backoff, to start a write while another process holds the lock (a large import
can hold it for minutes); `MEMREV_LOCK_WAIT` sets it in seconds."""


_STICKY_STATUSES = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.BLOCKED, Status.HELD, Status.PURGED})
"""Statuses a new revision keeps: a changed text never un-revokes or un-blocks an entry."""


def default_db_path() -> Path:
    """The per-user database: `$MEMREV_DB`, else the XDG data folder."""
    override = os.environ.get("MEMREV_DB")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "memrev" / "memrev.db"


_RELOCATE = "update entries set citation = ?, written_at = ? where id = ?"


class MemoryStore(EntryQueries):
    """One open database; use one instance per thread (connections are not shared)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        binding: Binding | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], datetime] = utc_now,
        prepare: bool = True,
        durable: bool = True,
    ) -> None:
        """Open the database at `path`, creating and migrating it unless `prepare` is False (a reader); `durable`
        False skips the fsync of each commit, only for a throwaway database (an experiment's, in its own folder)."""
        self.path = Path(path)
        self.binding = binding or choose_binding()
        self.embedder: Embedder = embedder or HashingEmbedder()
        self.clock = clock
        if str(path) != ":memory:":
            if self.path.is_dir():
                raise StoreError(f"{self.path}: is a folder, not a database file")
            try:
                if prepare:  # a reader opens a file its store already looked at
                    probe(self.path, self.binding.module)  # read-only: a refused file is never changed
            except DatabaseRefused as error:
                raise StoreError(str(error)) from None
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            busy_ms = int(min(BUSY_TIMEOUT_MS, LOCK_WAIT_S * 1000))
            self.conn = self.binding.connect(
                str(path), timeout=busy_ms / 1000, isolation_level=None, check_same_thread=False
            )
            self.conn.execute(f"pragma busy_timeout = {busy_ms}")
            self.conn.execute("pragma journal_mode = wal")
            self.conn.execute(f"pragma synchronous = {'full' if durable else 'off'}")
            self.conn.execute("pragma foreign_keys = on")
            self.vectors = VectorIndex(self.conn, self.embedder, enabled=self.binding.vec_available)
            if prepare:
                migrate(self.conn)
                self.vectors.ensure(self.transaction)
        except SchemaTooNew as error:
            self.conn.close()
            raise StoreError(f"{self.path}: {error}") from None
        except self.binding.module.OperationalError as error:
            if hasattr(self, "conn"):
                self.conn.close()
            raise StoreError(describe(error, self.path)) from None
        except self.binding.module.DatabaseError as error:
            if hasattr(self, "conn"):
                self.conn.close()
            raise StoreError(f"{self.path}: not a usable memrev database ({error})") from None
        self.semantic_notice = "" if self.binding.vec_available else (
            f"semantic search is off: sqlite-vec could not load ({self.binding.vec_problem})"
        )

    # -- lifecycle -------------------------------------------------------------------------------

    def reader(self) -> MemoryStore:
        """Another connection to the same file for a worker thread, skipping migration."""
        return MemoryStore(self.path, binding=self.binding, embedder=self.embedder, clock=self.clock, prepare=False)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> MemoryStore:
        """Use the store as a context manager."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close on leaving the block."""
        self.close()

    @property
    def semantic_enabled(self) -> bool:
        """Whether vector search and near-duplicate lookup work with this binding."""
        return self.binding.vec_available

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """One write transaction: every change and its events commit together or not at all (a transaction opened
        inside another joins it, so a multi-entry resolution commits as one)."""
        if self.conn.in_transaction:
            yield self.conn
            return
        self._begin()
        try:
            yield self.conn
            self.conn.execute("commit")  # inside the try: a failed commit (deferred foreign key) stays open
        except self.binding.module.IntegrityError as error:
            if self.conn.in_transaction:
                self.conn.execute("rollback")
            hint = "; does a link point at a missing entry?" if "FOREIGN KEY" in str(error) else ""
            raise StoreError(f"nothing saved: {error}{hint}") from None
        except self.binding.module.OperationalError as error:  # locked, full disk, read-only: one line
            if self.conn.in_transaction:
                self.conn.execute("rollback")
            raise StoreError(describe(error, self.path)) from None
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("rollback")
            raise

    def _begin(self) -> None:
        """Take the write lock, waiting with backoff while another process holds it (a long import can hold it
        for longer than SQLite's own busy timeout), for up to `LOCK_WAIT_S`; then one line says why."""
        deadline = time.monotonic() + LOCK_WAIT_S
        pause = 0.05
        while True:
            try:
                self.conn.execute("begin immediate")
                return
            except self.binding.module.OperationalError as error:
                if "locked" not in str(error).lower() and "busy" not in str(error).lower():
                    raise StoreError(describe(error, self.path)) from None
                if time.monotonic() >= deadline:
                    raise StoreError(describe(error, self.path)) from None
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    # -- writing ---------------------------------------------------------------------------------

    def apply(self, entries: Iterable[Entry], *, actor: str, action: str = "import", reason: str = "",
              known: Mapping[str, Entry] | None = None, reasons: Mapping[str, str] | None = None) -> ApplyResult:
        """Insert new entries and revise changed ones in one transaction; unchanged ones are left alone. `known`
        are stored versions the caller read inside the same transaction (so they are current), not read again;
        `reasons` gives some entries their own reason (a batch of edits, each with its why)."""
        entries = list(entries)
        twice = next((entry_id for entry_id, n in Counter(e.id for e in entries).items() if n > 1), None)
        if twice is not None:
            raise StoreError(f"nothing saved: entry id {twice!r} appears twice in one batch")
        result = ApplyResult()
        now = format_time(self.clock())
        pending_vectors: list[tuple[int, str]] = []
        events: list[tuple[Any, ...]] = []
        new_rows = NewRows()
        moved: list[tuple[str | None, str | None, str]] = []
        with self.transaction() as conn:
            stored = self._existing_ids(conn, [entry.id for entry in entries])
            given = known or {}
            known = {**self.get_many([e.id for e in entries if e.id in stored and e.id not in given]), **given}
            next_rowid = int(conn.execute("select coalesce(max(rowid), 0) from entries").fetchone()[0]) + 1
            projects_seen: set[str] = set()
            for entry in entries:
                why = reasons.get(entry.id, reason) if reasons else reason
                project = entry.scope.project
                if project is not None and project.key not in projects_seen:
                    self._upsert_project(conn, project)
                    projects_seen.add(project.key)
                if entry.id not in stored:
                    first = entry if entry.version == 1 else entry.evolve(version=1)
                    snapshot = json.dumps(entry_to_dict(first), ensure_ascii=False)
                    new_rows.add(next_rowid, first, snapshot, now)
                    events.append((now, actor, action, entry.id, None, snapshot, why))
                    pending_vectors.append((next_rowid, entry.text))
                    result.added.append(entry.id)
                    next_rowid += 1
                    continue
                existing = known[entry.id]
                if existing.removed_at is not None and entry.removed_at is None:
                    conn.execute("update entries set removed_at = null, updated_at = ? where id = ?", (now, entry.id))
                    events.append((now, actor, "reappeared", entry.id, _json({"removed_at": format_time(existing.removed_at)}),
                                   _json({"removed_at": None}), why))
                    result.reappeared.append(entry.id)
                    existing = existing.evolve(removed_at=None)
                if action == "import" and review_fields(entry) != review_fields(existing) \
                        and decided_key(existing) == decided_key(entry):  # a re-import never undoes a review
                    entry = _with_review(entry, review_fields(existing))
                new_links = sorted(set(entry.links) - set(existing.links), key=lambda l: (l.kind.value, l.target))
                for link in new_links:
                    self._link(conn, entry.id, link.kind, link.target, link.reason, now)
                if new_links:
                    added_links = [{"kind": l.kind.value, "target": l.target, "reason": l.reason} for l in new_links]
                    events.append((now, actor, "link", entry.id, None, _json({"links": added_links}), why))
                if revision_key(existing) == revision_key(entry):
                    if locator(existing) != locator(entry):  # lines shifted or the file was touched
                        moved.append((entry.provenance.citation, format_time(entry.provenance.written_at), entry.id))
                    if not new_links:
                        result.unchanged.append(entry.id)
                    continue
                content_changed = decided_key(existing) != decided_key(entry)
                keep_status = existing.status in _STICKY_STATUSES or not content_changed
                revised = entry.evolve(version=existing.version + 1, status=existing.status if keep_status else entry.status)
                rowid, after = self._update(conn, revised, now)
                verb = "revise" if action in ("import", "correction") else action  # an edit or a fix says so
                events.append((now, actor, verb, entry.id, _json(entry_to_dict(existing)), _json(entry_to_dict(after)),
                               why))
                result.revised.append(entry.id)
                if existing.text != entry.text:
                    pending_vectors.append((rowid, entry.text))
                    if not self.semantic_enabled:  # its vector (if any) is stale until vectors are back
                        conn.execute("insert or ignore into meta(key, value) values (?, '')", (f"stale-vector:{rowid}",))
            new_rows.write(conn)
            conn.executemany(_RELOCATE, moved)
            conn.executemany(_INSERT_EVENT, events)
            self.vectors.write(conn, pending_vectors)
        return result

    def relocate(self, places: Iterable[tuple[str, str | None, datetime | None]]) -> None:
        """Record where unchanged entries now stand, as (id, citation, file time): lines shifted or a file touched
        is no change of the entry, so it makes no revision and no event."""
        with self.transaction() as conn:
            conn.executemany(_RELOCATE, [(citation, format_time(at), entry_id) for entry_id, citation, at in places])

    def mark_removed(self, entry_ids: Iterable[str], *, actor: str, reason: str = "") -> list[str]:
        """Mark entries as gone from their native source (kept, with an event); returns those newly marked."""
        marked: list[str] = []
        with self.transaction() as conn:
            now = format_time(self.clock())
            for entry_id in entry_ids:
                entry = self._require(conn, entry_id)
                if entry.removed_at is not None:
                    continue
                conn.execute("update entries set removed_at = ?, updated_at = ? where id = ?", (now, now, entry_id))
                self._append_event(conn, now, actor, "removed-at-source", entry_id, _json({"removed_at": None}),
                                   _json({"removed_at": now}), reason)
                marked.append(entry_id)
        return marked

    def set_status(self, entry_id: str, status: Status, *, actor: str, reason: str = "") -> Entry:
        """Change an entry's review status and log it."""
        with self.transaction() as conn:
            before = self._require(conn, entry_id)
            now = format_time(self.clock())
            conn.execute("update entries set status = ?, updated_at = ? where id = ?", (status.value, now, entry_id))
            self._event(conn, now, actor, f"status:{status.value}", entry_id, {"status": before.status.value}, {"status": status.value}, reason)
            return self._require(conn, entry_id)

    def revoke(self, entry_id: str, *, by: str | None, actor: str, reason: str) -> Entry:
        """Revoke an entry, because of an explicit correction `by` (linking the two) or a person's reason alone."""
        with self.transaction() as conn:
            before = self._require(conn, entry_id)
            if by is not None:
                self._require(conn, by)
            now = format_time(self.clock())
            conn.execute("update entries set status = 'revoked', updated_at = ? where id = ?", (now, entry_id))
            after: dict[str, Any] = {"status": "revoked"}
            if by is not None:
                self._link(conn, entry_id, LinkKind.REVOKED_BY, by, reason, now)
                after["revoked_by"] = by
            self._event(conn, now, actor, "revoke", entry_id, {"status": before.status.value}, after, reason)
            return self._require(conn, entry_id)

    REVIEW_FIELDS = ("status", "verified_at", "verified_commit", "confidence", "confidence_reason")
    """What a person's review may set on an entry without making a new revision of it."""

    def set_review(self, entry_id: str, *, actor: str, action: str, reason: str = "", **fields: Any) -> Entry:
        """Set review fields (status, verified_at, verified_commit, confidence, confidence_reason) and log the change."""
        unknown = set(fields) - set(self.REVIEW_FIELDS)
        if unknown:
            raise ValueError(f"not review fields: {', '.join(sorted(unknown))}")
        with self.transaction() as conn:
            before = self._require(conn, entry_id)
            after = before.evolve(**fields)
            data_before, data_after = entry_to_dict(before), entry_to_dict(after)
            old = {key: data_before[key] for key in fields if data_before[key] != data_after[key]}
            if not old:
                return before
            now = format_time(self.clock())
            values = {"status": data_after["status"], "verified_at": data_after["verified_at"],
                      "verified_commit": data_after["verified_commit"], "confidence": after.confidence,
                      "confidence_reason": after.confidence_reason}
            conn.execute(f"update entries set {', '.join(f'{key} = ?' for key in old)}, updated_at = ? where id = ?",
                         (*(values[key] for key in old), now, entry_id))
            self._event(conn, now, actor, action, entry_id, old, {key: data_after[key] for key in old}, reason)
            return self._require(conn, entry_id)

    def set_review_many(self, changes: Sequence[tuple[Entry, dict[str, Any], str]], *, actor: str,
                        action: str) -> list[Entry]:
        """Set review fields on many entries as read (entry, fields, reason), in one transaction with one event
        each; returns the entries as stored now (those the fields did not change are returned as they were)."""
        for _, fields, _ in changes:
            unknown = set(fields) - set(self.REVIEW_FIELDS)
            if unknown:
                raise ValueError(f"not review fields: {', '.join(sorted(unknown))}")
        with self.transaction() as conn:
            now = format_time(self.clock())
            rows: list[tuple[Any, ...]] = []
            events: list[tuple[Any, ...]] = []
            after: list[Entry] = []
            for before, fields, reason in changes:
                new = _with_review(before, fields)
                data_before, data_after = _review_values(before), _review_values(new)
                old = {key: data_before[key] for key in fields if data_before[key] != data_after[key]}
                after.append(new if old else before)
                if not old:
                    continue
                rows.append((data_after["status"], data_after["verified_at"], data_after["verified_commit"],
                             new.confidence, new.confidence_reason, now, before.id))
                events.append((now, actor, action, before.id, _json(old),
                               _json({key: data_after[key] for key in old}), reason))
            conn.executemany("update entries set status = ?, verified_at = ?, verified_commit = ?, confidence = ?, "
                             "confidence_reason = ?, updated_at = ? where id = ?", rows)
            conn.executemany(_INSERT_EVENT, events)
        return after

    def supersede(self, old_id: str, *, new_id: str, actor: str, reason: str) -> Entry:
        """Mark `old_id` superseded by `new_id`, with links both ways."""
        with self.transaction() as conn:
            before = self._require(conn, old_id)
            self._require(conn, new_id)
            now = format_time(self.clock())
            conn.execute("update entries set status = 'superseded', updated_at = ? where id = ?", (now, old_id))
            self._link(conn, old_id, LinkKind.SUPERSEDED_BY, new_id, reason, now)
            self._link(conn, new_id, LinkKind.SUPERSEDES, old_id, reason, now)
            self._event(conn, now, actor, "supersede", old_id, {"status": before.status.value},
                        {"status": "superseded", "superseded_by": new_id}, reason)
            return self._require(conn, old_id)

    @staticmethod
    def _existing_ids(conn: Any, ids: Sequence[str]) -> set[str]:
        """Which of these ids the store already holds, asked in chunks rather than one query each."""
        found: set[str] = set()
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            found.update(row[0] for row in conn.execute(f"select id from entries where id in ({marks})", chunk))
        return found

    def _update(self, conn: Any, entry: Entry, now: str | None) -> tuple[int, Entry]:
        """Overwrite the current row with a new revision, keeping the previous one; return its rowid and the entry
        as stored."""
        assignments = ", ".join(f"{name.strip()} = ?" for name in COLUMNS.split(",")[1:])
        conn.execute(
            f"update entries set {assignments}, updated_at = ? where id = ?",
            (*row_values(entry)[1:], now, entry.id),
        )
        stored = self._require(conn, entry.id)
        self._revision(conn, stored, now)  # as stored, links included
        return int(conn.execute("select rowid from entries where id = ?", (entry.id,)).fetchone()[0]), stored

    def _revision(self, conn: Any, entry: Entry, now: str | None, snapshot: str | None = None) -> None:
        """Keep a full snapshot of this version (`snapshot` is its JSON when the caller already has it)."""
        conn.execute(
            "insert into revisions(entry_id, version, snapshot, created_at) values (?, ?, ?, ?)",
            (entry.id, entry.version, snapshot or json.dumps(entry_to_dict(entry), ensure_ascii=False), now),
        )

    def _link(self, conn: Any, entry_id: str, kind: LinkKind, target: str, reason: str, now: str | None) -> None:
        """Record a link, replacing an older one of the same kind and target."""
        conn.execute(
            "insert into links(entry_id, kind, target, reason, created_at) values (?, ?, ?, ?, ?) "
            "on conflict(entry_id, kind, target) do update set reason = excluded.reason",
            (entry_id, kind.value, target, reason, now),
        )

    def _upsert_project(self, conn: Any, project: Project | None) -> None:
        """Remember a project, keeping its newest name and path."""
        if project is None:
            return
        conn.execute(
            "insert into projects(key, name, root_commit, remote, path) values (?, ?, ?, ?, ?) "
            "on conflict(key) do update set name = excluded.name, path = coalesce(excluded.path, path), "
            "remote = coalesce(excluded.remote, remote), root_commit = coalesce(excluded.root_commit, root_commit)",
            (project.key, project.name, project.root_commit, project.remote, project.path),
        )

    @staticmethod
    def _event(conn: Any, now: str | None, actor: str, action: str, entry_id: str | None,
               before: dict[str, Any] | None, after: dict[str, Any] | None, reason: str) -> None:
        """Append one audit event inside the caller's transaction."""
        MemoryStore._append_event(
            conn, now, actor, action, entry_id,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False), reason,
        )

    @staticmethod
    def _append_event(conn: Any, now: str | None, actor: str, action: str, entry_id: str | None,
                      before_json: str | None, after_json: str | None, reason: str) -> None:
        """Append one audit event whose before and after are already JSON text."""
        conn.execute(_INSERT_EVENT, (now, actor, action, entry_id, before_json, after_json, reason))

    def set_meta(self, key: str, value: str) -> None:
        """Remember one value across runs (for example the file digests of a source as last imported)."""
        with self.transaction() as conn:
            conn.execute("insert into meta(key, value) values (?, ?) on conflict(key) do update set value = excluded.value",
                         (key, value))

    def get_meta(self, key: str) -> str | None:
        """A value remembered with `set_meta`, or None."""
        row = self.conn.execute("select value from meta where key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def meta_with_prefix(self, prefix: str) -> dict[str, str]:
        """Every remembered value whose key starts with `prefix`, by key."""
        rows = self.conn.execute("select key, value from meta where substr(key, 1, ?) = ? order by key",
                                 (len(prefix), prefix)).fetchall()
        return {str(key): str(value) for key, value in rows}

    def save_checks(self, checks: Iterable[EntryCheck]) -> int:
        """Keep the latest check of each entry (derived data, so no event); returns how many were written."""
        rows = [(c.entry_id, c.verdict.value, c.confidence, c.reason, c.head, format_time(c.checked_at or self.clock()),
                 json.dumps(c.to_dict(), ensure_ascii=False)) for c in checks]
        if not rows:
            return 0
        with self.transaction() as conn:
            known = self._existing_ids(conn, [row[0] for row in rows])
            conn.executemany(
                "insert into checks(entry_id, verdict, confidence, reason, head, checked_at, evidence) "
                "values (?, ?, ?, ?, ?, ?, ?) on conflict(entry_id) do update set verdict = excluded.verdict, "
                "confidence = excluded.confidence, reason = excluded.reason, head = excluded.head, "
                "checked_at = excluded.checked_at, evidence = excluded.evidence",
                [row for row in rows if row[0] in known])
        return len(known)

    def checks(self) -> dict[str, EntryCheck]:
        """The latest stored check of every entry that has one."""
        return {entry_id: EntryCheck.from_dict(json.loads(evidence))
                for entry_id, evidence in self.conn.execute("select entry_id, evidence from checks")}

    def neighbours(self, text: str, k: int = 10, *, exclude: str | None = None) -> list[tuple[str, float]]:
        """The k entries nearest in meaning to `text`, as (id, cosine distance); empty when vectors are off."""
        return self.vectors.nearest(text, k, exclude=exclude)


_INSERT_EVENT = "insert into events(at, actor, action, entry_id, before, after, reason) values (?, ?, ?, ?, ?, ?, ?)"


def _with_review(entry: Entry, fields: dict[str, Any]) -> Entry:
    """A copy of an entry with review fields set; only those change, so the text is not hashed again."""
    confidence = fields.get("confidence", entry.confidence)
    if not 0.0 <= confidence <= 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    new = object.__new__(Entry)
    new.__dict__.update(entry.__dict__)
    new.__dict__.update(fields)
    return new


def _review_values(entry: Entry) -> dict[str, Any]:
    """An entry's review fields as the store and the event log write them."""
    return {"status": entry.status.value, "verified_at": format_time(entry.verified_at),
            "verified_commit": entry.verified_commit, "confidence": entry.confidence,
            "confidence_reason": entry.confidence_reason}


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""One encoder for every event: `json.dumps` with options builds a new encoder on each call."""


def _json(data: dict[str, Any]) -> str:
    """Compact JSON for the event log and revisions."""
    return _ENCODE(data)
