"""The recall experiment's metrics, computed from what one arm handed the agent (its snapshot and recall results)
against the memories' truth and the tasks' labels; pure arithmetic on keys and texts, so small cases add up by hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from memrev.core.freeze.loaded import Budget
from memrev.core.recall.eval_set import EvalMemory, EvalTask

__all__ = ["Held", "Observation", "Retrieved", "measure", "tokens"]

WRONG = frozenset({"stale", "superseded", "revoked"})
"""Truths whose text states something no longer so: a text holding such a memory's marker is stale."""


def tokens(text: str) -> int:
    """A text's approximate tokens, counted as the freeze preview counts them (UTF-8 bytes / 4, rounded up)."""
    return Budget.of(text).tokens


@dataclass(frozen=True)
class Held:
    """One entry an agent's files hold after the arm: the memory it is (None: not one of the set) and its text."""

    key: str | None
    text: str


@dataclass(frozen=True)
class Retrieved:
    """One recall result: the memory it is, its text, what memrev attached to it, and whom it is flagged against."""

    key: str | None
    text: str
    annotation: str = ""
    flagged_with: tuple[str, ...] = ()


@dataclass
class Observation:
    """Everything one arm handed the agent and left behind, in memory keys and texts."""

    arm: str
    snapshot: tuple[Held, ...]
    loaded_tokens: int
    """Tokens every agent loads at session start from its files (the injected snapshot's size)."""
    results: Mapping[str, tuple[Retrieved, ...]]
    """Task key -> what recall returned for it, best first."""
    gone: tuple[str, ...] = ()
    """Texts a person revoked, purged or rewrote: none of them should reach an agent again."""
    files: Mapping[str, bytes] = field(default_factory=dict)
    """Every agent file after the arm, by name."""
    database_residue: int = 0
    """Taken-back texts the database still hands out: a purged text's bytes anywhere in its files, or a revoked or
    rewritten text an entry recall may return still holds (a revoked entry kept as history, out of reach, is not)."""
    revoked: tuple[str, ...] = ()
    """Memories the arm's reviewer revoked or purged."""
    withheld: tuple[str, ...] = ()
    """Memories the snapshot leaves out without a revocation (held or blocked)."""


def _wrong_markers(memories: Mapping[str, EvalMemory]) -> list[str]:
    """The markers of every memory whose text states something no longer so, each once, in a stable order."""
    return sorted({m.marker for m in memories.values() if m.truth in WRONG and m.marker})


def is_stale(text: str, markers: Sequence[str]) -> bool:
    """Whether a text still states an old or stale value (holds a wrong memory's marker)."""
    return any(marker in text for marker in markers)


def _right(item: Retrieved, memories: Mapping[str, EvalMemory]) -> bool:
    """Whether a result is its memory in a text that is right (a stale text that answers the question is not)."""
    memory = memories.get(item.key) if item.key else None
    return memory is not None and not (memory.marker and memory.marker in item.text)


def _rate(part: float, whole: float) -> float | None:
    """part / whole, rounded for reading, or None when there is nothing to divide."""
    return round(part / whole, 4) if whole else None


def retrieval(results: Mapping[str, Sequence[Retrieved]], tasks: Sequence[EvalTask],
              memories: Mapping[str, EvalMemory]) -> dict[str, float | None]:
    """precision@k (right relevant results / results, over tasks with results and something relevant), recall@k (right relevant results /
    relevant memories, over tasks with any), and the must-not rate (results a task must not get / results)."""
    precisions, recalls = [], []
    returned = forbidden = 0
    for task in tasks:
        got = results.get(task.key, ())
        hits = {item.key for item in got if item.key in task.should and _right(item, memories)}
        if got and task.should:
            precisions.append(sum(1 for item in got if item.key in hits) / len(got))
        if task.should:
            recalls.append(len(hits) / len(task.should))
        returned += len(got)
        forbidden += sum(1 for item in got if item.key in task.must_not)
    return {"precision_at_k": _rate(sum(precisions), len(precisions)), "recall_at_k": _rate(sum(recalls), len(recalls)),
            "must_not_rate": _rate(forbidden, returned)}


def stale_injection(texts: Sequence[str], markers: Sequence[str]) -> dict[str, float | None]:
    """The share of injected or retrieved texts that are stale, by count and weighted by tokens."""
    stale = [text for text in texts if is_stale(text, markers)]
    return {"by_count": _rate(len(stale), len(texts)),
            "by_tokens": _rate(sum(map(tokens, stale)), sum(map(tokens, texts)))}


def superseded_values(results: Mapping[str, Sequence[Retrieved]], tasks: Sequence[EvalTask],
                      memories: Mapping[str, EvalMemory]) -> float | None:
    """Over tasks that should get the current value of a revised fact, the share whose results hold an old value
    of that fact beside the current one."""
    olds = {m.replaced_by: m.marker for m in memories.values() if m.replaced_by and m.marker}
    touched = beside = 0
    for task in tasks:
        current = [key for key in task.should if key in olds]
        if not current:
            continue
        touched += 1
        got = results.get(task.key, ())
        keys = {item.key for item in got}
        if any(key in keys and any(olds[key] in item.text for item in got) for key in current):  # type: ignore[operator]
            beside += 1
    return _rate(beside, touched)


def explicit_conflicts(observation: Observation, memories: Mapping[str, EvalMemory]) -> float | None:
    """Over conflicting pairs (an old value and its current one), the share never injected together unflagged:
    not both in the snapshot, and never both in one task's results unless each names the other."""
    pairs = [(m.key, m.replaced_by) for m in memories.values() if m.replaced_by]
    held = {item.key for item in observation.snapshot}
    explicit = 0
    for old, new in pairs:
        silent = old in held and new in held
        for got in observation.results.values():
            by_key = {item.key: item for item in got}
            if old in by_key and new in by_key and not (new in by_key[old].flagged_with
                                                        and old in by_key[new].flagged_with):
                silent = True
        explicit += not silent
    return _rate(explicit, len(pairs))


def residue(observation: Observation) -> dict[str, int]:
    """Where texts a person revoked, purged or rewrote are still reachable: one count per text and place."""
    held = "\x00".join(item.text for item in observation.snapshot)
    recalled = "\x00".join(item.text for got in observation.results.values() for item in got)
    files = b"\x00".join(observation.files.values())
    in_snapshot = sum(1 for text in observation.gone if text in held)
    in_recall = sum(1 for text in observation.gone if text in recalled)
    in_files = sum(1 for text in observation.gone if text.encode("utf-8") in files)
    return {"total": in_snapshot + in_recall + in_files + observation.database_residue, "snapshot": in_snapshot,
            "recall": in_recall, "agent_files": in_files, "database": observation.database_residue}


def extra_tokens(observation: Observation, raw: Observation | None) -> dict[str, int | float | None]:
    """The snapshot's size against the raw arm's, and the tokens memrev's annotations add to recall results."""
    annotation = sum(tokens(item.annotation) for got in observation.results.values() for item in got
                     if item.annotation)
    texts = sum(tokens(item.text) for got in observation.results.values() for item in got)
    return {"snapshot_tokens": observation.loaded_tokens,
            "snapshot_vs_raw": observation.loaded_tokens - raw.loaded_tokens if raw is not None else 0,
            "annotation_tokens": annotation, "annotation_share": _rate(annotation, annotation + texts)}


def false_revokes(observation: Observation, memories: Mapping[str, EvalMemory]) -> dict[str, float | None]:
    """True memories the reviewer revoked, out of all true ones (the guard), and true ones withheld from the snapshot."""
    true = [m.key for m in memories.values() if m.truth == "true"]
    return {"rate": _rate(sum(1 for key in true if key in observation.revoked), len(true)),
            "withheld_true": _rate(sum(1 for key in true if key in observation.withheld), len(true))}


def measure(observation: Observation, memories: Sequence[EvalMemory], tasks: Sequence[EvalTask],
            raw: Observation | None = None) -> dict[str, object]:
    """Every metric of one arm (against the raw arm's snapshot size when given)."""
    by_key = {memory.key: memory for memory in memories}
    markers = _wrong_markers(by_key)
    retrieved = [item.text for got in observation.results.values() for item in got]
    return {
        **retrieval(observation.results, tasks, by_key),
        "stale_injection_snapshot": stale_injection([item.text for item in observation.snapshot], markers),
        "stale_injection_recall": stale_injection(retrieved, markers),
        "superseded_value_rate": superseded_values(observation.results, tasks, by_key),
        "explicit_conflict_rate": explicit_conflicts(observation, by_key),
        "residue": residue(observation),
        "extra_tokens": extra_tokens(observation, raw),
        "false_revokes": false_revokes(observation, by_key),
    }
