"""`memrev check` on the demo: verdicts with evidence as JSON and SARIF, baselines, --fail-on and exit codes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, memrev_script, run, run_process

from memrev.core.model import Entry, Status
from memrev.core.store.memory_store import MemoryStore


def check(db: Path, repo: Path, *args: str):
    """Run `memrev check` on the demo database against `repo`, without importing anything first."""
    return run(db, "check", "--repo", str(repo), "--no-import", *args)


def test_json_gives_every_demo_entry_its_verdict_with_evidence(demo_db: Path, demo_build) -> None:
    result = check(demo_db, demo_build.repo, "--json")
    assert result.exit_code == 1, result.stderr  # the stale entries fail by default
    report = json.loads(result.stdout)
    verdicts = {entry["id"]: entry["verdict"] for entry in report["entries"]}
    for entry_id, expectation in demo_build.expectations.items():
        assert verdicts[entry_id] == expectation.verdict, entry_id
    renamed = next(e for e in report["entries"] if e["id"] == "demo-03-stale-renamed-utils")
    ref = next(r for r in renamed["references"] if r["kind"] == "path")
    assert ref["status"] == "renamed" and ref["suggestion"] == "src/shop/helpers.py"
    assert ref["commits"][0]["sha"] == demo_build.commits["rename-utils"]
    python = next(e for e in report["entries"] if e["id"] == "demo-07-python-version")
    facts = python["references"][0]["facts"]
    assert ("memory", "3.10") in {(f["side"], f["value"]) for f in facts}
    assert "pyproject.toml" in {f["source"] for f in facts if f["side"] == "repository"}
    assert report["summary"]["stale"] == sum(x.verdict == "stale" for x in demo_build.expectations.values())


def test_check_results_are_stored_for_the_app(demo_db: Path, demo_build) -> None:
    check(demo_db, demo_build.repo)
    with MemoryStore(demo_db) as store:
        stored = store.checks()
    assert stored["demo-06-changed-deploy-doc"].verdict.value == "changed"
    assert stored["demo-06-changed-deploy-doc"].references[-1].commits


def test_sarif_puts_findings_on_the_memory_files(demo_db: Path, demo_build) -> None:
    result = check(demo_db, demo_build.repo, "--sarif")
    assert result.exit_code == 1
    sarif = json.loads(result.stdout)
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    renamed = [r for r in results if r["ruleId"] == "memrev.reference.renamed"]
    assert renamed and renamed[0]["level"] == "error"
    location = renamed[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert location.endswith("reference_layout.md")


def test_a_baseline_makes_only_new_findings_fail(demo_db: Path, demo_build, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text(check(demo_db, demo_build.repo, "--json").stdout, encoding="utf-8")
    assert check(demo_db, demo_build.repo, "--baseline", str(baseline)).exit_code == 0
    project = demo_build.entries[0].scope
    with MemoryStore(demo_db) as store:
        store.apply([Entry(id="new-stale", text="Helpers live in src/shop/utils.py.", scope=project)], actor="test")
    result = check(demo_db, demo_build.repo, "--baseline", str(baseline), "--json")
    assert result.exit_code == 1
    failing = [e["id"] for e in json.loads(result.stdout)["entries"] if e["failing"]]
    assert failing == ["new-stale"]


@pytest.mark.parametrize(("fail_on", "code"), [("none", 0), ("contradicted", 1), ("out-of-scope", 1),
                                               ("moved", 0)])
def test_fail_on_chooses_what_fails(demo_db: Path, demo_build, fail_on: str, code: int) -> None:
    assert check(demo_db, demo_build.repo, "--fail-on", fail_on).exit_code == code


def test_blocked_entries_are_reported_blocked_and_fail_when_asked(demo_db: Path, demo_build) -> None:
    with MemoryStore(demo_db) as store:
        assert store.get("demo-14-malicious-injection").status is Status.BLOCKED
    assert check(demo_db, demo_build.repo, "--fail-on", "blocked").exit_code == 1


@pytest.mark.parametrize(("args", "needle"), [
    (("--fail-on", "bogus"), "bogus"),
    (("--json", "--sarif"), "one of"),
    (("--baseline", "no-such-file.json"), "no-such-file.json"),
])
def test_bad_options_are_one_line_errors(demo_db: Path, demo_build, args: tuple[str, ...], needle: str) -> None:
    assert_one_line_error(check(demo_db, demo_build.repo, *args), needle)


def test_a_folder_that_is_not_a_repository_is_a_one_line_error(demo_db: Path, tmp_path: Path) -> None:
    assert_one_line_error(check(demo_db, tmp_path), "not inside a git repository")


def test_the_installed_command_imports_this_repositorys_memory_then_checks(tmp_path: Path) -> None:
    built = run_process(tmp_path, memrev_script(), "--db", str(tmp_path / "d.db"), "demo", "--no-tui", "--dir",
                        str(tmp_path / "demo"))
    assert built.returncode == 0, built.stderr
    demo = tmp_path / "demo"
    result = subprocess.run([memrev_script(), "--db", str(tmp_path / "fresh.db"), "check", "--json", "--home",
                             str(demo / "home")], capture_output=True, text=True, cwd=demo / "shop", timeout=120)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    agents = {entry["source"]["agent"] for entry in report["entries"]}
    assert {"claude", "codex", "hermes", "openclaw"} <= agents
    assert report["head"] == demo_build_head(demo / "shop")


def demo_build_head(repo: Path) -> str:
    """The demo repository's HEAD."""
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()
