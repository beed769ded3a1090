"""An agent's own mark that one of its entries no longer holds (OpenClaw's `status: superseded` above a USER.md
directive), applied on import: memrev files the entry as superseded, so recall, conflicts and triage never treat it
as active memory, and takes the mark back when the agent marks the directive active again. A person's decision
(confirmed, revoked) always stands over the agent's mark."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from memrev.core.model import Entry, Status
from memrev.core.sources.base import SourceRead

if TYPE_CHECKING:
    from memrev.core.store.memory_store import MemoryStore

MARKED = "agent-superseded"
"""The event of an entry its agent marked superseded in its own file."""
UNMARKED = "agent-active"
"""The event of an entry its agent marked active again."""
FROM = frozenset({Status.PENDING, Status.ACTIVE})
"""Statuses the agent's mark may change: nobody decided the entry yet."""


def apply_agent_status(store: MemoryStore, read: SourceRead) -> list[str]:
    """Mark superseded the entries their agent marked so, and unmark those it marked active again (only what the
    agent itself marked); returns the ids changed. Runs inside the import's transaction, reading only the entries
    of the files that carry such marks."""
    marks = {(str(n.file), n.text): (n.attributes["status"], n.attributes.get("observed", ""))
             for n in read.entries if n.attributes.get("status")}
    if not marks:
        return []
    kind = read.ref.kind
    files = sorted({file for file, _ in marks})
    rows = store.conn.execute(
        f"select id, source_file, text, status from entries where agent = ? and removed_at is null and "
        f"source_file in ({', '.join('?' * len(files))})", [kind, *files]).fetchall()
    changed = []
    for entry_id, file, text, value in rows:
        status, when = marks.get((file, text), ("", ""))
        current = Status(value)
        name = file.rsplit("/", 1)[-1]
        if status == "superseded" and current in FROM:
            store.set_review(entry_id, actor=kind, action=MARKED, status=Status.SUPERSEDED,
                             confidence_reason=f"marked superseded in {name} by {kind}"
                                               + (f" (observed {when})" if when else ""))
            changed.append(entry_id)
        elif status and status != "superseded" and current is Status.SUPERSEDED \
                and _last_status_by_agent(store, entry_id):
            store.set_review(entry_id, actor=kind, action=UNMARKED, status=Status.PENDING,
                             confidence_reason=f"marked {status} again in {name} by {kind}; not yet reviewed")
            changed.append(entry_id)
    return changed


def _last_status_by_agent(store: MemoryStore, entry_id: str) -> bool:
    """Whether the entry's newest status change was its agent's mark (not a person's supersede)."""
    for event in reversed(store.events(entry_id)):
        if event.before and "status" in event.before and (event.after or {}).get("status") != event.before["status"]:
            return event.action == MARKED  # a revision (the directive's attributes changed) kept the status
    return False


def marked_superseded_refusal(store: MemoryStore, entries: Sequence[Entry], action: str) -> str | None:
    """Why a person cannot `action` (confirm, edit) an entry its agent marked superseded, in one line with how to
    bring it back, or None: memrev keeps the agent's mark as the agent wrote it (a freeze never rewrites a USER.md
    directive header), so the only way to make the directive active again is the agent's own format."""
    for entry in entries:
        if entry.status is Status.SUPERSEDED and _last_status_by_agent(store, entry.id):
            name = (entry.source.file or "").rsplit("/", 1)[-1] or "its file"
            observed = entry.attributes.get("observed")
            when = f" (observed {observed})" if observed else ""
            agent = entry.source.agent
            return (f"{entry.id} is a directive {agent} marked superseded in {name}{when}: {agent} no longer follows "
                    f"it and memrev will not {action} it over that mark; to make it active again, change its header "
                    f"in {name} to `status: active` and re-import (it comes back to review), or leave it superseded")
    return None
