"""Claude Code: the auto-memory folder (kind `claude`) and, through claude_md.py, the CLAUDE.md hierarchy (`claude-md`).

The memory folder holds one topic file per memory (`name`/`description`/`type` frontmatter, then the body)
and `MEMORY.md`, an index Claude loads every session (200 lines / 25,000 UTF-16 units at most). Scope is
the folder: `team/` is team memory, the rest is private. The folder's project comes from the `cwd` of the
session transcripts next to it, because the folder name (a sanitized path) cannot be inverted.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Mapping, Sequence
from urllib.parse import unquote as url_unquote

from memrev.core.model import Entry, EntryType, Project, ScopeKind
from memrev.core.project import identify_project
from memrev.core.safe_io import SourceFileError, atomic_write, check_contained, is_within, read_text
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.claude_md import (HierarchyReader, canonical_git_root, config_dir, cut, has_any_file,
                        mtime_datetime, parse_frontmatter, title_of, utf16_len, write_hierarchy, yaml_scalar)

INDEX_NAME = "MEMORY.md"
MAX_INDEX_LINES = 200
MAX_INDEX_UNITS = 25_000
"""Claude Code cuts MEMORY.md beyond 200 lines or 25,000 UTF-16 code units (of the trimmed text)."""
INDEX_LINE_CHARS = 150
"""Claude's guidance: each index line under ~150 characters."""
MAX_SANITIZED = 200
"""sanitizePath keeps 200 characters, then appends `-` and a hash memrev cannot reproduce."""
UNINDEXED_FOLDERS = ("team", "logs")
"""Subfolders the top MEMORY.md does not list: team memory has its own index, daily logs have none."""
_LINK = re.compile(r"\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>\s]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_LOG_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})\.md$")
_TRANSCRIPT_HEAD = 256 * 1024
_TRANSCRIPT_TAIL = 64 * 1024
_SESSION_SLACK = timedelta(minutes=5)


# ---------------------------------------------------------------- where the memory folder is


def sanitize_path(name: str) -> str:
    """Claude's `sanitizePath` (before its hash): every UTF-16 unit that is not `[a-zA-Z0-9]` becomes `-`."""
    return re.sub(r"[^a-zA-Z0-9]", lambda match: "-" * (2 if ord(match.group()) > 0xFFFF else 1), name)


def slug_matches(path: str, slug: str) -> bool:
    """Whether a project path sanitizes to this folder name (on the 200-character prefix for long ones)."""
    for form in {unicodedata.normalize("NFC", path), unicodedata.normalize("NFD", path)}:
        name = sanitize_path(form)
        if name == slug if len(name) <= MAX_SANITIZED else slug.startswith(name[:MAX_SANITIZED] + "-"):
            return True
    return False


def validate_memory_path(raw: object, home: Path | None) -> Path | None:
    """Claude's `validateMemoryPath`: an absolute, non-trivial path (`~/` expanded only when `home` is given)."""
    if not isinstance(raw, str) or not raw:
        return None
    candidate = raw
    if home is not None and candidate.startswith(("~/", "~\\")):
        rest = candidate[2:]
        if posixpath.normpath(rest or ".") in (".", ".."):
            return None
        candidate = posixpath.join(str(home), rest)
    normalized = posixpath.normpath(candidate).rstrip("/\\")
    if (not posixpath.isabs(normalized) or len(normalized) < 3 or normalized.startswith(("//", "\\\\"))
            or "\0" in normalized or re.fullmatch(r"[A-Za-z]:", normalized)):
        return None
    return Path(unicodedata.normalize("NFC", normalized))


def _settings_memory_dir(config: Path, home: Path) -> Path | None:
    """`autoMemoryDirectory` from the user's own settings (never the project's: a repo must not aim memory at ~/.ssh)."""
    for name in ("settings.local.json", "settings.json"):
        try:
            settings = json.loads((config / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(settings, dict) and "autoMemoryDirectory" in settings:
            found = validate_memory_path(settings["autoMemoryDirectory"], home)
            if found is not None:
                return found
    return None


def memory_base(home: Path, env: Mapping[str, str]) -> Path:
    """`$CLAUDE_CODE_REMOTE_MEMORY_DIR`, else the Claude config folder: the parent of `projects/`."""
    value = env.get("CLAUDE_CODE_REMOTE_MEMORY_DIR")
    return Path(value) if value else config_dir(home, env)


def project_folder(projects: Path, root: Path) -> Path:
    """The `projects/<slug>` folder for a project root; a long path matches any folder with its 200-char prefix."""
    name = sanitize_path(str(root))
    if len(name) <= MAX_SANITIZED:
        return projects / name
    prefix = name[:MAX_SANITIZED] + "-"
    try:
        found = sorted(child for child in projects.iterdir() if child.name.startswith(prefix) and child.is_dir())
    except OSError:
        found = []
    for folder in found:
        if recover_cwd(folder, transcripts(folder)) == str(root):
            return folder
    return found[0] if found else projects / prefix


def memdir_for(cwd: Path, *, home: Path, env: Mapping[str, str]) -> tuple[Path, Path]:
    """Claude's `getAutoMemPath` for a folder, with the project root it belongs to: (memory folder, project root)."""
    cwd = cwd.resolve()
    root = canonical_git_root(cwd) or cwd
    chosen = validate_memory_path(env.get("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"), None) \
        or _settings_memory_dir(config_dir(home, env), home)
    if chosen is not None:
        return chosen, root
    return project_folder(memory_base(home, env) / "projects", root) / "memory", root


# ---------------------------------------------------------------- session transcripts


@dataclass(frozen=True)
class Transcript:
    """What one session transcript tells: its cwd, session id, first and last time, and git branch."""

    path: Path
    cwd: str | None
    session: str | None
    first: datetime | None
    last: datetime | None
    branch: str | None


def transcripts(folder: Path) -> list[Transcript]:
    """The `*.jsonl` session transcripts of a `projects/<slug>` folder, newest first (bad lines are skipped)."""
    try:
        paths = [path for path in folder.glob("*.jsonl") if path.is_file()]
    except OSError:
        return []
    found = [t for t in (_transcript(path) for path in sorted(paths)) if t is not None]
    return sorted(found, key=lambda t: (t.last or t.first).timestamp() if (t.last or t.first) else 0.0, reverse=True)


def _transcript(path: Path) -> Transcript | None:
    """Read a transcript's head (cwd, session, start) and tail (end, branch) without loading all of it."""
    try:
        with path.open("rb") as handle:
            head = handle.read(_TRANSCRIPT_HEAD)
            size = os.fstat(handle.fileno()).st_size
            handle.seek(max(0, size - _TRANSCRIPT_TAIL))
            tail = handle.read()
    except OSError:
        return None
    first_lines = _records(head, drop_last=size > len(head))
    last_lines = _records(tail, drop_first=size > len(tail))
    cwd = next((r["cwd"] for r in first_lines if isinstance(r.get("cwd"), str)), None)
    session = next((r["sessionId"] for r in first_lines if isinstance(r.get("sessionId"), str)), None)
    stamps = [_when(r.get("timestamp")) for r in first_lines + last_lines]
    stamps = [stamp for stamp in stamps if stamp is not None]
    branch = next((r["gitBranch"] for r in reversed(last_lines + first_lines)
                   if isinstance(r.get("gitBranch"), str) and r["gitBranch"]), None)
    return Transcript(path, cwd, session, min(stamps, default=None), max(stamps, default=None), branch)


def _records(data: bytes, *, drop_first: bool = False, drop_last: bool = False) -> list[dict]:
    """The JSON objects among some transcript lines; partial lines at a cut edge and bad lines are dropped."""
    lines = data.split(b"\n")
    lines = lines[1 if drop_first else 0: -1 if drop_last else None]
    records = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def _when(value: object) -> datetime | None:
    """An ISO timestamp as an aware datetime, or None."""
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else None


def recover_cwd(folder: Path, found: Sequence[Transcript]) -> str | None:
    """The project path behind a lossy slug: the most common transcript cwd that sanitizes to it (newest wins ties)."""
    counts = Counter(t.cwd for t in found if t.cwd and slug_matches(t.cwd, folder.name))
    return counts.most_common(1)[0][0] if counts else None


def _session_at(found: Sequence[Transcript], cwd: str | None, when: datetime) -> Transcript | None:
    """The session of this project that was running when a file was last written, if one was."""
    for transcript in found:  # newest first
        if transcript.cwd == cwd and transcript.first and transcript.last and \
                transcript.first - _SESSION_SLACK <= when <= transcript.last + _SESSION_SLACK:
            return transcript
    return None


# ---------------------------------------------------------------- reading a memory folder


def _relative(path: Path, memdir: Path) -> str:
    """A path inside the memory folder as `sub/file.md`."""
    return path.relative_to(memdir).as_posix()


def _in_team(path: Path, memdir: Path) -> bool:
    """Whether a file is team memory (under `team/`)."""
    return _relative(path, memdir).split("/", 1)[0] == "team"


def _index_for(path: Path, memdir: Path) -> Path | None:
    """The MEMORY.md that should list a topic file (team/MEMORY.md for team files), or None for daily logs."""
    top = _relative(path, memdir).split("/", 1)
    if len(top) == 1 or top[0] not in UNINDEXED_FOLDERS:
        return memdir / INDEX_NAME
    return memdir / "team" / INDEX_NAME if top[0] == "team" else None


def topic_files(memdir: Path, warnings: list[str]) -> list[Path]:
    """Every `*.md` under the folder except MEMORY.md, top level first; links out of the folder become warnings."""
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
                found.append(path)

    walk(memdir)
    return sorted(found, key=lambda path: ("/" in _relative(path, memdir), _relative(path, memdir)))


@dataclass
class _Index:
    """What one MEMORY.md links to."""

    path: Path
    links: set[Path]


def read_index(path: Path, memdir: Path, read: SourceRead) -> _Index | None:
    """Read a MEMORY.md: record its links, warn when Claude would cut it or a link points at nothing."""
    if not (path.exists() or path.is_symlink()):
        read.files[path] = None
        return None
    try:
        loaded = read_text(path, root=memdir)
    except SourceFileError as error:
        read.warnings.append(str(error))
        return None
    read.files[path] = loaded.digest
    trimmed = loaded.text.strip()
    lines = trimmed.split("\n")
    if len(lines) > MAX_INDEX_LINES:
        read.warnings.append(f"{path}: {len(lines)} lines, over Claude Code's {MAX_INDEX_LINES}-line cap; "
                             f"lines after {MAX_INDEX_LINES} are not loaded")
    units = utf16_len(trimmed)
    if units > MAX_INDEX_UNITS:
        read.warnings.append(f"{path}: {units:,} UTF-16 code units, over Claude Code's {MAX_INDEX_UNITS:,} cap; "
                             "the rest is not loaded")
    links: set[Path] = set()
    for number, line in enumerate(loaded.text.splitlines(), start=1):
        for target in _link_targets(line, path.parent):
            links.add(target)
            if not (target.exists() or target.is_symlink()):
                read.warnings.append(f"{path}:{number}: links to {target.name}, which does not exist")
    return _Index(path, links)


def _link_targets(line: str, folder: Path) -> list[Path]:
    """The local Markdown files a line links to, as absolute paths."""
    targets = []
    for match in _LINK.finditer(line):
        href = url_unquote(match.group(2).split("#", 1)[0])
        if href and "://" not in href and not href.startswith(("mailto:", "/")) and href.endswith(".md"):
            targets.append(Path(posixpath.normpath(str(folder / href))))
    return targets


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
    return read


def _project(path: str | None) -> Project | None:
    """The project a memory folder belongs to: from git when the folder still exists, else from its path."""
    if not path:
        return None
    if Path(path).is_dir():
        return identify_project(path)
    return Project.from_parts(root_commit=None, remote=None, path=path)


def _topic(path: Path, memdir: Path, read: SourceRead, indexes: dict[Path, _Index], sessions: list[Transcript],
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
    index = indexes.get(_index_for(path, memdir) or Path())
    attributes = {key: front.text(key) or "" for key in ("name", "description", "type") if key in front.values}
    attributes.update(frontmatter=",".join(front.keys) if front.present else "", path=rel,
                      indexed="yes" if index and path in index.links else "no")
    written_at, basis = mtime_datetime(loaded.mtime), "mtime"
    log = _LOG_NAME.match(path.name)
    if log and rel.startswith("logs/"):
        try:
            written_at, basis = datetime(*map(int, log.groups()), tzinfo=written_at.tzinfo), "filename"
        except ValueError:
            pass
    session = _session_at(sessions, cwd, mtime_datetime(loaded.mtime))
    return NativeEntry(
        text="\n".join(body).strip(), file=path, anchor="body", line_start=front.body_line + filled[0] + 1,
        line_end=front.body_line + filled[-1] + 1, type=EntryType.parse(front.text("type")),
        scope_kind=ScopeKind.TEAM if _in_team(path, memdir) else ScopeKind.PRIVATE, project=project,
        written_at=written_at, written_at_basis=basis, session=session.session if session else None,
        cwd=cwd, branch=session.branch if session else None, attributes=attributes,
    )


# ---------------------------------------------------------------- writing a memory folder back


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


def _topic_content(text: str, fields: list[tuple[str, str]]) -> str:
    """A topic file: the frontmatter fields (name, description, type order), then the body."""
    if not fields:
        return text.strip() + "\n"
    front = "".join(f"{key}: {yaml_scalar(value)}\n" for key, value in fields)
    return f"---\n{front}---\n{text.strip()}\n"


def _fields_for(entry: Entry, native: NativeEntry | None) -> list[tuple[str, str]]:
    """The frontmatter to write: the file's own name and description, its type unless the entry changed it."""
    attributes = native.attributes if native else {"name": title_of(entry.text, 60),
                                                   "description": cut(entry.text, 140)}
    fields = [(key, attributes[key]) for key in ("name", "description") if attributes.get(key)]
    if native is not None and entry.type == native.type and "type" in attributes:
        fields.append(("type", attributes["type"]))
    elif entry.type != EntryType.UNKNOWN:
        fields.append(("type", entry.type.value))
    if native is not None and not native.attributes.get("frontmatter") and \
            (native.type == entry.type or entry.type == EntryType.UNKNOWN):
        return []  # a file written without frontmatter stays without it
    return fields


def _new_name(entry: Entry, folder: Path, taken: set[Path]) -> Path:
    """A fresh file for a new entry, `<type>_<first words>.md`, never an existing or planned one."""
    words = re.findall(r"[a-z0-9]+", title_of(entry.text, 80).lower())[:3]
    stem = f"{entry.type.value if entry.type != EntryType.UNKNOWN else 'memory'}_{'_'.join(words) or 'note'}"[:48]
    candidate, number = folder / f"{stem}.md", 2
    while candidate in taken or candidate.exists() or candidate.is_symlink():
        candidate, number = folder / f"{stem}_{number}.md", number + 1
    return candidate


def index_line(rel: str, name: str, description: str) -> str:
    """`- [Title](file.md) — hook`, cut to about 150 characters."""
    title = (name or posixpath.splitext(posixpath.basename(rel))[0]).replace("[", "(").replace("]", ")")
    href = f"<{rel}>" if re.search(r"[\s()]", rel) else rel
    line = f"- [{cut(title, 80)}]({href})"
    room = INDEX_LINE_CHARS - len(line) - 3
    return f"{line} — {cut(description, room)}" if description and room > 10 else line


def _index_text(old: str | None, folder: Path, gone: set[Path], added: list[str], everything: list[str]) -> str:
    """MEMORY.md with the lines of deleted files dropped and new files added; a fresh one when there was none."""
    if old is None:
        return "\n".join(everything) + "\n" if everything else ""
    kept = [line for line in old.splitlines()
            if not (line.lstrip().startswith(("-", "*", "+")) and set(_link_targets(line, folder)) & gone)]
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept + added) + "\n" if kept or added else ""


def fits_index(text: str) -> bool:
    """Whether Claude Code would load this MEMORY.md whole."""
    trimmed = text.strip()
    return len(trimmed.split("\n")) <= MAX_INDEX_LINES and utf16_len(trimmed) <= MAX_INDEX_UNITS


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
    team = any(_in_team(path, memdir) for path in kept)
    writes: dict[Path, bytes] = {}
    for path, entry in kept.items():
        native = natives[path]
        if entry.text.strip() != native.text or entry.type != native.type:
            writes[path] = _topic_content(entry.text, _fields_for(entry, native)).encode("utf-8")
    created: list[tuple[Path, Entry]] = []
    for entry in new:
        if entry.scope.kind == ScopeKind.TEAM and not team:
            raise ValueError(f"{memdir / 'team'}: memrev writes team memory only where team entries are "
                             "already being written (team/ is synced to a server)")
        folder = memdir / "team" if entry.scope.kind == ScopeKind.TEAM else memdir
        path = _new_name(entry, folder, set(writes) | set(natives))
        created.append((path, entry))
        writes[path] = _topic_content(entry.text, _fields_for(entry, None)).encode("utf-8")
    gone = [path for path in natives if path not in kept and (team or not _in_team(path, memdir))]
    for path in [*writes, *gone]:
        check_member(path, memdir)
    indexes = _plan_indexes(memdir, natives, kept, created, set(gone), team)
    touched = [*writes, *gone, *indexes]
    check_no_drift(expected, touched)
    for path, text in _index_contents(memdir, indexes).items():
        writes[path] = text.encode("utf-8")
    written = []
    for path, data in writes.items():
        if path.exists() and path.read_bytes() == data:
            continue
        atomic_write(path, data, root=memdir)
        written.append(path)
    for path in gone:
        path.unlink()
    unchanged = [path for path in kept if path not in written]
    return WriteResult(written=written, unchanged=unchanged, removed=gone)


def _plan_indexes(memdir: Path, natives: dict[Path, NativeEntry], kept: dict[Path, Entry],
                  created: list[tuple[Path, Entry]], gone: set[Path], team: bool) -> dict[Path, tuple]:
    """For each MEMORY.md whose set of files changed: the files it loses, the lines to add, and all its lines."""
    plans: dict[Path, tuple] = {}
    for index in (memdir / INDEX_NAME, *([memdir / "team" / INDEX_NAME] if team else [])):
        lost = {path for path in gone if _index_for(path, memdir) == index}
        fresh = [(path, entry) for path, entry in created if _index_for(path, memdir) == index]
        if not lost and not fresh:
            continue
        if index.is_symlink():
            raise ValueError(f"{index}: is a symlink; memrev does not write through links")
        added = [_line_in(index, path, dict(_fields_for(entry, None))) for path, entry in fresh]
        everything = [_line_in(index, path, natives[path].attributes)
                      for path in natives if path in kept and _index_for(path, memdir) == index]
        plans[index] = (lost, added, everything + added)
    return plans


def _line_in(index: Path, path: Path, attributes: Mapping[str, str]) -> str:
    """The index line for a topic file, its link relative to the MEMORY.md that lists it."""
    rel = path.relative_to(index.parent).as_posix()
    return index_line(rel, attributes.get("name", ""), attributes.get("description", ""))


def _index_contents(memdir: Path, plans: dict[Path, tuple]) -> dict[Path, str]:
    """The new text of each MEMORY.md to rewrite, refusing (nothing written) when Claude would have to cut it."""
    contents = {}
    for index, (lost, added, everything) in plans.items():
        old = read_text(index, root=memdir).text if index.exists() else None
        text = _index_text(old, index.parent, lost, added, everything)
        if not fits_index(text):
            text = _index_text(None, index.parent, lost, added, everything)
        if not fits_index(text):
            raise ValueError(f"{index}: {len(everything)} index lines would not fit Claude Code's "
                             f"{MAX_INDEX_LINES} lines / {MAX_INDEX_UNITS:,} UTF-16 units; nothing written")
        contents[index] = text
    return contents


# ---------------------------------------------------------------- the adapter


@dataclass(frozen=True)
class _Context:
    """The user a source was found for (home and environment) and, for a memory folder, its project root."""

    home: Path
    env: Mapping[str, str]
    project: Path | None = None


def _looks_like_memdir(path: Path) -> bool:
    """A folder holding MEMORY.md, or topic files with frontmatter, and no git checkout."""
    if (path / INDEX_NAME).is_file():
        return True
    if (path / ".git").exists():
        return False
    for child in sorted(path.glob("*.md"))[:20]:
        try:
            with child.open("r", encoding="utf-8", errors="replace") as handle:
                if handle.readline().rstrip() == "---":
                    return True
        except OSError:
            continue
    return False


class ClaudeAdapter:
    """Reads and writes Claude Code's auto-memory folder and its CLAUDE.md instruction hierarchy."""

    kinds = ("claude", "claude-md")

    def __init__(self, *, home: Path | None = None, env: Mapping[str, str] | None = None) -> None:
        """An adapter; `home` and `env` (default: the real ones, looked up when needed) serve `source_for` and reads."""
        self._home = home
        self._env = env
        self._contexts: dict[SourceRef, _Context] = {}

    def _default(self) -> _Context:
        """The user memrev runs as, unless the constructor named another."""
        return _Context(self._home or Path.home(), self._env if self._env is not None else dict(os.environ))

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The cwd's auto-memory folder and CLAUDE.md hierarchy, each when it exists."""
        found = []
        memdir, root = memdir_for(cwd, home=home, env=env)
        if memdir.is_dir():
            found.append(self._remember(SourceRef("claude", memdir.resolve(), f"auto-memory of {root}"),
                                        _Context(home, dict(env), root)))
        ref = SourceRef("claude-md", cwd.resolve(), f"CLAUDE.md instructions for {cwd.resolve()}")
        if has_any_file(HierarchyReader(ref, home=home, env=env)):
            found.append(self._remember(ref, _Context(home, dict(env))))
        return found

    def discover_all_projects(self, *, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """Every project's auto-memory folder under `<memoryBase>/projects/*/memory`, not only the cwd's."""
        projects = memory_base(home, env) / "projects"
        try:
            folders = sorted(child for child in projects.iterdir() if (child / "memory").is_dir())
        except OSError:
            return []
        refs = []
        for folder in folders:
            cwd = recover_cwd(folder, transcripts(folder))
            ref = SourceRef("claude", (folder / "memory").resolve(), f"auto-memory of {cwd or folder.name}")
            refs.append(self._remember(ref, _Context(home, dict(env), Path(cwd) if cwd else None)))
        return refs

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """`claude:PATH` (a memory folder, a `projects/<slug>` folder or a project) or `claude-md:PATH` (a project)."""
        context = self._default()
        path = Path(path).expanduser()
        if kind == "claude-md":
            if path.is_file() and path.name.endswith(".md"):
                path = next((p for p in path.parents if p.name not in (".claude", "rules")), path.parent)
            if not path.is_dir():
                raise ValueError(f"{path}: not a folder; claude-md:PATH takes a project folder")
            resolved = path.resolve()
            return self._remember(SourceRef("claude-md", resolved, f"CLAUDE.md instructions for {resolved}"), context)
        if kind != "claude":
            raise ValueError(f"{kind}:{path}: the Claude adapter reads only claude: and claude-md: sources")
        if not path.is_dir():
            raise ValueError(f"{path}: not a folder; claude:PATH takes an auto-memory folder or a project folder")
        if (path / "memory").is_dir() and any(path.glob("*.jsonl")):
            path = path / "memory"
        as_folder = SourceRef("claude", path.resolve(), f"auto-memory folder {path.resolve()}")
        if (path / INDEX_NAME).is_file() and not (path / ".git").exists():
            return self._remember(as_folder, context)
        memdir, root = memdir_for(path, home=context.home, env=context.env)
        if memdir.is_dir():
            return self._remember(SourceRef("claude", memdir.resolve(), f"auto-memory of {root}"),
                                  _Context(context.home, context.env, root))
        if _looks_like_memdir(path):
            return self._remember(as_folder, context)
        raise ValueError(f"{path}: no Claude Code auto-memory here or for this project (expected {memdir})")

    def read(self, ref: SourceRef) -> SourceRead:
        """Read a source: topic files of a memory folder, or every section of the CLAUDE.md hierarchy."""
        context = self._contexts.get(ref) or self._default()
        if ref.kind == "claude-md":
            return HierarchyReader(ref, home=context.home, env=context.env).load()
        return read_memdir(ref, project_hint=context.project)

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write exactly these entries back in Claude Code's own layout (DriftError when the files changed)."""
        if ref.kind == "claude-md":
            return write_hierarchy(ref, entries, expected=expected)
        return write_memdir(ref, entries, expected=expected)

    def _remember(self, ref: SourceRef, context: _Context) -> SourceRef:
        """Keep the user a source was found for, so reading it later looks in the same home."""
        self._contexts[ref] = context
        return ref


def discover_all_projects(*, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
    """Every project's auto-memory folder for this user (the module-level form of the adapter's method)."""
    return ADAPTER.discover_all_projects(home=home, env=env)


ADAPTER = ClaudeAdapter()
