"""The freeze preview of a Claude folder with no MEMORY.md (Claude builds its index from the topic files'
frontmatter when it loads): it shows that generated index, never a MEMORY.md the agent does not have."""

from __future__ import annotations

import shutil
from pathlib import Path

from memrev.core.freeze.loaded import GENERATED_INDEX
from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import import_source

SHAPES = Path(__file__).resolve().parents[2] / "fixtures" / "claude" / "shapes"


def preview(store, tmp_path: Path, shape: str):
    memdir = tmp_path / "project" / "memory"
    shutil.copytree(SHAPES / shape, memdir)
    import_source(store, SourceRef("claude", memdir), actor="ada")
    (plan,) = build_plan(store, agent="claude", unreviewed=Unreviewed.KEEP).sources
    return memdir, plan


def test_a_folder_without_an_index_previews_the_index_claude_builds(store, tmp_path: Path) -> None:
    memdir, plan = preview(store, tmp_path, "generated")
    (index,) = plan.loaded.parts
    assert index.title == GENERATED_INDEX and "MEMORY.md" not in index.title
    assert index.text.splitlines() == [
        "- [Commit style](feedback_commits.md) — Conventional commits with a scope",
        "- [Release branches](project_branches.md) — Release branches are cut on Mondays"]
    assert {cap.name: cap.used for cap in index.caps}["lines"] == 2
    assert sorted(Path(p).name for p in plan.loaded.on_demand) == ["feedback_commits.md", "project_branches.md"]
    assert not (memdir / "MEMORY.md").exists()


def test_a_folder_with_its_index_still_previews_memory_md(store, tmp_path: Path) -> None:
    memdir, plan = preview(store, tmp_path, "indexed")
    (index,) = plan.loaded.parts
    assert index.title == str(memdir / "MEMORY.md")
    assert index.text == (memdir / "MEMORY.md").read_text(encoding="utf-8").strip()
