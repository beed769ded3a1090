"""`memrev eval memory` (and bare `memrev eval`): the table of both arms, the JSON shape, the SVG chart."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import run


def test_json_has_every_metric_of_both_arms_and_the_svg_is_written(tmp_path: Path) -> None:
    chart = tmp_path / "eval.svg"
    result = run(tmp_path / "memrev.db", "eval", "memory", "--json", "--svg", str(chart), "--dir", str(tmp_path / "x"))
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {"set", "memories", "tasks", "projects", "k", "kinds", "arms", "review"}
    assert (report["set"], report["memories"], report["tasks"], report["k"]) == ("twelve", 12, 9, 3)
    for arm in ("raw", "reviewed"):
        metrics = report["arms"][arm]
        assert set(metrics) == {"precision_at_k", "recall_at_k", "must_not_rate", "stale_injection_snapshot",
                                "stale_injection_recall", "superseded_value_rate", "explicit_conflict_rate",
                                "residue", "extra_tokens", "false_revokes"}
        assert set(metrics["residue"]) == {"total", "snapshot", "recall", "agent_files", "database"}
        assert set(metrics["stale_injection_snapshot"]) == {"by_count", "by_tokens"}
    svg = chart.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "precision@k" in svg and "reviewed" in svg
    assert (tmp_path / "x" / "shop" / ".git").is_dir()  # kept where asked


def test_bare_eval_prints_both_arms_as_a_table(tmp_path: Path) -> None:
    result = run(tmp_path / "memrev.db", "eval")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "twelve: 12 memories, 9 tasks, 2 projects, k=3"
    row = next(line for line in lines if line.startswith("residue"))
    assert row.split()[-2:] == ["4", "0"]
    assert "scripted reviewer:" in result.stdout


def test_a_folder_that_is_not_empty_is_refused(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "file").write_text("x")
    result = run(tmp_path / "memrev.db", "eval", "memory", "--dir", str(tmp_path / "full"))
    assert result.exit_code == 2 and "not an empty folder" in result.stderr


def test_at_scale_the_reviewed_arm_still_meets_the_aims(tmp_path: Path) -> None:
    result = run(tmp_path / "memrev.db", "eval", "memory", "--scale", "96", "--projects", "3", "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["set"], report["memories"], report["projects"]) == ("scale 96", 96, 3)
    reviewed = report["arms"]["reviewed"]
    assert reviewed["stale_injection_snapshot"]["by_count"] == 0.0 and reviewed["residue"]["total"] == 0
    assert reviewed["false_revokes"]["rate"] == 0.0
    assert report["arms"]["raw"]["residue"]["total"] > 0


def test_the_run_is_kept_beside_the_database_for_the_app(tmp_path: Path) -> None:
    from memrev.core.recall.eval_saved import last_eval_path, load_last_eval

    db = tmp_path / "data" / "memrev.db"
    result = run(db, "eval", "memory", "--json")
    assert result.exit_code == 0, result.stderr
    assert last_eval_path(db) == tmp_path / "data" / "last-eval.json"
    saved = load_last_eval(db)
    assert saved is not None and saved.report == json.loads(result.stdout)
    assert saved.build_seconds > 0 and saved.run_seconds > 0 and saved.finished_at
    assert "created" in result.stderr and "last-eval.json" in result.stderr  # the data folder was new: said so


def test_options_without_the_command_name_go_to_the_experiment(tmp_path: Path) -> None:
    result = run(tmp_path / "memrev.db", "eval", "--json", "-k", "2")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["k"] == 2


def test_a_folder_it_cannot_write_loses_only_the_kept_run(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    result = run(blocked / "memrev.db", "eval", "memory", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["set"] == "twelve"  # the run is still printed
    assert "the run was not kept for the app" in result.stderr and len(result.stderr.strip().splitlines()) == 1
