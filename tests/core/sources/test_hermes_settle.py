"""A staged write Hermes decided itself (`/memory approve` or `reject` in Hermes, run here by a stand-in that takes
Hermes's flock): the next import settles its entry instead of leaving it pending forever."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hermes_writer import HERMES_DECIDE, hermes_home

from memrev.core.review.actions import confirm
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes_pending import is_staged
from memrev.core.sources.hermes_settle import staged_place
from memrev.core.sources.sync import import_source

DELIM = "\n§\n"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """A Hermes home with two notes in MEMORY.md, one in USER.md and an empty pending folder."""
    return hermes_home(tmp_path)


def stage(home: Path, pending_id: str, action: str, *, content: str | None = None, matched: str | None = None,
          target: str = "memory") -> Path:
    """One staged record as Hermes writes it."""
    payload = {"action": action, "target": target, "content": content, "old_text": matched and matched[:6],
               "matched_entry": matched}
    path = home / "pending" / "memory" / f"{pending_id}.json"
    path.write_text(json.dumps({"id": pending_id, "subsystem": "memory", "action": action,
                                "origin": "background_review; target: \"x", "created_at": 1788943580.5,
                                "payload": payload}), encoding="utf-8")
    return path


def hermes_decides(home: Path, staged: Path, verdict: str) -> None:
    """Hermes's own decision, in a separate process that takes Hermes's lock to write."""
    done = subprocess.run([sys.executable, "-c", HERMES_DECIDE, str(staged), str(home / "memories"), verdict],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert not staged.exists()


def sync(store, home: Path):
    return import_source(store, SourceRef("hermes", home / "memories"), actor="ada")


def staged_ids(store, home: Path) -> dict[str, str]:
    """pending id -> entry id of every staged entry, once imported."""
    sync(store, home)
    return {Path(e.source.file).stem: e.id for e in store.entries() if is_staged(e)}


def last(store, entry_id: str):
    return store.events(entry_id)[-1]


def test_an_add_hermes_approved_becomes_the_memory_md_entry_it_produced(store, hermes: Path) -> None:
    path = stage(hermes, "s1", "add", content="Uses uv for envs")
    entry_id = staged_ids(store, hermes)["s1"]
    hermes_decides(hermes, path, "approve")
    sync(store, hermes)
    entry = store.get(entry_id)
    assert entry.source.file == str(hermes / "memories" / "MEMORY.md") and entry.source.anchor == "entry"
    assert entry.status.value == "pending" and entry.removed_at is None  # still the person's to review
    assert "staged add in MEMORY.md was applied in Hermes" in entry.confidence_reason
    assert [e.id for e in store.entries() if e.text == "Uses uv for envs"] == [entry_id]  # no second copy
    event = last(store, entry_id)
    assert (event.actor, event.action) == ("hermes", "hermes-applied")
    assert not [e for e in store.entries() if is_staged(e) and e.removed_at is None]
    again = sync(store, hermes)
    assert again.added == [] and again.revised == [] and store.events(entry_id)[-1] == event


def test_a_replace_hermes_approved_keeps_its_id_and_the_old_entry_is_removed(store, hermes: Path) -> None:
    path = stage(hermes, "s2", "replace", content="Project uses Python 3.12", matched="Project uses Python 3.10")
    entry_id = staged_ids(store, hermes)["s2"]
    old = next(e.id for e in store.entries() if e.text == "Project uses Python 3.10")
    hermes_decides(hermes, path, "approve")
    sync(store, hermes)
    assert store.get(entry_id).source.file.endswith("MEMORY.md") and store.get(entry_id).removed_at is None
    assert store.get(old).removed_at is not None


def test_an_add_hermes_rejected_is_closed_as_rejected_by_hermes(store, hermes: Path) -> None:
    path = stage(hermes, "s3", "add", content="Prefers terse replies", target="user")
    entry_id = staged_ids(store, hermes)["s3"]
    before = (hermes / "memories" / "USER.md").read_bytes()
    hermes_decides(hermes, path, "reject")
    sync(store, hermes)
    entry = store.get(entry_id)
    assert entry.status.value == "revoked" and entry.removed_at is not None
    revoked = next(e for e in store.events(entry_id) if e.action == "revoke")
    assert revoked.actor == "hermes" and "staged add in USER.md was rejected in Hermes" in revoked.reason
    assert (hermes / "memories" / "USER.md").read_bytes() == before


@pytest.mark.parametrize("verdict, says", [("approve", "was applied in Hermes"),
                                           ("reject", "was rejected in Hermes")])
def test_a_remove_hermes_decided_is_closed_saying_which(store, hermes: Path, verdict: str, says: str) -> None:
    path = stage(hermes, "s4", "remove", matched="User prefers dark mode")
    entry_id = staged_ids(store, hermes)["s4"]
    target = next(e.id for e in store.entries() if e.text == "User prefers dark mode" and not is_staged(e))
    hermes_decides(hermes, path, verdict)
    sync(store, hermes)
    assert store.get(entry_id).status.value == "revoked" and store.get(entry_id).removed_at is not None
    assert says in next(e.reason for e in store.events(entry_id) if e.action == "revoke")
    assert (store.get(target).removed_at is not None) == (verdict == "approve")


def test_an_add_confirmed_in_memrev_becomes_the_confirmed_memory_md_entry(store, hermes: Path) -> None:
    stage(hermes, "s5", "add", content="Uses uv for envs")
    entry_id = staged_ids(store, hermes)["s5"]
    confirm(store, [entry_id], actor="ada")
    sync(store, hermes)
    entry = store.get(entry_id)
    assert entry.status.value == "confirmed" and entry.removed_at is None
    assert entry.source.file.endswith("MEMORY.md")
    assert [e.id for e in store.entries() if e.text == "Uses uv for envs"] == [entry_id]


def test_an_add_of_a_text_already_in_memory_md_is_closed_pointing_at_it(store, hermes: Path) -> None:
    path = stage(hermes, "s6", "add", content="Project uses Python 3.10")
    entry_id = staged_ids(store, hermes)["s6"]
    kept = next(e.id for e in store.entries() if e.text == "Project uses Python 3.10" and not is_staged(e))
    hermes_decides(hermes, path, "approve")
    sync(store, hermes)
    assert store.get(entry_id).status.value == "revoked"
    assert store.get(kept).status.value == "pending" and store.get(kept).removed_at is None
    assert f"already held its text as {kept}" in next(e.reason for e in store.events(entry_id) if e.action == "revoke")


def test_the_anchor_reads_back_whatever_the_origin_says() -> None:
    place = staged_place('staged by Hermes: replace in USER.md, pending p1, odd; target: "no; target: "x"; '
                         'target: "Name is Ada"')
    assert place is not None and (place.action, place.file_name, place.target_entry) == (
        "replace", "USER.md", "Name is Ada")
    assert staged_place("entry") is None
