"""Which sources a changed file touches, for the app's live re-import."""

from __future__ import annotations

from pathlib import Path

from memrev.core.sources.base import SourceRef
from memrev.core.sources.watching import sources_touched, watched_folders


def test_a_memory_file_touches_its_source_and_no_other(tmp_path: Path) -> None:
    memory = tmp_path / "home" / ".claude" / "projects" / "p" / "memory"
    repo = tmp_path / "shop"
    memory.mkdir(parents=True)
    repo.mkdir()
    claude, claude_md = SourceRef("claude", memory), SourceRef("claude-md", repo)
    refs = [claude, claude_md]
    assert sources_touched(refs, [memory / "new_note.md"]) == [claude]
    assert sources_touched(refs, [repo / "CLAUDE.md"]) == [claude_md]
    assert sources_touched(refs, [repo / "sub" / "CLAUDE.local.md"]) == [claude_md]
    assert sources_touched(refs, [repo / "README.md", repo / "src" / "app.py"]) == []
    assert sources_touched(refs, [repo / ".git" / "CLAUDE.md", memory / "index.lock"]) == []


def test_watched_folders_are_the_existing_roots_none_inside_another(tmp_path: Path) -> None:
    outer, inner, missing = tmp_path / "a", tmp_path / "a" / "b", tmp_path / "gone"
    inner.mkdir(parents=True)
    refs = [SourceRef("claude-md", outer), SourceRef("claude", inner), SourceRef("hermes", missing)]
    assert watched_folders(refs) == [outer.resolve()]
