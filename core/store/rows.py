"""Convert entries to and from rows of the `entries` table, so the store's SQL and the model stay in step."""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence, TypeVar

from memrev.core.model import NO_ATTRIBUTES, Entry, EntryType, Link, Project, Provenance, Scope, ScopeKind, Source, Status, WrittenBy
from memrev.core.store.serialize import format_time, parse_time

COLUMNS = (
    "id, text, type, scope_kind, project_key, agent, source_file, source_anchor, content_hash, "
    "written_at, written_at_basis, written_by, session, cwd, branch, commit_sha, citation, "
    "verified_at, verified_commit, version, confidence, confidence_reason, status, removed_at, attributes"
)
_INSERT_ENTRY = (
    f"insert into entries (rowid, {COLUMNS}, created_at, updated_at) "
    f"values ({', '.join('?' * (len(COLUMNS.split(',')) + 3))})"
)


def row_values(entry: Entry) -> tuple[Any, ...]:
    """An entry's column values in `COLUMNS` order."""
    p = entry.provenance
    return (
        entry.id, entry.text, entry.type.value, entry.scope.kind.value,
        entry.scope.project.key if entry.scope.project else None,
        entry.source.agent, entry.source.file, entry.source.anchor, entry.source.content_hash,
        format_time(p.written_at), p.written_at_basis, p.written_by.value, p.session, p.cwd, p.branch, p.commit,
        p.citation, format_time(entry.verified_at), entry.verified_commit, entry.version, entry.confidence,
        entry.confidence_reason, entry.status.value, format_time(entry.removed_at),
        attributes_json(entry.attributes),
    )


def attributes_json(attributes: Mapping[str, str]) -> str | None:
    """An entry's attributes as the store keeps them: a JSON object with sorted keys, or null for none."""
    return json.dumps(dict(attributes), ensure_ascii=False, sort_keys=True) if attributes else None


def attributes_from_json(value: str | None) -> Mapping[str, str]:
    """The attributes a stored column holds (null, from an older database or an entry with none, is none)."""
    if not value:
        return NO_ATTRIBUTES
    return {str(key): str(item) for key, item in json.loads(value).items()}


_SCOPE_KINDS = {kind.value: kind for kind in ScopeKind}
_WRITERS = {writer.value: writer for writer in WrittenBy}
_STATUSES = {status.value: status for status in Status}
"""Members by stored value: a dict lookup, where calling the enum costs a few microseconds on every row."""


_T = TypeVar("_T")


def _built(cls: type[_T], **values: Any) -> _T:
    """A frozen dataclass from all its field values, set at once instead of through the generated `__init__`, whose
    frozen set of each field is most of the cost of reading ten thousand rows; its checks still run."""
    instance = object.__new__(cls)
    instance.__dict__.update(values)
    check = getattr(instance, "__post_init__", None)
    if check is not None:
        check()
    return instance


def entry_from_row(row: Sequence[Any], projects: dict[str, Project], links: dict[str, list[Link]],
                   scopes: dict[tuple[str, str | None], Scope] | None = None) -> Entry:
    """Rebuild an entry from its row, its project and its links; `scopes` shares one (frozen) Scope among the rows
    of a read that have the same one."""
    scope = scopes.get((row[3], row[4])) if scopes is not None else None
    if scope is None:
        scope = _built(Scope, kind=_SCOPE_KINDS.get(row[3]) or ScopeKind(row[3]),
                       project=projects.get(row[4]) if row[4] else None)
        if scopes is not None:
            scopes[(row[3], row[4])] = scope
    return _built(
        Entry,
        id=row[0], text=row[1], type=EntryType.parse(row[2]),
        scope=scope,
        source=_built(Source, agent=row[5], file=row[6], anchor=row[7], content_hash=row[8]),
        provenance=_built(
            Provenance,
            written_at=parse_time(row[9], "written_at"), written_at_basis=row[10],
            written_by=_WRITERS.get(row[11]) or WrittenBy(row[11]),
            session=row[12], cwd=row[13], branch=row[14], commit=row[15], citation=row[16],
        ),
        verified_at=parse_time(row[17], "verified_at"), verified_commit=row[18], version=row[19],
        confidence=row[20], confidence_reason=row[21], status=_STATUSES.get(row[22]) or Status(row[22]),
        links=tuple(links.get(row[0], ())),
        removed_at=parse_time(row[23], "removed_at"),
        attributes=attributes_from_json(row[24]),
    )


class NewRows:
    """Rows of new entries gathered during one `apply`, written with one `executemany` per table."""

    def __init__(self) -> None:
        """Start empty."""
        self.entries: list[tuple[Any, ...]] = []
        self.texts: list[tuple[int, str]] = []
        self.links: list[tuple[Any, ...]] = []
        self.revisions: list[tuple[Any, ...]] = []

    def add(self, rowid: int, entry: Entry, snapshot: str, now: str | None) -> None:
        """Gather one new entry with its chosen rowid and its first revision's JSON."""
        self.entries.append((rowid, *row_values(entry), now, now))
        self.texts.append((rowid, entry.text))
        self.links.extend((entry.id, l.kind.value, l.target, l.reason, now) for l in entry.links)
        self.revisions.append((entry.id, entry.version, snapshot, now))

    def write(self, conn: Any) -> None:
        """Insert everything gathered (the full-text index is filled here, not by a per-row trigger)."""
        conn.executemany(_INSERT_ENTRY, self.entries)
        conn.executemany("insert into entries_fts(rowid, text) values (?, ?)", self.texts)
        conn.executemany(
            "insert into links(entry_id, kind, target, reason, created_at) values (?, ?, ?, ?, ?) "
            "on conflict(entry_id, kind, target) do update set reason = excluded.reason", self.links)
        conn.executemany("insert into revisions(entry_id, version, snapshot, created_at) values (?, ?, ?, ?)",
                         self.revisions)
