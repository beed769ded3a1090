"""Messages that carry worker results to the handlers that own the app's state."""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.message import Message

from memrev.core.check.model import EntryCheck
from memrev.core.conflicts.detect import Conflict
from memrev.core.freeze.purge import PurgeReport
from memrev.core.model import Entry
from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import SyncResult
from memrev.core.store.records import Event, Revision


@dataclass
class EntriesLoaded(Message):
    """Every entry of the store, read by the loading worker."""

    entries: list[Entry]
    checks: dict[str, EntryCheck]
    sensitive: set[str] = field(default_factory=set)
    """The sensitive entries: marked by a person, or holding a redacted secret."""


@dataclass
class DetailLoaded(Message):
    """One entry and its revisions, read for the detail pane."""

    entry: Entry
    revisions: list[Revision]
    diff: list[str]
    events: list[Event]
    sensitive_why: str = ""
    """Why the entry is sensitive ("" when it is not)."""
    secret_note: str = ""
    """Where its redacted secret still stands in the agent's own file ("" when its text holds none)."""
    stopped: str = ""
    """For a blocked or held entry: the scanner's rules that stopped it and the audit's decision."""


@dataclass
class ChecksUpdated(Message):
    """Entries were (re-)checked against the repository; `complete` when every entry was."""

    checks: dict[str, EntryCheck]
    status: str
    complete: bool = False


@dataclass
class CheckStatus(Message):
    """What the checker is doing now, for the live indicator (`running` while a check runs)."""

    text: str
    running: bool


@dataclass
class ReviewCounts(Message):
    """What needs a reviewer at a glance: blocked and held entries, unaudited rejections and open conflicts."""

    blocked: int
    unreviewed: int
    conflicts: list[Conflict]
    held: int = 0


@dataclass
class Rechecked(Message):
    """A person asked to re-check entries (`r`, `R`): the fresh checks, to record what holds as verified."""

    checks: dict[str, EntryCheck]
    every: bool


@dataclass
class PurgeDone(Message):
    """A purge finished (or could not start): its report and the purged entries as now stored, or the error."""

    entry_ids: list[str]
    report: PurgeReport | None
    entries: list[Entry] = field(default_factory=list)
    error: str = ""


@dataclass
class SourcesChanged(Message):
    """An agent wrote, edited or deleted memory files of these sources (seen by the source watcher)."""

    refs: list[SourceRef]


@dataclass
class SourcesReimported(Message):
    """Sources read again after their files changed, with what changed in the store."""

    results: list[SyncResult]
    errors: list[str] = field(default_factory=list)
