"""Freeze: write every changed source's snapshot through its own adapter, as one journalled unit, and record it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from memrev.core.freeze.journal import freeze_journal, recover
from memrev.core.freeze.plan import FreezePlan, SourcePlan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.safe_io import atomic_write, current_bytes, digest_bytes, folder_syncs_deferred
from memrev.core.scan.redaction import Redactor, redact_bytes
from memrev.core.sources.base import DriftError
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import import_source
from memrev.core.store.freezes import EntryDecision, FrozenFile, record_freeze
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.purge import purged_text_test


class FreezeRefused(RuntimeError):
    """A freeze that was not written; the message says why and what to do, and nothing changed on disk."""


@dataclass
class FreezeOutcome:
    """What a freeze wrote: its id, and the files it changed."""

    freeze_id: int
    files: list[FrozenFile] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def refusal(plan: FreezePlan) -> str | None:
    """Why this plan cannot be frozen as it stands (one paragraph), or None."""
    lines: list[str] = []
    if plan.needs_person and plan.unreviewed is Unreviewed.REFUSE:
        lines.append(f"{len(plan.needs_person)} entries need a person first (decide them, or say to keep them as "
                     "the agent wrote them or to hold them out):")
        lines.extend(f"  {choice.entry.id}  {choice.needs_person}" for choice in plan.needs_person)
    lines.extend(plan.problems)
    return "\n".join(lines) or None


def _decisions(plans: list[SourcePlan]) -> list[EntryDecision]:
    """Every entry's fate in the freeze, by source."""
    return [EntryDecision(choice.entry.id, plan.ref.label, choice.kept, choice.reason, choice.held)
            for plan in plans for choice in plan.choices]


def freeze(store: MemoryStore, plan: FreezePlan, *, actor: str) -> FreezeOutcome:
    """Write the plan's changed sources (each drift-checked again by its adapter) as one unit and record the freeze
    with every file's bytes before and after and every entry's decision; FreezeRefused (nothing written) when the
    plan needs a person, a source cannot be written, or a file changed since the preview."""
    recover(store)
    if not plan.sources:
        raise FreezeRefused("nothing to freeze: no imported agent source (import one first)")
    why = refusal(plan)
    if why is not None:
        raise FreezeRefused(why)
    _check_store_unchanged(store, plan)
    changing = plan.changed
    for source in changing:  # the agent may have written between the preview and now
        for path, before in source.before.items():
            if current_bytes(path) != before:
                raise FreezeRefused(f"{path}: changed since the preview (the agent wrote?); nothing written, "
                                    "preview again")
    files = [FrozenFile.written(source.ref.label, str(path), source.before.get(path), source.after[path])
             for source in changing for path in source.changed]
    roots = {source.ref.label: source.ref.root for source in changing}
    steps = [(Path(f.path), roots[f.source], f.before, f.after) for f in files]
    try:
        with freeze_journal(store, steps) as token:
            with folder_syncs_deferred():  # files first (each checked unchanged since the preview's read, above)
                for source in changing:
                    assert source.read is not None  # a source without a read has a problem and is never written
                    adapter_for(source.ref.kind).write(source.ref, source.kept, expected=source.read)
                    for path, data in source.extra.items():
                        atomic_write(path, data, root=source.ref.root)
            for f in files:
                if current_bytes(Path(f.path)) != f.after:
                    raise FreezeRefused(f"{f.path}: the written file differs from the preview; undone")
            purged = purged_text_test(store)  # a file may still hold an entry purged while its write was refused
            scrub = [n.text for source in changing if source.read for n in source.read.entries if purged(n.text)]
            recorded = redacted_files(store, files + _untouched(plan), scrub)  # no raw secret, no purged text
            with store.transaction():  # re-imported and recorded together: a kill before this commit leaves the
                _check_store_unchanged(store, plan)  # store as it was, and the journal puts the files back
                for source in changing:
                    import_source(store, source.ref, actor=actor,  # the store is as the preview read it (above)
                                  held=[choice.entry.id for choice in source.choices if choice.held],
                                  stored=[choice.entry for choice in source.choices], written=source.kept)
                freeze_id = record_freeze(store, actor=actor, kind="freeze",
                                          policy={**plan.policy(), "token": token}, summary=_summary(plan, files),
                                          files=recorded, decisions=_decisions(plan.sources))
    except (FreezeRefused, DriftError, ValueError, OSError) as error:  # files put back, the store never changed
        raise FreezeRefused(f"{error}; the freeze was undone, nothing changed") from None
    return FreezeOutcome(freeze_id, files, [source.ref.label for source in changing])


def redacted_files(store: MemoryStore, files: list[FrozenFile], purged: list[str] | None = None) -> list[FrozenFile]:
    """Files as a freeze records them: their digests as on disk, their bytes with every secret redacted and every
    `purged` text removed (a rollback puts back the file as it was, less those)."""
    redactor = Redactor.for_store(store)
    gone = [text.encode("utf-8") for text in purged or () if text.strip()]

    def kept(data: bytes | None) -> bytes | None:
        data = redact_bytes(redactor, data)
        for text in gone:
            data = None if data is None else data.replace(text, b"")
        return data

    return [replace(f, before=kept(f.before), after=kept(f.after)) for f in files]


def _check_store_unchanged(store: MemoryStore, plan: FreezePlan) -> None:
    """Refuse a preview made before a decision or a check another window (or command) has since recorded."""
    if plan.store_mark and store.change_mark() != plan.store_mark:
        raise FreezeRefused("the store changed since the preview (a review decision, an import or a check); "
                            "nothing written, preview again")


def _untouched(plan: FreezePlan) -> list[FrozenFile]:
    """The digest of every file of a frozen source the freeze left alone, so the gate notices the agent's writes."""
    untouched = []
    for source in plan.sources:
        changed = set(source.changed)
        untouched.extend(FrozenFile.kept(source.ref.label, str(path), None if data is None else digest_bytes(data))
                         for path, data in source.before.items() if path not in changed)
    return untouched


def _summary(plan: FreezePlan, files: list[FrozenFile]) -> str:
    """One line: how many entries kept and left out, in how many files of how many sources."""
    kept = sum(len(source.kept) for source in plan.sources)
    out = sum(len(source.left_out) for source in plan.sources)
    return (f"{kept} kept, {out} left out; {len(files)} files written in "
            f"{len(plan.changed)} of {len(plan.sources)} sources")
