"""A process killed right after a write returns loses nothing it was told was written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from memrev.core.model import Status
from memrev.core.store.memory_store import MemoryStore

WRITER = """
import os, signal, sys
from memrev.core.model import Entry, Status
from memrev.core.store.memory_store import MemoryStore

path, how = sys.argv[1], sys.argv[2]
store = MemoryStore(path)
store.apply([Entry(id="m-durable", text="Never deploy on Fridays.")], actor="claude", reason="learned")
store.apply([Entry(id="m-second", text="Staging is at staging.acme.test.")], actor="claude")
store.set_status("m-durable", Status.CONFIRMED, actor="alice")
print("done", flush=True)
if how == "exit":
    os._exit(0)  # no close, no atexit, no checkpoint
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_a_crash_right_after_done_loses_nothing(tmp_path, how):
    path = tmp_path / "memrev.db"
    env = {k: v for k, v in os.environ.items() if k not in ("MEMREV_SQLITE", "MEMREV_DB")}
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(WRITER), str(path), how],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert run.stdout.strip() == "done", run.stderr
    assert run.returncode == (0 if how == "exit" else -signal.SIGKILL)
    # the writes were never checkpointed into the main file: recovery has to come from the WAL
    wal = tmp_path / "memrev.db-wal"
    assert wal.exists() and wal.stat().st_size > 0

    with MemoryStore(path) as store:
        durable = store.get("m-durable")
        assert durable is not None
        assert durable.text == "Never deploy on Fridays."
        assert durable.status is Status.CONFIRMED
        assert store.get("m-second") is not None
        assert [(e.entry_id, e.action, e.reason) for e in store.events()] == [
            ("m-durable", "import", "learned"),
            ("m-second", "import", ""),
            ("m-durable", "status:confirmed", ""),
        ]
        assert store.search("Fridays") == ["m-durable"]
        assert store.neighbours("Never deploy on Fridays.", k=1)[0][0] == "m-durable"
