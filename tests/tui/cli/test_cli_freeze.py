"""`memrev freeze`, `freezes`, `rollback`, `export --frozen` and the session-start brief on a fresh demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, ok, run


@pytest.fixture
def demo(tmp_path: Path) -> tuple[Path, Path]:
    """A fresh demo (its own files, so a freeze may write them), imported by `memrev demo`; (db, demo root)."""
    root = tmp_path / "demo"
    db = tmp_path / "m.db"
    ok(db, "demo", "--dir", str(root), "--no-tui")
    return db, root


def snapshot(root: Path) -> dict[str, bytes]:
    """Every memory file of the demo's agents, by path (Hermes's lock files aside)."""
    return {str(p): p.read_bytes() for folder in (root / "home", root / "shop") for p in sorted(folder.rglob("*"))
            if p.is_file() and ".git" not in p.parts and p.suffix != ".lock"}


def settle(db: Path, root: Path) -> None:
    """A person vouches for every entry that needs one, checked against the demo repository."""
    for _ in range(3):  # a confirmation re-checks everything, which may surface more
        waiting = json.loads(ok(db, "--repo", str(root / "shop"), "freeze", "--preview", "--json").stdout)
        if not waiting["needs_person"]:
            return
        ok(db, "--repo", str(root / "shop"), "confirm", "--despite-stale", *[i["id"] for i in waiting["needs_person"]])


def test_the_demo_after_review_freezes_reimports_as_reviewed_and_rolls_back_byte_for_byte(demo) -> None:
    db, root = demo
    before = snapshot(root)
    preview = json.loads(ok(db, "freeze", "--preview", "--json").stdout)
    assert preview["refused"] and preview["needs_person"], "open conflicts need a person first"
    refused = run(db, "freeze", "--yes")
    assert refused.exit_code == 1 and "need a person" in refused.stderr
    assert snapshot(root) == before
    shop = str(root / "shop")
    ok(db, "--repo", shop, "confirm", *[item["id"] for item in preview["needs_person"]])
    waiting = json.loads(ok(db, "freeze", "--preview", "--json").stdout)["needs_person"]  # now checked against shop
    assert waiting and all(item["why"].startswith(("stale", "contradicted")) for item in waiting)
    ok(db, "--repo", shop, "revoke", *[item["id"] for item in waiting], "--reason", "stale")
    hermes = root / "home" / ".hermes" / "memories" / "MEMORY.md"
    deploy = next(e for e in json.loads(ok(db, "list", "--json").stdout) if "DEPLOY_TOKEN" in (e["text"] or ""))
    ok(db, "--repo", shop, "revoke", deploy["id"], "--reason", "the token moved to the vault")
    text = ok(db, "freeze", "--preview").stdout
    assert "MEMORY (your personal notes) [" in text and "-Deploys need the DEPLOY_TOKEN" in text
    planned = {s["source"]: s for s in json.loads(ok(db, "freeze", "--preview", "--json").stdout)["sources"]}
    written = ok(db, "freeze", "--yes")
    assert "froze #1" in written.stdout and str(hermes) in written.stdout
    assert "DEPLOY_TOKEN" not in hermes.read_text(encoding="utf-8")
    hermes_plan = next(s for label, s in planned.items() if label.startswith("hermes:"))
    assert hermes_plan["changed"] == [str(hermes)]
    ok(db, "import", f"hermes:{hermes.parent}")
    listed = json.loads(ok(db, "list", "--json").stdout)
    live = [e for e in listed if str(hermes.parent) in (e["source"]["file"] or "")
            and e.get("removed_at") is None and e["status"] != "revoked"]
    assert sorted(e["id"] for e in live) == sorted(hermes_plan["kept"])
    staged = [e for e in listed if "pending" in (e["source"]["file"] or "") and e.get("removed_at") is None]
    left_out = {item["id"]: item["reason"] for item in hermes_plan["left_out"]}
    assert staged and all(left_out[e["id"]].startswith("staged by Hermes") for e in staged)  # waits, never written
    assert ok(db, "freeze", "--check").stdout.startswith("green")
    history = json.loads(ok(db, "freezes", "--json").stdout)
    assert [(h["id"], h["kind"]) for h in history] == [(1, "freeze")]
    back = ok(db, "rollback")
    assert "rolled back as #2" in back.stdout
    assert snapshot(root) == before


def test_the_gate_turns_red_when_the_agent_writes_after_a_freeze(demo) -> None:
    db, root = demo
    assert run(db, "freeze", "--check").exit_code == 1
    ok(db, "freeze", "--yes", "--hold-unreviewed")
    held = run(db, "freeze", "--check")
    assert held.exit_code == 1 and "need a person" in held.stdout, "held entries still wait for a person"
    settle(db, root)
    ok(db, "freeze", "--yes")
    assert run(db, "freeze", "--check").exit_code == 0
    user = root / "home" / ".hermes" / "memories" / "USER.md"
    user.write_text(user.read_text(encoding="utf-8") + "\n§\nAna moved to the payments team.", encoding="utf-8")
    red = run(db, "freeze", "--check")
    assert red.exit_code == 1 and str(user) in red.stdout and red.stdout.startswith("red")
    gate = json.loads(run(db, "freeze", "--check", "--json").stdout)
    assert gate["green"] is False and gate["changed_files"] == [str(user)]
    brief = run(db, "hook", "session-start")
    assert "Since freeze #2" in brief.stdout and str(user) in brief.stdout
    workspace = root / "home" / ".openclaw" / "workspace" / "MEMORY.md"  # a file the freeze rewrote
    workspace.write_text(workspace.read_text(encoding="utf-8") + "- Ana now uses pnpm.\n", encoding="utf-8")
    refused = run(db, "rollback")
    assert refused.exit_code == 1 and "the agent wrote since" in refused.stderr and str(workspace) in refused.stderr
    assert "pnpm" in workspace.read_text(encoding="utf-8")


def test_export_frozen_gives_only_what_the_last_freeze_kept(demo, tmp_path: Path) -> None:
    db, _ = demo
    assert_one_line_error(run(db, "export", "--frozen"), "nothing frozen yet")
    ok(db, "freeze", "--yes", "--hold-unreviewed")
    exported = [json.loads(line) for line in ok(db, "export", "--frozen").stdout.splitlines() if line.strip()]
    everything = [json.loads(line) for line in ok(db, "export").stdout.splitlines() if line.strip()]
    assert exported and len(exported) < len(everything)
    assert all(e["source"]["agent"] != "manual" for e in exported), "only entries of frozen agent sources"


def test_freeze_asks_before_writing_and_refuses_contradicting_policies(demo) -> None:
    db, root = demo
    before = snapshot(root)
    asked = run(db, "freeze", "--hold-unreviewed")
    assert asked.exit_code == 2 and "--yes" in asked.stderr
    assert snapshot(root) == before
    assert_one_line_error(run(db, "freeze", "--keep-unreviewed", "--hold-unreviewed"), "contradict")
    assert "no freeze yet" in ok(db, "freezes").stdout
