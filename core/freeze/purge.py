"""Purge: an entry's content leaves memrev and the agents' files for good; who purged what, when and why stays.

`select_entries` chooses (by id, session, source file or search), `preview` says what goes from where, and `purge`
does it: the agents' files first (each source written back without the entries, drift-checked; a source that cannot
be written is left as it is and named), then the store (`store.purge`: every row, then the pages), then the residue
check, run while the text is still in memory only (memrev keeps no copy), recorded in a `purge-check` event with
the count and the files searched, never the text. `purge_entries` is the one call for the app.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from memrev.core.freeze.purge_native import NativePart, native_parts, write_native
from memrev.core.freeze.residue import ResidueReport, known_files, search
from memrev.core.model import Entry, Status
from memrev.core.review.sensitive import mask, sensitive_ids
from memrev.core.safe_io import is_within
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.purge import (StorePurge, content_counts, finish_pending, in_words, purge_store,
                                     shared_needles, stored_texts)
from memrev.core.store.scrub import needle_texts
from memrev.core.store.serialize import format_time

CHECK_ACTION = "purge-check"
"""The event recording a purge's residue check: the count and the files searched (never the text)."""


class PurgeError(ValueError):
    """A purge that cannot start (an unknown id, a selection that matches nothing); one line, nothing changed."""


@dataclass
class Selection:
    """The entries chosen for a purge, and those among them already purged (nothing left to do)."""

    entries: list[Entry] = field(default_factory=list)
    already: list[str] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        """The ids of the entries to purge."""
        return [entry.id for entry in self.entries]


def is_purged(entry: Entry) -> bool:
    """Whether an entry is purged and holds no text (a purged entry whose text came back is purged again)."""
    return entry.status is Status.PURGED and not entry.text


def select_entries(store: MemoryStore, ids: Sequence[str] = (), *, session: str | None = None,
                   source: str | None = None, match: str | None = None) -> Selection:
    """Every entry named by id, of a session or thread, of a source file (or folder), or matching a full-text
    search; PurgeError for an unknown id or a selector that matches nothing."""
    if not (ids or session or source or match):
        raise PurgeError("name what to purge: entry ids, a session, a source file or a search")
    chosen: dict[str, Entry] = {}
    found = store.get_many(ids)
    for entry_id in ids:
        if entry_id not in found:
            raise PurgeError(f"no entry with id {entry_id!r} (see `memrev list`)")
        chosen[entry_id] = found[entry_id]
    by: dict[str, list[Entry]] = {"session": [], "source": [], "match": []}
    if session or source:
        for entry in store.entries():
            if session and entry.provenance.session == session:
                by["session"].append(entry)
            if source and _in_file(entry, source):
                by["source"].append(entry)
    if match:
        by["match"] = list(store.get_many(store.search(match, limit=1_000_000)).values())
    nothing = {"session": "no entry of session {!r}", "source": "no entry from {!r}",
               "match": "no entry matches the search {!r}"}
    for what, given in (("session", session), ("source", source), ("match", match)):
        if given and not by[what]:
            raise PurgeError(nothing[what].format(given))
        chosen.update((entry.id, entry) for entry in by[what] if entry.id not in chosen)
    selection = Selection()
    for entry in chosen.values():
        if is_purged(entry):
            selection.already.append(entry.id)
        else:
            selection.entries.append(entry)
    return selection


def _in_file(entry: Entry, source: str) -> bool:
    """Whether an entry came from this file, or from a file under this folder."""
    if not entry.source.file:
        return False
    if entry.source.file == source:
        return True
    given = Path(source).expanduser()
    given = given.resolve() if given.exists() else given.absolute()
    stored = Path(entry.source.file)
    return stored == given or is_within(stored, given)


@dataclass
class PurgePreview:
    """What a purge will remove, from where: the entries, the rows of the store, each agent source's files."""

    selection: Selection
    parts: list[NativePart]
    counts: Counter[str]
    masked: set[str] = field(default_factory=set)
    """Sensitive entries: their text is never shown, not even here."""
    texts: list[str] = field(default_factory=list, repr=False)
    """Every text to purge, as the store and the files hold it (in memory only, for the residue check)."""

    def entry_line(self, entry: Entry) -> str:
        """`id  status  agent  citation  first line` (masked when sensitive)."""
        first = mask(entry.text) if entry.id in self.masked else entry.first_line[:60]
        where = entry.provenance.citation or entry.source.file or "-"
        return f"  {entry.id}  {entry.status.value}  {entry.source.agent}  {where}  {first}"

    def lines(self) -> list[str]:
        """The preview a person confirms."""
        entries = self.selection.entries
        lines = []
        if entries:
            lines.append(f"purge {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} for good (the content "
                         "leaves memrev and the agents' files; who purged it, when and why stay in the log):")
            lines.extend(self.entry_line(entry) for entry in entries)
            held = in_words(self.counts)
            lines.append(f"in the store: the entries, {held or 'no other rows'}; and every undo step, freeze "
                         "snapshot and journal that quotes them")
            lines.append("in the agents' files:" if self.parts else "in the agents' files: nothing (no imported "
                         "source holds them)")
            lines.extend(f"  {part.line()}" for part in self.parts)
        if self.selection.already:
            lines.append(f"already purged (nothing to do): {', '.join(self.selection.already)}")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (ids, places and files; never the text)."""
        return {"entries": self.selection.ids, "already": self.selection.already, "store": dict(self.counts),
                "sources": [{"source": p.ref.label, "files": [str(f) for f in p.files],
                             "entries": [e.id for e in p.targets], "problem": p.problem} for p in self.parts]}


def preview(store: MemoryStore, selection: Selection, *, actor: str) -> PurgePreview:
    """What purging the selection removes, from the store and from each agent source (a dry run: nothing written)."""
    ids = selection.ids
    texts = [text for found in stored_texts(store, ids).values() for text in found]
    parts = native_parts(store, ids, needle_texts(texts), actor=actor) if ids else []
    on_disk = [text for part in parts for text in part.on_disk()]
    return PurgePreview(selection, parts, content_counts(store, ids), sensitive_ids(store) & set(ids),
                        list(dict.fromkeys(texts + on_disk)))


@dataclass
class PurgeReport:
    """What a purge did: the entries purged, each source's files, the store's rows and pages, and the residue."""

    ids: list[str]
    already: list[str] = field(default_factory=list)
    parts: list[NativePart] = field(default_factory=list)
    store: StorePurge | None = None
    residue: ResidueReport | None = None
    finished: list[str] = field(default_factory=list)
    """Entries of an earlier purge whose page rewrite this run finished (it had been interrupted)."""

    @property
    def refused(self) -> list[NativePart]:
        """The sources left as they were (their files still hold the text)."""
        return [part for part in self.parts if part.refused]

    @property
    def remains(self) -> list[str]:
        """The files outside the store where some of the text was still found."""
        return [hit.path for hit in (self.residue.hits if self.residue else ())]

    @property
    def ok(self) -> bool:
        """Whether the text is gone everywhere memrev looked (every source written, pages rewritten, no residue)."""
        return (not self.refused and not any(part.left for part in self.parts)
                and (self.store is None or self.store.rewritten)
                and (self.residue is None or self.residue.total == 0))

    def summary(self) -> str:
        """One line for the app's notification or the end of the command."""
        if not self.ids:
            done = "; finished an interrupted purge" if self.finished else ""
            return f"nothing to purge: {len(self.already)} already purged{done}"
        noun = f"{len(self.ids)} entr{'y' if len(self.ids) == 1 else 'ies'}"
        files = sum(len(part.written) for part in self.parts)
        line = f"purged {noun}: cleared from the store, {files} agent file(s) rewritten"
        if self.residue is not None:
            line += f"; residue {self.residue.total} in {len(self.residue.searched)} files"
        if self.refused or any(part.left for part in self.parts):
            line += "; some of the text remains on disk"
        if self.store is not None and not self.store.rewritten:
            line += "; the database pages are not rewritten yet (busy)"
        return line

    def lines(self) -> list[str]:
        """Everything a person needs: the summary, each source, the store, and where the text remains."""
        lines = [self.summary()]
        if self.finished:
            lines.append(f"finished the page rewrite of an interrupted purge ({', '.join(self.finished)}); its text "
                         "was not kept, so give it to the residue check to search for it")
        lines.extend(f"  {part.line()}" for part in self.parts)
        if self.store is not None:
            lines.append(f"  store: {self.store.counts()}; pages "
                         + ("rewritten (secure delete, FTS optimize, WAL truncated, VACUUM)" if self.store.rewritten
                            else f"not rewritten: {self.store.problem}"))
        if self.residue is not None:
            lines.extend("  " + line for line in self.residue.lines())
        for part in self.refused:
            files = sorted({e.source.file for e in part.targets if e.source.file}) or [part.ref.label]
            lines.append(f"  remains on disk: {', '.join(files)} still holds {', '.join(e.id for e in part.targets)} "
                         "(see why above; re-import, then freeze: the freeze writes the file without it)")
        for part in self.parts:
            if part.left and not part.refused:
                lines.append(f"  remains on disk: {', '.join(map(str, part.left))} (remove it by hand)")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (never the text)."""
        return {"purged": self.ids, "already": self.already, "finished": self.finished, "ok": self.ok,
                "sources": [{"source": p.ref.label, "written": [str(f) for f in p.written], "refused": p.refused}
                            for p in self.parts],
                "store": None if self.store is None else {"cleared": dict(self.store.cleared),
                                                          "rewritten": self.store.rewritten,
                                                          "problem": self.store.problem},
                "residue": None if self.residue is None else self.residue.to_dict()}


def purge(store: MemoryStore, plan: PurgePreview, *, actor: str, reason: str = "") -> PurgeReport:
    """Purge what the preview names: the agents' files, then every row of the store and its pages, then the
    residue check (recorded, without the text). A pending page rewrite of an earlier purge is finished first."""
    try:
        finished = finish_pending(store)
    except StoreError:  # still busy: this purge's own rewrite tries again below, and says so if it cannot
        finished = []
    report = PurgeReport(plan.selection.ids, list(plan.selection.already), finished=finished)
    if not report.ids:
        return report
    write_native(store, plan.parts, actor=actor, entry_ids=report.ids)
    report.parts = plan.parts
    report.store = purge_store(store, report.ids, actor=actor, reason=reason, extra_texts=plan.texts)
    report.residue = search(known_files(store), report.store.needles, shared=len(report.store.shared))
    with store.transaction() as conn:
        for entry_id in report.ids:
            store._event(conn, format_time(store.clock()), actor, CHECK_ACTION, entry_id, None,
                         {"residue": report.residue.total, "searched": len(report.residue.searched),
                          "strings": report.residue.needles, "shared": report.residue.shared,
                          "found_in": report.remains, "sources_refused": [p.ref.label for p in report.refused],
                          "pages_rewritten": report.store.rewritten}, "")
    return report


def finished_purges(store: MemoryStore) -> list[str]:
    """Rewrite the pages of a purge a kill interrupted (as the app opens); one line to show, if any."""
    try:
        finished = finish_pending(store)
    except StoreError as error:  # another process keeps the database busy: the next start tries again
        return [str(error)]
    return [f"finished rewriting the pages of an interrupted purge ({', '.join(finished)})"] if finished else []


def purge_entries(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str = "") -> PurgeReport:
    """Purge these entries (the app's call, after its own confirmation): PurgeError for an unknown id."""
    return purge(store, preview(store, select_entries(store, entry_ids), actor=actor), actor=actor, reason=reason)


@dataclass
class VerifyReport:
    """Where a text's bytes are now: for an entry not purged, a text given, or what a purge recorded."""

    what: str
    residue: ResidueReport | None = None
    recorded: list[str] = field(default_factory=list)

    @property
    def found(self) -> int:
        """How many occurrences were found now (0 when nothing was searched)."""
        return self.residue.total if self.residue else 0

    def lines(self) -> list[str]:
        """The answer, then where the bytes are."""
        return [self.what, *self.recorded, *(self.residue.lines() if self.residue else [])]


def verify(store: MemoryStore, entry_id: str | None = None, text: str | None = None) -> VerifyReport:
    """Search every file memrev knows for a text given, or an entry's text (an entry not purged: where its bytes
    are now; a purged one: what its purge's residue check found, since memrev no longer holds the text)."""
    if text is not None:
        needles = needle_texts([text])
        if not needles:
            raise PurgeError("the text to search for is empty (or shorter than 4 characters)")
        return VerifyReport("searched for the text given, in every form:", search(known_files(store), needles))
    if entry_id is None:
        raise PurgeError("name an entry, or give the text to search for")
    entry = store.get(entry_id)
    if entry is None:
        raise PurgeError(f"no entry with id {entry_id!r} (see `memrev list`)")
    if not is_purged(entry):
        needles = needle_texts(stored_texts(store, [entry_id])[entry_id])
        shared = shared_needles(store, needles, [entry_id])
        found = search(known_files(store), [n for n in needles if n not in shared], shared=len(shared))
        return VerifyReport(f"{entry_id} is not purged; its text is in these files now (nothing changed):", found)
    events = store.events(entry_id)
    purged = next((e for e in reversed(events) if e.action == "purge"), None)
    check = next((e for e in reversed(events) if e.action == CHECK_ACTION), None)
    head = f"{entry_id} is purged" + (f" (by {purged.actor} at {purged.at:%Y-%m-%d %H:%M} UTC"
                                       + (f": {purged.reason}" if purged.reason else "") + ")" if purged else "")
    recorded = []
    if check is not None and check.after:
        data = check.after
        recorded.append(f"its content is gone from the store; the residue check of that purge found "
                        f"{data.get('residue')} in {data.get('searched')} files")
        recorded.extend(f"  found in {path}" for path in data.get("found_in", []))
    else:
        recorded.append("its content is gone from the store; the purge's residue check did not run (it was "
                        "interrupted): give the text to the residue check to search for it")
    return VerifyReport(head, None, recorded)
