"""Entry attributes (what an agent's format says beside the text) survive the store, revisions, exchange and an
upgrade from a database written before they existed."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from memrev.core.model import Entry, Status
from memrev.core.store.jsonl import read_jsonl, write_jsonl
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.migrations import MIGRATIONS, migrate, schema_version
from memrev.core.store.serialize import EntryFormatError, entry_from_dict, entry_to_dict

PINNED = {"pinned": "yes", "links": "deploy-notes\nrelease", "name": "Test DB policy"}


def test_attributes_round_trip_through_the_store(tmp_path):
    with MemoryStore(tmp_path / "m.db") as store:
        store.apply([Entry(id="m-1", text="Tests hit a real Postgres.", attributes=PINNED),
                     Entry(id="m-2", text="No attributes here.")], actor="t")
    with MemoryStore(tmp_path / "m.db") as store:
        assert dict(store.get("m-1").attributes) == PINNED
        assert dict(store.get("m-2").attributes) == {}
        raw = store.conn.execute("select attributes from entries where id = 'm-2'").fetchone()[0]
    assert raw is None  # no attributes take no space


def test_a_changed_attribute_is_a_new_revision_that_keeps_the_review(tmp_path):
    with MemoryStore(tmp_path / "m.db") as store:
        store.apply([Entry(id="m-1", text="Deploy on Fridays.", attributes={"importance": "3"})], actor="t")
        store.set_review("m-1", actor="ana", action="confirm", status=Status.CONFIRMED)
        result = store.apply([Entry(id="m-1", text="Deploy on Fridays.", attributes={"importance": "8"})], actor="t")
        assert result.revised == ["m-1"]
        entry = store.get("m-1")
        revisions = store.revisions("m-1")
    assert entry.attributes == {"importance": "8"} and entry.version == 2
    assert entry.status.value == "confirmed"  # the text and scope a person decided on did not change
    assert [dict(r.entry.attributes) for r in revisions] == [{"importance": "3"}, {"importance": "8"}]


def test_an_unchanged_re_import_makes_no_revision(tmp_path):
    with MemoryStore(tmp_path / "m.db") as store:
        store.apply([Entry(id="m-1", text="x", attributes={"trigger": "deploy"})], actor="t")
        result = store.apply([Entry(id="m-1", text="x", attributes={"trigger": "deploy"})], actor="t")
    assert result.unchanged == ["m-1"] and not result.revised


def test_attributes_survive_jsonl_export_and_import(tmp_path):
    out = io.StringIO()
    write_jsonl([Entry(id="m-1", text="x", attributes=PINNED)], out)
    line = json.loads(out.getvalue().splitlines()[0])
    assert line["attributes"] == PINNED
    (tmp_path / "x.jsonl").write_text(out.getvalue(), encoding="utf-8")
    batch = read_jsonl(tmp_path / "x.jsonl", strict=True)  # `attributes` is a known field, not an unknown one
    assert [dict(entry.attributes) for entry in batch.entries] == [PINNED]


@pytest.mark.parametrize("value, field", [({"importance": 3}, "attributes.importance"), (["x"], "attributes")])
def test_attributes_that_are_not_strings_are_refused_by_name(value, field):
    with pytest.raises(EntryFormatError, match=field.replace(".", r"\.")):
        entry_from_dict({"text": "x", "attributes": value})


def _old_database(path):
    """A database as memrev wrote it before attributes existed (schema 8), with one entry in it."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, MIGRATIONS[:8])
    conn.close()
    with MemoryStore(path, prepare=False) as store:  # no migration: the old columns only
        store.conn.execute(
            "insert into entries (rowid, id, text, type, scope_kind, agent, content_hash, written_at_basis, written_by, "
            "version, confidence, confidence_reason, status, created_at, updated_at) values "
            "(1, 'm-old', 'Kept from before.', 'project', 'private', 'claude', 'h', 'mtime', 'agent', 1, 0.5, 'r', "
            "'confirmed', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
        store.conn.execute("insert into entries_fts(rowid, text) values (1, 'Kept from before.')")


def test_an_old_database_is_migrated_and_keeps_its_entries(tmp_path):
    path = tmp_path / "old.db"
    _old_database(path)
    with MemoryStore(path) as store:
        assert schema_version(store.conn) == len(MIGRATIONS)
        old = store.get("m-old")
        assert old.text == "Kept from before." and old.status.value == "confirmed"
        assert dict(old.attributes) == {}
        store.apply([old.evolve(attributes={"pinned": "yes"})], actor="t")
    with MemoryStore(path) as store:
        assert dict(store.get("m-old").attributes) == {"pinned": "yes"}


def test_entry_to_dict_names_every_attribute():
    assert entry_to_dict(Entry(id="m-1", text="x", attributes={"trigger": "deploy"}))["attributes"] == {
        "trigger": "deploy"}


def test_purging_an_entry_clears_its_attributes_everywhere_it_kept_them(tmp_path):
    from memrev.core.store.purge import clear_content

    secret = {"name": "Vault token rota", "description": "the vault token is kept in ops/vault-rota"}
    with MemoryStore(tmp_path / "m.db") as store:
        store.apply([Entry(id="m-1", text="Rotate the vault token monthly.", attributes=secret)], actor="t")
        store.apply([Entry(id="m-1", text="Rotate the vault token weekly.", attributes=secret)], actor="t")
        clear_content(store, ["m-1"], actor="ana", reason="wrong")
        assert dict(store.get("m-1").attributes) == {}
        assert [dict(r.entry.attributes) for r in store.revisions("m-1")] == [{}, {}]
