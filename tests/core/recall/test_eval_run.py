"""The recall experiment end to end on the twelve, in real git repositories and a real SQLite file: the reviewed arm
meets the issue's aims, the raw arm shows what review removes, and two runs give the same report."""

from __future__ import annotations

import json
from pathlib import Path

from memrev.core.bench.recall_eval import run_eval


def test_the_reviewed_arm_injects_nothing_stale_leaves_no_residue_and_revokes_nothing_true(tmp_path: Path) -> None:
    run = run_eval(tmp_path / "one")
    raw, reviewed = run.report["arms"]["raw"], run.report["arms"]["reviewed"]
    assert reviewed["stale_injection_snapshot"] == {"by_count": 0.0, "by_tokens": 0.0}
    assert reviewed["stale_injection_recall"] == {"by_count": 0.0, "by_tokens": 0.0}
    assert reviewed["residue"]["total"] == 0 and reviewed["false_revokes"]["rate"] == 0.0
    assert reviewed["superseded_value_rate"] == 0.0 and reviewed["explicit_conflict_rate"] == 1.0
    assert reviewed["must_not_rate"] == 0.0 and reviewed["recall_at_k"] == 1.0
    # raw: half of what the agents hold is stale; the revoked Friday rule is still in the files, the snapshot, recall
    # and the database (raw recall still reaches it)
    assert raw["stale_injection_snapshot"]["by_count"] == 0.5
    assert raw["residue"] == {"total": 4, "snapshot": 1, "recall": 1, "agent_files": 1, "database": 1}
    assert raw["superseded_value_rate"] == 1.0 and raw["explicit_conflict_rate"] == 0.0
    assert reviewed["extra_tokens"]["snapshot_tokens"] < raw["extra_tokens"]["snapshot_tokens"]
    assert reviewed["extra_tokens"]["annotation_tokens"] > 0 == raw["extra_tokens"]["annotation_tokens"]
    assert run.build_seconds + run.run_seconds < 10
    again = run_eval(tmp_path / "two")
    assert json.dumps(again.report, sort_keys=True) == json.dumps(run.report, sort_keys=True)
