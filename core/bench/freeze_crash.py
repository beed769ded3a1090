"""The crash trials of `memrev bench freeze`: a freeze SIGKILLed at random points, and the invariant after recovery
(whole old or whole new files, all sources old unless the store recorded the freeze, no temporaries, no entry
lost, the store in step with the files)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from memrev.core.bench.freeze_layout import ACTOR, Expected, Layout, reset
from memrev.core.bench.store import Figure
from memrev.core.freeze.journal import freeze_journal_path
from memrev.core.safe_io import current_bytes
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import imported_digests, imported_sources
from memrev.core.store.memory_store import MemoryStore

KILL_WINDOW = 1.25
"""Kills land at random within the time a freeze's journal stays on disk, stretched by this much (some after)."""
TEMPORARY_SUFFIXES = (".memrev.tmp", ".journal.tmp")
"""Names of the temporary files memrev writes (Hermes's own are `.mem_*.tmp`)."""


# -- the invariant after a crash --------------------------------------------------------------------------


@dataclass
class TrialCheck:
    """What one crash trial left after recovery, against what the freeze's preview said."""

    partial: list[str] = field(default_factory=list)
    """Files that hold neither their old nor their new bytes (cut short, missing, or something else)."""
    old: list[str] = field(default_factory=list)
    """Sources whose changed files all hold their old bytes."""
    new: list[str] = field(default_factory=list)
    """Sources whose changed files all hold their new bytes."""
    torn: list[str] = field(default_factory=list)
    """Sources with some files old and some new."""
    recorded: bool = False
    temporaries: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    out_of_step: list[str] = field(default_factory=list)
    """Sources whose files differ from what the store recorded at its last import of them."""

    @property
    def mixed(self) -> bool:
        """Whether the snapshot is not whole: some source torn, or the sources not all in the state the store's
        record says (recorded: every source new; not recorded: every source old)."""
        return bool(self.torn) or bool(self.old if self.recorded else self.new)


def _source_state(files: Mapping[Path, tuple[bytes | None, bytes | None]],
                  read: Callable[[Path], bytes | None]) -> tuple[str, list[str]]:
    """`old`, `new`, `torn` or `same` (nothing changes) for one source, and its files that are neither."""
    states, partial = set(), []
    for path, (before, after) in files.items():
        if before == after:
            if read(path) != before:
                partial.append(str(path))
            continue
        now = read(path)
        if now == before:
            states.add("old")
        elif now == after:
            states.add("new")
        else:
            partial.append(str(path))
    if len(states) > 1:
        return "torn", partial
    return (states.pop() if states else "same"), partial


def temporaries(folders: Sequence[Path]) -> list[str]:
    """Temporary files (memrev's `*.memrev.tmp`, a journal's `*.journal.tmp`, Hermes's `.mem_*.tmp`) under folders."""
    found = []
    for folder in folders:
        for where, _, names in os.walk(folder):
            found.extend(str(Path(where) / name) for name in names
                         if name.endswith(TEMPORARY_SUFFIXES) or (name.startswith(".mem_") and name.endswith(".tmp")))
    return sorted(found)


def check_files(expected: Expected, *, recorded: bool, folders: Sequence[Path] = (),
                read: Callable[[Path], bytes | None] = current_bytes) -> TrialCheck:
    """Compare every file of every source with its old and new bytes; list temporaries left under `folders`."""
    result = TrialCheck(recorded=recorded, temporaries=temporaries(folders))
    for label, files in expected.items():
        state, partial = _source_state(files, read)
        result.partial.extend(partial)
        {"old": result.old, "new": result.new, "torn": result.torn}.get(state, []).append(label)
    return result


def check_store(store: MemoryStore, entry_ids: frozenset[str], result: TrialCheck) -> TrialCheck:
    """Add what the store says: whether it recorded a freeze, entries lost, and sources out of step with it."""
    result.lost = sorted(entry_ids - {e.id for e in store.entries()})
    for ref in imported_sources(store):
        recorded = imported_digests(store, ref)
        now = {str(path): digest for path, digest in adapter_for(ref.kind).read(ref).files.items()}
        if recorded != now:
            result.out_of_step.append(ref.label)
    return result


def freeze_recorded(store: MemoryStore) -> bool:
    """Whether the store holds a freeze (a trial starts from a store with none)."""
    return store.conn.execute("select count(*) from freezes where kind = 'freeze'").fetchone()[0] > 0


def check_trial(layout: Layout) -> TrialCheck:
    """The invariant after recovery: the files, the temporaries in the memory folders, and the store."""
    with MemoryStore(layout.db) as store:
        recorded = freeze_recorded(store)
        result = check_files(layout.expected, recorded=recorded, folders=[ref.root for ref in layout.refs])
        return check_store(store, layout.entry_ids, result)


# -- the child processes ----------------------------------------------------------------------------------


def memrev_command(db: Path, *args: str) -> list[str]:
    """A `memrev` command line against this store, run by this interpreter."""
    return [sys.executable, "-m", "memrev.tui", "--db", str(db), "--actor", ACTOR, *args]


def start_freeze(db: Path) -> subprocess.Popen[bytes]:
    """`memrev freeze --yes --hold-unreviewed` in a child process."""
    return subprocess.Popen(memrev_command(db, "freeze", "--yes", "--hold-unreviewed", "--brief"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def recover_with_cli(db: Path) -> str:
    """Run `memrev freezes` (any command recovers an interrupted freeze first); its notes on stderr."""
    done = subprocess.run(memrev_command(db, "freezes"), capture_output=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"memrev freezes failed after a crash: {done.stderr.decode(errors='replace')}")
    return done.stderr.decode(errors="replace")


def wait_for(path: Path, process: subprocess.Popen[bytes]) -> float | None:
    """Wait until `path` exists (the freeze's journal: its writes begin); the time it appeared, or None if the
    process ended first."""
    while process.poll() is None:
        if path.exists():
            return time.perf_counter()
        time.sleep(0.0005)
    return None


def journal_of(db: Path) -> Path:
    """Where the freeze of this store keeps its journal while it writes."""
    with MemoryStore(db) as store:
        path = freeze_journal_path(store)
    assert path is not None
    return path


def wait_gone(path: Path, process: subprocess.Popen[bytes]) -> float:
    """Wait until `path` is gone (the freeze's writes are over) or the process ended; the time then."""
    while process.poll() is None and path.exists():
        time.sleep(0.0005)
    return time.perf_counter()


def calibrate(layout: Layout, journal: Path) -> float:
    """Run one freeze to its end; the seconds its journal stayed on disk (the window kills aim at). Refuses
    unless the finished freeze left exactly the files the preview showed."""
    reset(layout)
    process = start_freeze(layout.db)
    appeared = wait_for(journal, process)
    gone = wait_gone(journal, process)
    _, stderr = process.communicate(timeout=300)
    if process.returncode != 0:
        raise RuntimeError(f"the bench's freeze failed: {stderr.decode(errors='replace')}")
    check = check_files(layout.expected, recorded=True)
    if check.partial or check.mixed:
        raise RuntimeError(f"the freeze wrote other bytes than its preview: {check.partial or check.old}")
    return gone - appeared if appeared is not None else 0.05


@dataclass
class CrashTally:
    """Crash trials summed up: how many trials showed each kind of damage, and how much of it."""

    trials: int = 0
    mid_write: int = 0
    """Kills that landed while the freeze's journal was on disk (its writes under way)."""
    finished: int = 0
    """Freezes that had ended on their own before the kill came."""
    gave_up: int = 0
    """Kills that landed after the freeze had put its files back and removed its journal (it had failed)."""
    failed: int = 0
    """Freezes that ended with an error before the kill came (a bench that fails to freeze proves nothing)."""
    failures: list[str] = field(default_factory=list)
    recorded: int = 0
    partial_trials: int = 0
    partial_files: int = 0
    mixed: int = 0
    temporaries: int = 0
    temporary_files: int = 0
    lost_trials: int = 0
    lost_entries: int = 0
    out_of_step: int = 0
    out_of_step_kinds: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    """A few of the partial files and temporaries found."""

    def add(self, check: TrialCheck, kill: Kill) -> None:
        """Count one trial."""
        self.trials += 1
        self.mid_write += kill.journal_was_there
        self.finished += kill.returncode == 0
        self.gave_up += kill.returncode == -signal.SIGKILL and not (kill.journal_was_there or check.recorded)
        if kill.returncode not in (0, -signal.SIGKILL):
            self.failed += 1
            if len(self.failures) < 2:
                self.failures.append(f"exit {kill.returncode}: {kill.stderr.splitlines()[-1] if kill.stderr else ''}")
        self.recorded += check.recorded
        self.partial_trials += bool(check.partial)
        self.partial_files += len(check.partial)
        self.mixed += check.mixed
        self.temporaries += bool(check.temporaries)
        self.temporary_files += len(check.temporaries)
        self.lost_trials += bool(check.lost)
        self.lost_entries += len(check.lost)
        self.out_of_step += bool(check.out_of_step)
        self.out_of_step_kinds.update(label.split(":", 1)[0] for label in check.out_of_step)
        for problem in (*check.partial, *check.temporaries):
            if len(self.examples) < 3 and problem not in self.examples:
                self.examples.append(problem)


@dataclass(frozen=True)
class Kill:
    """How one killed freeze ended: whether its journal was on disk after the kill, its exit code, its errors."""

    journal_was_there: bool
    returncode: int
    stderr: str


def crash_trial(layout: Layout, journal: Path, delay: float) -> tuple[TrialCheck, Kill]:
    """Reset, start a freeze, SIGKILL it `delay` seconds after its journal appears, recover, check."""
    reset(layout)
    process = start_freeze(layout.db)
    if wait_for(journal, process) is not None:
        time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    _, stderr = process.communicate()
    kill = Kill(journal.exists(), process.returncode, stderr.decode(errors="replace").strip())
    recover_with_cli(layout.db)
    return check_trial(layout), kill


def crash_trials(layout: Layout, trials: int, seed: int = 13) -> CrashTally:
    """Kill `trials` freezes at seeded random moments from the start of their writes to a little after their end
    (the journal's time on disk, and a quarter more), and check each one."""
    journal = journal_of(layout.db)
    window = calibrate(layout, journal) * KILL_WINDOW
    rng = random.Random(seed)
    tally = CrashTally()
    for _ in range(trials):
        check, kill = crash_trial(layout, journal, rng.uniform(0.0, window))
        tally.add(check, kill)
    return tally


def crash_figures(tally: CrashTally) -> list[Figure]:
    """The crash trials' counts, each aiming at none."""
    where = (f"{tally.trials} trials: {tally.mid_write} killed while the freeze's journal was on disk, "
             f"{tally.recorded} after the store recorded the freeze, {tally.finished} already finished"
             + (f", {tally.gave_up} after the freeze had failed and undone itself" if tally.gave_up else "")
             + (f", {tally.failed} FAILED on their own ({'; '.join(tally.failures)})" if tally.failed else ""))
    examples = f"; e.g. {', '.join(tally.examples)}" if tally.examples else ""
    kinds = ", ".join(f"{kind} in {count}" for kind, count in sorted(tally.out_of_step_kinds.items()))
    rows = [("crash: trials with partial/missing files", tally.partial_trials,
             f"{tally.partial_files} files; {where}{examples}"),
            ("crash: trials with a mixed snapshot", tally.mixed,
             "some sources old and some new after recovery, or not as the store's record says"),
            ("crash: trials with temporaries left", tally.temporaries,
             f"{tally.temporary_files} files in the memory folders"),
            ("crash: trials with entries lost", tally.lost_trials, f"{tally.lost_entries} entry ids"),
            ("crash: freezes that failed on their own", tally.failed + tally.gave_up,
             "ended with an error, or had undone themselves, before the kill came (the trial tested no crash)"),
            ("crash: trials with store out of step", tally.out_of_step,
             "the store's import digests differ from the files after recovery, so the next freeze refuses as "
             f"drift{f' ({kinds})' if kinds else ''}")]
    return [Figure(name, float(count), "trials", "0", None, "", None, count == 0, what) for name, count, what in rows]
