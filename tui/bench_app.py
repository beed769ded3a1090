"""Measure the review app with many entries: cold start to the first full frame, and filter keystrokes.

Each figure is set against a baseline measured in the same run: the same rows in Textual's own
DataTable, populated the way the Textual guide recommends (keyed `add_row` inside `batch_update`).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from memrev.core.bench.store import Figure, synthetic_entries
from memrev.core.check.humanize import format_age
from memrev.core.model import Entry, utc_now
from memrev.core.scan.gate import apply_screened
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.query import EntryIndex
from memrev.tui.app import MemrevApp
from memrev.tui.widgets.entry_table import EntryTable

SIZE = (120, 36)
FILTER_KEYS = "make test"
"""Typed one key at a time; each key is one timed filter update."""
START_AIM_S = 1.0
FILTER_AIM_MS = 100.0


def _cells(entry: Entry) -> tuple[str, ...]:
    """The baseline table's cells for one entry (the same columns as the app)."""
    now = utc_now()
    return (entry.status.value, entry.type.value, entry.scope.label, format_age(entry.verified_at, now),
            f"{entry.confidence:.2f}", entry.first_line)


class _DataTableBaseline(App[None]):
    """The baseline: every row in a DataTable, refilled on each filter change."""

    def __init__(self, entries: list[Entry]) -> None:
        """Hold the entries to show."""
        super().__init__()
        self.index = EntryIndex(entries)

    def compose(self) -> ComposeResult:
        """One table."""
        yield DataTable(cursor_type="row")

    def on_mount(self) -> None:
        """Add the columns and every row."""
        table = self.query_one(DataTable)
        for label in ("STATUS", "TYPE", "SCOPE", "VERIFIED", "CONF", "TEXT"):
            table.add_column(label, key=label)
        self.fill(self.index.entries)

    def fill(self, entries: list[Entry]) -> None:
        """Replace every row with these entries."""
        table = self.query_one(DataTable)
        with self.batch_update():
            table.clear()
            for entry in entries:
                table.add_row(*_cells(entry), key=entry.id)


async def _settle(app: App[None], pilot: object) -> None:
    """Wait until workers are done and the screen has caught up."""
    await app.workers.wait_for_complete()
    await pilot.pause()  # type: ignore[attr-defined]


class _TimedApp(MemrevApp):
    """The real app, noting when the frame after each table update has been drawn."""

    drawn_at: float = 0.0

    def refresh_rows(self) -> None:
        """Update the table as usual, then note the time once the screen has been refreshed."""
        super().refresh_rows()
        self.call_after_refresh(self._note_drawn)

    def _note_drawn(self) -> None:
        """Record the moment the updated table reached the screen."""
        self.drawn_at = time.perf_counter()


async def _time_app(db: Path) -> tuple[float, list[float]]:
    """Cold start seconds and per-keystroke milliseconds (key sent to updated frame) of the real app."""
    started = time.perf_counter()
    app = _TimedApp(db_path=db)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        while not app.query_one(EntryTable).rows:
            await pilot.pause(0.01)
        cold = time.perf_counter() - started
        await pilot.press("slash")
        keystrokes = []
        for key in FILTER_KEYS:
            before = time.perf_counter()
            await pilot.press("space" if key == " " else key)
            await pilot.pause()
            keystrokes.append((app.drawn_at - before) * 1000)
    return cold, keystrokes


async def _time_baseline(db: Path) -> tuple[float, list[float]]:
    """The same two measurements for the DataTable baseline (reading the store included)."""
    started = time.perf_counter()
    with MemoryStore(db) as store:
        entries = store.entries()
    app = _DataTableBaseline(entries)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        cold = time.perf_counter() - started
        keystrokes = []
        typed = ""
        for key in FILTER_KEYS:
            typed += key
            before = time.perf_counter()
            app.fill(app.index.filter(typed))
            drawn: list[float] = []
            app.call_after_refresh(lambda: drawn.append(time.perf_counter()))
            await pilot.pause()
            while not drawn:
                await pilot.pause(0.005)
            keystrokes.append((drawn[0] - before) * 1000)
    return cold, keystrokes


def run_app_bench(n: int = 10_000, *, workdir: Path) -> list[Figure]:
    """Cold start and filter-keystroke figures for `n` entries, each with its DataTable baseline."""
    db = workdir / "bench-app.db"
    with MemoryStore(db) as store:  # imported as every import path stores entries: screened
        apply_screened(store, synthetic_entries(n), actor="bench", source="bench import")
    cold, keys = asyncio.run(_time_app(db))
    base_cold, base_keys = asyncio.run(_time_baseline(db))
    key_p50, base_key_p50 = statistics.median(keys), statistics.median(base_keys)
    return [
        Figure(f"app cold start, {n} entries", cold, "s", f"< {START_AIM_S:g} s", base_cold, "DataTable",
               base_cold / cold, cold < START_AIM_S),
        Figure("filter keystroke p50", key_p50, "ms", f"< {FILTER_AIM_MS:g} ms", base_key_p50, "DataTable refill",
               base_key_p50 / key_p50, key_p50 < FILTER_AIM_MS, note=f"max {max(keys):.1f} ms over {len(keys)} keys"),
    ]
