"""Reconcile pairs an edited text with the entry it was, in linear time: by exact text, then a distinctive
anchor, then similar text among the few entries sharing its rarest words; history removed long ago never
takes part in the pairing."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef
from memrev.core.sources.reconcile import native_id, reconcile, to_entry
from memrev.core.sources.stored import Stored

FILE = Path("/home/ana/.hermes/memories/MEMORY.md")


def native(text: str) -> NativeEntry:
    return NativeEntry(text, FILE, "entry", 1, 1)


def stored(text: str, entry_id: str | None = None, removed: bool = False) -> Stored:
    entry = to_entry("hermes", native(text), entry_id or native_id("hermes", native(text)))
    return Stored.of(entry.evolve(removed_at=datetime(2026, 1, 1, tzinfo=timezone.utc)) if removed else entry)


def test_an_edited_text_keeps_its_id_even_among_many_similar_entries() -> None:
    texts = [f"Fact {i}: the billing worker retries the queue after a timeout." for i in range(500)]
    old = [stored(text) for text in texts]
    edited = list(texts)
    edited[250] = "Fact 250: the billing worker retries the queue twice after a timeout."
    result = reconcile(SourceRead(SourceRef("hermes", FILE.parent), [native(t) for t in edited]), old)
    assert [(e.id, e.text) for e in result.entries] == [(old[250].id, edited[250])]
    assert len(result.unchanged) == 499 and result.moved == [] and result.removed == []


def test_history_removed_at_the_source_is_not_paired_with_a_new_text() -> None:
    gone = stored("Deploy with the blue pipeline on Fridays.", "m-gone", removed=True)
    live = stored("Run the smoke tests before each deploy.", "m-live")
    result = reconcile(SourceRead(SourceRef("hermes", FILE.parent),
                                  [native("Deploy with the green pipeline on Fridays."),
                                   native("Run the smoke tests before each deploy.")]), [gone, live])
    assert result.unchanged == ["m-live"]
    assert [e.id not in ("m-gone", "m-live") for e in result.entries] == [True]  # the removed one is history


def test_a_removed_text_that_comes_back_exactly_reappears_with_its_id() -> None:
    gone = stored("Deploy with the blue pipeline on Fridays.", "m-gone", removed=True)
    result = reconcile(SourceRead(SourceRef("hermes", FILE.parent), [native(gone.text)]), [gone])
    assert [e.id for e in result.entries] == ["m-gone"] and result.entries[0].removed_at is None


def test_an_entry_whose_lines_shifted_is_moved_not_rebuilt() -> None:
    kept = stored("Run the smoke tests before each deploy.", "m-kept")
    shifted = NativeEntry(kept.text, FILE, "entry", 7, 7)
    result = reconcile(SourceRead(SourceRef("hermes", FILE.parent), [native("A new first line."), shifted]), [kept])
    assert result.moved == [("m-kept", shifted.citation, None)] and result.unchanged == []
    assert [e.text for e in result.entries] == ["A new first line."]


def test_a_text_a_write_back_put_there_is_its_entry_revised_however_much_it_changed() -> None:
    old = stored("Deploy with the blue pipeline on Fridays.", "m-deploy")
    rewritten = to_entry("hermes", native("Releases go out through GitHub Actions; nobody deploys by hand."),
                         "m-deploy")
    read = SourceRead(SourceRef("hermes", FILE.parent), [native(rewritten.text)])
    assert [e.id for e in reconcile(read, [old]).entries] != ["m-deploy"]  # too unlike to guess from the text
    result = reconcile(read, [old], written=[rewritten])
    assert [(e.id, e.text) for e in result.entries] == [("m-deploy", rewritten.text)] and result.removed == []
