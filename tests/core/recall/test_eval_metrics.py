"""The recall experiment's metrics on small cases worked out by hand: retrieval, stale injection by count and by
tokens, old values beside their correction, silent conflicts, residue, extra tokens and false revokes."""

from __future__ import annotations

from memrev.core.recall.eval_metrics import (Held, Observation, Retrieved, explicit_conflicts, extra_tokens,
                                             false_revokes, residue, retrieval, stale_injection, superseded_values,
                                             tokens)
from memrev.core.recall.eval_set import EvalMemory, EvalTask

MEMORIES = {m.key: m for m in (
    EvalMemory("new", "conflicting", "true", "Use uv.", "claude", "a.md"),
    EvalMemory("old", "conflicting", "superseded", "Use pip.", "claude", "b.md", marker="pip", replaced_by="new"),
    EvalMemory("path", "stale", "stale", "Parsing is in utils.py.", "claude", "c.md", marker="utils.py"),
    EvalMemory("tests", "fresh", "true", "Run make test.", "claude", "d.md"),
)}
TASKS = [EvalTask("deps", "dependencies", "shop", ("new",), ("old",)),
         EvalTask("parse", "parsing", "shop", ("path",), ()),
         EvalTask("none", "push", "shop", (), ("old",))]


def _got(*pairs: tuple[str, str]) -> tuple[Retrieved, ...]:
    return tuple(Retrieved(key, text) for key, text in pairs)


def test_precision_and_recall_count_only_right_texts_of_relevant_memories() -> None:
    results = {"deps": _got(("new", "Use uv."), ("old", "Use pip."), ("tests", "Run make test.")),
               "parse": _got(("path", "Parsing is in utils.py.")),  # relevant, but still the stale text
               "none": _got(("old", "Use pip."))}
    figures = retrieval(results, TASKS, MEMORIES)
    # precision: deps 1/3, parse 0/1 (the task with nothing relevant does not count): (1/3 + 0) / 2
    assert figures["precision_at_k"] == round((1 / 3) / 2, 4)
    assert figures["recall_at_k"] == 0.5  # deps 1/1, parse 0/1
    assert figures["must_not_rate"] == 0.4  # old twice among 5 results
    fixed = {**results, "parse": _got(("path", "Parsing is in helpers.py."))}
    assert retrieval(fixed, TASKS, MEMORIES)["recall_at_k"] == 1.0


def test_stale_injection_by_count_and_by_tokens() -> None:
    texts = ["Use pip.", "Run make test and then the linter on every file."]
    figures = stale_injection(texts, ["pip"])
    assert figures["by_count"] == 0.5
    assert tokens("Use pip.") == 2 and tokens(texts[1]) == 12  # UTF-8 bytes / 4, rounded up
    assert figures["by_tokens"] == round(2 / 14, 4)
    assert stale_injection([], ["pip"]) == {"by_count": None, "by_tokens": None}


def test_an_old_value_counts_only_beside_its_correction() -> None:
    both = {"deps": _got(("new", "Use uv."), ("old", "Use pip."))}
    alone = {"deps": _got(("new", "Use uv."), ("tests", "Run make test."))}
    assert superseded_values(both, TASKS, MEMORIES) == 1.0
    assert superseded_values(alone, TASKS, MEMORIES) == 0.0


def _observation(snapshot: list[str], results: dict, **more) -> Observation:
    return Observation("arm", tuple(Held(key, MEMORIES[key].text) for key in snapshot), 10, results, **more)


def test_a_conflict_is_explicit_unless_both_sides_reach_the_agent_unflagged() -> None:
    assert explicit_conflicts(_observation(["new", "old"], {}), MEMORIES) == 0.0
    assert explicit_conflicts(_observation(["new"], {}), MEMORIES) == 1.0
    together = {"deps": _got(("new", "Use uv."), ("old", "Use pip."))}
    assert explicit_conflicts(_observation(["new"], together), MEMORIES) == 0.0
    flagged = {"deps": (Retrieved("new", "Use uv.", flagged_with=("old",)),
                        Retrieved("old", "Use pip.", flagged_with=("new",)))}
    assert explicit_conflicts(_observation(["new"], flagged), MEMORIES) == 1.0


def test_residue_counts_each_taken_back_text_once_per_place() -> None:
    seen = _observation(["old", "tests"], {"deps": _got(("old", "Use pip."))}, gone=("Use pip.", "Gone for good."),
                        files={"MEMORY.md": b"- Use pip.\n"}, database_residue=1)
    assert residue(seen) == {"total": 4, "snapshot": 1, "recall": 1, "agent_files": 1, "database": 1}
    clean = _observation(["tests"], {}, gone=("Use pip.",), files={"MEMORY.md": b"- Run make test.\n"})
    assert residue(clean)["total"] == 0


def test_extra_tokens_against_raw_and_the_annotations_share() -> None:
    raw = _observation(["new", "old"], {})
    raw.loaded_tokens = 30
    gated = _observation(["new"], {"deps": (Retrieved("new", "Use uv.", "stale: 1 reference"),)})
    figures = extra_tokens(gated, raw)
    assert figures["snapshot_vs_raw"] == -20
    assert figures["annotation_tokens"] == 5 and figures["annotation_share"] == round(5 / 7, 4)


def test_false_revokes_count_true_memories_revoked_and_withheld() -> None:
    seen = _observation(["tests"], {}, revoked=("old", "new"), withheld=("tests",))
    assert false_revokes(seen, MEMORIES) == {"rate": 0.5, "withheld_true": 0.5}
