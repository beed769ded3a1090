"""The plain values MemoryStore takes and returns: entry filters, kept revisions, audit events and apply results."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memrev.core.model import Entry, EntryType, ScopeKind, Status


@dataclass(frozen=True)
class Revision:
    """One kept version of an entry."""

    version: int
    entry: Entry
    created_at: datetime


@dataclass(frozen=True)
class Event:
    """One row of the audit log."""

    id: int
    at: datetime
    actor: str
    action: str
    entry_id: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str


@dataclass(frozen=True)
class ApplyResult:
    """What one batch of entries did to the store."""

    added: list[str] = field(default_factory=list)
    revised: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    reappeared: list[str] = field(default_factory=list)
    """Entries marked removed at their source that the source holds again (also in revised or unchanged)."""


@dataclass(frozen=True)
class EntryFilter:
    """Which entries to list; None means any."""

    type: EntryType | None = None
    scope_kind: ScopeKind | None = None
    status: Status | None = None
    project_key: str | None = None
    agent: str | None = None
