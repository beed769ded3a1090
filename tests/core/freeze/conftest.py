"""Fixtures of the freeze tests: the demo's native sources of every agent, imported into a store on a real file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from memrev.core.demo.builder import build_demo
from memrev.core.scan.gate import apply_screened
from memrev.core.sources.base import SourceRef
from memrev.core.sources.registry import discover_all
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore


@dataclass
class World:
    """A demo build (its own, so files may change), its store, and the sources imported into it by kind."""

    root: Path
    store: MemoryStore
    sources: dict[str, SourceRef]

    def files(self) -> dict[Path, bytes]:
        """Every file under the demo's home and repository (the agents' memory), by path."""
        found = {}
        for folder in (self.root / "home", self.root / "shop"):
            for path in sorted(folder.rglob("*")):
                if path.is_file() and ".git" not in path.parts and path.suffix != ".lock":  # Hermes's own locks
                    found[path] = path.read_bytes()
        return found


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    """A fresh demo: its entries and every agent's native memory imported, as `memrev demo` does."""
    build = build_demo(tmp_path / "demo")
    store = MemoryStore(tmp_path / "memrev.db")
    apply_screened(store, build.entries, actor="demo", source="import demo")  # as `memrev demo` does
    refs = discover_all(cwd=build.repo, home=build.home, env={})
    for ref in refs:
        import_source(store, ref, actor="import")
    yield World(build.root, store, {ref.kind: ref for ref in refs})
    store.close()
