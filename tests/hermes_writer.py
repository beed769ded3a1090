"""Hermes as the tests meet it: a home with its memory files and pending folder, and a stand-in for its own memory
writer, run as a separate process: it waits, then takes Hermes's lock on the file, adds one entry in Hermes's format
and replaces the file atomically, as Hermes does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_REWRITE = """
import fcntl, os, tempfile
def rewrite(path, change):
    # Hermes's _file_lock, then its atomic replace: the file's entries as `change` leaves them
    with open(path + ".lock", "a+", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            raw = open(path, encoding="utf-8-sig").read() if os.path.exists(path) else ""
            entries = change(list(dict.fromkeys(e.strip() for e in raw.split("\\n§\\n") if e.strip())))
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".mem_", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write("\\n§\\n".join(entries))
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
"""
"""Hermes's locked, atomic rewrite of one memory file, shared by the stand-in scripts below."""

HERMES_ADD = _REWRITE + """
import sys, time
path, entry, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
print("ready", flush=True)
time.sleep(delay)
rewrite(path, lambda entries: entries + [entry])
"""

HERMES_DECIDE = _REWRITE + """
import json, sys
staged, memories, verdict = sys.argv[1], sys.argv[2], sys.argv[3]
record = json.load(open(staged, encoding="utf-8"))
payload = record["payload"]
path = os.path.join(memories, "USER.md" if payload.get("target") == "user" else "MEMORY.md")


def applied(entries):
    target = payload.get("matched_entry")
    if payload["action"] == "add" and payload["content"] not in entries:
        entries.append(payload["content"])
    elif payload["action"] == "replace":
        entries[entries.index(target)] = payload["content"]
    elif payload["action"] == "remove":
        entries.remove(target)
    return entries


if verdict == "approve":   # Hermes's /memory approve <id>: the write under its lock, then the staged file goes
    rewrite(path, applied)
os.remove(staged)   # approve or reject: the staged file is gone
"""


def hermes_home(base: Path) -> Path:
    """A Hermes home with two notes in MEMORY.md, one in USER.md and an empty pending folder (`<base>/.hermes`)."""
    home = base / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("\n§\n".join(["User prefers dark mode", "Project uses Python 3.10"]),
                                                 encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Name is Ada", encoding="utf-8")
    return home


_HOLDER = """
import fcntl, sys, time
with open(sys.argv[1] + ".lock", "a+", encoding="utf-8") as lock:   # Hermes's _file_lock
    fcntl.flock(lock, fcntl.LOCK_EX)
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
    fcntl.flock(lock, fcntl.LOCK_UN)
"""


def hold(path: Path, seconds: float) -> "subprocess.Popen[str]":
    """A separate process holding Hermes's lock on `path` for `seconds`, returned once it holds it."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path), str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder
