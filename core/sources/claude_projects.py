"""Claude's `projects/<slug>` folders: a project path's lossy slug, and transcripts recovering the path and sessions."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Sequence

from memrev.core.safe_io import SourceFileError, open_regular

MAX_SANITIZED = 200
"""sanitizePath keeps 200 characters, then appends `-` and a hash memrev cannot reproduce."""
_TRANSCRIPT_HEAD = 256 * 1024
_TRANSCRIPT_TAIL = 64 * 1024
_SESSION_SLACK = timedelta(minutes=5)


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
        with os.fdopen(open_regular(path), "rb") as handle:  # a FIFO or device is skipped, never waited on
            head = handle.read(_TRANSCRIPT_HEAD)
            size = os.fstat(handle.fileno()).st_size
            handle.seek(max(0, size - _TRANSCRIPT_TAIL))
            tail = handle.read(_TRANSCRIPT_TAIL)
    except (OSError, SourceFileError):
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


def session_at(found: Sequence[Transcript], cwd: str | None, when: datetime) -> Transcript | None:
    """The session of this project that was running when a file was last written, if one was."""
    for transcript in found:  # newest first
        if transcript.cwd == cwd and transcript.first and transcript.last and \
                transcript.first - _SESSION_SLACK <= when <= transcript.last + _SESSION_SLACK:
            return transcript
    return None
