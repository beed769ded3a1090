"""Writing a reviewed set back to an agent's files through the store: drift since the import is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from memrev.core.demo.builder import build_demo
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
