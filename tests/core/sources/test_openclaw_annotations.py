"""OpenClaw's recall annotations and USER.md directives on a real workspace: read as attributes, kept out of the
text, written back byte for byte, and what is unknown reported once."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

from memrev.core.model import Entry, EntryType, Scope, Source
from memrev.core.sources.openclaw import ADAPTER
from memrev.core.sources.reconcile import reconcile

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "openclaw" / "annotated"


def workspace(tmp_path: Path) -> Path:
    target = tmp_path / "ws"
    shutil.copytree(FIXTURE, target)
    return target


def test_trailing_annotations_become_attributes_and_leave_the_text(tmp_path):
    root = workspace(tmp_path)
    read = ADAPTER.read(ADAPTER.source_for("openclaw", root))
    memory = [n for n in read.entries if n.file.name == "MEMORY.md"]
    assert [n.text for n in memory] == [
        "The gateway binds to loopback only; remote access goes through the SSH tunnel.",
        "Deploy previews run on port 4173. Source: memory/2026-07-30.md#L4-L5",
        "To quote a marker, write `<!-- trigger: x -->` in a code span; that is text, not a trigger.",
        "Release notes are drafted in docs/releases/ before tagging."]
    gateway, preview, quoted, release = memory
    assert (gateway.attributes["trigger"], gateway.attributes["importance"]) == ("gateway setup, network safety", "9")
    assert "project" not in gateway.attributes
    assert (preview.attributes["trigger"], preview.attributes["importance"], preview.attributes["project"]) == (
        "preview deploy", "6", "shop-web")
    assert "trigger" not in quoted.attributes  # inside a code span: text
    assert release.attributes["mentions"] == "3"
    assert read.warnings == [
        f"{root / 'MEMORY.md'}:10: annotation 'mentions' is unknown to memrev; kept untouched on write-back",
        f"{root / 'MEMORY.md'}:10: importance '12' is not a whole number from 1 to 10; OpenClaw ignores it"]
    assert not [n for n in read.entries if "openclaw-memory-promotion" in n.text]  # a marker, not a memory


def test_user_directives_carry_their_observed_date_and_status(tmp_path):
    root = workspace(tmp_path)
    read = ADAPTER.read(ADAPTER.source_for("openclaw", root))
    user = [n for n in read.entries if n.file.name == "USER.md"]
    assert [(n.text, n.attributes["status"], n.written_at, n.written_at_basis, n.type) for n in user] == [
        ("Prefer detailed explanations for every code change.", "superseded",
         datetime(2026, 5, 10, tzinfo=timezone.utc), "recorded", EntryType.USER),
        ("Prefer concise implementation summaries unless more detail is requested.", "active",
         datetime(2026, 7, 27, tzinfo=timezone.utc), "recorded", EntryType.USER),
        ("Always run the linter before proposing a commit.", "active",
         datetime(2026, 8, 2, tzinfo=timezone.utc), "recorded", EntryType.USER)]


def test_unchanged_entries_write_back_byte_for_byte(tmp_path):
    root = workspace(tmp_path)
    before = {name: (root / name).read_bytes() for name in ("MEMORY.md", "USER.md")}
    ref = ADAPTER.source_for("openclaw", root)
    read = ADAPTER.read(ref)
    result = ADAPTER.write(ref, reconcile(read, []).entries, expected=read)
    assert result.written == []
    assert {name: (root / name).read_bytes() for name in before} == before


def test_an_edited_entry_keeps_its_annotations_byte_for_byte(tmp_path):
    root = workspace(tmp_path)
    before = (root / "MEMORY.md").read_text()
    ref = ADAPTER.source_for("openclaw", root)
    read = ADAPTER.read(ref)
    entries = reconcile(read, []).entries
    edited = [e.evolve(text="Deploy previews run on port 4174. Source: memory/2026-07-30.md#L4-L5")
              if e.text.startswith("Deploy previews") else
              e.evolve(text="Prefer short implementation summaries unless more detail is requested.")
              if e.text.startswith("Prefer concise") else e for e in entries]
    new = Entry(id="m-new", text="Staging resets every Sunday.", type=EntryType.PROJECT, scope=Scope(),
                source=Source(agent="openclaw"))
    ADAPTER.write(ref, [*edited, new], expected=read)
    after = (root / "MEMORY.md").read_text()
    assert after.startswith(before.replace("port 4173", "port 4174"))
    assert "- Deploy previews run on port 4174. Source: memory/2026-07-30.md#L4-L5 <!-- trigger: preview deploy --> " \
           "<!-- importance: 6 --> <!-- project: shop-web -->\n" in after
    user = (root / "USER.md").read_text()
    assert "<!-- observed: 2026-07-27 | status: active -->\n\n- Prefer short implementation summaries" in user
    again = ADAPTER.read(ref)
    preview = [n for n in again.entries if n.text.startswith("Deploy previews")][0]
    assert preview.attributes["project"] == "shop-web" and preview.attributes["importance"] == "6"


def test_a_user_md_over_its_budget_is_a_warning(tmp_path):
    root = workspace(tmp_path)
    with (root / "USER.md").open("a") as handle:
        for day in range(1, 29):
            handle.write(f"\n<!-- observed: 2026-09-{day:02d} | status: active -->\n\n- Always {'x' * 120} {day}.\n")
    read = ADAPTER.read(ADAPTER.source_for("openclaw", root))
    assert any("USER.md budget; OpenClaw leaves the whole file out" in w for w in read.warnings)
