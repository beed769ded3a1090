"""Messages a new user reads on the command line: each one true, complete and about the right thing."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, ok, run

from memrev.core.store.memory_store import MemoryStore
from memrev.tui.describe import ago, shorten

NOW = datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A demo built by `memrev demo --no-tui`, with its native sources imported as a user's would be."""
    folder = tmp_path_factory.mktemp("cold") / "demo"
    result = run(folder / "memrev.db", "demo", "--no-tui", "--dir", str(folder))
    assert result.exit_code == 0, result.stderr
    (folder / "demo-output.txt").write_text(result.stdout, encoding="utf-8")
    return folder


def test_ages_read_as_words_never_now_ago() -> None:
    assert ago(NOW, NOW) == "just now"
    assert ago(NOW - timedelta(days=3), NOW) == "3d ago"
    assert ago(NOW + timedelta(days=1), NOW) == "in the future"


def test_the_demo_summary_never_says_now_ago(demo_dir: Path) -> None:
    text = (demo_dir / "demo-output.txt").read_text(encoding="utf-8")
    assert "now ago" not in text
    assert "just now" in text


def test_shorten_cuts_at_a_word_boundary() -> None:
    assert shorten("short", 20) == "short"
    cut = shorten("the repository uses uv and nothing else at all", 24)
    assert cut.endswith("…") and len(cut) <= 24
    assert cut[:-1] in "the repository uses uv and nothing else at all" and cut[-2] != " "
    assert cut == "the repository uses uv…"


def test_a_reference_named_three_times_is_listed_once(demo_dir: Path) -> None:
    result = run(demo_dir / "memrev.db", "check", "--repo", str(demo_dir / "shop"), "--no-import", "--json")
    document = json.loads(result.stdout)
    uv = next(entry for entry in document["entries"] if entry["id"] == "demo-10-conflict-uv")
    keys = [(ref["kind"], ref["value"]) for ref in uv["references"]]
    assert len(keys) == len(set(keys)) and ("version", "package-manager:uv") in keys


def test_list_shows_the_confidence_the_check_computed(demo_dir: Path) -> None:
    db = demo_dir / "memrev.db"
    run(db, "check", "--repo", str(demo_dir / "shop"), "--no-import")
    with MemoryStore(db) as store:
        checks = store.checks()
        stored = {entry.id: entry.confidence for entry in store.entries()}
    lines = {line.split()[0]: line for line in ok(db, "list").stdout.splitlines()[1:]}
    stale = "demo-07-python-version"
    assert f"{checks[stale].confidence:.2f}" != f"{stored[stale]:.2f}"
    assert f" {checks[stale].confidence:.2f} " in lines[stale]


def test_log_of_an_unknown_entry_is_an_error_as_show_is(demo_dir: Path) -> None:
    assert_one_line_error(run(demo_dir / "memrev.db", "log", "--entry", "no-such-entry"), "no-such-entry")
    assert_one_line_error(run(demo_dir / "memrev.db", "show", "no-such-entry"), "no-such-entry")


def test_check_of_a_missing_folder_says_it_does_not_exist(tmp_path: Path) -> None:
    line = assert_one_line_error(run(tmp_path / "m.db", "check", "--repo", str(tmp_path / "gone")), "no such folder")
    assert "git repository" not in line


@pytest.mark.parametrize("group", ["hook", "bench"])  # bare `memrev eval` runs the experiment (issue 17)
def test_a_command_group_alone_prints_its_commands_not_an_error(tmp_path: Path, group: str) -> None:
    from memrev.tui.cli.main import main

    script = f"import sys; sys.argv = ['memrev', {group!r}]; from memrev.tui.cli.main import main; main()"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path)
    assert main is not None
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith(f"Usage: memrev {group}") and "Commands:" in done.stdout


def test_session_start_cuts_evidence_at_a_word(demo_dir: Path) -> None:
    db = demo_dir / "memrev.db"
    run(db, "check", "--repo", str(demo_dir / "shop"), "--no-import")
    with MemoryStore(db) as store:
        whole = [f"{finding.text}: {finding.evidence}" for check in store.checks().values()
                 for finding in check.findings]
    result = subprocess.run(
        [sys.executable, "-c", "from memrev.tui.cli.main import main; main()", "--db", str(db),
         "hook", "session-start"], input=json.dumps({"cwd": str(demo_dir / "shop")}), capture_output=True,
        text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    cut = [line.split("\" (", 1)[1][:-2] for line in result.stdout.splitlines()
           if line.startswith(("- stale", "- changed")) and line.endswith("…)")]
    assert cut, result.stdout
    for piece in cut:
        full = next(text for text in whole if text.startswith(piece))
        assert full[len(piece)] in " ,;:", (piece, full)


def test_session_start_outside_a_repository_reports_no_findings_for_this_folder(demo_dir: Path,
                                                                                tmp_path: Path) -> None:
    db = demo_dir / "memrev.db"
    run(db, "check", "--repo", str(demo_dir / "shop"), "--no-import")
    result = subprocess.run(
        [sys.executable, "-c", "from memrev.tui.cli.main import main; main()", "--db", str(db),
         "hook", "session-start"], input=json.dumps({"cwd": str(tmp_path)}), capture_output=True, text=True,
        timeout=60)
    assert result.returncode == 0, result.stderr
    assert "not a git repository" in result.stdout.splitlines()[0]
    assert not [line for line in result.stdout.splitlines() if line.startswith(("- stale", "- changed"))]


def test_a_summary_line_naming_a_project_folder_belongs_to_that_project(demo_dir: Path) -> None:
    entries = json.loads(ok(demo_dir / "memrev.db", "list", "--json").stdout)
    line = next(entry for entry in entries if "(cwd=" in entry["text"])
    assert line["scope"]["project"] is not None
    assert line["scope"]["project"]["name"] == "shop"
    conflicts = json.loads(ok(demo_dir / "memrev.db", "conflicts", "--json").stdout)
    for conflict in conflicts:
        sides = {side["entry"] for side in conflict["sides"]}
        assert not (line["id"] in sides and "demo-09-cross-project-billing" in sides), conflict

