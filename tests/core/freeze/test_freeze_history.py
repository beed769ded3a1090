"""Freeze history, rollback, the pre-session gate and recovery from an interrupted freeze, on real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from memrev.core.freeze.gate import gate_report
from memrev.core.freeze.journal import freeze_journal, freeze_journal_path, recover
from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import FreezeRefused, freeze
from memrev.core.review.actions import revoke
from memrev.core.safe_io import atomic_write
from memrev.core.store.freezes import freezes, frozen_entry_ids


def _revoke_one(world, kind: str, word: str) -> str:
    """Revoke the entry of a source whose text holds `word`; returns its id."""
    entry = next(e for e in world.store.entries() if e.source.agent == kind and word in e.text)
    revoke(world.store, [entry.id], actor="ana", reason="no longer true")
    return entry.id


def _freeze(world):
    """Freeze everything, holding out what still needs a person."""
    return freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")


def test_rollback_puts_every_file_back_byte_for_byte_and_is_recorded(world):
    original = world.files()
    revoked = _revoke_one(world, "hermes", "DEPLOY_TOKEN")
    first = _freeze(world)
    assert first.files and world.files() != original
    undone = rollback(world.store, actor="ana")
    assert world.files() == original
    history = freezes(world.store)
    assert [(r.kind, r.rolls_back) for r in history] == [("rollback", first.freeze_id), ("freeze", None)]
    assert undone.freeze_id == history[0].id
    back = world.store.get(revoked)
    assert back is not None and back.removed_at is None, "the store follows the files back"
    with pytest.raises(FreezeRefused, match="nothing to roll back"):
        rollback(world.store, actor="ana")


def test_rollback_refuses_after_the_agent_wrote_unless_forced_which_keeps_a_snapshot(world):
    original = world.files()
    _revoke_one(world, "hermes", "DEPLOY_TOKEN")
    _freeze(world)
    memory = world.sources["hermes"].root / "MEMORY.md"
    written_by_agent = memory.read_bytes() + "\n§\nHermes learned this after the freeze.".encode()
    memory.write_bytes(written_by_agent)
    with pytest.raises(FreezeRefused, match="the agent wrote since"):
        rollback(world.store, actor="ana")
    assert memory.read_bytes() == written_by_agent
    rollback(world.store, actor="ana", force=True)
    assert world.files() == original
    snapshot = next(r for r in freezes(world.store) if r.kind == "snapshot")
    from memrev.core.store.freezes import freeze_record

    kept = freeze_record(world.store, snapshot.id)
    assert kept is not None and [f.after for f in kept.files if f.path == str(memory)] == [written_by_agent]


def _settle(world) -> None:
    """A person decides every entry that needs one (confirming them)."""
    from memrev.core.review.actions import confirm

    confirm(world.store, [c.entry.id for c in build_plan(world.store).needs_person], actor="ana", checks={},
            despite_stale=True)


def test_held_entries_stay_in_review_and_go_back_in_once_a_person_confirms_them(world):
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    held = [c.entry for c in plan.needs_person] or [c.entry for s in plan.sources for c in s.choices if c.held]
    assert held
    freeze(world.store, plan, actor="ana")
    report = gate_report(world.store)
    assert not report.green and {line.split(":")[0] for line in report.needs_person} == {e.id for e in held}
    assert build_plan(world.store, unreviewed=Unreviewed.HOLD).changed == [], "held again: nothing to rewrite"
    _settle(world)
    back = build_plan(world.store)
    assert back.needs_person == [] and back.changed
    freeze(world.store, back, actor="ana")
    texts = "".join(p.read_text(encoding="utf-8") for p in world.files() if p.suffix == ".md")
    assert all(e.text.splitlines()[-1] in texts for e in held), "confirmed entries are written back"
    assert gate_report(world.store).green


def test_the_gate_is_green_right_after_a_freeze_and_red_after_the_agent_writes(world):
    assert not gate_report(world.store).green
    assert gate_report(world.store).last is None
    _settle(world)
    freeze(world.store, build_plan(world.store), actor="ana")
    report = gate_report(world.store)
    assert report.green, report.lines()
    untouched = world.sources["claude"].root / "project_price_helpers.md"  # a file the freeze did not change
    untouched.write_text(untouched.read_text(encoding="utf-8") + "One more line from Claude.\n", encoding="utf-8")
    report = gate_report(world.store)
    assert not report.green and report.changed_files == [str(untouched)]
    assert "red" in report.lines()[0]


def test_export_of_the_frozen_set_is_what_the_last_freeze_kept(world):
    assert frozen_entry_ids(world.store) is None
    revoked = _revoke_one(world, "hermes", "DEPLOY_TOKEN")
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    _ = freeze(world.store, plan, actor="ana")
    kept = sorted(entry.id for source in plan.sources for entry in source.kept)
    assert frozen_entry_ids(world.store) == kept
    assert revoked not in kept


def _planned_files(world):
    """(path, root, before, after) of every file a held freeze of the demo changes, and the plan."""
    _revoke_one(world, "hermes", "DEPLOY_TOKEN")
    _revoke_one(world, "openclaw", "flaky")
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    steps = [(path, source.ref.root, source.before.get(path), source.after[path])
             for source in plan.changed for path in source.changed]
    return plan, steps


def test_a_freeze_killed_after_its_first_file_is_undone_at_the_next_start(world):
    original = world.files()
    _, steps = _planned_files(world)
    assert len(steps) >= 2
    journal = freeze_journal(world.store, steps)
    journal.__enter__()  # the process dies inside the freeze: the context never exits
    path, root, _, after = steps[0]
    atomic_write(path, after, root=root)
    assert world.files() != original
    lines = recover(world.store)
    assert world.files() == original
    assert any(str(path) in line for line in lines)
    assert not freeze_journal_path(world.store).exists()


def test_a_freeze_the_store_recorded_is_kept_at_the_next_start(world):
    plan, _ = _planned_files(world)
    outcome = freeze(world.store, plan, actor="ana")
    after = world.files()
    path = freeze_journal_path(world.store)
    record = next(r for r in freezes(world.store) if r.id == outcome.freeze_id)
    path.parent.mkdir(parents=True, exist_ok=True)  # the journal left behind by a kill just after the commit
    steps = [{"path": f.path, "root": str(Path(f.path).parent), "before": None, "after": None} for f in outcome.files]
    import json

    path.write_text(json.dumps({"root": str(path.parent), "token": record.policy["token"], "steps": steps}))
    assert recover(world.store) == []
    assert world.files() == after and not path.exists()


def test_an_agent_write_after_a_crash_is_never_overwritten_by_recovery(world):
    _, steps = _planned_files(world)
    journal = freeze_journal(world.store, steps)
    journal.__enter__()
    path, root, _, after = steps[0]
    atomic_write(path, after, root=root)
    path.write_bytes(after + b"\nthe agent wrote after the crash\n")
    lines = recover(world.store)
    assert path.read_bytes().endswith(b"the agent wrote after the crash\n")
    assert any("left as it is" in line for line in lines)


def test_opening_the_app_puts_back_a_freeze_a_crash_interrupted(world):
    from memrev.tui.app import MemrevApp

    original = world.files()
    _, steps = _planned_files(world)
    journal = freeze_journal(world.store, steps)
    journal.__enter__()  # killed inside the freeze
    path, root, _, after = steps[0]
    atomic_write(path, after, root=root)
    app = MemrevApp(store=world.store, live=False)
    assert world.files() == original
    assert any(str(path) in line for line in app.notices)
