"""Live checking: watch the working tree and `.git` HEAD and refs, and re-check only what each change touches."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from watchfiles import Change, DefaultFilter, watch

from memrev.core.check.checker import Checker
from memrev.core.check.model import EntryCheck

DEFAULT_DEBOUNCE_MS = 100
"""How long to gather file events before re-checking (watchfiles' own default, 1,600 ms, is too slow to review by)."""


@dataclass(frozen=True)
class RepoChange:
    """What one batch of file events changed: working-tree paths, and whether HEAD or a ref moved."""

    paths: frozenset[str]
    head_moved: bool


class RepositoryFilter(DefaultFilter):
    """Working-tree files minus the usual caches, plus `.git/HEAD`, `.git/packed-refs` and `.git/refs/**`."""

    def __init__(self, root: Path, git_dir: Path) -> None:
        """Remember where the working tree and the git folder are."""
        super().__init__(ignore_dirs=[d for d in DefaultFilter.ignore_dirs if d != ".git"])
        self.root = str(root)
        self.git_dir = str(git_dir)

    def __call__(self, change: Change, path: str) -> bool:
        """Keep an event when it is a working-tree file or a HEAD/ref file."""
        if path == self.git_dir or path.startswith(self.git_dir + "/"):
            inner = path[len(self.git_dir) + 1:]
            return (inner in ("HEAD", "packed-refs") or inner.startswith("refs/")) and not inner.endswith(".lock")
        return super().__call__(change, path)


def classify(events: set[tuple[Change, str]], root: Path, git_dir: Path) -> RepoChange:
    """Sort raw events into working-tree paths (repository-relative) and a HEAD or ref move."""
    paths: set[str] = set()
    head_moved = False
    root_text, git_text = str(root), str(git_dir)
    for _, path in events:
        if path == git_text or path.startswith(git_text + "/"):
            head_moved = True
        elif path.startswith(root_text + "/"):
            paths.add(path[len(root_text) + 1:])
    return RepoChange(frozenset(paths), head_moved)


def watch_repository(root: Path, git_dir: Path, *, stop: threading.Event,
                     debounce_ms: int = DEFAULT_DEBOUNCE_MS) -> Iterator[RepoChange]:
    """Yield each batch of changes until `stop` is set; blocks in the OS's file notification, never polls."""
    root, git_dir = Path(root).resolve(), Path(git_dir).resolve()
    folders = [root] if git_dir.is_relative_to(root) else [root, git_dir]
    for events in watch(*folders, watch_filter=RepositoryFilter(root, git_dir), debounce=debounce_ms,
                        step=min(50, debounce_ms), stop_event=stop, rust_timeout=1000, yield_on_timeout=False,
                        raise_interrupt=False):
        change = classify(events, root, git_dir)
        if change.paths or change.head_moved:
            yield change


def apply_change(checker: Checker, change: RepoChange) -> dict[str, EntryCheck]:
    """Re-check what one change touches: everything after HEAD or a ref moved, else the entries on those paths."""
    if change.head_moved:
        results = checker.head_changed(rescan=False)
        if change.paths:
            results.update(checker.files_changed(change.paths))
        return results
    return checker.files_changed(change.paths)


def live_checks(checker: Checker, *, stop: threading.Event, lock: threading.Lock | None = None,
                debounce_ms: int = DEFAULT_DEBOUNCE_MS) -> Iterator[tuple[RepoChange, dict[str, EntryCheck]]]:
    """Each change to the repository with the entries it re-checked, until `stop` is set."""
    lock = lock or threading.Lock()
    for change in watch_repository(checker.index.root, checker.index.git_dir, stop=stop, debounce_ms=debounce_ms):
        with lock:
            result = apply_change(checker, change)
        yield change, result
