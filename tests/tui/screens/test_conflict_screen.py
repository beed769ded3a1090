"""The conflict view: counts on the main screen, both sides next to each other, and resolutions that revoke the right entry."""

from __future__ import annotations

from textual.widgets import Static

from memrev.core.model import Entry, LinkKind, Status
from memrev.tui.screens.conflicts import ConflictScreen
from app_helpers import SIZE, settle


def counter(app) -> str:
    """The conflict view's counter line."""
    return str(app.screen.query_one("#conflict-counter", Static).render())


async def go_to(app, pilot, subject: str) -> None:
    """Step through conflicts until one about `subject` is on screen."""
    for _ in range(len(app.screen.conflicts)):
        if subject in counter(app):
            return
        await pilot.press("n")
        await settle(pilot)
    raise AssertionError(f"no conflict about {subject}: {counter(app)}")


async def test_main_screen_counts_and_keep_one_revokes_the_other_side(make_app, demo_build) -> None:
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        review = str(app.query_one("#review-status", Static).render())
        assert f"{len(app.conflicts)} conflict(s)" in review and len(app.conflicts) >= 2
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ConflictScreen)
        await go_to(app, pilot, "package-manager")
        left = str(app.screen.query_one("#side-0", Static).render())
        right = str(app.screen.query_one("#side-1", Static).render())
        assert "demo-06" in left and "demo-10" in right and "demo-11" in right
        await pilot.press("1")  # keep demo-06 (uv): demo-11 (pip) contradicts it, demo-10 agrees
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await settle(pilot)
    store = app.store.reader()
    pip = store.get("demo-11-conflict-pip")
    assert pip.status is Status.REVOKED
    assert [(link.kind, link.target) for link in pip.links] == [(LinkKind.REVOKED_BY, "demo-06-changed-deploy-doc")]
    assert store.get("demo-10-conflict-uv").status is Status.ACTIVE
    assert any(event.action == "revoke" for event in store.events("demo-11-conflict-pip"))


async def test_a_correction_typed_in_the_view_revokes_every_side(make_app, demo_build) -> None:
    app = make_app(repo=demo_build.repo)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        await go_to(app, pilot, "python-version")
        await pilot.press("c")
        await settle(pilot)
        await pilot.press(*"The project requires Python 3.12 or newer.")
        await pilot.press("enter")
        await settle(pilot)
        remaining = len(app.screen.conflicts)
        await pilot.press("escape")
        await settle(pilot)
        await settle(pilot)
        written = [e.id for e in app.index.entries if e.text == "The project requires Python 3.12 or newer."]
        assert written and written[0] in app.table.checks  # the correction written here is checked too
    store = app.store.reader()
    corrections = [e for e in store.entries() if e.text == "The project requires Python 3.12 or newer."]
    assert len(corrections) == 1 and corrections[0].status is Status.CONFIRMED
    old = store.get("demo-07-python-version")
    assert old.status is Status.REVOKED and old.links[0].target == corrections[0].id
    assert remaining < len(app.conflicts) + 1


async def test_every_side_of_a_six_sided_conflict_is_shown_and_can_be_kept(make_app) -> None:
    entries = [Entry(id=f"s{index}", text=f"The service requires Python 3.{minor}.")
               for index, minor in enumerate((8, 9, 10, 11, 12, 13), start=1)]
    app = make_app(entries)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        [conflict] = app.conflicts
        assert len(conflict.sides) == 6
        await pilot.press("c")
        await settle(pilot)
        right = str(app.screen.query_one("#side-1", Static).render())
        assert all(f"[{number}]" in right for number in range(2, 7)) and "s6" in right
        await pilot.press("6")
        await settle(pilot)
    store = app.store.reader()
    assert store.get("s6").status is Status.PENDING
    assert all(store.get(f"s{number}").status is Status.REVOKED for number in range(1, 6))
