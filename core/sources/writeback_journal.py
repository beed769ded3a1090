"""A multi-file write-back as one unit: every file's before and after are journalled before it is replaced, so
a write that fails is undone at once and one killed half-way is undone at the next start.

While a journal is open it is `safe_io.WRITE_OBSERVER`, so `atomic_write` and `remove_file` record each file
before they replace or delete it. The journal lives beside memrev's database, only for the length of the write (it holds the
files' previous bytes); undoing restores a file only when it still holds what memrev wrote, so an agent's write
made after the crash is never overwritten.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from contextlib import contextmanager
from glob import escape as glob_escape
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from memrev.core.safe_io import (TEMP_SUFFIX, WRITE_OBSERVER, atomic_write, current_bytes, digest_bytes,
                                 remove_file)


HERMES_TEMP_PREFIX = ".mem_"
"""memrev writes Hermes's files through `.mem_*.memrev.tmp`, as Hermes names its own temporaries."""


@dataclass
class Journal:
    """The journal file of one write-back, the root its files live under, and the steps recorded so far."""

    path: Path
    root: Path
    steps: dict[str, dict] = field(default_factory=dict)
    """By file: its bytes before the write-back (the first ones seen are the ones to restore) and memrev's digest."""

    def record(self, target: Path, after: bytes | None) -> None:
        """Note a file's current bytes (or absence) and what memrev is about to make it, durably, before the change."""
        key = str(target)
        if key not in self.steps:
            before = current_bytes(target)
            self.steps[key] = {"path": key, "before": None if before is None else base64.b64encode(before).decode()}
        self.steps[key]["after"] = None if after is None else digest_bytes(after)
        data = json.dumps({"root": str(self.root), "steps": list(self.steps.values())}).encode()
        atomic_write(self.path, data, root=self.path.parent, new_file_mode=0o600, suffix=".journal.tmp")


def journal_path(folder: Path, kind: str, root: Path) -> Path:
    """Where the journal of a source's write-back lives (one per source, beside the database)."""
    key = hashlib.sha256(f"{kind}|{root}".encode()).hexdigest()[:16]
    return folder / "writeback" / f"{key}.json"


@contextmanager
def journalled(path: Path, root: Path) -> Iterator[Journal]:
    """Run a write-back under a journal: on success it is removed; on failure the files are undone at once."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    journal = Journal(path, root)
    token = WRITE_OBSERVER.set(journal.record)
    try:
        yield journal
    except BaseException:
        WRITE_OBSERVER.reset(token)
        undo(path)
        raise
    WRITE_OBSERVER.reset(token)
    path.unlink(missing_ok=True)


def undo(path: Path) -> list[str]:
    """Put back every file a journalled write changed, when it still holds what memrev wrote; returns one line
    per file put back or left alone (someone changed it since). The journal is removed afterwards."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        path.unlink(missing_ok=True)
        return [f"{path}: an unreadable write-back journal was removed"]
    left: list[str] = []
    for step in reversed(data.get("steps", [])):
        root = Path(step.get("root") or data["root"])  # a freeze's journal spans sources, each with its own root
        target = Path(step["path"])
        for pattern in (f".{glob_escape(target.name)}.*{TEMP_SUFFIX}", f"{HERMES_TEMP_PREFIX}*{TEMP_SUFFIX}"):
            for temporary in target.parent.glob(pattern):
                temporary.unlink(missing_ok=True)  # the interrupted write's own temporary file
        now = current_bytes(target)
        before = None if step["before"] is None else base64.b64decode(step["before"])
        if now == before:
            continue
        written = (now is None and step["after"] is None) or (now is not None and digest_bytes(now) == step["after"])
        if not written:
            left.append(f"{target}: changed since the interrupted write; left as it is")
            continue
        if before is None:
            remove_file(target, root=root)
        else:
            atomic_write(target, before, root=root)
        left.append(f"{target}: put back as it was before an interrupted write-back")
    path.unlink(missing_ok=True)
    try:
        os.rmdir(path.parent)
    except OSError:
        pass
    return left
