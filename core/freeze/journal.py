"""One freeze is one unit: before its first file changes, every file's bytes before and the digest it will have
after are journalled durably beside the database. A freeze that fails is undone at once; one killed half-way is
undone at the next start (unless the store already recorded it, in which case it finished). A file the agent
changed after the crash is never overwritten."""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from memrev.core.safe_io import atomic_write, digest_bytes
from memrev.core.sources.writeback_journal import undo
from memrev.core.store.freezes import freeze_with_token
from memrev.core.store.memory_store import MemoryStore


def freeze_journal_path(store: MemoryStore) -> Path | None:
    """Where this store's freeze journal lives (beside the database), or None for an in-memory store."""
    if str(store.path) == ":memory:":
        return None
    db = store.path.resolve()
    key = hashlib.sha256(str(db).encode()).hexdigest()[:16]
    return db.parent / "writeback" / f"freeze-{key}.json"


def recover(store: MemoryStore) -> list[str]:
    """Finish what a crash interrupted: undo a freeze the store never recorded; one line per file it concerned."""
    path = freeze_journal_path(store)
    if path is None or not path.exists():
        return []
    try:
        token = json.loads(path.read_bytes()).get("token", "")
    except (OSError, ValueError):
        token = ""
    if token and freeze_with_token(store, token):
        path.unlink(missing_ok=True)
        return []
    return undo(path)


@contextmanager
def freeze_journal(store: MemoryStore, files: Sequence[tuple[Path, Path, bytes | None, bytes | None]]
                   ) -> Iterator[str]:
    """Journal (file, root, before, after) of every file a freeze changes, run it, and remove the journal on
    success; on failure put back every file still holding what the freeze wrote. Yields the freeze's token."""
    token = uuid.uuid4().hex
    path = freeze_journal_path(store)
    if path is None:
        yield token
        return
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    steps = [{"path": str(target), "root": str(root),
              "before": None if before is None else base64.b64encode(before).decode(),
              "after": None if after is None else digest_bytes(after)} for target, root, before, after in files]
    atomic_write(path, json.dumps({"root": str(path.parent), "token": token, "steps": steps}).encode(),
                 root=path.parent, new_file_mode=0o600, suffix=".journal.tmp")
    try:
        yield token
    except BaseException:
        undo(path)
        raise
    path.unlink(missing_ok=True)
