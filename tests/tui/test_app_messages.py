"""Pilot tests of what the app says: a repository with no commits, and a reference named more than once."""

from __future__ import annotations

import subprocess
from pathlib import Path

from textual.widgets import Static

from memrev.core.model import Entry
from app_helpers import SIZE, detail_text, settle


async def test_a_repository_without_commits_says_so_in_full(make_app, tmp_path: Path):
    repo = tmp_path / "shop"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True, capture_output=True)
    app = make_app([Entry(id="tests", text="Run `make test` before pushing.")], repo=repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = str(app.query_one("#check-status", Static).render())
        assert "shop @ no commits yet" in status, status


async def test_a_reference_named_three_times_is_shown_once(make_app, demo_build):
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to("demo-10-conflict-uv")
        await settle(pilot)
        shown = detail_text(app)
        assert shown.count("package-manager:uv") + shown.count(" version uv") == 1, shown
