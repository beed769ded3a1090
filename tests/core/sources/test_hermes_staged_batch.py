"""A staged Hermes `batch` (several add, replace and remove operations in one staged file): each operation is an
entry to review, and deciding any of them decides the batch whole, as Hermes does, through its lock and format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hermes_writer import hermes_home, hold

from memrev.core.review.actions import ReviewError, confirm, revoke
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import ADAPTER, parse_entries
from memrev.core.sources.hermes_pending import MARK, is_staged
from memrev.core.sources.sync import import_source

DELIM = "\n§\n"
TOKEN = "ghp_" + "Hd3Jf5Gs0Ya2UeTZq7Xw2Lm9Kp4Rt6Vb1Nc8Q"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """A Hermes home: MEMORY.md holds "User prefers dark mode" and "Project uses Python 3.10", USER.md "Name is Ada"."""
    return hermes_home(tmp_path)


def stage_batch(home: Path, pending_id: str, operations: object, target: str = "memory") -> Path:
    """Write one staged batch the way Hermes records a staged write (`<home>/pending/memory/<id>.json`)."""
    record = {"id": pending_id, "subsystem": "memory", "action": "batch", "origin": "background_review",
              "created_at": 1788943580.5, "payload": {"action": "batch", "target": target, "operations": operations}}
    path = home / "pending" / "memory" / f"{pending_id}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


THREE = [
    {"action": "add", "content": "Uses uv for envs"},
    {"action": "replace", "content": "Project uses Python 3.12", "old_text": "3.10",
     "matched_entry": "Project uses Python 3.10"},
    {"action": "remove", "old_text": "dark", "matched_entry": "User prefers dark mode"},
]


def imported(store, home: Path) -> list:
    """Import the home's memory folder; the staged entries, in their batch's order."""
    import_source(store, SourceRef("hermes", home / "memories"), actor="test")
    return sorted((e for e in store.entries() if is_staged(e)), key=lambda e: e.attributes.get("batch", ""))


def files(home: Path) -> dict[str, bytes]:
    return {name: (home / "memories" / name).read_bytes() for name in ("MEMORY.md", "USER.md")}


def test_each_operation_of_a_batch_is_a_staged_entry_saying_which_it_is(hermes: Path) -> None:
    stage_batch(hermes, "b1", THREE)
    found = ADAPTER.read(SourceRef("hermes", hermes / "memories"))
    staged = [n for n in found.entries if n.anchor.startswith(MARK)]
    assert [(n.text, n.attributes["action"], n.attributes["batch"], n.attributes["target_entry"]) for n in staged] == [
        ("Uses uv for envs", "add", "operation 1 of 3", ""),
        ("Project uses Python 3.12", "replace", "operation 2 of 3", "Project uses Python 3.10"),
        ("User prefers dark mode", "remove", "operation 3 of 3", "User prefers dark mode"),
    ]
    assert staged[1].anchor == ('staged by Hermes: replace in MEMORY.md, pending b1, batch operation 2 of 3, '
                                'background_review; target: "Project uses Python 3.10"')
    assert found.warnings == []


def test_confirming_one_operation_applies_the_whole_batch_at_once(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b2", THREE)
    add, replace, remove = imported(store, hermes)
    result = confirm(store, [replace.id], actor="ada")
    assert sorted(result.changed_ids) == sorted([add.id, replace.id, remove.id])
    assert sorted(result.staged) == sorted([add.id, replace.id, remove.id])
    assert (hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8") == DELIM.join(
        ["Project uses Python 3.12", "Uses uv for envs"])
    assert not path.exists() and list((hermes / "memories").glob(".mem_*")) == []
    for entry_id in (add.id, replace.id, remove.id):
        stored = store.get(entry_id)
        assert stored.status.value == "confirmed" and stored.removed_at is not None
        assert "Hermes staged batch b2 (3 operations) applied to MEMORY.md: appended; replaced" \
            in stored.confidence_reason
    import_source(store, SourceRef("hermes", hermes / "memories"), actor="test")  # the next import agrees
    live = {e.text: e for e in store.entries() if e.removed_at is None}
    assert set(live) == {"Project uses Python 3.12", "Uses uv for envs", "Name is Ada"}
    assert live["Uses uv for envs"].id == add.id and live["Uses uv for envs"].status.value == "confirmed"


def test_operations_apply_in_order_so_a_later_one_may_target_an_earlier_ones_text(store, hermes: Path) -> None:
    stage_batch(hermes, "b3", [{"action": "add", "content": "Uses pip"},
                               {"action": "replace", "content": "Uses uv", "matched_entry": "Uses pip"}])
    first, _ = imported(store, hermes)
    confirm(store, [first.id], actor="ada")
    assert parse_entries((hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8")) == [
        "User prefers dark mode", "Project uses Python 3.10", "Uses uv"]


def test_a_batch_whose_target_changed_is_refused_whole_and_nothing_is_written(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b4", THREE)
    entries = imported(store, hermes)
    memory_file = hermes / "memories" / "MEMORY.md"
    memory_file.write_text(DELIM.join(["User prefers dark mode", "Project uses Python 3.10 and uv"]), encoding="utf-8")
    before = files(hermes)
    with pytest.raises(ReviewError) as error:
        confirm(store, [entries[0].id], actor="ada")  # the add alone would apply: the batch does not
    message = str(error.value)
    assert "\n" not in message and "(batch operation 2 of 3) changed or is gone" in message
    assert "nothing written" in message
    assert files(hermes) == before and path.exists() and list((hermes / "memories").glob(".mem_*")) == []
    assert {store.get(e.id).status.value for e in entries} == {"pending"}
    assert all(store.get(e.id).removed_at is None for e in entries)


def test_rejecting_one_operation_rejects_the_batch_and_leaves_the_memory_files_alone(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b5", THREE)
    entries = imported(store, hermes)
    before = files(hermes)
    result = revoke(store, [entries[2].id], actor="ada", reason="keep the preference")
    assert sorted(result.changed_ids) == sorted(e.id for e in entries)
    assert not path.exists() and files(hermes) == before
    for entry in entries:
        stored = store.get(entry.id)
        assert stored.status.value == "revoked" and stored.removed_at is not None
    assert any("Hermes staged batch b5 (3 operations) rejected" in event.reason
               for event in store.events(entries[0].id))


def test_a_batch_that_would_empty_the_store_is_refused(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b6", [{"action": "remove", "matched_entry": "User prefers dark mode"},
                                      {"action": "remove", "matched_entry": "Project uses Python 3.10"}])
    entries = imported(store, hermes)
    before = files(hermes)
    with pytest.raises(ReviewError, match="the batch would empty MEMORY.md; Hermes refuses that"):
        confirm(store, [entries[0].id], actor="ada")
    assert files(hermes) == before and path.exists()


def test_a_batch_over_the_cap_is_refused_on_its_final_size(store, hermes: Path) -> None:
    (hermes / "config.yaml").write_text("memory:\n  memory_char_limit: 60\n", encoding="utf-8")
    (hermes / "memories" / "MEMORY.md").write_text("A note of forty characters, more or less", encoding="utf-8")
    # the add alone would go over; the remove after it brings the store back under: Hermes checks the final budget
    stage_batch(hermes, "b7", [{"action": "add", "content": "Another note of about forty characters"},
                               {"action": "remove", "matched_entry": "A note of forty characters, more or less"}])
    first, _ = imported(store, hermes)
    confirm(store, [first.id], actor="ada")
    assert parse_entries((hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8")) == [
        "Another note of about forty characters"]


def test_a_batch_holding_a_secret_is_never_approved_and_can_be_rejected(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b8", [{"action": "add", "content": "Uses uv for envs"},
                                      {"action": "add", "content": f"Deploy with token {TOKEN}"}])
    clean, _ = imported(store, hermes)
    before = files(hermes)
    with pytest.raises(ReviewError, match="holds a secret") as error:
        confirm(store, [clean.id], actor="ada")  # the clean operation brings the secret one with it
    assert TOKEN not in str(error.value) and files(hermes) == before and path.exists()
    revoke(store, [clean.id], actor="ada", reason="holds a token")
    assert not path.exists() and files(hermes) == before


def test_an_approval_waits_for_hermes_lock_and_writes_the_batch_once(store, hermes: Path) -> None:
    stage_batch(hermes, "b9", THREE)
    entries = imported(store, hermes)
    holder = hold(hermes / "memories" / "MEMORY.md", 0.5)
    try:
        confirm(store, [entries[0].id], actor="ada")
        assert holder.poll() is not None  # memrev wrote only after Hermes let go
    finally:
        holder.kill()
        holder.wait(timeout=20)
    assert parse_entries((hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8")) == [
        "Project uses Python 3.12", "Uses uv for envs"]


def test_a_restaged_batch_is_not_decided_on_what_the_reviewer_no_longer_sees(store, hermes: Path) -> None:
    stage_batch(hermes, "b10", THREE)
    entries = imported(store, hermes)
    path = stage_batch(hermes, "b10", THREE[:2])  # Hermes restaged it with one operation fewer
    before = files(hermes)
    with pytest.raises(ReviewError, match="restaged since it was imported .now a batch of 2 operations.; re-import"):
        confirm(store, [entries[0].id], actor="ada")
    assert files(hermes) == before and path.exists()


@pytest.mark.parametrize("operations, message", [
    ({"action": "add", "content": "x"}, "a batch whose payload.operations is dict, not a list"),
    ("add x", "a batch whose payload.operations is str, not a list"),
    (None, "a batch whose payload.operations is NoneType, not a list"),
    ([], "a batch with no operations"),
    ([{"action": "add", "content": "x"}, {"action": "append", "content": "y"}],
     "batch operation 2 of 2: unknown action 'append'"),
    ([{"action": "batch", "operations": []}], "batch operation 1 of 1: unknown action 'batch'"),
    (["add x"], "batch operation 1 of 1 is str, not an object"),
    ([{"action": "replace", "content": "y"}], "batch operation 1 of 1: a staged replace names no target entry"),
    ([{"action": "add", "content": "x"}, {"action": "add", "content": "y", "target": "user"}],
     "a batch whose operations change both MEMORY.md and USER.md"),
])
def test_a_malformed_batch_is_one_warning_and_loses_nothing(store, hermes: Path, operations: object,
                                                           message: str) -> None:
    bad = stage_batch(hermes, "bad", operations)
    data = bad.read_bytes()
    (hermes / "pending" / "memory" / "good.json").write_text(json.dumps(
        {"id": "good", "payload": {"action": "add", "content": "Still imported"}}), encoding="utf-8")
    found = ADAPTER.read(SourceRef("hermes", hermes / "memories"))
    (warning,) = found.warnings
    assert warning.startswith(f"{bad}: ") and message in warning and warning.endswith("; staged write left as is")
    assert "\n" not in warning
    assert [n.text for n in found.entries if n.anchor.startswith(MARK)] == ["Still imported"]
    before = files(hermes)
    (good,) = imported(store, hermes)
    confirm(store, [good.id], actor="ada")  # the good one is decided; the bad one stays for Hermes
    assert bad.read_bytes() == data and files(hermes)["USER.md"] == before["USER.md"]


def test_an_unknown_field_of_an_operation_is_said_once(hermes: Path) -> None:
    path = stage_batch(hermes, "b11", [{"action": "add", "content": "x", "weight": 2},
                                       {"action": "add", "content": "y", "weight": 3}])
    found = ADAPTER.read(SourceRef("hermes", hermes / "memories"))
    assert found.warnings == [f"{path}: staged-write field 'payload.operations[].weight' is unknown to memrev; "
                              "the staged file is left as Hermes wrote it"]
    assert [n.text for n in found.entries if n.anchor.startswith(MARK)] == ["x", "y"]


def test_a_batch_hermes_applied_itself_is_settled_operation_by_operation(store, hermes: Path) -> None:
    path = stage_batch(hermes, "b12", THREE)
    add, replace, remove = imported(store, hermes)
    (hermes / "memories" / "MEMORY.md").write_text(DELIM.join(["Project uses Python 3.12", "Uses uv for envs"]),
                                                   encoding="utf-8")  # Hermes's /memory approve b12
    path.unlink()
    import_source(store, SourceRef("hermes", hermes / "memories"), actor="test")
    live = {e.text: e for e in store.entries() if e.removed_at is None and e.status.value != "revoked"}
    assert set(live) == {"Project uses Python 3.12", "Uses uv for envs", "Name is Ada"}
    assert live["Uses uv for envs"].id == add.id and live["Project uses Python 3.12"].id == replace.id
    assert live["Uses uv for envs"].status.value == "pending"  # applied by Hermes: still yours to review
    closed = store.get(remove.id)
    assert closed.status.value == "revoked"
    assert any(event.actor == "hermes" and "staged remove in MEMORY.md was applied in Hermes" in event.reason
               for event in store.events(remove.id))
