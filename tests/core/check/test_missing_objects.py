"""A repository missing some objects (a partial clone, a damaged mirror): the check never raises; what git cannot
read becomes `unverifiable` or a note with a one-line reason, and everything else is still checked (issue #15)."""

from __future__ import annotations

from datetime import datetime, timezone
import subprocess
from pathlib import Path

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


def drop_object(repo: GitRepo, revision: str) -> str:
    """Delete one loose object from the repository, as a partial mirror lacks it; its SHA is returned."""
    sha = repo.git("rev-parse", revision).strip()
    (repo.path / ".git" / "objects" / sha[:2] / sha[2:]).unlink()
    return sha


@pytest.fixture(scope="module")
def partial(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A repository whose first logo and whose deleted design notes lack their objects, with a file renamed (and
    edited) and a file deleted after the entries were verified."""
    repo = GitRepo(tmp_path_factory.mktemp("partial") / "site")
    repo.write("src/app.py", "def serve():\n    return 'ok'\n\n\ndef stop():\n    return None\n")
    repo.write("src/util.py", "".join(f"def helper_{n}():\n    return {n}\n\n\n" for n in range(8)))
    repo.write("assets/logo.png", "PNG-version-1\n" * 40)
    repo.write("docs/design.md", "# Design\n\nThe server runs one worker.\n" * 5)
    start = repo.commit("Initial site")
    repo.mv("src/util.py", "src/helpers.py")
    repo.write("src/helpers.py", "".join(f"def helper_{n}():\n    return {n}\n\n\n" for n in range(9)))
    repo.write("assets/logo.png", "PNG-version-2\n" * 40)
    repo.rm("docs/design.md")
    repo.commit("Rename util, new logo, drop the design notes")
    logo = drop_object(repo, f"{start}:assets/logo.png")
    drop_object(repo, f"{start}:docs/design.md")
    return {"repo": repo, "start": start, "logo": logo}


def check(partial: dict, text: str):
    """One entry verified at the first commit, checked at HEAD."""
    checker = Checker(partial["repo"].path, clock=lambda: NOW)
    try:
        return checker, checker.check_all([Entry(id="e", text=text, verified_commit=partial["start"])])["e"]
    finally:
        checker.close()


def test_git_log_really_fails_on_this_repository(partial) -> None:
    with pytest.raises(subprocess.CalledProcessError):
        partial["repo"].git("log", "-M", "--numstat")


def test_the_check_says_what_it_cannot_read_in_one_line_and_never_raises(partial) -> None:
    checker, result = check(partial, "The logo is `assets/logo.png`.")
    problem = next(note for note in checker.index.notes if note.startswith("git cannot read"))
    assert "\n" not in problem and "lack objects" in problem
    assert "assets/logo.png" in problem and "unable to read" in problem
    ref = result.references[0]
    assert ref.status is RefStatus.OK and "cannot be told" in ref.evidence and "missing objects" in ref.evidence


def test_a_deleted_file_whose_versions_are_missing_is_unverifiable_with_the_reason(partial) -> None:
    _, result = check(partial, "Design notes live in `docs/design.md`.")
    ref = result.references[0]
    assert result.verdict is Verdict.UNVERIFIABLE and ref.status is RefStatus.UNVERIFIABLE
    assert ref.evidence == ("docs/design.md is gone, but git cannot read its versions here (missing objects), so "
                            "whether it was renamed or deleted cannot be told")


def test_readable_paths_keep_their_renames_and_checks(partial) -> None:
    _, result = check(partial, "Helpers are in `src/util.py`; the server starts in `src/app.py` with `serve()`.")
    by_text = {ref.text: ref for ref in result.references}
    assert by_text["src/util.py"].status is RefStatus.RENAMED
    assert by_text["src/util.py"].suggestion == "src/helpers.py"
    assert by_text["src/app.py"].status is RefStatus.OK
    assert result.verdict is Verdict.STALE


def test_without_readable_history_a_missing_path_is_unverifiable_not_never_there(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "broken")
    repo.write("src/app.py", "print('hi')\n")
    repo.write("old.txt", "bye\n")
    start = repo.commit("One")
    repo.rm("old.txt")
    repo.commit("Two")
    drop_object(repo, f"{start}^{{tree}}")  # the first commit's tree: not even the content-free log reads
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text="Notes are in `old.txt`.", verified_commit=start)])["e"]
    finally:
        checker.close()
    ref = result.references[0]
    assert ref.status is RefStatus.UNVERIFIABLE
    assert "git cannot read HEAD's history here (" in ref.evidence and "\n" not in ref.evidence


def test_the_scorer_checks_a_commit_whose_blob_the_mirror_lacks(tmp_path: Path) -> None:
    from memrev.core.check.eval_labels import Label
    from memrev.core.check.eval_staleness import run_labels

    repo = GitRepo(tmp_path / "mirror")
    repo.write("src/cart.py", "def total(items):\n    return sum(items)\n")
    repo.write("assets/[big] video.mp4", "frames\n" * 100)
    start = repo.commit("Cart and video")
    repo.mv("src/cart.py", "src/basket.py")
    head = repo.commit("Basket")
    drop_object(repo, f"{start}:assets/[big] video.mp4")
    labels = [Label("gone", "The cart is `src/cart.py`.", start, head, "stale", "src/cart.py", "src/basket.py"),
              Label("video", "The demo is `assets/[big] video.mp4`.", start, head, "fresh", "assets/[big] video.mp4")]
    outcomes = {o.label.id: o for o in run_labels(labels, repo.path)}
    assert outcomes["gone"].error is None and outcomes["gone"].check.verdict is Verdict.STALE
    assert outcomes["gone"].check.references[0].suggestion == "src/basket.py"
    assert outcomes["video"].error is None and outcomes["video"].check is not None


def test_the_scorer_checks_a_commit_whose_lacking_blob_has_a_non_ascii_name(tmp_path: Path) -> None:
    from memrev.core.check.eval_labels import Label
    from memrev.core.check.eval_staleness import run_labels

    repo = GitRepo(tmp_path / "mirror")
    repo.write("src/cart.py", "def total(items):\n    return sum(items)\n")
    repo.write("static/avatars/café 头像.png", "pixels\n" * 100)
    start = repo.commit("Cart and avatar")
    repo.write("src/cart.py", "def total(items):\n    return sum(items, 0)\n")
    head = repo.commit("Start at zero")
    drop_object(repo, f"{start}:static/avatars/café 头像.png")
    labels = [Label("cart", "The cart is `src/cart.py`.", start, head, "fresh", "src/cart.py")]
    outcome = run_labels(labels, repo.path)[0]
    assert outcome.error is None and outcome.check is not None and outcome.check.verdict is not Verdict.STALE
