"""Fixtures of the app and CLI tests: review apps on a fresh store, and a screened demo database."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import pytest

FROZEN_NOW = datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc)
"""The time every app under test believes it is, so ages on screen never drift."""


@pytest.fixture
def make_app(tmp_path: Path, demo_build) -> Callable[..., object]:
    """A factory of review apps on a fresh store file: the demo's entries, given entries, or none."""
    from memrev.core.scan.redaction import redacted_entries
    from memrev.core.store.memory_store import MemoryStore
    from memrev.tui.app import MemrevApp

    def factory(entries: list | None = None, *, empty: bool = False, name: str = "app.db", repo: Path | None = None,
                live: bool = False) -> MemrevApp:
        store = MemoryStore(tmp_path / name, clock=lambda: FROZEN_NOW)
        if not empty:  # redacted as memrev stores text today (a raw secret is an older memrev's store)
            store.apply(redacted_entries(store, demo_build.entries if entries is None else entries), actor="test")
        app = MemrevApp(store=store, clock=lambda: FROZEN_NOW, repo=repo, live=live)
        app.animation_level = "none"
        return app

    return factory


@pytest.fixture
def demo_db(tmp_path: Path, demo_build) -> Path:
    """A database holding the demo's entries, screened by the scanner as `memrev demo` screens them."""
    from memrev.core.scan.gate import screen_entries
    from memrev.core.scan.redaction import redacted_entries
    from memrev.core.store.memory_store import MemoryStore

    path = tmp_path / "demo.db"
    with MemoryStore(path) as store:
        result = store.apply(redacted_entries(store, demo_build.entries), actor="test")
        screen_entries(store, result.added, source="import demo", actor="test")
    return path
