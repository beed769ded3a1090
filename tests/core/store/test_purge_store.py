"""Purge in the store: every row loses the text, the log keeps who, when and why, and the file keeps no byte of it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memrev.core.model import Entry, EntryType, Provenance, Source, Status
from memrev.core.store.journal import recording, undo_last, UndoError
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.purge import (PENDING_KEY, clear_content, finish_pending, is_purged_text, pending_purge,
                                     purge_store, rewrite_pages)

SECRET = "The staging password rotates every Monday; ask Priya for the new one before deploying."
EDITED = "The staging password rotates every Monday; Priya keeps it in the vault now. Ünïcödé \"quoted\" 'text'."
OTHER = "Run the migrations with `make migrate` before starting the API server locally."


def db_forms(text: str) -> list[bytes]:
    """The byte forms a text may take in a SQLite file: UTF-8, UTF-16 and JSON-escaped (both ways)."""
    forms = [text, json.dumps(text, ensure_ascii=False)[1:-1], json.dumps(text)[1:-1], text.replace("'", "''")]
    found = [form.encode() for form in forms] + [text.encode("utf-16-le"), text.encode("utf-16-be")]
    return list(dict.fromkeys(found))


def residue(db: Path, *texts: str) -> dict[str, int]:
    """How often any form of any text (or of its first 40 characters) occurs in the database, its WAL and SHM."""
    found: dict[str, int] = {}
    for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        data = path.read_bytes() if path.exists() else b""
        count = sum(data.count(form) for text in texts for needle in (text, text[:40]) for form in db_forms(needle))
        if count:
            found[path.name] = count
    return found


def entry(entry_id: str, text: str, session: str | None = None) -> Entry:
    return Entry(id=entry_id, text=text, type=EntryType.PROJECT, source=Source(agent="jsonl", file="notes.jsonl"),
                 provenance=Provenance(session=session))


@pytest.fixture
def filled(store: MemoryStore) -> MemoryStore:
    """A store where the entry to purge was imported, edited (a new revision, undoable) and confirmed."""
    store.apply([entry("secret-1", SECRET, "s-1"), entry("other-2", OTHER, "s-2")], actor="import")
    with recording(store, "edit", actor="ana", summary="edit secret-1", entry_ids=["secret-1"]):
        store.apply([entry("secret-1", EDITED, "s-1")], actor="ana", action="edit", reason="rotated")
    store.set_status("secret-1", Status.CONFIRMED, actor="ana", reason="checked")
    store.conn.execute("pragma wal_checkpoint(passive)")  # some pages in the file, some in the WAL
    return store


def test_purge_leaves_no_byte_of_any_revision_in_the_database_its_wal_or_shm(filled: MemoryStore, db_path: Path):
    assert residue(db_path, SECRET, EDITED), "the test can see the text before the purge"
    result = purge_store(filled, ["secret-1"], actor="ana", reason="a password hint")
    assert result.rewritten and not filled.get_meta(PENDING_KEY)
    assert residue(db_path, SECRET, EDITED) == {}
    assert result.cleared["revisions"] == 2 and result.cleared["event payloads"] >= 2
    assert filled.get("other-2").text == OTHER, "other entries keep their text"


def test_the_log_keeps_who_purged_what_when_and_why_with_every_payload_cleared(filled: MemoryStore):
    purge_store(filled, ["secret-1"], actor="ana", reason="a password hint")
    events = filled.events("secret-1")
    assert [e.action for e in events][:3] == ["import", "edit", "status:confirmed"], "earlier events stay"
    purge = events[-1]
    assert (purge.action, purge.actor, purge.reason) == ("purge", "ana", "a password hint")
    assert purge.before == {"status": "confirmed"} and purge.after["status"] == "purged"
    assert all(e.before is None and e.after is None for e in events[:-1])
    assert filled.get("secret-1").status is Status.PURGED and filled.get("secret-1").text == ""
    assert [r.entry.text for r in filled.revisions("secret-1")] == ["", ""]
    with pytest.raises(filled.binding.module.IntegrityError, match="append-only"):
        filled.conn.execute("delete from events")  # the log is append-only again


def test_full_text_search_no_longer_finds_a_purged_entry(filled: MemoryStore):
    assert filled.search("Priya vault") == ["secret-1"]
    purge_store(filled, ["secret-1"], actor="ana")
    assert filled.search("Priya vault") == [] and filled.search("Priya") == []
    assert filled.search("migrations") == ["other-2"]


def test_undo_cannot_bring_a_purged_text_back(filled: MemoryStore):
    purge_store(filled, ["secret-1"], actor="ana")
    with pytest.raises(UndoError, match="nothing to undo"):
        undo_last(filled, actor="ana")  # the edit's undo statements quoted the old text: gone, the action closed
    assert filled.get("secret-1").text == "" and filled.get("secret-1").status is Status.PURGED
    assert filled.conn.execute("select undone_by from actions").fetchone()[0] == "purge by ana"


def test_a_line_another_entry_also_holds_is_its_content_and_stays(store: MemoryStore, db_path: Path):
    shared = "Run the migrations with `make migrate` first."
    store.apply([entry("a", f"Secret plan for Friday.\n{shared}"), entry("b", f"Unrelated.\n{shared}")], actor="i")
    result = purge_store(store, ["a"], actor="ana")
    assert shared in result.shared
    assert store.get("b").text == f"Unrelated.\n{shared}"
    assert residue(db_path, "Secret plan for Friday.") == {}


def test_an_unknown_id_changes_nothing(filled: MemoryStore):
    mark = filled.change_mark()
    with pytest.raises(StoreError, match="no entry with id 'nope'"):
        purge_store(filled, ["secret-1", "nope"], actor="ana")
    assert filled.change_mark() == mark and filled.get("secret-1").text == EDITED


def test_purged_texts_are_known_by_keyed_hash_only(filled: MemoryStore, db_path: Path):
    purge_store(filled, ["secret-1"], actor="ana")
    assert is_purged_text(filled, SECRET) and is_purged_text(filled, "  " + EDITED.replace(" ", "\n", 1))
    assert not is_purged_text(filled, OTHER)


def test_a_reader_holding_a_snapshot_leaves_the_rewrite_pending_until_it_lets_go(filled: MemoryStore,
                                                                                 db_path: Path):
    reader = MemoryStore(db_path, prepare=False)
    reader.conn.execute("begin")
    reader.conn.execute("select count(*) from entries").fetchone()  # an open read of the old snapshot
    try:
        result = purge_store(filled, ["secret-1"], actor="ana", wait=0.3)
        assert not result.rewritten and "another process" in result.problem and "\n" not in result.problem
        assert pending_purge(filled) == ["secret-1"]
        assert filled.get("secret-1").text == "", "the rows are cleared even while the pages wait"
    finally:
        reader.conn.execute("rollback")
        reader.close()
    assert finish_pending(filled) == ["secret-1"]
    assert pending_purge(filled) == [] and residue(db_path, SECRET, EDITED) == {}


_CHILD = """
import sys
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.purge import purge_store
store = MemoryStore(sys.argv[1])
purge_store(store, ["secret-1"], actor="ana")
"""


def test_a_purge_killed_while_rewriting_pages_is_finished_by_the_next_open(tmp_path: Path):
    """A real SIGKILL once phase 1 committed (the flag is set), then an open finishes it and no byte is left."""
    killed_in_phase_two = 0
    for trial in range(5):
        db = tmp_path / f"kill-{trial}.db"
        with MemoryStore(db) as store:  # big enough that VACUUM takes a while
            store.apply([entry(f"bulk-{i}", f"Bulk note {i} " + "lorem ipsum dolor " * 40) for i in range(4000)],
                        actor="import")
            store.apply([entry("secret-1", SECRET)], actor="import")
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(db)])
        watcher = MemoryStore(db, prepare=False)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and child.poll() is None:
                if watcher.get_meta(PENDING_KEY) is not None:
                    os.kill(child.pid, signal.SIGKILL)
                    break
                time.sleep(0.002)
            child.wait(timeout=60)
            pending = watcher.get_meta(PENDING_KEY) is not None
        finally:
            watcher.close()
        if not pending:
            continue  # the rewrite finished before the kill landed: try again
        killed_in_phase_two += 1
        assert child.returncode == -signal.SIGKILL
        with MemoryStore(db) as store:
            assert store.get("secret-1").text == "", "phase 1 had committed"
            assert finish_pending(store) == ["secret-1"]
            assert pending_purge(store) == []
        assert residue(db, SECRET) == {}
        break
    assert killed_in_phase_two, "no kill landed between the two phases in 5 trials"


def test_a_second_purge_while_one_is_pending_keeps_both_pending_until_rewritten(filled: MemoryStore):
    clear_content(filled, ["secret-1"], actor="ana")
    clear_content(filled, ["other-2"], actor="ana")
    assert pending_purge(filled) == ["secret-1", "other-2"]
    rewrite_pages(filled)
    assert pending_purge(filled) == []


def test_a_purge_of_hundreds_of_entries_searches_in_batches(store: MemoryStore, db_path: Path):
    texts = [f"Bulk secret number {i:03d}: rotate the key for tenant {i:03d} every week.\nSecond line of entry "
             f"{i:03d} for the purge." for i in range(300)]
    store.apply([entry(f"bulk-{i}", text) for i, text in enumerate(texts)] + [entry("keep", OTHER)], actor="import")
    store.set_meta("a note", f"quotes {texts[7]}")
    result = purge_store(store, [f"bulk-{i}" for i in range(300)], actor="ana")
    assert len(result.needles) > 600 and result.rewritten
    assert residue(db_path, *texts[::15]) == {} and store.get_meta("a note") == "quotes [purged]"
    assert store.get("keep").text == OTHER
