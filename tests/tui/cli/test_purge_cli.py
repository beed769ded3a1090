"""`memrev purge` on a fresh demo: the preview, the confirmation, exit codes, --verify, and a real SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_cli import assert_one_line_error, memrev_script, ok, run, subprocess_env, write_lines

from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.purge import PENDING_KEY
from memrev.tui.cli.main import cli

CLAUDE_SESSION = "4f1c2a9e-demo-claude-session"


@pytest.fixture
def demo(tmp_path: Path) -> tuple[Path, Path]:
    """A fresh demo imported by `memrev demo` (its own files, so a purge may write them); (db, demo root)."""
    root = tmp_path / "demo"
    db = tmp_path / "m.db"
    ok(db, "demo", "--dir", str(root), "--no-tui")
    return db, root


def entries(db: Path) -> list[dict]:
    return json.loads(ok(db, "list", "--json").stdout)


def hermes_deploy(db: Path) -> dict:
    """The Hermes entry about the deploy token (imported from the demo's native Hermes memory)."""
    return next(e for e in entries(db) if e["id"].startswith("m-") and "DEPLOY_TOKEN" in (e["text"] or ""))


def bytes_found(db: Path, root: Path, text: str) -> list[str]:
    """Files holding the text (UTF-8 or JSON-escaped): the database and its WAL and SHM, every agent file."""
    forms = {text.encode(), json.dumps(text)[1:-1].encode()}
    files = [p for p in db.parent.iterdir() if p.is_file() and p.name.startswith(db.name)]
    files += [p for folder in (root / "home", root / "shop") for p in folder.rglob("*")
              if p.is_file() and ".git" not in p.parts]
    return sorted(str(p) for p in files if any(form in p.read_bytes() for form in forms))


def test_dry_run_shows_what_goes_from_where_and_changes_nothing(demo):
    db, root = demo
    entry = hermes_deploy(db)
    hermes = root / "home" / ".hermes" / "memories" / "MEMORY.md"
    before, stored = hermes.read_bytes(), entries(db)
    result = ok(db, "purge", entry["id"], "--dry-run")
    assert "purge 1 entry for good" in result.stdout and entry["id"] in result.stdout
    assert f"rewrites {hermes} without 1 entry" in result.stdout
    assert hermes.read_bytes() == before and entries(db) == stored


def test_without_yes_and_without_a_terminal_nothing_is_purged(demo):
    db, root = demo
    entry = hermes_deploy(db)
    assert_one_line_error(run(db, "purge", entry["id"]), "confirm with --yes")
    assert hermes_deploy(db)["text"] == entry["text"]


def test_an_unknown_id_or_an_empty_selection_is_one_line_and_exit_2(demo):
    db, _ = demo
    assert_one_line_error(run(db, "purge", "no-such-entry", "--yes"), "no entry with id 'no-such-entry'")
    assert_one_line_error(run(db, "purge", "--session", "nobody", "--yes"), "session 'nobody'")
    assert_one_line_error(run(db, "purge", "--yes"), "name what to purge")
    assert_one_line_error(run(db, "purge", "--verify", "--text", "some text"), "--text takes -")


def test_purge_then_verify_then_purge_again(demo):
    db, root = demo
    entry = hermes_deploy(db)
    assert bytes_found(db, root, entry["text"])
    done = ok(db, "--actor", "ana", "purge", entry["id"], "--yes", "--reason", "token name leaked")
    assert "purged 1 entry" in done.stdout and "residue 0 in" in done.stdout
    assert bytes_found(db, root, entry["text"]) == []
    verified = ok(db, "purge", "--verify", entry["id"])
    assert "is purged (by ana" in verified.stdout and "found 0 in" in verified.stdout
    searched = CliRunner().invoke(cli, ["--db", str(db), "purge", "--verify", "--text", "-"], input=entry["text"],
                                  obj={})
    assert searched.exit_code == 0 and "residue: 0 in 0 of" in searched.stdout
    again = ok(db, "purge", entry["id"], "--yes")
    assert f"already purged (nothing to do): {entry['id']}" in again.stdout
    log = [e for e in json.loads(ok(db, "log", "--json", "--entry", entry["id"]).stdout) if e["action"] == "purge"]
    assert [(e["actor"], e["reason"]) for e in log] == [("ana", "token name leaked")]


def test_verify_of_an_entry_not_purged_shows_where_it_is_and_exits_1(demo):
    db, root = demo
    entry = hermes_deploy(db)
    result = run(db, "purge", "--verify", entry["id"])
    assert result.exit_code == 1 and "is not purged" in result.stdout
    assert str(root / "home" / ".hermes" / "memories" / "MEMORY.md") in result.stdout


def test_purge_of_a_session_as_json(demo):
    db, root = demo
    session = sorted(e["id"] for e in entries(db) if (e.get("provenance") or {}).get("session") == CLAUDE_SESSION)
    topics = [p for p in (root / "home" / ".claude" / "projects").rglob("*.md") if p.name != "MEMORY.md"]
    assert len(session) == len(topics) >= 3  # the session wrote every topic file of the demo
    result = run(db, "purge", "--session", CLAUDE_SESSION, "--yes", "--json")
    data = json.loads(result.stdout)
    assert sorted(data["preview"]["entries"]) == sorted(data["report"]["purged"]) == session
    purged = sorted(e["id"] for e in entries(db) if e["status"] == "purged")
    assert purged == session
    # Claude's team/ memory is written only alongside other team entries: the purge says the text remains there
    assert result.exit_code == 1
    assert [Path(hit["path"]).parent.name for hit in data["report"]["residue"]["hits"]] == ["team"]


def test_an_agent_file_changed_since_import_exits_1_and_says_what_remains(demo):
    db, root = demo
    entry = hermes_deploy(db)
    hermes = root / "home" / ".hermes" / "memories" / "MEMORY.md"
    hermes.write_text(hermes.read_text(encoding="utf-8") + "\n§\nWritten by the agent since.", encoding="utf-8")
    result = run(db, "purge", entry["id"], "--yes")
    assert result.exit_code == 1
    assert "changed since memrev imported it" in result.stdout and f"remains on disk: {hermes}" in result.stdout
    assert hermes_deploy_purged(db, entry["id"]) and bytes_found(db, root, entry["text"]) == [str(hermes)]


def hermes_deploy_purged(db: Path, entry_id: str) -> bool:
    return next(e for e in entries(db) if e["id"] == entry_id)["status"] == "purged"


def test_a_purge_killed_while_rewriting_pages_is_finished_by_the_next_command(demo, tmp_path: Path):
    db, root = demo
    bulk = [{"id": f"bulk-{i}", "text": f"Bulk note {i}: " + "the quick brown fox jumps " * 30} for i in range(4000)]
    ok(db, "import", f"jsonl:{write_lines(tmp_path / 'bulk.jsonl', bulk)}")  # VACUUM takes a while
    entry = hermes_deploy(db)
    child = subprocess.Popen([memrev_script(), "--db", str(db), "purge", entry["id"], "--yes"],
                             env=subprocess_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    watcher = MemoryStore(db, prepare=False)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            if watcher.get_meta(PENDING_KEY) is not None:  # phase 1 committed: the pages are being rewritten
                os.kill(child.pid, signal.SIGKILL)
                break
            time.sleep(0.002)
        child.wait(timeout=60)
        killed = child.returncode == -signal.SIGKILL and watcher.get_meta(PENDING_KEY) is not None
    finally:
        watcher.close()
    assert killed, "no kill landed between the two phases"
    result = ok(db, "list")  # any command that opens the store finishes the rewrite
    assert "finished rewriting the pages of an interrupted purge" in result.stderr
    again = ok(db, "purge", entry["id"], "--yes")
    assert "already purged" in again.stdout
    assert bytes_found(db, root, entry["text"]) == []


def test_purge_by_search_or_by_source_file_previews_exactly_what_it_matches(demo):
    db, root = demo
    hermes = root / "home" / ".hermes" / "memories" / "MEMORY.md"
    of_file = sorted(e["id"] for e in entries(db) if (e.get("source") or {}).get("file") == str(hermes))
    preview = json.loads(ok(db, "purge", "--source", str(hermes), "--dry-run", "--json").stdout)["preview"]
    assert sorted(preview["entries"]) == of_file and len(of_file) == 2
    matched = json.loads(ok(db, "purge", "--match", "DEPLOY_TOKEN", "--dry-run", "--json").stdout)["preview"]
    assert hermes_deploy(db)["id"] in matched["entries"]
    assert all("DEPLOY_TOKEN" in next(e["text"] for e in entries(db) if e["id"] == i) for i in matched["entries"])
    assert_one_line_error(run(db, "purge", "--match", "zzqqxx-nothing", "--yes"), "search 'zzqqxx-nothing'")


def test_export_of_the_frozen_set_leaves_out_an_entry_purged_since_the_freeze(demo) -> None:
    db, _ = demo
    ok(db, "freeze", "--hold-unreviewed", "--yes")
    deploy = hermes_deploy(db)
    assert deploy["id"] in ok(db, "export", "--frozen").stdout
    ok(db, "purge", deploy["id"], "--yes", "--reason", "test")
    assert deploy["id"] not in ok(db, "export", "--frozen").stdout
