"""Staged Hermes writes that Hermes decided itself (`/memory approve` or `reject`: the staged file is gone from
`pending/memory/`): settled at the next import so none stays pending forever. An applied add or replace becomes
the MEMORY.md or USER.md entry it produced (same id, history and status); anything else is closed as Hermes's."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from memrev.core.model import Status
from memrev.core.sources.base import SourceRead, SourceRef
from memrev.core.sources.hermes_pending import FILE_FOR_TARGET, MARK, pending_folder
from memrev.core.sources.stored import Stored

if TYPE_CHECKING:
    from memrev.core.store.memory_store import MemoryStore

ACTOR = "hermes"
"""Who the audit log names for a decision Hermes made outside memrev."""
APPLIED = "hermes-applied"
"""The event of a staged write Hermes applied outside memrev, now the entry it produced."""


@dataclass(frozen=True)
class StagedPlace:
    """What a staged entry's anchor says it does: its action, the file it changes and its exact target entry."""

    action: str
    file_name: str
    target_entry: str


def staged_place(anchor: str | None) -> StagedPlace | None:
    """Read back `staged by Hermes: ACTION in FILE, pending ID[, ORIGIN][; target: "TEXT"]` (None: not staged)."""
    if not anchor or not anchor.startswith(f"{MARK}: "):
        return None
    action, _, rest = anchor[len(MARK) + 2:].partition(" in ")
    file_name = rest.partition(",")[0]
    if file_name not in FILE_FOR_TARGET.values():
        return None
    target, start = "", rest.find('; target: "')
    while start >= 0:  # the origin is free text: the target is the first tail that reads as one JSON string
        try:
            target = json.loads(rest[start + len("; target: "):])
            break
        except json.JSONDecodeError:
            start = rest.find('; target: "', start + 1)
    return StagedPlace(action, file_name, target if isinstance(target, str) else "")


@dataclass
class Settlement:
    """What an import does about staged writes whose file is gone: the rows reconcile sees (an applied one moved
    to the file it landed in), the entries it re-homes (id -> why) and those it closes (id -> why, and the entry
    that already holds the text)."""

    stored: list[Stored]
    applied: dict[str, str] = field(default_factory=dict)
    closed: dict[str, tuple[str, str | None]] = field(default_factory=dict)

    def record(self, store: MemoryStore) -> None:
        """Log each settlement as Hermes's decision (inside the import's transaction)."""
        for entry_id, why in self.applied.items():
            store.set_review(entry_id, actor=ACTOR, action=APPLIED, confidence_reason=why)
        for entry_id, (why, by) in self.closed.items():
            store.revoke(entry_id, by=by, actor=ACTOR, reason=why)


def _is_gone_staged(row: Stored, folder: Path, present: set[str]) -> bool:
    """Whether a stored row is a staged write of this folder whose staged file the read no longer has."""
    return (bool(row.file) and row.file not in present and (row.anchor or "").startswith(MARK)
            and Path(row.file or "").parent == folder)


def settle(ref: SourceRef, read: SourceRead, stored: Sequence[Stored], store: MemoryStore) -> Settlement:
    """Decide, from the memory files as read now, what became of each staged write whose file is gone: an add or
    replace whose text a file now holds was applied (its row moves there, so reconcile keeps its id); a remove
    whose target is gone was applied; anything else Hermes rejected. One memrev already decided (removed with its
    staged file) moves to its file only when it was a confirmed add or replace."""
    folder = pending_folder(ref.root)
    present = {str(path) for path in read.files}
    gone = [row.id for row in stored if _is_gone_staged(row, folder, present)]
    if not gone:
        return Settlement(list(stored))
    statuses = {entry_id: entry.status for entry_id, entry in store.get_many(gone).items()}
    texts: dict[str, set[str]] = {}
    for native in read.entries:
        texts.setdefault(str(native.file), set()).add(native.text)
    held = {(row.file, row.text): row.id for row in stored if row.file and Path(row.file).parent != folder}
    result = Settlement(list(stored))
    claimed: set[tuple[str, str]] = set()
    for index, row in enumerate(stored):
        place = staged_place(row.anchor) if _is_gone_staged(row, folder, present) else None
        if place is None:
            continue
        target = str(ref.root / place.file_name)
        landed = row.text in texts.get(target, set())
        status = statuses.get(row.id, Status.PENDING)
        if row.removed:  # decided in memrev already: an approved add or replace joins the entry it produced
            if status is Status.CONFIRMED and place.action != "remove" and landed and (target, row.text) not in held \
                    and (target, row.text) not in claimed:
                claimed.add((target, row.text))
                result.stored[index] = row._replace(file=target)
            continue
        if status in (Status.REVOKED, Status.SUPERSEDED, Status.PURGED):
            continue
        staged = f"Hermes's staged {place.action} in {place.file_name}"
        if place.action == "remove":
            gone = place.target_entry not in texts.get(target, set())
            result.closed[row.id] = ((f"{staged} was applied in Hermes (its staged file is gone): the entry is no "
                                      f"longer in {place.file_name}") if gone else
                                     (f"{staged} was rejected in Hermes (its staged file is gone): the entry stays "
                                      f"in {place.file_name}"), None)
        elif not landed:
            result.closed[row.id] = (f"{staged} was rejected in Hermes, or removed since (its staged file is gone and "
                                     f"{place.file_name} does not hold its text)", None)
        elif (target, row.text) in held or (target, row.text) in claimed:
            other = held.get((target, row.text))
            result.closed[row.id] = (f"{staged} was applied in Hermes, but {place.file_name} already held its text"
                                     + (f" as {other}" if other else ""), other)
        else:
            claimed.add((target, row.text))
            result.stored[index] = row._replace(file=target)
            result.applied[row.id] = (f"{staged} was applied in Hermes (its staged file is gone): now the "
                                      f"{place.file_name} entry; not yet reviewed in memrev")
    return result
