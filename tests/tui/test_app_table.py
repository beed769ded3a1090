"""Pilot tests of the table and detail pane: section headlines, removed entries, blocked rules, a growing pane."""

from __future__ import annotations

import subprocess
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from memrev.core.model import Entry
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.app import MemrevApp
from memrev.tui.cli.main import cli
from memrev.tui.widgets.entry_detail import EntryDetail
from app_helpers import SIZE, detail_text, settle, table_text
from conftest import FROZEN_NOW

SECTION = Entry(id="testing", text="## Testing\n\n- Run the suite with `make test` before pushing.")
GONE = Entry(id="gone", text="Deploys go through the old Jenkins job.",
             removed_at=datetime(2026, 6, 1, tzinfo=timezone.utc))


async def test_a_section_shows_its_heading_and_the_start_of_its_body(make_app):
    app = make_app([SECTION, GONE])
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        shown = table_text(app)
        assert "Testing — Run the suite with `make test`" in shown
        row = next(line for line in shown.splitlines() if "Jenkins" in line)
        assert row.startswith("removed")


def test_list_says_an_entry_was_removed_at_its_source(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with MemoryStore(db) as store:
        store.apply([SECTION, GONE], actor="test")
    listed = CliRunner().invoke(cli, ["--db", str(db), "list"], obj={}).stdout
    assert next(line for line in listed.splitlines() if line.startswith("gone")).split()[1] == "removed"
    assert "Testing — Run the suite" in listed


def test_a_heading_with_no_body_is_not_an_entry(tmp_path: Path) -> None:
    repo = tmp_path / "shop"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "CLAUDE.md").write_text("# Shop\n\n## Testing\n\nRun `make test`.\n", encoding="utf-8")
    (repo / "AGENTS.md").write_text("# Shop\n\n## Setup\n\n## Releases\n\nTag with `vX.Y`.\n", encoding="utf-8")
    db = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["--db", str(db), "import", f"claude-md:{repo}", f"agents-md:{repo}"], obj={})
    assert result.exit_code == 0, result.stderr
    with MemoryStore(db) as store:
        texts = sorted(entry.text for entry in store.entries())
    assert texts == ["## Releases\n\nTag with `vX.Y`.", "## Testing\n\nRun `make test`."]


async def test_a_blocked_entry_names_the_rules_that_blocked_it(demo_db: Path):
    app = MemrevApp(store=MemoryStore(demo_db, clock=lambda: FROZEN_NOW), clock=lambda: FROZEN_NOW, live=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to("demo-14-malicious-injection")
        await settle(pilot)
        assert "blocked by the scanner: prompt_injection" in detail_text(app)
        app.jump_to("demo-01-fresh-tests")
        await settle(pilot)
        assert "blocked by" not in detail_text(app)


async def test_the_detail_pane_grows_on_z_and_with_the_focus(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = app.query_one(EntryDetail)
        small = detail.size.height
        await pilot.press("z")
        await settle(pilot)
        assert detail.size.height > 2 * small
        await pilot.press("z")
        await settle(pilot)
        assert detail.size.height == small
        detail.focus()
        await settle(pilot)
        assert detail.size.height > 2 * small
        await pilot.press("escape")
        await settle(pilot)
        assert detail.size.height == small
