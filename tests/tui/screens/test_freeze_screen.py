"""The freeze screen on the demo's native sources: every source previewed as its agent loads it, the refusal while
entries need a person, a freeze written with the unreviewed held out, its history, and a byte-exact rollback."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Footer, OptionList, Static

from memrev.core.demo.builder import build_demo
from memrev.core.freeze.policy import Unreviewed
from memrev.core.sources.registry import discover_all
from memrev.core.sources.sync import import_source
from memrev.tui.screens.dialogs import ConfirmDialog
from memrev.tui.screens.freeze import FreezeHistoryScreen, FreezeScreen
from app_helpers import SIZE, settle

KINDS = ["agents-md", "claude-md", "claude", "codex", "hermes", "openclaw"]


@pytest.fixture
def native_app(make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The review app on the demo's entries plus its native Claude, Codex, Hermes and OpenClaw sources, imported
    from a demo built for this test alone (a freeze writes its files)."""
    build = build_demo(tmp_path / "native")
    monkeypatch.setenv("HOME", str(build.home))
    app = make_app()
    for ref in discover_all(cwd=build.repo, home=build.home, env={}):
        import_source(app.store, ref, actor="test")
    return app


def rendered(widget) -> str:
    """Every line a widget draws (a scrolled widget's whole content), as plain text."""
    return "\n".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))


def flat(text: str) -> str:
    """Text with its line wrapping undone, for phrases a narrow widget breaks over lines."""
    return " ".join(text.split())


async def open_freeze(app, pilot) -> FreezeScreen:
    """Press F on the main screen and wait for the preview."""
    await settle(pilot)
    await pilot.press("F")
    await settle(pilot)
    await settle(pilot)
    assert isinstance(app.screen, FreezeScreen) and app.screen.plan is not None
    return app.screen


async def press(pilot, *keys: str) -> None:
    """Press keys, letting the workers and the screen settle after each."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
        await settle(pilot)


async def show_kind(screen: FreezeScreen, pilot, kind: str) -> None:
    """Move the sidebar's cursor to the source of one kind."""
    kinds = [source.ref.kind for source in screen.plan.sources]
    screen.query_one(OptionList).focus()
    await press(pilot, "home", *["down"] * kinds.index(kind))
    assert screen.source is not None and screen.source.ref.kind == kind


def status(screen) -> str:
    """The freeze screen's status line."""
    return flat(str(screen.query_one("#freeze-status", Static).render()))


def body(screen) -> str:
    """What the freeze screen shows of the selected source."""
    return rendered(screen.query_one("#freeze-source", Static))


def messages(app) -> list[str]:
    """Every notification the app raised."""
    return [notification.message for notification in app._notifications]


async def test_every_source_is_listed_and_the_freeze_waits_for_a_person(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        assert [source.ref.kind for source in screen.plan.sources] == KINDS
        sidebar = rendered(screen.query_one(OptionList))
        assert all(kind in sidebar for kind in KINDS)
        waiting = len(screen.plan.needs_person)
        assert waiting >= 1  # the demo's open conflicts (uv or pip?) reach its native sources
        assert f"{waiting} entries need a person: the freeze is refused until they are decided" in status(screen)
        assert "k keep them as written · h hold them out" in status(screen)
        changing = {source.ref.kind for source in screen.plan.changed}
        assert all(("● " + kind in sidebar) == (kind in changing) for kind in KINDS)
        await press(pilot, "w")  # refused at once: nothing asked, nothing written
        assert app.screen is screen
        await press(pilot, "F", "c", "t")  # the main screen's keys are off here
        assert app.screen is screen
        assert any("entries need a person first" in message for message in messages(app))


async def test_hermes_shows_its_blocks_as_hermes_prints_them(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await show_kind(screen, pilot, "hermes")
        shown = body(screen)
        assert "MEMORY (your personal notes) [" in shown
        assert "USER PROFILE (who the user is) [" in shown
        assert "~/.hermes/memories" in shown and "MEMORY.md" in shown
        assert "102/2,200 chars" in shown  # the cap as a bar with its numbers
        assert "chars · " in shown and "lines · " in shown and "bytes · ~" in shown and "tokens" in shown
        await show_kind(screen, pilot, "claude")
        on_demand = flat(body(screen)).split("read only on demand: ", 1)[1]
        assert "feedback_testing.md" in on_demand and "feedback_release_tags.md" in on_demand


async def test_keep_and_hold_switch_the_policy_and_back(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await press(pilot, "k")
        assert screen.plan.unreviewed is Unreviewed.KEEP and not screen.plan.needs_person
        assert status(screen).startswith("ready: ") and "kept as the agent wrote them" in status(screen)
        await press(pilot, "h")
        assert screen.plan.unreviewed is Unreviewed.HOLD
        files = sum(len(source.changed) for source in screen.plan.changed)
        assert f"ready: {files} files in {len(screen.plan.changed)} sources will change" in status(screen)
        await press(pilot, "h")
        assert screen.plan.unreviewed is Unreviewed.REFUSE and "need a person" in status(screen)


async def test_d_switches_to_the_diff_against_the_files_on_disk(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await press(pilot, "h")
        await show_kind(screen, pilot, "agents-md")
        assert "--- AGENTS.md (now)" not in body(screen)
        await press(pilot, "d")
        shown = body(screen)
        assert "--- AGENTS.md (now)" in shown and "+++ AGENTS.md (frozen)" in shown and "\n-" in shown
        await show_kind(screen, pilot, "hermes")
        assert "no change: the files already hold this snapshot" in body(screen)
        await press(pilot, "d")
        assert "MEMORY (your personal notes) [" in body(screen)


async def test_a_freeze_is_written_listed_and_rolled_back_byte_for_byte(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await press(pilot, "h")
        planned = {path: source.after[path] for source in screen.plan.changed for path in source.changed}
        original = {path: path.read_bytes() for path in planned}
        assert planned and all(planned[path] != original[path] for path in planned)
        await press(pilot, "w")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "y")
        assert isinstance(app.screen, FreezeScreen)
        assert {path: path.read_bytes() for path in planned} == planned
        assert f"froze #1: {len(planned)} files" in messages(app)
        assert not screen.plan.changed  # previewed again: the files now hold the snapshot

        await press(pilot, "H")
        history = app.screen
        assert isinstance(history, FreezeHistoryScreen)
        table = history.query_one(DataTable)
        assert table.row_count == 1 and table.get_row_at(0)[0] == "#1"
        files = flat(rendered(history.query_one("#history-files", Static)))
        assert "#1 freeze" in files and "--- agents-md: AGENTS.md (before)" in files

        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "y")
        assert {path: path.read_bytes() for path in planned} == original
        assert table.row_count == 2 and table.get_row_at(0)[2] == "rollback of #1"
        await press(pilot, "b", "y")  # #1 again: its files already hold what they held before
        assert any("nothing to roll back" in message for message in messages(app))
        assert table.row_count == 2

        await press(pilot, "escape")
        assert app.screen is screen and screen.plan.changed  # previewed again after the rollback
        await press(pilot, "escape")
        assert not isinstance(app.screen, FreezeScreen)


async def test_a_file_the_agent_wrote_after_the_preview_refuses_the_freeze(native_app) -> None:
    app = native_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await press(pilot, "h")
        target = screen.plan.changed[0].changed[0]
        target.write_bytes(target.read_bytes() + b"\n- written by the agent meanwhile\n")
        agent_wrote = target.read_bytes()
        await press(pilot, "w", "y")
        assert isinstance(app.screen, FreezeScreen)
        assert target.read_bytes() == agent_wrote
        assert any("changed since the preview" in message for message in messages(app))
        await press(pilot, "H")
        assert app.screen.query_one(DataTable).row_count == 0
        assert "no freeze yet" in str(app.screen.query_one("#history-status", Static).render())


async def test_the_screen_fits_80_by_24(native_app) -> None:
    app = native_app
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_freeze(app, pilot)
        await show_kind(screen, pilot, "hermes")
        whole = screen.region
        for widget in (screen.query_one("#freeze-status"), screen.query_one(OptionList),
                       screen.query_one("#freeze-body"), screen.query_one(Footer)):
            assert widget.region.area and whole.contains_region(widget.region), widget
        assert "refused until they are decided" in flat(rendered(screen.query_one("#freeze-status", Static)))
        assert "h hold them out" in flat(rendered(screen.query_one("#freeze-status", Static)))
        sidebar = screen.query_one(OptionList)
        assert sidebar.max_scroll_y == 0 and all(kind in rendered(sidebar) for kind in KINDS)
        assert screen.query_one("#freeze-body").size.width >= 50
        assert "MEMORY (your personal notes) [" in body(screen)
        keys = {key.description: key for key in screen.query_one(Footer).children if hasattr(key, "description")}
        for name in ("Write", "Keep", "Hold", "Diff/text", "History", "Back"):
            assert whole.contains_region(keys[name].region), name
        await press(pilot, "h", "w", "y", "H")
        history = app.screen
        assert isinstance(history, FreezeHistoryScreen)
        assert whole.contains_region(history.query_one("#history-body").region)
        assert "#1 freeze" in rendered(history.query_one("#history-files", Static))


async def test_a_source_the_agent_wrote_since_the_import_is_marked_and_blocks_the_freeze(native_app) -> None:
    app = native_app
    memory = Path.home() / ".hermes" / "memories" / "MEMORY.md"  # the demo's home (see native_app)
    memory.write_bytes(memory.read_bytes() + "\n§\nWritten by Hermes after the import.".encode())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        await press(pilot, "h")
        assert "✗ 1 source cannot be written (marked ✗)" in status(screen)
        assert "✗ hermes" in rendered(screen.query_one(OptionList))
        await show_kind(screen, pilot, "hermes")
        assert "✗ cannot be written: " in body(screen)
        await press(pilot, "w")
        assert app.screen is screen and any(message.startswith("hermes:") for message in messages(app))


async def test_without_an_imported_source_the_screen_says_how_to_get_one(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_freeze(app, pilot)
        assert status(screen) == "no imported agent source to freeze (run `memrev import` first)"
        assert screen.query_one(OptionList).option_count == 0
        await press(pilot, "d", "w")
        assert app.screen is screen
