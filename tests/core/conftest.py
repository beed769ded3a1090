"""Shared fixtures for the core tests: a clean environment, a ticking clock and a store on a real file."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memrev.core.store.memory_store import MemoryStore


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """No test may pick up the developer's binding choice or touch their database."""
    monkeypatch.delenv("MEMREV_SQLITE", raising=False)
    monkeypatch.setenv("MEMREV_DB", str(tmp_path / "default-memrev.db"))


class TickingClock:
    """A clock that moves one second forward on every reading, so event times are distinct and known."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "memrev.db"


@pytest.fixture
def store(db_path, clock):
    with MemoryStore(db_path, clock=clock) as opened:
        yield opened
