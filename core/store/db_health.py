"""Before memrev changes a database file: is it one memrev may write (not newer, not damaged)? And database
errors as one line a person can act on (locked, full disk, read-only)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from memrev.core.store.migrations import MIGRATIONS

_CHECKED: set[str] = set()
"""Files whose integrity was checked in this process (a quick check costs a read of the whole file)."""
_LOCK = threading.Lock()


class DatabaseRefused(RuntimeError):
    """A database memrev must not open for writing; the message is one line and says what to do."""


def probe(path: Path, module: Any) -> None:
    """Look at an existing database read-only, changing nothing: refuse one from a newer memrev, or one whose
    pages are damaged (checked once per process), with a one-line reason and the way to recover it."""
    if not path.is_file() or path.stat().st_size == 0:
        return
    try:
        conn = module.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=15)
    except module.Error as error:
        raise DatabaseRefused(f"{path}: cannot open it read-only ({error})") from None
    try:
        version = int(conn.execute("pragma user_version").fetchone()[0])
        if version > len(MIGRATIONS):
            raise DatabaseRefused(f"{path}: this database has schema {version}, newer than this memrev knows "
                                  f"({len(MIGRATIONS)}); upgrade memrev (the file was not changed)")
        key = str(path.resolve())
        with _LOCK:
            if key in _CHECKED:
                return
        problems = [row[0] for row in conn.execute("pragma quick_check(3)").fetchall()]
        if problems != ["ok"]:
            lines = [line.strip() for text in problems for line in str(text).splitlines()
                     if line.strip() and not line.startswith("***")]
            raise DatabaseRefused(f"{path}: the database is damaged ({lines[0] if lines else 'quick_check failed'}); "
                                  "memrev will not write to it. "
                                  f"Recover what is left into a new file: sqlite3 {path} .recover | sqlite3 "
                                  f"{path.with_suffix('.recovered.db')}")
        with _LOCK:
            _CHECKED.add(key)
    except module.DatabaseError as error:
        raise DatabaseRefused(f"{path}: not a usable memrev database ({error}); the file was not changed") from None
    finally:
        conn.close()


def describe(error: BaseException, path: Path | str) -> str:
    """A SQLite error as one line a person can act on; nothing was saved by the failed step."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return (f"{path}: the database is locked by another memrev (or sqlite) process and stayed locked while "
                "memrev waited; nothing was saved: try again when it has finished")
    if "full" in text:
        return f"{path}: the disk is full; nothing was saved (free some space and run the command again)"
    if "readonly" in text or "read-only" in text:
        return f"{path}: the database is read-only here; nothing was saved (check the file's permissions)"
    if "disk i/o" in text:
        return f"{path}: the disk reported an I/O error; nothing was saved"
    if "malformed" in text or "corrupt" in text:
        return (f"{path}: the database is damaged ({error}); recover it with: sqlite3 {path} .recover | "
                f"sqlite3 NEW.db")
    return f"{path}: database error: {error}"
