"""The format-drift guard for Codex and Hermes: a key, marker or section of an agent's file that memrev does not
know is said once at import (naming the file and the key), and write-back leaves it exactly as the agent wrote it."""

from __future__ import annotations

import json
from pathlib import Path

from memrev.core.sources.base import SourceRead, SourceRef
from memrev.core.sources.codex import CodexAdapter
from memrev.core.sources.hermes import ADAPTER as HERMES
from memrev.core.sources.reconcile import reconcile

HANDBOOK = """# Task Group: shop tests

scope: running the shop's integration tests
applies_to: cwd=~/src/shop; reuse_rule=safe for this checkout only; branch=main
confidence: high

## Task 1: fix the flaky order test, passed after seeding the DB

### rollout_summary_files

- rollout_summaries/2026-05-03T10-11-12-a1B2-flaky.md (cwd=~/src/shop, updated_at=2026-05-03T10:40:00Z, \
thread_id=t-1, model=gpt-9, fixed the flake)

### keywords

- pytest, seed_db

### verification

- re-ran the suite three times

## Reusable knowledge

- seed the DB with `pnpm seed_db` before the suite [Task 1]
- the suite takes four minutes [Task 1]

## Open questions

- should the seed run in CI? [Task 1]

# Notes for humans

Written by hand, outside any task group.
"""

SUMMARY = """v1

## User preferences

- use pnpm, never npm

## Team Notes

- the shop's on-call rota lives in the wiki
"""


def unknown(read: SourceRead) -> list[str]:
    return [warning for warning in read.warnings if "unknown to memrev" in warning]


def test_codex_names_each_unknown_key_and_section_once_and_writes_them_back_untouched(tmp_path: Path) -> None:
    memories = tmp_path / ".codex" / "memories"
    memories.mkdir(parents=True)
    handbook, summary = memories / "MEMORY.md", memories / "memory_summary.md"
    handbook.write_text(HANDBOOK, encoding="utf-8")
    summary.write_text(SUMMARY, encoding="utf-8")
    adapter = CodexAdapter()
    ref = SourceRef("codex", memories)
    read = adapter.read(ref)
    tail = "is unknown to memrev; kept untouched on write-back"
    assert unknown(read) == [
        f"{summary}:7: section 'Team Notes' {tail}",
        f"{handbook}:4: applies_to setting 'branch' {tail}",
        f"{handbook}:5: task-group header key 'confidence' {tail}",
        f"{handbook}:11: rollout annotation field 'model' {tail}",
        f"{handbook}:17: task part 'verification' {tail}",
        f"{handbook}:26: task-group section 'Open questions' {tail}",
        f"{handbook}:30: top-level section 'Notes for humans' {tail}",
    ]
    assert len(adapter.read(ref).warnings) == len(read.warnings)  # once per import, not once per entry
    entries = [entry.evolve(text="seed the DB with `pnpm seed_db` first [Task 1]")
               if entry.text.startswith("seed the DB") else entry
               for entry in reconcile(read, []).entries if not entry.text.startswith("the suite takes")]
    adapter.write(ref, entries, expected=read)
    after = handbook.read_text(encoding="utf-8")
    assert after == HANDBOOK.replace("- seed the DB with `pnpm seed_db` before the suite [Task 1]\n"
                                     "- the suite takes four minutes [Task 1]\n",
                                     "- seed the DB with `pnpm seed_db` first [Task 1]\n")
    assert summary.read_text(encoding="utf-8") == SUMMARY


def test_codex_in_its_known_shape_says_nothing_of_drift(tmp_path: Path) -> None:
    memories = tmp_path / ".codex" / "memories"
    memories.mkdir(parents=True)
    known = HANDBOOK.replace("; branch=main", "").replace("confidence: high\n", "").replace(", model=gpt-9", "")
    known = known.split("### verification")[0] + "## Reusable knowledge" + known.split("## Reusable knowledge")[1]
    (memories / "MEMORY.md").write_text(known.split("## Open questions")[0], encoding="utf-8")
    (memories / "memory_summary.md").write_text(SUMMARY.split("## Team Notes")[0], encoding="utf-8")
    assert unknown(CodexAdapter().read(SourceRef("codex", memories))) == []


def test_hermes_names_each_unknown_key_and_file_once_and_never_writes_them(tmp_path: Path) -> None:
    home = tmp_path / ".hermes"
    memories, pending = home / "memories", home / "pending" / "memory"
    memories.mkdir(parents=True)
    pending.mkdir(parents=True)
    (memories / "MEMORY.md").write_text("User prefers dark mode\n§\nProject uses Python 3.10", encoding="utf-8")
    (memories / "MEMORY.md.bak.1788943580").write_text("an old copy", encoding="utf-8")  # Hermes's own: known
    (memories / "SOUL.md").write_text("a file Hermes may grow one day", encoding="utf-8")
    config = home / "config.yaml"
    config.write_text("memory:\n  memory_char_limit: 3000\n  provider: mnemosyne\n  write_approval: true\n",
                      encoding="utf-8")
    for pending_id in ("p1", "p2"):
        (pending / f"{pending_id}.json").write_text(json.dumps({
            "id": pending_id, "subsystem": "memory", "action": "add", "expires_at": 1788999999,
            "payload": {"action": "add", "target": "memory", "new_text": f"Uses uv ({pending_id})",
                        "confidence": "high"}}), encoding="utf-8")
    ref = SourceRef("hermes", memories)
    read = HERMES.read(ref)
    tail = "is unknown to memrev; kept untouched on write-back"
    assert unknown(read) == [
        f"{config}:3: key 'memory.provider' {tail}",
        f"{pending / 'p1.json'} (and 1 more file): staged-write field 'expires_at' is unknown to memrev; "
        "the staged file is left as Hermes wrote it",
        f"{pending / 'p1.json'} (and 1 more file): staged-write field 'payload.confidence' is unknown to memrev; "
        "the staged file is left as Hermes wrote it",
    ]
    assert [w for w in read.warnings if "does not know" in w] == [
        f"{memories / 'SOUL.md'}: a file memrev does not know in Hermes's memory folder; not read, kept untouched "
        "on write-back"]
    assert sorted(n.text for n in read.entries if n.anchor.startswith("staged")) == ["Uses uv (p1)", "Uses uv (p2)"]
    others = {path: path.read_bytes() for path in (config, memories / "SOUL.md", memories / "MEMORY.md.bak.1788943580",
                                                    pending / "p1.json", pending / "p2.json")}
    kept = [e for e in reconcile(read, []).entries if e.text != "User prefers dark mode"]
    HERMES.write(ref, kept, expected=read)
    assert (memories / "MEMORY.md").read_text(encoding="utf-8") == "Project uses Python 3.10"
    assert {path: path.read_bytes() for path in others} == others
