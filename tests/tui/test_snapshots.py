"""Snapshot tests of the review app's screens on the demo data (fixed size, frozen clock, no blink)."""

from __future__ import annotations

from app_helpers import SIZE, settle


def test_main_screen_with_demo_entries(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=settle)


def test_filtered_by_words(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("slash", *"deploy")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_detail_marks_hidden_characters(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.jump_to("demo-15-malicious-invisible")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_empty_store(snap_compare, make_app):
    assert snap_compare(make_app(empty=True), terminal_size=SIZE, run_before=settle)


def test_help_screen(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_narrow_terminal(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=settle)


def test_verdicts_against_the_demo_repository(snap_compare, make_app, demo_build):
    assert snap_compare(make_app(repo=demo_build.repo), terminal_size=SIZE, run_before=settle)


def test_detail_shows_the_evidence_of_a_stale_entry(snap_compare, make_app, demo_build):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.jump_to("demo-04-stale-legacy-discount")
        await settle(pilot)

    assert snap_compare(make_app(repo=demo_build.repo), terminal_size=SIZE, run_before=run_before)


def test_conflict_view_side_by_side(snap_compare, make_app, demo_build):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)

    assert snap_compare(make_app(repo=demo_build.repo), terminal_size=SIZE, run_before=run_before)


def test_freeze_preview_of_the_hermes_source(snap_compare, make_app, tmp_path, monkeypatch):
    from memrev.core.demo.builder import build_demo
    from memrev.core.sources.registry import discover_all
    from memrev.core.sources.sync import import_source

    build = build_demo(tmp_path / "native")
    monkeypatch.setenv("HOME", str(build.home))  # the source's folder shows as ~/.hermes/memories, not a tmp path
    app = make_app()
    for ref in discover_all(cwd=build.repo, home=build.home, env={}):
        import_source(app.store, ref, actor="test")

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("F")
        await settle(pilot)
        await settle(pilot)
        await pilot.press("down", "down", "down", "down")  # agents-md, claude-md, claude, codex, then hermes
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_sensitive_entry_is_masked_in_the_table_and_the_detail_pane(snap_compare, make_app):
    from memrev.core.review.sensitive import mark_sensitive

    app = make_app()
    mark_sensitive(app.store, ["demo-02-fresh-discount", "demo-07-python-version"], actor="ana",
                   reason="pricing is confidential")

    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.jump_to("demo-02-fresh-discount")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_purge_dialog_with_its_preview(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.jump_to("demo-02-fresh-discount")
        await settle(pilot)
        await pilot.press("P")
        await settle(pilot)
        await pilot.press(*"a token in a note")

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_narrow_terminal_with_the_sidebar_open(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("b", "down", "down")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


def test_narrow_terminal_filtered_to_a_group(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("b", "down", "down", "enter")  # By type, then its first group: feedback
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


def test_small_terminal(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(60, 20), run_before=settle)
