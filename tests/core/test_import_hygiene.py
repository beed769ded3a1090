"""The headless core never pulls in the UI stack: importing and using it loads no textual, rich or memrev.tui."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

EXPECTED = {
    "memrev.core",
    "memrev.core.model",
    "memrev.core.store.serialize",
    "memrev.core.store.memory_store",
    "memrev.core.store.migrations",
    "memrev.core.store.sqlite_binding",
    "memrev.core.store.embedding",
    "memrev.core.store.jsonl",
    "memrev.core.check.project",
}

CHECK = """
import importlib, json, pkgutil, sys
import memrev.core

names = set(sys.argv[1].split(","))
names |= {info.name for info in pkgutil.walk_packages(memrev.core.__path__, "memrev.core.")}
for name in sorted(names):
    importlib.import_module(name)

# exercise the lazy imports too: opening a store and identifying a project
from memrev.core.check.project import identify_project
from memrev.core.model import Entry
from memrev.core.store.memory_store import MemoryStore
with MemoryStore(":memory:") as store:
    store.apply([Entry(id="m-a", text="x")], actor="t")
    store.neighbours("x")
identify_project(sys.argv[2])

ui = sorted(
    name for name in sys.modules
    if name.split(".")[0] in ("textual", "rich") or name == "memrev.tui" or name.startswith("memrev.tui.")
)
print(json.dumps({"imported": sorted(names), "ui": ui}))
"""


def test_core_imports_no_ui_modules(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("MEMREV_SQLITE", "MEMREV_DB")}
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHECK), ",".join(sorted(EXPECTED)), str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert EXPECTED <= set(report["imported"])
    assert report["ui"] == []
