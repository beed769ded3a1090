"""`memrev recall` from the command line: the table, the JSON shape, raw against gated, and an empty query."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import assert_one_line_error, run

from memrev.core.model import Entry, Scope, Source, Status
from memrev.core.store.memory_store import MemoryStore


def _store(db: Path) -> None:
    with MemoryStore(db) as store:
        store.apply([
            Entry("tests", "Run the test suite with make test.", scope=Scope(), source=Source("hermes", "MEMORY.md")),
            Entry("old", "Run the test suite with tox.", status=Status.REVOKED, source=Source("hermes", "MEMORY.md")),
        ], actor="test")


def test_recall_prints_the_ranked_results_with_their_score_parts(tmp_path: Path) -> None:
    db = tmp_path / "memrev.db"
    _store(db)
    result = run(db, "recall", "make test")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["#", "SCORE", "KW/MEAN/AGE", "ID", "VERDICT", "CONF", "TEXT"]
    assert lines[1].split()[3] == "tests" and len([line for line in lines if line[:1].isdigit()]) == 1
    assert "tests: not checked against the repository" in result.stdout


def test_recall_json_names_the_mode_and_each_results_parts(tmp_path: Path) -> None:
    db = tmp_path / "memrev.db"
    _store(db)
    gated = json.loads(run(db, "recall", "test suite", "--json").stdout)
    raw = json.loads(run(db, "recall", "test suite", "--raw", "--json", "-k", "5").stdout)
    assert gated["mode"] == "gated" and [r["id"] for r in gated["results"]] == ["tests"]
    assert raw["mode"] == "raw" and {r["id"] for r in raw["results"]} == {"tests", "old"}
    first = gated["results"][0]
    assert set(first) == {"id", "text", "sensitive", "status", "verdict", "confidence", "score", "caution",
                          "evidence", "conflicts_with", "project", "source"}
    assert set(first["score"]) == {"text", "vector", "blended", "decay", "score", "rank"}


def test_an_empty_query_is_a_one_line_error(tmp_path: Path) -> None:
    db = tmp_path / "memrev.db"
    _store(db)
    assert_one_line_error(run(db, "recall", "  "), "the query is empty")
