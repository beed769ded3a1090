"""The app follows the agents' memory as it is written: a real watchfiles test on the demo's native sources."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from memrev.core.demo.builder import build_demo
from memrev.core.sources.registry import discover_all
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.app import MemrevApp
from memrev.tui.widgets.entry_table import EntryTable
from app_helpers import SIZE
from conftest import FROZEN_NOW

NOTE = """---
name: Release tags
description: How releases are tagged
type: project
---
Releases are tagged `vX.Y` from main after `make test` passes.
"""


async def wait_for(pilot, condition, timeout: float = 5.0) -> float:
    """Pump the app until `condition()` holds; return how long it took."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < timeout, "the app did not follow the change in time"
        await asyncio.sleep(0.05)
        await pilot.pause()
    return time.monotonic() - started


def row(app, needle: str):
    """The listed entry whose text holds `needle`, or None."""
    return next((entry for entry in app.query_one(EntryTable).rows if needle in entry.text), None)


@pytest.fixture
def live_demo(tmp_path: Path):
    """The demo with its native sources imported into a fresh store, as `memrev demo` opens it."""
    build = build_demo(tmp_path / "demo")
    refs = discover_all(cwd=build.repo, home=build.home, env={})
    store = MemoryStore(tmp_path / "live.db", clock=lambda: FROZEN_NOW)
    for ref in refs:
        import_source(store, ref, actor="test")
    memory = next(ref.root for ref in refs if ref.kind == "claude")
    return store, refs, build, memory


async def test_a_memory_file_written_edited_and_deleted_shows_live(live_demo):
    store, refs, build, memory = live_demo
    app = MemrevApp(store=store, clock=lambda: FROZEN_NOW, repo=build.repo, live=True, sources=refs)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.index is not None and app.checker is not None)
        await asyncio.sleep(0.3)  # the watchers are up
        note = memory / "project_release_tags.md"
        note.write_text(NOTE, encoding="utf-8")
        took = await wait_for(pilot, lambda: row(app, "Releases are tagged") is not None)
        assert took < 1.5, took  # within about a second, on a loaded machine
        added = row(app, "Releases are tagged")
        await wait_for(pilot, lambda: added.id in app.query_one(EntryTable).checks)  # checked as well
        assert any("Memory changed" in (n.title or "") and "1 added" in n.message for n in app._notifications)

        note.write_text(NOTE.replace("after `make test` passes", "by the release job"), encoding="utf-8")
        await wait_for(pilot, lambda: row(app, "by the release job") is not None)
        assert row(app, "after `make test` passes") is None

        note.unlink()
        await wait_for(pilot, lambda: (row(app, "by the release job") or added).removed_at is not None)
        shown = "\n".join(app.query_one(EntryTable).render_line(y).text
                          for y in range(app.query_one(EntryTable).size.height))
        assert any(line.startswith("removed") for line in shown.splitlines())


async def test_without_live_the_sources_are_not_watched(live_demo):
    store, refs, build, memory = live_demo
    app = MemrevApp(store=store, clock=lambda: FROZEN_NOW, live=False, sources=refs)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.index is not None)
        (memory / "project_release_tags.md").write_text(NOTE, encoding="utf-8")
        await asyncio.sleep(0.8)
        await pilot.pause()
        assert row(app, "Releases are tagged") is None
        assert not [worker for worker in app.workers if worker.group == "source-watch"]
