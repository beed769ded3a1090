"""Which memory sources a set of changed files touches: pure classification for the app's live re-import."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from memrev.core.sources.base import SourceRef

MEMORY_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".json", ".jsonl", ".sqlite"})
"""Files an agent's memory is kept in; anything else under a source's folder (a lock, a cache) is not memory."""

INSTRUCTION_KINDS = frozenset({"claude-md", "agents-md"})
"""Sources whose root is a whole project: only their instruction files count, not every Markdown file in it."""


def watched_folders(refs: Sequence[SourceRef]) -> list[Path]:
    """The existing folders to watch for these sources (a file's folder), each once and none inside another."""
    folders = sorted({(ref.root if ref.root.is_dir() else ref.root.parent).resolve() for ref in refs
                      if ref.root.exists()})
    return [folder for folder in folders if not any(other != folder and folder.is_relative_to(other)
                                                    for other in folders)]


def _is_memory_file(ref: SourceRef, path: Path) -> bool:
    """Whether a changed path can hold this source's memory."""
    if ".git" in path.parts or path.suffix.lower() not in MEMORY_SUFFIXES:
        return False
    if ref.kind in INSTRUCTION_KINDS:
        return path.name.upper().startswith(("CLAUDE", "AGENTS")) or ".claude" in path.parts
    return True


def sources_touched(refs: Sequence[SourceRef], paths: Iterable[Path]) -> list[SourceRef]:
    """The sources, in their order, holding a changed memory file (written, edited or deleted)."""
    changed = [Path(path).resolve() for path in paths]
    touched = []
    for ref in refs:
        root = ref.root.resolve()
        if any((path == root or path.is_relative_to(root)) and _is_memory_file(ref, path) for path in changed):
            touched.append(ref)
    return touched
