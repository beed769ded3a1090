"""Writing Claude Code's auto-memory folder back: topic files rewritten, created or deleted, and MEMORY.md to match."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Sequence
from urllib.parse import unquote as url_unquote

from memrev.core.model import Entry, EntryType, ScopeKind, utc_now
from memrev.core.safe_io import atomic_write, check_contained, remove_file
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.claude_index import INDEX_NAME, index_contents, line_in
from memrev.core.sources.claude_markdown import cut, title_of
from memrev.core.sources.claude_memdir import generated_index, in_team, index_for
from memrev.core.sources.claude_topic_write import FolderShape, new_topic, rewritten_topic


def check_member(path: Path, memdir: Path) -> None:
    """Refuse a path from data that could leave the folder (like validateTeamMemWritePath) or go through a link."""
    text = str(path)
    if "\0" in text or not path.is_absolute():
        raise ValueError(f"{path!r}: not a plain absolute path inside {memdir}")
    try:
        rel = path.relative_to(memdir)
    except ValueError:
        raise ValueError(f"{path}: outside the memory folder {memdir}") from None
    for part in rel.parts:
        folded = unicodedata.normalize("NFKC", url_unquote(part))
        if part in ("", ".", "..") or folded in (".", "..") or any(c in folded for c in "/\\"):
            raise ValueError(f"{path}: path traversal in {part!r}; refused")
    check_contained(path, memdir)
    folder = path
    while folder != memdir:
        if folder.is_symlink():
            raise ValueError(f"{path}: {folder} is a symlink; memrev does not write or delete through links")
        folder = folder.parent


def _index_fields(entry: Entry) -> dict[str, str]:
    """The name and description a new topic file is written with, for its index line."""
    return {"name": title_of(entry.text, 60), "description": cut(entry.text, 140)}


def _new_name(entry: Entry, folder: Path, taken: set[Path]) -> Path:
    """A fresh file for a new entry, `<type>_<first words>.md`, never an existing or planned one."""
    words = re.findall(r"[a-z0-9]+", title_of(entry.text, 80).lower())[:3]
    stem = f"{entry.type.value if entry.type != EntryType.UNKNOWN else 'memory'}_{'_'.join(words) or 'note'}"[:48]
    candidate, number = folder / f"{stem}.md", 2
    while candidate in taken or candidate.exists() or candidate.is_symlink():
        candidate, number = folder / f"{stem}_{number}.md", number + 1
    return candidate


def write_memdir(ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
    """Rewrite topic files and MEMORY.md so the folder holds exactly `entries`; team/ only when it already takes part."""
    memdir = ref.root
    natives = {native.file: native for native in expected.entries}
    kept: dict[Path, Entry] = {}
    new: list[Entry] = []
    for entry in entries:
        if entry.source.file is None:
            new.append(entry)
            continue
        path = Path(entry.source.file)
        if path not in natives:
            raise ValueError(f"{path}: not a topic file memrev read from {memdir}; re-import before writing")
        if path in kept:
            raise ValueError(f"{path}: two entries for one topic file")
        if entry.scope.kind != natives[path].scope_kind:
            raise ValueError(f"{path}: moving memory between private and team/ is not supported; "
                             "add it as a new entry instead")
        kept[path] = entry
    team = any(in_team(path, memdir) for path in kept)
    now, shape = utc_now(), FolderShape.of(expected.entries)
    writes: dict[Path, bytes] = {}
    for path, entry in kept.items():
        native = natives[path]
        if entry.text.strip() != native.text or entry.type != native.type:
            writes[path] = rewritten_topic(path, memdir, entry, native, now).encode("utf-8")
    created: list[tuple[Path, Entry]] = []
    for entry in new:
        if entry.scope.kind == ScopeKind.TEAM and not team:
            raise ValueError(f"{memdir / 'team'}: memrev writes team memory only where team entries are "
                             "already being written (team/ is synced to a server)")
        folder = memdir / "team" if entry.scope.kind == ScopeKind.TEAM else memdir
        path = _new_name(entry, folder, set(writes) | set(natives))
        created.append((path, entry))
        writes[path] = new_topic(entry, shape, now).encode("utf-8")
    gone = [path for path in natives if path not in kept and (team or not in_team(path, memdir))]
    for path in [*writes, *gone]:
        check_member(path, memdir)
    indexes = {index: plan for index, plan in _plan_indexes(memdir, natives, kept, created, set(gone), team).items()
               if not generated_index(expected, memdir, index)}  # Claude builds that index itself
    touched = [*writes, *gone, *indexes]
    check_no_drift(expected, touched)
    for path, text in index_contents(memdir, indexes).items():
        writes[path] = text.encode("utf-8")
    written = []
    for path, data in writes.items():
        if path.exists() and path.read_bytes() == data:
            continue
        atomic_write(path, data, root=memdir)
        written.append(path)
    for path in gone:
        remove_file(path, root=memdir)
    unchanged = [path for path in kept if path not in written]
    return WriteResult(written=written, unchanged=unchanged, removed=gone)


def _plan_indexes(memdir: Path, natives: dict[Path, NativeEntry], kept: dict[Path, Entry],
                  created: list[tuple[Path, Entry]], gone: set[Path], team: bool) -> dict[Path, tuple]:
    """For each MEMORY.md whose set of files changed: the files it loses, the lines to add, and all its lines."""
    plans: dict[Path, tuple] = {}
    for index in (memdir / INDEX_NAME, *([memdir / "team" / INDEX_NAME] if team else [])):
        lost = {path for path in gone if index_for(path, memdir) == index}
        fresh = [(path, entry) for path, entry in created if index_for(path, memdir) == index]
        if not lost and not fresh:
            continue
        if index.is_symlink():
            raise ValueError(f"{index}: is a symlink; memrev does not write through links")
        added = [line_in(index, path, _index_fields(entry)) for path, entry in fresh]
        everything = [line_in(index, path, natives[path].attributes)
                      for path in natives if path in kept and index_for(path, memdir) == index]
        plans[index] = (lost, added, everything + added)
    return plans
