"""The demo's memory in the agents' newest shapes (a Claude topic file with its type under `metadata:`, `modified`,
`pinned` and a `[[link]]`; an OpenClaw MEMORY.md line with trailing comments; a write Hermes staged for approval)
imports with its attributes and writes back byte for byte."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.demo.builder import build_demo
from memrev.core.model import EntryType, Status
from memrev.core.sources.registry import discover_all
from memrev.core.sources.sync import import_source, stored_for, write_source
from memrev.core.store.memory_store import MemoryStore


@pytest.fixture
def imported(tmp_path: Path):
    """The demo built afresh and its Claude, OpenClaw and Hermes memory imported into a store."""
    demo = build_demo(tmp_path / "demo")
    refs = {ref.kind: ref for ref in discover_all(cwd=demo.repo, home=demo.home, env={})
            if ref.kind in ("claude", "openclaw", "hermes")}
    assert set(refs) == {"claude", "openclaw", "hermes"}
    with MemoryStore(tmp_path / "m.db") as store:
        for ref in refs.values():
            result = import_source(store, ref, actor="test")
            assert not result.read.warnings, result.read.warnings
        yield demo, store, refs


def _one(entries, words: str):
    found = [entry for entry in entries if words in entry.text]
    assert len(found) == 1, [entry.text for entry in entries]
    return found[0]


def test_the_claude_memory_in_the_newest_shape_imports_with_its_pin_and_link(imported):
    _, store, refs = imported
    tags = _one(stored_for(store, refs["claude"]), "Tag the release on main before deploying")
    assert tags.type is EntryType.FEEDBACK  # read from `metadata: type:`
    assert tags.provenance.written_at == datetime(2026, 5, 19, 16, 40, tzinfo=timezone.utc)
    assert tags.provenance.written_at_basis == "recorded"  # from `modified`, not the file time
    assert tags.attributes["pinned"] == "yes" and tags.attributes["links"] == "reference_deploy"


def test_the_openclaw_line_keeps_its_comments_as_attributes_out_of_its_text(imported):
    _, store, refs = imported
    rounding = _one(stored_for(store, refs["openclaw"]), "round half up")
    assert "<!--" not in rounding.text
    assert dict(rounding.attributes) == {"trigger": "discount, rounding", "importance": "7", "project": "shop"}


def test_the_hermes_staged_write_is_a_pending_entry_naming_its_target(imported):
    _, store, refs = imported
    staged = _one([entry for entry in store.entries() if entry.source.agent == "hermes"], "--output FILE")
    assert staged.status is Status.PENDING
    assert staged.source.anchor.startswith("staged by Hermes: replace in MEMORY.md")
    assert staged.attributes["action"] == "replace"
    assert staged.attributes["target_entry"] == "The shop CLI exports CSV with `shop export`."


def _in_file_order(entries) -> list:
    """Entries as their files hold them (file, then first line), the order a write-back keeps."""
    def place(entry):
        file, _, lines = (entry.provenance.citation or "").rpartition(":")
        return file, int(lines.split("-")[0] or 0)
    return sorted(entries, key=place)


def _tree(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("kind", ["claude", "openclaw", "hermes"])
def test_writing_back_what_was_imported_changes_no_byte(imported, kind):
    demo, store, refs = imported
    before = _tree(demo.home)
    live = _in_file_order(entry for entry in stored_for(store, refs[kind]) if entry.removed_at is None)
    result = write_source(store, refs[kind], live, actor="test")
    assert not result.written and not result.removed
    assert _tree(demo.home) == before  # the staged Hermes write's file included: only a decision removes it
