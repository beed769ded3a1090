"""The staleness checker on real repositories: every status with its evidence, verdicts, bad input, incremental checks."""

from __future__ import annotations

import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.check.project import identify_project
from memrev.core.check.repo_index import RepositoryError
from memrev.core.model import Entry, Project, Scope, ScopeKind, Status

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)

CLI_V1 = """import argparse


def build_parser():
    parser = argparse.ArgumentParser(prog="app")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--legacy", action="store_true")
    return parser
"""

UTILS = '''"""Text helpers."""


def parse(text):
    return text.strip()


def helper(value):
    return value * 2
'''


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A repository with renames (one twice, with a content change), a moved function, a removed flag,
    a deleted file, a Python version bump and a tag."""
    repo = GitRepo(tmp_path_factory.mktemp("repo") / "app")
    repo.write("src/app/utils.py", UTILS)
    repo.write("src/app/cli.py", CLI_V1)
    repo.write("src/app/__init__.py", "")
    repo.write("pyproject.toml", '[project]\nname = "app"\nrequires-python = ">=3.10"\n')
    repo.write("Makefile", "test:\n\tpytest -q\n")
    repo.write("docs/guide.md", "# Guide\n\nUse the CLI.\n")
    repo.write("docs/old.md", "# Old\n")
    repo.write("docs/My Notes.md", "notes\n")
    repo.write("docs/café.md", "menu\n")
    repo.write(".gitignore", "dist/\n")
    shas = {"initial": repo.commit("Initial app")}
    repo.git("tag", "v1.0")
    repo.mv("src/app/utils.py", "src/app/tools.py")
    shas["rename-1"] = repo.commit("Rename utils to tools")
    repo.mv("src/app/tools.py", "src/app/helpers/text.py")
    repo.write("src/app/helpers/text.py", UTILS.replace('"""Text helpers."""', '"""Text helpers, moved."""'))
    shas["rename-2"] = repo.commit("Move tools into helpers/text.py")
    repo.write("src/app/cli.py", CLI_V1.replace('    parser.add_argument("--legacy", action="store_true")\n', ""))
    shas["drop-flag"] = repo.commit("Drop --legacy")
    text = UTILS.replace('"""Text helpers."""', '"""Text helpers, moved."""')
    repo.write("src/app/helpers/text.py", text.split("\n\ndef helper")[0] + "\n")
    repo.write("src/app/extra.py", "def helper(value):\n    return value * 2\n")
    shas["move-helper"] = repo.commit("Move helper to extra.py")
    repo.write("pyproject.toml", '[project]\nname = "app"\nrequires-python = ">=3.12"\n')
    shas["python-3.12"] = repo.commit("Require Python 3.12")
    repo.rm("docs/old.md")
    shas["delete-old"] = repo.commit("Delete the old docs")
    repo.write("docs/guide.md", "# Guide\n\nUse the CLI, or the API.\n")
    shas["edit-guide"] = repo.commit("Mention the API")
    return {"repo": repo, "shas": shas, "project": identify_project(repo.path)}


def entry(history: dict, text: str, *, verified: str = "initial", entry_id: str = "e", **changes: object) -> Entry:
    """An entry of the test repository's project, verified at one of its commits."""
    shas = history["shas"]
    return Entry(id=entry_id, text=text, scope=Scope(ScopeKind.TEAM, history["project"]),
                 verified_commit=shas[verified], verified_at=datetime(2026, 1, 2, tzinfo=timezone.utc),
                 **changes)


def check(history: dict, *entries: Entry):
    """Check entries against the test repository and return the results by id."""
    checker = Checker(history["repo"].path, clock=lambda: NOW)
    try:
        return checker.check_all(entries)
    finally:
        checker.close()


def only(result, kind: str):
    """The single reference of one kind in a result."""
    found = [ref for ref in result.references if ref.kind == kind]
    assert len(found) == 1, result.references
    return found[0]


def test_a_file_renamed_twice_suggests_the_final_path_and_both_commits(history):
    result = check(history, entry(history, "Parsing is in src/app/utils.py."))["e"]
    ref = only(result, "path")
    assert ref.status is RefStatus.RENAMED
    assert ref.suggestion == "src/app/helpers/text.py"
    assert [c.sha for c in ref.commits] == [history["shas"]["rename-1"], history["shas"]["rename-2"]]
    assert "src/app/tools.py" in ref.evidence
    assert result.verdict is Verdict.STALE
    assert result.confidence <= 0.15


def test_a_rename_that_also_changed_the_content_is_followed(history):
    result = check(history, entry(history, "Helpers are in src/app/tools.py.", verified="rename-1"))["e"]
    ref = only(result, "path")
    assert ref.status is RefStatus.RENAMED
    assert ref.suggestion == "src/app/helpers/text.py"


def test_a_symbol_moved_to_another_file(history):
    result = check(history, entry(history, "`helper` lives in src/app/helpers/text.py.", verified="rename-2"))["e"]
    symbol = only(result, "symbol")
    assert symbol.status is RefStatus.MOVED
    assert symbol.suggestion == "src/app/extra.py"
    assert result.verdict is Verdict.STALE


def test_a_symbol_still_defined_in_a_changed_file_keeps_the_entry_fresh(history):
    result = check(history, entry(history, "`parse` is defined in src/app/helpers/text.py.", verified="rename-2"))["e"]
    assert only(result, "symbol").status is RefStatus.OK
    path = only(result, "path")
    assert path.status is RefStatus.OK and "what the entry states is still there" in path.evidence
    assert [c.sha for c in path.commits] == [history["shas"]["move-helper"]]
    assert result.verdict is Verdict.FRESH


def test_a_removed_flag_is_missing_and_names_the_commit_that_touched_the_file(history):
    result = check(history, entry(history, "Run `app --legacy` in src/app/cli.py for the old output."))["e"]
    flag = only(result, "flag")
    assert flag.status is RefStatus.MISSING
    assert "Drop --legacy" in flag.evidence
    assert only(result, "path").status is RefStatus.CHANGED


def test_a_deleted_file_names_the_deleting_commit(history):
    result = check(history, entry(history, "History is in docs/old.md."))["e"]
    ref = only(result, "path")
    assert ref.status is RefStatus.MISSING
    assert ref.commits[-1].sha == history["shas"]["delete-old"]
    assert "Delete the old docs" in ref.evidence


def test_a_file_merely_edited_since_verification_holds_with_the_edits_as_a_note(history):
    result = check(history, entry(history, "The guide is docs/guide.md."))["e"]
    ref = only(result, "path")
    assert ref.status is RefStatus.OK and "note: changed in 1 commit(s) since verified" in ref.evidence
    assert [c.sha for c in ref.commits] == [history["shas"]["edit-guide"]]
    assert ref.commits[0].added == 1 and ref.commits[0].removed == 1
    assert result.verdict is Verdict.FRESH


def test_a_cited_line_in_an_edited_file_is_changed_with_a_diff_summary(history):
    result = check(history, entry(history, "The intro is docs/guide.md:3."))["e"]
    ref = only(result, "path")
    assert ref.status is RefStatus.CHANGED and ref.evidence.endswith("; the edits touch the cited line 3")
    assert [c.sha for c in ref.commits] == [history["shas"]["edit-guide"]]
    assert ref.suggestion == f"git diff {history['shas']['initial'][:12]} HEAD -- docs/guide.md"
    assert result.verdict is Verdict.CHANGED


def test_an_unchanged_file_verified_after_its_last_change_is_fresh(history):
    result = check(history, entry(history, "The guide is docs/guide.md.", verified="edit-guide"))["e"]
    assert only(result, "path").status is RefStatus.OK
    assert result.verdict is Verdict.FRESH


def test_paths_with_spaces_and_non_ascii_characters(history):
    result = check(history, entry(history, "Notes in `docs/My Notes.md` and docs/café.md.", verified="edit-guide"))["e"]
    assert [(r.text, r.status) for r in result.references] == [
        ("docs/My Notes.md", RefStatus.OK), ("docs/café.md", RefStatus.OK)]


def test_a_pinned_commit_in_history_says_how_far_behind_it_is(history):
    sha = history["shas"]["initial"]
    result = check(history, entry(history, f"Roll back to {sha[:10]} (tag v1.0)."))["e"]
    commit = only(result, "commit")
    assert commit.status is RefStatus.OK and "7 commit(s) behind HEAD" in commit.evidence
    assert only(result, "ref").status is RefStatus.OK
    assert result.verdict is Verdict.FRESH


def test_a_tag_that_no_longer_points_at_the_pinned_commit_is_contradicted(history):
    sha = history["shas"]["rename-1"]
    result = check(history, entry(history, f"Release tag v1.0 is commit {sha}."))["e"]
    ref = only(result, "ref")
    assert ref.status is RefStatus.CONTRADICTED
    assert ref.facts[1][1] == history["shas"]["initial"][:12]


def test_unknown_commit_and_missing_branch(history):
    result = check(history, entry(history, "Fixed in deadbeefcafe1234 on branch release-9.9."))["e"]
    assert only(result, "commit").status is RefStatus.MISSING
    assert only(result, "ref").status is RefStatus.MISSING


def test_a_bare_name_is_checked_only_when_it_matches_one_file(history):
    results = check(history, entry(history, "See extra.py.", entry_id="one", verified="edit-guide"),
                    entry(history, "See __init__.py twice.", entry_id="amb"),
                    entry(history, "See requirements.txt.", entry_id="none"))
    assert only(results["one"], "path").status is RefStatus.OK
    never = only(results["none"], "path")
    assert never.status is RefStatus.UNVERIFIABLE and "never was in HEAD's history" in never.evidence


def test_ignored_build_outputs_and_outside_paths_are_unverifiable(history):
    result = check(history, entry(history, "Wheels land in dist/app.whl; keys in ~/.ssh/id_rsa."))["e"]
    assert [r.status for r in result.references] == [RefStatus.UNVERIFIABLE, RefStatus.UNVERIFIABLE]
    assert result.verdict is Verdict.UNVERIFIABLE


def test_flags_of_other_tools_are_not_checked(history):
    result = check(history, entry(history, "Never run `git push --force` here."))["e"]
    assert only(result, "flag").status is RefStatus.UNVERIFIABLE
    assert "git" in only(result, "flag").evidence


def test_another_projects_entry_is_out_of_scope_and_a_plain_preference_unverifiable(history):
    other = Project.from_parts(root_commit="b" * 40, remote="github.com/acme/other", path=None, name="other")
    results = check(history,
                    Entry(id="other", text="Run `make deploy`.", scope=Scope(ScopeKind.TEAM, other)),
                    Entry(id="pref", text="Ana prefers small commits.", confidence=0.9))
    assert results["other"].verdict is Verdict.OUT_OF_SCOPE and "other" in results["other"].reason
    assert results["pref"].verdict is Verdict.UNVERIFIABLE
    assert results["pref"].confidence <= 0.9


def test_a_blocked_entry_gets_the_blocked_verdict(history):
    result = check(history, entry(history, "docs/old.md", status=Status.BLOCKED))["e"]
    assert result.verdict is Verdict.BLOCKED and result.references == ()


def test_an_entry_of_several_megabytes_is_checked_with_a_note_and_others_still_are(history):
    huge = "The guide is docs/guide.md. " + "lorem ipsum " * 500_000
    results = check(history, entry(history, huge, entry_id="huge"),
                    entry(history, "History is in docs/old.md.", entry_id="small"))
    assert results["huge"].verdict is Verdict.FRESH
    assert any("characters were checked" in note for note in results["huge"].notes)
    assert results["small"].verdict is Verdict.STALE


# -- bad repositories ---------------------------------------------------------------------------


def test_not_a_repository_and_a_bare_repository_are_one_line_errors(tmp_path: Path):
    with pytest.raises(RepositoryError, match="not inside a git repository"):
        Checker(tmp_path)
    subprocess.run(["git", "init", "-q", "--bare", str(tmp_path / "bare.git")], check=True)
    with pytest.raises(RepositoryError, match="bare repository"):
        Checker(tmp_path / "bare.git")


def test_a_repository_with_no_commits_checks_the_working_tree(tmp_path: Path):
    repo = GitRepo(tmp_path / "empty")
    repo.write("notes.md", "hi\n")
    checker = Checker(repo.path, clock=lambda: NOW)
    results = checker.check_all([Entry(id="a", text="See notes.md and gone.md and abc1234def.")])
    checker.close()
    assert any("no commits" in note for note in results["a"].notes)
    statuses = {r.text: r.status for r in results["a"].references}
    assert statuses["notes.md"] is RefStatus.OK and statuses["gone.md"] is RefStatus.UNVERIFIABLE


def test_a_detached_head_is_checked(history, tmp_path: Path):
    clone = tmp_path / "detached"
    subprocess.run(["git", "clone", "-q", str(history["repo"].path), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", "--detach", history["shas"]["drop-flag"]], check=True)
    checker = Checker(clone, clock=lambda: NOW)
    results = checker.check_all([entry(history, "History is in docs/old.md.")])
    checker.close()
    assert only(results["e"], "path").status is RefStatus.OK  # not deleted yet at that commit


def test_a_shallow_clone_says_what_cannot_be_known(history, tmp_path: Path):
    clone = tmp_path / "shallow" / "app"  # a shallow clone's root commit differs: the project is matched by name
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{history['repo'].path}", str(clone)], check=True)
    checker = Checker(clone, clock=lambda: NOW)
    results = checker.check_all([entry(history, f"Pinned to {history['shas']['initial']}; see docs/old.md.")])
    checker.close()
    assert any("shallow clone" in note for note in results["e"].notes)
    assert {r.kind: r.status for r in results["e"].references} == {
        "commit": RefStatus.UNVERIFIABLE, "path": RefStatus.UNVERIFIABLE}


def test_a_pinned_commit_gone_after_a_force_push(tmp_path: Path):
    repo = GitRepo(tmp_path / "rewritten")
    repo.write("a.txt", "one\n")
    repo.commit("one")
    repo.write("a.txt", "two\n")
    dropped = repo.commit("two")
    repo.git("reset", "-q", "--hard", "HEAD~1")
    repo.write("a.txt", "three\n")
    repo.commit("three")
    repo.git("reflog", "expire", "--expire=now", "--all")
    repo.git("gc", "-q", "--prune=now")
    checker = Checker(repo.path, clock=lambda: NOW)
    results = checker.check_all([Entry(id="p", text=f"Good build: {dropped}."), Entry(id="q", text="See a.txt.")])
    checker.close()
    assert only(results["p"], "commit").status is RefStatus.MISSING
    assert "force-push" in only(results["p"], "commit").evidence
    assert results["q"].verdict is Verdict.FRESH


# -- incremental --------------------------------------------------------------------------------


def test_editing_a_file_rechecks_only_the_entries_that_depend_on_it(tmp_path: Path):
    repo = GitRepo(tmp_path / "live")
    repo.write("src/a.py", "def alpha():\n    return 1\n")
    repo.write("src/b.py", "def beta():\n    return 2\n")
    repo.commit("two files")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="a", text="`alpha` is in src/a.py"), Entry(id="b", text="`beta` is in src/b.py")]
    assert {k: v.verdict for k, v in checker.check_all(entries).items()} == {"a": Verdict.FRESH, "b": Verdict.FRESH}
    repo.write("src/a.py", "def gamma():\n    return 1\n")
    changed = checker.files_changed({"src/a.py"})
    assert set(changed) == {"a"}
    assert changed["a"].verdict is Verdict.STALE
    (repo.path / "src/b.py").unlink()
    changed = checker.files_changed({"src/b.py"})
    assert set(changed) == {"b"} and changed["b"].verdict is Verdict.STALE
    repo.write("src/c.py", "def beta():\n    return 3\n")
    changed = checker.files_changed({"src/c.py"})
    assert only(changed["b"], "symbol").status is RefStatus.MOVED
    checker.close()


def test_a_full_check_again_follows_entries_whose_text_changed_or_that_were_dropped(tmp_path: Path):
    """A second full check keeps what each entry depends on up to date: an entry that now names another file is
    re-checked when that file changes and no longer for the old one; an entry left out is no longer re-checked."""
    repo = GitRepo(tmp_path / "again")
    repo.write("src/a.py", "def alpha():\n    return 1\n")
    repo.write("src/b.py", "def beta():\n    return 2\n")
    repo.commit("two files")
    checker = Checker(repo.path, clock=lambda: NOW)
    checker.check_all([Entry(id="a", text="`alpha` is in src/a.py"), Entry(id="b", text="`beta` is in src/b.py")])
    checker.check_all([Entry(id="a", text="`beta` is in src/b.py now")])
    repo.write("src/a.py", "def gamma():\n    return 1\n")
    assert checker.files_changed({"src/a.py"}) == {}
    repo.write("src/b.py", "def delta():\n    return 2\n")
    changed = checker.files_changed({"src/b.py"})
    assert set(changed) == {"a"} and changed["a"].verdict is Verdict.STALE
    checker.close()


def test_find_removals_names_the_commit_that_removed_a_flag(history):
    checker = Checker(history["repo"].path, clock=lambda: NOW)
    checker.check_all([entry(history, "Run it as `app --legacy` for the old output.")])
    updated = checker.find_removals(budget=5)
    checker.close()
    flag = only(updated["e"], "flag")
    assert flag.commits[0].sha == history["shas"]["drop-flag"]
    assert "removed in" in flag.evidence and "Drop --legacy" in flag.evidence


def test_a_version_bump_contradicts_the_old_claim_with_both_values_and_sources(history):
    result = check(history, entry(history, "The project requires Python 3.10.", entry_id="old"),
                   entry(history, "The project requires Python 3.12.", entry_id="new"))
    old = only(result["old"], "version")
    assert old.status is RefStatus.CONTRADICTED and old.suggestion == "Python 3.12"
    assert ("memory", "3.10") in {(side, value) for side, value, _ in old.facts}
    assert ("repository", ">=3.12", "pyproject.toml") in old.facts
    assert result["old"].verdict is Verdict.STALE
    assert only(result["new"], "version").status is RefStatus.OK


def test_a_make_target_that_is_gone_suggests_the_nearest(history):
    result = check(history, entry(history, "Run `make tests` before pushing."))["e"]
    command = only(result, "command")
    assert command.status is RefStatus.MISSING and command.suggestion == "make test"


def test_a_function_deleted_from_the_file_the_entry_names_is_missing_even_if_still_called(tmp_path: Path):
    repo = GitRepo(tmp_path / "calls")
    repo.write("src/pricing.py", "def apply_discount(price):\n    return price\n")
    repo.write("src/cli.py", "from pricing import apply_discount\n\nprint(apply_discount(3))\n")
    repo.commit("start")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="d", text="`apply_discount` lives in src/pricing.py.")]
    assert checker.check_all(entries)["d"].verdict is Verdict.FRESH
    repo.write("src/pricing.py", "def apply_rebate(price):\n    return price\n")
    symbol = only(checker.files_changed({"src/pricing.py"})["d"], "symbol")
    checker.close()
    assert symbol.status is RefStatus.MISSING and "still mentioned in src/cli.py" in symbol.evidence


def test_a_file_deleted_by_a_commit_stops_defining_its_names(tmp_path: Path):
    repo = GitRepo(tmp_path / "gone")
    repo.write("src/a.py", "def alpha():\n    return 1\n")
    repo.write("src/b.py", "def beta():\n    return 2\n")
    repo.commit("two files")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="a", text="Call `alpha` for the first value.")]
    assert checker.check_all(entries)["a"].verdict is Verdict.FRESH
    repo.rm("src/a.py")
    repo.commit("drop a.py")
    for rescan in (True, False):
        assert only(checker.head_changed(rescan=rescan)["a"], "symbol").status is RefStatus.MISSING
    checker.close()
