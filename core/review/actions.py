"""A person's review actions on entries: confirm, revoke, edit, record a verification, each one undoable transaction.

Every action takes a selection of ids and either applies to all of them or changes nothing: ids are validated
first, and an entry that changed since the caller read it (`expected`) stops the whole action with a one-line
error, so two memrev windows reviewing one store never lose an update.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from memrev.core.check.checker import collector_paused
from memrev.core.check.model import EntryCheck, Verdict
from memrev.core.model import STOPPED, Entry, Status, WrittenBy
from memrev.core.scan.gate import gate_text, mark_screened
from memrev.core.scan.redaction import redact_text
from memrev.core.sources.agent_status import marked_superseded_refusal
from memrev.core.sources.hermes_pending import PartlyDecided, StagedError, batch_siblings, decide, secret_refusal
from memrev.core.store.journal import recording
from memrev.core.store.memory_store import MemoryStore

if TYPE_CHECKING:
    from memrev.core.check.checker import Checker

CONFIRMED_CONFIDENCE = 0.9
"""The confidence a person's confirmation raises an entry to (never lowers it)."""
DESPITE_STALE_CONFIDENCE = 0.7
"""The confidence of an entry a person vouched for although its latest check found it stale."""
STAGED_GONE = "Hermes's staged write was decided in memrev; its staged file is deleted"
"""Why a decided staged Hermes write is gone from its source (its text lives on in MEMORY.md or USER.md, or not)."""
TOMBSTONES = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.PURGED})
"""Statuses after which an entry is kept only for its history."""


class ReviewError(ValueError):
    """A review action that cannot be done; nothing was changed and the message is one line for the user."""


@dataclass(frozen=True)
class ReviewResult:
    """What one action did: its undo number, the entries it changed, and those it left alone with why."""

    action_id: int | None
    changed: tuple[Entry, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    checks: Mapping[str, EntryCheck] = field(default_factory=dict)
    staged: tuple[str, ...] = ()
    """Entries whose Hermes staged write this action decided: Hermes's files changed, so undo cannot take it back."""

    @property
    def changed_ids(self) -> list[str]:
        """The ids of the changed entries."""
        return [entry.id for entry in self.changed]


def short(sha: str | None) -> str:
    """A commit as a reviewer reads it."""
    return sha[:8] if sha else "an unknown commit"


def load_selection(store: MemoryStore, entry_ids: Sequence[str], *,
                   expected: Mapping[str, Entry] | None = None) -> list[Entry]:
    """The selected entries, or a one-line error naming an unknown id or one that changed since it was read."""
    ids = list(dict.fromkeys(entry_ids))
    if not ids:
        raise ReviewError("no entry selected")
    stored = store.get_many(ids)
    found: list[Entry] = []
    for entry_id in ids:
        entry = stored.get(entry_id)
        if entry is None:
            raise ReviewError(f"no entry with id {entry_id!r} (see `memrev list`)")
        seen = (expected or {}).get(entry_id)
        if seen is not None and seen != entry:
            raise ReviewError(f"{entry_id} changed since it was shown (now {entry.status.value}, version "
                              f"{entry.version}); reload and try again")
        found.append(entry)
    return found


def _refuse(entries: Iterable[Entry], action: str, *, allow: frozenset[Status] = frozenset()) -> None:
    """Stop an action on a purged, removed or (unless allowed) tombstoned or blocked entry."""
    for entry in entries:
        if entry.status is Status.PURGED:
            raise ReviewError(f"{entry.id} is purged: there is nothing left to {action}")
        if entry.removed_at is not None and action != "revoke":
            raise ReviewError(f"{entry.id} was removed at its source ({entry.source.file or entry.source.agent}); "
                              f"re-import it before you {action} it")
        if entry.status in TOMBSTONES - allow:
            raise ReviewError(f"{entry.id} is {entry.status.value}: undo that (memrev undo) before you {action} it")
        if entry.status in STOPPED and entry.status not in allow:
            what = "held by the scanner until a person decides" if entry.status is Status.HELD \
                else "blocked by the scanner"
            raise ReviewError(f"{entry.id} is {what}: release it in the audit (a) if it was a false positive")


def stale_among(entries: Iterable[Entry], checks: Mapping[str, EntryCheck]) -> list[str]:
    """The ids whose latest check is stale: confirming them needs an explicit override."""
    return [entry.id for entry in entries if (check := checks.get(entry.id)) and check.verdict is Verdict.STALE]


def confirm(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, despite_stale: bool = False,
            checks: Mapping[str, EntryCheck] | None = None, expected: Mapping[str, Entry] | None = None) -> ReviewResult:
    """The person vouches for each entry: confirmed, verified now at the HEAD of its latest check, confidence raised
    (an operation of a staged Hermes batch brings the batch's other operations with it: Hermes approves it whole)."""
    checks = store.checks() if checks is None else checks
    ids = list(dict.fromkeys(entry_ids))
    summary = f"confirm {ids[0]}" if len(ids) == 1 else f"confirm {len(ids)} entries"
    with collector_paused(), recording(store, "confirm", actor=actor, summary=summary, entry_ids=ids) as action:
        entries = load_selection(store, ids, expected=expected)  # read inside the transaction: no lost update
        entries += batch_siblings(entries, lambda file: store.entries_of_file("hermes", file))
        secret = secret_refusal(entries, lambda text: redact_text(store, text))
        if secret is not None:  # before a block's "release it in the audit": releasing would not make it approvable
            raise ReviewError(secret)
        superseded = marked_superseded_refusal(store, entries, "confirm")
        if superseded is not None:  # before the tombstone's "undo that": there is no action of a person to undo
            raise ReviewError(superseded)
        _refuse(entries, "confirm")
        stale = stale_among(entries, checks)
        if stale and not despite_stale:
            first = checks[stale[0]]
            finding = next(iter(first.findings), None)
            why = f" ({finding.evidence})" if finding else ""
            more = f" and {len(stale) - 1} more" if len(stale) > 1 else ""
            raise ReviewError(f"{stale[0]}{more} is stale{why}: confirm with --despite-stale to vouch for it anyway")
        now = store.clock()
        stale_ids = set(stale)
        changes: list[tuple[Entry, dict, str]] = []
        skipped: list[tuple[str, str]] = []
        for entry in entries:
            check = checks.get(entry.id)
            if entry.status is Status.CONFIRMED and entry.id not in stale_ids and check is not None \
                    and entry.verified_commit == check.head:
                skipped.append((entry.id, "already confirmed at this commit"))
                continue
            if entry.id in stale_ids:
                reason = f"confirmed by {actor} despite a stale check at {short(check.head if check else None)}"
                confidence = DESPITE_STALE_CONFIDENCE
            elif check is not None:
                reason = f"confirmed by {actor} after check at {short(check.head)}"
                confidence = max(entry.confidence, CONFIRMED_CONFIDENCE)
            else:
                reason = f"confirmed by {actor} (never checked against a repository)"
                confidence = max(entry.confidence, CONFIRMED_CONFIDENCE)
            changes.append((entry, {"status": Status.CONFIRMED, "verified_at": now,
                                    "verified_commit": check.head if check else None, "confidence": confidence,
                                    "confidence_reason": reason}, reason))
        done, failed = _decide_staged(store, [entry for entry, _, _ in changes], approved=True)
        if failed:  # Hermes's files changed for `done` only: record exactly those, leave the rest as they were
            skipped.extend((entry.id, f"not confirmed: {failed}") for entry, _, _ in changes if entry.id not in done)
            changes = [change for change in changes if change[0].id in done]
        changes = [(entry, {**fields, "confidence_reason": f"{why}; {done[entry.id]}"}, f"{why}; {done[entry.id]}")
                   if entry.id in done else (entry, fields, why) for entry, fields, why in changes]
        changed = store.set_review_many(changes, actor=actor, action="confirm")
        store.mark_removed(done, actor=actor, reason=STAGED_GONE)
    return ReviewResult(action.id, tuple(changed), tuple(skipped), staged=tuple(done))


def revoke(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str, by: str | None = None,
           expected: Mapping[str, Entry] | None = None) -> ReviewResult:
    """Revoke each entry with the person's reason (and the correction that replaces it, when given); the entry
    stays as a tombstone with its history (an operation of a staged Hermes batch brings the batch's other operations
    with it: Hermes rejects it whole)."""
    if not reason.strip():
        raise ReviewError("a revocation needs a reason (--reason)")
    ids = list(dict.fromkeys(entry_ids))
    summary = f"revoke {ids[0] if len(ids) == 1 else f'{len(ids)} entries'}: {reason.strip()}"
    changed: list[Entry] = []
    skipped: list[tuple[str, str]] = []
    with collector_paused(), recording(store, "revoke", actor=actor, summary=summary, entry_ids=ids) as action:
        entries = load_selection(store, ids, expected=expected)  # read inside the transaction: no lost update
        entries += batch_siblings(entries, lambda file: store.entries_of_file("hermes", file))
        if by is not None:
            if store.get(by) is None:
                raise ReviewError(f"no correction entry with id {by!r}")
            if by in {entry.id for entry in entries}:
                raise ReviewError(f"{by} cannot revoke itself")
        _refuse(entries, "revoke", allow=frozenset({Status.REVOKED, Status.SUPERSEDED, *STOPPED}))
        live = [entry for entry in entries if entry.status not in (Status.REVOKED, Status.SUPERSEDED)]
        done, failed = _decide_staged(store, live, approved=False)
        for entry in entries:
            if entry not in live:
                skipped.append((entry.id, f"already {entry.status.value}"))
                continue
            if failed and entry.id not in done:
                skipped.append((entry.id, f"not revoked: {failed}"))
                continue
            why = f"{reason.strip()}; {done[entry.id]}" if entry.id in done else reason.strip()
            changed.append(store.revoke(entry.id, by=by, actor=actor, reason=why))
        store.mark_removed(done, actor=actor, reason=STAGED_GONE)
    return ReviewResult(action.id, tuple(changed), tuple(skipped), staged=tuple(done))


def _decide_staged(store: MemoryStore, entries: Sequence[Entry], *,
                   approved: bool) -> tuple[dict[str, str], str]:
    """Perform Hermes's own approve or reject for the staged Hermes writes among these entries (id -> what was
    done), or stop the action with Hermes's one-line refusal; one already gone from its folder is left alone. A
    selection that fails part-way returns what was decided and why it stopped, so exactly that is recorded."""
    try:
        return decide([entry for entry in entries if entry.removed_at is None], approved=approved,
                      redact=lambda text: redact_text(store, text)), ""
    except PartlyDecided as partial:
        return partial.done, str(partial)
    except StagedError as error:
        raise ReviewError(str(error)) from None


@dataclass(frozen=True)
class EditResult(ReviewResult):
    """An edit's outcome: the new revision, or the scanner's block (the previous revision kept, the rejection
    recorded for audit)."""

    blocked_reason: str = ""


def edit(store: MemoryStore, entry_id: str, text: str, *, actor: str, reason: str = "", action: str = "edit",
         head: str | None = None, expected: Mapping[str, Entry] | None = None,
         checker: Checker | None = None) -> EditResult:
    """Write the person's corrected text as a new revision: scanned first (a block keeps the previous revision),
    then stored and, given a `Checker`, re-checked at once."""
    (result,) = edit_many(store, [Revision(entry_id, text, reason, head)], actor=actor, action=action,
                          expected=expected, checker=checker)
    return result


@dataclass(frozen=True)
class Revision:
    """One entry's corrected text in an edit: why it changed, and the commit it was checked at (its provenance)."""

    entry_id: str
    text: str
    reason: str = ""
    head: str | None = None


def edit_many(store: MemoryStore, revisions: Sequence[Revision], *, actor: str, action: str = "edit",
              expected: Mapping[str, Entry] | None = None, checker: Checker | None = None) -> list[EditResult]:
    """Write many corrected texts as one action (one transaction, undone together: a person approving a page of
    fixes at once), each scanned first and re-checked as `edit` does; one result per revision, in order."""
    ids = [revision.entry_id for revision in revisions]
    if len(set(ids)) != len(ids):
        raise ReviewError("an entry appears twice in one edit")
    if any(not revision.text.strip() for revision in revisions):
        raise ReviewError("an entry's text cannot be empty (revoke the entry instead)")
    entries = load_selection(store, ids, expected=expected)
    superseded = marked_superseded_refusal(store, entries, "edit")
    if superseded is not None:
        raise ReviewError(superseded)
    _refuse(entries, "edit", allow=STOPPED)
    screened = [(entry, revision, _screened(store, entry, revision.text, actor=actor))
                for entry, revision in zip(entries, revisions)]
    pending = [(entry, revision, text) for entry, revision, text in screened if isinstance(text, str)]
    if not pending:
        return [outcome for _, _, outcome in screened]  # type: ignore[misc]
    first, one = pending[0], len(pending) == 1
    summary = f"{action} {first[0].id}: {first[1].reason or f'edited by {actor}'}" if one \
        else f"{action} {len(pending)} entries"
    with recording(store, action, actor=actor, summary=summary, entry_ids=[e.id for e, _, _ in pending]) as recorded:
        written, checks = _write_revisions(store, pending, actor=actor, action=action, checker=checker)
    return [EditResult(recorded.id, (written[entry.id],), (), {i: c for i, c in checks.items() if i == entry.id})
            if isinstance(outcome, str) else outcome for entry, _, outcome in screened]


def _screened(store: MemoryStore, entry: Entry, text: str, *, actor: str) -> str | EditResult:
    """The text to store once the scanner let it through (a secret redacted), or the result that ends this entry's
    edit here (an unchanged text, or a block recorded for audit)."""
    if text == entry.text:
        return EditResult(None, (), ((entry.id, "the text is unchanged"),))
    verdict = gate_text(store, text, source=f"edit by {actor}", actor=actor, agent=entry.source.agent,
                        file=entry.source.file, entry_id=entry.id)
    if not verdict.allowed:
        return EditResult(None, (), ((entry.id, "blocked by the scanner"),), blocked_reason=verdict.reason)
    return redact_text(store, text)  # a secret a reviewer let through still never rests in the store


def _write_revisions(store: MemoryStore, pending: Sequence[tuple[Entry, Revision, str]], *, actor: str, action: str,
                     checker: Checker | None) -> tuple[dict[str, Entry], dict[str, EntryCheck]]:
    """Inside the caller's recorded action, in one write: store the new revisions of entries unchanged since their
    scan, lift a block the new text no longer earns, and re-check them when given a `Checker`."""
    now = store.clock()
    whys = {entry.id: revision.reason or f"edited by {actor}" for entry, revision, _ in pending}
    revised = [entry.evolve(text=text, provenance=replace(
        entry.provenance, written_at=now, written_at_basis="recorded", written_by=WrittenBy.HUMAN,
        commit=revision.head or entry.provenance.commit), status=Status.PENDING, confidence_reason=whys[entry.id])
        for entry, revision, text in pending]
    ids = [entry.id for entry, _, _ in pending]
    load_selection(store, ids, expected={entry.id: entry for entry, _, _ in pending})  # unchanged since the scan
    store.apply(revised, actor=actor, action=action, reasons=whys)
    mark_screened(store, ids)
    stored = store.get_many(ids)
    for entry_id in ids:
        if stored[entry_id].status in STOPPED:  # the person's new text passed the scanner: the block is lifted
            stored[entry_id] = store.set_review(entry_id, actor=actor, action="unblock", status=Status.PENDING,
                                                reason=f"{whys[entry_id]}; the new text passes the scanner")
    checks: dict[str, EntryCheck] = {}
    if checker is not None:
        checks = dict(checker.update_entries([stored[entry_id] for entry_id in ids]))
        store.save_checks(checks.values())
    return stored, checks


def record_verification(store: MemoryStore, checks: Mapping[str, EntryCheck], *, actor: str,
                        entry_ids: Sequence[str] | None = None) -> ReviewResult:
    """Keep fresh checks, and mark each entry whose every reference holds as verified by check (its status is the
    person's to change: this is not a confirmation)."""
    wanted = list(checks) if entry_ids is None else [i for i in entry_ids if i in checks]
    entries = load_selection(store, wanted) if wanted else []
    changed: list[Entry] = []
    skipped: list[tuple[str, str]] = []
    with recording(store, "verify", actor=actor, summary=f"verify {_count(entries)}",
                   entry_ids=[e.id for e in entries]) as action:
        store.save_checks(checks[e.id] for e in entries)
        for entry in entries:
            check = checks[entry.id]
            if entry.status in TOMBSTONES or entry.status in STOPPED:
                skipped.append((entry.id, entry.status.value))
            elif check.verdict is not Verdict.FRESH:
                skipped.append((entry.id, check.verdict.value))
            else:
                reason = f"verified by check at {short(check.head)}"
                changed.append(store.set_review(
                    entry.id, actor=actor, action="verify", reason=reason, verified_at=check.checked_at or store.clock(),
                    verified_commit=check.head, confidence=check.confidence, confidence_reason=reason))
    return ReviewResult(action.id, tuple(changed), tuple(skipped), dict(checks))


def _count(entries: Sequence[Entry]) -> str:
    """`demo-01` for one entry, `3 entries` for several."""
    return entries[0].id if len(entries) == 1 else f"{len(entries)} entries"
