"""Concrete fixes a check suggests (a renamed path, a symbol's new home, the repository's version, the nearest
make target), turned into a new text a person approves after seeing the diff."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from memrev.core.check.model import EntryCheck, RefStatus, ReferenceCheck
from memrev.core.model import Entry
from memrev.core.review.actions import EditResult, ReviewError, Revision, edit_many, load_selection
from memrev.core.store.memory_store import MemoryStore

if TYPE_CHECKING:
    from memrev.core.check.checker import Checker

FIXABLE = frozenset({RefStatus.RENAMED, RefStatus.MOVED, RefStatus.CONTRADICTED, RefStatus.MISSING})
"""Statuses whose suggestion can replace what the entry says."""
_CODE_SUFFIXES = (".py", ".pyi", ".js", ".mjs", ".ts", ".tsx", ".jsx", ".go", ".rs", ".rb", ".java", ".kt", ".c",
                  ".h", ".cc", ".cpp", ".cs", ".php", ".swift", ".scala", ".ex", ".lua", ".sh")


@dataclass(frozen=True)
class Change:
    """One replacement in the entry's text: where, what it said, what it says now, and the evidence why."""

    start: int
    end: int
    old: str
    new: str
    why: str


@dataclass(frozen=True)
class Fix:
    """The entry's text with every concrete suggestion of its latest check applied."""

    entry_id: str
    old_text: str
    new_text: str
    changes: tuple[Change, ...]

    @property
    def summary(self) -> str:
        """`a -> b; c -> d`, for the audit log."""
        return "; ".join(f"{change.old} -> {change.new}" for change in self.changes)

    def diff(self) -> list[str]:
        """A unified diff of the text, line by line, for the person to approve."""
        return list(difflib.unified_diff(self.old_text.splitlines(), self.new_text.splitlines(),
                                         "before", "after", lineterm="", n=1))


def _replacement(ref: ReferenceCheck, check: EntryCheck, text: str) -> Change | None:
    """What one reference's suggestion replaces, or None when it gives nothing concrete to write."""
    if ref.status not in FIXABLE or not ref.suggestion or text[ref.start:ref.end] != ref.text:
        return None
    if ref.kind == "path" and ref.status is RefStatus.RENAMED:
        offset = ref.text.find(ref.value)
        if offset < 0:
            return None
        start = ref.start + offset
        return Change(start, start + len(ref.value), ref.value, ref.suggestion, ref.evidence)
    if ref.kind == "symbol" and ref.status is RefStatus.MOVED:
        cited = [other for other in check.references if other.kind == "path" and other.value != ref.suggestion
                 and other.value.endswith(_CODE_SUFFIXES) and text[other.start:other.end] == other.text]
        if len(cited) != 1:  # which file to point elsewhere is ambiguous
            return None
        path = cited[0]
        offset = path.text.find(path.value)
        start = path.start + offset
        return Change(start, start + len(path.value), path.value, ref.suggestion, ref.evidence)
    if ref.kind in ("version", "command") and ref.status in (RefStatus.CONTRADICTED, RefStatus.MISSING):
        return Change(ref.start, ref.end, ref.text, ref.suggestion, ref.evidence)
    return None


def propose_fix(entry: Entry, check: EntryCheck | None) -> Fix | None:
    """The fix the latest check suggests for an entry, or None when it suggests nothing concrete (or the text
    changed since the check, so its spans no longer hold)."""
    if check is None:
        return None
    changes: dict[tuple[int, int], Change] = {}
    for ref in check.references:
        change = _replacement(ref, check, entry.text)
        if change is not None and change.old != change.new:
            changes.setdefault((change.start, change.end), change)
    ordered = sorted(changes.values(), key=lambda c: c.start)
    kept: list[Change] = []
    for change in ordered:  # overlapping spans: the first one wins
        if not kept or change.start >= kept[-1].end:
            kept.append(change)
    if not kept:
        return None
    text = entry.text
    for change in reversed(kept):
        text = text[:change.start] + change.new + text[change.end:]
    return Fix(entry.id, entry.text, text, tuple(kept))


def apply_fix(store: MemoryStore, entry_id: str, *, actor: str, checks: Mapping[str, EntryCheck] | None = None,
              expected: Mapping[str, Entry] | None = None, checker: Checker | None = None) -> tuple[Fix, EditResult]:
    """Rewrite the entry with its check's suggestions, as an edit by the person (scanned, then re-checked)."""
    (applied,) = apply_fixes(store, [entry_id], actor=actor, checks=checks, expected=expected, checker=checker)
    return applied


def proposed_fixes(entries: Sequence[Entry], checks: Mapping[str, EntryCheck]) -> list[Fix]:
    """Each entry's fix as its latest check suggests it, in order; ReviewError naming the first entry without one
    (a batch of fixes is applied whole or not at all)."""
    fixes: list[Fix] = []
    for entry in entries:
        fix = propose_fix(entry, checks.get(entry.id))
        if fix is None:
            raise ReviewError(f"{entry.id}: its latest check suggests no concrete fix; edit it instead")
        fixes.append(fix)
    return fixes


def apply_fixes(store: MemoryStore, entry_ids: Sequence[str], *, actor: str,
                checks: Mapping[str, EntryCheck] | None = None, expected: Mapping[str, Entry] | None = None,
                checker: Checker | None = None) -> list[tuple[Fix, EditResult]]:
    """Rewrite many entries with their checks' suggestions as one action, undone together (a person approving every
    fix on a page at once): all are applied, or none when one is unknown or has no concrete fix."""
    checks = store.checks() if checks is None else checks
    fixes = proposed_fixes(load_selection(store, entry_ids, expected=expected), checks)
    revisions = [Revision(fix.entry_id, fix.new_text, f"fix by {actor}: {fix.summary}", checks[fix.entry_id].head)
                 for fix in fixes]
    results = edit_many(store, revisions, actor=actor, action="fix", expected=expected, checker=checker)
    return list(zip(fixes, results))


def as_one_result(applied: Sequence[tuple[Fix, EditResult]]) -> EditResult:
    """The results of fixes applied as one action, as one result (they share the action's number); the first
    scanner block's reason, if any, stays on it."""
    return EditResult(next((result.action_id for _, result in applied if result.action_id is not None), None),
                      tuple(entry for _, result in applied for entry in result.changed),
                      tuple(skip for _, result in applied for skip in result.skipped),
                      {key: check for _, result in applied for key, check in result.checks.items()},
                      blocked_reason=next((result.blocked_reason for _, result in applied if result.blocked_reason),
                                          ""))
