"""The recall box (`l`): what an agent would retrieve for a query, gated or raw, in the project the app shows."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from memrev.tui.screens.recall import RecallScreen
from app_helpers import SIZE, settle


def shown_ids(screen: RecallScreen) -> list[str]:
    """The ids of the results in the table, best first."""
    table = screen.query_one("#recall-results", DataTable)
    return [str(table.get_row_at(index)[3]) for index in range(table.row_count)]


async def ask(pilot, query: str) -> RecallScreen:
    """Open the recall box, type a query and wait for the results."""
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    await pilot.press(*query, "enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RecallScreen)
    return screen


async def test_gated_recall_keeps_the_revoked_rule_out_and_raw_brings_it_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask(pilot, "deploy on fridays")
        gated = shown_ids(screen)
        assert gated[0] == "demo-13-correction-no-friday"
        assert "demo-12-revoked-friday-deploy" not in gated
        why = str(screen.query_one("#recall-why", Static).render())
        assert "not checked against the repository" in why  # no repository here: every result says so
        await pilot.press("ctrl+t")
        await settle(pilot)
        raw = shown_ids(screen)
        assert "demo-12-revoked-friday-deploy" in raw and not screen.gated
        assert "raw" in str(screen.query_one("#recall-status", Static).render())
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RecallScreen)


async def test_recall_follows_the_project_the_app_shows(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_filter("project:billing")
        await settle(pilot)
        screen = await ask(pilot, "dependencies")
        assert screen.project == "billing-service"
        assert "project billing-service" in str(screen.query_one("#recall-status", Static).render())
        ids = shown_ids(screen)
        assert "demo-09-cross-project-billing" in ids
        assert not [i for i in ids if i in ("demo-10-conflict-uv", "demo-11-conflict-pip")]  # the shop's own


async def test_an_empty_query_is_refused_and_nothing_is_recalled(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask(pilot, "   ")
        assert shown_ids(screen) == [] and screen.asked == ""


def checked(make_app, demo_checks):
    """An app on the demo as `memrev demo` leaves it (screened by the scanner) with the demo's checks stored."""
    from memrev.core.scan.gate import screen_entries

    app = make_app()
    screen_entries(app.store, [entry.id for entry in app.store.entries()], source="import demo", actor="demo")
    app.store.save_checks(demo_checks.values())
    return app


async def test_a_stale_result_comes_with_its_evidence_and_blocked_entries_never_come(make_app, demo_checks) -> None:
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask(pilot, "legacy discount coupons")
        ids = shown_ids(screen)
        assert "demo-04-stale-legacy-discount" in ids
        assert not [i for i in ids if "malicious" in i]  # the scanner blocked them: the gate keeps them out
        why = str(screen.query_one("#recall-why", Static).render())
        assert "demo-04-stale-legacy-discount: stale" in why and "legacy_discount" in why
        table = screen.query_one("#recall-results", DataTable)
        row = table.get_row_at(ids.index("demo-04-stale-legacy-discount"))
        assert str(row[4]) == "stale"


def test_recall_box_snapshot(snap_compare, make_app, demo_checks) -> None:
    app = checked(make_app, demo_checks)

    async def run_before(pilot) -> None:
        await ask(pilot, "legacy discount coupons")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_a_sensitive_result_shows_its_size_not_its_text(make_app) -> None:
    from memrev.core.review.sensitive import mark_sensitive

    app = make_app()
    mark_sensitive(app.store, ["demo-13-correction-no-friday"], actor="ana", reason="a person's note")
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask(pilot, "deploy on fridays")
        ids = shown_ids(screen)
        assert ids[0] == "demo-13-correction-no-friday"
        shown = str(screen.query_one("#recall-results", DataTable).get_row_at(0)[6])
        assert "Fridays" not in shown and "Never" not in shown
