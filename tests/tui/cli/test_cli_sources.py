"""`memrev sources`, `memrev import` of native agent memory, and the demo's native sources, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from memrev.core.demo.builder import build_demo
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.main import cli

AGENT_KINDS = {"claude", "claude-md", "codex", "agents-md", "hermes", "openclaw"}


@pytest.fixture
def demo(tmp_path: Path):
    """A fresh demo build (its native files get edited by the tests)."""
    return build_demo(tmp_path / "demo")


def run(*args: str) -> object:
    """Invoke the CLI in-process with a clean object."""
    return CliRunner().invoke(cli, list(args), obj={}, catch_exceptions=False)


def test_sources_on_the_demo_lists_every_agent(demo, tmp_path: Path) -> None:
    result = run("sources", "--json", "--home", str(demo.home), "--cwd", str(demo.repo))
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {row["kind"] for row in rows} == AGENT_KINDS
    assert all(row["entries"] > 0 for row in rows), rows
    assert all(not row["warnings"] for row in rows), rows
    plain = run("sources", "--home", str(demo.home), "--cwd", str(demo.repo))
    assert plain.stdout.splitlines()[0].split()[:3] == ["KIND", "ENTRIES", "WARNINGS"]


def test_import_discovers_and_then_tracks_changes(demo, tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    first = run("--db", str(db), "import", "--home", str(demo.home), "--cwd", str(demo.repo))
    assert first.exit_code == 0, first.output
    with MemoryStore(db) as store:
        agents = {entry.source.agent for entry in store.entries()}
        count = store.count()
        events = len(store.events())
    assert agents == AGENT_KINDS
    again = run("--db", str(db), "import", "--home", str(demo.home), "--cwd", str(demo.repo))
    assert again.exit_code == 0
    assert all(" 0 added, 0 revised" in line for line in again.stdout.splitlines()), again.stdout
    with MemoryStore(db) as store:
        assert store.count() == count and len(store.events()) == events

    hermes = demo.home / ".hermes" / "memories" / "MEMORY.md"
    hermes.write_text("The shop CLI exports CSV files with `shop export`.", encoding="utf-8")
    changed = run("--db", str(db), "import", f"hermes:{demo.home / '.hermes'}")
    assert changed.exit_code == 0, changed.output
    assert "1 revised" in changed.stdout and "1 removed at source" in changed.stdout
    with MemoryStore(db) as store:
        mine = [e for e in store.entries() if e.source.agent == "hermes" and e.source.file == str(hermes)]
        removed = [e for e in mine if e.removed_at is not None]
        revised = [e for e in mine if e.version == 2]
        assert len(removed) == 1 and "DEPLOY_TOKEN" in removed[0].text
        assert len(revised) == 1 and len(store.revisions(revised[0].id)) == 2


def test_named_sources_mix_with_exchange_files(demo, tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    result = run("--db", str(db), "import", f"jsonl:{demo.jsonl}", f"openclaw:{demo.home / '.openclaw' / 'workspace'}",
                 f"claude-md:{demo.repo}")
    assert result.exit_code == 0, result.output
    with MemoryStore(db) as store:
        agents = {entry.source.agent for entry in store.entries()}
    assert {"openclaw", "claude-md"} <= agents and len(agents) > 2


def test_a_path_that_is_no_source_is_a_one_line_error(tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "m.db"), "import", f"hermes:{empty}"], obj={})
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if not line.startswith("memrev: note:")]
    assert len(lines) == 1 and str(empty) in lines[0] and "Traceback" not in result.output


def test_demo_imports_its_native_sources(tmp_path: Path) -> None:
    result = run("--db", str(tmp_path / "m.db"), "demo", "--no-tui", "--dir", str(tmp_path / "d"))
    assert result.exit_code == 0, result.output
    assert "memrev sources --home" in result.stdout
    with MemoryStore(tmp_path / "m.db") as store:
        agents = {entry.source.agent for entry in store.entries()}
    assert AGENT_KINDS <= agents


def test_bare_memrev_in_a_repository_imports_its_sources_first(demo, tmp_path: Path, monkeypatch) -> None:
    import click

    from memrev.tui.cli.main import _import_here

    monkeypatch.setenv("HOME", str(demo.home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME", "OPENCLAW_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(demo.repo / "src")
    ctx = click.Context(cli, obj={"db": tmp_path / "m.db"})
    notices = _import_here(ctx)
    assert notices and notices[0].startswith("imported 6 source(s)")
    with MemoryStore(tmp_path / "m.db") as store:
        assert AGENT_KINDS <= {entry.source.agent for entry in store.entries()}
    monkeypatch.chdir(tmp_path)  # not a repository: nothing is imported
    assert _import_here(click.Context(cli, obj={"db": tmp_path / "other.db"})) == []

