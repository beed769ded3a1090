"""Match a fresh read of a source against what the store holds: keep ids, find changes, notice removals."""

from __future__ import annotations

import difflib
import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Sequence

from memrev.core.model import Entry, Provenance, Scope, Source, content_hash
from memrev.core.sources.base import NativeEntry, SourceRead
from memrev.core.sources.entry_attributes import entry_attributes
from memrev.core.sources.stored import Stored

SIMILAR_ENOUGH = 0.6
"""Two texts in the same file this alike (difflib ratio) are one entry edited, not one removed and one added."""


@dataclass
class Reconciled:
    """The read as entries with ids, and the ids of stored entries the source no longer has."""

    entries: list[Entry] = field(default_factory=list)
    """Entries to store: new ones, and stored ones whose text, kind, scope or provenance the read changed."""
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    """Stored entries the read has exactly as stored, in the same place: nothing to write."""
    moved: list[tuple[str, str | None, datetime | None]] = field(default_factory=list)
    """(id, citation, file time) of stored entries the read has unchanged but elsewhere (lines shifted, the file
    touched): only their place is written, with no entry rebuilt (a file whose lines all shifted moves them all)."""


def native_id(kind: str, native: NativeEntry) -> str:
    """A new entry's id: stable for the same source kind, file, anchor and text."""
    basis = f"{kind}|{native.file}|{native.anchor}|{native.text}"
    return "m-" + hashlib.sha256(basis.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def to_entry(kind: str, native: NativeEntry, entry_id: str) -> Entry:
    """A store entry for a native one, with its provenance and a citation."""
    return Entry(
        id=entry_id,
        text=native.text,
        type=native.type,
        scope=Scope(kind=native.scope_kind, project=native.project),
        source=Source(agent=kind, file=str(native.file), anchor=native.anchor, content_hash=content_hash(native.text)),
        provenance=Provenance(
            written_at=native.written_at,
            written_at_basis=native.written_at_basis,
            written_by=native.written_by,
            session=native.session,
            cwd=native.cwd,
            branch=native.branch,
            citation=native.citation,
        ),
        confidence=0.5,
        confidence_reason=f"read from {kind}; not yet reviewed",
        attributes=entry_attributes(kind, native.attributes),
    )


def reconcile(read: SourceRead, stored: Sequence[Stored], written: Sequence[Entry] = ()) -> Reconciled:
    """Give each native entry an id: the same text in the same file keeps its id wherever it moved, a text
    memrev itself just wrote for a stored entry (`written`, a write-back's entries) is that entry revised, the
    same anchor or a similar text in the same file is a revision, anything else is new; stored entries left
    unmatched were removed at the source."""
    kind = read.ref.kind
    pool = {entry.id: entry for entry in stored}
    by_id = dict(pool)
    assigned: dict[int, str] = {}

    def take(index: int, entry_id: str) -> None:
        assigned[index] = entry_id
        del pool[entry_id]

    natives = read.entries
    by_text: dict[tuple[str | None, str], list[str]] = {}
    by_anchor: dict[tuple[str | None, str | None], list[str]] = {}
    for entry in stored:
        by_text.setdefault((entry.file, entry.text), []).append(entry.id)
        by_anchor.setdefault((entry.file, entry.anchor), []).append(entry.id)

    def first_free(ids: list[str]) -> str | None:
        return next((entry_id for entry_id in ids if entry_id in pool), None)

    for index, native in enumerate(natives):  # 1. same file, same text: kept, wherever it moved
        match = first_free(by_text.get((str(native.file), native.text), []))
        if match is not None:
            take(index, match)
    for index, entry_id in _written_matches(natives, assigned, pool, written):  # 2. what a write-back put there
        take(index, entry_id)
    shared = Counter((str(native.file), native.anchor) for native in natives)
    for index, native in enumerate(natives):  # 3. same file, same distinctive anchor: revised
        if index in assigned or native.anchor in ("", "entry") or shared[(str(native.file), native.anchor)] > 1:
            continue  # an anchor several entries share (a section) says nothing about which is which
        match = first_free(by_anchor.get((str(native.file), native.anchor), []))
        if match is not None:
            take(index, match)
    candidates = sorted(_similar_pairs(natives, assigned, pool), reverse=True)
    for ratio, index, entry_id in candidates:  # 4. same file, similar text, best pairs first
        if ratio < SIMILAR_ENOUGH:
            break
        if index not in assigned and entry_id in pool:
            take(index, entry_id)
    result = Reconciled()
    seen: set[str] = set()  # exact repeats of one native entry (same id): the first is kept
    for index, native in enumerate(natives):
        entry_id = assigned.get(index) or native_id(kind, native)
        if entry_id in seen:
            continue
        seen.add(entry_id)
        same = by_id.get(entry_id) if index in assigned else None
        if same is None or not _as_native(same, native, kind):
            result.entries.append(to_entry(kind, native, entry_id))
        elif _same_place(same, native):
            result.unchanged.append(entry_id)
        else:
            result.moved.append((entry_id, native.citation, native.written_at))
    result.removed = sorted(entry_id for entry_id, entry in pool.items() if not entry.removed)
    return result


def _written_matches(natives: Sequence[NativeEntry], assigned: dict[int, str], pool: dict[str, Stored],
                     written: Sequence[Entry]) -> list[tuple[int, str]]:
    """(native index, entry id) for unmatched texts a write-back wrote for a stored entry of the same file: an
    edit there is that entry's revision however much it changed the text, with no similarity to guess from."""
    wanted = {(pool[entry.id].file, entry.text.strip()): entry.id for entry in written if entry.id in pool}
    found: list[tuple[int, str]] = []
    taken: set[str] = set()
    for index, native in enumerate(natives):
        entry_id = wanted.get((str(native.file), native.text.strip())) if index not in assigned else None
        if entry_id is not None and entry_id not in taken:
            found.append((index, entry_id))
            taken.add(entry_id)
    return found


def _as_native(entry: Stored, native: NativeEntry, kind: str) -> bool:
    """Whether a stored entry already says everything `to_entry` would make of this native one (its place aside)."""
    return (entry.text == native.text and entry.attributes == entry_attributes(kind, native.attributes) and entry.file == str(native.file) and entry.anchor == native.anchor
            and not entry.removed and entry.type is native.type and entry.scope_kind is native.scope_kind
            and entry.project_key == (native.project.key if native.project else None)
            and entry.written_at_basis == native.written_at_basis and entry.written_by is native.written_by
            and entry.session == native.session and entry.cwd == native.cwd and entry.branch == native.branch
            and entry.commit is None
            and (native.written_at_basis == "mtime" or _second(entry.written_at) == _second(native.written_at)))


def _second(value: datetime | None) -> datetime | None:
    """A time to the second, as the store keeps it."""
    return value.replace(microsecond=0) if value is not None else None


def _same_place(entry: Stored, native: NativeEntry) -> bool:
    """Whether a stored entry already has the native one's citation and file time (to the second)."""
    return entry.citation == native.citation and _second(entry.written_at) == _second(native.written_at)


CANDIDATES = 3
"""How many stored entries, those sharing the most distinctive words, each new text is compared with in full."""
COMMON_WORD = 200
"""A word in more than this many unmatched entries of a file says nothing about which entry a text was."""
_WORD = re.compile(r"\w{3,}")


def _words(text: str) -> set[str]:
    """The lower-case words of three or more characters in a text."""
    return {word.lower() for word in _WORD.findall(text)}


def _similar_pairs(natives: Sequence[NativeEntry], assigned: dict[int, str],
                   pool: dict[str, Stored]) -> list[tuple[float, int, str]]:
    """(similarity, native index, entry id) for unmatched texts and unmatched live entries of the same file that
    are alike enough. Linear in the source: each text is compared in full only with the few entries that share
    its most distinctive words (an index of words, not every pair), and entries already removed at the source
    are left out (they match only by exact text)."""
    by_file: dict[str, list[Stored]] = {}
    for entry in pool.values():
        if not entry.removed:
            by_file.setdefault(entry.file or "", []).append(entry)
    waiting: dict[str, list[int]] = {}
    for index, native in enumerate(natives):
        if index not in assigned:
            waiting.setdefault(str(native.file), []).append(index)
    found: list[tuple[float, int, str]] = []
    for file, indexes in waiting.items():
        entries = by_file.get(file, [])
        if not entries:
            continue
        postings: dict[str, list[int]] = {}
        for position, entry in enumerate(entries):
            for word in _words(entry.text):
                postings.setdefault(word, []).append(position)
        for index in indexes:
            text = natives[index].text
            shared: Counter[int] = Counter()
            for word in _words(text):
                hits = postings.get(word, ())
                if len(hits) <= COMMON_WORD:
                    shared.update(hits)
            best = [position for position, _ in shared.most_common(CANDIDATES)]
            if not best and len(entries) <= CANDIDATES:
                best = list(range(len(entries)))  # texts without distinctive words: few enough to compare all
            matcher = difflib.SequenceMatcher(None, "", text)
            for position in best:
                entry = entries[position]
                matcher.set_seq1(entry.text)
                if matcher.real_quick_ratio() < SIMILAR_ENOUGH or matcher.quick_ratio() < SIMILAR_ENOUGH:
                    continue
                ratio = matcher.ratio()
                if ratio >= SIMILAR_ENOUGH:
                    found.append((ratio, index, entry.id))
    return found
