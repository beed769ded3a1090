"""The diff a `changed` reference points at, read on demand so a reviewer sees what changed since verification."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from memrev.core.check.model import EntryCheck, RefStatus

MAX_DIFF_LINES = 80
"""At most this many diff lines are shown per entry; the rest is one line saying how many were left out."""

_SUGGESTED = re.compile(r"^git diff (?P<base>[0-9a-f]{7,40}) HEAD -- (?P<path>.+)$")


def diff_since_verified(repo: Path, check: EntryCheck, *, max_lines: int = MAX_DIFF_LINES) -> list[str]:
    """The `git diff` of every changed file the check names, from the commit the entry was verified at to HEAD."""
    lines: list[str] = []
    for ref in check.references:
        match = _SUGGESTED.match(ref.suggestion or "") if ref.status is RefStatus.CHANGED else None
        if match is None:
            continue
        result = subprocess.run(["git", "-C", str(repo), "diff", "--no-color", "--no-ext-diff", match["base"], "HEAD",
                                 "--", match["path"]], capture_output=True, timeout=30, check=False)
        lines.extend(result.stdout.decode("utf-8", "replace").splitlines())
    if len(lines) > max_lines:
        lines = lines[:max_lines] + [f"… {len(lines) - max_lines} more line(s): run the suggested git diff"]
    return lines
