"""Resolve a conflict by a person's explicit choice (one API for the CLI and the TUI); every change goes through the store.

Each store call writes its change and its audit event in one transaction. A resolution that changes several entries
makes one such call per entry, all inside one transaction: it commits whole or not at all.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping, TypeVar

from memrev.core.conflicts.claims import contradictions, extract_claims
from memrev.core.conflicts.detect import ENTRY_VS_FACT, IN_PLAY, Conflict, ConflictSide, comparable, project_of
from memrev.core.model import Entry, EntryType, Provenance, Scope, ScopeKind, Source, Status, WrittenBy
from memrev.core.model import content_hash, derive_entry_id
from memrev.core.scan.gate import screen_entries
from memrev.core.scan.redaction import redact_text, redacted_entries
from memrev.core.store.journal import recording
from memrev.core.store.memory_store import MemoryStore

F = TypeVar("F", bound=Callable[..., Any])


def _atomic(resolution: F) -> F:
    """Run a resolution as one undoable action: every entry it changes, with its events, commits or none does."""
    @functools.wraps(resolution)
    def wrapper(store: MemoryStore, *args: Any, **kwargs: Any) -> Any:
        about = args[0] if args else None
        label = about.id if isinstance(about, Conflict) else getattr(about, "id", "")
        with recording(store, "resolve", actor=kwargs["actor"],
                       summary=f"{resolution.__name__.replace('_', ' ')} {label}".strip()):
            return resolution(store, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


CORRECTION_CONFIDENCE = 0.95
"""The confidence of a correction a person wrote by hand."""
_RESOLVED = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.PURGED})
"""Statuses an entry side already has when there is nothing left to revoke."""


@_atomic
def keep_one(store: MemoryStore, conflict: Conflict, keep: str | None, *, actor: str, reason: str) -> list[Entry]:
    """Keep one side and revoke every entry side that contradicts it (linked `revoked_by` the kept entry).

    `keep=None` sides with the repository in an entry-vs-fact conflict: the entry side is revoked with the reason
    "the repository says X (source)" and no link, since a fact is not an entry. Keeping the entry side of an
    entry-vs-fact conflict changes nothing (the repository cannot be revoked) and returns an empty list.
    """
    if keep is None:
        facts = [side for side in conflict.sides if side.entry_id is None]
        if conflict.kind != ENTRY_VS_FACT or not facts:
            raise ValueError("keep=None sides with the repository, which only an entry-vs-fact conflict has")
        said = ", ".join(f"{side.value} ({side.source})" for side in facts)
        why = f"the repository says {said}" + (f"; {reason}" if reason else "")
        revoked = []
        for side in _entry_sides(conflict):
            if any(conflict.contradicts(side.stance, fact.stance) for fact in facts) and _open(store, side):
                revoked.append(store.set_status(side.entry_id, Status.REVOKED, actor=actor, reason=why))  # type: ignore[arg-type]
        return revoked
    kept = conflict.side(keep)
    if kept is None:
        raise ValueError(f"{keep} is not a side of conflict {conflict.id}")
    if store.get(keep) is None:
        raise ValueError(f"{keep} is not in the store")
    return [store.revoke(side.entry_id, by=keep, actor=actor, reason=reason)  # type: ignore[arg-type]
            for side in _entry_sides(conflict)
            if side.entry_id != keep and conflict.contradicts(kept.stance, side.stance) and _open(store, side)]


@_atomic
def keep_both(store: MemoryStore, conflict: Conflict, *, scopes: Mapping[str, Scope], actor: str,
              reason: str) -> list[Entry]:
    """Keep every side by narrowing scopes so the sides no longer meet (a new revision of each changed entry).

    Only narrowing is allowed (a global entry gets a project, a team entry becomes private), and afterwards no two
    contradicting sides may share a project or be global, else nothing is changed and ValueError says why.
    """
    if conflict.kind == ENTRY_VS_FACT:
        raise ValueError("a repository fact has no scope to narrow; keep one side instead")
    sides = {side.entry_id: side for side in _entry_sides(conflict)}
    unknown = sorted(set(scopes) - set(sides))
    if unknown or not scopes:
        raise ValueError(f"not sides of conflict {conflict.id}: {', '.join(unknown)}" if unknown else "no scope given")
    current = {entry_id: _require(store, entry_id) for entry_id in sides}
    final = {entry_id: scopes.get(entry_id, entry.scope) for entry_id, entry in current.items()}
    for entry_id, scope in scopes.items():
        if not _narrows(current[entry_id].scope, scope):
            raise ValueError(f"{entry_id}: {current[entry_id].scope.label} -> {scope.label} does not narrow the scope")
    for left in sides.values():
        for right in sides.values():
            if conflict.contradicts(left.stance, right.stance) and _meet(final[left.entry_id], final[right.entry_id]):  # type: ignore[index]
                raise ValueError(f"{left.entry_id} and {right.entry_id} would still meet in "
                                 f"{final[left.entry_id].label} and {final[right.entry_id].label}")  # type: ignore[index]
    changed = [current[entry_id].evolve(scope=scope) for entry_id, scope in scopes.items()
               if scope != current[entry_id].scope]
    store.apply(changed, actor=actor, reason=reason)
    return [_require(store, entry.id) for entry in changed]


@_atomic
def replace_with_correction(store: MemoryStore, conflict: Conflict, text: str, *, actor: str, reason: str,
                            entry_type: EntryType | None = None) -> Entry:
    """Write a person's correction (confirmed, in the sides' project) and revoke the entry sides it contradicts."""
    text = text.strip()
    if not text:
        raise ValueError("a correction needs text")
    text = redact_text(store, text)  # a secret typed into a correction never rests in the store
    entries = [_require(store, side.entry_id) for side in _entry_sides(conflict)]  # type: ignore[arg-type]
    if not entries:
        raise ValueError(f"conflict {conflict.id} has no entry side to correct")
    projects = {entry.scope.project.key: entry.scope.project for entry in entries if entry.scope.project}
    if len(projects) > 1:
        raise ValueError(f"the sides belong to {len(projects)} projects; narrow them with keep_both first")
    kinds = {entry.scope.kind for entry in entries}
    scope = Scope(ScopeKind.TEAM if ScopeKind.TEAM in kinds else ScopeKind.PRIVATE, next(iter(projects.values()), None))
    types = {entry.type for entry in entries}
    chosen = entry_type or (types.pop() if len(types) == 1 else EntryType.FEEDBACK)
    source = Source(agent="manual", anchor=f"correction:{conflict.id}:{content_hash(text)}")
    correction = Entry(
        id=derive_entry_id(source, text), text=text, type=chosen, scope=scope, source=source,
        provenance=Provenance(written_at=store.clock(), written_by=WrittenBy.HUMAN, citation=f"correction of {conflict.id}"),
        confidence=CORRECTION_CONFIDENCE, confidence_reason=f"written by {actor}: {reason}" if reason else f"written by {actor}",
        status=Status.CONFIRMED,
    )
    said = extract_claims(correction)
    contradicted = [entry for entry in entries if entry.id != correction.id and entry.status not in _RESOLVED
                    and contradictions(said, extract_claims(entry))]
    if not contradicted:
        raise ValueError("the correction contradicts no side of the conflict (memrev finds no claim in it that "
                         "differs); keep a side instead, or state the value the sides disagree on")
    store.apply([correction], actor=actor, action="correction", reason=reason)
    _screen_correction(store, correction.id)
    for entry in contradicted:
        store.revoke(entry.id, by=correction.id, actor=actor, reason=reason)
    return _require(store, correction.id)


@_atomic
def apply_correction(store: MemoryStore, correction: Entry, *, actor: str, reason: str) -> list[str]:
    """Revoke every entry an explicit correction contradicts (a claim with another value or the opposite polarity).

    The correction is stored first when the store does not hold it. A project's correction revokes entries of
    that project only (a global entry may still hold elsewhere, so it stays and is still reported as a conflict);
    a global correction revokes contradicted entries everywhere. Returns the revoked ids, in id order.
    """
    if store.get(correction.id) is None:
        store.apply(redacted_entries(store, [correction]), actor=actor, action="correction", reason=reason)
        _screen_correction(store, correction.id)
    said = extract_claims(correction)
    if not said:
        return []
    home = project_of(correction)
    revoked: list[str] = []
    for entry in store.entries():
        if entry.id == correction.id or entry.status not in IN_PLAY:
            continue
        where = project_of(entry)
        if (where == home or home is None) and comparable(where, home) and contradictions(said, extract_claims(entry)):
            store.revoke(entry.id, by=correction.id, actor=actor, reason=reason)
            revoked.append(entry.id)
    return sorted(revoked)


def _screen_correction(store: MemoryStore, entry_id: str) -> None:
    """Scan a correction before it can revoke anything; a blocked one stops the whole resolution."""
    if screen_entries(store, [entry_id], source="correction", actor="scanner"):
        raise ValueError("the correction was blocked by the scanner (it reads like an injection or holds a "
                         "secret); nothing was changed")


def _entry_sides(conflict: Conflict) -> list[ConflictSide]:
    """The sides of a conflict that are entries."""
    return [side for side in conflict.sides if side.entry_id is not None]


def _open(store: MemoryStore, side: ConflictSide) -> bool:
    """Whether an entry side still needs revoking (it exists and is not already revoked, superseded or purged)."""
    return _require(store, side.entry_id).status not in _RESOLVED  # type: ignore[arg-type]


def _require(store: MemoryStore, entry_id: str) -> Entry:
    """One stored entry, or a one-line error."""
    entry = store.get(entry_id)
    if entry is None:
        raise ValueError(f"no entry with id {entry_id!r} in the store")
    return entry


def _narrows(before: Scope, after: Scope) -> bool:
    """Whether `after` is `before` or narrower: a project added (never changed or dropped), team made private."""
    if before.project is not None and (after.project is None or after.project.key != before.project.key):
        return False
    return not (before.kind is ScopeKind.PRIVATE and after.kind is ScopeKind.TEAM)


def _meet(left: Scope, right: Scope) -> bool:
    """Whether entries of two scopes can be loaded in one session (the same project, or either one global)."""
    return comparable(left.project.key if left.project else None, right.project.key if right.project else None)
