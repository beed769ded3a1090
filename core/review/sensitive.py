"""Sensitive entries: a person marks or unmarks them (undoable), the scanner's redacted secrets make them so, and
their text is shown only masked until someone reveals it (logged).

An entry is sensitive when a person marked it (a row in `sensitive`) or when its stored text holds a redacted
secret's marker. The second needs no row: the marker in the text is the record, so it cannot drift from the text
(an edit that removes the secret ends it, a re-import that brings one starts it) and an import needs no extra write.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Sequence

from memrev.core.model import Entry, Status
from memrev.core.review.actions import ReviewError, ReviewResult, load_selection
from memrev.core.safe_io import SourceFileError, read_bounded
from memrev.core.scan.redaction import MARKER, Redactor, has_secret
from memrev.core.store.journal import recording
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.sensitive import add_marks, ids_with_text_containing, marks, remove_marks

SECRET_NEEDLE = "⟦secret: "
"""How every redacted secret's marker starts: SQLite finds the candidates by it, `has_secret` confirms them."""
SCANNER = "the scanner"
"""Who `why_sensitive` names for an entry that is sensitive because its text holds a redacted secret."""


def sensitive_ids(store: MemoryStore) -> set[str]:
    """Every sensitive entry: those a person marked, and those whose text holds a redacted secret."""
    found = set(marks(store))
    found.update(entry_id for entry_id, text in ids_with_text_containing(store, SECRET_NEEDLE) if has_secret(text))
    return found


def why_sensitive(store: MemoryStore, entry: Entry) -> str:
    """Why an entry is sensitive, in one line ("" when it is not): who marked it and why, and/or its secret."""
    reasons = []
    mark = marks(store, [entry.id]).get(entry.id)
    if mark is not None:
        reasons.append(f"marked by {mark.marked_by}" + (f": {mark.reason}" if mark.reason else ""))
    if has_secret(entry.text):
        reasons.append(f"its text holds a redacted secret ({SCANNER})")
    return "; ".join(reasons)


def mask(text: str, hint: str = "") -> str:
    """What is shown instead of a sensitive text: its size, and how to reveal it when `hint` says."""
    lines = text.count("\n") + 1 if text else 0
    size = f"{len(text):,} chars" + (f", {lines} lines" if lines > 1 else "")
    return f"⟦sensitive · {size}" + (f" · {hint}" if hint else "") + "⟧"


def _summary(verb: str, ids: Sequence[str], reason: str) -> str:
    """`sensitive demo-01: why` for one entry, `sensitive 3 entries` for several."""
    what = ids[0] if len(ids) == 1 else f"{len(ids)} entries"
    return f"{verb} {what}" + (f": {reason}" if reason else "")


def mark_sensitive(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str = "") -> ReviewResult:
    """Mark entries sensitive (one undoable action, an event `sensitive` each); those already marked are skipped."""
    ids = list(dict.fromkeys(entry_ids))
    reason = reason.strip()
    with recording(store, "sensitive", actor=actor, summary=_summary("sensitive", ids, reason),
                   entry_ids=ids) as action:
        entries = load_selection(store, ids)
        for entry in entries:
            if entry.status is Status.PURGED:
                raise ReviewError(f"{entry.id} is purged: there is no text left to mask")
        already = marks(store, ids)
        new = [entry for entry in entries if entry.id not in already]
        add_marks(store, [entry.id for entry in new], actor=actor, reason=reason)
    skipped = tuple((entry_id, f"already marked sensitive by {mark.marked_by}") for entry_id, mark in already.items())
    return ReviewResult(action.id, tuple(new), skipped)


def unmark_sensitive(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str = "") -> ReviewResult:
    """Take a person's sensitive mark off entries (one undoable action, an event `not-sensitive` each); an entry
    whose text holds a redacted secret stays sensitive, and the result says so."""
    ids = list(dict.fromkeys(entry_ids))
    reason = reason.strip()
    with recording(store, "not-sensitive", actor=actor, summary=_summary("not-sensitive", ids, reason),
                   entry_ids=ids) as action:
        entries = load_selection(store, ids)
        marked = marks(store, ids)
        changed = [entry for entry in entries if entry.id in marked]
        remove_marks(store, [entry.id for entry in changed], actor=actor, reason=reason)
    skipped = [(entry.id, "its text holds a redacted secret: it stays sensitive until an edit removes the secret")
               for entry in entries if has_secret(entry.text)]
    skipped += [(entry.id, "not marked sensitive") for entry in entries
                if entry.id not in marked and not has_secret(entry.text)]
    return ReviewResult(action.id, tuple(changed), tuple(skipped))


class SecretAtSource(str, Enum):
    """Where the secrets an entry's stored text has redacted stand in the agent's own file."""

    HELD = "held"
    """The file still holds them: the redactor finds this entry's markers in the file only after redacting it."""
    REDACTED = "redacted"
    """The file holds the markers, not the secrets (a freeze wrote the redacted text)."""
    UNKNOWN = "unknown"
    """No file to read, or the file no longer has this text."""


@dataclass(frozen=True)
class SecretNote:
    """What the detail pane says about an entry's redacted secret and the agent's own file."""

    where: SecretAtSource
    file: str | None

    @property
    def text(self) -> str:
        """One line for a person."""
        until = "until the next freeze writes the redacted text or leaves the entry out"
        if self.where is SecretAtSource.HELD:
            return f"memrev keeps only the marker, but the agent's own file {self.file} still holds the secret {until}"
        if self.where is SecretAtSource.REDACTED:
            return f"the agent's own file {self.file} holds the marker, not the secret"
        return f"memrev keeps only the marker; the agent's own memory may still hold the secret {until}"


def secret_at_source(store: MemoryStore, entry: Entry) -> SecretNote | None:
    """Whether the agent's own file still holds the secrets redacted in this entry (None: the text holds none);
    the file is redacted with the store's own key, so the answer is known without memrev keeping the secret."""
    if not has_secret(entry.text):
        return None
    file = entry.source.file
    markers = {match.group(0) for match in MARKER.finditer(entry.text)}
    path = Path(file).expanduser() if file else None
    if path is None or not path.is_absolute():  # a relative name says nothing of where the file is now
        return SecretNote(SecretAtSource.UNKNOWN, file)
    try:
        data, _ = read_bounded(path)
    except SourceFileError:
        return SecretNote(SecretAtSource.UNKNOWN, file)
    text = data.decode("utf-8", "replace")
    if all(marker in text for marker in markers):
        return SecretNote(SecretAtSource.REDACTED, file)
    redacted = Redactor.for_store(store).redact(text).text
    held = any(marker in redacted and marker not in text for marker in markers)
    return SecretNote(SecretAtSource.HELD if held else SecretAtSource.UNKNOWN, file)

