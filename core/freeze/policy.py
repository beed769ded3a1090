"""Which entries a freeze keeps, in one place, with a reason for every entry kept or left out.

Tombstones (revoked, superseded, purged) and blocked entries never go in; an entry the scanner held (suspicious)
stays out, in review, until a person releases it. An entry whose latest check says it is
stale, contradicted or about another project goes in only when a person confirmed it after that check; so does
one in an open conflict. Those, and blocked entries nobody audited, need a person: the freeze refuses unless
the user says what to do with them (keep them as the agent wrote them, or hold them out).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Collection, Mapping

from memrev.core.check.model import EntryCheck
from memrev.core.model import Entry, Status
from memrev.core.review.triage import Need, entry_need
from memrev.core.sources.agent_status import MARKED
from memrev.core.sources.hermes_pending import is_staged

NEEDS_PERSON = frozenset({Need.BLOCKED, Need.CONTRADICTED, Need.STALE, Need.OUT_OF_SCOPE, Need.CONFLICT})
"""What a freeze will not decide on its own."""


DECIDING_ACTIONS = ("revoke", "supersede", "purge", MARKED)
"""The events whose reason says why an entry was taken out (by a person, or by its agent's own mark)."""


class Unreviewed(str, Enum):
    """What to do with entries that still need a person."""

    REFUSE = "refuse"
    KEEP = "keep"
    HOLD = "hold"


@dataclass(frozen=True)
class Choice:
    """One entry's fate in a freeze: kept or left out, why, and what a person still has to decide (if anything)."""

    entry: Entry
    kept: bool
    reason: str
    needs_person: str | None = None
    held: bool = False
    """Left out only because nobody has decided it yet (it stays in review, and a later freeze may put it back)."""


_TOMBSTONE_WHY = {Status.REVOKED: "revoked", Status.SUPERSEDED: "superseded by a correction",
                  Status.PURGED: "purged"}


def choose(entry: Entry, check: EntryCheck | None, *, in_conflict: bool = False, unaudited: bool = False,
           unreviewed: Unreviewed = Unreviewed.REFUSE, decided: str | None = None, held: bool = False) -> Choice:
    """Whether a freeze keeps one live entry of a source, and why in one line (`decided`: the person's own words
    when they revoked or superseded it; `held`: an earlier freeze held it out, so the agent's files lack it)."""
    if is_staged(entry) and entry.removed_at is None:
        return Choice(entry, False, "staged by Hermes, waiting in its approval queue: a freeze never writes it "
                                    "(confirming it applies it through Hermes)")
    if entry.status is Status.SUPERSEDED and (decided or "").startswith(f"{MARKED} by "):
        return Choice(entry, True, "kept as the agent wrote it, marked superseded by the agent itself (memrev never "
                                   "treats it as active)")
    if entry.status in _TOMBSTONE_WHY:
        return Choice(entry, False, decided or _TOMBSTONE_WHY[entry.status])
    live = entry if entry.removed_at is None else entry.evolve(removed_at=None)  # held out earlier: still undecided
    need = entry_need(live, check, unaudited=unaudited)
    if entry.status is Status.HELD:  # whatever the policy: only a person's release lets it into a snapshot
        return Choice(entry, False, "held by the scanner until a person releases it (audit: a)", held=True)
    if entry.status is Status.BLOCKED:
        attention = need[1] if need is not None else None
        return Choice(entry, False, "blocked by the scanner", None if unreviewed is not Unreviewed.REFUSE else attention)
    if in_conflict and entry.status is not Status.CONFIRMED and (need is None or need[0] not in NEEDS_PERSON):
        need = (Need.CONFLICT, "in an open conflict nobody has settled")
    if need is not None and need[0] in NEEDS_PERSON:
        label = f"{need[0].value}: {need[1]}" if need[1] else need[0].value
        if unreviewed is Unreviewed.KEEP:
            return Choice(entry, True, f"kept as the agent wrote it, unreviewed ({label})")
        if unreviewed is Unreviewed.HOLD:
            return Choice(entry, False, f"held out until a person decides ({label})", held=True)
        on_disk = entry.removed_at is None and not held  # shown as it stands: refused until it is decided
        return Choice(entry, on_disk, f"needs a person ({label})", label, held=not on_disk)
    if entry.status is Status.CONFIRMED:
        return Choice(entry, True, "confirmed by a person")
    return Choice(entry, True, "kept as the agent wrote it (nothing found against it)")


def choose_all(entries: list[Entry], checks: Mapping[str, EntryCheck], *, conflicted: Collection[str] = (),
               unaudited: Collection[str] = (), unreviewed: Unreviewed = Unreviewed.REFUSE,
               decided: Mapping[str, str] | None = None, held: Collection[str] = ()) -> list[Choice]:
    """The choice for every live entry, and for every entry an earlier freeze held out (gone from the agent's files
    only because nobody had decided it); other entries already gone from their source are in no snapshot."""
    decided = decided or {}
    return [choose(entry, checks.get(entry.id), in_conflict=entry.id in conflicted, unaudited=entry.id in unaudited,
                   unreviewed=unreviewed, decided=decided.get(entry.id), held=entry.id in held)
            for entry in entries if entry.removed_at is None or entry.id in held]
