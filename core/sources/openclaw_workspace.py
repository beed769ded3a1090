"""Find an OpenClaw workspace and its memory files as OpenClaw loads them, so memrev reads exactly what it reads."""

from __future__ import annotations

import os
import re
import stat
from datetime import date
from pathlib import Path

EVERGREEN_NAMES = ("MEMORY.md", "memory.md")
"""The workspace-root memory files; OpenClaw loads both (de-duplicated by realpath) in the main session."""

USER_NAME = "USER.md"
"""The user model beside MEMORY.md: one imperative directive per entry, each under an `observed | status` line."""
USER_MAX_CHARS = 4_000
"""OpenClaw omits a USER.md over this many characters whole (no partial injection)."""

BOOTSTRAP_MAX_CHARS = 20_000
"""`bootstrapMaxChars`: OpenClaw injects MEMORY.md into the prompt truncated to this many UTF-16 units."""

DATED_MEMORY_PATH_RE = re.compile(r"(?:^|/)memory/(?:[^/]+/)*(\d{4})-(\d{2})-(\d{2})\.md$")
"""OpenClaw's own pattern for a dated daily log (temporal-decay.ts), applied to the workspace-relative path."""


# -- the workspace ---------------------------------------------------------------------------------


def _has_memory(folder: Path) -> bool:
    """Whether a folder is an OpenClaw workspace with memory: MEMORY.md, memory.md or a memory/ folder."""
    return any((folder / name).is_file() for name in EVERGREEN_NAMES) or (folder / "memory").is_dir()


def _expand(value: str, *, cwd: Path, home: Path) -> Path:
    """A path from the environment: `~` is the given home, a relative path is under the given cwd."""
    if value == "~" or value.startswith("~/"):
        path = home / value[2:]
    else:
        path = Path(value)
    return Path(os.path.abspath(path if path.is_absolute() else cwd / path))


def _lkind(path: Path) -> str | None:
    """What a path is without following a symlink: `link`, `dir`, `file`, `other`, or None when absent."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "other"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    return "file" if stat.S_ISREG(mode) else "other"


def _symlink_warning(path: Path) -> str:
    """The one-line warning for a symlink in the workspace's memory."""
    return f"{path}: is a symlink; OpenClaw skips symlinked memory, so memrev neither reads nor writes it"


def _walk(folder: Path, found: list[Path], warnings: list[str]) -> None:
    """Collect `*.md` files under a memory folder the way OpenClaw's walkDir does (symlinks skipped)."""
    try:
        children = sorted(os.scandir(folder), key=lambda child: child.name)
    except OSError as error:
        warnings.append(f"{folder}: cannot list ({error.strerror or error}); skipped")
        return
    for child in children:
        path = Path(child.path)
        if child.is_symlink():
            warnings.append(_symlink_warning(path))
        elif child.is_dir(follow_symlinks=False):
            if child.name.endswith(".md"):
                warnings.append(f"{path}: is a folder, expected a file; OpenClaw reads it as a folder, so does memrev")
            _walk(path, found, warnings)
        elif child.is_file(follow_symlinks=False):
            if child.name.endswith(".md"):
                found.append(path)
        elif child.name.endswith(".md"):
            warnings.append(f"{path}: not a regular file; skipped")


def _memory_files(root: Path, warnings: list[str]) -> list[Path]:
    """The workspace's memory files in load order: MEMORY.md, memory.md, USER.md, then memory/**/*.md, each once."""
    found: list[Path] = []
    for name in (*EVERGREEN_NAMES, USER_NAME):
        path = root / name
        kind = _lkind(path)
        if kind == "file":
            found.append(path)
        elif kind == "link":
            warnings.append(_symlink_warning(path))
        elif kind == "dir":
            warnings.append(f"{path}: is a folder, expected a file; skipped")
        elif kind == "other":
            warnings.append(f"{path}: not a regular file; skipped")
    folder = root / "memory"
    kind = _lkind(folder)
    if kind == "link":
        warnings.append(_symlink_warning(folder))
    elif kind == "dir":
        _walk(folder, found, warnings)
    elif kind is not None:
        warnings.append(f"{folder}: is not a folder; skipped")
    return _dedupe(found)


def _dedupe(paths: list[Path]) -> list[Path]:
    """Drop a path naming a file already listed (MEMORY.md and memory.md on a case-insensitive disk)."""
    seen: set[object] = set()
    unique = []
    for path in paths:
        try:
            info = path.stat()
            key: object = (info.st_dev, info.st_ino)
        except OSError:
            key = str(path)
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def _daily_date(root: Path, path: Path, warnings: list[str] | None) -> date | None:
    """The date of a daily log from its path (OpenClaw's regex, real dates only), else None (evergreen)."""
    match = DATED_MEMORY_PATH_RE.search(path.relative_to(root).as_posix())
    if not match:
        return None
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        if warnings is not None:
            warnings.append(f"{path}: {match.group(1)}-{match.group(2)}-{match.group(3)} is not a real date; "
                            "read as an evergreen file dated by its mtime")
        return None


def _utf16_length(text: str) -> int:
    """A text's length as JavaScript counts it (UTF-16 code units), for OpenClaw's character caps."""
    return len(text.encode("utf-16-le")) // 2
