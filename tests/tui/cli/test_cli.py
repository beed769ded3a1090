"""The `memrev` command line, driven through click's runner and as real processes, on real files only."""

from __future__ import annotations

import getpass
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from memrev.core.demo.builder import DemoBuild
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.main import cli

ZWSP = "\u200b"

FULL_ENTRY: dict[str, Any] = {
    "id": "full-1",
    "text": "Run `make test` before pushing.\nSecond line.",
    "type": "feedback",
    "scope": {"kind": "team", "project": {"key": "p-acme", "name": "acme", "root_commit": "ab" * 20,
                                          "remote": "github.com/acme/acme", "path": "/src/acme"}},
    "source": {"agent": "claude", "file": "memory/testing.md", "anchor": "frontmatter"},
    "provenance": {"written_at": "2025-02-01T10:00:00+00:00", "written_at_basis": "recorded", "written_by": "agent",
                   "session": "sess-1", "cwd": "/src/acme", "branch": "main", "commit": "cd" * 20,
                   "citation": "CLAUDE.md line 3"},
    "verified_at": "2025-03-01T09:30:00+00:00",
    "verified_commit": "ef" * 20,
    "version": 1,
    "confidence": 0.8,
    "confidence_reason": "the Makefile has a test target",
    "status": "confirmed",
    "links": [{"kind": "supersedes", "target": "user-2", "reason": "newer advice"}],
}
"""An entry with every field set, linking to another entry of the same file."""

OTHERS: list[dict[str, Any]] = [
    {"id": "user-2", "text": "Prefer small commits.", "type": "user", "scope": {"kind": "private"}},
    {"id": "proj-3", "text": f"Prices have two{ZWSP} decimals.", "type": "project", "scope": {"kind": "team"},
     "status": "blocked"},
    {"id": "ref-4", "text": "Deploy docs are in docs/deploy.md.", "type": "reference"},
]

ALL_FIELDS = {"id", "text", "type", "scope", "source", "provenance", "verified_at", "verified_commit", "version",
              "confidence", "confidence_reason", "status", "links"}
PROVENANCE_FIELDS = {"written_at", "written_by", "session", "cwd", "branch", "commit", "citation"}


# -- fixtures and helpers --------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test may reach the user's database, even by forgetting --db."""
    fallback = tmp_path / "env-fallback" / "memrev.db"
    monkeypatch.setenv("MEMREV_DB", str(fallback))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("MEMREV_SQLITE", raising=False)
    return fallback


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "memrev.db"


@pytest.fixture
def memories(tmp_path: Path) -> Path:
    """A good file of four entries with different types, scopes and statuses."""
    return write_lines(tmp_path / "memories.jsonl", [FULL_ENTRY, *OTHERS])


def write_lines(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def run(db: Path, *args: str) -> Result:
    """Invoke the real CLI on `db` in this process."""
    return CliRunner().invoke(cli, ["--db", str(db), *args], obj={})


def ok(db: Path, *args: str) -> Result:
    result = run(db, *args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def as_json(db: Path, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json").stdout)


def stderr_lines(stderr: str) -> list[str]:
    """Stderr without the `memrev: note:` a store without sqlite-vec prints, so tests hold on every binding."""
    return [line for line in stderr.splitlines() if not line.startswith("memrev: note: ")]


def assert_one_line_error(result: Result, *needles: str) -> str:
    """Exit 2 with a single `memrev: error:` line on stderr and no traceback anywhere."""
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    lines = stderr_lines(result.stderr)
    assert len(lines) == 1, lines
    assert lines[0].startswith("memrev: error: "), lines
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def memrev_script() -> str:
    script = Path(sys.executable).parent / ("memrev.exe" if os.name == "nt" else "memrev")
    assert script.exists(), f"console script not installed next to {sys.executable}"
    return str(script)


def subprocess_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["MEMREV_DB"] = str(tmp_path / "env-fallback" / "memrev.db")
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    env.pop("MEMREV_SQLITE", None)
    return env


def run_process(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, encoding="utf-8", timeout=60,
                          env=subprocess_env(tmp_path), cwd=tmp_path)


# -- import ----------------------------------------------------------------------------------------


def test_import_adds_entries_and_prints_counts(db: Path, memories: Path) -> None:
    result = ok(db, "import", f"jsonl:{memories}")
    assert result.stdout.strip() == f"jsonl:{memories}: 4 added, 0 revised, 0 unchanged, 0 skipped"
    assert sorted(entry["id"] for entry in as_json(db, "list")) == ["full-1", "proj-3", "ref-4", "user-2"]


def test_importing_the_same_file_twice_changes_nothing(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    events_before = as_json(db, "log")
    result = ok(db, "import", f"jsonl:{memories}")
    assert "0 added, 0 revised, 4 unchanged" in result.stdout
    assert as_json(db, "log") == events_before


def test_changed_text_is_a_new_revision_keeping_the_old(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    changed = dict(OTHERS[0], text="Prefer small, focused commits.")
    write_lines(memories, [FULL_ENTRY, changed, *OTHERS[1:]])
    result = ok(db, "import", f"jsonl:{memories}")
    assert "0 added, 1 revised, 3 unchanged" in result.stdout

    shown = as_json(db, "show", "user-2")
    assert [r["version"] for r in shown["revisions"]] == [1, 2]
    assert [r["entry"]["text"] for r in shown["revisions"]] == ["Prefer small commits.", "Prefer small, focused commits."]
    assert shown["entry"]["text"] == "Prefer small, focused commits." and shown["entry"]["version"] == 2
    assert [e["action"] for e in shown["events"]] == ["import", "revise"]


@pytest.mark.parametrize("bad_line", [b"{not json\n", b'{"id": "x", "text": "caf\xe9"}\n'], ids=["json", "utf8"])
def test_a_bad_line_fails_the_whole_file(db: Path, tmp_path: Path, bad_line: bytes) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"id": "g1", "text": "one"}\n{"id": "g2", "text": "two"}\n' + bad_line)
    result = run(db, "import", f"jsonl:{path}")
    line = assert_one_line_error(result, f"{path}:3:")
    assert ("invalid JSON" if bad_line.startswith(b"{not") else "invalid UTF-8") in line
    assert as_json(db, "list") == []
    assert as_json(db, "log") == []


def test_skip_invalid_imports_the_good_lines_and_reports_the_bad(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"id": "g1", "text": "one"}\n{"id": "g2", "text": "two"}\n{oops\n')
    result = run(db, "import", "--skip-invalid", f"jsonl:{path}")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == f"jsonl:{path}: 2 added, 0 revised, 0 unchanged, 1 skipped"
    lines = stderr_lines(result.stderr)
    assert len(lines) == 1 and lines[0].startswith(f"memrev: skipped: {path}:3:"), lines
    assert sorted(entry["id"] for entry in as_json(db, "list")) == ["g1", "g2"]


def test_good_file_imports_even_when_another_is_bad(db: Path, tmp_path: Path, memories: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"id": "b1", "text": "one"}\n[1, 2\n')
    result = run(db, "import", f"jsonl:{bad}", f"jsonl:{memories}")
    assert_one_line_error(result, f"{bad}:2:")
    assert f"jsonl:{memories}: 4 added" in result.stdout
    ids = {entry["id"] for entry in as_json(db, "list")}
    assert ids == {"full-1", "user-2", "proj-3", "ref-4"}


@pytest.mark.parametrize("binding", ["auto", "stdlib"])
def test_a_link_to_a_missing_entry_is_a_one_line_error(db: Path, tmp_path: Path, memories: Path, binding: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMREV_SQLITE", binding)  # each binding raises its own module's DatabaseError
    dangling = write_lines(tmp_path / "dangling.jsonl",
                           [{"id": "l1", "text": "x", "links": [{"kind": "supersedes", "target": "nowhere"}]}])
    result = run(db, "import", f"jsonl:{dangling}", f"jsonl:{memories}")
    assert_one_line_error(result, f"jsonl:{dangling}", "not imported")
    ids = {entry["id"] for entry in as_json(db, "list")}
    assert ids == {"full-1", "user-2", "proj-3", "ref-4"}  # the other file still imports, the bad one not at all


@pytest.mark.parametrize(("argument", "needle"), [
    ("foo:x.jsonl", "unknown source kind 'foo'"),
    ("memories.jsonl", "expected KIND:PATH"),
])
def test_bad_source_arguments(db: Path, argument: str, needle: str) -> None:
    assert_one_line_error(run(db, "import", argument), argument, needle)


def test_a_missing_file_is_a_one_line_error(db: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    assert_one_line_error(run(db, "import", f"jsonl:{missing}"), str(missing), "no such file")


# -- export ----------------------------------------------------------------------------------------


def test_export_to_stdout_and_to_a_file_agree(db: Path, tmp_path: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    to_stdout = ok(db, "export", "--format", "jsonl")
    rows = [json.loads(line) for line in to_stdout.stdout.splitlines()]
    assert sorted(row["id"] for row in rows) == ["full-1", "proj-3", "ref-4", "user-2"]

    out = tmp_path / "out" / "export.jsonl"
    out.parent.mkdir()
    to_file = ok(db, "export", "-o", str(out))
    assert to_file.stdout == ""
    assert stderr_lines(to_file.stderr) == [f"exported 4 entries to {out}"]
    assert out.read_text(encoding="utf-8") == to_stdout.stdout
    assert sorted(p.name for p in out.parent.iterdir()) == ["export.jsonl"]  # no temporary file left behind


def test_export_import_export_round_trips_every_field(tmp_path: Path, memories: Path,
                                                      demo_build: DemoBuild) -> None:
    first_db, second_db = tmp_path / "first.db", tmp_path / "second.db"
    ok(first_db, "import", f"jsonl:{memories}", f"jsonl:{demo_build.jsonl}")
    exported = tmp_path / "exported.jsonl"
    ok(first_db, "export", "--include-sensitive", "-o", str(exported))  # the demo's redacted secret too
    ok(second_db, "import", f"jsonl:{exported}")
    again = ok(second_db, "export", "--include-sensitive").stdout
    assert again == exported.read_text(encoding="utf-8")  # the audit trail of blocked writes included
    rows = list(map(json.loads, again.splitlines()))
    assert [row for row in rows if "rejection" in row]
    by_id = {row["id"]: row for row in rows if "rejection" not in row}
    assert len(by_id) == 4 + len(demo_build.entries)
    full = by_id["full-1"]
    assert full["scope"]["project"] == FULL_ENTRY["scope"]["project"]
    assert full["provenance"] == FULL_ENTRY["provenance"]
    assert full["links"] == FULL_ENTRY["links"]
    assert (full["verified_at"], full["verified_commit"], full["confidence"], full["status"]) == (
        FULL_ENTRY["verified_at"], FULL_ENTRY["verified_commit"], 0.8, "confirmed")


# -- list ------------------------------------------------------------------------------------------


def test_list_json_has_every_field(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    listed = {entry["id"]: entry for entry in as_json(db, "list")}
    assert set(listed) == {"full-1", "user-2", "proj-3", "ref-4"}
    for entry in listed.values():
        assert ALL_FIELDS <= set(entry), ALL_FIELDS - set(entry)
        assert {"kind", "project"} <= set(entry["scope"])
        assert {"agent", "file", "anchor", "content_hash"} <= set(entry["source"])
        assert PROVENANCE_FIELDS <= set(entry["provenance"])
    full = listed["full-1"]
    assert full["text"] == FULL_ENTRY["text"]
    assert full["type"] == "feedback" and full["scope"]["kind"] == "team"
    assert full["scope"]["project"]["name"] == "acme"
    assert {k: full["source"][k] for k in ("agent", "file", "anchor")} == FULL_ENTRY["source"]
    assert len(full["source"]["content_hash"]) >= 8
    assert full["provenance"]["session"] == "sess-1" and full["provenance"]["citation"] == "CLAUDE.md line 3"
    assert full["verified_commit"] == "ef" * 20 and full["version"] == 1
    assert full["confidence"] == 0.8 and full["confidence_reason"] == "the Makefile has a test target"
    assert full["links"] == [{"kind": "supersedes", "target": "user-2", "reason": "newer advice"}]
    assert listed["proj-3"]["text"] == f"Prices have two{ZWSP} decimals."  # JSON keeps the exact text


@pytest.mark.parametrize(("option", "value", "expected"), [
    ("--type", "feedback", {"full-1"}),
    ("--type", "reference", {"ref-4"}),
    ("--scope", "team", {"full-1", "proj-3"}),
    ("--scope", "private", {"user-2", "ref-4"}),
    ("--status", "blocked", {"proj-3"}),
    ("--status", "revoked", set()),
])
def test_list_filters_narrow(db: Path, memories: Path, option: str, value: str, expected: set[str]) -> None:
    ok(db, "import", f"jsonl:{memories}")
    assert {entry["id"] for entry in as_json(db, "list", option, value)} == expected


def test_list_rejects_an_unknown_type(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    result = run(db, "list", "--type", "nonsense")
    assert result.exit_code == 2
    assert "--type" in result.stderr and "Traceback" not in result.output
    assert result.stdout == ""


def test_plain_list_shows_a_table_with_hidden_characters_marked(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    lines = ok(db, "list").stdout.splitlines()
    assert lines[0].split() == ["ID", "STATUS", "TYPE", "SCOPE", "VERIFIED", "CONF", "TEXT"]
    assert len(lines) == 5
    row = next(line for line in lines if line.startswith("proj-3"))
    assert "blocked" in row and "Prices have two⟨U+200B⟩ decimals." in row
    assert any(line.startswith("full-1") and "Run `make test` before pushing." in line for line in lines)
    assert ZWSP not in "\n".join(lines)


def test_plain_list_on_an_empty_database_says_how_to_start(db: Path) -> None:
    assert "no entries" in ok(db, "list").stdout


# -- show ------------------------------------------------------------------------------------------


def test_show_prints_text_provenance_and_revisions(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    lines = ok(db, "show", "full-1").stdout.splitlines()
    assert lines[:2] == ["Run `make test` before pushing.", "Second line."]
    fields = {line.split(None, 1)[0]: line.split(None, 1)[1] for line in lines if line.startswith(" ") and
              len(line.split(None, 1)) == 2 and not line.startswith("  v")}
    assert fields["id"] == "full-1" and fields["status"] == "confirmed"
    assert fields["source"] == "claude · memory/testing.md · frontmatter"
    assert fields["citation"] == "CLAUDE.md line 3" and fields["session"] == "sess-1"
    assert fields["branch"] == "main" and fields["commit"] == "cd" * 6
    assert "revisions:" in lines and "events:" in lines
    assert any(line.strip().startswith("v1 ") for line in lines)


def test_show_marks_hidden_characters(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    out = ok(db, "show", "proj-3").stdout
    assert "two⟨U+200B⟩ decimals" in out and ZWSP not in out


def test_show_json_has_entry_revisions_and_events(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    shown = as_json(db, "show", "full-1")
    assert set(shown) == {"entry", "sensitive", "revisions", "events"} and shown["sensitive"] is None
    assert shown["entry"]["id"] == "full-1" and ALL_FIELDS <= set(shown["entry"])
    assert [r["version"] for r in shown["revisions"]] == [1]
    assert shown["revisions"][0]["entry"]["text"] == FULL_ENTRY["text"]
    assert [(e["action"], e["entry_id"]) for e in shown["events"]] == [("import", "full-1")]


def test_show_an_unknown_id_is_a_one_line_error(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    assert_one_line_error(run(db, "show", "no-such-id"), "no-such-id")
    assert_one_line_error(run(db, "show", "no-such-id", "--json"), "no-such-id")


# -- log -------------------------------------------------------------------------------------------


def test_log_shows_who_did_what(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    events = as_json(db, "log")
    assert len(events) == 4
    assert {e["entry_id"] for e in events} == {"full-1", "user-2", "proj-3", "ref-4"}
    for event in events:
        assert event["action"] == "import" and event["actor"] == getpass.getuser()  # the person, nothing made up
        assert event["reason"] == f"import jsonl:{memories}"
        assert event["before"] is None and event["after"]["id"] == event["entry_id"]
    lines = ok(db, "log").stdout.splitlines()
    assert lines[0].split() == ["#", "WHEN", "WHO", "ACTION", "ENTRY", "REASON"]
    assert len(lines) == 5
    assert all(" import " in line and f" {getpass.getuser()} " in line for line in lines[1:])
    ok(db, "--actor", "Ana Lima", "revoke", "full-1", "--reason", "outdated")
    assert as_json(db, "log")[-1]["actor"] == "Ana Lima"


def test_log_entry_and_limit_narrow(db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    write_lines(memories, [FULL_ENTRY, dict(OTHERS[0], text="changed"), *OTHERS[1:]])
    ok(db, "import", f"jsonl:{memories}")
    all_events = as_json(db, "log")
    assert len(all_events) == 5

    only = as_json(db, "log", "--entry", "user-2")
    assert [e["action"] for e in only] == ["import", "revise"]
    assert {e["entry_id"] for e in only} == {"user-2"}

    newest = as_json(db, "log", "--limit", "1")
    assert len(newest) == 1
    assert newest[0]["id"] == max(e["id"] for e in all_events)
    assert (newest[0]["action"], newest[0]["entry_id"]) == ("revise", "user-2")
    assert len(ok(db, "log", "--limit", "1").stdout.splitlines()) == 2  # header and one event
    assert run(db, "log", "--limit", "0").exit_code == 2


# -- demo ------------------------------------------------------------------------------------------


def test_demo_builds_imports_and_summarises(db: Path, tmp_path: Path, demo_build: DemoBuild) -> None:
    from git import Repo

    target = tmp_path / "demo"
    result = ok(db, "demo", "--no-tui", "--dir", str(target))
    root = target.resolve()
    lines = result.stdout.splitlines()
    assert f"demo repository: {root / 'shop'}" in lines
    assert f"demo memories:   {root / 'memories.jsonl'}" in lines
    assert f"database:        {db}" in lines
    assert any(line.startswith(f"imported {len(demo_build.entries)} entries (0 already there); 4 blocked by the scanner")
               for line in lines)
    assert any(line.startswith("by type:  ") for line in lines)
    assert any(line.startswith("by scope: ") for line in lines)
    assert "⟨U+200B⟩" in result.stdout and ZWSP not in result.stdout

    repo = Repo(root / "shop")
    try:
        assert repo.head.commit.hexsha == demo_build.commits["agent-instructions"]  # same history on every run
        assert not repo.is_dirty(untracked_files=True)
    finally:
        repo.close()

    ids = {entry["id"] for entry in as_json(db, "list")}
    assert len(ids) >= 12
    assert set(demo_build.expectations) <= ids

    events = as_json(db, "log")
    again = run(db, "demo", "--no-tui", "--dir", str(target))
    assert_one_line_error(again, "not empty")
    assert as_json(db, "log") == events


def test_demo_without_db_keeps_its_database_in_the_folder(tmp_path: Path, _isolated_env: Path) -> None:
    target = tmp_path / "demo"
    result = CliRunner().invoke(cli, ["demo", "--no-tui", "--dir", str(target)], obj={})
    assert result.exit_code == 0, (result.stdout, result.stderr)
    demo_db = target.resolve() / "memrev.db"
    assert demo_db.is_file()
    assert f"database:        {demo_db}" in result.stdout
    assert not _isolated_env.exists()  # MEMREV_DB is left alone
    with MemoryStore(demo_db) as store:
        assert store.count() >= 12


# -- bad databases ---------------------------------------------------------------------------------


def test_db_that_is_a_folder_is_a_one_line_error(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    for args in (["list"], ["import", "jsonl:x.jsonl"], ["log", "--json"]):
        assert_one_line_error(run(folder, *args), str(folder), "folder")


def test_db_that_is_not_a_database_is_a_one_line_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    payload = os.urandom(8192)
    junk.write_bytes(payload)
    assert_one_line_error(run(junk, "list"), str(junk), "not a usable memrev database")
    assert_one_line_error(run(junk, "export"), str(junk))
    assert junk.read_bytes() == payload  # memrev never writes over a file it does not recognise


# -- real processes --------------------------------------------------------------------------------


def test_module_help_and_script_version(tmp_path: Path) -> None:
    helped = run_process(tmp_path, sys.executable, "-m", "memrev.tui", "--help")
    assert helped.returncode == 0, helped.stderr
    for command in ("import", "export", "list", "show", "log", "demo"):
        assert command in helped.stdout
    version = run_process(tmp_path, memrev_script(), "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("memrev, version ")


def test_console_script_list_json(tmp_path: Path, db: Path, memories: Path) -> None:
    ok(db, "import", f"jsonl:{memories}")
    listed = run_process(tmp_path, memrev_script(), "--db", str(db), "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert sorted(entry["id"] for entry in json.loads(listed.stdout)) == ["full-1", "proj-3", "ref-4", "user-2"]
    assert "Traceback" not in listed.stderr


def test_console_script_bad_file_exits_2_with_one_line(tmp_path: Path, db: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"id": "g1", "text": "one"}\n\n{"id": 3\n')
    done = run_process(tmp_path, memrev_script(), "--db", str(db), "import", f"jsonl:{bad}")
    assert done.returncode == 2
    errors = stderr_lines(done.stderr)
    assert errors == [errors[0]] and errors[0].startswith(f"memrev: error: {bad}:3:")
    assert "Traceback" not in done.stderr


def test_imported_events_are_on_disk_when_the_process_exits(tmp_path: Path, db: Path, memories: Path) -> None:
    done = run_process(tmp_path, memrev_script(), "--db", str(db), "import", f"jsonl:{memories}")
    assert done.returncode == 0, done.stderr
    with MemoryStore(db) as store:
        events = store.events()
    assert [(e.action, e.entry_id) for e in events] == [
        ("import", "full-1"), ("import", "user-2"), ("import", "proj-3"), ("import", "ref-4")]


def test_imported_events_survive_a_crash_before_close(tmp_path: Path, db: Path, memories: Path) -> None:
    """The process dies the moment the store would close: no checkpoint, no cleanup, yet nothing is lost."""
    crash = (
        "import os, sys\n"
        "from memrev.core.store.memory_store import MemoryStore\n"
        "MemoryStore.close = lambda self: (sys.stdout.flush(), os._exit(0))\n"
        "from memrev.tui.cli.main import main\n"
        "sys.argv = ['memrev', *sys.argv[1:]]\n"
        "main()\n"
        "os._exit(3)\n"
    )
    done = run_process(tmp_path, sys.executable, "-c", crash, "--db", str(db), "import", f"jsonl:{memories}")
    assert done.returncode == 0, done.stderr
    assert "4 added" in done.stdout
    assert Path(f"{db}-wal").exists()  # the process really died with its log unmerged
    with MemoryStore(db) as store:
        assert {e.entry_id for e in store.events()} == {"full-1", "user-2", "proj-3", "ref-4"}
        assert store.count() == 4
