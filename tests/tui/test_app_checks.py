"""Pilot tests of verdicts in the review app: the verdict column, evidence in the detail pane, live updates, re-check."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

from textual.widgets import Static

from memrev.core.check.project import identify_project
from memrev.core.model import Entry
from memrev.core.model import Scope, ScopeKind
from memrev.tui.widgets.entry_table import EntryTable
from app_helpers import SIZE, detail_text, settle, table_text


def row_of(app, entry_id: str) -> str:
    """The verdict the table shows for one entry."""
    table = app.query_one(EntryTable)
    return table.checks[entry_id].verdict.value if entry_id in table.checks else "-"


async def test_verdicts_and_evidence_for_the_demo(make_app, demo_build):
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for entry_id, expectation in demo_build.expectations.items():
            if expectation.verdict != "blocked":  # blocking is the scanner's job
                assert row_of(app, entry_id) == expectation.verdict, entry_id
        status = str(app.query_one("#check-status", Static).render())
        assert "shop @" in status and "stale" in status
        app.jump_to("demo-03-stale-renamed-utils")
        await settle(pilot)
        assert "stale" in table_text(app)
        shown = detail_text(app)
        assert "renamed" in shown and "suggestion: src/shop/helpers.py" in shown
        app.jump_to("demo-07-python-version")
        await settle(pilot)
        shown = detail_text(app)
        assert "memory: 3.10" in shown and "pyproject.toml" in shown
        await pilot.press("slash", *"verdict:stale")
        await settle(pilot)
        listed = {entry.id for entry in app.query_one(EntryTable).rows}
        assert listed == {e for e, x in demo_build.expectations.items() if x.verdict == "stale"}


async def test_a_file_edit_updates_the_row_in_place(make_app, tmp_path: Path):
    repo = tmp_path / "live"
    repo.mkdir()
    run = lambda *args: subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)  # noqa: E731
    run("init", "-q", "-b", "main")
    (repo / "pricing.py").write_text("def apply_discount(price):\n    return price\n")
    run("add", "-A")
    run("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start")
    scope = Scope(ScopeKind.TEAM, identify_project(repo))
    app = make_app([Entry(id="discount", text="`apply_discount` is in pricing.py.", scope=scope)], repo=repo,
                   live=True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if row_of(app, "discount") == "fresh":
                break
        assert row_of(app, "discount") == "fresh"
        await asyncio.sleep(0.5)  # the watcher registers its folders
        (repo / "pricing.py").write_text("def price_after_discount(price):\n    return price\n")
        for _ in range(200):
            await pilot.pause(0.05)
            if row_of(app, "discount") == "stale":
                break
        assert row_of(app, "discount") == "stale"
        assert app.query_one(EntryTable).current.id == "discount"
        assert "apply_discount is not defined" in detail_text(app)
        status = str(app.query_one("#check-status", Static).render())
        assert status.startswith("● live")


async def test_r_rechecks_the_selected_entry(make_app, demo_build):
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to("demo-01-fresh-tests")
        await settle(pilot)
        before = app.query_one(EntryTable).checks["demo-01-fresh-tests"]
        await pilot.press("r")
        await settle(pilot)
        after = app.query_one(EntryTable).checks["demo-01-fresh-tests"]
        assert after is not before and after.verdict == before.verdict
        await pilot.press("R")
        await settle(pilot)
        assert app.query_one(EntryTable).checks["demo-01-fresh-tests"] is not after


async def test_without_a_repository_stored_verdicts_are_shown_and_r_explains(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "run memrev inside a repository" in str(app.query_one("#check-status", Static).render())
        await pilot.press("r")
        await settle(pilot)
        assert any("nothing to re-check" in n.message for n in app._notifications)


async def test_the_detail_pane_shows_the_diff_since_verification(make_app, demo_build):
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=(120, 60)) as pilot:
        await settle(pilot)
        app.jump_to("demo-06-changed-deploy-doc")
        await settle(pilot)
        shown = detail_text(app)
        assert "diff since verification" in shown
        assert "+Deploys go through CI now" in shown
        assert "-2. Copy `dist/shop-*.whl`" in shown
