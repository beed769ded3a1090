"""The write gate: scan what is about to enter an agent's memory, record a block, and answer only after recording."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from memrev.core.model import STOPPED, Entry, Status
from memrev.core.scan.model import ScanResult
from memrev.core.scan.redaction import redacted_entries
from memrev.core.scan.rejections import Decision, Rejection, decision_for, record_rejection, rejection_fingerprint
from memrev.core.scan.scanner import scan
from memrev.core.scan.scopes import ScanScope, scope_for_agent
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.records import ApplyResult


@dataclass(frozen=True)
class GateResult:
    """Whether a write may go ahead, what the scan found, and the recorded rejection when it was stopped."""

    allowed: bool
    result: ScanResult
    rejection: Rejection | None = None
    reason: str = ""

    @property
    def held(self) -> bool:
        """Stopped because the text is suspicious, not a confident block: a person decides."""
        return not self.allowed and self.result.held


def gate_text(store: MemoryStore | None, text: str, *, source: str, actor: str, agent: str | None = None,
              file: str | None = None, entry_id: str | None = None, result: ScanResult | None = None,
              scope: ScanScope | None = None) -> GateResult:
    """Scan `text` (unless its `result` is given) in `scope` (by default the one `agent`'s entries are read in); a
    block or a hold is recorded (when a store is given) before the answer, unless a reviewer already marked the same
    fingerprint a false positive."""
    result = result if result is not None else scan(text, scope or scope_for_agent(agent))
    if not result.stopped:
        return GateResult(True, result)
    if store is not None and decision_for(store, rejection_fingerprint(text, result)) is Decision.FALSE_POSITIVE:
        return GateResult(True, result, None, "allowed: a reviewer marked this exact text a false positive")
    rejection = None
    if store is not None:
        rejection = record_rejection(store, text, result, source=source, actor=actor, agent=agent, file=file,
                                     entry_id=entry_id)
    return GateResult(False, result, rejection, result.summary())


def screen_entries(store: MemoryStore, entry_ids: Iterable[str], *, source: str, actor: str) -> list[str]:
    """Scan newly imported or revised entries; block each one the scanner stops (recording why) and return their ids.
    Each entry is marked screened at its current text, in the caller's transaction when there is one."""
    blocked: list[str] = []
    entry_ids = list(entry_ids)
    with store.transaction() as conn:
        found = store.get_many(entry_ids)  # one read for all of them, not one per entry
        for entry_id in entry_ids:
            entry = found.get(entry_id)
            if entry is None:
                continue
            if entry.status not in STOPPED and entry.status is not Status.PURGED:
                verdict = gate_text(store, entry.text, source=source, actor=actor, agent=entry.source.agent,
                                    file=entry.source.file, entry_id=entry.id)
                if not verdict.allowed:
                    store.set_status(entry.id, Status.HELD if verdict.held else Status.BLOCKED, actor=actor,
                                     reason=verdict.reason)
                    blocked.append(entry.id)
            conn.execute("update entries set screened_hash = content_hash where id = ?", (entry_id,))
    return blocked


def apply_screened(store: MemoryStore, entries: Sequence[Entry], *, actor: str, source: str, reason: str = "",
                   known: Mapping[str, Entry] | None = None) -> tuple[ApplyResult, list[str]]:
    """Store entries and screen the new and revised ones in one transaction: a poisoned entry is never committed
    unscreened, whatever kills the process in between. Returns what was stored and the ids blocked."""
    with store.transaction():
        result = store.apply(redacted_entries(store, entries), actor=actor, reason=reason, known=known)
        blocked = screen_entries(store, [*result.added, *result.revised], source=source, actor=actor)
    return result, blocked


def mark_screened(store: MemoryStore, entry_ids: Iterable[str]) -> None:
    """Record that these entries' current texts passed the gate (a caller that scanned them itself)."""
    with store.transaction() as conn:
        conn.executemany("update entries set screened_hash = content_hash where id = ?", [(i,) for i in entry_ids])


def unscreened(store: MemoryStore) -> list[str]:
    """Entries whose current text was never scanned (stored by an older memrev, or by a path that skips the gate)."""
    rows = store.conn.execute("select id from entries where screened_hash is not content_hash and status != 'purged' "
                              "order by rowid").fetchall()
    return [str(row[0]) for row in rows]


def screen_unscreened(store: MemoryStore, *, actor: str) -> list[str]:
    """The repair on open: scan every entry never screened at its current text; returns the ids it blocked."""
    pending = unscreened(store)
    if not pending:
        return []
    return screen_entries(store, pending, source="screened on open (never scanned before)", actor=actor)
