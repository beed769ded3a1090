"""Pilot tests of Hermes's staged writes in the app: the table says `staged` (not `pending`) so the approval queue
is seen, and `y` on one operation of a staged batch shows the rest of the batch before deciding it whole."""

from __future__ import annotations

import json
from pathlib import Path

from app_helpers import SIZE, detail_text, settle, table_text
from hermes_writer import hermes_home
from textual.widgets import Static

from memrev.core.model import Status
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import parse_entries
from memrev.core.sources.sync import import_source
from memrev.tui.screens.dialogs import ConfirmDialog, ReasonDialog
from memrev.tui.widgets.entry_table import EntryTable, status_cell


def staged_app(make_app, tmp_path: Path):
    """An app on a store holding a real Hermes home: two notes, a staged add and a staged batch of two."""
    home = hermes_home(tmp_path)
    pending = home / "pending" / "memory"
    (pending / "a1.json").write_text(json.dumps({"id": "a1", "subsystem": "memory", "payload": {
        "action": "add", "target": "user", "content": "Prefers terse replies"}}), encoding="utf-8")
    (pending / "b1.json").write_text(json.dumps({"id": "b1", "subsystem": "memory", "payload": {
        "action": "batch", "target": "memory", "operations": [
            {"action": "add", "content": "Uses uv for envs"},
            {"action": "replace", "content": "Project uses Python 3.12",
             "matched_entry": "Project uses Python 3.10"}]}}), encoding="utf-8")
    app = make_app(empty=True)
    import_source(app.store, SourceRef("hermes", home / "memories"), actor="test")
    return app, home


def by_text(app, text: str):
    return next(entry for entry in app.store.entries() if entry.text == text)


async def test_the_table_says_staged_for_writes_hermes_waits_on(make_app, tmp_path):
    app, _ = staged_app(make_app, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = {entry.text: status_cell(entry) for entry in app.query_one(EntryTable).rows}
        assert rows == {"User prefers dark mode": "pending", "Project uses Python 3.10": "pending",
                        "Name is Ada": "pending", "Prefers terse replies": "staged", "Uses uv for envs": "staged",
                        "Project uses Python 3.12": "staged"}
        lines = table_text(app).splitlines()
        assert sum(line.split()[:1] == ["staged"] for line in lines) == 3  # on screen, in the STATUS column
        assert sum(line.split()[:1] == ["pending"] for line in lines) == 3
        app.set_filter("status:staged")  # the queue alone; `status:pending` still finds them among the rest
        await settle(pilot)
        assert {entry.text for entry in app.query_one(EntryTable).rows} == {
            "Prefers terse replies", "Uses uv for envs", "Project uses Python 3.12"}
        app.set_filter("status:pending")
        await settle(pilot)
        assert len(app.query_one(EntryTable).rows) == 6
        app.jump_to(by_text(app, "Uses uv for envs").id)
        await settle(pilot)
        shown = " ".join(detail_text(app).split())
        assert "status pending · staged by Hermes, in its approval queue" in shown
        assert "batch operation 1 of 2 of one staged batch" in shown


async def test_y_on_one_operation_of_a_batch_shows_the_rest_then_applies_it_whole(make_app, tmp_path):
    app, home = staged_app(make_app, tmp_path)
    add, replace = by_text(app, "Uses uv for envs"), by_text(app, "Project uses Python 3.12")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(add.id)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # one row, yet it asks: the batch has another operation
        body = " ".join(str(app.screen.query_one("#dialog-body", Static).render()).split())
        assert "2 entries become confirmed" in body and "decides it whole" in body
        assert f"2. replace {replace.id}: Project uses Python 3.12" in body
        await pilot.press("n")
        await settle(pilot)
        assert app.store.get(add.id).status is Status.PENDING and (home / "pending" / "memory" / "b1.json").exists()
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert {app.store.get(i).status for i in (add.id, replace.id)} == {Status.CONFIRMED}
        assert parse_entries((home / "memories" / "MEMORY.md").read_text(encoding="utf-8")) == [
            "User prefers dark mode", "Project uses Python 3.12", "Uses uv for envs"]
        rows = {entry.id: status_cell(entry) for entry in app.query_one(EntryTable).rows}
        assert rows[add.id] == rows[replace.id] == "confirmed"  # both rows show the decision at once
        assert rows[by_text(app, "Prefers terse replies").id] == "staged"  # the single write still waits


async def test_n_on_one_operation_of_a_batch_says_it_rejects_the_whole_batch(make_app, tmp_path):
    app, home = staged_app(make_app, tmp_path)
    add, replace = by_text(app, "Uses uv for envs"), by_text(app, "Project uses Python 3.12")
    before = (home / "memories" / "MEMORY.md").read_bytes()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(replace.id)
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ReasonDialog)
        assert "rejects its whole Hermes batch: 1 more operation revoked with it" in app.screen.title_text
        await pilot.press(*"not durable", "enter")
        await settle(pilot)
        assert {app.store.get(i).status for i in (add.id, replace.id)} == {Status.REVOKED}
        assert (home / "memories" / "MEMORY.md").read_bytes() == before
        assert not (home / "pending" / "memory" / "b1.json").exists()
