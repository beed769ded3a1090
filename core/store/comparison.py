"""What makes a stored entry's new version a revision, what a person's decision rests on, and what may move in place.

The store compares an incoming entry with the stored one by these keys: a changed revision key makes a new
revision, a changed decided key sends a person's decision back to pending, and the locator is updated in place.
"""

from __future__ import annotations

from typing import Any

from memrev.core.model import Entry
from memrev.core.store.serialize import format_time


def revision_key(entry: Entry) -> tuple[Any, ...]:
    """Everything whose change makes a new revision: all but the id, version, review status, links and removal;
    the citation (a line range that moved) and a time read from the file's mtime (a file touched by an edit
    elsewhere in it) do not count either; attributes (a memory pinned, an importance changed) do. Times compare
    to the second, as the store keeps them."""
    p = entry.provenance
    return (entry.text, entry.type, entry.scope.kind, entry.scope.project.key if entry.scope.project else None,
            entry.source.agent, entry.source.file, entry.source.anchor, entry.source.content_hash,
            None if p.written_at_basis == "mtime" else format_time(p.written_at), p.written_at_basis,
            p.written_by, p.session, p.cwd, p.branch, p.commit, format_time(entry.verified_at), entry.verified_commit,
            entry.confidence, entry.confidence_reason, tuple(sorted(entry.attributes.items())))


def decided_key(entry: Entry) -> tuple[Any, ...]:
    """What a person's review decided on: the text and who it is shared with. A new type or place in the file (an
    entry the agent's format files under another section) keeps the decision; a new text or scope does not."""
    return (entry.text, entry.scope.kind, entry.scope.project.key if entry.scope.project else None)


def review_fields(entry: Entry) -> dict[str, Any]:
    """The fields a review sets (verification and confidence): the store owns them for the entries it holds, so an
    unchanged re-imported entry takes them over."""
    return {"verified_at": entry.verified_at, "verified_commit": entry.verified_commit,
            "confidence": entry.confidence, "confidence_reason": entry.confidence_reason}


def locator(entry: Entry) -> tuple[str | None, str | None]:
    """The citation and mtime-based time, kept up to date in place rather than by a revision."""
    return entry.provenance.citation, format_time(entry.provenance.written_at)
