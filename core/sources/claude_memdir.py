"""Reading Claude Code's auto-memory folder (kind `claude`): each topic file as one entry, with scope and provenance.

The memory folder holds one topic file per memory (`name`/`description`/`type` frontmatter, the type top-level
or nested under `metadata:`, maybe `modified` and `pinned`, then the body) and `MEMORY.md` (absent in the variant
that builds the index from the frontmatter), an index Claude loads every session (200 lines / 25,000 UTF-16 units at most). Scope is
the folder: `team/` is team memory, the rest is private. The folder's project comes from the `cwd` of the
session transcripts next to it, because the folder name (a sanitized path) cannot be inverted.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from memrev.core.check.project import identify_project
from memrev.core.model import EntryType, Project, ScopeKind
from memrev.core.safe_io import SourceFileError, is_within, read_text
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef
from memrev.core.sources.claude_index import INDEX_NAME, Index, read_index
from memrev.core.sources.claude_markdown import Frontmatter, mtime_datetime, parse_frontmatter
from memrev.core.sources.claude_projects import Transcript, recover_cwd, session_at, transcripts
from memrev.core.sources.claude_topic_meta import (field_path, field_value, folder_findings, is_pinned,
                                                   parse_modified, unknown_keys, wiki_links)
from memrev.core.sources.containment import linked_outside

UNINDEXED_FOLDERS = ("team", "logs")
"""Subfolders the top MEMORY.md does not list: team memory has its own index, daily logs have none."""
_LOG_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})\.md$")


def _relative(path: Path, memdir: Path) -> str:
    """A path inside the memory folder as `sub/file.md` (by its string when it starts with the folder's: cheap)."""
    full, base = str(path), str(memdir)
    if full.startswith(base + os.sep) and os.sep == "/":
        return full[len(base) + 1:]
    return path.relative_to(memdir).as_posix()


def in_team(path: Path, memdir: Path) -> bool:
    """Whether a file is team memory (under `team/`)."""
    return _relative(path, memdir).split("/", 1)[0] == "team"


def index_for(path: Path, memdir: Path) -> Path | None:
    """The MEMORY.md that should list a topic file (team/MEMORY.md for team files), or None for daily logs."""
    top = _relative(path, memdir).split("/", 1)
    if len(top) == 1 or top[0] not in UNINDEXED_FOLDERS:
        return memdir / INDEX_NAME
    return memdir / "team" / INDEX_NAME if top[0] == "team" else None


def topic_files(memdir: Path, warnings: list[str]) -> list[Path]:
    """Every `*.md` under the folder except MEMORY.md, top level first; symlinks and hard links out of the folder
    become warnings."""
    found: list[Path] = []

    def walk(folder: Path) -> None:
        try:
            children = sorted(os.scandir(folder), key=lambda child: child.name)
        except OSError as error:
            warnings.append(f"{folder}: cannot list ({error.strerror or error})")
            return
        for child in children:
            path = Path(child.path)
            if child.is_symlink() and not is_within(path, memdir):
                warnings.append(f"{path}: symlink to {os.path.realpath(path)}, outside the memory folder; not followed")
            elif child.is_dir(follow_symlinks=False):
                if child.name.endswith(".md"):
                    warnings.append(f"{path}: is a folder, expected a file")
                walk(path)
            elif child.name.endswith(".md") and child.name != INDEX_NAME and not child.is_dir():
                why = linked_outside(path, memdir)
                if why:
                    warnings.append(why)
                else:
                    found.append(path)

    walk(memdir)
    return sorted(found, key=lambda path: ("/" in _relative(path, memdir), _relative(path, memdir)))


def read_memdir(ref: SourceRef, *, project_hint: Path | None) -> SourceRead:
    """Every topic file of a memory folder as one entry each; bad files become warnings and the rest still reads."""
    memdir = ref.root
    read = SourceRead(ref)
    if not memdir.is_dir():
        read.warnings.append(f"{memdir}: no such folder")
        return read
    sessions = transcripts(memdir.parent) if memdir.name == "memory" else []
    cwd = recover_cwd(memdir.parent, sessions) if sessions else None
    project = _project(cwd or (str(project_hint) if project_hint else None))
    indexes = {index.path: index for index in (read_index(memdir / INDEX_NAME, memdir, read),
                                                read_index(memdir / "team" / INDEX_NAME, memdir, read)
                                                if (memdir / "team").is_dir() else None) if index}
    for path in topic_files(memdir, read.warnings):
        native = _topic(path, memdir, read, indexes, sessions, cwd, project)
        if native is not None:
            read.entries.append(native)
    generated = {index for index in (memdir / INDEX_NAME, memdir / "team" / INDEX_NAME)
                 if generated_index(read, memdir, index)}
    read.entries = [replace(native, attributes={**native.attributes, "indexed": "generated"})
                    if index_for(native.file, memdir) in generated else native for native in read.entries]
    folder_findings(read, memdir)
    return read


def generated_index(read: SourceRead, memdir: Path, index: Path) -> bool:
    """Whether Claude builds this index from the topic files' frontmatter when it loads (the variant with no
    hand-written MEMORY.md): the file did not exist when read, yet topic files it would list have frontmatter."""
    if read.files.get(index, "") is not None or (index.exists() or index.is_symlink()):
        return False
    return any(index_for(native.file, memdir) == index and native.attributes.get("frontmatter")
               for native in read.entries)


def topic_attributes(front: Frontmatter, body: str) -> dict[str, str]:
    """What a topic file's frontmatter and body say beyond its text: name, description, type (and where the type
    is: top-level or under `metadata:`), modified, pinned, `[[name]]` links and the keys memrev does not know."""
    attributes = {key: front.text(key) or "" for key in ("name", "description") if key in front.values}
    for key in ("type", "modified"):
        value = field_value(front, key)
        if value is not None:
            attributes[key] = value
    type_path = field_path(front, "type")
    if type_path is not None:
        attributes["type_at"] = ".".join(type_path)
    pinned = field_value(front, "pinned")
    if pinned is not None:
        attributes["pinned"] = "yes" if is_pinned(pinned) else "no"
    links = wiki_links(body)
    if links:
        attributes["links"] = "\n".join(links)
    unknown = unknown_keys(front)
    if unknown:
        attributes["unknown_keys"] = "\n".join(unknown)
    return attributes


def _project(path: str | None) -> Project | None:
    """The project a memory folder belongs to: from git when the folder still exists, else from its path."""
    if not path:
        return None
    if Path(path).is_dir():
        return identify_project(path)
    return Project.from_parts(root_commit=None, remote=None, path=path)


def _topic(path: Path, memdir: Path, read: SourceRead, indexes: dict[Path, Index], sessions: list[Transcript],
           cwd: str | None, project: Project | None) -> NativeEntry | None:
    """One topic file as an entry (body text, frontmatter kept as attributes), or None with a warning."""
    try:
        loaded = read_text(path, root=memdir)
    except SourceFileError as error:
        read.warnings.append(str(error))
        return None
    read.files[path] = loaded.digest
    front = parse_frontmatter(loaded.text)
    if loaded.had_bom and front.present:
        read.warnings.append(f"{path}: starts with a UTF-8 byte-order mark; Claude Code does not see its frontmatter")
    if front.problem:
        read.warnings.append(f"{path}: malformed frontmatter ({front.problem}); the body is read as the text")
    lines = loaded.text.splitlines()
    body = lines[front.body_line:]
    filled = [index for index, line in enumerate(body) if line.strip()]
    if not filled:
        read.warnings.append(f"{path}: empty topic file; skipped")
        return None
    rel = _relative(path, memdir)
    index = indexes.get(index_for(path, memdir) or Path())
    attributes = topic_attributes(front, "\n".join(body))
    attributes.update(frontmatter=",".join(front.keys) if front.present else "", path=rel,
                      indexed="yes" if index and path in index.links else "no")
    written_at, basis = mtime_datetime(loaded.mtime), "mtime"
    recorded = parse_modified(attributes.get("modified"))
    if recorded is not None:
        written_at, basis = recorded, "recorded"
    elif attributes.get("modified"):
        read.warnings.append(f"{path}: modified {attributes['modified']!r} is not an ISO time; the file time is used")
    log = _LOG_NAME.match(path.name)
    if log and rel.startswith("logs/"):
        try:
            written_at, basis = datetime(*map(int, log.groups()), tzinfo=written_at.tzinfo), "filename"
        except ValueError:
            pass
    session = session_at(sessions, cwd, mtime_datetime(loaded.mtime))
    return NativeEntry(
        text="\n".join(body).strip(), file=path, anchor="body", line_start=front.body_line + filled[0] + 1,
        line_end=front.body_line + filled[-1] + 1, type=EntryType.parse(attributes.get("type")),
        scope_kind=ScopeKind.TEAM if in_team(path, memdir) else ScopeKind.PRIVATE, project=project,
        written_at=written_at, written_at_basis=basis, session=session.session if session else None,
        cwd=cwd, branch=session.branch if session else None, attributes=attributes,
    )
