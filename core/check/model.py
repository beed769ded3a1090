"""What a staleness check finds: a status and evidence per reference, and a verdict per entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import Any


class RefStatus(str, Enum):
    """Whether one thing an entry names still holds in the repository now."""

    OK = "ok"
    MISSING = "missing"
    RENAMED = "renamed"
    MOVED = "moved"
    CHANGED = "changed"
    CONTRADICTED = "contradicted"
    UNVERIFIABLE = "unverifiable"


class Verdict(str, Enum):
    """What a reviewer should make of an entry as a whole."""

    FRESH = "fresh"
    STALE = "stale"
    CHANGED = "changed"
    UNVERIFIABLE = "unverifiable"
    OUT_OF_SCOPE = "out-of-scope"
    BLOCKED = "blocked"


STALE_STATUSES = frozenset({RefStatus.MISSING, RefStatus.RENAMED, RefStatus.MOVED, RefStatus.CONTRADICTED})
"""Reference statuses that make an entry stale."""


@dataclass(frozen=True)
class CommitInfo:
    """One commit as evidence: its SHA, time, subject and, for a file, the lines it added and removed."""

    sha: str
    time: datetime | None = None
    subject: str = ""
    added: int | None = None
    removed: int | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CommitInfo:
        """Read back what `to_dict` wrote."""
        when = data.get("time")
        return cls(data["sha"], datetime.fromisoformat(when) if when else None, data.get("subject", ""),
                   data.get("added"), data.get("removed"))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        data: dict[str, Any] = {"sha": self.sha, "time": self.time.isoformat() if self.time else None,
                                "subject": self.subject}
        if self.added is not None:
            data["added"], data["removed"] = self.added, self.removed
        return data


@dataclass(frozen=True)
class ReferenceCheck:
    """One reference of an entry with its status, a one-line evidence, a suggestion and the facts behind it."""

    kind: str
    text: str
    value: str
    start: int
    end: int
    status: RefStatus
    evidence: str
    suggestion: str | None = None
    commits: tuple[CommitInfo, ...] = ()
    """The commits the evidence names (the renaming or deleting one, or those since verification)."""
    facts: tuple[tuple[str, str, str], ...] = ()
    """For a contradiction: (side, value, where it comes from), memory first, then the repository."""
    path: str | None = None
    """For a path: the repository file it resolved to (after a rename, the new one)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReferenceCheck:
        """Read back what `to_dict` wrote."""
        start, end = data.get("span") or (0, 0)
        return cls(data["kind"], data["text"], data.get("value", data["text"]), start, end, RefStatus(data["status"]),
                   data.get("evidence", ""), data.get("suggestion"),
                   tuple(CommitInfo.from_dict(c) for c in data.get("commits", ())),
                   tuple((f["side"], f["value"], f["source"]) for f in data.get("facts", ())), data.get("path"))

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape `memrev check --json` prints."""
        data: dict[str, Any] = {"kind": self.kind, "text": self.text, "value": self.value,
                                "span": [self.start, self.end], "status": self.status.value,
                                "evidence": self.evidence, "suggestion": self.suggestion}
        if self.commits:
            data["commits"] = [commit.to_dict() for commit in self.commits]
        if self.facts:
            data["facts"] = [{"side": side, "value": value, "source": source} for side, value, source in self.facts]
        if self.path is not None:
            data["path"] = self.path
        return data


@dataclass(frozen=True)
class EntryCheck:
    """The verdict on one entry, its updated confidence with the reason, and every reference's check."""

    entry_id: str
    verdict: Verdict
    confidence: float
    reason: str
    references: tuple[ReferenceCheck, ...] = ()
    head: str | None = None
    checked_at: datetime | None = None
    notes: tuple[str, ...] = field(default=())
    """What could not be known (a shallow clone, an unreadable file), one line each."""

    @property
    def findings(self) -> tuple[ReferenceCheck, ...]:
        """The references that did not come back `ok` or `unverifiable`."""
        return tuple(ref for ref in self.references
                     if ref.status not in (RefStatus.OK, RefStatus.UNVERIFIABLE))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EntryCheck:
        """Read back what `to_dict` wrote (the store keeps every check this way)."""
        when = data.get("checked_at")
        return cls(data["id"], Verdict(data["verdict"]), float(data["confidence"]), data.get("reason", ""),
                   tuple(ReferenceCheck.from_dict(r) for r in data.get("references", ())), data.get("head"),
                   datetime.fromisoformat(when) if when else None, tuple(data.get("notes", ())))

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape `memrev check --json` prints for one entry."""
        return {"id": self.entry_id, "verdict": self.verdict.value, "confidence": round(self.confidence, 2),
                "reason": self.reason, "head": self.head,
                "checked_at": self.checked_at.isoformat() if self.checked_at else None,
                "notes": list(self.notes), "references": [ref.to_dict() for ref in self.references]}
