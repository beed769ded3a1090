"""Database faults are one line and change nothing: a newer or damaged database is refused untouched, a lock
held longer than memrev waits is reported, and concurrent imports all complete."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import json
from pathlib import Path

import pytest

from memrev.core.model import Entry
from memrev.core.store import memory_store
from memrev.core.store.db_health import describe
from memrev.core.store.memory_store import MemoryStore, StoreError


def test_a_newer_schema_in_rollback_mode_is_refused_and_left_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    conn = sqlite3.connect(path)
    conn.execute("pragma journal_mode = delete")
    conn.execute("create table t(x)")
    conn.execute("pragma user_version = 99")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="schema 99, newer than this memrev") as error:
        MemoryStore(path)
    assert "\n" not in str(error.value)
    assert path.read_bytes() == before and not Path(f"{path}-wal").exists()


def _damage(path: Path) -> None:
    """Overwrite the middle of one table page with garbage, as a bad sector or a torn copy would."""
    conn = sqlite3.connect(path)
    page = conn.execute("pragma page_size").fetchone()[0]
    root = conn.execute("select rootpage from sqlite_master where name = 'revisions'").fetchone()[0]
    conn.close()
    with path.open("r+b") as handle:
        handle.seek((root - 1) * page + 8)
        handle.write(b"\xff" * (page - 16))


def test_a_damaged_database_is_refused_untouched_with_how_to_recover(tmp_path: Path) -> None:
    path = tmp_path / "damaged.db"
    with MemoryStore(path) as store:
        store.apply([Entry(id=f"e-{i}", text=f"note {i} " * 20) for i in range(300)], actor="t")
        store.conn.execute("pragma wal_checkpoint(truncate)")
    _damage(path)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"damaged .*\.recover") as error:
        MemoryStore(path)
    assert "\n" not in str(error.value) and path.read_bytes() == before


def _hold_lock(path: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process that takes the write lock for `seconds` (a lock is per process: it must be another one)."""
    code = ("import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
            "c.execute('begin immediate'); print('held', flush=True); time.sleep(float(sys.argv[2])); "
            "c.execute('rollback')")
    holder = subprocess.Popen([sys.executable, "-c", code, str(path), str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_lock_held_longer_than_memrev_waits_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.db"
    MemoryStore(path).close()
    monkeypatch.setattr(memory_store, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(memory_store, "LOCK_WAIT_S", 0.3)
    holder = _hold_lock(path, 5)
    try:
        with MemoryStore(path) as store, pytest.raises(StoreError, match="locked by another memrev") as error:
            store.apply([Entry(id="a", text="x")], actor="t")
        assert "nothing was saved" in str(error.value)
    finally:
        holder.kill()
        holder.wait()
    with MemoryStore(path) as store:
        assert store.count() == 0


def test_a_lock_released_while_memrev_waits_lets_the_write_through(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "busy.db"
    MemoryStore(path).close()
    monkeypatch.setattr(memory_store, "BUSY_TIMEOUT_MS", 50)  # SQLite's own wait ends long before the holder does
    holder = _hold_lock(path, 0.6)
    with MemoryStore(path) as store:
        assert store.apply([Entry(id="a", text="x")], actor="t").added == ["a"]
    holder.wait(timeout=10)


def test_the_command_line_reports_a_held_lock_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "cli.db"
    MemoryStore(path).close()
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps({"id": "a", "text": "x"}) + "\n", encoding="utf-8")
    holder = _hold_lock(path, 10)
    try:
        env = {**os.environ, "MEMREV_DB": str(path), "MEMREV_LOCK_WAIT": "0.5"}
        run = subprocess.run([sys.executable, "-m", "memrev.tui", "import", f"jsonl:{source}"], env=env,
                             capture_output=True, text=True, timeout=60)
    finally:
        holder.kill()
        holder.wait()
    lines = [line for line in run.stderr.splitlines() if not line.startswith("memrev: note:")]
    assert run.returncode == 2 and len(lines) == 1 and "locked by another memrev" in lines[0], run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("message, needle", [
    ("database is locked", "locked by another memrev"), ("database or disk is full", "disk is full"),
    ("attempt to write a readonly database", "read-only"), ("disk I/O error", "I/O error"),
    ("database disk image is malformed", ".recover"),
])
def test_each_database_fault_reads_as_one_line_that_says_what_to_do(message: str, needle: str) -> None:
    line = describe(sqlite3.OperationalError(message), Path("m.db"))
    assert needle in line and "\n" not in line and line.startswith("m.db: ")


def test_four_concurrent_imports_all_complete(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    MemoryStore(db).close()
    processes = []
    for worker in range(4):
        source = tmp_path / f"w{worker}.jsonl"
        with source.open("w", encoding="utf-8") as out:
            for index in range(3_000):
                out.write(json.dumps({"id": f"w{worker}-{index}", "text": f"worker {worker} note {index}"}) + "\n")
        env = {**os.environ, "MEMREV_DB": str(db)}
        processes.append(subprocess.Popen([sys.executable, "-m", "memrev.tui", "import", f"jsonl:{source}"],
                                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results = [(p.wait(timeout=300), p.stderr.read()) for p in processes]  # type: ignore[union-attr]
    assert [code for code, _ in results] == [0, 0, 0, 0], results
    with MemoryStore(db) as store:
        assert store.count() == 12_000
