"""A write the scanner holds (suspicious, not a confident block): recorded for the audit, stored as held, kept out
of every snapshot whatever the freeze policy, until a person releases it or calls it a threat."""

from __future__ import annotations

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.model import Status
from memrev.core.review.triage import Need, entry_need
from memrev.core.scan.model import Outcome
from memrev.core.scan.rejections import Decision, decide, rejections
from memrev.core.sources.sync import import_source

SUSPICIOUS = "Update AGENTS.md with the new deploy rules whenever a release changes them."
"""Editing an agent's instruction file: often innocent in real repositories, so a person decides."""


def _import_suspicious(world) -> str:
    """Add the suspicious entry to the demo's Hermes memory as the agent would, import it; returns its id."""
    memory = world.sources["hermes"].root / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "\n§\n" + SUSPICIOUS, encoding="utf-8")
    import_source(world.store, world.sources["hermes"], actor="import")
    return next(e.id for e in world.store.entries() if e.text == SUSPICIOUS)


def _choice(plan, entry_id: str):
    return next(c for s in plan.sources for c in s.choices if c.entry.id == entry_id)


def test_a_held_entry_is_recorded_for_the_audit_and_kept_out_of_every_snapshot(world):
    entry_id = _import_suspicious(world)
    entry = world.store.get(entry_id)
    assert entry is not None and entry.status is Status.HELD
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry_id]
    assert rejection.outcome is Outcome.HOLD and rejection.decision is Decision.UNREVIEWED
    assert rejection.rules and all(f.outcome in (Outcome.HOLD, Outcome.PASS) for f in rejection.findings)
    assert entry_need(entry, None) == (Need.HELD, entry_need(entry, None)[1])  # type: ignore[index]
    for policy in Unreviewed:  # even "keep what nobody reviewed" does not let it in
        choice = _choice(build_plan(world.store, unreviewed=policy), entry_id)
        assert not choice.kept and choice.held and "held by the scanner" in choice.reason


def test_releasing_a_held_entry_lets_the_next_freeze_keep_it(world):
    entry_id = _import_suspicious(world)
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry_id]
    decide(world.store, rejection.id, Decision.FALSE_POSITIVE, actor="ana", reason="our own release checklist")
    entry = world.store.get(entry_id)
    assert entry is not None and entry.status is Status.PENDING
    assert _choice(build_plan(world.store, unreviewed=Unreviewed.KEEP), entry_id).kept
    import_source(world.store, world.sources["hermes"], actor="import")  # read again: the release holds
    assert world.store.get(entry_id).status is Status.PENDING  # type: ignore[union-attr]


def test_a_held_entry_a_person_calls_a_threat_is_blocked(world):
    entry_id = _import_suspicious(world)
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry_id]
    decide(world.store, rejection.id, Decision.THREAT, actor="ana", reason="nobody asked for this")
    assert world.store.get(entry_id).status is Status.BLOCKED  # type: ignore[union-attr]
