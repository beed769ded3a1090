"""The history of HEAD read in one `git log` pass: renames step by step, deletions and the commits touching each path."""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from memrev.core.check.history_gaps import MAX_EXCLUDED, describe, excluding, first_line, missing_paths, raw_changes
from memrev.core.check.model import CommitInfo

if TYPE_CHECKING:
    from git import Repo

_LOG_FORMAT = "%x1e%H%x00%ct%x00%P%x00%s"
"""One record per commit: a separator, then SHA, commit time, parents and subject, NUL-separated."""


@dataclass(frozen=True)
class PathEvent:
    """One commit's change to one path: added, modified, deleted, or renamed to / from another path."""

    commit: int
    """The commit's position in `History.shas` (oldest first)."""
    status: str
    """A, M, D, T, R (this path was renamed away, to `other`) or N (this path is the new name, from `other`)."""
    other: str | None = None
    added: int | None = None
    removed: int | None = None


@dataclass
class History:
    """Commits of HEAD oldest first and, per path, every change in order; extended in place when HEAD moves on."""

    shas: list[str] = field(default_factory=list)
    times: list[int] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)
    position: dict[str, int] = field(default_factory=dict)
    events: dict[str, list[PathEvent]] = field(default_factory=dict)
    basenames: dict[str, set[str]] = field(default_factory=dict)
    """Every path that ever existed, by its last part, to resolve a bare name that is gone now."""
    head: str | None = None
    unreadable: set[str] = field(default_factory=set)
    """Paths some of whose versions git cannot read here (missing objects): renames and line counts unknown."""
    problem: str | None = None
    """One line saying what could not be read, when something could not."""
    folder_cache: dict[str, object] = field(default_factory=dict, repr=False)
    """Paths ever under a folder, per folder asked about (see `path_context.folder_files`)."""
    _running_max: list[int] = field(default_factory=list, repr=False)

    def __len__(self) -> int:
        """How many commits HEAD's history holds."""
        return len(self.shas)

    def commit_info(self, index: int, event: PathEvent | None = None) -> CommitInfo:
        """One commit as evidence, with the line counts of `event` when given."""
        return CommitInfo(
            sha=self.shas[index], time=datetime.fromtimestamp(self.times[index], timezone.utc),
            subject=self.subjects[index], added=event.added if event else None,
            removed=event.removed if event else None)

    def index_at_or_before(self, when: datetime) -> int:
        """The position of the last commit such that it and every commit before it were made at or before `when`."""
        if len(self._running_max) != len(self.times):  # topological order: times are nearly, not strictly, sorted
            self._running_max = list(itertools.accumulate(self.times, max))
        return bisect.bisect_right(self._running_max, when.timestamp()) - 1

    def changes_since(self, path: str, since: int) -> list[PathEvent]:
        """The changes to `path` made by commits after position `since`, oldest first."""
        return [event for event in self.events.get(path, ()) if event.commit > since]

    def follow(self, path: str, since: int = -1, *,
               first: bool = False) -> tuple[str, list[PathEvent], PathEvent | None]:
        """Where `path` went after `since`: the final path, the renames on the way, and the deletion if it ended in one.

        With `first`, the file that was at `path` at `since` is followed (its first exit after `since`, even when
        another file took the name later); else the name's last exit, unless it was added back."""
        renames: list[PathEvent] = []
        current, after = path, since
        for _ in range(64):  # a chain longer than this is a cycle or a pathological history
            events = self.events.get(current, ())
            step = _first_exit(events, after) if first else _next_exit(events, after)
            if step is None:
                return current, renames, None
            if step.status == "D":
                return current, renames, step
            renames.append(step)
            current, after = step.other or current, step.commit
        return current, renames, None

    def existed_at(self, path: str, position: int) -> bool:
        """Whether `path` was in the tree at history position `position` (its last change by then kept it)."""
        last: PathEvent | None = None
        for event in self.events.get(path, ()):
            if event.commit > position:
                break
            last = event
        return last is not None and last.status not in ("R", "D")

    def extend(self, records: Iterable[tuple[str, int, str, list[tuple[str, str, str | None]], dict]]) -> None:
        """Append commits (oldest first) with their raw changes and line counts."""
        for sha, when, subject, changes, counts in records:
            index = len(self.shas)
            self.shas.append(sha)
            self.times.append(when)
            self.subjects.append(subject)
            self.position[sha] = index
            for status, path, new in changes:
                added, removed = counts.get(new or path, (None, None))
                if status == "R" and new is not None:
                    self._add(path, PathEvent(index, "R", new, added, removed))
                    self._add(new, PathEvent(index, "N", path, added, removed))
                else:
                    self._add(path, PathEvent(index, status, None, added, removed))
                    if new is not None:  # a copy: the new path appears
                        self._add(new, PathEvent(index, "A", path, added, removed))

    def _add(self, path: str, event: PathEvent) -> None:
        """Record one event for one path."""
        self.events.setdefault(path, []).append(event)
        self.basenames.setdefault(path.rsplit("/", 1)[-1], set()).add(path)


def _first_exit(events: Iterable[PathEvent], after: int) -> PathEvent | None:
    """The path's first rename-away or deletion after `after`."""
    return next((event for event in events if event.commit > after and event.status in ("R", "D")), None)


def _next_exit(events: Iterable[PathEvent], after: int) -> PathEvent | None:
    """The path's last rename-away or deletion after `after`, unless it was added back later."""
    last: PathEvent | None = None
    for event in events:
        if event.commit <= after:
            continue
        if event.status in ("R", "D"):
            last = event
        elif event.status in ("A", "N"):
            last = None  # re-created after it left: it exists again
    return last


def read_history(repo: Repo, history: History | None = None, *, head: str) -> History:
    """HEAD's history, read in one pass; when `history` ends at an ancestor of `head`, only the new commits are read."""
    if history is not None and history.head == head:
        return history
    revision = head
    if history is not None and history.head is not None:
        try:
            repo.git.merge_base("--is-ancestor", history.head, head)
            revision = f"{history.head}..{head}"
        except Exception:  # noqa: BLE001 - not an ancestor (a rewritten or switched branch): read it all again
            history = None
    if history is None:
        history = History()
    args = [revision, "-M", "--raw", "--numstat", "-z", "--topo-order", "--reverse", "--no-color",
            f"--format={_LOG_FORMAT}"]
    try:
        history.extend(parse_log(repo.git.log(*args, strip_newline_in_stdout=False)))
    except Exception as error:  # noqa: BLE001 - objects git cannot read: read around them, never fail the check
        _read_around_gaps(repo, history, args, revision, first_line(error))
    history.head = head
    return history


def _read_around_gaps(repo: Repo, history: History, args: list[str], revision: str, why: str) -> None:
    """The full log with the paths whose versions are missing left out, their changes taken from the log that reads
    no file contents; that log alone when the full one still fails; the commits alone when nothing else reads."""
    root = Path(str(repo.working_tree_dir or repo.git_dir))
    raw, objects = raw_changes(root, revision, _LOG_FORMAT)
    if raw is None:
        listed = repo.git.log(revision, "--topo-order", "--reverse", "--no-color", f"--format={_LOG_FORMAT}", "-z",
                              strip_newline_in_stdout=False)
        history.extend(parse_log(listed))
        history.problem = f"git cannot read HEAD's history here ({why}): renames and deletions are unknown"
        return
    gaps = missing_paths(root, objects)
    records = list(parse_log(raw))
    full = None
    if gaps and len(gaps) <= MAX_EXCLUDED:
        try:
            full = list(parse_log(repo.git.log(*args, *excluding(gaps), strip_newline_in_stdout=False)))
        except Exception:  # noqa: BLE001 - still unreadable: keep the content-free log
            full = None
    if full is None or [r[0] for r in full] != [r[0] for r in records]:
        history.extend(records)
        history.unreadable |= {path for _, _, _, changes, _ in records for change in changes
                               for path in (change[1], change[2]) if path}
        history.problem = describe(gaps, why, full_log=False)
        return
    history.extend((sha, when, subject, changes + [c for c in raw_record[3] if c[1] in gaps or c[2] in gaps], counts)
                   for (sha, when, subject, changes, counts), raw_record in zip(full, records))
    history.unreadable |= gaps
    history.problem = describe(gaps, why, full_log=True)


def parse_log(output: str) -> Iterable[tuple[str, int, str, list[tuple[str, str, str | None]], dict]]:
    """Parse `git log --raw --numstat -z` records into (sha, time, subject, changes, line counts by path)."""
    for record in output.split("\x1e"):
        if not record:
            continue
        tokens = record.split("\x00")
        if len(tokens) < 4:
            continue
        sha, when, subject = tokens[0], int(tokens[1] or 0), tokens[3]
        changes: list[tuple[str, str, str | None]] = []
        counts: dict[str, tuple[int | None, int | None]] = {}
        position = 4
        while position < len(tokens):
            token = tokens[position].lstrip("\n")
            position += 1
            if token.startswith(":"):
                status = token.rsplit(" ", 1)[-1]
                path = tokens[position]
                position += 1
                new = None
                if status[:1] in ("R", "C"):
                    new = tokens[position]
                    position += 1
                changes.append((status[:1], path, new))
            elif "\t" in token:
                added, removed, rest = token.split("\t", 2)
                if rest:
                    target = rest
                else:  # a rename: the old and new paths follow as their own tokens
                    target = tokens[position + 1] if position + 1 < len(tokens) else ""
                    position += 2
                counts[target] = (_count(added), _count(removed))
        yield sha, when, subject, changes, counts


def _count(text: str) -> int | None:
    """A numstat line count; None for a binary file (`-`)."""
    return int(text) if text.isdigit() else None
