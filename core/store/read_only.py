"""A database memrev may only read (a read-only folder or filesystem): open it for reading, never migrate it."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Callable

from memrev.core.model import utc_now
from memrev.core.store.embedding import Embedder, HashingEmbedder
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.migrations import MIGRATIONS
from memrev.core.store.queries import StoreError
from memrev.core.store.sqlite_binding import Binding, choose_binding
from memrev.core.store.vectors import VectorIndex


def writable(path: Path) -> bool:
    """Whether memrev can write the database at `path` and the journal files beside it (False on a read-only
    folder or filesystem); a path whose folder does not exist yet counts as writable."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK | os.X_OK)


class ReadOnlyStore(MemoryStore):
    """A store opened with SQLite's read-only mode: reads work, any write fails with "read-only"."""

    def __init__(self, path: str | os.PathLike[str], *, binding: Binding | None = None,
                 embedder: Embedder | None = None, clock: Callable[[], datetime] = utc_now) -> None:
        """Open the database at `path` for reading only; one that needs a migration is refused in one line."""
        self.path = Path(path)
        self.binding = binding or choose_binding()
        self.embedder = embedder or HashingEmbedder()
        self.clock = clock
        module = self.binding.module
        uri = self.path.resolve().as_uri()
        self.conn = None
        for mode in ("mode=ro", "immutable=1"):  # a WAL database on a read-only filesystem opens only immutable
            try:
                conn = self.binding.connect(f"{uri}?{mode}", uri=True, isolation_level=None, check_same_thread=False)
                version = int(conn.execute("pragma user_version").fetchone()[0])
            except module.Error:
                continue
            self.conn = conn
            break
        if self.conn is None:
            raise StoreError(f"{self.path}: cannot open the database, even read-only")
        if version != len(MIGRATIONS):
            self.conn.close()
            raise StoreError(f"{self.path}: the database is read-only here and has schema {version}, not "
                             f"{len(MIGRATIONS)}; this memrev can read it only after it is upgraded, which needs "
                             "writing")
        self.vectors = VectorIndex(self.conn, self.embedder, enabled=self.binding.vec_available)
        self.semantic_notice = ""

    def reader(self) -> MemoryStore:
        """Another read-only connection to the same file."""
        return ReadOnlyStore(self.path, binding=self.binding, embedder=self.embedder, clock=self.clock)
