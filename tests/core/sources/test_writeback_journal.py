"""A multi-file write-back is one unit: a failure half-way undoes what was written at once, and a process killed
half-way is undone at the next import, without overwriting anything an agent wrote after the crash."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from memrev.core.demo.builder import build_demo
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import import_source, stored_for, write_source
from memrev.core.store.memory_store import MemoryStore

KILL_ON_SECOND_REPLACE = """
import os, signal, sys
from pathlib import Path
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import stored_for, write_source
from memrev.core.store.memory_store import MemoryStore

real_replace, calls = os.replace, []
def replace(*args, **kwargs):
    if not str(args[1]).endswith(".json"):  # the journal's own writes do not count
        calls.append(args)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.SIGKILL)  # the process dies between two files of one write-back
    return real_replace(*args, **kwargs)
os.replace = replace
memdir, db = Path(sys.argv[1]), Path(sys.argv[2])
with MemoryStore(db) as store:
    ref = adapter_for("claude").source_for("claude", memdir)
    wanted = [e.evolve(text=e.text + " (reviewed)") if e.source.file and e.source.file.endswith(".md")
              and "MEMORY.md" not in e.source.file else e for e in stored_for(store, ref) if e.removed_at is None]
    write_source(store, ref, wanted, actor="test")
"""


@pytest.fixture
def claude(tmp_path: Path):
    """The demo's Claude memory folder, imported into a store on disk."""
    demo = build_demo(tmp_path / "demo")
    memdir = next((demo.home / ".claude" / "projects").iterdir()) / "memory"
    db = tmp_path / "m.db"
    with MemoryStore(db) as store:
        import_source(store, adapter_for("claude").source_for("claude", memdir), actor="test")
    return memdir, db


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under a folder with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _reviewed(store: MemoryStore, ref) -> list:
    """Every topic entry edited, so the write-back changes several files."""
    return [e.evolve(text=e.text + " (reviewed)") if "MEMORY.md" not in (e.source.file or "") else e
            for e in stored_for(store, ref) if e.removed_at is None]


def test_a_write_that_fails_half_way_is_undone_at_once(claude, monkeypatch: pytest.MonkeyPatch) -> None:
    memdir, db = claude
    before = tree(memdir)
    real_replace, calls = os.replace, []

    def failing_replace(*args, **kwargs):
        if not str(args[1]).endswith(".json"):  # the journal's own writes do not count
            calls.append(args)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_replace(*args, **kwargs)

    with MemoryStore(db) as store:
        ref = adapter_for("claude").source_for("claude", memdir)
        monkeypatch.setattr(os, "replace", failing_replace)
        with pytest.raises(OSError, match="No space left"):
            write_source(store, ref, _reviewed(store, ref), actor="test")
        monkeypatch.setattr(os, "replace", real_replace)
    assert tree(memdir) == before  # the file written first was put back
    assert not (db.parent / "writeback").exists() or not any((db.parent / "writeback").iterdir())


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL")
def test_a_write_killed_half_way_is_undone_at_the_next_import(claude) -> None:
    memdir, db = claude
    before = tree(memdir)
    run = subprocess.run([sys.executable, "-c", KILL_ON_SECOND_REPLACE, str(memdir), str(db)], timeout=120)
    assert run.returncode == -signal.SIGKILL
    assert tree(memdir) != before  # one file new, the others old: the state the journal is for
    with MemoryStore(db) as store:
        result = import_source(store, adapter_for("claude").source_for("claude", memdir), actor="test")
    assert tree(memdir) == before
    assert any("put back as it was before an interrupted write-back" in line for line in result.read.warnings)
    assert not any((db.parent / "writeback").glob("*.json"))


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL")
def test_an_agent_write_after_the_crash_is_never_overwritten(claude) -> None:
    memdir, db = claude
    before = tree(memdir)
    subprocess.run([sys.executable, "-c", KILL_ON_SECOND_REPLACE, str(memdir), str(db)], timeout=120)
    changed = [name for name, data in tree(memdir).items() if before.get(name) != data
               and not name.endswith(".memrev.tmp")]
    assert changed
    agent = memdir / changed[0]
    agent.write_text(agent.read_text(encoding="utf-8") + "\nThe agent wrote this after the crash.\n",
                     encoding="utf-8")
    with MemoryStore(db) as store:
        result = import_source(store, adapter_for("claude").source_for("claude", memdir), actor="test")
    assert "The agent wrote this after the crash." in agent.read_text(encoding="utf-8")
    assert any("changed since the interrupted write; left as it is" in line for line in result.read.warnings)
