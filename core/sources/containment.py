"""What a memory folder may not reach: it is never the filesystem root or a home folder, and a file in it that is
a hard link to a file outside is never read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_SCANNED = 50_000
"""Entries looked at when counting a file's links inside its folder; past this the file is treated as linked out."""


def links_inside(root: Path, device: int, inode: int) -> int | None:
    """How many names under `root` (links not followed) are this inode, or None when the folder is too big to tell."""
    count, seen, folders = 0, 0, [str(root)]
    while folders:
        try:
            with os.scandir(folders.pop()) as children:
                for child in children:
                    seen += 1
                    if seen > MAX_SCANNED:
                        return None
                    try:
                        info = child.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISDIR(info.st_mode):
                        folders.append(child.path)
                    elif info.st_dev == device and info.st_ino == inode:
                        count += 1
        except OSError:
            continue
    return count


def linked_outside(path: Path, root: Path) -> str | None:
    """Why a file must not be read when it is a hard link to a file outside `root` (its device, inode and link
    count against the names found inside, nothing followed), else None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None  # the read that follows reports it
    if not stat.S_ISREG(info.st_mode) or info.st_nlink < 2:
        return None
    inside = links_inside(root, info.st_dev, info.st_ino)
    if inside is not None and inside >= info.st_nlink:
        return None
    known = "more than memrev scans" if inside is None else f"{inside} inside"
    return (f"{path}: a hard link shared with a file outside {root} ({info.st_nlink} links, {known}); "
            "not read, written or deleted")


def broad_folder(path: Path, homes: tuple[Path, ...]) -> str | None:
    """Why a memory folder setting must be refused (the root, a home folder or a folder above one), else None."""
    try:
        folder = Path(os.path.abspath(path)).resolve()
    except (OSError, RuntimeError):
        return None
    if folder == Path(folder.anchor):
        return "the filesystem root"
    for home in homes:
        try:
            resolved = Path(os.path.abspath(home)).resolve()
        except (OSError, RuntimeError):
            continue
        if folder == resolved:
            return "a home folder"
        if folder in resolved.parents:
            return "a folder above a home folder"
    return None


def refuse_broad_folder(path: Path, homes: tuple[Path, ...], shown: str | None = None) -> None:
    """Raise a one-line ValueError when a memory folder setting names the root, a home folder or one above it."""
    what = broad_folder(path, homes)
    if what:
        raise ValueError(f"{shown or path}: a memory folder may not be {what} (it would import every file there); "
                         "refused, nothing read")
