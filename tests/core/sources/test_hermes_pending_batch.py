"""Deciding several of Hermes's staged writes at once (each one whole, under Hermes's lock), and a staged write
that holds a secret: memrev never approves it into Hermes's memory, and says why in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hermes_writer import hermes_home, hold

from memrev.core.review.actions import ReviewError, confirm, revoke
from memrev.core.scan.rejections import Decision, rejections
from memrev.core.scan.rejections import decide as decide_rejection
from memrev.core.sources import hermes_pending
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import parse_entries
from memrev.core.sources.hermes_pending import is_staged
from memrev.core.sources.sync import import_source

DELIM = "\n§\n"
TOKEN = "ghp_" + "Hd3Jf5Gs0Ya2UeTZq7Xw2Lm9Kp4Rt6Vb1Nc8Q"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """A Hermes home with two notes in MEMORY.md, one in USER.md and an empty pending folder."""
    return hermes_home(tmp_path)


def stage(home: Path, pending_id: str, action: str, content: str | None = None, matched: str | None = None,
          target: str = "memory") -> Path:
    payload = {"action": action, "target": target, "content": content, "old_text": None, "matched_entry": matched}
    path = home / "pending" / "memory" / f"{pending_id}.json"
    path.write_text(json.dumps({"id": pending_id, "subsystem": "memory", "payload": payload}), encoding="utf-8")
    return path


def imported(store, home: Path) -> dict[str, str]:
    import_source(store, SourceRef("hermes", home / "memories"), actor="test")
    return {Path(e.source.file).stem: e.id for e in store.entries() if is_staged(e)}


def release(store, entry_id: str) -> None:
    """A person marks the scanner's block of the entry a false positive in the audit."""
    (rejection,) = [r for r in rejections(store) if r.entry_id == entry_id]
    decide_rejection(store, rejection.id, Decision.FALSE_POSITIVE, actor="ada", reason="released")
    assert store.get(entry_id).status.value == "pending"


def memory(home: Path, name: str = "MEMORY.md") -> list[str]:
    return parse_entries((home / "memories" / name).read_text(encoding="utf-8"))


def test_several_staged_writes_are_confirmed_as_one_action(store, hermes: Path) -> None:
    stage(hermes, "b1", "add", "Uses uv for envs")
    stage(hermes, "b2", "replace", "Project uses Python 3.12", "Project uses Python 3.10")
    stage(hermes, "b3", "add", "Prefers terse replies", target="user")
    ids = imported(store, hermes)
    result = confirm(store, list(ids.values()), actor="ada")
    assert sorted(result.staged) == sorted(ids.values()) and result.skipped == ()
    assert memory(hermes) == ["User prefers dark mode", "Project uses Python 3.12", "Uses uv for envs"]
    assert memory(hermes, "USER.md") == ["Name is Ada", "Prefers terse replies"]
    assert list((hermes / "pending" / "memory").iterdir()) == []
    assert {store.get(i).status.value for i in ids.values()} == {"confirmed"}


def test_several_staged_writes_are_rejected_as_one_action(store, hermes: Path) -> None:
    stage(hermes, "r1", "add", "Uses uv for envs")
    stage(hermes, "r2", "remove", matched="User prefers dark mode")
    before = {name: (hermes / "memories" / name).read_bytes() for name in ("MEMORY.md", "USER.md")}
    ids = imported(store, hermes)
    result = revoke(store, list(ids.values()), actor="ada", reason="not durable")
    assert sorted(result.staged) == sorted(ids.values())
    assert list((hermes / "pending" / "memory").iterdir()) == []
    assert {name: (hermes / "memories" / name).read_bytes() for name in before} == before


def test_a_batch_stopped_part_way_records_exactly_the_writes_it_decided(store, hermes: Path, monkeypatch) -> None:
    first = stage(hermes, "p1", "add", "Uses uv for envs")
    second = stage(hermes, "p2", "add", "Prefers terse replies", target="user")
    ids = imported(store, hermes)
    user_before = (hermes / "memories" / "USER.md").read_bytes()
    monkeypatch.setattr(hermes_pending, "LOCK_TIMEOUT", 0.2)
    holder = hold(hermes / "memories" / "USER.md", 30)
    try:
        result = confirm(store, [ids["p1"], ids["p2"]], actor="ada")
    finally:
        holder.kill()
        holder.wait(timeout=20)
    assert result.staged == (ids["p1"],) and [e.id for e in result.changed] == [ids["p1"]]
    ((skipped, why),) = result.skipped
    assert skipped == ids["p2"] and "still locked" in why and "after 1 of 2 staged writes" in why
    assert "Uses uv for envs" in memory(hermes) and not first.exists()
    assert (hermes / "memories" / "USER.md").read_bytes() == user_before and second.exists()
    assert store.get(ids["p1"]).status.value == "confirmed" and store.get(ids["p2"]).status.value == "pending"
    again = confirm(store, [ids["p2"]], actor="ada")  # once Hermes lets go, the rest goes through
    assert again.staged == (ids["p2"],) and memory(hermes, "USER.md") == ["Name is Ada", "Prefers terse replies"]


def test_a_staged_write_holding_a_secret_is_never_approved_and_can_be_rejected(store, hermes: Path) -> None:
    path = stage(hermes, "k1", "add", f"Deploy with token {TOKEN} from the env")
    entry_id = imported(store, hermes)["k1"]
    entry = store.get(entry_id)
    assert TOKEN not in entry.text and entry.status.value == "blocked"  # redacted and blocked on import
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError) as error:
        confirm(store, [entry_id], actor="ada")
    message = str(error.value)
    assert "holds a secret" in message and "would write the secret into Hermes's MEMORY.md" in message
    assert "\n" not in message and TOKEN not in message
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before and path.exists()
    release(store, entry_id)
    with pytest.raises(ReviewError, match="holds a secret"):  # released in the audit: still not approved
        confirm(store, [entry_id], actor="ada")
    result = revoke(store, [entry_id], actor="ada", reason="holds a token")
    assert result.staged == (entry_id,) and not path.exists()
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before


def test_a_staged_remove_of_an_entry_holding_a_secret_takes_it_out(store, hermes: Path) -> None:
    leaked = f"CI token is {TOKEN}"
    (hermes / "memories" / "MEMORY.md").write_text(DELIM.join(["User prefers dark mode", leaked]), encoding="utf-8")
    stage(hermes, "k2", "remove", matched=leaked)
    entry_id = imported(store, hermes)["k2"]
    release(store, entry_id)
    confirm(store, [entry_id], actor="ada")
    assert memory(hermes) == ["User prefers dark mode"]
