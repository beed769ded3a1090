"""Pilot tests of entry attributes in the app: the detail pane shows them with what they mean beside the other
memories (pinned count, where a link leads, a link to nothing), and the filter narrows by them."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.widgets.entry_table import EntryTable
from app_helpers import SIZE, detail_text, settle
from test_app_filter import note, type_filter


def _topic(memdir: Path, name: str, body: str, *, pinned: bool = False, nested: bool = False) -> None:
    """One Claude topic file, its type top-level or under `metadata:`."""
    kind = "metadata:\n  type: project\n" + ("  pinned: true\n" if pinned else "") if nested else \
        "type: project\n" + ("pinned: true\n" if pinned else "")
    (memdir / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {name}\n{kind}---\n{body}\n",
                                       encoding="utf-8")


def _imported(tmp_path: Path, pinned: int) -> list:
    """The entries of a real Claude memory folder and OpenClaw workspace, imported into a store."""
    memdir = tmp_path / "proj" / "memory"
    memdir.mkdir(parents=True)
    _topic(memdir, "deploy", "Deploys go out from main after the smoke test; see [[rollback]] and [[runbook-v1]].",
           pinned=True, nested=True)
    _topic(memdir, "rollback", "Roll back with the previous image tag.")
    for number in range(pinned - 1):
        _topic(memdir, f"pin{number}", f"Rule number {number} holds.", pinned=True)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "MEMORY.md").write_text(
        "# Notes\n\n"
        "- Staging deploys need the VPN. <!-- trigger: deploy, staging --> <!-- importance: 8 -->\n"
        "- Lunch orders go in the kitchen channel. <!-- importance: 2 -->\n"
        "- Billing invoices are numbered per year. <!-- project: billing -->\n", encoding="utf-8")
    with MemoryStore(tmp_path / "import.db") as store:
        import_source(store, SourceRef("claude", memdir), actor="t")
        import_source(store, SourceRef("openclaw", workspace), actor="t")
        return store.entries()


async def _select(pilot, words: str) -> None:
    """Filter down to the one entry with these words and highlight it."""
    await type_filter(pilot, words)
    assert len(pilot.app.query_one(EntryTable).rows) == 1, words
    pilot.app.table.focus()
    await settle(pilot)


async def test_the_detail_pane_shows_pinned_count_and_where_links_lead(make_app, tmp_path):
    app = make_app(_imported(tmp_path, pinned=3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _select(pilot, "smoke test")
        shown = detail_text(app)
        assert "attributes" in shown
        assert "pinned  yes · 3 of 4 pinned in this folder" in shown
        assert "[[rollback]] → m-" in shown and "rollback.md" in shown
        assert "[[runbook-v1]] leads to no memory in this folder" in shown
        assert shown.index("pinned  yes") < shown.index("link  [[rollback]]")  # a reading order, not by name
        await _select(pilot, "staging vpn")
        shown = detail_text(app)
        assert "trigger  deploy, staging" in shown and "importance  8" in shown


async def test_more_than_four_pinned_is_a_finding_in_the_detail_pane(make_app, tmp_path):
    app = make_app(_imported(tmp_path, pinned=5))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _select(pilot, "smoke test")
        assert "5 pinned in this folder, over the 4 Claude Code loads" in detail_text(app)


async def test_the_filter_narrows_by_attributes(make_app, tmp_path):
    entries = _imported(tmp_path, pinned=2)
    app = make_app(entries)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        async def shown(text: str) -> set[str]:
            await type_filter(pilot, text)
            return {row.first_line.split(".")[0] for row in app.query_one(EntryTable).rows}

        assert await shown("pinned") == {"Deploys go out from main after the smoke test; see [[rollback]] and "
                                         "[[runbook-v1]]", "Rule number 0 holds"}
        assert await shown("pinned:yes agent:claude smoke") == {
            "Deploys go out from main after the smoke test; see [[rollback]] and [[runbook-v1]]"}
        assert await shown("trigger:deploy") == {"Staging deploys need the VPN"}
        assert await shown("importance>=3") == {"Staging deploys need the VPN"}
        assert await shown("importance<3") == {"Lunch orders go in the kitchen channel"}
        assert await shown("project:billing") == {"Billing invoices are numbered per year"}
        assert await shown("links:rollback") == {
            "Deploys go out from main after the smoke test; see [[rollback]] and [[runbook-v1]]"}
        assert note(app) == ""
        await type_filter(pilot, "trigger>=3")
        assert "trigger cannot be compared" in note(app)
        app.query_one("#filter", Input).value = ""
        await settle(pilot)
        assert len(app.query_one(EntryTable).rows) == len(entries)


async def test_the_demo_memory_in_the_newest_shapes_shows_in_the_app(make_app, tmp_path, monkeypatch):
    from memrev.core.demo.builder import build_demo
    from memrev.core.sources.registry import discover_all

    build = build_demo(tmp_path / "native")
    monkeypatch.setenv("HOME", str(build.home))
    app = make_app()
    for ref in discover_all(cwd=build.repo, home=build.home, env={}):
        import_source(app.store, ref, actor="test")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _select(pilot, "tag the release on main before deploying")
        shown = " ".join(detail_text(app).split())
        assert "pinned yes · 1 of 4 pinned in this folder" in shown
        assert "[[reference_deploy]] → m-" in shown and "reference_deploy.md" in shown
        assert "type feedback" in shown  # read from `metadata:`
        await _select(pilot, "came from float rounding")
        shown = " ".join(detail_text(app).split())
        assert "trigger discount, rounding" in shown and "importance 7" in shown and "project shop" in shown
        await _select(pilot, "shop export --output")
        shown = " ".join(detail_text(app).split())
        assert "staged by Hermes, awaiting approval" in shown and "action replace" in shown
        assert "target entry The shop CLI exports CSV with `shop export`." in shown
        assert await _rows(pilot, "importance>=5") == ["Quotes round half up in apply_discount"]


async def _rows(pilot, text: str) -> list[str]:
    """The first lines the table shows for a filter, cut at the first semicolon."""
    await type_filter(pilot, text)
    return [row.first_line.split(";")[0] for row in pilot.app.query_one(EntryTable).rows]


async def test_the_triage_queue_shows_an_entry_s_attributes(make_app, tmp_path):
    from textual.widgets import Static

    from memrev.tui.screens.triage import TriageScreen

    app = make_app(_imported(tmp_path, pinned=2))  # every entry there has attributes
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        shown = ""
        for _ in range(20):  # the queue is read in a worker: wait until its first entry is drawn
            await settle(pilot)
            assert isinstance(app.screen, TriageScreen)
            body = app.screen.query_one("#triage-body", Static)
            shown = "\n".join(strip.text for strip in body.render_lines(body.region.reset_offset))
            if "confidence" in shown:
                break
        assert "attributes" in shown
        assert any(label in shown for label in ("pinned  yes", "importance  ", "trigger  ", "name  ", "project  ")), shown
