"""The recall experiment's memories and tasks: the twelve shipped as data files in this package, read and checked."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

__all__ = ["KINDS", "TRUTHS", "Correction", "EvalMemory", "EvalSet", "EvalTask", "twelve"]

KINDS = ("fresh", "stale", "cross-project", "conflicting", "revoked", "correction", "malicious")
"""Every kind of memory the design names (a correction is what revoked one)."""
TRUTHS = ("true", "stale", "superseded", "revoked", "malicious")
"""What the repository and the person say of a memory: only `true` ones should reach an agent unchanged."""
MAIN = "shop"
"""The project built from the demo's history; every other project is a copy of its files under another remote."""
AGENTS = ("claude", "hermes", "openclaw")
"""The agents whose native files hold the experiment's memories."""


@dataclass(frozen=True)
class EvalMemory:
    """One memory: its key, kind, truth, text, where it lives, and what makes it wrong (its marker)."""

    key: str
    kind: str
    truth: str
    text: str
    agent: str
    file: str
    type: str = "unknown"
    project: str | None = None
    marker: str | None = None
    """Words only a wrong text holds: a text with them is stale or an old value; a fixed text no longer has them."""
    replaced_by: str | None = None
    """The memory holding the current value of the fact this one states an old value of."""
    prior: str | None = None
    """What a person already did before the experiment: `revoked` (by `replaced_by`) or `confirmed`."""


@dataclass(frozen=True)
class EvalTask:
    """One query, the project the agent works in, the memories it should get and those it must not get."""

    key: str
    query: str
    project: str | None
    should: tuple[str, ...]
    must_not: tuple[str, ...]


@dataclass(frozen=True)
class Correction:
    """What a person writes to resolve a conflict between two memories, and the memory whose fact it restates."""

    sides: tuple[str, ...]
    stands_for: str
    text: str


@dataclass(frozen=True)
class EvalSet:
    """Memories, tasks and a person's corrections, checked to refer to each other consistently."""

    memories: tuple[EvalMemory, ...]
    tasks: tuple[EvalTask, ...]
    corrections: tuple[Correction, ...] = ()
    projects: tuple[str, ...] = ("shop", "billing-service")

    def memory(self, key: str) -> EvalMemory:
        """The memory with this key (KeyError when absent)."""
        return self.by_key[key]

    @property
    def by_key(self) -> dict[str, EvalMemory]:
        """Every memory by key."""
        return {memory.key: memory for memory in self.memories}

    def validate(self) -> EvalSet:
        """Itself, once every reference resolves and every label is known (ValueError naming the first that fails)."""
        keys = self.by_key
        if len(keys) != len(self.memories):
            raise ValueError("two memories share a key")
        for memory in self.memories:
            if memory.kind not in KINDS or memory.truth not in TRUTHS or memory.agent not in AGENTS:
                raise ValueError(f"{memory.key}: unknown kind, truth or agent")
            if memory.truth in ("stale", "superseded", "revoked") and not memory.marker:
                raise ValueError(f"{memory.key}: a wrong memory needs the marker that makes it wrong")
            if memory.marker and memory.marker not in memory.text:
                raise ValueError(f"{memory.key}: its marker {memory.marker!r} is not in its text")
            if memory.replaced_by is not None and memory.replaced_by not in keys:
                raise ValueError(f"{memory.key}: replaced by unknown {memory.replaced_by}")
        for task in self.tasks:
            unknown = [key for key in (*task.should, *task.must_not) if key not in keys]
            if unknown:
                raise ValueError(f"{task.key}: unknown memories {', '.join(unknown)}")
        for correction in self.corrections:
            if correction.stands_for not in keys or any(side not in keys for side in correction.sides):
                raise ValueError(f"a correction names unknown memories: {correction.sides}")
        return self


def _memory(raw: Mapping[str, Any]) -> EvalMemory:
    """One memory record of the data file."""
    return EvalMemory(key=raw["key"], kind=raw["kind"], truth=raw["truth"], text=raw["text"], agent=raw["agent"],
                      file=raw["file"], type=raw.get("type", "unknown"), project=raw.get("project"),
                      marker=raw.get("marker"), replaced_by=raw.get("replaced_by"), prior=raw.get("prior"))


def _task(raw: Mapping[str, Any]) -> EvalTask:
    """One task record of the data file."""
    return EvalTask(raw["key"], raw["query"], raw.get("project"), tuple(raw.get("should", ())),
                    tuple(raw.get("must_not", ())))


def _load(name: str) -> dict[str, Any]:
    """A data file of this package, parsed."""
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def twelve() -> EvalSet:
    """The twelve memories and the task set shipped with memrev (`eval_memories.json`, `eval_tasks.json`)."""
    memories = _load("eval_memories.json")
    tasks = _load("eval_tasks.json")
    return EvalSet(tuple(_memory(raw) for raw in memories["memories"]), tuple(_task(raw) for raw in tasks["tasks"]),
                   tuple(Correction(tuple(raw["sides"]), raw["stands_for"], raw["text"])
                         for raw in memories.get("corrections", ()))).validate()

