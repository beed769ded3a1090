"""`memrev freeze` SIGKILLed at random points in a real child process: after the next `memrev` command (which
recovers), every agent file holds its whole old or its whole new bytes, the sources are all old unless the store
recorded the freeze (then all new), no temporary file is left in the memory folders (memrev's own, or the `.mem_*`
ones it writes Hermes's files through), no entry is lost, and the store agrees with the files."""

from __future__ import annotations

import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from memrev.core.bench.freeze_crash import check_trial, journal_of, memrev_command, start_freeze, wait_for
from memrev.core.bench.freeze_layout import Layout, prepare, reset
from memrev.core.store.memory_store import MemoryStore

TRIALS = 5
SEED = 20260520
WINDOW_S = 0.15
"""Kills land within this long after the freeze's journal appears (its writes take about 0.1 s at this size)."""


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> Layout:
    """Four agents of 20 entries each, imported and reviewed (entries revoked and edited), with a pristine copy."""
    return prepare(tmp_path_factory.mktemp("crash"), 20)


def _kill_at_random(layout: Layout, journal: Path, delay: float) -> bool:
    """Start `memrev freeze`, SIGKILL it `delay` seconds after its journal appears; whether it was mid-write."""
    process = start_freeze(layout.db)
    if wait_for(journal, process) is None:
        pytest.fail(f"the freeze ended before it wrote anything: {process.communicate()[1].decode()}")
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.communicate()
    return journal.exists()


def _recover(layout: Layout) -> None:
    """Any `memrev` command recovers an interrupted freeze first; `freezes` only lists them."""
    done = subprocess.run(memrev_command(layout.db, "freezes"), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()


def _source_states(layout: Layout, trial: int) -> dict[str, set[str]]:
    """Each source's changed files as `old` or `new`; fails on a file that holds neither."""
    states: dict[str, set[str]] = {}
    for label, files in layout.expected.items():
        for path, (old, new) in files.items():
            now = path.read_bytes() if path.is_file() else None
            assert now in (old, new), f"trial {trial}: {path} holds neither its old nor its new bytes"
            if old != new:
                states.setdefault(label, set()).add("new" if now == new else "old")
    return states


def _temporaries(layout: Layout) -> tuple[list[Path], list[Path]]:
    """memrev's `*.memrev.tmp`, and Hermes's `.mem_*.tmp`, anywhere in the agents' memory folders."""
    found = [path for ref in layout.refs for path in ref.root.rglob("*") if path.name.endswith(".tmp")]
    return ([path for path in found if path.name.endswith(".memrev.tmp")],
            [path for path in found if path.name.startswith(".mem_")])


def test_freezes_killed_at_random_points_leave_a_whole_snapshot(layout: Layout) -> None:
    """Five freezes killed at seeded random moments of their writes; the invariant holds after each recovery."""
    rng = random.Random(SEED)
    journal = journal_of(layout.db)
    mid_write = 0
    for trial in range(TRIALS):
        reset(layout)
        mid_write += _kill_at_random(layout, journal, rng.uniform(0.0, WINDOW_S))
        _recover(layout)
        with MemoryStore(layout.db) as store:
            recorded = store.conn.execute("select count(*) from freezes where kind = 'freeze'").fetchone()[0] == 1
            stored = {entry.id for entry in store.entries()}
        states = _source_states(layout, trial)
        assert len(states) == 4
        want = "new" if recorded else "old"
        assert all(state == {want} for state in states.values()), f"trial {trial}: {states} (recorded: {recorded})"
        ours, hermes = _temporaries(layout)
        assert not ours and not hermes, f"trial {trial}: {ours + hermes}"
        assert layout.entry_ids <= stored, f"trial {trial}: entries lost {sorted(layout.entry_ids - stored)}"
        assert not journal.exists(), f"trial {trial}: the freeze's journal outlived the recovery"
        assert not check_trial(layout).out_of_step, f"trial {trial}: the store disagrees with the files"
    assert mid_write >= 1, "no kill landed while the freeze was writing; the trials proved nothing"
