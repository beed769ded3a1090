"""The pre-session gate: do the agents' files still hold what the last freeze wrote, and does anything need a person?"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from memrev.core.freeze.plan import review_state
from memrev.core.freeze.policy import Unreviewed
from memrev.core.safe_io import current_bytes, digest_bytes
from memrev.core.sources.sync import imported_digests, imported_sources
from memrev.core.store.freezes import FreezeRecord, freezes, frozen_sources, last_written
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import format_time


@dataclass
class GateReport:
    """What stands between the agents' files and a clean next session."""

    last: FreezeRecord | None
    changed_files: list[str] = field(default_factory=list)
    """Files that differ from what the newest freeze touching them wrote (the agent wrote since)."""
    never_frozen: list[str] = field(default_factory=list)
    """Imported sources no freeze has covered yet."""
    needs_person: list[str] = field(default_factory=list)
    """`id: why` for each entry a freeze would not decide on its own."""

    @property
    def green(self) -> bool:
        """Whether the next session loads exactly what a person reviewed and froze."""
        return self.last is not None and not (self.changed_files or self.never_frozen or self.needs_person)

    def lines(self, limit: int = 10) -> list[str]:
        """A one-screen summary."""
        if self.last is None:
            head = "never frozen: the agents load their memory unreviewed (run `memrev freeze --preview`)"
        elif self.green:
            head = f"green: the agents' files are as freeze #{self.last.id} left them"
        elif self.changed_files:
            head = f"red: the agents' files changed since freeze #{self.last.id}; the next session would load that"
        else:
            head = f"red: {len(self.needs_person) or len(self.never_frozen)} item(s) still need a person or a freeze"
        lines = [head]
        for title, items in (("changed since the last freeze", self.changed_files),
                             ("sources never frozen", self.never_frozen),
                             ("entries that need a person", self.needs_person)):
            if items:
                lines.append(f"{title} ({len(items)}):")
                lines.extend(f"  {item}" for item in items[:limit])
                if len(items) > limit:
                    lines.append(f"  … and {len(items) - limit} more")
        return lines


def changed_since_freeze(store: MemoryStore, written: dict[str, tuple[str, str | None]] | None = None) -> list[str]:
    """Files that differ from what the newest freeze touching them recorded (the agent wrote since); `written` is
    `last_written(store)` when the caller has it already."""
    changed = []
    for path, (_, expected) in sorted((last_written(store) if written is None else written).items()):
        now = current_bytes(Path(path))
        if (None if now is None else digest_bytes(now)) != expected:
            changed.append(path)
    return changed


def since_last_freeze(store: MemoryStore, limit: int = 8) -> list[str]:
    """For a new session: what changed since the last freeze (files the agent wrote, entries nobody reviewed)."""
    history = freezes(store)
    if not history:
        return ["Never frozen: the agents load their memory unreviewed (`memrev freeze --preview` shows the snapshot)."]
    last = history[0]
    when = format_time(last.at)
    fresh = store.count_pending_since(when)
    changed = changed_since_freeze(store)
    if not changed and not fresh:
        return [f"Memory is as freeze #{last.id} ({when}) left it."]
    lines = [f"Since freeze #{last.id} ({when}): {len(changed)} file(s) changed, {fresh} new entr"
             f"{'y' if fresh == 1 else 'ies'} not yet reviewed (`memrev review`, then `memrev freeze`)."]
    lines.extend(f"- changed: {path}" for path in changed[:limit])
    return lines


def gate_report(store: MemoryStore) -> GateReport:
    """Compare the files on disk with the freezes, and list what needs a person, without reading any source."""
    history = freezes(store)
    report = GateReport(history[0] if history else None)
    written = last_written(store)
    report.changed_files = changed_since_freeze(store, written)
    covered = {label for label, _ in written.values()} | frozen_sources(store)
    refs = imported_sources(store)
    report.never_frozen = [ref.label for ref in refs if ref.label not in covered]
    decide = review_state(store)
    for ref in refs:
        report.needs_person.extend(f"{choice.entry.id}: {choice.needs_person}"
                                   for choice in decide(ref, set(imported_digests(store, ref)), Unreviewed.REFUSE)
                                   if choice.needs_person)
    return report
