"""Build a large, deterministic git repository and memory entries written against it, to time the staleness checker.

The whole history goes through one `git fast-import` stream, so 20,000 commits over 50,000 files take seconds,
not hours. A seeded simulation decides every change (edits, renames, rename chains, deletions, removed and
moved functions, removed flags, one Python bump) and remembers what it did, so each entry can be written to be
fresh or stale on purpose. Author, committer, dates and contents are fixed: the same seed gives the same SHAs.

This module holds the entry point; the history is made in synthetic_repo_history.py and the entries in
synthetic_repo_entries.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from memrev.core.bench.synthetic_repo_entries import _entries
from memrev.core.bench.synthetic_repo_history import (EXTRA_FILES, _check_sizes, _checkout, _import, _plan, _prepare,
                                                      _simulate)
from memrev.core.check.project import identify_project
from memrev.core.model import Entry


@dataclass(frozen=True)
class SyntheticRepo:
    """A built benchmark repository, the entries written against it, and what its history contains."""

    path: Path
    entries: list[Entry]
    editable: str
    """A tracked Python file several entries reference, for the incremental (one edited file) figure."""
    editable_symbol: str
    """A function defined in `editable` that entries reference; deleting its `def` line makes them stale."""
    files: int
    """Files in the HEAD tree."""
    commits: int
    renames: int
    """Rename operations in history (a chain a -> b -> c counts two)."""
    categories: dict[str, str] = field(default_factory=dict)
    """Entry id -> the category it was written as (see `CATEGORIES`): `ok` ones should check fresh."""


def build_synthetic_repo(
    path: Path, *, files: int = 50_000, commits: int = 20_000, entries: int = 10_000, seed: int = 7
) -> SyntheticRepo:
    """Build the repository at `path` (absent or empty) in one fast-import run, then write `entries` against it."""
    _check_sizes(files, commits, entries)
    path = Path(path)
    _prepare(path)
    rng = random.Random(seed)
    plan = _plan(files, commits, rng)
    history = _simulate(plan, rng)
    shas = _import(path, history.stream, commits)
    _checkout(path)
    project = identify_project(path)
    made, categories = _entries(plan, history.events, shas, project, entries, rng)
    editable = plan.files[plan.editable]
    return SyntheticRepo(
        path=path, entries=made, editable=editable.path or "", editable_symbol=editable.funcs[0],
        files=history.live_files + len(EXTRA_FILES), commits=commits,
        renames=sum(event.kind == "rename" for event in history.events), categories=categories,
    )
