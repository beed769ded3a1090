"""Careful file access for agent memory folders: contained reads, clear one-line errors, atomic writes."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A memory file larger than this is refused rather than read (agents' own caps are far smaller)."""


class SourceFileError(ValueError):
    """A file memrev will not read or write; the message is one line and names the file."""


@dataclass(frozen=True)
class FileText:
    """A file's decoded text and the digest of its bytes as read (for drift checks at write time)."""

    path: Path
    text: str
    digest: str
    mtime: float
    had_bom: bool = False


def digest_bytes(data: bytes) -> str:
    """The sha256 of some bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str | None:
    """The sha256 of a file's current bytes, or None when it does not exist."""
    try:
        return digest_bytes(path.read_bytes())
    except FileNotFoundError:
        return None


def is_within(path: Path, root: Path) -> bool:
    """Whether `path`, with every symlink resolved, lies inside `root` (also resolved)."""
    try:
        real = path.resolve(strict=False)
        real_root = root.resolve(strict=False)
    except (OSError, RuntimeError):  # symlink loops
        return False
    return real == real_root or real_root in real.parents


def check_contained(path: Path, root: Path) -> None:
    """Refuse a path that leaves the memory folder, directly or through a symlink."""
    if not is_within(path, root):
        raise SourceFileError(f"{path}: points outside the memory folder {root}; not followed")


def read_text(path: Path, *, root: Path, max_bytes: int = MAX_FILE_BYTES) -> FileText:
    """Read a UTF-8 text file inside `root` (a leading BOM is dropped), or raise a one-line SourceFileError."""
    check_contained(path, root)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SourceFileError(f"{path}: no such file") from None
    except OSError as error:
        raise SourceFileError(f"{path}: cannot read ({error.strerror or error})") from None
    if stat.S_ISDIR(info.st_mode):
        raise SourceFileError(f"{path}: is a folder, expected a file")
    if not stat.S_ISREG(info.st_mode):
        raise SourceFileError(f"{path}: not a regular file")
    if info.st_size > max_bytes:
        raise SourceFileError(f"{path}: {info.st_size:,} bytes, over the {max_bytes:,}-byte limit; skipped")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SourceFileError(f"{path}: cannot read ({error.strerror or error})") from None
    had_bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data[3:].decode("utf-8") if had_bom else data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SourceFileError(f"{path}:{line}: invalid UTF-8 at byte {error.start}; skipped") from None
    return FileText(path, text, digest_bytes(data), info.st_mtime, had_bom)


def atomic_write(path: Path, data: bytes, *, root: Path, mode: int | None = None, prefix: str | None = None,
                 suffix: str = ".memrev.tmp", new_file_mode: int = 0o644) -> None:
    """Write a file inside `root` through a temporary file, fsync and an atomic replace (never half-written).

    An existing file keeps its mode unless `mode` is given; a new one gets `new_file_mode`. `prefix` and
    `suffix` name the temporary file, so a writer can mimic an agent's own (Hermes uses `.mem_*.tmp`).
    """
    check_contained(path, root)
    if path.is_symlink():
        raise SourceFileError(f"{path}: is a symlink; memrev does not write through links")
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    check_contained(folder, root)
    if mode is None:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except FileNotFoundError:
            mode = new_file_mode
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=prefix or f".{path.name}.", suffix=suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable by syncing its folder (a no-op where folders cannot be opened)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
