"""Schema migrations: numbered, recorded in user_version, applied once, never half-way."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from memrev.core.model import Entry
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.migrations import MIGRATIONS, SchemaTooNew, migrate, schema_version

TABLES = {"projects", "entries", "revisions", "links", "events", "meta", "entries_fts"}


@pytest.fixture
def conn(tmp_path):
    connection = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    yield connection
    connection.close()


def _tables(conn) -> set[str]:
    return {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}


def test_a_fresh_database_reaches_the_latest_schema(conn):
    assert schema_version(conn) == 0
    assert migrate(conn) == len(MIGRATIONS)
    assert schema_version(conn) == len(MIGRATIONS)
    assert TABLES <= _tables(conn)
    assert not conn.in_transaction


def test_migrate_is_idempotent_and_keeps_data(conn):
    migrate(conn)
    conn.execute("insert into meta(key, value) values ('kept', 'yes')")
    schema = sorted(conn.execute("select type, name, sql from sqlite_master").fetchall(), key=str)

    assert migrate(conn) == len(MIGRATIONS)
    assert migrate(conn) == len(MIGRATIONS)

    assert sorted(conn.execute("select type, name, sql from sqlite_master").fetchall(), key=str) == schema
    assert conn.execute("select value from meta where key = 'kept'").fetchone() == ("yes",)


def test_a_database_from_a_newer_memrev_is_refused_untouched(conn):
    conn.execute(f"pragma user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(SchemaTooNew, match="upgrade memrev"):
        migrate(conn)
    assert schema_version(conn) == len(MIGRATIONS) + 1
    assert _tables(conn) == set()


def test_the_store_refuses_a_database_from_a_newer_memrev(tmp_path):
    path = tmp_path / "future.db"
    with MemoryStore(path) as store:
        store.apply([Entry(id="m-a", text="x")], actor="t")
        store.conn.execute(f"pragma user_version = {len(MIGRATIONS) + 5}")
    with pytest.raises(StoreError, match="newer than this memrev knows"):
        MemoryStore(path)


def test_a_new_step_is_applied_alone_to_an_existing_database(conn):
    migrate(conn)
    conn.execute("insert into meta(key, value) values ('kept', 'yes')")
    newer = [*MIGRATIONS, "create table extra (x integer);\ninsert into extra values (1);\n"]

    assert migrate(conn, newer) == len(MIGRATIONS) + 1
    assert conn.execute("select count(*) from extra").fetchone() == (1,)
    assert conn.execute("select value from meta where key = 'kept'").fetchone() == ("yes",)

    # once applied, it is never applied again
    assert migrate(conn, newer) == len(newer)
    assert conn.execute("select count(*) from extra").fetchone() == (1,)
    # and the older memrev that knows only MIGRATIONS now refuses the file
    with pytest.raises(SchemaTooNew):
        migrate(conn)


def test_a_failing_step_leaves_the_database_at_the_previous_version(conn):
    migrate(conn)
    broken = [*MIGRATIONS, "create table half (x);\ninsert into no_such_table values (1);\n"]
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        migrate(conn, broken)
    assert schema_version(conn) == len(MIGRATIONS)
    assert "half" not in _tables(conn)
    assert not conn.in_transaction


def test_a_step_with_trigger_bodies_is_split_into_whole_statements(conn):
    migrate(conn)
    step = textwrap.dedent(
        """
        create table audit (note text);
        create trigger meta_audit after insert on meta begin
            insert into audit(note) values ('added ' || new.key);
            insert into audit(note) values ('twice');
        end;
        """
    )
    migrate(conn, [*MIGRATIONS, step])
    conn.execute("insert into meta(key, value) values ('k', 'v')")
    assert [row[0] for row in conn.execute("select note from audit")] == ["added k", "twice"]


def test_an_incomplete_step_is_rejected(conn):
    migrate(conn)
    with pytest.raises(ValueError, match="incomplete statement"):
        migrate(conn, [*MIGRATIONS, "create table forgot_the_semicolon (x)"])
    assert schema_version(conn) == len(MIGRATIONS)


def test_two_processes_migrating_a_fresh_file_at_once_both_succeed(tmp_path):
    path = tmp_path / "race.db"
    code = textwrap.dedent(
        """
        import sys
        from memrev.core.store.memory_store import MemoryStore, StoreError
        from memrev.core.store.migrations import schema_version
        with MemoryStore(sys.argv[1]) as store:
            print(schema_version(store.conn))
        """
    )
    env = {k: v for k, v in os.environ.items() if k not in ("MEMREV_SQLITE", "MEMREV_DB")}
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
        for _ in range(3)
    ]
    results = [proc.communicate(timeout=60) for proc in procs]
    for proc, (out, err) in zip(procs, results):
        assert proc.returncode == 0, err
        assert out.strip() == str(len(MIGRATIONS))
