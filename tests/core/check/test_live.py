"""Live checking with real file watching: an edit in the working tree and a commit each change a verdict."""

from __future__ import annotations

import queue
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.live import RepositoryFilter, classify, live_checks
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


@pytest.fixture
def watched(tmp_path: Path):
    """A repository, a checker that has checked two entries, and a watcher thread feeding a queue."""
    repo = GitRepo(tmp_path / "watched")
    repo.write("src/pricing.py", "def apply_discount(price):\n    return price\n")
    repo.write("docs/guide.md", "# Guide\n")
    repo.commit("start")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="discount", text="`apply_discount` is in src/pricing.py."),
               Entry(id="guide", text="Read docs/guide.md first.")]
    first = checker.check_all(entries)
    assert first["discount"].verdict is Verdict.FRESH and first["guide"].verdict is Verdict.FRESH
    stop = threading.Event()
    updates: queue.Queue = queue.Queue()

    def run() -> None:
        for change, results in live_checks(checker, stop=stop, debounce_ms=50):
            updates.put((change, results))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(0.5)  # let the watcher register its folders before the test touches them
    yield repo, updates
    stop.set()
    thread.join(timeout=5)
    checker.close()


def wait_for(updates: queue.Queue, entry_id: str, timeout: float = 10.0):
    """The first re-check result for `entry_id` the watcher delivers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            change, results = updates.get(timeout=max(0.05, deadline - time.monotonic()))
        except queue.Empty:
            break
        if entry_id in results:
            return change, results
    raise AssertionError(f"no re-check of {entry_id} within {timeout} s")


def test_an_edit_in_the_working_tree_makes_the_entry_stale(watched):
    repo, updates = watched
    repo.write("src/pricing.py", "def price_after_discount(price):\n    return price\n")
    change, results = wait_for(updates, "discount")
    assert "src/pricing.py" in change.paths and not change.head_moved
    assert results["discount"].verdict is Verdict.STALE
    assert "guide" not in results  # only what the change touches is re-checked


def test_a_commit_is_seen_through_head_and_rechecks_what_depends_on_it(watched):
    repo, updates = watched
    repo.mv("docs/guide.md", "docs/handbook.md")
    repo.commit("Rename the guide")
    deadline = time.monotonic() + 10
    while True:
        change, results = wait_for(updates, "guide", timeout=max(0.1, deadline - time.monotonic()))
        ref = results["guide"].references[0]
        if ref.status is RefStatus.RENAMED:
            break
    assert ref.suggestion == "docs/handbook.md"
    assert results["guide"].verdict is Verdict.STALE


def test_the_filter_keeps_head_and_refs_but_not_the_rest_of_git(tmp_path: Path):
    git_dir = tmp_path / ".git"
    keep = RepositoryFilter(tmp_path, git_dir)
    from watchfiles import Change

    assert keep(Change.modified, str(git_dir / "HEAD"))
    assert keep(Change.modified, str(git_dir / "refs/heads/main"))
    assert not keep(Change.modified, str(git_dir / "refs/heads/main.lock"))
    assert not keep(Change.modified, str(git_dir / "objects/ab/cdef"))
    assert not keep(Change.modified, str(git_dir / "index"))
    assert keep(Change.modified, str(tmp_path / "src/a.py"))
    assert not keep(Change.modified, str(tmp_path / "src/__pycache__/a.cpython-311.pyc"))
    change = classify({(Change.modified, str(git_dir / "HEAD")), (Change.added, str(tmp_path / "b c.py"))},
                      tmp_path, git_dir)
    assert change.head_moved and change.paths == frozenset({"b c.py"})
