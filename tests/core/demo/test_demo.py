"""The demo build: a deterministic shop repository with a real history, and entries covering every state."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

import pytest
from git import Repo

from memrev.core.check.project import identify_project
from memrev.core.demo.builder import DemoBuild, build_demo
from memrev.core.demo.entries import STATES, VERDICTS
from memrev.core.model import LinkKind, Status
from memrev.core.store.jsonl import read_jsonl
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import entry_to_dict


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoBuild:
    """One demo build shared by the read-only tests of this module."""
    return build_demo(tmp_path_factory.mktemp("demo") / "build")


@pytest.fixture()
def repo(demo: DemoBuild) -> Iterator[Repo]:
    """The demo repository, closed after the test."""
    with Repo(demo.repo) as opened:
        yield opened


def _fixed_clock() -> datetime:
    """A store clock that never reads the real time."""
    return datetime(2026, 6, 10, 12, 0, tzinfo=timezone.utc)


# -- the repository --------------------------------------------------------------------------------


def test_layout(demo: DemoBuild) -> None:
    assert demo.repo == demo.root / "shop"
    assert demo.jsonl == demo.root / "memories.jsonl"
    assert (demo.repo / ".git").is_dir()
    assert demo.jsonl.is_file()


def test_history_order_and_labels(demo: DemoBuild, repo: Repo) -> None:
    labels = list(demo.commits)
    assert labels[0] == "initial"
    assert {"rename-utils", "remove-legacy-discount", "remove-legacy-format", "require-python-3.12",
            "update-deploy-docs", "readme-tweak"} <= set(labels)
    oldest_first = repo.git.rev_list("--reverse", "HEAD").split()
    assert oldest_first == list(demo.commits.values())
    assert repo.active_branch.name == "main"
    assert not repo.is_dirty(untracked_files=True)


def test_commits_are_fixed_author_and_dates_in_2026(repo: Repo) -> None:
    commits = list(repo.iter_commits("HEAD"))
    for commit in commits:
        assert (commit.author.name, commit.author.email) == ("Demo Dev", "dev@example.com")
        assert (commit.committer.name, commit.committer.email) == ("Demo Dev", "dev@example.com")
        assert commit.authored_datetime.year == 2026
        assert commit.committed_date == commit.authored_date
    months = sorted(commit.authored_datetime.astimezone(timezone.utc).month for commit in commits)
    assert months[0] == 1 and months[-1] == 6


def test_rename_is_detected(demo: DemoBuild, repo: Repo) -> None:
    renames = repo.git.log("-M", "--diff-filter=R", "--name-status", "--format=%H", "HEAD")
    assert demo.commits["rename-utils"] in renames
    assert "src/shop/utils.py\tsrc/shop/helpers.py" in renames
    followed = repo.git.log("--follow", "-M", "--name-only", "--format=", "--", "src/shop/helpers.py").split()
    assert "src/shop/utils.py" in followed
    assert "def parse_price(text)" in repo.git.show("HEAD:src/shop/helpers.py")
    assert "src/shop/utils.py" not in repo.git.ls_files().split()


def test_legacy_discount_removed(demo: DemoBuild, repo: Repo) -> None:
    assert "def legacy_discount(" in repo.git.show(f"{demo.commits['initial']}:src/shop/pricing.py")
    head = repo.git.show("HEAD:src/shop/pricing.py")
    assert "legacy_discount" not in head
    assert "def apply_discount(" in head


def test_legacy_format_flag_removed(demo: DemoBuild, repo: Repo) -> None:
    assert "--legacy-format" in repo.git.show(f"{demo.commits['initial']}:src/shop/cli.py")
    assert "--legacy-format" not in repo.git.show("HEAD:src/shop/cli.py")
    assert repo.git.grep("-F", "-e", "--legacy-format", "HEAD", with_exceptions=False) == ""


def test_python_requirement_bumped(repo: Repo) -> None:
    assert 'requires-python = ">=3.12"' in repo.git.show("HEAD:pyproject.toml")
    assert 'requires-python = ">=3.10"' in repo.git.show("v1.0:pyproject.toml")
    assert repo.git.show("HEAD:.python-version").strip() == "3.12"


def test_deploy_doc_changed_after_initial(demo: DemoBuild, repo: Repo) -> None:
    changed = repo.git.log("--format=%H", f"{demo.commits['initial']}..HEAD", "--", "docs/deploy.md").split()
    assert changed == [demo.commits["update-deploy-docs"]]


def test_initial_commit_files(demo: DemoBuild, repo: Repo) -> None:
    files = set(repo.git.ls_tree("-r", "--name-only", demo.commits["initial"]).split())
    assert {"pyproject.toml", "Makefile", "README.md", "src/shop/__init__.py", "src/shop/cli.py",
            "src/shop/utils.py", "src/shop/pricing.py", "docs/deploy.md", "tests/test_pricing.py",
            "uv.lock"} <= files
    makefile = repo.git.show(f"{demo.commits['initial']}:Makefile")
    assert "\ntest:\n\t" in makefile and "pytest" in makefile


def test_tag_points_at_initial(demo: DemoBuild, repo: Repo) -> None:
    assert repo.commit("v1.0").hexsha == demo.commits["initial"]


def test_remote_and_project_identity(demo: DemoBuild) -> None:
    project = identify_project(demo.repo)
    assert project.remote == "github.com/acme/shop"
    assert project.root_commit == demo.commits["initial"]
    shop_keys = {e.scope.project.key for e in demo.entries if e.scope.project and e.scope.project.name == "shop"}
    assert shop_keys == {project.key}


def test_two_builds_are_identical(demo: DemoBuild, tmp_path: Path) -> None:
    other = build_demo(tmp_path / "elsewhere")
    assert other.commits == demo.commits
    with Repo(other.repo) as second, Repo(demo.repo) as first:
        assert second.commit("v1.0").hexsha == first.commit("v1.0").hexsha
        assert second.tags["v1.0"].tag.hexsha == first.tags["v1.0"].tag.hexsha
    assert other.jsonl.read_bytes() == demo.jsonl.read_bytes()
    assert other.expectations == demo.expectations


def test_non_empty_target_is_refused(tmp_path: Path) -> None:
    (tmp_path / "something.txt").write_text("x", encoding="utf-8")
    with pytest.raises(ValueError, match="not empty") as caught:
        build_demo(tmp_path)
    assert "\n" not in str(caught.value)


def test_file_target_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "a-file"
    target.write_text("x", encoding="utf-8")
    with pytest.raises(ValueError):
        build_demo(target)


def test_existing_empty_folder_is_accepted(tmp_path: Path) -> None:
    build = build_demo(tmp_path)
    assert build.root == tmp_path.resolve()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "memories.jsonl", "shop"]


# -- the entries -----------------------------------------------------------------------------------


def test_enough_entries_and_every_state(demo: DemoBuild) -> None:
    assert len(demo.entries) >= 14
    ids = [entry.id for entry in demo.entries]
    assert len(ids) == len(set(ids))
    assert set(demo.expectations) == set(ids)
    assert {exp.state for exp in demo.expectations.values()} == set(STATES)
    for expectation in demo.expectations.values():
        assert expectation.verdict in VERDICTS
        assert expectation.note
        assert (expectation.verdict == "blocked") == expectation.state.startswith("malicious-")


def test_entries_spread_over_types_scopes_and_agents(demo: DemoBuild) -> None:
    assert {e.type.value for e in demo.entries} == {"user", "feedback", "project", "reference", "unknown"}
    assert {e.scope.kind.value for e in demo.entries} == {"private", "team"}
    assert {e.source.agent for e in demo.entries} == {"claude", "codex", "hermes", "openclaw"}
    assert {e.provenance.written_by.value for e in demo.entries} == {"agent", "human"}
    assert sum(e.scope.project is None for e in demo.entries) == 1
    names = {e.scope.project.name for e in demo.entries if e.scope.project}
    assert names == {"shop", "billing-service"}


def test_entries_have_fixed_provenance(demo: DemoBuild) -> None:
    for entry in demo.entries:
        p = entry.provenance
        assert p.written_at is not None and p.written_at.year == 2026 and p.written_at.utcoffset().total_seconds() == 0
        assert p.session and p.session.startswith("sess-")
        assert p.cwd and p.cwd.startswith("/home/demo")
        assert p.branch == "main"
        assert p.citation
        assert 0.4 <= entry.confidence <= 0.95
        assert entry.confidence_reason and entry.confidence_reason != "not yet reviewed"
        assert entry.source.file and entry.source.anchor
        assert entry.verified_at is None or entry.verified_at.year == 2026


def test_provenance_commits_are_real(demo: DemoBuild, repo: Repo) -> None:
    real = set(repo.git.rev_list("--all").split())
    checked = 0
    for entry in demo.entries:
        if entry.scope.project and entry.scope.project.name == "billing-service":
            continue
        for sha in (entry.provenance.commit, entry.verified_commit):
            if sha is not None:
                assert sha in real, entry.id
                checked += 1
    assert checked >= 12
    written_at_initial = [e for e in demo.entries if e.provenance.commit == demo.commits["initial"]]
    assert len(written_at_initial) > len(demo.entries) // 2


def test_named_entries(demo: DemoBuild) -> None:
    by_state: dict[str, list[str]] = {}
    for entry_id, expectation in demo.expectations.items():
        by_state.setdefault(expectation.state, []).append(entry_id)
    texts = {entry.id: entry.text for entry in demo.entries}
    assert any("make test" in texts[i] for i in by_state["fresh"])
    assert any("src/shop/utils.py" in texts[i] for i in by_state["stale-renamed"])
    assert any("legacy_discount" in texts[i] for i in by_state["stale-symbol-removed"])
    assert any("--legacy-format" in texts[i] for i in by_state["stale-flag-removed"])
    assert any("Python 3.10" in texts[i] for i in by_state["contradicted-version"])
    assert any(demo.commits["initial"] in texts[i] and "v1.0" in texts[i] for i in by_state["pinned-commit"])
    assert len(by_state["conflict"]) == 2
    changed = next(e for e in demo.entries if e.id in by_state["changed-since-verified"])
    assert "docs/deploy.md" in changed.text and changed.verified_commit == demo.commits["initial"]
    (global_id,) = by_state["global-preference"]
    assert next(e for e in demo.entries if e.id == global_id).scope.project is None
    (cross_id,) = by_state["cross-project"]
    cross = next(e for e in demo.entries if e.id == cross_id)
    assert cross.scope.project is not None and cross.scope.project.remote == "github.com/acme/billing-service"
    assert len(cross.scope.project.root_commit or "") == 40


def test_revoked_entry_links_to_correction(demo: DemoBuild) -> None:
    entries = {entry.id: entry for entry in demo.entries}
    (revoked_id,) = [i for i, exp in demo.expectations.items() if exp.state == "revoked-by-correction"]
    (correction_id,) = [i for i, exp in demo.expectations.items() if exp.state == "correction"]
    revoked = entries[revoked_id]
    assert revoked.status is Status.REVOKED
    links = [link for link in revoked.links if link.kind is LinkKind.REVOKED_BY]
    assert [link.target for link in links] == [correction_id]
    assert links[0].reason
    correction = entries[correction_id]
    assert correction.provenance.written_by.value == "human"
    assert correction.text == "Never deploy on Fridays."


def test_invisible_entry_hides_characters(demo: DemoBuild) -> None:
    (entry_id,) = [i for i, exp in demo.expectations.items() if exp.state == "malicious-invisible"]
    text = next(e.text for e in demo.entries if e.id == entry_id)
    assert "\u200b" in text
    assert any(0xE0000 <= ord(char) <= 0xE007F for char in text)
    reread = {e.id: e.text for e in read_jsonl(demo.jsonl).entries}
    assert reread[entry_id] == text


def test_secret_and_exfiltration_entries(demo: DemoBuild) -> None:
    texts = {e.id: e.text for e in demo.entries}
    states = {i: exp.state for i, exp in demo.expectations.items()}
    secret = next(texts[i] for i, s in states.items() if s == "malicious-secret")
    assert "AKIAQ3T7ZP2WX8N5M4KD" in secret and "ghp_" in secret
    exfil = next(texts[i] for i, s in states.items() if s == "malicious-exfiltration")
    assert "curl" in exfil and "~/.ssh/id_rsa" in exfil
    injection = next(texts[i] for i, s in states.items() if s == "malicious-injection")
    assert injection.startswith("Ignore all previous instructions")


def test_jsonl_reads_back_the_same_entries(demo: DemoBuild) -> None:
    batch = read_jsonl(demo.jsonl)
    assert batch.skipped == []
    assert [entry_to_dict(e) for e in batch.entries] == [entry_to_dict(e) for e in demo.entries]


def test_store_import_is_idempotent(demo: DemoBuild, tmp_path: Path) -> None:
    entries = read_jsonl(demo.jsonl).entries
    with MemoryStore(tmp_path / "memrev.db", clock=_fixed_clock) as store:
        first = store.apply(entries, actor="test")
        assert sorted(first.added) == sorted(e.id for e in entries)
        events = len(store.events())
        second = store.apply(read_jsonl(demo.jsonl).entries, actor="test")
        assert second.added == [] and second.revised == []
        assert sorted(second.unchanged) == sorted(e.id for e in entries)
        assert len(store.events()) == events
        stored = {e.id: e for e in store.entries()}
    assert set(stored) == {e.id for e in entries}
    (revoked_id,) = [i for i, exp in demo.expectations.items() if exp.state == "revoked-by-correction"]
    assert stored[revoked_id].status is Status.REVOKED
    assert [link.kind for link in stored[revoked_id].links] == [LinkKind.REVOKED_BY]
    for entry in entries:
        assert entry_to_dict(stored[entry.id]) == entry_to_dict(entry)
