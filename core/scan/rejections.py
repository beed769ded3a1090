"""Every write the scanner blocked, kept for audit with a reviewer's decision per fingerprint (content plus rule)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from typing import Any, Sequence

from memrev.core.model import STOPPED, Status
from memrev.core.scan.model import Finding, Outcome, ScanResult, fingerprint
from memrev.core.scan.redaction import Redactor
from memrev.core.store.journal import recording
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.serialize import format_time, parse_time


class Decision(str, Enum):
    """A reviewer's call on a rejection: not yet looked at, a real threat (stays blocked), or a false positive."""

    UNREVIEWED = "unreviewed"
    THREAT = "threat"
    FALSE_POSITIVE = "false-positive"


@dataclass(frozen=True)
class Rejection:
    """One blocked write: the attempted text (secrets redacted), where it came from, when, why, and the decision."""

    id: int
    fingerprint: str
    at: datetime
    source: str
    agent: str | None
    file: str | None
    entry_id: str | None
    text: str
    findings: tuple[Finding, ...]
    decision: Decision

    @property
    def outcome(self) -> Outcome:
        """Blocked (a confident finding) or held for a person (only suspicious ones)."""
        return ScanResult(self.findings).outcome if self.findings else Outcome.BLOCK

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids behind the outcome (the blocking ones, or the holding ones), in order."""
        return tuple(dict.fromkeys(f.rule for f in ScanResult(self.findings).deciding))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values for `memrev rejections --json`."""
        return {"id": self.id, "fingerprint": self.fingerprint, "at": format_time(self.at), "source": self.source,
                "outcome": self.outcome.value,
                "agent": self.agent, "file": self.file, "entry_id": self.entry_id, "text": self.text,
                "findings": [f.to_dict() for f in self.findings], "decision": self.decision.value}


def rejection_fingerprint(text: str, result: ScanResult) -> str:
    """The fingerprint of a stopped text: its content hash plus the rules behind the outcome (blocking or holding)."""
    rules = sorted({f.rule for f in result.deciding})
    return fingerprint(text, "+".join(rules) or "none")


def redact(store: MemoryStore, text: str, findings: Sequence[Finding]) -> tuple[str, tuple[Finding, ...]]:
    """The text with every secret replaced by the store's marker for it (so the audit log never holds a live
    credential, and the same secret reads the same in the log as in the entries), the findings moved to match."""
    redactor = Redactor.for_store(store)
    redaction = redactor.redact(text)
    redactor.remember(store)
    moves = redaction.moves
    return redaction.text, tuple(replace(f, start=_moved(f.start, moves), end=_moved(f.end, moves, True))
                                 for f in findings)


def _moved(position: int, moves: Sequence[tuple[int, int, int, int]], is_end: bool = False) -> int:
    """Where a position of the original text lands in the redacted one."""
    shift = 0
    for start, end, new_start, new_end in moves:
        if position >= end:
            shift = new_end - end
        elif position > start or (position == start and is_end):
            return new_end if is_end else new_start
        else:
            break
    return position + shift


def decision_for(store: MemoryStore, key: str) -> Decision | None:
    """The decision already taken on a fingerprint, if any (a fingerprint decided once is not asked again)."""
    row = store.conn.execute("select decision from rejection_decisions where fingerprint = ?", (key,)).fetchone()
    return Decision(row[0]) if row else None


def record_rejection(store: MemoryStore, text: str, result: ScanResult, *, source: str, actor: str,
                     agent: str | None = None, file: str | None = None, entry_id: str | None = None) -> Rejection:
    """Keep one blocked write with its findings; committed before this returns, so a gate answers only after it.
    The same text stopped again from the same place (source, file and entry) is the rejection already kept."""
    key = rejection_fingerprint(text, result)
    kept = _same_rejection(store, key, source, file, entry_id)
    if kept is not None:
        return kept
    now = format_time(store.clock())
    safe, moved = redact(store, text, result.findings)
    findings = json.dumps([f.to_dict() for f in moved], ensure_ascii=False)
    with store.transaction() as conn:
        row = conn.execute("select decision from rejection_decisions where fingerprint = ?", (key,)).fetchone()
        decision = Decision(row[0]) if row else Decision.UNREVIEWED
        cursor = conn.execute(
            "insert into rejections(fingerprint, at, source, agent, file, entry_id, text, findings, decision) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?)", (key, now, source, agent, file, entry_id, safe, findings,
                                                   decision.value))
        rejection_id = int(cursor.lastrowid)
        store._event(conn, now, actor, "rejected", entry_id, None,
                     {"rejection": rejection_id, "rules": list(result.rules), "source": source,
                      "outcome": result.outcome.value,
                      "decision": decision.value}, result.summary())
    return get_rejection(store, rejection_id)


def _same_rejection(store: MemoryStore, key: str, source: str, file: str | None,
                    entry_id: str | None) -> Rejection | None:
    """The rejection already kept for this fingerprint from this source, file and entry, if any."""
    row = store.conn.execute(_SELECT + " where fingerprint = ? and source = ? and file is ? and entry_id is ? "
                             "order by id limit 1", (key, source, file, entry_id)).fetchone()
    return _from_row(row) if row else None


def rejection_records(store: MemoryStore, *, leave_out: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Every rejection with the decision on its fingerprint (who took it, when, why), for an export; those of the
    entries in `leave_out` (sensitive ones not exported) are left out."""
    decided = {row[0]: row[1:] for row in store.conn.execute(
        "select fingerprint, decided_at, decided_by, reason from rejection_decisions")}
    records = []
    for rejection in rejections(store):
        if rejection.entry_id in leave_out:
            continue
        record = rejection.to_dict()
        del record["id"]
        if rejection.fingerprint in decided:
            at, by, reason = decided[rejection.fingerprint]
            record["decided"] = {"at": at, "by": by, "reason": reason}
        records.append(record)
    return records


def import_rejection_records(store: MemoryStore, records: Sequence[dict[str, Any]], *, actor: str) -> int:
    """Add the rejections an export carried that this store lacks (same fingerprint, source, file, entry and time),
    with the decisions on their fingerprints unless this store has decided already; return how many were added."""
    added = 0
    now = format_time(store.clock())
    with store.transaction() as conn:
        for record in records:
            try:
                key, at, source = str(record["fingerprint"]), str(record["at"]), str(record["source"])
                decision = Decision(record.get("decision", Decision.UNREVIEWED.value))
                findings = json.dumps(record.get("findings") or [], ensure_ascii=False)
                parse_time(at, "at")
                for item in record.get("findings") or []:
                    Finding.from_dict(item)
            except (KeyError, TypeError, ValueError) as error:
                raise StoreError(f"a rejection record that cannot be read ({error})") from None
            file, entry_id = record.get("file"), record.get("entry_id")
            if conn.execute("select 1 from rejections where fingerprint = ? and source = ? and file is ? and "
                            "entry_id is ? and at = ?", (key, source, file, entry_id, at)).fetchone():
                continue
            decided = record.get("decided")
            if decision is not Decision.UNREVIEWED and isinstance(decided, dict):
                conn.execute("insert into rejection_decisions(fingerprint, decision, decided_at, decided_by, reason) "
                             "values (?, ?, ?, ?, ?) on conflict(fingerprint) do nothing",
                             (key, decision.value, str(decided.get("at") or now), str(decided.get("by") or actor),
                              str(decided.get("reason") or "")))
            row = conn.execute("select decision from rejection_decisions where fingerprint = ?", (key,)).fetchone()
            conn.execute(
                "insert into rejections(fingerprint, at, source, agent, file, entry_id, text, findings, decision) "
                "values (?, ?, ?, ?, ?, ?, ?, ?, ?)", (key, at, source, record.get("agent"), file, entry_id,
                                                       str(record.get("text") or ""), findings,
                                                       row[0] if row else Decision.UNREVIEWED.value))
            added += 1
        if added:
            store._event(conn, now, actor, "rejections:import", None, None, {"added": added},
                         f"{added} rejection(s) carried by an export")
    return added


def decide(store: MemoryStore, rejection_id: int, decision: Decision, *, actor: str, reason: str = "") -> Rejection:
    """Record a reviewer's decision for a rejection's fingerprint, applied to every rejection that shares it (one
    undoable action): a false positive releases the entries it blocked, a threat keeps (or puts back) the block."""
    current = get_rejection(store, rejection_id)
    now = format_time(store.clock())
    with recording(store, "audit", actor=actor, summary=f"rejection #{rejection_id}: {decision.value}",
                   entry_ids=[current.entry_id] if current.entry_id else []), store.transaction() as conn:
        conn.execute(
            "insert into rejection_decisions(fingerprint, decision, decided_at, decided_by, reason) "
            "values (?, ?, ?, ?, ?) on conflict(fingerprint) do update set decision = excluded.decision, "
            "decided_at = excluded.decided_at, decided_by = excluded.decided_by, reason = excluded.reason",
            (current.fingerprint, decision.value, now, actor, reason))
        conn.execute("update rejections set decision = ? where fingerprint = ?", (decision.value, current.fingerprint))
        store._event(conn, now, actor, f"rejection:{decision.value}", current.entry_id,
                     {"decision": current.decision.value}, {"decision": decision.value, "rejection": rejection_id,
                                                            "fingerprint": current.fingerprint}, reason)
        _apply_to_entries(store, conn, current.fingerprint, decision, actor=actor, reason=reason)
    return get_rejection(store, rejection_id)


def _apply_to_entries(store: MemoryStore, conn: Any, fingerprint: str, decision: Decision, *, actor: str,
                      reason: str) -> None:
    """Release the entries a false positive blocked or held (back to pending), or block those a threat names (a
    held entry a person calls a threat is blocked)."""
    ids = sorted({row[0] for row in conn.execute(
        "select entry_id from rejections where fingerprint = ? and entry_id is not null", (fingerprint,))})
    for entry_id in ids:
        entry = store.get(entry_id)
        if entry is None:
            continue
        if decision is Decision.FALSE_POSITIVE and entry.status in STOPPED:
            store.set_status(entry_id, Status.PENDING, actor=actor,
                             reason=reason or "released: a reviewer marked the block a false positive")
        elif decision is Decision.THREAT and entry.status in (Status.PENDING, Status.ACTIVE, Status.CONFIRMED,
                                                               Status.HELD):
            store.set_status(entry_id, Status.BLOCKED, actor=actor,
                             reason=reason or "blocked: a reviewer marked the write a threat")


_SELECT = "select id, fingerprint, at, source, agent, file, entry_id, text, findings, decision from rejections"


def get_rejection(store: MemoryStore, rejection_id: int) -> Rejection:
    """One rejection by id, or a one-line error."""
    row = store.conn.execute(_SELECT + " where id = ?", (rejection_id,)).fetchone()
    if row is None:
        raise StoreError(f"no rejection with id {rejection_id}")
    return _from_row(row)


def rejections(store: MemoryStore, *, decision: Decision | None = None) -> list[Rejection]:
    """Every rejection, oldest first (only those with one decision when given)."""
    if decision is None:
        rows = store.conn.execute(_SELECT + " order by id").fetchall()
    else:
        rows = store.conn.execute(_SELECT + " where decision = ? order by id", (decision.value,)).fetchall()
    return [_from_row(row) for row in rows]


def _from_row(row: Sequence[Any]) -> Rejection:
    """A rejection from its row."""
    findings = tuple(Finding.from_dict(item) for item in json.loads(row[8]))
    return Rejection(int(row[0]), row[1], parse_time(row[2], "at"), row[3], row[4], row[5], row[6],  # type: ignore[arg-type]
                     row[7], findings, Decision(row[9]))
