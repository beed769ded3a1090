"""`memrev sensitive`, and what every reading command does with a sensitive entry: `show` masks it unless
`--reveal` (logged), `list` masks it, `export` leaves it out unless `--include-sensitive`, `check --json` and SARIF
quote nothing from its text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, ok, run

from memrev.core.model import Entry, EntryType, Source
from memrev.core.scan.redaction import Redactor
from memrev.core.store.memory_store import MemoryStore

AWS = "AKIAQ3T7ZP2WX8N5M4KD"
PRIVATE = "Alice Liddell's phone is 555-0134; she owns billing."
STALE = "demo-03-stale-renamed-utils"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A store with a plain entry, a private one, and one whose AWS key the redactor replaced (as an import does)."""
    path = tmp_path / "sensitive.db"
    with MemoryStore(path) as store:
        redactor = Redactor.for_store(store)
        secret = redactor.redact(f"The staging key is {AWS} until March.")
        with store.transaction():
            redactor.remember(store)
        store.apply([Entry("plain-1", "Run `make test` before pushing.", type=EntryType.FEEDBACK),
                     Entry("private-2", PRIVATE, type=EntryType.USER),
                     Entry("secret-3", secret.text, type=EntryType.REFERENCE,
                           source=Source(agent="claude", file=str(tmp_path / "MEMORY.md")))], actor="import")
    return path


def exported(result) -> list[dict]:
    """The entries an export printed (its rejection lines left aside)."""
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return [row for row in rows if "rejection" not in row]


def test_sensitive_marks_and_unmarks_with_a_reason_and_undo(db: Path) -> None:
    result = ok(db, "sensitive", "private-2", "--reason", "a customer's phone")
    assert "sensitive: private-2 (a customer's phone)" in result.stdout and "memrev undo" in result.stdout
    log = json.loads(ok(db, "log", "--json", "--entry", "private-2").stdout)
    assert (log[-1]["action"], log[-1]["reason"]) == ("sensitive", "a customer's phone")
    again = json.loads(ok(db, "sensitive", "private-2", "--json").stdout)
    assert again["changed"] == [] and "already marked sensitive" in again["skipped"][0]["why"]
    off = ok(db, "sensitive", "private-2", "secret-3", "--off", "--reason", "public now")
    assert "not sensitive: private-2" in off.stdout
    assert "unchanged secret-3: its text holds a redacted secret" in off.stdout
    ok(db, "undo")
    assert PRIVATE not in ok(db, "list").stdout  # the undo put the mark back


def test_sensitive_refuses_an_unknown_id_in_one_line(db: Path) -> None:
    assert_one_line_error(run(db, "sensitive", "plain-1", "nope"), "no entry with id 'nope'")
    assert json.loads(ok(db, "log", "--json").stdout)[-1]["action"] != "sensitive"


def test_show_masks_a_sensitive_entry_and_reveal_shows_it_and_is_logged(db: Path) -> None:
    ok(db, "sensitive", "private-2", "--reason", "personal data")
    masked = ok(db, "show", "private-2").stdout
    assert PRIVATE not in masked and "Alice" not in masked
    assert "⟦sensitive · 52 chars · `memrev show private-2 --reveal` shows it (logged)⟧" in masked
    assert "sensitive: marked by" in masked and "personal data" in masked
    as_json = json.loads(ok(db, "show", "private-2", "--json").stdout)
    assert as_json["entry"]["text"] is None and as_json["entry"]["sensitive"] is True
    assert "Alice" not in json.dumps(as_json)  # nor in the revisions and the import event's snapshot
    assert not [e for e in as_json["events"] if e["action"] == "reveal"]
    revealed = ok(db, "show", "private-2", "--reveal").stdout
    assert PRIVATE in revealed
    reveal = json.loads(ok(db, "log", "--json", "--entry", "private-2").stdout)[-1]
    assert (reveal["action"], reveal["before"], reveal["after"], reveal["reason"]) == \
        ("reveal", None, None, "shown in memrev show")
    plain = ok(db, "show", "plain-1", "--reveal").stdout  # nothing to reveal: shown, nothing logged
    assert "make test" in plain
    assert not [e for e in json.loads(ok(db, "log", "--json", "--entry", "plain-1").stdout) if e["action"] == "reveal"]


def test_show_says_the_agents_file_still_holds_a_redacted_secret(db: Path, tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(f"- The staging key is {AWS} until March.\n")
    shown = ok(db, "show", "secret-3").stdout
    assert "sensitive: its text holds a redacted secret" in shown and AWS not in shown
    assert "still holds the secret until the next freeze" in shown and str(tmp_path / "MEMORY.md") in shown


def test_list_masks_sensitive_texts(db: Path) -> None:
    ok(db, "sensitive", "private-2")
    listed = ok(db, "list").stdout
    assert "Alice" not in listed and "⟦sensitive · 52 chars⟧" in listed and "make test" in listed
    assert "⟦secret:" not in listed  # the scanner's sensitive entry is masked too
    rows = {row["id"]: row for row in json.loads(ok(db, "list", "--json").stdout)}
    assert rows["private-2"]["text"] is None and rows["private-2"]["sensitive"] is True
    assert rows["secret-3"]["text"] is None and rows["plain-1"]["sensitive"] is False
    assert rows["plain-1"]["text"] == "Run `make test` before pushing."


def test_export_leaves_sensitive_entries_out_unless_asked(db: Path, tmp_path: Path) -> None:
    ok(db, "sensitive", "private-2")
    result = ok(db, "export")
    assert [e["id"] for e in exported(result)] == ["plain-1"]
    assert "left out 2 sensitive entries (--include-sensitive exports them)" in result.stderr
    everything = ok(db, "export", "--include-sensitive")
    assert sorted(e["id"] for e in exported(everything)) == ["plain-1", "private-2", "secret-3"]
    assert "left out" not in everything.stderr
    assert AWS not in everything.stdout  # a redacted secret stays redacted even then
    to_file = ok(db, "export", "-o", str(tmp_path / "out.jsonl"))
    assert "exported 1 entries" in to_file.stderr and "left out 2" in to_file.stderr


def test_check_json_and_sarif_quote_nothing_from_a_sensitive_entry(demo_db: Path, demo_build) -> None:
    with MemoryStore(demo_db) as store:
        text = store.get(STALE).text
    ok(demo_db, "sensitive", STALE)
    result = run(demo_db, "check", "--repo", str(demo_build.repo), "--no-import", "--json")
    report = json.loads(result.stdout)
    row = next(e for e in report["entries"] if e["id"] == STALE)
    assert row["text"] is None and row["sensitive"] is True and row["verdict"] == "stale"
    ref = next(r for r in row["references"] if r["kind"] == "path")
    assert "text" not in ref and "span" not in ref
    assert ref["value"] == "src/shop/utils.py" and ref["suggestion"] == "src/shop/helpers.py" and ref["evidence"]
    assert row["fingerprints"] and text not in result.stdout
    other = next(e for e in report["entries"] if e["id"] == "demo-02-fresh-discount")
    assert other["text"] and "sensitive" not in other
    sarif = run(demo_db, "check", "--repo", str(demo_build.repo), "--no-import", "--sarif")
    ours = [r for r in json.loads(sarif.stdout)["runs"][0]["results"] if r["properties"]["entryId"] == STALE]
    assert ours and all(r["properties"]["sensitive"] for r in ours) and text not in sarif.stdout
    plain = run(demo_db, "check", "--repo", str(demo_build.repo), "--no-import")
    assert f"{STALE}  stale" in plain.stdout and "⟦sensitive ·" in plain.stdout and text.split("\n")[0] not in plain.stdout
    baseline_keys = {key for e in report["entries"] for key in e["fingerprints"]}
    unmarked = ok(demo_db, "sensitive", STALE, "--off")
    assert unmarked.stdout
    again = json.loads(run(demo_db, "check", "--repo", str(demo_build.repo), "--no-import", "--json").stdout)
    assert {key for e in again["entries"] for key in e["fingerprints"]} == baseline_keys  # baselines still match


def test_a_fix_shows_a_sensitive_entrys_diff_only_with_a_logged_reveal(demo_db: Path, demo_build) -> None:
    ok(demo_db, "sensitive", STALE)
    result = run(demo_db, "--repo", str(demo_build.repo), "fix", STALE, "--yes")
    assert result.exit_code == 0, result.output
    assert "src/shop/helpers.py" in result.stdout
    reveal = [e for e in json.loads(ok(demo_db, "log", "--json", "--entry", STALE).stdout) if e["action"] == "reveal"]
    assert [e["reason"] for e in reveal] == ["shown in memrev fix"]
