"""Regenerate the README screenshots from the real app on the demo data: `python -m memrev.tui.screenshots DIR`."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets import Input

from memrev.core.demo.builder import build_demo
from memrev.core.scan.gate import apply_screened
from memrev.core.sources.registry import discover_all
from memrev.core.sources.sync import import_source
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


async def _freeze(pilot: Pilot[None]) -> None:
    """The freeze preview of Hermes: the block exactly as Hermes prints it, its cap, and what is left out."""
    await pilot.press("F")
    await _settle(pilot)
    await pilot.press("down", "down", "down", "down")  # agents-md, claude-md, claude, codex, then hermes
    await _settle(pilot)


async def _recall(pilot: Pilot[None]) -> None:
    """The recall box: what an agent would retrieve about old coupons, the stale result first with its evidence."""
    await pilot.press("l")
    await _settle(pilot)
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.press(*"legacy discount coupons", "enter")
    await _settle(pilot)


SHOTS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "main.svg": _main_screen,
    "hidden-characters.svg": _hidden_characters,
    "stale-evidence.svg": _stale_evidence,
    "triage.svg": _triage,
    "freeze.svg": _freeze,
    "recall.svg": _recall,
}
"""Each screenshot's file name and the steps that lead to it."""

NATIVE_SHOTS = frozenset({"freeze.svg"})
"""Screenshots taken on a store that also holds the demo agents' native memory, as `memrev demo` imports it."""


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
        db, native = Path(folder) / "memrev.db", Path(folder) / "native.db"
        for path in (db, native):
            with MemoryStore(path, clock=lambda: SCREENSHOT_NOW) as store:
                apply_screened(store, build.entries, actor="demo", source="import demo")  # as `memrev demo` does
                if path == native:
                    for ref in discover_all(cwd=build.repo, home=build.home, env={}):
                        import_source(store, ref, actor="demo")
        home = os.environ.get("HOME")
        os.environ["HOME"] = str(build.home)  # the agents' folders show as ~/…, never as this machine's paths
        try:
            for name, steps in SHOTS.items():
                asyncio.run(_take(native if name in NATIVE_SHOTS else db, build.repo, name, steps, out))
                print(out / name)
        finally:
            if home is None:
                os.environ.pop("HOME", None)
            else:
                os.environ["HOME"] = home


if __name__ == "__main__":
    main()
