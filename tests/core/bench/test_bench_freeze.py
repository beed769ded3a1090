"""The freeze bench at a tiny size: sane figures, agents' files within their caps, and an invariant checker that
does count a truncated file, a torn or unrecorded snapshot, a leftover temporary, a lost entry and a stale store."""

from __future__ import annotations

import math
import signal
from pathlib import Path

import pytest

from memrev.core.bench.freeze import run_freeze_bench
from memrev.core.bench.freeze_crash import (CrashTally, Kill, check_files, check_store, check_trial, crash_figures,
                                            freeze_recorded)
from memrev.core.bench.freeze_layout import CLAUDE_INDEXED, Layout, prepare, reset, write_agents
from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.write import freeze
from memrev.core.sources.claude_index import fits_index
from memrev.core.sources.codex_memories import SUMMARY_MAX_BYTES
from memrev.core.sources.hermes import read_limits
from memrev.core.sources.openclaw_workspace import BOOTSTRAP_MAX_CHARS
from memrev.core.store.memory_store import MemoryStore

ENTRIES = 20


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    """One tiny bench run (two crash trials), shared by the tests that read its figures."""
    return {figure.name: figure for figure in run_freeze_bench(workdir=tmp_path_factory.mktemp("bench"),
                                                               entries=ENTRIES, trials=2)}


def test_speed_figures_are_measured_against_a_baseline(figures):
    """Preview and freeze are timed with their baselines; rollback is timed and puts every file back."""
    preview, frozen = figures[f"preview of 4 agents x {ENTRIES} entries"], figures["freeze of the same"]
    for figure in (preview, frozen, figures["rollback of that freeze"]):
        assert figure.unit == "s" and 0 < figure.value < 30 and math.isfinite(figure.value)
    for figure in (preview, frozen):
        assert figure.baseline and figure.baseline > 0 and figure.ratio == pytest.approx(figure.baseline / figure.value)
    assert "4 sources" in preview.note and "4 sources change" in preview.note
    assert int(frozen.note.split(" files written")[0]) >= 4  # at least one file in every source
    restored = figures["rollback: files not back byte for byte"]
    assert restored.value == 0 and restored.passed


def test_crash_trials_keep_the_invariant(figures):
    """Two killed freezes: no partial file, no mixed snapshot, no temporary left, no entry lost."""
    for name in ("trials with partial/missing files", "trials with a mixed snapshot", "trials with temporaries left",
                 "trials with entries lost", "freezes that failed on their own"):
        figure = figures[f"crash: {name}"]
        assert figure.value == 0 and figure.passed, figure.note
    assert "2 trials" in figures["crash: trials with partial/missing files"].note
    assert "crash: trials with store out of step" in figures


def test_agents_hold_a_thousand_entries_within_their_caps(tmp_path):
    """At the bench's full size every file an agent loads at start fits the cap it loads it under."""
    claude, codex, hermes, openclaw = write_agents(tmp_path / "home", tmp_path / "project", 1000)
    index = (claude.root / "MEMORY.md").read_text(encoding="utf-8")
    assert fits_index(index) and len(index.splitlines()) == CLAUDE_INDEXED
    assert len(list(claude.root.rglob("*.md"))) == 1000 + 1
    assert len((codex.root / "memory_summary.md").read_bytes()) < SUMMARY_MAX_BYTES
    assert (codex.root / "memory_summary.md").read_text(encoding="utf-8").startswith("v1\n")
    limits, warnings = read_limits(hermes.root)
    assert not warnings
    for name in ("MEMORY.md", "USER.md"):
        assert len((hermes.root / name).read_text(encoding="utf-8")) <= limits[name] < 10 ** 7
    assert len((openclaw.root / "MEMORY.md").read_text(encoding="utf-8")) < BOOTSTRAP_MAX_CHARS


@pytest.fixture
def frozen(tmp_path) -> Layout:
    """A tiny layout, frozen in this process (every changed file holds its new bytes, the freeze recorded)."""
    layout = prepare(tmp_path, ENTRIES)
    with MemoryStore(layout.db) as store:
        freeze(store, build_plan(store, unreviewed=Unreviewed.HOLD), actor="test")
    return layout


def _changed(layout: Layout, kind: str) -> list[tuple[Path, bytes | None, bytes | None]]:
    """The files a source's freeze changed, with their old and new bytes."""
    label = next(label for label in layout.expected if label.startswith(f"{kind}:"))
    return [(path, old, new) for path, (old, new) in layout.expected[label].items() if old != new]


def test_a_finished_freeze_passes_and_counts_as_recorded(frozen):
    """Every source new and the freeze recorded: nothing to report."""
    check = check_trial(frozen)
    assert check.recorded and not (check.partial or check.mixed or check.temporaries or check.lost)
    assert len(check.new) == 4 and not check.old and not check.out_of_step


def test_a_truncated_or_missing_file_is_counted_partial(frozen):
    """A file cut short, and a file that should exist but does not, are neither old nor new."""
    (cut, _, new), *_ = [change for change in _changed(frozen, "hermes") if change[2]]
    cut.write_bytes(new[: len(new) // 2])
    missing = next(path for path, before, after in _changed(frozen, "claude") if before and after)
    missing.unlink()
    check = check_files(frozen.expected, recorded=True)
    assert sorted(check.partial) == sorted([str(cut), str(missing)])


def test_a_torn_or_unrecorded_snapshot_is_counted_mixed(frozen):
    """One source put back to its old bytes after a recorded freeze is a mix; so is a whole new snapshot the store
    never recorded."""
    assert check_files(frozen.expected, recorded=True).mixed is False
    assert check_files(frozen.expected, recorded=False).mixed is True
    for path, old, _ in _changed(frozen, "openclaw"):
        path.write_bytes(old) if old is not None else path.unlink()
    check = check_files(frozen.expected, recorded=True)
    assert check.mixed and [label.split(":")[0] for label in check.old] == ["openclaw"] and not check.partial
    claude = _changed(frozen, "claude")
    path, old, _ = next(change for change in claude if change[1] is not None)
    path.write_bytes(old)  # one of Claude's changed files back: that source itself is torn
    assert len(claude) > 1 and [label.split(":")[0] for label in check_files(frozen.expected, recorded=True).torn] \
        == ["claude"]


def test_temporaries_in_the_memory_folders_are_counted(frozen):
    """memrev's `*.memrev.tmp` and Hermes's `.mem_*.tmp` left in a memory folder are found."""
    roots = {ref.kind: ref.root for ref in frozen.refs}
    (roots["hermes"] / ".mem_k2x9.tmp").write_bytes(b"half")
    (roots["claude"] / "logs" / ".x.md.ab12.memrev.tmp").write_bytes(b"half")
    assert len(check_files(frozen.expected, recorded=True, folders=list(roots.values())).temporaries) == 2


def test_a_lost_entry_and_a_store_out_of_step_are_counted(frozen):
    """An id the store no longer holds is lost; a file changed behind the store's back puts its source out of step."""
    check = check_trial(frozen)
    with MemoryStore(frozen.db) as store:
        check = check_store(store, frozen.entry_ids | {"m-gone"}, check)
    assert check.lost == ["m-gone"] and not check.out_of_step
    hermes = next(ref for ref in frozen.refs if ref.kind == "hermes")
    (hermes.root / "USER.md").write_text("The agent wrote this after the freeze.", encoding="utf-8")
    assert [label.split(":")[0] for label in check_trial(frozen).out_of_step] == ["hermes"]


def test_reset_brings_back_the_pristine_tree_and_store(frozen):
    """After a reset the files are old again and the store holds no freeze."""
    reset(frozen)
    check = check_trial(frozen)
    assert not check.recorded and len(check.old) == 4 and not check.mixed and not check.out_of_step
    with MemoryStore(frozen.db) as store:
        assert not freeze_recorded(store)


def test_the_tally_turns_damage_into_failing_figures(frozen):
    """A trial with a partial file, a leftover temporary and a lost entry fails those figures and no other."""
    good = check_trial(frozen)
    (path, _, new), *_ = [change for change in _changed(frozen, "codex") if change[2]]
    path.write_bytes(new[:-1])
    (path.parent / ".mem_zz.tmp").write_bytes(b"")
    bad = check_files(frozen.expected, recorded=True, folders=[path.parent])
    bad.lost = ["m-gone"]
    tally = CrashTally()
    tally.add(good, Kill(journal_was_there=False, returncode=0, stderr=""))
    tally.add(bad, Kill(journal_was_there=True, returncode=-signal.SIGKILL, stderr=""))
    failed = {figure.name for figure in crash_figures(tally) if not figure.passed}
    assert failed == {"crash: trials with partial/missing files", "crash: trials with temporaries left",
                      "crash: trials with entries lost"}
    counts = (tally.trials, tally.mid_write, tally.finished, tally.partial_files, tally.temporary_files)
    assert counts == (2, 1, 1, 1, 1)
    assert str(path) in tally.examples


def test_a_freeze_that_fails_on_its_own_fails_the_bench(frozen):
    """A child that exits with an error before the kill tested nothing, and the figures say so."""
    tally = CrashTally()
    tally.add(check_trial(frozen), Kill(journal_was_there=False, returncode=1, stderr="memrev: freeze refused: x"))
    [failed] = [figure for figure in crash_figures(tally) if not figure.passed]
    assert failed.name == "crash: freezes that failed on their own"
    assert tally.failures == ["exit 1: memrev: freeze refused: x"]


def test_a_kill_after_the_freeze_undid_itself_counts_as_failed(frozen):
    """Killed with no journal left and no freeze recorded: the freeze had failed and put its files back."""
    reset(frozen)
    tally = CrashTally()
    tally.add(check_trial(frozen), Kill(journal_was_there=False, returncode=-signal.SIGKILL, stderr=""))
    assert tally.gave_up == 1
    [failed] = [figure for figure in crash_figures(tally) if not figure.passed]
    assert failed.name == "crash: freezes that failed on their own" and "1 after the freeze had failed" in \
        crash_figures(tally)[0].note
