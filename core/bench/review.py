"""`memrev bench review`: the human gate's speed on 10,000 entries, each figure against the naive path in one run.

- confirm of every selected entry: one undoable action in one transaction, against one transaction per entry;
- the next item of the triage queue (p95): the queue built once and walked, against rebuilding it per item;
- undo of the last action: the journal's recorded statements replayed, against restoring each entry from the event
  log's `before` in its own transaction (and the undo of the whole 10,000-entry confirmation, reported).
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from memrev.core.bench.store import Figure, synthetic_entries
from memrev.core.check.model import EntryCheck, Verdict
from memrev.core.model import Status
from memrev.core.review.actions import confirm
from memrev.core.review.triage import TriageSession, build_queue, still_needed
from memrev.core.review.undo import undo
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import parse_time

CONFIRM_AIM_S = 1.0
NEXT_AIM_MS = 50.0
UNDO_AIM_MS = 50.0
CONFIRM_RUNS = 3
"""Confirmations timed (each on a fresh store); the figure is their median."""
NAIVE_SAMPLE = 300
"""How many entries the one-transaction-per-entry baselines really handle; their time is scaled to n."""
NEXT_SAMPLE = 200
"""How many triage steps are timed (the rebuilding baseline: a tenth of them)."""


def _checks(entries: list, head: str = "f" * 40) -> dict[str, EntryCheck]:
    """Synthetic checks: most entries fresh, every seventh stale, every eleventh changed."""
    checks = {}
    for index, entry in enumerate(entries):
        verdict = Verdict.STALE if index % 7 == 0 else Verdict.CHANGED if index % 11 == 0 else Verdict.FRESH
        checks[entry.id] = EntryCheck(entry.id, verdict, 0.4 if verdict is not Verdict.FRESH else 0.8,
                                      f"synthetic {verdict.value}", head=head)
    return checks


def _store(folder: Path, name: str, n: int) -> tuple[MemoryStore, list[str], dict[str, EntryCheck]]:
    """A fresh store of n pending entries with their checks."""
    entries = [entry.evolve(status=Status.PENDING) for entry in synthetic_entries(n)]
    store = MemoryStore(folder / f"{name}.db")
    store.apply(entries, actor="bench")
    checks = _checks(entries)
    store.save_checks(checks.values())
    return store, [entry.id for entry in entries], checks


def _confirm_figures(folder: Path, n: int) -> tuple[Figure, MemoryStore, MemoryStore]:
    """Confirm every entry in one action, against one `set_review` transaction per entry (a sample, scaled);
    returns both stores for the undo figures."""
    runs = []
    for attempt in range(CONFIRM_RUNS):  # the median of a few: a commit's fsync varies from run to run
        store, ids, checks = _store(folder, f"confirm-{attempt}", n)
        started = time.perf_counter()
        result = confirm(store, ids, actor="bench", despite_stale=True, checks=checks)
        runs.append(time.perf_counter() - started)
        if attempt < CONFIRM_RUNS - 1:
            store.close()
    real = statistics.median(runs)
    naive_store, naive_ids, naive_checks = _store(folder, "confirm-naive", min(n, NAIVE_SAMPLE))
    started = time.perf_counter()
    for entry_id in naive_ids:
        check = naive_checks[entry_id]
        naive_store.set_review(entry_id, actor="bench", action="confirm", status=Status.CONFIRMED,
                               verified_at=naive_store.clock(), verified_commit=check.head, confidence=0.9,
                               confidence_reason="confirmed")
    naive = (time.perf_counter() - started) * n / len(naive_ids)
    figure = Figure("confirm of the selection", real, "s", f"< {CONFIRM_AIM_S:.0f} s", naive,
                    "one transaction per entry", naive / real if real else None, real < CONFIRM_AIM_S,
                    f"{len(result.changed):,} entries confirmed in one undoable action; median of {CONFIRM_RUNS} "
                    f"({', '.join(f'{run:.2f}' for run in runs)} s)")
    return figure, store, naive_store


def _next_item_figure(folder: Path, n: int) -> Figure:
    """p95 of moving to the next triage item, against building the queue again for every item."""
    store, _, checks = _store(folder, "triage", n)
    entries = store.entries()
    by_id = {entry.id: entry for entry in entries}
    started = time.perf_counter()
    session = TriageSession(build_queue(entries, checks))
    build = time.perf_counter() - started
    steps = []
    for _ in range(min(NEXT_SAMPLE, len(session.items) - 1)):
        started = time.perf_counter()
        session.decide("skipped", lambda item: still_needed(item, by_id, checks))
        current = session.current
        assert current is not None and by_id[current.entry_id or ""] is not None
        steps.append((time.perf_counter() - started) * 1000)
    naive_steps = []
    for position in range(max(1, len(steps) // 10)):
        started = time.perf_counter()
        queue = build_queue(store.entries(), store.checks())
        _ = queue[position + 1]
        naive_steps.append((time.perf_counter() - started) * 1000)
    store.close()
    p95 = statistics.quantiles(steps, n=20)[-1] if len(steps) >= 20 else max(steps)
    naive = statistics.quantiles(naive_steps, n=20)[-1] if len(naive_steps) >= 20 else max(naive_steps)
    return Figure("triage: next item p95", p95, "ms", f"< {NEXT_AIM_MS:.0f} ms", naive,
                  "rebuild the queue per item", naive / p95 if p95 else None, p95 < NEXT_AIM_MS,
                  f"{len(session.items):,} items queued from {n:,} entries in {build:.2f} s")


def _restore_from_log(store: MemoryStore, entry_id: str) -> None:
    """The naive undo of a confirmation: the entry's fields put back from its last event's `before`."""
    event = next(e for e in reversed(store.events(entry_id)) if e.action == "confirm")
    fields = {key: value for key, value in (event.before or {}).items() if key in MemoryStore.REVIEW_FIELDS}
    if "status" in fields:
        fields["status"] = Status(fields["status"])
    if fields.get("verified_at"):
        fields["verified_at"] = parse_time(fields["verified_at"], "verified_at")
    store.set_review(entry_id, actor="bench", action="undo", **fields)


def _undo_figures(store: MemoryStore, naive_store: MemoryStore, n: int) -> list[Figure]:
    """Undo the n-entry confirmation, then a one-entry one, each against restoring from the event log."""
    started = time.perf_counter()
    [batch] = undo(store, actor="bench").undone
    batch_s = time.perf_counter() - started
    sample = [entry.id for entry in naive_store.entries()]
    started = time.perf_counter()
    for entry_id in sample:
        _restore_from_log(naive_store, entry_id)
    naive_batch_s = (time.perf_counter() - started) * n / max(1, len(sample))
    single = store.entries()[0].id
    singles, naive_singles = [], []
    for round_ in range(5):
        confirm(store, [single], actor="bench", despite_stale=True)
        started = time.perf_counter()
        undo(store, actor="bench")
        singles.append((time.perf_counter() - started) * 1000)
        entry_id = sample[round_]
        naive_store.set_review(entry_id, actor="bench", action="confirm", status=Status.CONFIRMED,
                               confidence_reason="confirmed")
        started = time.perf_counter()
        _restore_from_log(naive_store, entry_id)
        naive_singles.append((time.perf_counter() - started) * 1000)
    real_ms, naive_ms = statistics.median(singles), statistics.median(naive_singles)
    return [
        Figure("undo of the last action", real_ms, "ms", f"< {UNDO_AIM_MS:.0f} ms", naive_ms,
               "restore the entry from the event log", naive_ms / real_ms if real_ms else None,
               real_ms < UNDO_AIM_MS, "a one-entry confirmation; median of 5"),
        Figure(f"undo of the {n:,}-entry confirmation", batch_s, "s", "(reported)", naive_batch_s,
               "restore each entry from the event log", naive_batch_s / batch_s if batch_s else None, None,
               f"{len(batch.entry_ids):,} entries restored in one transaction"),
    ]


def run_review_bench(n: int, *, workdir: Path) -> list[Figure]:
    """Every review figure for n entries, in files under `workdir`."""
    figure, store, naive_store = _confirm_figures(workdir, n)
    figures = [figure, _next_item_figure(workdir, n), *_undo_figures(store, naive_store, n)]
    store.close()
    naive_store.close()
    return figures
