"""`memrev bench check`: the staleness checker's speed and memory against a one-git-command-per-reference baseline.

The checker runs in a fresh child process, so its peak memory is its own and not the repository builder's.
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import multiprocessing
import random
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from memrev.core.bench.check_baseline import naive_check
from memrev.core.bench.store import Figure
from memrev.core.check.references import extract_references
from memrev.core.model import Entry, Scope, ScopeKind

COLD, WARM, INCREMENTAL, LIVE, MEMORY = ("cold full check", "warm full check", "incremental re-check",
                                         "file event to verdicts (watcher)", "peak memory")
WARM_AIM_S, INCREMENTAL_AIM_MS, RATIO_AIM, MEMORY_AIM_MB = 1.0, 50.0, 50.0, 500.0
BASELINE_SAMPLE = 150
"""How many references the naive baseline really checks; its per-reference time is scaled to all of them."""


@dataclass(frozen=True)
class CheckerRun:
    """What the child process measured: times in seconds, peak memory in MB, and what the edit re-checked."""

    cold: float
    warm: float
    incremental: float
    live: float | None
    peak_mb: float
    rechecked: int
    rechecked_refs: int
    stale: int


def _measure(repo: Path, entries: list[Entry], editable: str, symbol: str, live: bool) -> CheckerRun:
    """Cold and warm full checks, one incremental re-check after an edit, and optionally the same through the watcher."""
    from memrev.core.check.checker import Checker

    started = time.perf_counter()
    checker = Checker(repo)
    checker.check_all(entries)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    results = checker.check_all(entries)
    warm = time.perf_counter() - started
    target = repo / editable
    original = target.read_text(encoding="utf-8")
    target.write_text(original.replace(f"def {symbol}(", f"def {symbol}_renamed("), encoding="utf-8")
    started = time.perf_counter()
    changed = checker.files_changed({editable})
    incremental = time.perf_counter() - started
    refs = sum(len(result.references) for result in changed.values())
    live_s = _through_watcher(checker, target, original) if live else None
    if not live:
        target.write_text(original, encoding="utf-8")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    checker.close()
    stale = sum(result.verdict.value == "stale" for result in results.values())
    return CheckerRun(cold, warm, incremental, live_s, peak, len(changed), refs, stale)


def _through_watcher(checker: object, target: Path, text: str) -> float | None:
    """Seconds from writing a file to re-checked verdicts through the real watcher (50 ms debounce included)."""
    import threading

    from memrev.core.check.live import live_checks

    stop = threading.Event()
    done: list[float] = []
    written: list[float] = []

    def watch() -> None:
        for _, results in live_checks(checker, stop=stop, debounce_ms=50):  # type: ignore[arg-type]
            if results and written:
                done.append(time.perf_counter() - written[0])
                stop.set()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    time.sleep(1.0)  # let the watcher register every folder
    written.append(time.perf_counter())
    target.write_text(text, encoding="utf-8")
    thread.join(timeout=20)
    stop.set()
    return done[0] if done else None


def _child(queue: multiprocessing.Queue, *args: object) -> None:
    """Run `_measure` in a fresh process and send back the result."""
    queue.put(_measure(*args))  # type: ignore[arg-type]


def measure_in_child(repo: Path, entries: list[Entry], editable: str, symbol: str, live: bool = True) -> CheckerRun:
    """Run the checker's measurements in a fresh process so its peak memory is its own."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_child, args=(queue, repo, entries, editable, symbol, live))
    process.start()
    result = queue.get(timeout=1800)
    process.join()
    return result


def entries_for_repo(repo: Path, count: int, seed: int = 7) -> tuple[list[Entry], str, str]:
    """Entries of about three references each (a file, a name it defines, a flag) drawn from any repository,
    with the file and name an edit will touch."""
    from memrev.core.check.repo_index import RepoIndex

    index = RepoIndex(repo)
    index.refresh()
    rng = random.Random(seed)
    defined = sorted((path, name) for name, where in index.definitions.items() for path in where
                     if not name.startswith("_") and len(name) > 3)
    flags = sorted(token for token in index.token_count if token.startswith("--") and len(token) > 4)
    gone = sorted(path for path in index.history.events if path not in index.files)
    if not defined:
        index.close()
        raise ValueError(f"{repo}: found no function or class definitions to build entries from")
    scope = Scope(ScopeKind.TEAM, index.project)
    editable, symbol = next(((path, name) for path, name in defined  # the edit renames a `def`, so pick one
                             if f"def {name}(" in (index.read_text(path) or "")), defined[0])
    entries = []
    for number in range(count):
        path, name = (editable, symbol) if number % 50 == 0 else rng.choice(defined)
        if gone and number % 10 == 5:
            path = rng.choice(gone)
        text = f"`{name}` is defined in `{path}`"
        if flags:
            text += f"; run it with `{rng.choice(flags)}`"
        entries.append(Entry(id=f"bench-{number:05d}", text=text + ".", scope=scope))
    index.close()
    return entries, editable, symbol


def _reference_count(entries: Sequence[Entry]) -> int:
    """How many references the entries name in all."""
    return sum(len(extract_references(entry.text)) for entry in entries)


def run_check_bench(run: CheckerRun, entries: Sequence[Entry], repo: Path, *, sample: int = BASELINE_SAMPLE,
                    note: str = "") -> list[Figure]:
    """The figures of one checker run, each next to the naive baseline measured now on the same repository."""
    total_refs = _reference_count(entries)
    checked, seconds = naive_check(repo, entries, limit=sample)
    per_ref = seconds / max(1, checked)
    naive_all = per_ref * total_refs
    naive_incremental = per_ref * run.rechecked_refs
    basis = f"one git command per reference, {checked} timed, scaled to {total_refs:,}"
    figures = [
        Figure(COLD, run.cold, "s", "(index build included)", naive_all, basis, naive_all / run.cold, None, note),
        Figure(WARM, run.warm, "s", f"< {WARM_AIM_S:g} s, ≥ {RATIO_AIM:g}x", naive_all, basis, naive_all / run.warm,
               run.warm < WARM_AIM_S and naive_all / run.warm >= RATIO_AIM),
        Figure(INCREMENTAL, run.incremental * 1000, "ms", f"< {INCREMENTAL_AIM_MS:g} ms", naive_incremental * 1000,
               f"the {run.rechecked} affected entries' {run.rechecked_refs} references, one git command each",
               naive_incremental / run.incremental if run.incremental and run.rechecked else None,
               run.incremental * 1000 < INCREMENTAL_AIM_MS),
    ]
    if run.live is not None:
        figures.append(Figure(LIVE, run.live * 1000, "ms", "(50 ms debounce included)", None, "", None, None))
    figures.append(Figure(MEMORY, run.peak_mb, "MB", f"< {MEMORY_AIM_MB:g} MB", None, "", None,
                          run.peak_mb < MEMORY_AIM_MB, "peak RSS of the checking process"))
    return figures
