"""The triage queue: what needs a person, riskiest first, walked one item at a time as `git add -p` walks hunks.

Blocked writes not yet audited come first, then contradicted and stale entries, open conflicts, changed entries,
entries about another project, unverifiable pending entries and, last, fresh entries nobody has confirmed yet. An
entry a person confirmed is asked again only when the repository moved on and its check now finds it stale or
changed; tombstones, removed entries and audited blocks are never asked.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Iterable, Mapping, Sequence

from memrev.core.check.model import EntryCheck, RefStatus, Verdict
from memrev.core.conflicts.detect import IN_PLAY, Conflict
from memrev.core.model import Entry, Status
from memrev.core.review.actions import TOMBSTONES


class Need(str, Enum):
    """Why an item needs a person, in the order the queue asks (riskiest first)."""

    BLOCKED = "blocked"
    HELD = "held"
    CONTRADICTED = "contradicted"
    STALE = "stale"
    CONFLICT = "conflict"
    CHANGED = "changed"
    OUT_OF_SCOPE = "out-of-scope"
    UNVERIFIABLE = "unverifiable"
    UNCONFIRMED = "unconfirmed"


RANK = {need: rank for rank, need in enumerate(Need)}


@dataclass(frozen=True)
class TriageItem:
    """One thing to decide: an entry (with why it needs a person) or an open conflict."""

    need: Need
    entry_id: str | None
    why: str
    conflict: Conflict | None = None

    @property
    def key(self) -> str:
        """A stable identity: the entry id, or `conflict:<id>`."""
        return self.entry_id if self.entry_id is not None else f"conflict:{self.conflict.id if self.conflict else ''}"


def entry_need(entry: Entry, check: EntryCheck | None, *, unaudited: bool = False) -> tuple[Need, str] | None:
    """Whether one entry needs a person, and why in one line; None when it does not."""
    if entry.removed_at is not None or entry.status in TOMBSTONES:
        return None
    if entry.status is Status.BLOCKED:
        return (Need.BLOCKED, "blocked by the scanner; not yet audited") if unaudited else None
    if entry.status is Status.HELD:  # suspicious, not a confident block: it waits for a person whatever the audit says
        return Need.HELD, "held by the scanner until a person decides (release it, or call it a threat)"
    verdict = check.verdict if check is not None else None
    if entry.status is Status.CONFIRMED and (check is None or verdict not in (Verdict.STALE, Verdict.CHANGED)
                                             or check.head == entry.verified_commit):
        return None
    finding = next(iter(check.findings), None) if check is not None else None
    evidence = finding.evidence if finding is not None else (check.reason if check is not None else "")
    if verdict is Verdict.STALE:
        contradicted = any(ref.status is RefStatus.CONTRADICTED for ref in check.findings)  # type: ignore[union-attr]
        return (Need.CONTRADICTED if contradicted else Need.STALE), evidence
    if verdict is Verdict.CHANGED:
        return Need.CHANGED, evidence
    if verdict is Verdict.OUT_OF_SCOPE:
        return Need.OUT_OF_SCOPE, check.reason  # type: ignore[union-attr]
    if entry.status is not Status.PENDING:
        return None
    if verdict is Verdict.FRESH:
        return Need.UNCONFIRMED, "every reference holds; nobody has confirmed it yet"
    return Need.UNVERIFIABLE, check.reason if check is not None else "never checked against a repository"


def build_queue(entries: Iterable[Entry], checks: Mapping[str, EntryCheck], conflicts: Sequence[Conflict] = (), *,
                unaudited: Iterable[str] = ()) -> list[TriageItem]:
    """Everything that needs a person, riskiest first; within a kind, the least trusted entry first."""
    unaudited = set(unaudited)
    ranked: list[tuple[int, float, str, TriageItem]] = []
    for entry in entries:
        need = entry_need(entry, checks.get(entry.id), unaudited=entry.id in unaudited)
        if need is not None:
            confidence = checks[entry.id].confidence if entry.id in checks else entry.confidence
            ranked.append((RANK[need[0]], confidence, entry.id, TriageItem(need[0], entry.id, need[1])))
    for conflict in conflicts:
        item = TriageItem(Need.CONFLICT, None, f"{conflict.kind}: {conflict.subject}", conflict)
        ranked.append((RANK[Need.CONFLICT], 0.0, conflict.id, item))
    ranked.sort(key=lambda row: row[:3])
    return [row[3] for row in ranked]


def still_needed(item: TriageItem, entries: Mapping[str, Entry], checks: Mapping[str, EntryCheck], *,
                 unaudited: Iterable[str] = ()) -> bool:
    """Whether an item queued earlier still needs a person (an earlier decision may have settled it)."""
    if item.conflict is not None:
        sides = [entries.get(entry_id) for entry_id in item.conflict.entry_ids]
        live = sum(1 for entry in sides if entry is not None and entry.status in IN_PLAY and entry.removed_at is None)
        facts = any(side.entry_id is None for side in item.conflict.sides)
        return live >= (1 if facts else 2)
    entry = entries.get(item.entry_id or "")
    return entry is not None and entry_need(entry, checks.get(entry.id), unaudited=entry.id in set(unaudited)) \
        is not None


@dataclass
class TriageSession:
    """A walk through the queue: the current item, what was decided on each, and a way back for undo."""

    items: list[TriageItem]
    position: int = 0
    outcomes: dict[str, str] = field(default_factory=dict)
    history: list[int] = field(default_factory=list)

    @property
    def current(self) -> TriageItem | None:
        """The item being decided, or None when the walk is over."""
        return self.items[self.position] if self.position < len(self.items) else None

    @property
    def counter(self) -> str:
        """`n/N`, as a reviewer reads it."""
        return f"{min(self.position + 1, len(self.items))}/{len(self.items)}"

    def decide(self, outcome: str, still: Callable[[TriageItem], bool] | None = None) -> TriageItem | None:
        """Record the outcome of the current item ("confirmed", "revoked", "skipped"…) and move to the next one
        that still needs a person; returns it."""
        item = self.current
        if item is None:
            return None
        self.outcomes[item.key] = outcome
        self.history.append(self.position)
        self.position += 1
        while still is not None and self.current is not None and not still(self.current):
            self.outcomes[self.current.key] = "settled"
            self.position += 1
        return self.current

    def back(self) -> TriageItem | None:
        """Return to the item decided last (after an undo), forgetting its outcome and the ones it settled."""
        if not self.history:
            return self.current
        previous = self.history.pop()
        for item in self.items[previous:self.position]:
            self.outcomes.pop(item.key, None)
        self.position = previous
        return self.current

    def summary(self) -> Counter[str]:
        """How many items ended each way (skipped and settled included), plus what is left."""
        counts = Counter(self.outcomes.values())
        left = len(self.items) - self.position
        if left:
            counts["left"] = left
        return counts
