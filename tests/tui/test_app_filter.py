"""Pilot tests of the filter: what it cannot match is said under it, an empty result says why, counts follow it."""

from __future__ import annotations

from textual.widgets import Input, Static

from memrev.tui.widgets.entry_table import EntryTable
from memrev.tui.widgets.group_tree import GroupTree
from app_helpers import SIZE, settle


def note(app) -> str:
    """The line under the filter, or "" when it is hidden."""
    widget = app.query_one("#filter-note", Static)
    return str(widget.render()) if widget.display else ""


def labels(app) -> dict[str, str]:
    """Every sidebar leaf's label by its group value, and the root's under "root"."""
    tree = app.query_one(GroupTree)
    found = {"root": str(tree.root.label)}
    for branch in tree.root.children:
        for leaf in branch.children:
            found[f"{leaf.data.field}:{leaf.data.value}"] = str(leaf.label)
    return found


async def type_filter(pilot, text: str) -> None:
    """Replace the filter text as a person would type it."""
    pilot.app.query_one("#filter", Input).value = ""
    pilot.app.table.focus()
    await pilot.press("slash", *text)
    await settle(pilot)


async def test_an_unknown_field_is_named_under_the_filter(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert note(app) == ""
        await type_filter(pilot, "foo:bar")
        assert "unknown field foo:" in note(app) and "verdict" in note(app)
        assert "nothing shown" in note(app)


async def test_an_unknown_value_is_named_with_the_values_there_are(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_filter(pilot, "type:bogus")
        assert "no type is 'bogus'" in note(app) and "feedback" in note(app)
        await type_filter(pilot, "type:feed")
        assert note(app) == "" and app.query_one(EntryTable).rows


async def test_an_empty_result_says_which_part_leaves_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_filter(pilot, "make zzzqqq")
        assert not app.query_one(EntryTable).rows
        assert "no entry matches 'zzzqqq'" in note(app)
        await type_filter(pilot, "verdict:stale")
        assert "no verdicts yet" in note(app)


async def test_the_sidebar_counts_follow_the_filter_and_come_back(make_app, demo_build):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        total = len(demo_build.entries)
        users = sum(entry.type.value == "user" for entry in demo_build.entries)
        before = labels(app)
        assert before["root"] == f"All entries ({total})"
        await type_filter(pilot, "type:user")
        after = labels(app)
        assert after["root"] == f"Filtered: {users} of {total}"
        assert after["type:user"] == f"user ({users})" and after["type:feedback"] == "feedback (0)"
        app.query_one("#filter", Input).value = ""
        await settle(pilot)
        assert labels(app) == before
