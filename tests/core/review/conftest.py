"""Fixtures of the review tests: a store holding the demo's entries, screened, with their latest checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from memrev.core.scan.gate import screen_entries
from memrev.core.store.memory_store import MemoryStore


@pytest.fixture
def review_store(tmp_path: Path, demo_build, demo_checks, clock) -> MemoryStore:
    """A store on a real file holding the demo's entries, screened by the scanner, with their latest checks."""
    store = MemoryStore(tmp_path / "review.db", clock=clock)
    added = store.apply(demo_build.entries, actor="import").added
    screen_entries(store, added, source="import demo", actor="import")
    store.save_checks(demo_checks.values())
    yield store
    store.close()
