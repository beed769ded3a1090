"""The benchmark's synthetic repository: its history has every kind of change, its entries name what they should,
the build is deterministic, and the naive one-git-call-per-reference baseline reads it correctly.

These run on a small build (300 files, 200 commits, 100 entries); the full size is timed by hand and by the bench.
"""

from __future__ import annotations

import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest

from memrev.core.bench.check_baseline import naive_check, naive_reference_status
from memrev.core.bench.synthetic_repo import SyntheticRepo, build_synthetic_repo
from memrev.core.bench.synthetic_repo_entries import CATEGORIES
from memrev.core.check.project import identify_project
from memrev.core.check.references import extract_references

FILES, COMMITS, ENTRIES = 300, 200, 100


def git(repo: Path, *args: str) -> str:
    """The output of one git command in `repo`."""
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[SyntheticRepo, float]:
    """One small build shared by the read-only tests, with how long it took."""
    started = time.perf_counter()
    repo = build_synthetic_repo(tmp_path_factory.mktemp("bench") / "repo", files=FILES, commits=COMMITS,
                                entries=ENTRIES)
    return repo, time.perf_counter() - started


@pytest.fixture
def repo(built: tuple[SyntheticRepo, float]) -> SyntheticRepo:
    return built[0]


def renames(repo: SyntheticRepo) -> list[tuple[str, str, str]]:
    """(similarity, old, new) of every rename git finds in history."""
    out = git(repo.path, "log", "-M", "--diff-filter=R", "--name-status", "--format=")
    return [tuple(line.split("\t")) for line in out.splitlines() if line.startswith("R")]  # type: ignore[misc]


def refs_of(repo: SyntheticRepo, category: str) -> list[list[tuple[str, str]]]:
    """(kind, value) of the references of every entry written as `category`."""
    return [[(ref.kind, ref.value) for ref in extract_references(entry.text)]
            for entry in repo.entries if repo.categories[entry.id] == category]


def test_small_build_is_quick(built):
    # generous: the point is one fast-import stream, not a git commit per commit (that alone would take longer)
    assert built[1] < 20


def test_history_has_the_requested_commits_and_files(repo):
    assert int(git(repo.path, "rev-list", "--count", "HEAD")) == COMMITS == repo.commits
    tracked = git(repo.path, "ls-files").splitlines()
    assert len(tracked) == repo.files
    assert 0.95 * FILES <= repo.files <= FILES
    assert {"pyproject.toml", "Makefile", "README.md"} <= set(tracked)
    assert git(repo.path, "status", "--porcelain") == ""
    assert git(repo.path, "symbolic-ref", "--short", "HEAD").strip() == "main"
    assert git(repo.path, "config", "user.name").strip()


def test_history_has_renames_including_a_chain(repo):
    found = renames(repo)
    assert len(found) == repo.renames >= 4
    olds = {old for _, old, _ in found}
    assert any(new in olds for _, _, new in found), "no file was renamed twice"
    assert {score == "R100" for score, _, _ in found} == {True, False}, "want pure renames and renamed+edited"


def test_history_has_deletions_removals_moves_and_the_python_bump(repo):
    assert git(repo.path, "log", "--diff-filter=D", "--name-only", "--format=").split()
    subjects = git(repo.path, "log", "--format=%s").splitlines()
    for prefix in ("Remove name_", "Move name_", "Drop the --opt-", "Delete ", "Require Python 3.12"):
        assert any(s.startswith(prefix) for s in subjects), prefix
    root = git(repo.path, "rev-list", "--max-parents=0", "HEAD").strip()
    assert 'requires-python = ">=3.10"' in git(repo.path, "show", f"{root}:pyproject.toml")
    assert 'requires-python = ">=3.12"' in git(repo.path, "show", "HEAD:pyproject.toml")
    assert "test:" in (repo.path / "Makefile").read_text() and "lint:" in (repo.path / "Makefile").read_text()


def test_files_are_small_python_with_functions_flags_and_variables(repo):
    texts = [path.read_text() for path in sorted((repo.path / "pkg").rglob("*.py"))]
    assert all(5 <= len(text.splitlines()) <= 20 for text in texts)
    assert all("def name_" in text for text in texts)
    assert any("--opt-" in text for text in texts) and any("APP_SETTING_" in text for text in texts)


def test_entries_reference_the_intended_kinds(repo):
    assert len(repo.entries) == ENTRIES == len({entry.id for entry in repo.entries})
    assert set(repo.categories.values()) == set(CATEGORIES)
    every = [refs_of(repo, category) for category in CATEGORIES]
    assert all(2 <= len(refs) <= 4 for refs_list in every for refs in refs_list)
    assert {kind for refs_list in every for refs in refs_list for kind, _ in refs} == {
        "path", "symbol", "flag", "env", "commit", "command", "version", "ref"}
    for category in ("ok", "renamed", "deleted", "symbol", "flag", "moved"):
        assert all({"path", "symbol"} <= {kind for kind, _ in refs} for refs in refs_of(repo, category)), category
    assert all(any(kind == "flag" for kind, _ in refs) for refs in refs_of(repo, "flag"))
    assert all({kind for kind, _ in refs} == {"commit", "path", "command"} for refs in refs_of(repo, "commit"))
    assert all(("version", "python:3.10") in refs for refs in refs_of(repo, "python"))
    assert all(("ref", "tag:v1.0") in refs for refs in refs_of(repo, "tag"))


def test_a_sample_text_extracts_as_intended(repo):
    sample = next(entry.text for entry in repo.entries if repo.categories[entry.id] == "flag")
    kinds = Counter(ref.kind for ref in extract_references(sample))
    assert kinds == Counter({"path": 1, "symbol": 1, "flag": 1})


def test_category_mix_follows_the_shares(repo):
    counts = Counter(repo.categories.values())
    assert counts["ok"] == 70 and counts["renamed"] == 10
    assert counts["deleted"] == counts["symbol"] == counts["flag"] == 5


def test_entries_are_scoped_to_the_repo_and_verified_mid_history(repo):
    project = identify_project(repo.path)
    assert {entry.scope.project.key for entry in repo.entries} == {project.key}
    history = git(repo.path, "rev-list", "--reverse", "HEAD").split()
    positions = {history.index(entry.verified_commit) for entry in repo.entries}
    assert all(0.35 * COMMITS <= p <= 0.55 * COMMITS for p in positions)
    assert all(entry.provenance.commit == entry.verified_commit and entry.verified_at for entry in repo.entries)
    shas = {ref.value for e in repo.entries for ref in extract_references(e.text) if ref.kind == "commit"}
    assert shas and all(len(sha) == 12 and any(full.startswith(sha) for full in history) for sha in shas)


def test_editable_file_defines_the_symbol_several_entries_name(repo):
    text = (repo.path / repo.editable).read_text()
    assert f"def {repo.editable_symbol}(" in text
    assert repo.editable in git(repo.path, "ls-files").splitlines()
    naming = [e for e in repo.entries
              if {("path", repo.editable), ("symbol", repo.editable_symbol)}
              <= {(r.kind, r.value) for r in extract_references(e.text)}]
    assert len(naming) >= 3
    assert all(repo.categories[e.id] == "ok" for e in naming)


def test_deleting_the_editable_def_line_makes_its_symbol_missing(tmp_path):
    repo = build_synthetic_repo(tmp_path / "repo", files=FILES, commits=COMMITS, entries=20)
    file = repo.path / repo.editable
    assert naive_reference_status(repo.path, "symbol", repo.editable_symbol) == "ok"
    lines = file.read_text().splitlines(keepends=True)
    file.write_text("".join(line for line in lines if not line.startswith(f"def {repo.editable_symbol}(")))
    assert naive_reference_status(repo.path, "symbol", repo.editable_symbol) == "missing"


def test_build_is_deterministic(repo, tmp_path):
    again = build_synthetic_repo(tmp_path / "again", files=FILES, commits=COMMITS, entries=ENTRIES)
    assert git(again.path, "rev-parse", "HEAD") == git(repo.path, "rev-parse", "HEAD")
    assert [e.text for e in again.entries] == [e.text for e in repo.entries]
    assert (again.editable, again.editable_symbol, again.renames) == (repo.editable, repo.editable_symbol, repo.renames)


def test_naive_status_reads_paths(repo):
    ok = next(v for refs in refs_of(repo, "ok") for k, v in refs if k == "path")
    renamed = next(v for refs in refs_of(repo, "renamed") for k, v in refs if k == "path")
    deleted = next(v for refs in refs_of(repo, "deleted") for k, v in refs if k == "path")
    assert naive_reference_status(repo.path, "path", ok) == "ok"
    assert naive_reference_status(repo.path, "path", renamed) == "renamed"
    assert naive_reference_status(repo.path, "path", deleted) == "missing"
    assert naive_reference_status(repo.path, "path", "pkg/") == "ok"


@pytest.mark.parametrize(("category", "kind", "status"), [
    ("symbol", "symbol", "missing"), ("flag", "flag", "missing"), ("python", "version", "missing"),
    ("tag", "ref", "ok"), ("commit", "commit", "ok"), ("commit", "command", "ok"),
])
def test_naive_status_reads_the_other_kinds(repo, category, kind, status):
    refs = refs_of(repo, category)[0]
    if category == "symbol":  # the removed function is the entry's `name_..._b`
        value = next(v for k, v in refs if k == kind and v.endswith("_b"))
    else:
        value = next(v for k, v in refs if k == kind)
    assert naive_reference_status(repo.path, kind, value) == status


def test_naive_status_of_absent_things_and_unknown_kinds(repo):
    assert naive_reference_status(repo.path, "commit", "deadbeef1234") == "missing"
    assert naive_reference_status(repo.path, "ref", "branch:main") == "ok"
    assert naive_reference_status(repo.path, "command", "make:deploy") == "missing"
    assert naive_reference_status(repo.path, "version", "python:>=3.12") == "ok"
    assert naive_reference_status(repo.path, "version", "package:django:4.2") == "unverifiable"
    assert naive_reference_status(repo.path, "path", "~/.ssh/config") == "unverifiable"
    assert naive_reference_status(repo.path, "nonsense", "x") == "unverifiable"


def test_naive_check_counts_and_times_references(repo):
    total = sum(len(extract_references(e.text)) for e in repo.entries[:5])
    checked, seconds = naive_check(repo.path, repo.entries[:5])
    assert checked == total and seconds > 0
    assert naive_check(repo.path, repo.entries, limit=7)[0] == 7


def test_refuses_a_non_empty_folder_and_tiny_sizes(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    with pytest.raises(FileExistsError):
        build_synthetic_repo(tmp_path / "full", files=FILES, commits=COMMITS, entries=10)
    with pytest.raises(ValueError):
        build_synthetic_repo(tmp_path / "tiny", files=10, commits=COMMITS, entries=10)
