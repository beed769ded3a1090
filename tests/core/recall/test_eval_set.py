"""The shipped twelve memories and tasks: every kind the design names, consistent labels, and the generator at scale."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from memrev.core.bench import recall_arms as eval_arms
from memrev.core.recall.eval_scale import scaled
from memrev.core.recall.eval_set import KINDS, EvalMemory, EvalSet, twelve


def test_the_twelve_cover_every_kind_the_design_names() -> None:
    data = twelve()
    assert len(data.memories) == 12
    assert {m.kind for m in data.memories} == set(KINDS)
    assert {"fresh", "stale", "cross-project", "conflicting", "revoked", "malicious"} <= set(KINDS)
    assert all(task.should or task.must_not for task in data.tasks)
    assert {m.agent for m in data.memories} == {"claude", "hermes", "openclaw"}


def test_a_wrong_memory_without_its_marker_is_refused() -> None:
    bad = EvalSet((EvalMemory("x", "stale", "stale", "Use pip.", "claude", "x.md"),), ())
    with pytest.raises(ValueError, match="marker"):
        bad.validate()


def test_the_generator_makes_the_same_kinds_across_projects() -> None:
    data = scaled(240, 4)
    assert len(data.memories) == 240 and len(data.projects) == 4
    assert {m.kind for m in data.memories} == set(KINDS)
    assert {m.project for m in data.memories if m.agent == "claude"} == set(data.projects)
    assert scaled(240, 4) == data


def test_the_scripted_reviewer_changes_the_store_only_through_the_public_review_api() -> None:
    tree = ast.parse(Path(eval_arms.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "memrev.core.store.memory_store" not in imported
    writes = {"apply", "revoke", "set_status", "set_review", "set_review_many", "save_checks", "mark_removed"}
    called = {node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
              and node.func.value.id == "store"}
    assert not called & writes, called & writes
