"""Pilot tests of purging in the app: `P` opens a dialog with the preview (sensitive text masked), escape changes
nothing, typing `purge` purges the selection in a worker (status purged, text gone, logged with who and why), the
table, detail pane and notification follow, and a source the agent changed since the import is named as remaining."""

from __future__ import annotations

from pathlib import Path

from app_helpers import SIZE, detail_text, settle, table_text
from textual.widgets import Input, Static

from memrev.core.model import Status
from memrev.core.review.sensitive import mark_sensitive
from memrev.tui.screens.purge_dialog import PurgeDialog

FRESH = "demo-02-fresh-discount"
FRESH_WORDS = "Discounts are computed by"


def dialog_body(app) -> str:
    """The preview the purge dialog shows."""
    return str(app.screen.query_one("#purge-body", Static).render())


def notes(app) -> list[str]:
    """Every notification's text so far."""
    return [notification.message for notification in app._notifications]


async def open_dialog(pilot, *entry_ids: str) -> PurgeDialog:
    """Put the cursor on the first entry (marking them all when several), press P and wait for the preview."""
    app = pilot.app
    app.jump_to(entry_ids[0])
    await settle(pilot)
    if len(entry_ids) > 1:
        app.table.set_marks(set(entry_ids))
    await pilot.press("P")
    await settle(pilot)
    assert isinstance(app.screen, PurgeDialog)
    return app.screen


async def confirm(pilot, reason: str) -> None:
    """Type the reason, then the word `purge`, and wait for the purge to finish."""
    await pilot.press(*reason, "enter")  # enter in the reason box moves on to the confirmation
    await pilot.press(*"purge", "enter")
    await settle(pilot)
    await settle(pilot)


async def test_p_shows_the_preview_and_escape_changes_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_dialog(pilot, FRESH)
        body = dialog_body(app)
        assert "purge 1 entry for good" in body and FRESH in body and "in the agents' files" in body
        await pilot.press(*"keep it", "escape")
        await settle(pilot)
        assert not isinstance(app.screen, PurgeDialog)
        entry = app.store.get(FRESH)
        assert entry.status is Status.PENDING and FRESH_WORDS in entry.text
        assert [e.action for e in app.store.events(FRESH)] == ["import"]
        assert FRESH_WORDS in table_text(app) and FRESH_WORDS in detail_text(app)


async def test_enter_without_the_word_purge_does_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(pilot, FRESH)
        await pilot.press("enter", *"purg", "enter")
        await settle(pilot)
        assert app.screen is dialog and dialog.query_one("#purge-confirm", Input).has_focus
        assert "type exactly purge" in str(dialog.query_one("#purge-keys", Static).render())
        assert app.store.get(FRESH).status is Status.PENDING


async def test_typing_purge_purges_the_entry_and_the_app_shows_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_dialog(pilot, FRESH)
        await confirm(pilot, "a token in a note")
        assert not isinstance(app.screen, PurgeDialog)
        entry = app.store.get(FRESH)
        assert entry.status is Status.PURGED and entry.text == ""
        [event] = [e for e in app.store.events(FRESH) if e.action == "purge"]
        assert (event.actor, event.reason) == (app.actor, "a token in a note")
        assert app.table.current.id == FRESH and app.table.current.status is Status.PURGED
        assert FRESH_WORDS not in table_text(app) and FRESH_WORDS not in detail_text(app)
        assert "purged" in detail_text(app)
        assert any(n.startswith("purged 1 entry: cleared from the store") for n in notes(app))
        await pilot.press("v")  # nothing to reveal, nothing logged
        await settle(pilot)
        assert any("no text left to reveal" in n for n in notes(app))
        assert not [e for e in app.store.events(FRESH) if e.action == "reveal"]
        await pilot.press("P")  # a purged entry has nothing left to purge: no dialog
        await settle(pilot)
        assert not isinstance(app.screen, PurgeDialog) and any("already purged" in n for n in notes(app))


async def test_two_marked_entries_are_purged_together(make_app):
    app = make_app()
    other = "demo-01-fresh-tests"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(pilot, FRESH, other)
        assert "Purge 2 entries for good?" in str(dialog.query_one(".dialog-title", Static).render())
        assert "purge 2 entries for good" in dialog_body(app)
        await confirm(pilot, "both")
        assert {app.store.get(i).status for i in (FRESH, other)} == {Status.PURGED}
        assert app.table.marked == set()
        assert any(n.startswith("purged 2 entries") for n in notes(app))


async def test_a_sensitive_entrys_text_is_not_in_the_dialog(make_app):
    app = make_app()
    mark_sensitive(app.store, [FRESH], actor="ana", reason="pricing is confidential")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_dialog(pilot, FRESH)
        body = dialog_body(app)
        assert FRESH in body and "⟦sensitive" in body and "apply_discount" not in body


async def test_a_source_changed_since_the_import_remains_and_the_notification_warns(make_app, tmp_path: Path,
                                                                                     monkeypatch):
    from memrev.core.demo.builder import build_demo
    from memrev.core.sources.registry import discover_all
    from memrev.core.sources.sync import import_source

    build = build_demo(tmp_path / "native")
    monkeypatch.setenv("HOME", str(build.home))
    app = make_app(entries=[], empty=True)
    for ref in discover_all(cwd=build.repo, home=build.home, env={}):
        import_source(app.store, ref, actor="test")
    entry = next(e for e in app.store.entries() if e.source.agent == "hermes" and "DEPLOY_TOKEN" in e.text)
    hermes = Path(entry.source.file)
    hermes.write_text(hermes.read_text(encoding="utf-8") + "\n§\nWritten by the agent since.", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_dialog(pilot, entry.id)
        assert "changed since memrev imported it" in dialog_body(app)
        await confirm(pilot, "a token")
        assert app.store.get(entry.id).status is Status.PURGED and "DEPLOY_TOKEN" in hermes.read_text()
        [warning] = [n for n in app._notifications if n.severity == "warning"]
        assert "some of the text remains on disk" in warning.message
        assert f"remains on disk: {hermes}" in warning.message
