"""Imported entries keep the attributes a person reviews by (Claude's pinned and links, OpenClaw's annotations and
directive headers) in the store, and a change of one in the agent's file is a revision."""

from __future__ import annotations

import shutil
from pathlib import Path

from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _by_file(store: MemoryStore) -> dict[str, list]:
    found: dict[str, list] = {}
    for entry in store.entries():
        found.setdefault(Path(entry.source.file).name, []).append(entry)
    return found


def test_claude_pins_links_and_names_are_stored_and_bookkeeping_is_not(tmp_path):
    memdir = tmp_path / "p" / "memory"
    shutil.copytree(FIXTURES / "claude" / "shapes" / "indexed", memdir)
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, SourceRef("claude", memdir), actor="t")
        files = _by_file(store)
    tone = files["user_review_tone.md"][0].attributes
    assert tone["pinned"] == "yes" and tone["links"] == "Payments freeze" and tone["name"] == "Review tone"
    assert tone["path"] == "user_review_tone.md"
    staging = files["feedback_staging_db.md"][0].attributes
    assert "pinned" not in staging and staging["links"].split("\n") == ["project_payments_freeze", "staging_seeds"]
    assert staging["modified"].startswith("2026-07-21")
    for kept in (tone, staging):
        assert not {"type_at", "frontmatter", "indexed", "unknown_keys"} & set(kept)  # write-back bookkeeping


def test_openclaw_annotations_and_directive_headers_are_stored(tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "openclaw" / "annotated", root)
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, SourceRef("openclaw", root), actor="t")
        files = _by_file(store)
    memory = {entry.text.split(";")[0].split(".")[0]: dict(entry.attributes) for entry in files["MEMORY.md"]}
    assert memory["The gateway binds to loopback only"] == {"trigger": "gateway setup, network safety",
                                                            "importance": "9"}
    assert memory["Deploy previews run on port 4173"] == {"trigger": "preview deploy", "importance": "6",
                                                          "project": "shop-web"}
    assert memory["Release notes are drafted in docs/releases/ before tagging"] == {"importance": "12",
                                                                                   "mentions": "3"}
    statuses = sorted(entry.attributes["status"] for entry in files["USER.md"])
    assert statuses == ["active", "active", "superseded"]
    assert all(entry.attributes["observed"].startswith("2026-") for entry in files["USER.md"])


def test_a_changed_annotation_is_a_revision_and_an_unchanged_one_is_not(tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "openclaw" / "annotated", root)
    ref = SourceRef("openclaw", root)
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, ref, actor="t")
        again = import_source(store, ref, actor="t")
        assert not again.revised and not again.added
        memory = root / "MEMORY.md"
        memory.write_text(memory.read_text(encoding="utf-8").replace("<!-- importance: 9 -->",
                                                                     "<!-- importance: 4 -->"), encoding="utf-8")
        changed = import_source(store, ref, actor="t")
        assert len(changed.revised) == 1 and not changed.added and not changed.removed
        entry = store.get(changed.revised[0])
    assert entry.attributes["importance"] == "4" and entry.version == 2
    assert entry.text.startswith("The gateway binds to loopback only")
