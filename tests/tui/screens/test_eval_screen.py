"""The last-eval screen (`E`): the run `memrev eval` kept beside the database, as a table and a chart, and a clear
empty state before any run."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from memrev.core.bench.recall_eval import run_eval
from memrev.core.recall.eval_report import ROWS, value
from memrev.core.recall.eval_saved import save_last_eval
from memrev.tui.screens.eval import EvalScreen
from app_helpers import SIZE, settle

FINISHED = datetime(2026, 7, 1, 11, 58, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The report of a real run of the experiment on the twelve (the same on every run)."""
    return run_eval(tmp_path_factory.mktemp("eval") / "run").report


def keep(app, report: dict) -> None:
    """Keep the run beside the app's database as `memrev eval` does, with fixed times for the screen."""
    save_last_eval(app.store.path, report, finished_at=FINISHED, build_seconds=1.25, run_seconds=0.5)


async def open_eval(pilot) -> EvalScreen:
    """Press E on the main screen and wait for the saved run."""
    await settle(pilot)
    await pilot.press("E")
    await settle(pilot)
    assert isinstance(pilot.app.screen, EvalScreen)
    return pilot.app.screen


async def test_before_any_eval_the_screen_says_to_run_one(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_eval(pilot)
        assert str(screen.query_one("#eval-status", Static).render()) == "no eval yet: run memrev eval"
        assert screen.query_one("#eval-table", DataTable).row_count == 0
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, EvalScreen)


async def test_the_kept_run_shows_every_metric_of_both_arms(make_app, report: dict) -> None:
    app = make_app()
    keep(app, report)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_eval(pilot)
        table = screen.query_one("#eval-table", DataTable)
        rows = {str(table.get_row_at(i)[0]): tuple(table.get_row_at(i)[1:]) for i in range(table.row_count)}
        raw, reviewed = report["arms"]["raw"], report["arms"]["reviewed"]
        for label, path, _ in ROWS:
            assert rows[label] == (f"{value(raw, path):.3f}", f"{value(reviewed, path):.3f}")
        assert rows["residue (texts x places)"] == (str(raw["residue"]["total"]), "0")
        status = str(screen.query_one("#eval-status", Static).render())
        assert "twelve: 12 memories, 9 tasks" in status and "2026-07-01T11:58:00+00:00" in status
        assert "scripted reviewer:" in str(screen.query_one("#eval-review", Static).render())


async def test_an_unreadable_file_is_said_in_one_line(make_app) -> None:
    app = make_app()
    (Path(app.store.path).parent / "last-eval.json").write_text("{not json", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_eval(pilot)
        status = str(screen.query_one("#eval-status", Static).render())
        assert "last-eval.json: cannot be read" in status and "\n" not in status


def test_eval_screen_snapshot(snap_compare, make_app, report: dict) -> None:
    app = make_app()
    keep(app, report)

    async def run_before(pilot) -> None:
        await open_eval(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_empty_eval_screen_snapshot(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        await open_eval(pilot)
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
