"""`memrev sources --json` names only files that exist, and a memory folder of a home is a one-line error."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from memrev.tui.cli.main import cli


def run(*args: str) -> object:
    """Invoke the CLI in-process with a clean object."""
    return CliRunner().invoke(cli, list(args), obj={}, catch_exceptions=False)


def test_sources_json_lists_only_files_that_exist(tmp_path: Path, monkeypatch) -> None:
    home, project = tmp_path / "home", tmp_path / "shop"
    project.mkdir(parents=True)
    (project / ".git").mkdir()
    (project / "CLAUDE.md").write_text("# Shop\n\nRun `make test` before pushing.\n")
    monkeypatch.setenv("MEMREV_CLAUDE_MANAGED_DIR", str(tmp_path / "managed"))
    result = run("sources", "--json", "--home", str(home), "--cwd", str(project))
    assert result.exit_code == 0, result.output
    files = [file for row in json.loads(result.stdout) for file in row["files"]]
    assert str(project / "CLAUDE.md") in files
    assert all(Path(file).exists() for file in files), files  # no CLAUDE.local.md that is not there


def test_importing_a_home_folder_as_claude_memory_is_refused(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "notes.md").write_text("---\nname: notes\n---\nNot memory.\n")
    monkeypatch.setenv("HOME", str(home))
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "m.db"), "import", "claude:~"], obj={})
    assert result.exit_code != 0
    message = [line for line in result.output.splitlines() if "may not be" in line]
    assert len(message) == 1 and "a home folder" in message[0], result.output
