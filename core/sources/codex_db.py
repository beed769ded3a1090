"""Codex's `memories_1.sqlite`, opened read-only: thread times for provenance, and the consolidation lease check."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from memrev.core.safe_io import read_head

DB_NAME = "memories_1.sqlite"
LEASE_KIND = "memory_consolidate_global"
LEASE_KEY = "global"
DEFAULT_BUSY_TIMEOUT = 2.0
"""Seconds to wait for a locked `memories_1.sqlite` before giving up (a warning on read, a refusal on write)."""


def _from_epoch(value: object) -> datetime | None:
    """An epoch-seconds value from Codex's DB as a UTC time (milliseconds tolerated)."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if number > 1e11:
        number /= 1000.0
    try:
        return datetime.fromtimestamp(number, timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def _open_db(path: Path, timeout: float) -> sqlite3.Connection:
    """Open Codex's DB read-only; a WAL database with no WAL file open is read as immutable, creating no files."""
    uri = path.resolve().as_uri() + "?mode=ro"
    header = read_head(path, 100) or b""  # never blocks on a FIFO in the database's place
    wal = len(header) >= 20 and header[18] == 2
    if wal and not Path(str(path) + "-wal").exists():
        uri += "&immutable=1"
    conn = sqlite3.connect(uri, uri=True, timeout=timeout)
    conn.execute("pragma query_only = 1")
    return conn


def _db_problem(path: Path, error: sqlite3.Error) -> str:
    """A one-line reason a DB could not be read."""
    text = " ".join(str(error).split())
    if "locked" in text or "busy" in text:
        return f"{path}: locked by another process (is Codex running?)"
    if "no such table" in text:
        return f"{path}: {text} (an older or newer Codex schema)"
    return f"{path}: cannot read ({text})"


def _thread_rows(path: Path, timeout: float, warnings: list[str]) -> dict[str, dict[str, object]]:
    """stage1_outputs rows by thread id (empty, with a warning, when the DB cannot be read)."""
    if not path.is_file():
        return {}
    rows: list[tuple[object, ...]] = []
    try:
        conn = _open_db(path, timeout)
        try:
            try:
                rows = conn.execute("select thread_id, source_updated_at, generated_at, usage_count, last_usage "
                                    "from stage1_outputs").fetchall()
            except sqlite3.OperationalError as error:
                if "no such column" not in str(error):
                    raise
                rows = conn.execute("select thread_id, source_updated_at, generated_at, null, null "
                                    "from stage1_outputs").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as error:
        warnings.append(f"{_db_problem(path, error)}; thread times not read")
        return {}
    keys = ("source_updated_at", "generated_at", "usage_count", "last_usage")
    return {str(row[0]): dict(zip(keys, row[1:])) for row in rows}


def check_lease(path: Path, busy_timeout: float, clock: Callable[[], float]) -> None:
    """Refuse while Codex's global consolidation job is running with a live lease (or cannot be checked)."""
    if not path.is_file():
        return
    try:
        conn = _open_db(path, busy_timeout)
        try:
            row = conn.execute("select status, lease_until from jobs where kind = ? and job_key = ?",
                               (LEASE_KIND, LEASE_KEY)).fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return
        raise ValueError(f"{_db_problem(path, error)}; cannot check Codex's consolidation lease, nothing written") from None
    except sqlite3.Error as error:
        raise ValueError(f"{_db_problem(path, error)}; cannot check Codex's consolidation lease, nothing written") from None
    if row is None or row[0] != "running" or row[1] is None:
        return
    until = _from_epoch(row[1])
    if until is not None and until.timestamp() > clock():
        raise ValueError(f"{path}: Codex is consolidating memories (job {LEASE_KIND} holds its lease until "
                         f"{until.strftime('%Y-%m-%d %H:%M:%S')} UTC); nothing written, try again after that")
