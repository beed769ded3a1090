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
    assert lines[0] == "25 label(s): 11 stale, 14 true"
    figures = {line[:34].strip(): line[34:].split() for line in lines[1:10]}
    assert figures["recall of stale lines"] == ["10/11", "0.91"]
    assert figures["stale on true lines"] == ["0/14", "0.00"]
    assert figures["changed on true lines"] == ["0/14", "0.00"]
    assert figures["unverifiable lines"] == ["3/25", "0.12"]
    assert figures["renames right when offered"] == ["3/3", "1.00"]
    assert figures["renames offered when git knows"] == ["3/3", "1.00"]
    text = result.stdout
    assert "misses (stale lines not called stale): 1" in text
    assert "s-release-doc  expected stale, got changed: Release with `twine upload` from a laptop" in text
    assert "docs/release.md [path] changed: docs/release.md no longer has laptop, twine, upload" in text
    assert "false alarms" not in text and "changed on true lines:" not in text


def test_json_holds_the_figures_and_every_label(labelled: StalenessSet, db: Path) -> None:
    result = run(db, "eval", "staleness", str(labelled.labels_file), "--repo", str(labelled.repo), "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["figures"]["recall"] == {"hits": 10, "total": 11, "rate": 0.909}
    assert len(report["labels"]) == len(labelled.labels)
    renamed = next(row for row in report["labels"] if row["label"]["id"] == "s-renamed-file")
    assert renamed["verdict"] == "stale"
    assert renamed["references"][0]["suggestion"] == "src/shop/helpers.py"
    assert report["sections"]["false alarms (true lines called stale)"] == []
    assert report["sections"]["misses (stale lines not called stale)"] == ["s-release-doc"]
    folder = next(row for row in report["labels"] if row["label"]["id"] == "s-renamed-folder")
    assert folder["references"][0]["status"] == "renamed" and folder["references"][0]["suggestion"] == "src/shop/web/"


def test_bad_labels_and_a_folder_that_is_no_repository_are_one_line_errors(tmp_path: Path, db: Path) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"text": "x"}\n', encoding="utf-8")
    result = run(db, "eval", "staleness", str(labels), "--repo", str(tmp_path))
    assert_one_line_error(result, "labels.jsonl:1: field 'verified' must be a non-empty string")
    labels.write_text(json.dumps({"text": "See a.py.", "verified": "HEAD", "check": "HEAD", "expected": "fresh"})
                      + "\n", encoding="utf-8")
    result = run(db, "eval", "staleness", str(labels), "--repo", str(tmp_path))
    assert_one_line_error(result, "not a git repository")
