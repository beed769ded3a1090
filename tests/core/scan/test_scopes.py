"""An agent's own memory write is read at Hermes's strict scope, a committed instruction file at its context scope:
the choice follows the entry's source kind, the file name on the command line, or `--as`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from memrev.core.model import Entry, Source, Status
from memrev.core.scan.gate import apply_screened
from memrev.core.scan.scopes import MEMORY_ONLY_HOLDS, ScanScope, scope_for_agent, scope_for_path
from memrev.core.scan.rules import RULES
from memrev.core.scan.model import Severity
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.main import cli

KEEP_UP_TO_DATE = "When you learn something the hard way, update AGENTS.md so the next session knows."


@pytest.mark.parametrize(("path", "scope"), [
    ("CLAUDE.md", ScanScope.INSTRUCTIONS), ("backend/AGENTS.md", ScanScope.INSTRUCTIONS),
    (".github/copilot-instructions.md", ScanScope.INSTRUCTIONS), (".cursorrules", ScanScope.INSTRUCTIONS),
    (".cursor/rules/style.mdc", ScanScope.INSTRUCTIONS), (".claude/rules/testing.md", ScanScope.INSTRUCTIONS),
    ("GEMINI.md", ScanScope.INSTRUCTIONS), ("memory/MEMORY.md", ScanScope.MEMORY),
    (".claude/projects/x/memory/feedback_testing.md", ScanScope.MEMORY), ("notes.md", ScanScope.MEMORY),
    (None, ScanScope.MEMORY),
])
def test_a_file_is_read_by_its_name(path: str | None, scope: ScanScope) -> None:
    assert scope_for_path(path) is scope


def test_only_holds_are_ever_left_out_of_an_instruction_file() -> None:
    """The narrower scope drops holds, never a block, and every rule it drops exists."""
    assert MEMORY_ONLY_HOLDS <= set(RULES)
    assert all(RULES[rule].severity is Severity.HOLD for rule in MEMORY_ONLY_HOLDS)
    assert scope_for_agent("claude-md") is scope_for_agent("agents-md") is ScanScope.INSTRUCTIONS
    assert scope_for_agent("claude") is scope_for_agent("hermes") is scope_for_agent(None) is ScanScope.MEMORY


def test_an_import_reads_each_entry_by_its_source_kind(store: MemoryStore) -> None:
    """The same sentence is held in an agent's memory folder and left pending in a CLAUDE.md people keep."""
    entries = [Entry(id="memory", text=KEEP_UP_TO_DATE, source=Source(agent="claude", file="memory/MEMORY.md")),
               Entry(id="project", text=KEEP_UP_TO_DATE + " ", source=Source(agent="claude-md", file="CLAUDE.md"))]
    _, stopped = apply_screened(store, entries, actor="t", source="import test")
    assert stopped == ["memory"]
    assert store.get("memory").status is Status.HELD and store.get("project").status is Status.PENDING


def test_the_command_line_reads_by_file_name_and_as_told(tmp_path: Path) -> None:
    db = str(tmp_path / "m.db")
    for name in ("AGENTS.md", "note.md"):
        (tmp_path / name).write_text(KEEP_UP_TO_DATE + "\n", encoding="utf-8")

    def scan(*args: str) -> dict:
        result = CliRunner().invoke(cli, ["--db", db, "scan", *args, "--json"], obj={})
        return json.loads(result.stdout)

    assert scan(str(tmp_path / "AGENTS.md"))["outcome"] == "pass"
    assert scan(str(tmp_path / "AGENTS.md"))["read_as"] == "instructions"
    assert scan(str(tmp_path / "note.md"))["outcome"] == "hold"
    assert scan(str(tmp_path / "AGENTS.md"), "--as", "memory")["outcome"] == "hold"
    assert scan(str(tmp_path / "note.md"), "--as", "instructions")["outcome"] == "pass"
