"""Paths, times and file write-back shared by the Codex modules: the source context, `~`, projects, the commit step."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping

from memrev.core.check.project import identify_project
from memrev.core.model import Project
from memrev.core.safe_io import SourceFileError, atomic_write, digest_bytes, is_within, read_bounded
from memrev.core.sources.base import DriftError, SourceRead, WriteResult


@dataclass(frozen=True)
class _Context:
    """What a read needs beyond the ref: where Codex's home, the user's home and the SQLite folder are."""

    codex_home: Path
    home: Path | None = None
    sqlite_home: Path | None = None
    cwd: Path | None = None
    global_dir: Path | None = None
    """For `agents-md`: the folder of the global AGENTS.md (None when the source leaves it out)."""


def _expand_user(value: str, home: Path | None) -> Path:
    """A path with a leading `~` replaced by the passed home (never the real one)."""
    if home is not None and value == "~":
        return home
    if home is not None and value.startswith("~/"):
        return home / value[2:]
    return Path(value)


# -- time and projects ------------------------------------------------------------------------------


def _from_rfc3339(value: str) -> datetime | None:
    """An RFC 3339 time from a rollout annotation, or None when it does not parse."""
    value = value.strip()
    if value.endswith(("Z", "z")):
        value = value[:-1] + "+00:00"
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _from_mtime(mtime: float) -> datetime:
    """A file's modification time as a UTC time."""
    return datetime.fromtimestamp(mtime, timezone.utc)


def _iso(when: datetime | None) -> str:
    """A time for an attribute value."""
    return when.isoformat().replace("+00:00", "Z") if when else ""


def _git_root(path: Path) -> Path | None:
    """The nearest folder at or above `path` with a `.git` (file or folder), as Codex looks for it."""
    cursor = path
    while cursor.parent != cursor:
        if (cursor / ".git").exists():
            return cursor
        cursor = cursor.parent
    return None


def _project_at(path: Path) -> Project:
    """The project a folder belongs to: its repository's identity, else the path (even one not on this machine)."""
    if path.exists() and _git_root(path.resolve()) is not None:
        return identify_project(path)
    real = path.resolve() if path.exists() else path
    return Project.from_parts(root_commit=None, remote=None, path=str(real))


def _looks_like_path(value: str) -> bool:
    """Whether an `applies_to: cwd=` value names a folder rather than describing a workflow."""
    return value.startswith(("/", "~")) or bool(re.match(r"^[A-Za-z]:[\\/]", value))


def _cwd_path(value: str, home: Path | None) -> Path | None:
    """The folder an `applies_to: cwd=` or annotation `cwd=` names, with `~` expanded, or None."""
    value = value.strip().strip("`").strip()
    if not value:
        return None
    first = re.split(r"[\s,]", value, maxsplit=1)[0]
    for candidate in (value, first):
        if _looks_like_path(candidate) and _expand_user(candidate, home).exists():
            return _expand_user(candidate, home)
    return _expand_user(first, home) if _looks_like_path(first) else None


# -- writers -----------------------------------------------------------------------------------------


def _current(path: Path, expected: SourceRead) -> tuple[str, bool, bytes | None]:
    """A file's text as it was read (checked again against the read's digest), or empty when it was absent."""
    if expected.files.get(path) is None:
        return "", False, None
    try:
        data, _ = read_bounded(path)
    except SourceFileError as error:
        raise DriftError(f"{error}; nothing written") from None
    if digest_bytes(data) != expected.files[path]:
        raise DriftError(f"{path}: changed since memrev read it; nothing written (re-import, review, then write again)")
    bom = data.startswith(b"\xef\xbb\xbf")
    return (data[3:] if bom else data).decode("utf-8"), bom, data


def _commit(outputs: Mapping[Path, tuple[bytes, bytes | None]], roots: Mapping[Path, Path]) -> WriteResult:
    """Write the files that change (atomically, never through a link), after checking all of them first."""
    changed = [path for path, (data, old) in outputs.items() if data != old]
    for path in changed:
        if path.is_symlink() or not is_within(path, roots[path]):
            raise ValueError(f"{path}: is a symlink; memrev does not write through links; nothing written")
    for path in changed:
        atomic_write(path, outputs[path][0], root=roots[path])
    return WriteResult(written=changed, unchanged=[path for path in outputs if path not in changed])
