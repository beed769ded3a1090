"""A store an older memrev filled with raw secrets is redacted once, everywhere, as it is opened."""

from __future__ import annotations

import json
from pathlib import Path

from memrev.core.model import Entry, Status
from memrev.core.scan.gate import screen_unscreened
from memrev.core.scan.redaction_repair import redact_stored
from memrev.core.store.memory_store import MemoryStore

TOKEN = "ghp_" + "Hd3Jf5Gs0Ya2UeTZq7Xw2Lm9Kp4Rt6Vb1Nc8Q"


def old_store(path: Path) -> MemoryStore:
    """A store as an older memrev left it: a secret in an entry, its revisions, its events and a freeze record."""
    store = MemoryStore(path)
    store.apply([Entry(id="m-ci", text=f"CI pushes with {TOKEN} on release.")], actor="old")  # apply: no redaction
    store.apply([Entry(id="m-ci", text=f"CI pushes with {TOKEN} on every release.")], actor="old")
    with store.transaction() as conn:
        cursor = conn.execute("insert into freezes(at, actor, kind, policy, summary) values "
                              "('2026-01-01T00:00:00Z', 'old', 'freeze', '{}', 'old')")
        conn.execute("insert into freeze_files(freeze_id, source, path, before, after) values (?, 'hermes', 'M.md', ?, ?)",
                     (cursor.lastrowid, f"- CI pushes with {TOKEN}\n".encode(), b"- nothing\n"))
    return store


def holds(path: Path, secret: str) -> list[str]:
    """The database files holding the secret in any stored form."""
    forms = [secret.encode(), secret.encode("utf-16-le"), json.dumps(secret)[1:-1].encode()]
    return [p.name for p in path.parent.glob(path.name + "*") if any(f in p.read_bytes() for f in forms)]


def test_an_old_store_is_redacted_everywhere_once_and_the_entry_is_screened_again(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    store = old_store(db)
    assert holds(db, TOKEN), "the old store holds the raw secret"
    assert redact_stored(store) == 1
    entry = store.get("m-ci")
    assert entry is not None and TOKEN not in entry.text and f"⟦secret: github-token, {len(TOKEN)} chars, #" in entry.text
    assert [event.action for event in store.events("m-ci")][:2] == ["import", "revise"]  # the log keeps its rows
    assert screen_unscreened(store, actor="scanner") == ["m-ci"] and store.get("m-ci").status is Status.BLOCKED
    assert holds(db, TOKEN) == []
    assert redact_stored(store) == 0, "once per store"
    store.close()
    assert holds(db, TOKEN) == []


def test_a_store_made_since_has_nothing_to_redact(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "new.db") as store:
        store.apply([Entry(id="m-1", text="Run `make test` before pushing.")], actor="test")
        assert redact_stored(store) == 0 and store.get("m-1").text == "Run `make test` before pushing."
