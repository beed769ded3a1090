"""`changed` means the claim may have changed (issue #15): what the entry states left the file it names, or the
lines it cites may have moved; a file merely edited since verification holds, with the edits as a note."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)

DEPLOY_V1 = "# Deploy\n\n1. Build the wheel with `uv build`.\n2. Copy it to the server with `scp`.\n"
DEPLOY_V2 = "# Deploy\n\nDeploys go through CI: tag a release and approve the job.\n"
PRICING_V1 = '''def unit_price(item):
    return item.price


def bulk_price(items):
    return sum(unit_price(item) for item in items)
'''


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A repository whose deploy doc was rewritten, whose guide gained a paragraph and whose pricing module
    gained a function after the entries were verified."""
    repo = GitRepo(tmp_path_factory.mktemp("changed") / "shop")
    repo.write("docs/deploy.md", DEPLOY_V1)
    repo.write("docs/guide.md", "# Guide\n\nStart with the tutorial.\n")
    repo.write("src/pricing.py", PRICING_V1)
    start = repo.commit("Initial shop")
    repo.write("docs/deploy.md", DEPLOY_V2)
    repo.write("docs/guide.md", "# Guide\n\nStart with the tutorial.\n\nThen read the reference.\n")
    repo.write("src/pricing.py", PRICING_V1 + "\n\ndef discount_price(item, percent):\n    return item.price\n")
    repo.commit("Deploy through CI; more guide; discounts")
    return {"repo": repo, "start": start}


def check(edited: dict, text: str):
    """One entry verified at the first commit, checked at HEAD."""
    checker = Checker(edited["repo"].path, clock=lambda: NOW)
    try:
        return checker.check_all([Entry(id="e", text=text, verified_commit=edited["start"])])["e"]
    finally:
        checker.close()


def test_a_doc_that_lost_what_the_entry_states_is_changed_and_says_what_went(edited) -> None:
    result = check(edited, "To deploy, build the wheel with `uv build` and copy it with scp (docs/deploy.md).")
    ref = next(r for r in result.references if r.kind == "path")
    assert result.verdict is Verdict.CHANGED and ref.status is RefStatus.CHANGED
    assert ref.evidence.startswith("docs/deploy.md no longer has build, scp, wheel, which the entry states")
    assert ref.suggestion == f"git diff {edited['start'][:12]} HEAD -- docs/deploy.md"


def test_a_pointer_to_an_edited_doc_holds_with_the_edit_as_a_note(edited) -> None:
    result = check(edited, "Deployment steps are in docs/deploy.md.")
    ref = result.references[0]
    assert result.verdict is Verdict.FRESH and ref.status is RefStatus.OK
    assert "note: changed in 1 commit(s) since verified" in ref.evidence and ref.commits


def test_a_doc_that_grew_keeps_the_entry_fresh(edited) -> None:
    result = check(edited, "The guide (docs/guide.md) says to start with the tutorial.")
    assert result.verdict is Verdict.FRESH


def test_a_function_in_a_file_edited_elsewhere_is_fresh(edited) -> None:
    result = check(edited, "`bulk_price` in src/pricing.py sums `unit_price` over the items.")
    assert result.verdict is Verdict.FRESH
    assert {ref.status for ref in result.references} == {RefStatus.OK}


def test_cited_lines_an_edit_left_alone_hold(edited) -> None:
    result = check(edited, "The intro is at docs/guide.md:3.")
    ref = result.references[0]
    assert ref.status is RefStatus.OK and result.verdict is Verdict.FRESH
    assert ref.evidence.startswith("docs/guide.md: the cited line 3 is unchanged (note: changed in 1 commit(s)")


def test_cited_lines_an_edit_touches_are_changed(edited) -> None:
    result = check(edited, "Deploy steps: docs/deploy.md:3-4.")
    ref = result.references[0]
    assert ref.status is RefStatus.CHANGED and "the edits touch the cited lines 3-4" in ref.evidence


def test_cited_lines_shifted_by_edits_above_hold_and_say_where_they_are(tmp_path) -> None:
    repo = GitRepo(tmp_path / "shift")
    repo.write("src/app.py", "import os\n\n\ndef main():\n    return os.getcwd()\n")
    start = repo.commit("App")
    repo.write("src/app.py", "import os\nimport sys\n\n\ndef main():\n    return os.getcwd()\n")
    repo.commit("Import sys")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text="main is at src/app.py:4-5.", verified_commit=start)])["e"]
    finally:
        checker.close()
    ref = result.references[0]
    assert ref.status is RefStatus.OK and ref.suggestion == "src/app.py:5-6"
    assert "the cited lines 4-5 are unchanged, now at lines 5-6" in ref.evidence
