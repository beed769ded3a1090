"""The checker on the benchmark's synthetic repository: every entry gets the verdict its category was built for."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from memrev.core.bench.synthetic_repo import build_synthetic_repo
from memrev.core.check.checker import Checker
from memrev.tui.cli.main import cli

STALE_CATEGORIES = {"renamed", "deleted", "symbol", "flag", "moved", "python"}


def test_synthetic_entries_get_the_verdicts_they_were_built_for(tmp_path: Path) -> None:
    built = build_synthetic_repo(tmp_path / "repo", files=400, commits=300, entries=300)
    checker = Checker(built.path)
    results = checker.check_all(built.entries)
    checker.close()
    wrong = Counter()
    for entry in built.entries:
        category = built.categories[entry.id]
        verdict = results[entry.id].verdict.value
        expected = {"stale"} if category in STALE_CATEGORIES else {"fresh", "changed"}
        if verdict not in expected:
            wrong[(category, verdict)] += 1
    assert not wrong, wrong


def test_bench_check_prints_every_figure(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.db"), "bench", "check", "--files", "300",
                                      "--commits", "200", "--entries", "60", "--no-live"], obj={})
    assert result.exit_code == 0, (result.output, result.exception)
    for name in ("cold full check", "warm full check", "incremental re-check", "peak memory"):
        assert name in result.stdout


def test_entries_drawn_from_any_repository_edit_a_real_function(demo_build) -> None:
    from memrev.core.bench.check import entries_for_repo

    entries, editable, symbol = entries_for_repo(demo_build.repo, 60)
    assert len(entries) == 60 and f"def {symbol}(" in (demo_build.repo / editable).read_text()
    assert sum(editable in entry.text for entry in entries) >= 2
