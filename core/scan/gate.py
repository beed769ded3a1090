"""The write gate: scan what is about to enter an agent's memory, record a block, and answer only after recording."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from memrev.core.model import Status
from memrev.core.scan.model import ScanResult
from memrev.core.scan.rejections import Decision, Rejection, decision_for, record_rejection, rejection_fingerprint
from memrev.core.scan.scanner import scan
from memrev.core.store.memory_store import MemoryStore


@dataclass(frozen=True)
class GateResult:
    """Whether a write may go ahead, what the scan found, and the recorded rejection when it was stopped."""

    allowed: bool
    result: ScanResult
    rejection: Rejection | None = None
    reason: str = ""


def gate_text(store: MemoryStore | None, text: str, *, source: str, actor: str, agent: str | None = None,
              file: str | None = None, entry_id: str | None = None, result: ScanResult | None = None) -> GateResult:
    """Scan `text` (unless its `result` is given); a block is recorded (when a store is given) before the answer,
    unless a reviewer already marked the same fingerprint a false positive."""
    result = result if result is not None else scan(text)
    if not result.blocked:
        return GateResult(True, result)
    if store is not None and decision_for(store, rejection_fingerprint(text, result)) is Decision.FALSE_POSITIVE:
        return GateResult(True, result, None, "allowed: a reviewer marked this exact text a false positive")
    rejection = None
    if store is not None:
        rejection = record_rejection(store, text, result, source=source, actor=actor, agent=agent, file=file,
                                     entry_id=entry_id)
    return GateResult(False, result, rejection, result.summary())


def screen_entries(store: MemoryStore, entry_ids: Iterable[str], *, source: str, actor: str) -> list[str]:
    """Scan newly imported or revised entries; block each one the scanner stops (recording why) and return their ids."""
    blocked: list[str] = []
    for entry_id in entry_ids:
        entry = store.get(entry_id)
        if entry is None or entry.status in (Status.BLOCKED, Status.PURGED):
            continue
        verdict = gate_text(store, entry.text, source=source, actor=actor, agent=entry.source.agent,
                            file=entry.source.file, entry_id=entry.id)
        if not verdict.allowed:
            store.set_status(entry.id, Status.BLOCKED, actor=actor, reason=verdict.reason)
            blocked.append(entry.id)
    return blocked
