"""Sensitive entries on a real store: a person's marks (undoable, logged), the scanner's redacted secrets, reveals
logged without content, and where a redacted secret still stands in the agent's own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from memrev.core.model import Entry, Source
from memrev.core.review.actions import ReviewError
from memrev.core.review.sensitive import (SecretAtSource, mark_sensitive, mask, secret_at_source, sensitive_ids,
                                          unmark_sensitive, why_sensitive)
from memrev.core.review.undo import undo
from memrev.core.scan.redaction import Redactor
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.sensitive import log_reveal, marks

AWS = "AKIAQ3T7ZP2WX8N5M4KD"
FRESH, PIP = "demo-02-fresh-discount", "demo-11-conflict-pip"


def with_secret(store: MemoryStore, entry_id: str, text: str, file: str | None = None) -> Entry:
    """An entry stored as an import stores it: its secrets replaced by the store's markers."""
    redactor = Redactor.for_store(store)
    redacted = redactor.redact(text)
    assert redacted.changed, "the scanner must find the secret in the test text"
    with store.transaction():
        redactor.remember(store)
    entry = Entry(entry_id, redacted.text, source=Source(agent="claude", file=file))
    store.apply([entry], actor="import")
    return store.get(entry_id)


def test_a_mark_is_logged_undoable_and_counted(review_store: MemoryStore) -> None:
    result = mark_sensitive(review_store, [FRESH, PIP], actor="ana", reason="customer names")
    assert result.changed_ids == [FRESH, PIP] and result.action_id is not None
    assert sensitive_ids(review_store) == {FRESH, PIP}
    events = [e for e in review_store.events(FRESH) if e.action == "sensitive"]
    assert len(events) == 1 and events[0].actor == "ana" and events[0].reason == "customer names"
    assert why_sensitive(review_store, review_store.get(FRESH)) == "marked by ana: customer names"
    again = mark_sensitive(review_store, [FRESH], actor="bo")
    assert again.action_id is None and again.skipped == ((FRESH, "already marked sensitive by ana"),)
    undo(review_store, actor="ana")
    assert sensitive_ids(review_store) == set()
    assert any(e.action == "sensitive" for e in review_store.events(FRESH))  # the log only grows


def test_unmarking_takes_the_mark_off_and_logs_why(review_store: MemoryStore) -> None:
    mark_sensitive(review_store, [FRESH], actor="ana")
    result = unmark_sensitive(review_store, [FRESH, PIP], actor="ana", reason="public after all")
    assert result.changed_ids == [FRESH] and result.skipped == ((PIP, "not marked sensitive"),)
    assert sensitive_ids(review_store) == set() and marks(review_store) == {}
    last = review_store.events(FRESH)[-1]
    assert (last.action, last.reason, last.after) == ("not-sensitive", "public after all", {"sensitive": False})
    undo(review_store, actor="ana")
    assert sensitive_ids(review_store) == {FRESH}


def test_an_unknown_entry_is_refused_and_nothing_changes(review_store: MemoryStore) -> None:
    with pytest.raises(ReviewError, match="no entry with id 'nope'"):
        mark_sensitive(review_store, [FRESH, "nope"], actor="ana")
    assert sensitive_ids(review_store) == set()


def test_a_redacted_secret_makes_an_entry_sensitive_until_an_edit_removes_it(review_store: MemoryStore) -> None:
    entry = with_secret(review_store, "s-1", f"The staging key is {AWS} for now.")
    assert "⟦secret: aws-access-key, 20 chars, #" in entry.text and AWS not in entry.text
    assert sensitive_ids(review_store) == {"s-1"}
    assert why_sensitive(review_store, entry) == "its text holds a redacted secret (the scanner)"
    result = unmark_sensitive(review_store, ["s-1"], actor="ana")
    assert result.action_id is None and "stays sensitive until an edit removes the secret" in result.skipped[0][1]
    review_store.apply([entry.evolve(text="The staging key lives in the vault.")], actor="ana", action="edit")
    assert sensitive_ids(review_store) == set()


def test_a_reveal_is_an_event_without_content(review_store: MemoryStore) -> None:
    log_reveal(review_store, FRESH, "ana", where="the app")
    event = review_store.events(FRESH)[-1]
    assert (event.action, event.actor, event.before, event.after, event.reason) == \
        ("reveal", "ana", None, None, "shown in the app")


def test_mask_gives_only_the_size_and_the_hint() -> None:
    assert mask("abc") == "⟦sensitive · 3 chars⟧"
    assert mask("one\ntwo", "v reveals") == "⟦sensitive · 7 chars, 2 lines · v reveals⟧"


def test_where_the_secret_stands_in_the_agents_file(review_store: MemoryStore, tmp_path: Path) -> None:
    memory = tmp_path / "MEMORY.md"
    raw = f"- The staging key is {AWS} for now.\n"
    memory.write_text(raw)
    entry = with_secret(review_store, "s-2", raw.strip("- \n"), file=str(memory))
    note = secret_at_source(review_store, entry)
    assert note is not None and note.where is SecretAtSource.HELD and str(memory) in note.text
    assert "still holds the secret until the next freeze" in note.text
    memory.write_text("- " + entry.text + "\n")  # as a freeze writes it back: the marker, not the secret
    assert secret_at_source(review_store, entry).where is SecretAtSource.REDACTED
    memory.write_text("- something else entirely\n")
    assert secret_at_source(review_store, entry).where is SecretAtSource.UNKNOWN
    memory.unlink()
    assert secret_at_source(review_store, entry).where is SecretAtSource.UNKNOWN
    assert secret_at_source(review_store, review_store.get(FRESH)) is None
