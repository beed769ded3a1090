"""The demo's fake AWS key and GitHub token never appear in the output of any command, nor in memrev's files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import run

AWS_KEY, AWS_SECRET, TOKEN = ("AKIAQ3T7ZP2WX8N5M4KD", "h7Kq2Zr9Lm4Xv8Tn3Wp6+c1Bf5Gd0Js2Ra7Ue9Qo",
                              "ghp_FAKEd3m0T0k3nN0tR3alQx7Lp2Zk9Vw4Ys8B")
SECRET_ENTRY = "demo-16-malicious-secret"


def leaks(text: str) -> list[str]:
    """Each of the demo's secrets found in a text, in any form it could be printed or stored in."""
    found = []
    for secret in (AWS_KEY, AWS_SECRET, TOKEN):
        for form in (secret, json.dumps(secret)[1:-1], secret[4:]):
            if form in text:
                found.append(form)
    return found


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The demo, imported by `memrev demo` (shared: every command here only reads, except the last test)."""
    root = tmp_path_factory.mktemp("secrets") / "demo"
    db = root.parent / "m.db"
    result = run(db, "demo", "--dir", str(root), "--no-tui")
    assert result.exit_code == 0, result.stderr
    assert leaks(result.stdout + result.stderr) == []
    return db, root


COMMANDS = [
    ("list",), ("list", "--json"), ("list", "--status", "blocked"), ("show", SECRET_ENTRY), ("show", SECRET_ENTRY, "--json"),
    ("export",), ("export", "--include-sensitive"), ("check",), ("check", "--json"), ("check", "--sarif"),
    ("log",), ("log", "--json"), ("rejections",), ("rejections", "--json"), ("conflicts",), ("conflicts", "--json"),
    ("freeze", "--preview"), ("freeze", "--preview", "--json"), ("freezes",), ("sources",),
    ("hook", "session-start"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_command_prints_the_demos_secrets(demo, command: tuple[str, ...]) -> None:
    db, root = demo
    result = run(db, "--repo", str(root / "shop"), *command)
    assert result.exit_code in (0, 1), f"{command}: {result.stderr}"
    assert leaks(result.stdout + result.stderr) == [], command


def test_the_secret_entry_is_there_redacted_and_blocked(demo) -> None:
    db, _ = demo
    shown = json.loads(run(db, "show", SECRET_ENTRY, "--json", "--reveal").stdout)
    text = shown["entry"]["text"] if "entry" in shown else shown["text"]
    assert "⟦secret: aws-access-key, 20 chars, #" in text and "⟦secret: github-token, 40 chars, #" in text
    assert "⟦secret: aws-secret-key, 40 chars, #" in text and leaks(text) == []


def test_memrevs_own_files_hold_no_secret(demo) -> None:
    db, _ = demo
    for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        if path.exists():
            data = path.read_bytes()
            for secret in (AWS_KEY, AWS_SECRET, TOKEN):
                for form in (secret.encode(), secret.encode("utf-16-le"), secret.encode("utf-16-be")):
                    assert form not in data, f"{path.name} holds {secret[:4]}…"
