"""Pilot tests of sensitive entries in the app: masked in the table and the detail pane, `v` reveals (logged) and
hides again, leaving the entry hides it, `S` marks and unmarks (undoable), the filter never matches masked text,
and an entry holding a redacted secret says where the secret still is."""

from __future__ import annotations

from pathlib import Path

from app_helpers import SIZE, detail_text, settle, table_text

from memrev.core.model import Entry, EntryType, Source
from memrev.core.review.sensitive import mark_sensitive
from memrev.core.scan.redaction import Redactor
from memrev.core.store.sensitive import marks
from memrev.tui.widgets.entry_table import EntryTable

FRESH = "demo-02-fresh-discount"
FRESH_WORDS = "Discounts are computed by"
AWS = "AKIAQ3T7ZP2WX8N5M4KD"


def reveals(app, entry_id: str) -> list:
    """The reveal events logged for an entry."""
    return [event for event in app.store.events(entry_id) if event.action == "reveal"]


async def test_a_sensitive_entry_is_masked_until_v_reveals_it_and_leaving_hides_it(make_app):
    app = make_app()
    mark_sensitive(app.store, [FRESH], actor="ana", reason="pricing is confidential")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(FRESH)
        await settle(pilot)
        assert FRESH_WORDS not in table_text(app) and FRESH_WORDS not in detail_text(app)
        assert "⟦sensitive · 66 chars · v reveals⟧" in table_text(app)
        assert "press v to reveal (logged)" in detail_text(app)
        assert "sensitive (masked): marked by ana: pricing is confidential" in detail_text(app)
        await pilot.press("v")
        await settle(pilot)
        assert FRESH_WORDS in table_text(app) and FRESH_WORDS in detail_text(app)
        assert "revealed, v hides it again" in detail_text(app)
        [event] = reveals(app, FRESH)
        assert (event.actor, event.before, event.after, event.reason) == (app.actor, None, None, "shown in the app")
        assert "reveal: shown in the app" in detail_text(app)  # in the entry's review history
        await pilot.press("down")
        await settle(pilot)
        await pilot.press("up")
        await settle(pilot)
        assert app.table.current.id == FRESH and app.revealed is None
        assert FRESH_WORDS not in table_text(app) and FRESH_WORDS not in detail_text(app)
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("v")  # again: hidden, and only the reveal is logged
        await settle(pilot)
        assert FRESH_WORDS not in detail_text(app) and len(reveals(app, FRESH)) == 2


async def test_v_does_nothing_on_an_entry_that_is_not_sensitive(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(FRESH)
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert reveals(app, FRESH) == [] and FRESH_WORDS in detail_text(app)
        assert any("not sensitive" in n.message for n in app._notifications)


async def test_capital_s_marks_and_unmarks_and_u_undoes(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(FRESH)
        await settle(pilot)
        await pilot.press("S")
        await settle(pilot)
        assert FRESH in marks(app.store) and marks(app.store)[FRESH].marked_by == app.actor
        assert FRESH_WORDS not in table_text(app) and FRESH_WORDS not in detail_text(app)
        assert any("marked demo-02-fresh-discount sensitive" in n.message for n in app._notifications)
        await pilot.press("S")
        await settle(pilot)
        assert FRESH not in marks(app.store) and FRESH_WORDS in table_text(app)
        await pilot.press("u")
        await settle(pilot)
        assert FRESH in marks(app.store) and FRESH in app.sensitive
        assert FRESH_WORDS not in table_text(app)
        events = [e.action for e in app.store.events(FRESH) if e.action in ("sensitive", "not-sensitive")]
        assert events == ["sensitive", "not-sensitive"]


async def test_the_filter_never_finds_a_sensitive_entry_by_its_text(make_app):
    app = make_app()
    mark_sensitive(app.store, [FRESH], actor="ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_filter("apply_discount computed")
        await settle(pilot)
        assert FRESH not in [entry.id for entry in app.query_one(EntryTable).rows]
        app.set_filter("id:demo-02")
        await settle(pilot)
        assert [entry.id for entry in app.query_one(EntryTable).rows] == [FRESH]


async def test_an_entry_holding_a_redacted_secret_says_the_agents_file_still_has_it(make_app, tmp_path: Path):
    memory = tmp_path / "MEMORY.md"
    raw = f"The staging key is {AWS} until March."
    memory.write_text(f"- {raw}\n")
    app = make_app(entries=[], empty=True)
    redactor = Redactor.for_store(app.store)
    with app.store.transaction():
        text = redactor.redact(raw).text
        redactor.remember(app.store)
    app.store.apply([Entry("secret-1", text, type=EntryType.REFERENCE,
                           source=Source(agent="claude", file=str(memory)))], actor="import")
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(pilot)
        shown = detail_text(app)
        assert "secret-1" in app.sensitive and "⟦secret:" not in table_text(app) and "⟦secret:" not in shown
        assert "its text holds a redacted secret" in shown
        assert "still holds the secret until the next freeze writes the redacted text or leaves the entry out" \
            in " ".join(shown.split())
        await pilot.press("S")  # a person cannot unmark what the scanner made sensitive
        await settle(pilot)
        assert "secret-1" in app.sensitive
        assert any("stays sensitive" in n.message for n in app._notifications)


async def test_e_on_a_masked_entry_logs_a_reveal_before_the_editor_shows_it(make_app):
    from textual.widgets import TextArea

    app = make_app()
    mark_sensitive(app.store, [FRESH], actor="ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to(FRESH)
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert FRESH_WORDS in app.screen.query_one(TextArea).text
        assert [event.reason for event in reveals(app, FRESH)] == ["shown in the edit dialog"]


async def test_triage_masks_a_sensitive_entry_until_v(make_app, demo_checks):
    from textual.widgets import Static

    from memrev.tui.screens.triage import TriageScreen

    app = make_app()
    app.store.save_checks(demo_checks.values())
    python = "demo-07-python-version"  # contradicted by the repository: early in the queue
    mark_sensitive(app.store, [python], actor="ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TriageScreen)
        while screen.item is not None and screen.item.entry_id != python:
            await pilot.press("s")
            await settle(pilot)
        body = lambda: str(screen.query_one("#triage-body", Static).render())  # noqa: E731
        assert "The project requires" not in body() and "v reveals (logged)" in body()
        assert "v reveal" in str(screen.query_one("#triage-keys", Static).render())
        await pilot.press("v")
        await settle(pilot)
        assert "The project requires" in body() and [e.reason for e in reveals(app, python)] == ["shown in triage"]
        await pilot.press("s")
        await settle(pilot)
        assert screen.revealed is None
