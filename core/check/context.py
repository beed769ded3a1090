"""What the checks of one entry share: the entry, the index, the commit it was last known true at, and its files."""

from __future__ import annotations

from dataclasses import dataclass, field

from memrev.core.check.model import CommitInfo, RefStatus, ReferenceCheck
from memrev.core.check.references import Reference
from memrev.core.check.repo_index import RepoIndex
from memrev.core.model import Entry

MAX_LISTED_COMMITS = 10
"""A `changed` reference lists at most this many commits (newest first); the count covers all of them."""

@dataclass
class EntryContext:
    """What the checks of one entry share: the entry, the index, the commit it was last known true at, its files."""

    entry: Entry
    index: RepoIndex
    since: int
    """Position in history of the commit the entry was verified (or written) at; -1 for before all, None unknown."""
    since_label: str
    cited: set[str] = field(default_factory=set)
    """Paths the entry names, as written (repository-relative)."""
    current: set[str] = field(default_factory=set)
    """Where those paths are now (themselves, or their rename targets)."""
    commits: dict[str, str | None] = field(default_factory=dict)
    """Commit names in the entry, resolved to full SHAs (None when unknown)."""
    own_file: str | None = None
    """The repository file the entry itself comes from (a CLAUDE.md line), which never counts as evidence."""
    places: tuple[tuple[int, int], set[str], set[str]] | None = None
    """The folders and files the entry names, worked out for its symbols, with the sizes of `cited` and `current`
    they were worked out from (the sets only grow while an entry is checked)."""


def baseline(entry: Entry, index: RepoIndex) -> tuple[int | None, str]:
    """Where in history an entry was last known true: its verified commit or time, else the commit or time of writing."""
    history = index.history
    for sha, label in ((entry.verified_commit, "verified"), (entry.provenance.commit, "written")):
        if sha and sha in history.position:
            return history.position[sha], f"{label} at {sha[:8]}"
    for when, label in ((entry.verified_at, "verified"), (entry.provenance.written_at, "written")):
        if when is not None and len(history):
            return history.index_at_or_before(when), f"{label} on {when:%Y-%m-%d}"
    return None, "never verified"


def own_file(entry: Entry, index: RepoIndex) -> str | None:
    """The repository file an entry was read from, when its source lies inside the repository."""
    file = entry.source.file
    if not file:
        return None
    relative = repo_relative(file, entry, index) if file.startswith("/") else file
    return relative if relative and relative in index.files else None


def repo_relative(value: str, entry: Entry, index: RepoIndex) -> str | None:
    """A path as a repository-relative one, or None when it points outside the repository."""
    if value.startswith("~") or value.startswith("../") or value == "..":
        return None
    if value.startswith("/"):
        for base in (str(index.root), entry.provenance.cwd):
            if base and value.rstrip("/") == base.rstrip("/"):
                return ""
            if base and value.startswith(base.rstrip("/") + "/"):
                return value[len(base.rstrip("/")) + 1:]
        return None
    return value.strip("/") if value.endswith("/") else value


def result(ref: Reference, status: RefStatus, evidence: str, suggestion: str | None = None,
            commits: tuple[CommitInfo, ...] = (), facts: tuple[tuple[str, str, str], ...] = (),
            path: str | None = None) -> ReferenceCheck:
    """A reference check built from the reference and what was found."""
    return ReferenceCheck(ref.kind, ref.text, ref.value, ref.start, ref.end, status, evidence, suggestion, commits,
                          facts, path)


def unverifiable(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Nothing in a repository can check this reference."""
    return result(ref, RefStatus.UNVERIFIABLE, "nothing in the repository to check it against")


def short(commit: CommitInfo) -> str:
    """A commit as `abc12345 "subject"`."""
    return f'{commit.sha[:8]} "{commit.subject}"'
