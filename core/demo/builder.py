"""Build the demo: a small `shop` git repository with a real history and memory entries written against it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memrev.core.demo.entries import DemoExpectation, demo_entries
from memrev.core.demo.native_sources import write_native_sources
from memrev.core.demo.shop_repo import build_repository
from memrev.core.model import Entry
from memrev.core.store.jsonl import write_jsonl


@dataclass(frozen=True)
class DemoBuild:
    """Where the demo was built, its entries, what each shows, and its commits by label."""

    root: Path
    repo: Path
    jsonl: Path
    entries: list[Entry]
    expectations: dict[str, DemoExpectation]
    commits: dict[str, str]
    home: Path
    """A home folder holding native Claude, Codex, Hermes and OpenClaw memory for the repository."""


def build_demo(target: Path) -> DemoBuild:
    """Create `target/shop` and `target/memories.jsonl` in an empty or new folder."""
    root = _prepare_target(Path(target))
    repo_path = root / "shop"
    commits = build_repository(repo_path)
    pairs = demo_entries(commits)
    entries = [entry for entry, _ in pairs]
    jsonl_path = root / "memories.jsonl"
    with jsonl_path.open("w", encoding="utf-8", newline="\n") as out:
        write_jsonl(entries, out)
    expectations = {entry.id: expectation for entry, expectation in pairs}
    home = root / "home"
    write_native_sources(home, repo_path)
    return DemoBuild(root=root, repo=repo_path, jsonl=jsonl_path, entries=entries,
                     expectations=expectations, commits=commits, home=home)


def _prepare_target(target: Path) -> Path:
    """Check the target is empty or absent, create it, and return it absolute."""
    target = target.expanduser()
    if target.exists() and not target.is_dir():
        raise ValueError(f"{target}: is a file; the demo needs an empty or new folder")
    if target.is_dir() and any(target.iterdir()):
        raise ValueError(f"{target}: is not empty; the demo needs an empty or new folder")
    target.mkdir(parents=True, exist_ok=True)
    return target.resolve()
