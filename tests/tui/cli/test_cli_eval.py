"""`memrev eval staleness` on the synthetic labelled set: the figures, every miss with evidence, JSON, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from staleness_set import StalenessSet, build_staleness_set
from test_cli import assert_one_line_error, run


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> StalenessSet:
    return build_staleness_set(tmp_path_factory.mktemp("eval"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "memrev.db"


def test_the_command_prints_every_figure_and_each_miss_with_its_evidence(labelled: StalenessSet, db: Path) -> None:
    result = run(db, "eval", "staleness", str(labelled.labels_file), "--repo", str(labelled.repo))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "18 label(s): 9 stale, 9 true"
    figures = {line[:34].strip(): line[34:].split() for line in lines[1:10]}
    assert figures["recall of stale lines"] == ["9/9", "1.00"]
    assert figures["stale on true lines"] == ["0/9", "0.00"]
    assert figures["changed on true lines"] == ["0/9", "0.00"]
    assert figures["unverifiable lines"] == ["1/18", "0.06"]
    assert figures["renames right when offered"] == ["2/2", "1.00"]
    assert figures["renames offered when git knows"] == ["2/3", "0.67"]
    text = result.stdout
    assert "misses (stale lines not called stale)" not in text
    assert "changed on true lines:" not in text
    assert "renames not offered (git knows the new path): 1" in text
    assert "s-renamed-folder  expected stale, got stale (git: -> src/shop/web)" in text
    assert "src/shop/api/ [path] missing: " in text


def test_json_holds_the_figures_and_every_label(labelled: StalenessSet, db: Path) -> None:
    result = run(db, "eval", "staleness", str(labelled.labels_file), "--repo", str(labelled.repo), "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["figures"]["recall"] == {"hits": 9, "total": 9, "rate": 1.0}
    assert len(report["labels"]) == len(labelled.labels)
    renamed = next(row for row in report["labels"] if row["label"]["id"] == "s-renamed-file")
    assert renamed["verdict"] == "stale"
    assert renamed["references"][0]["suggestion"] == "src/shop/helpers.py"
    assert report["sections"]["false alarms (true lines called stale)"] == []


def test_bad_labels_and_a_folder_that_is_no_repository_are_one_line_errors(tmp_path: Path, db: Path) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"text": "x"}\n', encoding="utf-8")
    result = run(db, "eval", "staleness", str(labels), "--repo", str(tmp_path))
    assert_one_line_error(result, "labels.jsonl:1: field 'verified' must be a non-empty string")
    labels.write_text(json.dumps({"text": "See a.py.", "verified": "HEAD", "check": "HEAD", "expected": "fresh"})
                      + "\n", encoding="utf-8")
    result = run(db, "eval", "staleness", str(labels), "--repo", str(tmp_path))
    assert_one_line_error(result, "not a git repository")
