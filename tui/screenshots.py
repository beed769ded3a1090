"""Regenerate the README screenshots from the real app on the demo data: `python -m memrev.tui.screenshots DIR`."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets import Input

from memrev.core.demo.builder import build_demo
from memrev.core.scan.gate import apply_screened
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.app import MemrevApp

SCREENSHOT_NOW = datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc)
"""The clock the screenshots are taken at, so ages never drift between regenerations."""
SIZE = (120, 36)


async def _settle(pilot: Pilot[None]) -> None:
    """Wait for the workers and the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _main_screen(pilot: Pilot[None]) -> None:
    """The demo as a new user first sees it."""


async def _hidden_characters(pilot: Pilot[None]) -> None:
    """The poisoned entry, with its hidden characters marked and decoded."""
    app = pilot.app
    assert isinstance(app, MemrevApp)
    app.jump_to("demo-15-malicious-invisible")


async def _stale_evidence(pilot: Pilot[None]) -> None:
    """A stale entry: the rename it missed, with the commit and the suggested new path."""
    app = pilot.app
    assert isinstance(app, MemrevApp)
    app.jump_to("demo-03-stale-renamed-utils")


async def _triage(pilot: Pilot[None]) -> None:
    """The triage queue past the four blocked writes: a contradicted entry with the fix its check suggests."""
    await pilot.press("t")
    await _settle(pilot)
    await _settle(pilot)
    for _ in range(4):
        await pilot.press("s")
    await _settle(pilot)


SHOTS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "main.svg": _main_screen,
    "hidden-characters.svg": _hidden_characters,
    "stale-evidence.svg": _stale_evidence,
    "triage.svg": _triage,
}
"""Each screenshot's file name and the steps that lead to it."""


async def _take(db: Path, repo: Path, name: str, steps: Callable[[Pilot[None]], Awaitable[None]], out: Path) -> None:
    """Open the app on `db`, checking against `repo` once (not live), run the steps and save one SVG."""
    app = MemrevApp(store=MemoryStore(db, clock=lambda: SCREENSHOT_NOW), clock=lambda: SCREENSHOT_NOW, repo=repo,
                    live=False)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        for box in app.query(Input):
            box.cursor_blink = False
        await _settle(pilot)
        await steps(pilot)
        await _settle(pilot)
        app.save_screenshot(filename=name, path=str(out))


def main(argv: list[str] | None = None) -> None:
    """Write every screenshot into the folder named on the command line (default `screenshots`)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="memrev-shots-") as folder:
        build = build_demo(Path(folder) / "demo")
        db = Path(folder) / "memrev.db"
        with MemoryStore(db, clock=lambda: SCREENSHOT_NOW) as store:
            apply_screened(store, build.entries, actor="demo", source="import demo")  # as `memrev demo` does
        for name, steps in SHOTS.items():
            asyncio.run(_take(db, build.repo, name, steps, out))
            print(out / name)


if __name__ == "__main__":
    main()
