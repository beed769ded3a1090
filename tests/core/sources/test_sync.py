"""Writing a reviewed set back to an agent's files through the store: drift since the import is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from memrev.core.demo.builder import build_demo
from memrev.core.sources.hermes_pending import is_staged
from memrev.core.store.memory_store import MemoryStore


@pytest.fixture
def demo(tmp_path: Path):
    """A fresh demo build whose native files the test edits."""
    return build_demo(tmp_path / "demo")


def test_write_back_refuses_when_the_agent_wrote_since_the_import(demo, tmp_path: Path) -> None:
    from memrev.core.sources.base import DriftError
    from memrev.core.sources.registry import adapter_for
    from memrev.core.sources.sync import import_source, stored_for, write_source

    ref = adapter_for("hermes").source_for("hermes", demo.home / ".hermes")
    memory = demo.home / ".hermes" / "memories" / "MEMORY.md"
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, ref, actor="test")
        keep = [e for e in stored_for(store, ref) if "DEPLOY_TOKEN" not in e.text]
        memory.write_text(memory.read_text(encoding="utf-8") + "\n§\nAn entry Hermes added after the import.",
                          encoding="utf-8")
        before = memory.read_bytes()
        with pytest.raises(DriftError, match="changed since memrev imported it"):
            write_source(store, ref, keep, actor="test")
        assert memory.read_bytes() == before  # nothing written, the agent's entry kept
        import_source(store, ref, actor="test")  # re-import, review, then write
        keep = [e for e in stored_for(store, ref) if "DEPLOY_TOKEN" not in e.text and e.removed_at is None]
        write_source(store, ref, keep, actor="test")
        text = memory.read_text(encoding="utf-8")
        assert "DEPLOY_TOKEN" not in text and "added after the import" in text
        gone = [e for e in stored_for(store, ref) if "DEPLOY_TOKEN" in e.text]
        assert gone and gone[0].removed_at is not None


def _imported(store: MemoryStore, kind: str, path: Path):
    """Import one native source of the demo; return its ref and the entries as stored."""
    from memrev.core.sources.registry import adapter_for
    from memrev.core.sources.sync import import_source, stored_for

    ref = adapter_for(kind).source_for(kind, path)
    import_source(store, ref, actor="test")
    return ref, [e for e in stored_for(store, ref) if e.removed_at is None]


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under a folder, with its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("kind, where, new_file, text", [
    ("claude", ".claude/projects", "memory/project_new_topic.md",
     "---\nname: new topic\ndescription: written by the agent after the import\ntype: project\n---\nKeep it.\n"),
    ("claude", ".claude/projects", "memory/team/project_team_topic.md",
     "---\nname: team topic\ndescription: a team note written after the import\ntype: project\n---\nKeep it.\n"),
    ("openclaw", ".openclaw/workspace", "memory/2026-06-01.md", "- 10:00 Wrote a new daily note after the import.\n"),
])
def test_a_file_the_agent_created_after_the_import_stops_the_write(demo, tmp_path: Path, kind: str, where: str,
                                                                 new_file: str, text: str) -> None:
    from memrev.core.sources.base import DriftError
    from memrev.core.sources.sync import write_source

    base = demo.home / where
    if kind == "claude":
        base = next(base.iterdir())  # the project's folder under projects/
    source = base / "memory" if kind == "claude" else base
    with MemoryStore(tmp_path / "m.db") as store:
        ref, entries = _imported(store, kind, source if kind == "openclaw" else source)
        created = base / new_file
        created.parent.mkdir(parents=True, exist_ok=True)
        created.write_text(text, encoding="utf-8")
        before = _tree(base)
        with pytest.raises(DriftError, match="appeared since memrev imported"):
            write_source(store, ref, entries[1:], actor="test")
        assert _tree(base) == before  # the agent's new file is intact, and nothing else was written


def test_a_codex_handbook_the_agent_rewrote_stops_the_write(demo, tmp_path: Path) -> None:
    from memrev.core.sources.base import DriftError
    from memrev.core.sources.sync import write_source

    memories = demo.home / ".codex" / "memories"
    with MemoryStore(tmp_path / "m.db") as store:
        ref, entries = _imported(store, "codex", demo.home / ".codex")
        handbook = memories / "MEMORY.md"
        handbook.write_text(handbook.read_text(encoding="utf-8") + "\n# Task Group: new work\n", encoding="utf-8")
        before = _tree(memories)
        with pytest.raises(DriftError, match="MEMORY.md: changed since memrev imported it"):
            write_source(store, ref, entries, actor="test")
        assert _tree(memories) == before


def test_a_file_that_was_a_link_at_the_import_and_is_a_file_now_stops_the_write(demo, tmp_path: Path) -> None:
    from memrev.core.sources.base import DriftError
    from memrev.core.sources.sync import write_source

    memories = demo.home / ".hermes" / "memories"
    user = memories / "USER.md"
    outside = tmp_path / "elsewhere.md"
    outside.write_text(user.read_text(encoding="utf-8"), encoding="utf-8")
    user.unlink()
    user.symlink_to(outside)  # a link out of the folder: not read, not tracked at the import
    with MemoryStore(tmp_path / "m.db") as store:
        ref, entries = _imported(store, "hermes", demo.home / ".hermes")
        user.unlink()
        user.write_text("Ana's new preference, written by Hermes after the import.", encoding="utf-8")
        before = _tree(memories)
        with pytest.raises(DriftError, match="USER.md: appeared since memrev imported"):
            write_source(store, ref, entries, actor="test")
        assert _tree(memories) == before and outside.read_text(encoding="utf-8").strip()


def test_an_imported_file_outside_the_hierarchy_is_never_written(demo, tmp_path: Path) -> None:
    from memrev.core.sources.sync import write_source

    claude_md = demo.repo / "CLAUDE.md"
    claude_md.write_text(claude_md.read_text(encoding="utf-8") + "\n## Config\n\nSettings: @pyproject.toml\n",
                         encoding="utf-8")
    pyproject = demo.repo / "pyproject.toml"
    before = pyproject.read_bytes()
    with MemoryStore(tmp_path / "m.db") as store:
        ref, entries = _imported(store, "claude-md", demo.repo)
        imported = [e for e in entries if e.source.file == str(pyproject)]
        assert imported, "the @-import is read as instructions"
        others = [e for e in entries if e.source.file != str(pyproject)]
        write_source(store, ref, others, actor="test")  # its sections dropped from the reviewed set
        assert pyproject.read_bytes() == before  # never emptied: memrev does not own it
        ref, entries = _imported(store, "claude-md", demo.repo)
        edited = [e.evolve(text=e.text + "\nname = 'evil'") if e.source.file == str(pyproject) else e for e in entries]
        with pytest.raises(ValueError, match="@-imported file outside the CLAUDE.md hierarchy is read-only"):
            write_source(store, ref, edited, actor="test")
        assert pyproject.read_bytes() == before


def test_a_rules_file_created_after_the_import_stops_the_write(demo, tmp_path: Path) -> None:
    from memrev.core.sources.base import DriftError
    from memrev.core.sources.sync import write_source

    with MemoryStore(tmp_path / "m.db") as store:
        ref, entries = _imported(store, "claude-md", demo.repo)
        rule = demo.repo / ".claude" / "rules" / "api.md"
        rule.parent.mkdir(parents=True, exist_ok=True)
        rule.write_text("## API\n\nVersion every endpoint.\n", encoding="utf-8")
        with pytest.raises(DriftError, match="api.md: appeared since memrev imported"):
            write_source(store, ref, entries[1:], actor="test")
        assert rule.read_text(encoding="utf-8") == "## API\n\nVersion every endpoint.\n"


def test_an_import_removes_temporary_files_a_killed_write_left(demo, tmp_path: Path) -> None:
    import os
    import time

    memories = demo.home / ".hermes" / "memories"
    stale = memories / ".MEMORY.md.1a2b3c.memrev.tmp"
    fresh = memories / ".USER.md.4d5e6f.memrev.tmp"
    for path in (stale, fresh):
        path.write_text("half a write", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    with MemoryStore(tmp_path / "m.db") as store:
        _imported(store, "hermes", demo.home / ".hermes")
    assert not stale.exists() and fresh.exists()  # a write still in progress elsewhere is left alone


def test_a_re_import_keeps_the_persons_review_of_an_unchanged_entry(demo, tmp_path: Path) -> None:
    from memrev.core.review.actions import confirm
    from memrev.core.sources.registry import adapter_for
    from memrev.core.sources.sync import import_source, stored_for, write_source

    ref = adapter_for("hermes").source_for("hermes", demo.home / ".hermes")
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, ref, actor="test")
        entry = next(e for e in stored_for(store, ref) if "CSV" in e.text and not is_staged(e))  # MEMORY.md's
        confirm(store, [entry.id], actor="ana", checks={})
        reviewed = store.get(entry.id)
        assert reviewed is not None and reviewed.confidence > 0.5
        result = import_source(store, ref, actor="test")
        assert entry.id in result.unchanged
        after = store.get(entry.id)
        assert after is not None and (after.version, after.confidence, after.confidence_reason, after.verified_at) == \
            (reviewed.version, reviewed.confidence, reviewed.confidence_reason, reviewed.verified_at)
        others = [e for e in stored_for(store, ref) if e.id != entry.id and "DEPLOY_TOKEN" not in e.text]
        write_source(store, ref, [after, *others], actor="test")  # a freeze's write-back re-imports too
        again = store.get(entry.id)
        assert again is not None and again.confidence == reviewed.confidence and again.version == reviewed.version


def test_a_write_back_of_a_rewritten_entry_keeps_its_id_and_history(demo, tmp_path: Path) -> None:
    from memrev.core.sources.registry import adapter_for
    from memrev.core.sources.sync import import_source, stored_for, write_source

    ref = adapter_for("hermes").source_for("hermes", demo.home / ".hermes")
    with MemoryStore(tmp_path / "m.db") as store:
        import_source(store, ref, actor="test")
        entries = stored_for(store, ref)
        target = next(e for e in entries if "CSV" in e.text and not is_staged(e))  # not the demo's staged replace
        rewritten = target.evolve(text="Exports are Parquet files written by the nightly job.")
        result = write_source(store, ref, [rewritten if e.id == target.id else e for e in entries], actor="test")
        assert result.written
        after = store.get(target.id)
        assert after is not None and after.text == rewritten.text and after.removed_at is None
        assert after.version == target.version + 1 and [r.version for r in store.revisions(target.id)][-2:] == \
            [target.version, target.version + 1]
        assert {e.id for e in stored_for(store, ref) if e.removed_at is None} == {e.id for e in entries}
