"""Hermes's pending memory writes: imported as staged entries, approved or rejected through Hermes's lock and format."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hermes_writer import hermes_home, hold

from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import ADAPTER, parse_entries
from memrev.core.sources.hermes_pending import MARK, is_staged, pending_folder

DELIM = "\n§\n"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """A Hermes home with two notes in MEMORY.md, one in USER.md and an empty pending folder."""
    return hermes_home(tmp_path)


def stage(home: Path, pending_id: str, action: str, *, content: str | None = None, old_text: str | None = None,
          matched: str | None = None, target: str = "memory") -> Path:
    """Write one staged record the way Hermes does (`<home>/pending/memory/<id>.json`)."""
    payload: dict[str, object] = {"action": action, "target": target, "content": content, "old_text": old_text}
    if matched is not None:
        payload["matched_entry"] = matched
    record = {"id": pending_id, "subsystem": "memory", "action": action, "summary": f"{action} to {target}",
              "origin": "background_review", "created_at": 1788943580.5, "payload": payload}
    path = home / "pending" / "memory" / f"{pending_id}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def read(home: Path):
    return ADAPTER.read(SourceRef("hermes", home / "memories"))


def memory(home: Path, name: str = "MEMORY.md") -> list[str]:
    return parse_entries((home / "memories" / name).read_text(encoding="utf-8"))


# -- import -------------------------------------------------------------------------------------------------


def test_each_staged_write_is_an_entry_marked_staged_with_its_action_and_target(hermes: Path) -> None:
    stage(hermes, "aaaa0001", "add", content="Uses uv for envs")
    stage(hermes, "aaaa0002", "replace", content="Project uses Python 3.12", old_text="3.10",
          matched="Project uses Python 3.10")
    stage(hermes, "aaaa0003", "remove", old_text="dark", matched="User prefers dark mode")
    stage(hermes, "aaaa0004", "add", content="Prefers terse replies", target="user")
    found = read(hermes)
    staged = [n for n in found.entries if n.anchor.startswith(MARK)]
    assert [(n.text, n.attributes["action"], n.attributes["target_entry"]) for n in staged] == [
        ("Uses uv for envs", "add", ""),
        ("Project uses Python 3.12", "replace", "Project uses Python 3.10"),
        ("User prefers dark mode", "remove", "User prefers dark mode"),
        ("Prefers terse replies", "add", ""),
    ]
    assert staged[1].anchor == ('staged by Hermes: replace in MEMORY.md, pending aaaa0002, background_review; '
                                'target: "Project uses Python 3.10"')
    assert staged[3].type.value == "user" and "in USER.md" in staged[3].anchor
    assert staged[0].written_at is not None and staged[0].written_at_basis == "recorded"
    assert all(path in found.files for path in (n.file for n in staged))
    assert found.warnings == []


def test_import_through_the_store_shows_a_pending_entry_marked_staged(store, hermes: Path) -> None:
    from memrev.core.sources.sync import import_source

    stage(hermes, "bbbb0001", "add", content="Uses uv for envs")
    result = import_source(store, SourceRef("hermes", hermes / "memories"), actor="test")
    assert len(result.added) == 4
    (entry,) = [e for e in store.entries() if is_staged(e)]
    assert entry.status.value == "pending" and entry.text == "Uses uv for envs"
    assert entry.source.anchor.startswith("staged by Hermes: add in MEMORY.md, pending bbbb0001")


@pytest.mark.parametrize("name, data, message", [
    ("json.json", b"{not json", "not JSON (line 1"),
    ("utf8.json", b'{"payload": {"action": "add", "content": "caf\xe9"}}', "invalid UTF-8 at byte"),
    ("batch.json", json.dumps({"payload": {"action": "batch", "operations": [{}, {}]}}).encode(),
     "batch operation 1 of 2: unknown action None"),
    ("odd.json", json.dumps({"payload": {"action": "append", "content": "x"}}).encode(), "unknown action 'append'"),
    ("nocontent.json", json.dumps({"payload": {"action": "add"}}).encode(), "a staged add with no content"),
    ("notarget.json", json.dumps({"payload": {"action": "remove"}}).encode(), "names no target entry"),
    ("list.json", b"[1, 2]", "no `payload` object"),
])
def test_a_bad_staged_file_is_one_warning_and_left_as_is(hermes: Path, name: str, data: bytes, message: str) -> None:
    path = hermes / "pending" / "memory" / name
    path.write_bytes(data)
    stage(hermes, "cccc0001", "add", content="Still imported")
    found = read(hermes)
    (warning,) = found.warnings
    assert str(path) in warning and message in warning and "\n" not in warning
    assert [n.text for n in found.entries if n.anchor.startswith(MARK)] == ["Still imported"]
    assert path.read_bytes() == data


def test_a_symlink_out_of_the_pending_folder_is_not_followed(hermes: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.json"
    outside.write_text(json.dumps({"payload": {"action": "add", "content": "from outside"}}), encoding="utf-8")
    link = hermes / "pending" / "memory" / "link.json"
    link.symlink_to(outside)
    found = read(hermes)
    assert found.warnings == [f"{link}: is a symlink; memrev reads only regular staged files (left as is)"]
    assert not [n for n in found.entries if n.text == "from outside"] and link.is_symlink()


def test_a_hard_link_out_of_the_pending_folder_is_not_read(hermes: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"payload": {"action": "add", "content": "aliased"}}), encoding="utf-8")
    os.link(outside, hermes / "pending" / "memory" / "alias.json")
    found = read(hermes)
    assert len(found.warnings) == 1 and "hard link shared with a file outside" in found.warnings[0]
    assert not [n for n in found.entries if n.text == "aliased"]


def test_no_pending_folder_reads_as_before(hermes: Path) -> None:
    (hermes / "pending" / "memory").rmdir()
    found = read(hermes)
    assert [n.text for n in found.entries] == ["User prefers dark mode", "Project uses Python 3.10", "Name is Ada"]
    assert found.warnings == [] and pending_folder(hermes / "memories") == hermes / "pending" / "memory"


# -- deciding: confirm approves, revoke rejects ----------------------------------------------------------------

import subprocess  # noqa: E402
import sys  # noqa: E402

from hermes_writer import HERMES_ADD  # noqa: E402

from memrev.core.review.actions import ReviewError, confirm, revoke  # noqa: E402
from memrev.core.sources.hermes_pending import StagedError, approve  # noqa: E402
from memrev.core.sources.sync import import_source  # noqa: E402


def imported(store, home: Path):
    """Import the home's memory folder; the staged entries by pending id."""
    import_source(store, SourceRef("hermes", home / "memories"), actor="test")
    return {Path(e.source.file).stem: e for e in store.entries() if is_staged(e)}


def events(store, entry_id: str) -> list[tuple[str, str]]:
    return [(event.action, event.reason) for event in store.events(entry_id)]


def test_confirm_appends_a_staged_add_and_deletes_the_staged_file(store, hermes: Path) -> None:
    path = stage(hermes, "dddd0001", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["dddd0001"]
    result = confirm(store, [entry.id], actor="ada")
    assert result.changed_ids == [entry.id]
    assert (hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8") == DELIM.join(
        ["User prefers dark mode", "Project uses Python 3.10", "Uses uv for envs"])
    assert not path.exists()
    stored = store.get(entry.id)
    assert stored.status.value == "confirmed" and stored.removed_at is not None
    log = events(store, entry.id)
    assert any(action == "confirm" and "Hermes staged add dddd0001 applied to MEMORY.md: appended" in why
               for action, why in log)
    assert any(action == "removed-at-source" for action, _ in log)


def test_confirm_replaces_and_removes_the_exact_target(store, hermes: Path) -> None:
    stage(hermes, "eeee0001", "replace", content="Project uses Python 3.12", old_text="3.10",
          matched="Project uses Python 3.10")
    stage(hermes, "eeee0002", "remove", old_text="dark", matched="User prefers dark mode")
    stage(hermes, "eeee0003", "add", content="Prefers terse replies", target="user")
    staged = imported(store, hermes)
    confirm(store, [staged["eeee0001"].id, staged["eeee0002"].id, staged["eeee0003"].id], actor="ada")
    assert (hermes / "memories" / "MEMORY.md").read_text(encoding="utf-8") == "Project uses Python 3.12"
    assert memory(hermes, "USER.md") == ["Name is Ada", "Prefers terse replies"]
    assert list((hermes / "pending" / "memory").iterdir()) == []
    reason = store.get(staged["eeee0001"].id).confidence_reason
    assert reason.endswith('replaced "Project uses Python 3.10"')  # Hermes prints the text it overwrote


def test_an_approval_is_refused_when_the_target_changed_since_staging(store, hermes: Path) -> None:
    path = stage(hermes, "ffff0001", "remove", old_text="3.10", matched="Project uses Python 3.10")
    entry = imported(store, hermes)["ffff0001"]
    memory_file = hermes / "memories" / "MEMORY.md"
    memory_file.write_text(DELIM.join(["User prefers dark mode", "Project uses Python 3.10 and uv"]),
                           encoding="utf-8")
    before = memory_file.read_bytes()
    with pytest.raises(ReviewError, match="target entry \"Project uses Python 3.10\" changed or is gone") as error:
        confirm(store, [entry.id], actor="ada")
    assert "\n" not in str(error.value)
    assert memory_file.read_bytes() == before and path.exists()
    assert store.get(entry.id).status.value == "pending" and store.get(entry.id).removed_at is None


def test_a_staged_destructive_write_without_its_exact_target_is_refused(store, hermes: Path) -> None:
    stage(hermes, "ffff0002", "remove", old_text="dark")  # an old record: no matched_entry
    entry = imported(store, hermes)["ffff0002"]
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError, match="staged without its exact target entry"):
        confirm(store, [entry.id], actor="ada")
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before


def test_a_selection_is_checked_whole_before_anything_is_written(store, hermes: Path) -> None:
    good = stage(hermes, "ffff0003", "add", content="Uses uv for envs")
    stage(hermes, "ffff0004", "replace", content="x", old_text="nope", matched="Not in the file")
    staged = imported(store, hermes)
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError, match="changed or is gone"):
        confirm(store, [staged["ffff0003"].id, staged["ffff0004"].id], actor="ada")
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before and good.exists()


def test_an_approval_over_the_cap_is_refused_in_one_line(store, hermes: Path) -> None:
    (hermes / "config.yaml").write_text("memory:\n  memory_char_limit: 60\n", encoding="utf-8")
    path = stage(hermes, "ffff0005", "add", content="A note long enough to go over the sixty-character cap")
    entry = imported(store, hermes)["ffff0005"]
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError, match="over Hermes's memory_char_limit"):
        confirm(store, [entry.id], actor="ada")
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before and path.exists()


def test_a_staged_file_changed_after_the_import_is_not_applied(store, hermes: Path) -> None:
    path = stage(hermes, "ffff0006", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["ffff0006"]
    stage(hermes, "ffff0006", "add", content="Something else entirely")
    with pytest.raises(ReviewError, match="staged text differs from this entry's"):
        confirm(store, [entry.id], actor="ada")
    assert memory(hermes) == ["User prefers dark mode", "Project uses Python 3.10"] and path.exists()


def test_revoke_deletes_the_staged_file_and_leaves_the_memory_files_alone(store, hermes: Path) -> None:
    path = stage(hermes, "gggg0001", "remove", old_text="dark", matched="User prefers dark mode")
    entry = imported(store, hermes)["gggg0001"]
    files = {name: (hermes / "memories" / name).read_bytes() for name in ("MEMORY.md", "USER.md")}
    revoke(store, [entry.id], actor="ada", reason="keep the preference")
    assert not path.exists()
    assert {name: (hermes / "memories" / name).read_bytes() for name in files} == files
    assert not (hermes / "memories" / "MEMORY.md.lock").exists()
    log = events(store, entry.id)
    assert any("keep the preference; Hermes staged remove gggg0001 rejected" in why for _, why in log)
    revoke(store, [entry.id], actor="ada", reason="again")  # already decided: skipped, nothing to delete


def test_a_freeze_write_back_never_writes_a_staged_entry(hermes: Path) -> None:
    from memrev.core.sources.reconcile import reconcile

    stage(hermes, "hhhh0001", "add", content="Not approved yet")
    found = read(hermes)
    ADAPTER.write(SourceRef("hermes", hermes / "memories"), reconcile(found, []).entries, expected=found)
    assert "Not approved yet" not in memory(hermes)


# -- against a real flock holder -----------------------------------------------------------------------------

def test_an_approval_waits_for_hermes_lock_then_writes(store, hermes: Path) -> None:
    stage(hermes, "iiii0001", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["iiii0001"]
    holder = hold(hermes / "memories" / "MEMORY.md", 0.6)
    try:
        confirm(store, [entry.id], actor="ada")
        assert holder.poll() is not None  # memrev wrote only after Hermes let go
    finally:
        assert holder.wait(timeout=20) == 0
    assert memory(hermes) == ["User prefers dark mode", "Project uses Python 3.10", "Uses uv for envs"]


def test_an_approval_fails_cleanly_while_the_lock_stays_held(store, hermes: Path) -> None:
    path = stage(hermes, "iiii0002", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["iiii0002"]
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    holder = hold(hermes / "memories" / "MEMORY.md", 3)
    try:
        with pytest.raises(StagedError, match="still locked after 0.2 s") as error:
            approve(entry, lock_timeout=0.2)
    finally:
        holder.kill()
        holder.wait(timeout=20)
    assert "\n" not in str(error.value)
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == before and path.exists()
    assert list((hermes / "memories").glob(".mem_*")) == []


def test_a_concurrent_hermes_add_is_never_lost_by_an_approval(store, hermes: Path) -> None:
    (hermes / "config.yaml").write_text("memory:\n  memory_char_limit: 100000\n", encoding="utf-8")
    memory_file = hermes / "memories" / "MEMORY.md"
    for i in range(12):
        stage(hermes, f"jjjj{i:04d}", "add", content=f"approved {i:02d}")
        entry = imported(store, hermes)[f"jjjj{i:04d}"]
        delay = (0.03, 0.0, 0.002)[i % 3]
        writer = subprocess.Popen([sys.executable, "-c", HERMES_ADD, str(memory_file), f"hermes {i:02d}", str(delay)],
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        confirm(store, [entry.id], actor="ada")
        assert writer.wait(timeout=20) == 0
        on_disk = memory(hermes)
        assert f"approved {i:02d}" in on_disk and f"hermes {i:02d}" in on_disk, (i, on_disk)
        assert memory_file.read_text(encoding="utf-8") == DELIM.join(on_disk)  # Hermes's exact format
    assert list((hermes / "memories").glob(".mem_*")) == []


def test_a_freeze_with_a_staged_write_kept_leaves_it_staged(store, hermes: Path) -> None:
    from memrev.core.freeze.plan import build_plan
    from memrev.core.freeze.policy import Unreviewed
    from memrev.core.freeze.write import freeze

    path = stage(hermes, "kkkk0001", "add", content="Not approved yet")
    entry = imported(store, hermes)["kkkk0001"]
    victim = next(e for e in store.entries() if e.text == "User prefers dark mode")
    revoke(store, [victim.id], actor="ada", reason="wrong")
    plan = build_plan(store, agent="hermes", unreviewed=Unreviewed.KEEP)
    freeze(store, plan, actor="ada")
    assert memory(hermes) == ["Project uses Python 3.10"] and path.exists()
    assert store.get(entry.id).status.value == "pending"


def test_a_pending_folder_linked_out_is_neither_read_nor_touched(store, hermes: Path, tmp_path: Path) -> None:
    path = stage(hermes, "llll0001", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["llll0001"]
    elsewhere = tmp_path / "elsewhere"
    (hermes / "pending" / "memory").rename(elsewhere)
    (hermes / "pending" / "memory").symlink_to(elsewhere)
    found = read(hermes)
    assert found.warnings == [f"{hermes / 'pending' / 'memory'}: is a symlink; memrev does not follow it "
                              "(staged writes not read)"]
    before = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError, match="a symlink now; memrev does not follow it"):
        confirm(store, [entry.id], actor="ada")
    with pytest.raises(ReviewError, match="a symlink now"):
        revoke(store, [entry.id], actor="ada", reason="no")
    assert (elsewhere / path.name).exists() and (hermes / "memories" / "MEMORY.md").read_bytes() == before


def test_a_staged_file_swapped_for_a_link_after_the_import_is_not_touched(store, hermes: Path, tmp_path: Path) -> None:
    path = stage(hermes, "llll0002", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["llll0002"]
    outside = tmp_path / "outside.json"
    path.rename(outside)
    path.symlink_to(outside)
    with pytest.raises(ReviewError, match="not a regular file inside"):
        revoke(store, [entry.id], actor="ada", reason="no")
    assert outside.exists() and path.is_symlink()


def test_undo_refuses_to_take_back_a_decided_staged_write_and_says_why(store, hermes: Path) -> None:
    from memrev.core.review.undo import undo

    stage(hermes, "dddd0009", "add", content="Uses uv for envs")
    entry = imported(store, hermes)["dddd0009"]
    result = confirm(store, [entry.id], actor="ada")
    assert result.staged == (entry.id,)
    written = (hermes / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(ReviewError, match=r"cannot undo #\d+ \(confirm\): it decided Hermes's staged write"):
        undo(store, actor="ada")
    assert store.get(entry.id).status.value == "confirmed"
    assert (hermes / "memories" / "MEMORY.md").read_bytes() == written
