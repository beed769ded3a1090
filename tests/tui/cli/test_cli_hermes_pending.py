"""`memrev import hermes:HOME` shows Hermes's staged writes; `confirm` approves one and `revoke` rejects one."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import run


def test_the_pending_queue_from_the_command_line(tmp_path: Path) -> None:
    db, home = tmp_path / "memrev.db", tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    memory = home / "memories" / "MEMORY.md"
    memory.write_text("User prefers dark mode\n§\nProject uses Python 3.10", encoding="utf-8")
    for pending_id, payload in (
            ("a1", {"action": "replace", "target": "memory", "content": "Project uses Python 3.12",
                    "old_text": "3.10", "matched_entry": "Project uses Python 3.10"}),
            ("a2", {"action": "add", "target": "memory", "content": "Uses uv for envs"})):
        (home / "pending" / "memory" / f"{pending_id}.json").write_text(json.dumps(
            {"id": pending_id, "subsystem": "memory", "action": payload["action"], "origin": "background_review",
             "created_at": 1788943580.5, "payload": payload}), encoding="utf-8")
    assert run(db, "import", f"hermes:{home}").exit_code == 0
    staged = {e["text"]: e for e in json.loads(run(db, "list", "--json").stdout)
              if e["source"]["anchor"].startswith("staged by Hermes")}
    replace, add = staged["Project uses Python 3.12"], staged["Uses uv for envs"]
    assert 'target: "Project uses Python 3.10"' in replace["source"]["anchor"]
    assert "staged by Hermes: replace in MEMORY.md, pending a1" in run(db, "show", replace["id"]).stdout
    done = run(db, "confirm", replace["id"])
    assert done.exit_code == 0, done.stderr
    assert "Hermes staged replace a1 applied to MEMORY.md" in done.stdout
    assert "`memrev undo` cannot take it back" in done.stdout and "takes it back" not in done.stdout
    refused = run(db, "undo")
    assert refused.exit_code == 2 and "it decided Hermes's staged write" in refused.stderr
    assert memory.read_text(encoding="utf-8") == "User prefers dark mode\n§\nProject uses Python 3.12"
    rejected = run(db, "revoke", add["id"], "--reason", "not durable")
    assert rejected.exit_code == 0, rejected.stderr
    assert list((home / "pending" / "memory").iterdir()) == []
    assert memory.read_text(encoding="utf-8") == "User prefers dark mode\n§\nProject uses Python 3.12"
    log = json.loads(run(db, "log", "--json", "--entry", add["id"]).stdout)
    assert any(e["action"] == "revoke" and e["reason"] == "not durable; Hermes staged add a2 rejected (staged file "
               "deleted)" for e in log), log


def test_the_list_says_which_entries_hermes_staged_and_what_each_would_do(tmp_path: Path) -> None:
    db, home = tmp_path / "memrev.db", tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("User prefers dark mode\n§\nProject uses Python 3.10", encoding="utf-8")
    for pending_id, payload in (
            ("b1", {"action": "replace", "target": "memory", "content": "Project uses Python 3.12",
                    "old_text": "3.10", "matched_entry": "Project uses Python 3.10"}),
            ("b2", {"action": "add", "target": "user", "content": "Prefers terse replies"}),
            ("b3", {"action": "remove", "target": "memory", "old_text": "dark",
                    "matched_entry": "User prefers dark mode"})):
        (home / "pending" / "memory" / f"{pending_id}.json").write_text(json.dumps(
            {"id": pending_id, "subsystem": "memory", "action": payload["action"], "payload": payload}),
            encoding="utf-8")
    assert run(db, "import", f"hermes:{home}").exit_code == 0
    rows = {line.split()[0]: line for line in run(db, "list").stdout.splitlines()[1:]}
    staged = {e["id"]: e["text"] for e in json.loads(run(db, "list", "--json").stdout)
              if e["source"]["anchor"].startswith("staged by Hermes")}
    assert len(staged) == 3
    shown = {staged[entry_id]: rows[entry_id] for entry_id in staged}
    assert all("staged by Hermes" in line for line in shown.values())
    assert shown["Project uses Python 3.12"].endswith('replace "Project uses Python 3.10" with: Project uses Python 3.12')
    assert shown["Prefers terse replies"].endswith("add to USER.md: Prefers terse replies")
    assert shown["User prefers dark mode"].endswith("remove from MEMORY.md: User prefers dark mode")
    plain = [line for entry_id, line in rows.items() if entry_id not in staged]
    assert len(plain) == 2 and not any("staged by Hermes" in line for line in plain)


def test_confirming_a_staged_write_that_holds_a_secret_says_why_in_one_line(tmp_path: Path) -> None:
    db, home = tmp_path / "memrev.db", tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    memory = home / "memories" / "MEMORY.md"
    memory.write_text("User prefers dark mode", encoding="utf-8")
    token = "ghp_" + "Hd3Jf5Gs0Ya2UeTZq7Xw2Lm9Kp4Rt6Vb1Nc8Q"
    staged = home / "pending" / "memory" / "s1.json"
    staged.write_text(json.dumps({"id": "s1", "payload": {"action": "add", "target": "memory",
                                                          "content": f"Deploy with {token}"}}), encoding="utf-8")
    assert run(db, "import", f"hermes:{home}").exit_code == 0
    (entry_id,) = [e["id"] for e in json.loads(run(db, "list", "--json").stdout)
                   if e["source"]["anchor"].startswith("staged by Hermes")]
    refused = run(db, "confirm", entry_id)
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1 and token not in refused.stderr
    assert "holds a secret" in refused.stderr and "into Hermes's MEMORY.md" in refused.stderr
    assert memory.read_text(encoding="utf-8") == "User prefers dark mode" and staged.exists()
    assert run(db, "revoke", entry_id, "--reason", "holds a token").exit_code == 0 and not staged.exists()


def test_a_staged_batch_is_listed_operation_by_operation_and_confirmed_whole(tmp_path: Path) -> None:
    db, home = tmp_path / "memrev.db", tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    memory = home / "memories" / "MEMORY.md"
    memory.write_text("User prefers dark mode\n§\nProject uses Python 3.10", encoding="utf-8")
    operations = [{"action": "add", "content": "Uses uv for envs"},
                  {"action": "replace", "content": "Project uses Python 3.12", "matched_entry": "Project uses Python 3.10"}]
    staged_file = home / "pending" / "memory" / "c1.json"
    staged_file.write_text(json.dumps({"id": "c1", "subsystem": "memory", "action": "batch", "payload": {
        "action": "batch", "target": "memory", "operations": operations}}), encoding="utf-8")
    assert run(db, "import", f"hermes:{home}").exit_code == 0
    staged = {e["text"]: e["id"] for e in json.loads(run(db, "list", "--json").stdout)
              if e["source"]["anchor"].startswith("staged by Hermes")}
    rows = {line.split()[0]: line for line in run(db, "list").stdout.splitlines()[1:]}
    assert rows[staged["Uses uv for envs"]].endswith("[batch 1/2] add to MEMORY.md: Uses uv for envs")
    assert '[batch 2/2] replace "Project uses Python 3.10" with: ' in rows[staged["Project uses Python 3.12"]]
    assert "operation 1 of 2 of one staged batch" in run(db, "show", staged["Uses uv for envs"]).stdout
    queue = {e["id"] for e in json.loads(run(db, "list", "--json", "--where", "status:staged").stdout)}
    assert queue == set(staged.values())  # the approval queue alone, with the app's filter
    done = run(db, "confirm", staged["Uses uv for envs"])
    assert done.exit_code == 0, done.stderr
    confirmed = [line for line in done.stdout.splitlines() if line.startswith("confirmed ")]
    assert sorted(line.split()[1].rstrip(":") for line in confirmed) == sorted(staged.values())
    assert all("Hermes staged batch c1 (2 operations) applied to MEMORY.md" in line for line in confirmed)
    assert memory.read_text(encoding="utf-8") == "User prefers dark mode\n§\nProject uses Python 3.12\n§\nUses uv for envs"
    assert not staged_file.exists()
