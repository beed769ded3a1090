"""Project identity from real git repositories: a re-cloned or moved checkout keeps its key."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memrev.core.check.project import identify_project, normalise_remote
from memrev.core.model import Project


@pytest.fixture
def git_env(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        HOME=str(home),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_AUTHOR_NAME="Ada Tester",
        GIT_AUTHOR_EMAIL="ada@example.test",
        GIT_AUTHOR_DATE="2025-01-01T00:00:00+00:00",
        GIT_COMMITTER_NAME="Ada Tester",
        GIT_COMMITTER_EMAIL="ada@example.test",
        GIT_COMMITTER_DATE="2025-01-01T00:00:00+00:00",
    )
    return env


@pytest.fixture
def git(git_env):
    def run(cwd: Path, *args: str) -> str:
        done = subprocess.run(["git", *args], cwd=cwd, env=git_env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
        return done.stdout.strip()

    return run


@pytest.fixture
def make_repo(git):
    def make(path: Path, *, commits: int = 1, remote: str | None = None) -> Path:
        path.mkdir(parents=True)
        git(path, "init", "-q", "-b", "main")
        for number in range(commits):
            (path / f"file{number}.txt").write_text(f"content {number}\n")
            git(path, "add", ".")
            git(path, "commit", "-q", "-m", f"commit {number}")
        if remote:
            git(path, "remote", "add", "origin", remote)
        return path

    return make


def test_a_clone_elsewhere_with_another_remote_spelling_keeps_the_key(tmp_path, git, make_repo):
    original = make_repo(tmp_path / "work" / "shop", commits=2, remote="git@github.com:acme/shop.git")
    clone = tmp_path / "elsewhere" / "shop-checkout"
    clone.parent.mkdir()
    git(clone.parent, "clone", "-q", str(original), str(clone))
    git(clone, "remote", "set-url", "origin", "https://github.com/acme/shop")

    here, there = identify_project(original), identify_project(clone)

    root = git(original, "rev-list", "--max-parents=0", "HEAD")
    assert here.key == there.key
    assert here.root_commit == there.root_commit == root
    assert here.remote == there.remote == "github.com/acme/shop"
    assert here.path == str(original.resolve()) and there.path == str(clone.resolve())
    assert (here.name, there.name) == ("shop", "shop-checkout")


def test_a_later_commit_does_not_change_the_key(tmp_path, git, make_repo):
    repo = make_repo(tmp_path / "shop", remote="git@github.com:acme/shop.git")
    before = identify_project(repo).key
    (repo / "more.txt").write_text("more\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "more")
    assert identify_project(repo).key == before


def test_a_subfolder_identifies_the_whole_repository(tmp_path, make_repo):
    repo = make_repo(tmp_path / "shop", remote="git@github.com:acme/shop.git")
    sub = repo / "src" / "deep"
    sub.mkdir(parents=True)
    project = identify_project(sub)
    assert project.key == identify_project(repo).key
    assert project.path == str(repo.resolve())


def test_same_history_under_another_remote_is_another_project(tmp_path, git, make_repo):
    original = make_repo(tmp_path / "shop", remote="git@github.com:acme/shop.git")
    fork = tmp_path / "fork"
    git(tmp_path, "clone", "-q", str(original), str(fork))
    git(fork, "remote", "set-url", "origin", "git@github.com:someone/shop.git")
    assert identify_project(fork).key != identify_project(original).key


def test_unrelated_repositories_differ_even_with_the_same_remote(tmp_path, git, make_repo):
    one = make_repo(tmp_path / "one", remote="git@github.com:acme/shop.git")
    two = make_repo(tmp_path / "two", commits=0, remote="git@github.com:acme/shop.git")
    (two / "other.txt").write_text("a different first commit\n")
    git(two, "add", ".")
    git(two, "commit", "-q", "-m", "another start")
    assert identify_project(one).root_commit != identify_project(two).root_commit
    assert identify_project(one).key != identify_project(two).key


def test_a_repository_without_origin_keys_by_root_commit(tmp_path, git, make_repo):
    repo = make_repo(tmp_path / "local-only")
    project = identify_project(repo)
    assert project.remote is None
    assert project.root_commit == git(repo, "rev-list", "--max-parents=0", "HEAD")
    moved = tmp_path / "moved"
    repo.rename(moved)
    assert identify_project(moved).key == project.key


def test_a_plain_folder_keys_by_path(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    project = identify_project(folder)
    assert project.root_commit is None and project.remote is None
    assert project.path == str(folder.resolve())
    assert project.name == "notes"
    assert project == Project.from_parts(root_commit=None, remote=None, path=str(folder.resolve()), name="notes")
    assert identify_project(str(folder)).key == project.key

    other = tmp_path / "other"
    other.mkdir()
    assert identify_project(other).key != project.key


def test_a_missing_folder_keys_by_path(tmp_path):
    project = identify_project(tmp_path / "not-yet")
    assert project.path == str((tmp_path / "not-yet").resolve())
    assert project.root_commit is None


def test_a_repository_with_no_commits_does_not_crash(tmp_path, make_repo):
    bare_start = make_repo(tmp_path / "empty", commits=0)
    project = identify_project(bare_start)
    assert project.root_commit is None
    assert project.remote is None
    assert project.path == str(bare_start.resolve())
    assert project.key == Project.from_parts(root_commit=None, remote=None, path=str(bare_start.resolve())).key


def test_a_repository_with_no_commits_but_a_remote_keys_by_remote(tmp_path, make_repo):
    one = make_repo(tmp_path / "a", commits=0, remote="git@github.com:acme/shop.git")
    two = make_repo(tmp_path / "b", commits=0, remote="https://github.com/acme/shop.git")
    assert identify_project(one).root_commit is None
    assert identify_project(one).remote == "github.com/acme/shop"
    assert identify_project(one).key == identify_project(two).key


@pytest.mark.parametrize(
    "url",
    [
        "git@github.com:acme/shop.git",
        "git@github.com:acme/shop",
        "github.com:acme/shop.git",
        "git@GitHub.com:acme/shop.git",
        "https://github.com/acme/shop",
        "https://github.com/acme/shop.git",
        "https://github.com/acme/shop/",
        "https://github.com/acme/shop.git/",
        "https://ada@github.com/acme/shop.git",
        "https://ada:s3cret@github.com/acme/shop",
        "http://github.com/acme/shop",
        "ssh://git@github.com/acme/shop.git",
        "ssh://git@github.com:22/acme/shop.git",
        "ssh://github.com/acme/shop",
        "git://github.com/acme/shop.git",
        "  https://github.com/acme/shop.git\n",
    ],
)
def test_normalise_remote_spellings_agree(url):
    assert normalise_remote(url) == "github.com/acme/shop"


def test_normalise_remote_never_keeps_credentials():
    assert "s3cret" not in normalise_remote("https://ada:s3cret@github.com/acme/shop")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("git@gitlab.example.com:group/sub/proj.git", "gitlab.example.com/group/sub/proj"),
        ("https://gitlab.example.com/group/sub/proj", "gitlab.example.com/group/sub/proj"),
        ("/srv/git/shop.git", "/srv/git/shop"),
        ("/srv/git/shop/", "/srv/git/shop"),
    ],
)
def test_normalise_remote_other_hosts_and_local_paths(url, expected):
    assert normalise_remote(url) == expected


def test_different_repositories_do_not_normalise_alike():
    assert normalise_remote("git@github.com:acme/shop.git") != normalise_remote("git@github.com:acme/blog.git")
    assert normalise_remote("git@github.com:acme/shop.git") != normalise_remote("git@gitlab.com:acme/shop.git")
