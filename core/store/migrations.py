"""Numbered schema migrations, applied in order and recorded in `PRAGMA user_version`."""

from __future__ import annotations

import sqlite3
from typing import Any

MIGRATIONS: list[str] = [
    # 1: entries, revisions, links, the append-only event log and the full-text index.
    """
    create table projects (
        key text primary key,
        name text not null,
        root_commit text,
        remote text,
        path text
    );
    create table entries (
        rowid integer primary key,
        id text not null unique,
        text text not null,
        type text not null,
        scope_kind text not null,
        project_key text references projects(key),
        agent text not null,
        source_file text,
        source_anchor text,
        content_hash text not null,
        written_at text,
        written_at_basis text not null,
        written_by text not null,
        session text,
        cwd text,
        branch text,
        commit_sha text,
        citation text,
        verified_at text,
        verified_commit text,
        version integer not null,
        confidence real not null,
        confidence_reason text not null,
        status text not null,
        created_at text not null,
        updated_at text not null
    );
    create index entries_by_status on entries(status);
    create index entries_by_type on entries(type);
    create index entries_by_project on entries(project_key);
    create table revisions (
        entry_id text not null references entries(id),
        version integer not null,
        snapshot text not null,
        created_at text not null,
        primary key (entry_id, version)
    );
    create table links (
        entry_id text not null references entries(id),
        kind text not null,
        target text not null references entries(id) deferrable initially deferred,
        reason text not null,
        created_at text not null,
        primary key (entry_id, kind, target)
    );
    create index links_by_target on links(target);
    create table events (
        id integer primary key,
        at text not null,
        actor text not null,
        action text not null,
        entry_id text,
        before text,
        after text,
        reason text not null default ''
    );
    create index events_by_entry on events(entry_id);
    create trigger events_are_append_only_update before update on events
        begin select raise(abort, 'the event log is append-only'); end;
    create trigger events_are_append_only_delete before delete on events
        begin select raise(abort, 'the event log is append-only'); end;
    create table meta (key text primary key, value text not null);
    -- new rows are indexed by the store itself: FTS5 flushes its pending terms at every statement
    -- savepoint, and an insert trigger gives each row one, which made large imports about 5x slower there
    create virtual table entries_fts using fts5(text, content='entries', content_rowid='rowid');
    create trigger entries_fts_delete after delete on entries begin
        insert into entries_fts(entries_fts, rowid, text) values ('delete', old.rowid, old.text);
    end;
    create trigger entries_fts_update after update of text on entries begin
        insert into entries_fts(entries_fts, rowid, text) values ('delete', old.rowid, old.text);
        insert into entries_fts(rowid, text) values (new.rowid, new.text);
    end;
    """,
    # 2: an entry removed at its source is marked, never deleted.
    """
    alter table entries add column removed_at text;
    """,
    # 3: the latest staleness check of each entry: verdict, updated confidence and the evidence behind it.
    """
    create table checks (
        entry_id text primary key references entries(id),
        verdict text not null,
        confidence real not null,
        reason text not null,
        head text,
        checked_at text not null,
        evidence text not null
    );
    create index checks_by_verdict on checks(verdict);
    """,
    # 4: every write the scanner blocked, with its findings and a reviewer's decision per fingerprint.
    """
    create table rejections (
        id integer primary key,
        fingerprint text not null,
        at text not null,
        source text not null,
        agent text,
        file text,
        entry_id text,
        text text not null,
        findings text not null,
        decision text not null default 'unreviewed'
    );
    create index rejections_by_fingerprint on rejections(fingerprint);
    create index rejections_by_decision on rejections(decision);
    create table rejection_decisions (
        fingerprint text primary key,
        decision text not null,
        decided_at text not null,
        decided_by text not null,
        reason text not null default ''
    );
    """,
    # 5: undoable actions: every review action, resolution and audit decision, with the statements that undo it.
    """
    create table actions (
        id integer primary key,
        at text not null,
        actor text not null,
        kind text not null,
        summary text not null,
        entry_ids text not null default '[]',
        rows text,
        undone_at text,
        undone_by text
    );
    create index actions_open on actions(undone_at, id);
    create table undo_steps (
        id integer primary key,
        action_id integer not null references actions(id),
        tbl text not null,
        row_id integer not null,
        statement text not null
    );
    create index undo_steps_by_action on undo_steps(action_id);
    """,
    # 6: the content hash each entry was last screened at: an entry whose text was never scanned is found on open.
    """
    alter table entries add column screened_hash text;
    """,
    # 7: freezes: each snapshot written to the agents' files (or rolled back), its files before and after, and
    # every entry it kept or left out with the reason.
    """
    create table freezes (
        id integer primary key,
        at text not null,
        actor text not null,
        kind text not null,
        rolls_back integer references freezes(id),
        policy text not null,
        summary text not null
    );
    create table freeze_files (
        freeze_id integer not null references freezes(id),
        source text not null,
        path text not null,
        before blob,
        after blob,
        before_hash text,
        after_hash text,
        primary key (freeze_id, path)
    );
    create table freeze_entries (
        freeze_id integer not null references freezes(id),
        entry_id text not null,
        source text not null,
        kept integer not null,
        held integer not null default 0,
        reason text not null,
        primary key (freeze_id, entry_id)
    );
    """,
    # 8: entries a person (or the scanner, for a redacted secret) marked sensitive: masked until revealed, left out
    # of exports, their text left out of machine-readable check output.
    """
    create table sensitive (
        entry_id text primary key references entries(id),
        marked_at text not null,
        marked_by text not null,
        reason text not null default ''
    );
    -- the secrets memrev redacted, by keyed hash only (never the value), so one is recognised in any form again
    create table known_secrets (
        mac text primary key,
        kind text not null,
        length integer not null
    );
    -- the key of those hashes, random per store, made here so that no read (a preview) ever has to write it
    insert or ignore into meta(key, value) values ('redaction-key', lower(hex(randomblob(32))));
    """,
    # 9: what an agent's format says beside an entry's text (Claude's pinned and links, OpenClaw's annotations), as
    # a JSON object; null (every entry of an older database) reads as none.
    """
    alter table entries add column attributes text;
    """,
]


class SchemaTooNew(RuntimeError):
    """The database was written by a newer memrev than this one."""


def schema_version(conn: Any) -> int:
    """The number of migrations applied to this database."""
    return int(conn.execute("pragma user_version").fetchone()[0])


def migrate(conn: Any, migrations: list[str] | None = None) -> int:
    """Apply every pending migration, each in its own transaction; return the new version."""
    steps = MIGRATIONS if migrations is None else migrations
    current = schema_version(conn)
    if current > len(steps):
        raise SchemaTooNew(
            f"this database has schema {current}, newer than this memrev knows ({len(steps)}); upgrade memrev"
        )
    for number in range(current + 1, len(steps) + 1):
        conn.execute("begin immediate")
        try:
            if schema_version(conn) >= number:  # another process migrated while we waited
                conn.execute("commit")
                continue
            for statement in _split(steps[number - 1]):
                conn.execute(statement)
            conn.execute(f"pragma user_version = {number}")
            conn.execute("commit")
        except BaseException:
            conn.execute("rollback")
            raise
    return schema_version(conn)


def _split(script: str) -> list[str]:
    """Split a migration into whole statements (trigger bodies included) with SQLite's own parser."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete statement in migration: {buffer.strip()[:60]}")
    return statements
