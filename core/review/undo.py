"""Undo a person's last actions (review actions, resolutions, audit decisions), newest first, as the API for both
the `u` key and `memrev undo`."""

from __future__ import annotations

from dataclasses import dataclass, field

from memrev.core.review.actions import STAGED_GONE, ReviewError
from memrev.core.store.journal import Action, UndoError, actions, undo_last
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import format_time


@dataclass(frozen=True)
class UndoResult:
    """The actions undone, newest first, and why undoing stopped early (empty when every step was done)."""

    undone: list[Action] = field(default_factory=list)
    stopped: str = ""


def decided_staged_writes(store: MemoryStore, action: Action) -> list[str]:
    """The entries whose Hermes staged write this action decided (applied to MEMORY.md or USER.md, or dropped):
    their files changed outside memrev's records, so undo cannot take the action back."""
    decided = {row[0] for row in store.conn.execute(  # one read, however many entries the action changed
        "select entry_id from events where reason = ? and at >= ?", (STAGED_GONE, format_time(action.at)))}
    return [entry_id for entry_id in action.entry_ids if entry_id in decided]


def undo(store: MemoryStore, *, actor: str, steps: int = 1) -> UndoResult:
    """Undo the newest `steps` actions not yet undone, each in its own transaction; stops at the first that
    cannot be undone safely (what was undone before it stays undone) and says why."""
    if steps < 1:
        raise ReviewError("undo needs a number of steps of at least 1")
    undone: list[Action] = []
    for _ in range(steps):
        try:
            newest = actions(store, include_undone=False, limit=1)
            if newest and (staged := decided_staged_writes(store, newest[0])):
                raise UndoError(f"cannot undo #{newest[0].id} ({newest[0].kind}): it decided Hermes's staged write "
                                f"of {', '.join(staged)}, which changed Hermes's files; edit or revoke the entry instead")
            undone.append(undo_last(store, actor=actor))
        except UndoError as error:
            if not undone:
                raise ReviewError(str(error)) from None
            return UndoResult(undone, str(error))
    return UndoResult(undone)
