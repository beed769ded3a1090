"""Pilot tests of the review app: grouping, filtering, the detail pane, hidden characters, help and quit."""

from __future__ import annotations

from collections import Counter

from textual.widgets import Input, Static

from memrev.core.model import Entry, EntryType, Scope, ScopeKind
from memrev.tui.messages import DetailLoaded, EntriesLoaded
from memrev.tui.widgets.entry_detail import EntryDetail
from memrev.tui.widgets.entry_table import EntryTable
from memrev.tui.widgets.group_tree import GroupTree
from app_helpers import SIZE, settle, table_text, detail_text

async def test_loads_every_entry_and_groups_by_type_and_scope(make_app, demo_build):
    seen: list = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await settle(pilot)
        assert len([m for m in seen if isinstance(m, EntriesLoaded)]) == 1
        assert len(app.query_one(EntryTable).rows) == len(demo_build.entries)
        tree = app.query_one(GroupTree)
        labels = {str(node.label) for node in tree.root.children[0].children}
        by_type = Counter(entry.type.value for entry in demo_build.entries)
        assert labels == {f"{name} ({count})" for name, count in by_type.items()}
        scope_labels = {str(node.label) for node in tree.root.children[1].children}
        by_scope = Counter(entry.scope.label for entry in demo_build.entries)
        assert scope_labels == {f"{name} ({count})" for name, count in by_scope.items()}
        assert app.sub_title == f"{len(demo_build.entries)} of {len(demo_build.entries)} entries"


async def test_choosing_a_group_narrows_the_table(make_app, demo_build):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tree = app.query_one(GroupTree)
        feedback = next(node for node in tree.root.children[0].children if str(node.label).startswith("feedback"))
        tree.select_node(feedback)
        await settle(pilot)
        rows = app.query_one(EntryTable).rows
        assert rows and all(entry.type is EntryType.FEEDBACK for entry in rows)
        assert len(rows) == sum(1 for e in demo_build.entries if e.type is EntryType.FEEDBACK)
        tree.select_node(tree.root)
        await settle(pilot)
        assert len(app.query_one(EntryTable).rows) == len(demo_build.entries)


async def test_slash_filters_by_words_and_fields_and_escape_clears(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        assert app.query_one("#filter", Input).has_focus
        await pilot.press(*"legacy")
        await pilot.pause()
        ids = {entry.id for entry in app.query_one(EntryTable).rows}
        assert ids == {"demo-04-stale-legacy-discount", "demo-05-stale-legacy-format"}
        assert "legacy" in table_text(app).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.query_one("#filter", Input).value == ""
        await pilot.press(*"status:revoked")
        await pilot.pause()
        assert [entry.id for entry in app.query_one(EntryTable).rows] == ["demo-12-revoked-friday-deploy"]
        await pilot.press("enter")
        assert app.query_one(EntryTable).has_focus


async def test_detail_pane_shows_full_text_provenance_and_revisions(make_app, demo_build):
    seen: list = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await settle(pilot)
        app.jump_to("demo-03-stale-renamed-utils")
        await settle(pilot)
        entry = next(e for e in demo_build.entries if e.id == "demo-03-stale-renamed-utils")
        assert any(isinstance(m, DetailLoaded) and m.entry.id == entry.id for m in seen)
        shown = detail_text(app)
        assert entry.text.splitlines()[0][:40] in shown
        assert entry.provenance.commit[:12] in shown
        assert entry.provenance.session in shown
        assert "written" in shown and "verified" in shown
        assert "v1" in shown  # the revision history


async def test_hidden_characters_are_marked_never_raw(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.jump_to("demo-15-malicious-invisible")
        await settle(pilot)
        assert "⟨U+200B⟩" in table_text(app)
        shown = detail_text(app)
        assert "⟨U+200B⟩" in shown and "ZERO WIDTH SPACE" in shown
        assert "⟨U+E00" in shown  # tag characters are named too
        everything = table_text(app) + shown
        assert "\u200b" not in everything
        assert not any(0xE0000 <= ord(char) <= 0xE007F for char in everything)


async def test_an_empty_store_says_how_to_start(make_app):
    app = make_app(empty=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        empty = app.query_one("#empty", Static)
        assert empty.display
        assert "memrev demo" in str(empty.render())
        assert not app.query_one(EntryTable).display


async def test_help_opens_and_closes(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ != "HelpScreen"


async def test_palette_jumps_to_an_entry(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"billing poetry")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        assert app.query_one(EntryTable).current.id == "demo-09-cross-project-billing"


async def test_keys_move_the_cursor_and_the_detail_follows(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        first = table.current
        await pilot.press("down")
        await settle(pilot)
        assert table.cursor_row == 1
        assert app.query_one(EntryDetail).entry == table.rows[1] != first
        await pilot.press("end")
        assert table.cursor_row == len(table.rows) - 1
        await pilot.press("home")
        assert table.cursor_row == 0


async def test_q_quits_cleanly(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_ten_thousand_entries_stay_navigable_and_filterable(make_app):
    entries = [
        Entry(id=f"bulk-{i:05d}", text=f"note {i} about module_{i % 97}.py and make target t{i % 13}",
              type=list(EntryType)[i % 5], scope=Scope(ScopeKind.TEAM if i % 2 else ScopeKind.PRIVATE))
        for i in range(10_000)
    ]
    app = make_app(entries)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert len(table.rows) == 10_000
        await pilot.press("pagedown", "pagedown", "end")
        assert table.current.id == table.rows[-1].id
        await pilot.press("slash", *"module_5.py")
        await pilot.pause()
        assert len(table.rows) == sum(1 for e in entries if "module_5.py" in e.text)
        assert all("module_5.py" in e.text for e in table.rows)
