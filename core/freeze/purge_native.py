"""The agents' files in a purge: every imported source that holds a purged entry is written back without it.

Each source goes through the freeze's own dry run (`plan.plan_source`: drift against the import, read-only files,
the exact bytes and the diff), then through the journalled, drift-checked write-back (`sync.write_source`), which
re-imports the source. What else a source keeps is written as the store holds it; nothing else is decided here.
A Codex correction note an earlier freeze wrote that quotes the text loses those lines. A file a freeze wrote and
the purge changed is recorded as a `purge` in the freeze history (digests only), so the pre-session gate stays true.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Collection, Sequence

from memrev.core.freeze.codex_notes import NOTES_FOLDER
from memrev.core.freeze.plan import SourcePlan, plan_source
from memrev.core.freeze.policy import Choice
from memrev.core.model import Entry
from memrev.core.safe_io import atomic_write, current_bytes, digest_bytes, remove_file
from memrev.core.scan.redaction import Redactor
from memrev.core.sources.base import DriftError, SourceRef
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import belongs_to, import_source, imported_digests, imported_sources, write_source
from memrev.core.sources.writeback_journal import journal_path
from memrev.core.store.freezes import FrozenFile, held_entry_ids, last_written, record_freeze
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.records import EntryFilter
from memrev.core.store.scrub import scrub_file

_OVER_CAP = "over the agent's cap"
"""A plan problem a purge may ignore: taking an entry out never makes a file larger."""


@dataclass
class NativePart:
    """One source's part of a purge: the purged entries it holds, the dry run without them, and what happened."""

    ref: SourceRef
    targets: list[Entry]
    kept: list[Entry]
    plan: SourcePlan
    notes: dict[Path, bytes | None] = field(default_factory=dict)
    """Codex correction notes that quote a purged text, with their bytes without it (None: nothing else is left)."""
    written: list[Path] = field(default_factory=list)
    refused: str = ""

    @property
    def problem(self) -> str | None:
        """Why this source cannot be written (a file changed since the import, a read-only file), or None."""
        problem = self.plan.problem
        if problem and problem.startswith(_OVER_CAP) and self.plan.after:
            return None
        return problem

    @property
    def files(self) -> list[Path]:
        """Every file the purge changes in this source."""
        return [*self.plan.changed, *sorted(path for path in self.notes if path not in self.plan.changed)]

    @property
    def left(self) -> list[Path]:
        """Files holding a purged entry that the write-back leaves as they are (Claude's team/ memory, synced to a
        server, is written only alongside other team entries): the entry stays in them."""
        if self.problem:
            return []
        changed = set(self.plan.changed)
        return sorted({Path(e.source.file) for e in self.targets if e.source.file} - changed)

    def on_disk(self) -> list[str]:
        """The purged entries' texts as the files hold them now, a secret the store keeps redacted included (read
        afresh, matched by place or by stored text), in memory only."""
        if self.plan.read is None or not self.targets:
            return []
        try:
            raw = adapter_for(self.ref.kind).read(self.ref).entries
        except (ValueError, OSError):
            raw = []
        places = {(entry.source.file, entry.provenance.citation) for entry in self.targets}
        texts = {(entry.source.file, entry.text) for entry in self.targets}
        stored = [native for native in self.plan.read.entries if (str(native.file), native.text) in texts]
        places.update((str(native.file), native.citation) for native in stored)
        return [native.text for native in raw
                if (str(native.file), native.citation) in places or (str(native.file), native.text) in texts]

    def line(self) -> str:
        """One line: what the purge does (or did) to this source's files."""
        if self.refused or self.problem:
            return f"{self.ref.label}: not changed ({self.refused or self.problem})"
        verb = "rewrote" if self.written else "rewrites"
        what = []
        if self.plan.changed:
            count = sum(1 for entry in self.targets if Path(entry.source.file or "") not in self.left)
            what.append(f"{', '.join(map(str, self.plan.changed))} without {count} entr{'y' if count == 1 else 'ies'}")
        elif self.targets and not self.left:
            what.append("nothing (the entries are no longer in its files)")
        if self.left:
            what.append(f"leaves {', '.join(map(str, self.left))} as it is (the write-back never removes it: "
                        "Claude's shared team/ memory is written only alongside other team entries)")
        for path, data in sorted(self.notes.items()):
            what.append(f"{path} without the lines quoting it" if data is not None
                        else f"{path} (a correction note quoting only it: removed)")
        return f"{self.ref.label}: {verb} " + "; ".join(what)


def native_parts(store: MemoryStore, entry_ids: Collection[str], needles: Sequence[str], *,
                 actor: str) -> list[NativePart]:
    """The dry run of every source holding one of these entries (a write-back a crash interrupted is put back and
    the source re-imported first, as any import would)."""
    wanted = set(entry_ids)
    held = held_entry_ids(store)
    redactor = Redactor.for_store(store)
    kinds = {entry.source.agent for entry in store.get_many(list(wanted)).values()}
    parts = []
    for ref in imported_sources(store):
        if ref.kind not in kinds and not (needles and ref.kind == "codex"):
            continue  # no entry of this kind is purged (a Codex note may still quote one)
        if str(store.path) != ":memory:" and journal_path(store.path.resolve().parent, ref.kind, ref.root).exists():
            import_source(store, ref, actor=actor)  # a write-back a crash interrupted: put back, read again
        imported = imported_digests(store, ref)
        ours = _of_source(store.entries(EntryFilter(agent=ref.kind)), ref, set(imported))
        candidates = [entry for entry in ours if entry.id in wanted]
        kept = [entry for entry in ours if entry.removed_at is None and entry.id not in held and entry.id not in wanted]
        plan = SourcePlan(ref)
        if candidates:
            choices = [Choice(entry, True, "kept as it is") for entry in kept]
            choices += [Choice(entry, False, "purged") for entry in candidates]
            plan = plan_source(ref, choices, imported, redactor)
        targets = _present(candidates, plan, held)
        notes = _notes(ref, needles) if ref.kind == "codex" else {}
        if targets or notes:
            parts.append(NativePart(ref, targets, kept, plan, notes))
    return parts


def _present(candidates: Sequence[Entry], plan: SourcePlan, held: Collection[str]) -> list[Entry]:
    """The entries the source's files hold now: by their text in the read (a text a re-import brought back to an
    entry it had marked removed included), or, for a live entry, by its place."""
    if plan.read is None:
        return [entry for entry in candidates if entry.removed_at is None and entry.id not in held]
    texts = {(str(native.file), native.text) for native in plan.read.entries}
    places = {(str(native.file), native.citation) for native in plan.read.entries}
    return [entry for entry in candidates if (entry.source.file, entry.text) in texts
            or (entry.removed_at is None and entry.id not in held
                and (entry.source.file, entry.provenance.citation) in places)]


def _of_source(entries: Sequence[Entry], ref: SourceRef, files: set[str]) -> list[Entry]:
    """The entries that came from this source (membership asked once per file, as `sync.stored_for` does)."""
    ours: dict[str | None, bool] = {}
    found = []
    for entry in entries:
        if entry.source.agent != ref.kind:
            continue
        if entry.source.file not in ours:
            ours[entry.source.file] = belongs_to(entry, ref, files)
        if ours[entry.source.file]:
            found.append(entry)
    return found


def _notes(ref: SourceRef, needles: Sequence[str]) -> dict[Path, bytes | None]:
    """memrev's Codex correction notes that quote a needle, with their bytes without those lines."""
    folder = ref.root / NOTES_FOLDER
    changed: dict[Path, bytes | None] = {}
    if not needles or not folder.is_dir():
        return changed
    for path in sorted(folder.glob("memrev-correction-*.md")):
        data = current_bytes(path)
        new = scrub_file(data, list(needles)) if data is not None else None
        if new is not None:
            changed[path] = new if any(line.startswith(b"- ") for line in new.splitlines()) else None
    return changed


def write_native(store: MemoryStore, parts: Sequence[NativePart], *, actor: str, entry_ids: Sequence[str]) -> None:
    """Write every source that can be written without its purged entries (drift-checked again, journalled,
    re-imported); a source that cannot is left as it is, with why in `refused`. Files a freeze wrote are recorded."""
    recorded: list[FrozenFile] = []
    tracked = last_written(store)
    for part in parts:
        if part.problem:
            part.refused = part.problem
            continue
        before = {path: part.plan.before.get(path, current_bytes(path)) for path in part.files}
        try:
            if part.plan.changed:
                write_source(store, part.ref, part.plan.kept, actor=actor)  # in the order of the files
            for path, data in part.notes.items():
                if data is None:
                    remove_file(path, root=part.ref.root)
                else:
                    atomic_write(path, data, root=part.ref.root)
        except (DriftError, ValueError, OSError) as error:
            part.refused = str(error)
            continue
        part.written = part.files
        for path in part.written:
            if str(path) in tracked:
                old, new = before.get(path), current_bytes(path)
                recorded.append(FrozenFile(part.ref.label, str(path), None if old is None else digest_bytes(old),
                                           None if new is None else digest_bytes(new)))
    if recorded:
        count = len(entry_ids)
        record_freeze(store, actor=actor, kind="purge", policy={"purge": list(entry_ids)}, files=recorded,
                      summary=f"purge of {count} entr{'y' if count == 1 else 'ies'}: {len(recorded)} frozen file(s) "
                              "rewritten without them")
