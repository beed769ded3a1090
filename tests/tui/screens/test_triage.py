"""The triage screen on the demo: riskiest first, one key per decision, undo steps back, a summary at the end, and
every decision in the audit log."""

from __future__ import annotations

from app_helpers import SIZE, settle
from textual.widgets import Static

from memrev.core.model import Status
from memrev.core.review.triage import Need
from memrev.core.scan.gate import screen_entries
from memrev.tui.screens.dialogs import ConfirmDialog, ReasonDialog
from memrev.tui.screens.triage import TriageScreen


def checked(make_app, demo_checks, **kwargs):
    """An app on the demo as `memrev demo` leaves it (screened by the scanner) with the demo's checks stored."""
    app = make_app(**kwargs)
    screen_entries(app.store, [entry.id for entry in app.store.entries()], source="import demo", actor="demo")
    app.store.save_checks(demo_checks.values())
    return app


def screen_text(app, selector: str) -> str:
    """What one Static of the triage screen shows."""
    return str(app.screen.query_one(selector, Static).render())


async def open_triage(app, pilot) -> TriageScreen:
    """Press t on the main screen and wait for the queue."""
    await settle(pilot)
    await pilot.press("t")
    await settle(pilot)
    await settle(pilot)
    assert isinstance(app.screen, TriageScreen)
    return app.screen


async def answer(pilot, *keys: str) -> None:
    """Press keys and let the screen settle after each."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def test_the_queue_starts_with_blocked_writes_and_walks_riskiest_first(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        needs = [item.need for item in screen.session.items]
        assert needs == sorted(needs, key=list(Need).index) and needs[0] is Need.BLOCKED
        assert screen_text(app, "#triage-counter").startswith(f"1/{len(needs)} · blocked")
        assert "y release" in screen_text(app, "#triage-keys")
        entry_ids = {item.entry_id for item in screen.session.items}
        assert "demo-13-correction-no-friday" not in entry_ids  # confirmed and unchanged since: not asked again
        assert "demo-12-revoked-friday-deploy" not in entry_ids  # a tombstone


async def test_a_new_user_goes_through_the_demo_queue(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        session = screen.session
        while session.current is not None:
            item = session.current
            if item.need is Need.BLOCKED:
                await answer(pilot, "n")  # keep every blocked write blocked: a threat
            elif item.entry_id == "demo-03-stale-renamed-utils":
                await answer(pilot, "f")
                assert isinstance(app.screen, ConfirmDialog)
                await answer(pilot, "y")  # the renamed path, fixed with one key and a look at the diff
            elif item.entry_id == "demo-11-conflict-pip":
                await answer(pilot, "n")
                assert isinstance(app.screen, ReasonDialog)
                await pilot.press(*"we use uv")
                await answer(pilot, "enter")
            elif item.need is Need.UNCONFIRMED:
                await answer(pilot, "y")
            else:
                await answer(pilot, "s")
        summary = screen_text(app, "#triage-why")
        assert "fixed" in summary and "revoked" in summary and "confirmed" in summary and "kept blocked" in summary
        assert "src/shop/helpers.py" in app.store.get("demo-03-stale-renamed-utils").text
        assert app.store.get("demo-11-conflict-pip").status is Status.REVOKED
        assert app.store.get("demo-02-fresh-discount").status is Status.CONFIRMED
        assert app.store.get("demo-14-malicious-injection").status is Status.BLOCKED
        await answer(pilot, "u")  # undo the last decision: the confirmation of demo-02
        assert app.store.get("demo-02-fresh-discount").status is Status.PENDING
        assert session.current is not None and session.current.entry_id == "demo-02-fresh-discount"
        actions = [event.action for event in app.store.events()]
        assert {"fix", "revoke", "confirm", "undo", "rejection:threat"} <= set(actions)


async def test_y_on_a_blocked_write_releases_it_and_u_blocks_it_again(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        blocked = screen.session.current.entry_id
        await answer(pilot, "y")
        assert app.store.get(blocked).status is Status.PENDING
        assert screen.session.counter.startswith("2/")
        await answer(pilot, "u")
        assert app.store.get(blocked).status is Status.BLOCKED
        assert screen.session.current.entry_id == blocked


async def test_confirming_a_stale_item_asks_first(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        while screen.session.current.need is Need.BLOCKED:
            await answer(pilot, "s")
        stale = screen.session.current.entry_id
        await answer(pilot, "y")
        assert isinstance(app.screen, ConfirmDialog)
        await answer(pilot, "n")
        assert app.store.get(stale).status is Status.PENDING and screen.session.current.entry_id == stale
        await answer(pilot, "y", "y")
        assert app.store.get(stale).status is Status.CONFIRMED
        assert "despite a stale check" in app.store.get(stale).confidence_reason


async def test_a_conflict_item_is_settled_by_keeping_a_side(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        while screen.session.current is not None and screen.session.current.conflict is None:
            await answer(pilot, "s")
        item = screen.session.current
        assert item is not None and "1–9 keep" in screen_text(app, "#triage-keys")
        await answer(pilot, "y")  # not an entry: says what to do instead
        assert screen.session.current is item
        await answer(pilot, "1")
        assert screen.session.outcomes[item.key] == "kept side 1"


async def test_q_returns_to_the_main_screen_and_the_rows_show_the_decisions(make_app, demo_checks):
    app = checked(make_app, demo_checks)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_triage(app, pilot)
        first = screen.session.current.entry_id
        await answer(pilot, "n")  # keep it blocked
        await answer(pilot, "q")
        assert not isinstance(app.screen, TriageScreen)
        await settle(pilot)
        assert app.store.get(first).status is Status.BLOCKED
        assert "0 blocked write(s) to audit" not in str(app.query_one("#review-status", Static).render())


def test_triage_screen_snapshot(snap_compare, make_app, demo_checks):
    app = checked(make_app, demo_checks)

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        await settle(pilot)
        for _ in range(4):  # past the blocked writes, to the contradicted Python version with its fix
            await pilot.press("s")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_confirm_dialog_snapshot(snap_compare, make_app, demo_checks):
    app = checked(make_app, demo_checks)

    async def run_before(pilot) -> None:
        await settle(pilot)
        for entry_id in ("demo-02-fresh-discount", "demo-03-stale-renamed-utils"):
            app.jump_to(entry_id)
            await settle(pilot)
            await pilot.press("space")
        await pilot.press("y")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
