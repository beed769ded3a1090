"""What an import needs to know of each stored entry of a source, read as plain rows rather than whole entries.

Reconciling a 10,000-entry file against the store compares texts and places; building 10,000 full entries (their
scope, source and provenance objects, links and projects) for that costs several times the comparison itself.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping, NamedTuple, Sequence

from memrev.core.model import Entry, EntryType, ScopeKind, WrittenBy
from memrev.core.store.rows import attributes_from_json
from memrev.core.store.serialize import parse_time

STORED_COLUMNS = ("id, text, type, scope_kind, project_key, source_file, source_anchor, removed_at, written_at, "
                  "written_at_basis, written_by, session, cwd, branch, commit_sha, citation, attributes")
"""The `entries` columns a `Stored` is read from, in its field order."""

_SCOPE_KINDS = {kind.value: kind for kind in ScopeKind}
_WRITERS = {writer.value: writer for writer in WrittenBy}


class Stored(NamedTuple):
    """A stored entry as reconcile sees it: its id, text and place, and the provenance an import may change."""

    id: str
    text: str
    type: EntryType
    scope_kind: ScopeKind
    project_key: str | None
    file: str | None
    anchor: str | None
    removed: bool
    """Whether the entry is gone from its native source (kept as history)."""
    written_at: datetime | None
    written_at_basis: str
    written_by: WrittenBy
    session: str | None
    cwd: str | None
    branch: str | None
    commit: str | None
    citation: str | None
    attributes: Mapping[str, str]

    @classmethod
    def of(cls, entry: Entry) -> Stored:
        """The view of a whole entry (a freeze's preview already holds them)."""
        p = entry.provenance
        return cls(entry.id, entry.text, entry.type, entry.scope.kind,
                   entry.scope.project.key if entry.scope.project else None, entry.source.file, entry.source.anchor,
                   entry.removed_at is not None, p.written_at, p.written_at_basis, p.written_by, p.session, p.cwd,
                   p.branch, p.commit, p.citation, entry.attributes)

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Stored:
        """The view of one row of `STORED_COLUMNS`."""
        return cls(row[0], row[1], EntryType.parse(row[2]), _SCOPE_KINDS.get(row[3]) or ScopeKind(row[3]), row[4],
                   row[5], row[6], row[7] is not None, parse_time(row[8], "written_at"), row[9],
                   _WRITERS.get(row[10]) or WrittenBy(row[10]), row[11], row[12], row[13], row[14], row[15],
                   attributes_from_json(row[16]))
