"""Pilot tests of small terminals: at 80x24 everything is reachable, at 60x20 the essentials are."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from memrev.tui.widgets.entry_table import EntryTable
from memrev.tui.widgets.group_tree import GroupTree
from app_helpers import settle


def footer_actions(app) -> set[str]:
    """The actions whose keys the footer shows, wholly inside the screen."""
    width = app.size.width
    return {key.action for key in app.screen.query(FooterKey)
            if key.display and key.region.width and key.region.right <= width}


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_help_quit_filter_and_groups_stay_in_the_footer(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        shown = footer_actions(app)
        assert {"help", "quit", "focus_filter", "toggle_groups", "confirm", "revoke"} <= shown, shown
        review = str(app.query_one("#review-status", Static).render())
        assert "blocked" in review and "conflict(s) (c)" in review  # wrapped, never cut off


async def test_the_footer_of_a_wide_terminal_is_unchanged(make_app):
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        shown = footer_actions(app)
        assert {"freeze", "conflicts", "audit", "help", "quit"} <= shown and "toggle_groups" not in shown


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_a_group_can_be_chosen_on_a_small_terminal(make_app, demo_build, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        tree = app.query_one(GroupTree)
        assert not tree.display
        await pilot.press("b")
        await settle(pilot)
        assert tree.display and tree.has_focus
        await pilot.press("down", "down", "enter")  # By type, then its first group: feedback
        await settle(pilot)
        feedback = [entry.id for entry in demo_build.entries if entry.type.value == "feedback"]
        assert [entry.id for entry in app.query_one(EntryTable).rows] == feedback
        assert not tree.display and app.query_one(EntryTable).has_focus
        await pilot.press("b")
        await settle(pilot)
        assert tree.display and "feedback (" in "".join(str(leaf.label) for branch in tree.root.children
                                                        for leaf in branch.children)
        await pilot.press("b")
        await settle(pilot)
        assert not tree.display


async def test_the_table_keeps_the_short_columns_at_80_columns(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = app.query_one(EntryTable).render_line(0).text
        for label in ("STATUS", "VERDICT", "TYPE", "VERIFIED", "CONF", "TEXT"):
            assert label in header
