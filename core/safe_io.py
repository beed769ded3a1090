"""Careful file access for agent memory folders: contained reads, clear one-line errors, atomic writes."""

from __future__ import annotations

import contextlib
import contextvars
import errno
import hashlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

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
    """The sha256 of a file's current bytes, or None when it does not exist; a file that exists but cannot be
    read (no permission, a FIFO, over the size cap) raises a one-line SourceFileError."""
    if not os.path.lexists(path):
        return None
    return digest_bytes(read_bounded(path, follow=path.is_symlink())[0])


def is_within(path: Path, root: Path) -> bool:
    """Whether `path`, with every symlink resolved, lies inside `root` (also resolved). A path written under `root`
    whose every part below it is a plain name and no link is inside without resolving the whole path (a read of a
    thousand topic files would otherwise resolve every folder above the memory folder a thousand times)."""
    base, full = os.path.abspath(root), os.fspath(path)
    if os.path.isabs(full) and full.startswith(base + os.sep) and _plain_below(base, full[len(base) + 1:]):
        return True
    try:
        real = path.resolve(strict=False)
        real_root = root.resolve(strict=False)
    except (OSError, RuntimeError):  # symlink loops
        return False
    return real == real_root or real_root in real.parents


def _plain_below(base: str, rest: str) -> bool:
    """Whether every part of `rest` below `base` is a plain name (no `.`, `..` or empty part) and no symlink."""
    current = base
    for part in rest.split(os.sep):
        if part in ("", ".", ".."):
            return False
        current = os.path.join(current, part)
        if os.path.islink(current):
            return False
    return True


def check_contained(path: Path, root: Path) -> None:
    """Refuse a path that leaves the memory folder, directly or through a symlink."""
    if not is_within(path, root):
        raise SourceFileError(f"{path}: points outside the memory folder {root}; not followed")


def open_regular(path: Path, *, follow: bool = True) -> int:
    """Open a regular file for reading and return its descriptor; a FIFO, device, socket or folder is refused
    before anything blocks on it (the open is non-blocking and the type is read from the open descriptor), and
    with `follow` False a symlink is refused too (`O_NOFOLLOW`)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise SourceFileError(f"{path}: no such file") from None
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise SourceFileError(f"{path}: is a symlink; not followed") from None
        raise SourceFileError(f"{path}: cannot read ({error.strerror or error})") from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        kind = ("a folder, expected a file" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        raise SourceFileError(f"{path}: is {kind}" if stat.S_ISDIR(info.st_mode) else
                              f"{path}: is {kind}; skipped" if kind != "not a regular file" else
                              f"{path}: not a regular file; skipped")
    return descriptor


def read_bounded(path: Path, *, max_bytes: int = MAX_FILE_BYTES, follow: bool = True) -> tuple[bytes, float]:
    """A regular file's bytes and mtime, read through one descriptor and never more than `max_bytes` (a file
    over the cap, or one still growing past it, is refused with a one-line error)."""
    descriptor = open_regular(path, follow=follow)
    try:
        info = os.fstat(descriptor)
        if info.st_size > max_bytes:
            raise SourceFileError(f"{path}: {info.st_size:,} bytes, over the {max_bytes:,}-byte limit; skipped")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(descriptor, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise SourceFileError(f"{path}: grew past the {max_bytes:,}-byte limit while being read; skipped")
    except OSError as error:
        raise SourceFileError(f"{path}: cannot read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
    return b"".join(chunks), info.st_mtime


def current_bytes(path: Path) -> bytes | None:
    """A file's bytes now, never through a link (None when it is absent or cannot be read as a regular file)."""
    try:
        return read_bounded(path, follow=False)[0]
    except SourceFileError:
        return None


def read_head(path: Path, size: int) -> bytes | None:
    """The first `size` bytes of a regular file, or None when it is not one or cannot be read (never blocks)."""
    try:
        descriptor = open_regular(path)
    except SourceFileError:
        return None
    try:
        return os.read(descriptor, size)
    except OSError:
        return None
    finally:
        os.close(descriptor)


def read_text(path: Path, *, root: Path, max_bytes: int = MAX_FILE_BYTES) -> FileText:
    """Read a UTF-8 text file inside `root` (a leading BOM is dropped), or raise a one-line SourceFileError."""
    check_contained(path, root)
    data, mtime = read_bounded(path, max_bytes=max_bytes, follow=path.is_symlink())  # a link swapped in later: refused
    had_bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data[3:].decode("utf-8") if had_bom else data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SourceFileError(f"{path}:{line}: invalid UTF-8 at byte {error.start}; skipped") from None
    return FileText(path, text, digest_bytes(data), mtime, had_bom)


WRITE_OBSERVER: contextvars.ContextVar[Callable[[Path, bytes | None], None] | None] = contextvars.ContextVar(
    "memrev_write_observer", default=None)
"""Called with (file, new bytes or None for a deletion) just before memrev replaces or deletes a file; a write-back
journal sets it, so each change is recorded durably before it happens."""


def _observe(path: Path, data: bytes | None) -> None:
    """Tell the observer of this context (if any) what is about to change."""
    observer = WRITE_OBSERVER.get()
    if observer is not None:
        token = WRITE_OBSERVER.set(None)  # the observer's own writes are not observed
        try:
            observer(path, data)
        finally:
            WRITE_OBSERVER.reset(token)


CAPTURE: contextvars.ContextVar[dict[Path, bytes | None] | None] = contextvars.ContextVar(
    "memrev_capture", default=None)
"""When set (by `captured_writes`), `atomic_write` and `remove_file` record what they would do here instead of
doing it: a freeze's preview runs the very write it will later perform, so what it shows is what gets written."""


@contextlib.contextmanager
def captured_writes() -> Iterator[dict[Path, bytes | None]]:
    """Run writes as a dry run: each file's new bytes (None for a deletion) land in the yielded dict, not on disk."""
    planned: dict[Path, bytes | None] = {}
    token = CAPTURE.set(planned)
    try:
        yield planned
    finally:
        CAPTURE.reset(token)


def capturing() -> bool:
    """Whether writes are being captured (a lock taken only to write may then be skipped)."""
    return CAPTURE.get() is not None


DEFERRED_FOLDER_SYNCS: contextvars.ContextVar[set[Path] | None] = contextvars.ContextVar(
    "memrev_deferred_folder_syncs", default=None)
"""When set (by `folder_syncs_deferred`), renames are made durable once per folder at the end of a multi-file
write rather than after every file: a freeze of eighty files syncs each of its few folders once."""


@contextlib.contextmanager
def folder_syncs_deferred() -> Iterator[None]:
    """Sync each folder a block of writes renamed or deleted in once, when the block ends without an error (a
    block that fails is undone by its journal, which does not depend on those renames having reached the disk)."""
    folders: set[Path] = set()
    token = DEFERRED_FOLDER_SYNCS.set(folders)
    try:
        yield
    finally:
        DEFERRED_FOLDER_SYNCS.reset(token)
    for folder in sorted(folders):
        _fsync_folder(folder)


def _sync_folder(descriptor: int, folder: Path) -> None:
    """Make a rename or deletion in an open folder durable now, or at the end of a deferring block."""
    deferred = DEFERRED_FOLDER_SYNCS.get()
    if deferred is not None:
        deferred.add(folder)
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass


TEMP_SUFFIX = ".memrev.tmp"
"""The end of every temporary file memrev writes, so one a crash left behind is recognised and removed."""
_DIR_FD = os.open in getattr(os, "supports_dir_fd", set()) and hasattr(os, "O_DIRECTORY")


def open_folder(folder: Path, root: Path) -> int:
    """A descriptor of `folder`, opened one component at a time from `root` without following any link, so a
    folder swapped for a symlink while memrev writes cannot send the write elsewhere (one-line error instead)."""
    check_contained(folder, root)
    real_root = root.resolve()
    try:  # the names below the root, as written: each is then opened without following a link
        parts = Path(os.path.abspath(folder)).relative_to(Path(os.path.abspath(root))).parts
    except ValueError:
        try:
            parts = folder.resolve().relative_to(real_root).parts
        except ValueError:
            raise SourceFileError(f"{folder}: not inside {root}; nothing written") from None
    if ".." in parts:
        raise SourceFileError(f"{folder}: leaves {root}; nothing written")
    flags = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(real_root, flags)
    try:
        for part in parts:
            try:
                child = os.open(part, flags, dir_fd=descriptor)
            except OSError as error:
                raise SourceFileError(f"{folder}: {part} is not a plain folder inside {root} "
                                      f"({error.strerror or error}); nothing written") from None
            os.close(descriptor)
            descriptor = child
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def atomic_write(path: Path, data: bytes, *, root: Path, mode: int | None = None, prefix: str | None = None,
                 suffix: str = TEMP_SUFFIX, new_file_mode: int = 0o644) -> None:
    """Write a file inside `root` through a temporary file, fsync and an atomic replace (never half-written).

    Every step happens relative to a descriptor of the file's folder opened without following links, and the
    file itself is never written through a link. An existing file keeps its mode unless `mode` is given; a new
    one gets `new_file_mode`. `prefix` and `suffix` name the temporary file (Hermes uses `.mem_*.tmp`).
    """
    check_contained(path, root)
    if path.is_symlink():
        raise SourceFileError(f"{path}: is a symlink; memrev does not write through links")
    planned = CAPTURE.get()
    if planned is not None:
        planned[path] = data
        return
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    if not _DIR_FD:
        _atomic_write_by_path(path, data, root=root, mode=mode, prefix=prefix, suffix=suffix,
                              new_file_mode=new_file_mode)
        return
    directory = open_folder(folder, root)
    try:
        if mode is None:
            try:
                info = os.stat(path.name, dir_fd=directory, follow_symlinks=False)
                if stat.S_ISLNK(info.st_mode):
                    raise SourceFileError(f"{path}: is a symlink; memrev does not write through links")
                mode = stat.S_IMODE(info.st_mode)
            except FileNotFoundError:
                mode = new_file_mode
        temporary = f"{prefix or '.' + path.name + '.'}{os.urandom(6).hex()}{suffix}"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        handle = os.open(temporary, flags, 0o600, dir_fd=directory)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
                os.fchmod(out.fileno(), mode)
            _observe(path, data)
            os.replace(temporary, path.name, src_dir_fd=directory, dst_dir_fd=directory)
        except BaseException:
            try:
                os.unlink(temporary, dir_fd=directory)
            except FileNotFoundError:
                pass
            raise
        _sync_folder(directory, folder)
    finally:
        os.close(directory)


def remove_file(path: Path, *, root: Path) -> None:
    """Delete one file inside `root`, relative to its folder's descriptor (a swapped-in link is never followed)."""
    check_contained(path.parent, root)
    planned = CAPTURE.get()
    if planned is not None:
        planned[path] = None
        return
    if not _DIR_FD:
        _observe(path, None)
        path.unlink()
        return
    directory = open_folder(path.parent, root)
    try:
        info = os.stat(path.name, dir_fd=directory, follow_symlinks=False)
        if not stat.S_ISREG(info.st_mode):
            raise SourceFileError(f"{path}: not a regular file; memrev deletes only the files it read")
        _observe(path, None)
        os.unlink(path.name, dir_fd=directory)
        _sync_folder(directory, path.parent)
    finally:
        os.close(directory)


def remove_stale_temporaries(folder: Path, *, older_than: float = 60.0) -> list[Path]:
    """Remove memrev's own temporary files a crash left in a folder (named `*.memrev.tmp`, older than a minute,
    so a write in progress elsewhere is left alone); returns what was removed."""
    import time

    removed: list[Path] = []
    try:
        candidates = [p for p in folder.glob(f"*{TEMP_SUFFIX}") if p.is_file() and not p.is_symlink()]
    except OSError:
        return removed
    for path in candidates:
        try:
            if time.time() - path.stat().st_mtime > older_than:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def _atomic_write_by_path(path: Path, data: bytes, *, root: Path, mode: int | None, prefix: str | None,
                          suffix: str, new_file_mode: int) -> None:
    """The same write by path names, where the platform has no descriptor-relative calls."""
    folder = path.parent
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
        _observe(path, data)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    deferred = DEFERRED_FOLDER_SYNCS.get()
    if deferred is not None:
        deferred.add(folder)
    else:
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
