"""Run the recall experiment end to end in a folder: build the world, observe the raw arm, review and freeze,
observe the reviewed arm, and measure both; the report is the same on every run."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memrev.core.bench.recall_arms import both_arms
from memrev.core.recall.eval_metrics import measure
from memrev.core.recall.eval_set import EvalSet, twelve
from memrev.core.bench.recall_world import build_world

DEFAULT_K = 3
"""Results per query: an agent's recall is handed a few entries, and at 3 a wrong one is a third of them."""


@dataclass(frozen=True)
class EvalRun:
    """The report (deterministic), and how long building and running took (not part of the report)."""

    report: dict[str, Any]
    build_seconds: float
    run_seconds: float


def run_eval(target: Path, data: EvalSet | None = None, *, k: int = DEFAULT_K, label: str = "twelve") -> EvalRun:
    """Build the experiment in `target` (an empty or new folder) and measure both arms on the same tasks."""
    data = data or twelve()
    started = time.perf_counter()
    world = build_world(Path(target), data)
    built = time.perf_counter()
    try:
        raw, reviewed, log = both_arms(world, data, k=k)
    finally:
        world.store.close()
    report = {
        "set": label, "memories": len(data.memories), "tasks": len(data.tasks), "projects": len(data.projects),
        "k": k, "kinds": _counts(memory.kind for memory in data.memories),
        "arms": {"raw": measure(raw, data.memories, data.tasks),
                 "reviewed": measure(reviewed, data.memories, data.tasks, raw)},
        "review": dict(sorted(log.actions.items())),
    }
    return EvalRun(report, built - started, time.perf_counter() - built)


def _counts(values: Any) -> dict[str, int]:
    """How many of each value, by value."""
    counted: dict[str, int] = {}
    for item in values:
        counted[item] = counted.get(item, 0) + 1
    return dict(sorted(counted.items()))
