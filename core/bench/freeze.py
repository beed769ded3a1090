"""`memrev bench freeze`: the freeze's speed on four agents' memory, and what a crash half-way through one leaves.

Four agents each hold `entries` entries, laid out as each agent holds that many within the caps it loads:
- Claude Code: one auto-memory folder whose MEMORY.md index lists at most 150 topic files (it must fit 200 lines /
  25,000 UTF-16 units), every other memory a daily log `logs/YYYY/MM/YYYY-MM-DD.md` (on demand, never indexed);
- Codex: a `v1` memory_summary.md of a few bullets (well under ~20,000 bytes), the rest in the MEMORY.md handbook
  (task groups of tasks and bullets);
- Hermes: MEMORY.md and USER.md, entries joined by a lone `§` line, the caps raised in `config.yaml` to fit them;
- OpenClaw: MEMORY.md of at most 100 items (under its 20,000-character bootstrap cap), the rest in daily logs.
Everything is imported into one store; in every source every 50th entry is revoked and every 50th (offset 25)
edited, so the freeze changes files in each. Figures, in one run:
- preview: `build_plan` of all four agents, against one `build_plan` per source (the store's entries, checks and
  conflicts read again for each source); the plain adapter reads of the same sources are the floor, in the note;
- freeze: `freeze(...)` of that plan, against the bare write-back of each changed source (`write_source`, no
  journal, no check of the written bytes, no record);
- rollback: `rollback(...)` of that freeze, and how many files did not come back byte for byte (aim 0);
- crash trials: `memrev freeze --yes --hold-unreviewed` in a child process SIGKILLed at a seeded random moment
  after its journal appears, then any `memrev` command (which recovers), then the invariant: every file is
  byte for byte its old or its new content, the sources are all old unless the store recorded the freeze (then
  all new), no temporary file is left in the memory folders, no entry id is lost; and the store agrees with the
  files again (every source's recorded digests are the files' own, or the next freeze refuses as drift).
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from memrev.core.bench.freeze_crash import crash_figures, crash_trials
from memrev.core.bench.freeze_layout import ACTOR, Layout, prepare, reset
from memrev.core.bench.store import Figure
from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import freeze
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import imported_sources, write_source
from memrev.core.store.memory_store import MemoryStore

AIM_S = 1.0
"""Preview, freeze and rollback of four agents' memory each aim to finish within this."""
RUNS = 3
"""Timed runs of each figure (each on a fresh copy of the tree); the figure is their median."""


# -- speed ------------------------------------------------------------------------------------------------


def _median(runs: list[float]) -> str:
    """`median of 3 (0.41, 0.39, 0.40 s)`."""
    return f"median of {len(runs)} ({', '.join(f'{run:.2f}' for run in runs)} s)"


def preview_figure(layout: Layout, count: int) -> Figure:
    """`build_plan` of every source, against one `build_plan` per source; the adapter reads as the floor."""
    reset(layout)
    with MemoryStore(layout.db) as store:
        runs, naive_runs = [], []
        for _ in range(RUNS):
            started = time.perf_counter()
            plan = build_plan(store, unreviewed=Unreviewed.HOLD)
            runs.append(time.perf_counter() - started)
            started = time.perf_counter()
            for ref in imported_sources(store):
                build_plan(store, unreviewed=Unreviewed.HOLD, only=[ref])
            naive_runs.append(time.perf_counter() - started)
        started = time.perf_counter()
        for ref in imported_sources(store):
            adapter_for(ref.kind).read(ref)
        floor = time.perf_counter() - started
    real, naive = statistics.median(runs), statistics.median(naive_runs)
    kept = sum(len(source.kept) for source in plan.sources)
    return Figure(f"preview of 4 agents x {count:,} entries", real, "s", f"< {AIM_S:.0f} s", naive,
                  "one build_plan per source", naive / real if real else None, real < AIM_S,
                  f"{len(plan.sources)} sources, {kept:,} entries kept, {len(plan.changed)} sources change; "
                  f"the adapters' reads alone take {floor:.2f} s; {_median(runs)}")


def _timed_freeze(layout: Layout, bare: bool) -> tuple[float, int]:
    """Reset, preview, and time the freeze (or the bare write-back of each changed source); files written."""
    reset(layout)
    with MemoryStore(layout.db) as store:
        plan = build_plan(store, unreviewed=Unreviewed.HOLD)
        started = time.perf_counter()
        if bare:
            for source in plan.changed:
                write_source(store, source.ref, source.kept, actor=ACTOR)
            written = sum(len(source.changed) for source in plan.changed)
        else:
            written = len(freeze(store, plan, actor=ACTOR).files)
        return time.perf_counter() - started, written


def freeze_figure(layout: Layout) -> Figure:
    """`freeze(...)` of the preview, against the bare write-back of each changed source."""
    runs, bare_runs, written = [], [], 0
    for _ in range(RUNS):
        bare_runs.append(_timed_freeze(layout, bare=True)[0])
        elapsed, written = _timed_freeze(layout, bare=False)
        runs.append(elapsed)
    real, bare = statistics.median(runs), statistics.median(bare_runs)
    return Figure("freeze of the same", real, "s", f"< {AIM_S:.0f} s", bare, "bare write_source per source",
                  bare / real if real else None, real < AIM_S,
                  f"{written} files written under one journal and recorded; {_median(runs)}")


def tree_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (Hermes's `.lock` files aside: they hold nothing) by relative path."""
    found = {}
    for where, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(".lock"):
                path = Path(where) / name
                found[str(path.relative_to(folder))] = path.read_bytes()
    return found


def rollback_figures(layout: Layout) -> list[Figure]:
    """Freeze, then time `rollback(...)`; every file of the agents must come back byte for byte."""
    runs, failed, differing = [], 0, 0
    pristine = tree_bytes(layout.pristine / "home")
    for _ in range(RUNS):
        reset(layout)
        with MemoryStore(layout.db) as store:
            freeze(store, build_plan(store, unreviewed=Unreviewed.HOLD), actor=ACTOR)
            started = time.perf_counter()
            rollback(store, actor=ACTOR)
            runs.append(time.perf_counter() - started)
        now = tree_bytes(layout.home)
        wrong = sum(now.get(name) != data for name, data in pristine.items()) + len(set(now) - set(pristine))
        failed += bool(wrong)
        differing += wrong
    real = statistics.median(runs)
    return [
        Figure("rollback of that freeze", real, "s", f"< {AIM_S:.0f} s", None, "", None, real < AIM_S,
               _median(runs)),
        Figure("rollback: files not back byte for byte", float(failed), "trials", "0", None, "", None,
               failed == 0, f"{differing} files differ after {RUNS} rollbacks, each compared with all "
                            f"{len(pristine):,} files of the agents' memory before the freeze"),
    ]


def run_freeze_bench(*, workdir: Path, entries: int = 1000, trials: int = 50) -> list[Figure]:
    """Every freeze figure for four agents of `entries` entries each, in files under `workdir`."""
    layout = prepare(workdir, entries)
    figures = [preview_figure(layout, entries), freeze_figure(layout), *rollback_figures(layout)]
    return figures + crash_figures(crash_trials(layout, trials))
