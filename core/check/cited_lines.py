"""Whether the lines an entry cites (`app.py:40-52`) changed since it was verified, read from the diff's positions:
touched when a hunk falls inside them, moved when hunks above them shifted them, kept otherwise."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass

from memrev.core.check.repo_index import RepoIndex

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)
MAX_CACHED = 4_096
"""At most this many diffs are remembered (their hunk positions); the oldest are dropped past it."""


@dataclass(frozen=True)
class CitedFate:
    """What became of cited lines: touched by an edit, or where they are now (the same lines when kept)."""

    touched: bool
    first: int
    last: int


def hunks_since(index: RepoIndex, base: str, path: str) -> list[tuple[int, int, int, int]] | None:
    """The hunk positions (old start, old count, new start, new count) of `path` from commit `base` to the working
    tree, read once per state of the file; None when git cannot tell."""
    key = (base, path, index.stats.get(path))
    cache = index.line_diffs
    if key in cache:
        return cache[key]
    done = subprocess.run(["git", "-C", str(index.root), "diff", "--no-color", "--no-ext-diff", "-U0", base, "--",
                           path], capture_output=True, check=False)
    found = None if done.returncode != 0 else [
        (int(a), int(b) if b else 1, int(c), int(d) if d else 1)
        for a, b, c, d in _HUNK.findall(done.stdout.decode("utf-8", "replace"))]
    if len(cache) >= MAX_CACHED:
        del cache[next(iter(cache))]
    cache[key] = found
    return found


def cited_fate(hunks: list[tuple[int, int, int, int]], first: int, last: int) -> CitedFate:
    """Whether a hunk falls inside lines `first`..`last` of the old file, else where those lines are now."""
    shift = 0
    for old_start, old_count, new_start, new_count in hunks:
        if old_count and old_start <= last and old_start + old_count - 1 >= first:
            return CitedFate(True, first, last)
        if not old_count and first <= old_start < last:  # lines added between two cited lines
            return CitedFate(True, first, last)
        if (old_start + old_count - 1 if old_count else old_start) < first:
            shift += new_count - old_count
    return CitedFate(False, first + shift, last + shift)
