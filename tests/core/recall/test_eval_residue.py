"""Database residue in the recall experiment: a text a person took back counts while the database still hands it
out (raw recall reaches a revoked entry; a purged text's bytes stay in the file), and not once it is out of reach."""

from __future__ import annotations

from pathlib import Path

from memrev.core.bench.recall_arms import database_residue, prior_decisions
from memrev.core.bench.recall_world import build_world
from memrev.core.freeze.purge import purge_entries
from memrev.core.recall.eval_set import twelve
from memrev.core.recall.recall import RecallOptions, read_state, recallable


def test_a_revoked_text_is_residue_while_recall_reaches_it_and_a_purged_one_while_its_bytes_remain(tmp_path: Path) -> None:
    data = twelve()
    world = build_world(tmp_path / "world", data)
    try:
        prior_decisions(world, data)  # a person already revoked the Friday rule (m09)
        revoked = next(m for m in data.memories if m.prior == "revoked")
        gone = [revoked.text]
        state = read_state(world.store, gated=False)
        raw = recallable(state, RecallOptions(gated=False)).values()
        gated = recallable(read_state(world.store), RecallOptions()).values()
        assert database_residue(world, gone, [], raw) == 1  # raw recall still hands the revoked text out
        assert database_residue(world, gone, [], gated) == 0  # the gate keeps the tombstone out of reach
        # a text that was never purged from the store is still in its file: residue until the purge
        assert database_residue(world, [], gone, []) == 1
        purge_entries(world.store, [world.ids[revoked.key]], actor="ana", reason="take it back for good")
        after = recallable(read_state(world.store, gated=False), RecallOptions(gated=False)).values()
        assert database_residue(world, gone, gone, after) == 0
    finally:
        world.store.close()
