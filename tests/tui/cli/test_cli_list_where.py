"""`memrev list --where` narrows the list with the app's own filter (attribute comparisons, fields, words), on a
real database holding a real OpenClaw workspace's annotated entries."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, ok, run

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "openclaw" / "annotated"
GATEWAY = "The gateway binds to loopback only; remote access goes through the SSH tunnel."
PREVIEW = "Deploy previews run on port 4173. Source: memory/2026-07-30.md#L4-L5"
RELEASE = "Release notes are drafted in docs/releases/ before tagging."
CONCISE = "Prefer concise implementation summaries unless more detail is requested."
LINTER = "Always run the linter before proposing a commit."


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database holding the annotated OpenClaw workspace (MEMORY.md's recall comments, USER.md's directives)."""
    workspace = tmp_path / "ws"
    shutil.copytree(FIXTURE, workspace)
    path = tmp_path / "memrev.db"
    ok(path, "import", f"openclaw:{workspace}")
    return path


def texts(db: Path, *where: str) -> set[str]:
    args = [arg for value in where for arg in ("--where", value)]
    return {entry["text"] for entry in json.loads(ok(db, "list", "--json", *args).stdout)}


@pytest.mark.parametrize(("where", "expected"), [
    (("importance>=9",), {GATEWAY, RELEASE}),  # 12 is a number too (OpenClaw ignores it; the filter compares it)
    (("importance<9",), {PREVIEW}),
    (("trigger:deploy",), {PREVIEW}),
    (("project:shop-web",), {PREVIEW}),
    (("observed>=2026-07-01",), {CONCISE, LINTER}),
    (("importance>=6", "trigger:gateway"), {GATEWAY}),  # repeated: every part must hold
    (("importance>=6 tunnel",), {GATEWAY}),  # one query with a word, as typed in the app
])
def test_where_narrows_by_the_apps_filter(db: Path, where: tuple[str, ...], expected: set[str]) -> None:
    assert texts(db, *where) == expected


def test_where_narrows_the_table_too_and_combines_with_the_other_options(db: Path) -> None:
    rows = ok(db, "list", "--where", "importance>=6", "--type", "project").stdout.splitlines()
    assert rows[0].split()[:2] == ["ID", "STATUS"] and len(rows) == 4  # header, gateway, preview, release
    assert ok(db, "list", "--where", "importance>=6", "--type", "user").stdout.strip() == \
        "no entry matches --where 'importance>=6'"


@pytest.mark.parametrize(("where", "needle"), [
    ("trigger>=3", "trigger cannot be compared"),
    ("colour:red", "unknown field colour:"),
    ("status:sleeping", "no status is 'sleeping'"),
])
def test_a_filter_that_cannot_match_is_a_one_line_error(db: Path, where: str, needle: str) -> None:
    result = run(db, "list", "--where", where)
    assert_one_line_error(result, "--where", needle)
    assert result.stdout == ""
