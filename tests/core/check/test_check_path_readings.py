"""Paths read as a person reads them (issue #15): relative to a folder named earlier, under a tree drawing's
folders, under any package root of a monorepo; folders that were renamed or deleted; and `unverifiable`, with the
reason, when no reading finds a path that never existed."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def monorepo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Two packages with their own src/ and test/, a middleware folder, one folder renamed and one deleted."""
    repo = GitRepo(tmp_path_factory.mktemp("paths") / "mono")
    repo.write("packages/api/src/server.ts", "export function serve(): void {}\n")
    repo.write("packages/api/src/middleware/auth.ts", "export const auth = 1;\n")
    repo.write("packages/api/test/server.test.ts", "import { serve } from '../src/server';\n")
    repo.write("packages/web/src/app.tsx", "export const App = () => null;\n")
    repo.write("packages/web/src/components/Button.tsx", "export const Button = () => null;\n")
    repo.write("tools/legacy/build.sh", "echo build\n")
    repo.write("tools/legacy/release.sh", "echo release\n")
    repo.write("scripts/seed.py", "print('seed')\n")
    repo.write("scripts/reset.py", "print('reset')\n")
    start = repo.commit("Initial monorepo")
    repo.mv("packages/web/src/components/Button.tsx", "packages/web/src/ui/Button.tsx")
    repo.rm("tools/legacy/build.sh")
    repo.rm("tools/legacy/release.sh")
    repo.commit("Rename components to ui; drop the legacy tools")
    return {"repo": repo, "start": start}


def check(monorepo: dict, text: str):
    """One entry verified at the first commit, checked at HEAD."""
    checker = Checker(monorepo["repo"].path, clock=lambda: NOW)
    try:
        return checker.check_all([Entry(id="e", text=text, verified_commit=monorepo["start"])])["e"]
    finally:
        checker.close()


def statuses(result) -> dict[str, RefStatus]:
    return {ref.text: ref.status for ref in result.references}


def test_a_path_relative_to_a_folder_named_earlier_in_the_entry(monorepo) -> None:
    result = check(monorepo, "In packages/api/, the server starts in src/server.ts.")
    ref = next(r for r in result.references if r.text == "src/server.ts")
    assert ref.status is RefStatus.OK and result.verdict is Verdict.FRESH
    assert ref.evidence.startswith("read as packages/api/src/server.ts (relative to packages/api/")


def test_folders_drawn_as_a_tree_are_read_under_their_parents(monorepo) -> None:
    text = "Layout:\n```\npackages/\n├── api/\n│   └── src/\n│       └── middleware/\n└── web/\n```"
    result = check(monorepo, text)
    assert result.verdict is Verdict.FRESH, result.references
    middleware = next(r for r in result.references if r.text == "middleware/")
    assert middleware.path == "packages/api/src/middleware"
    assert "under the folders drawn above it" in middleware.evidence


def test_per_package_test_folders_are_found_under_a_package_root(monorepo) -> None:
    result = check(monorepo, "Tests sit next to the code in test/server.test.ts.")
    ref = result.references[0]
    assert ref.status is RefStatus.OK and ref.path == "packages/api/test/server.test.ts"
    assert "under another folder or package root (1 found" in ref.evidence


def test_a_renamed_folder_suggests_its_new_name_and_a_deleted_one_names_the_commit(monorepo) -> None:
    renamed = check(monorepo, "Buttons live in packages/web/src/components/.").references[0]
    assert renamed.status is RefStatus.RENAMED and renamed.suggestion == "packages/web/src/ui/"
    assert renamed.evidence.startswith("folder renamed to packages/web/src/ui/ in ")
    deleted = check(monorepo, "Release scripts are in tools/legacy/.").references[0]
    assert deleted.status is RefStatus.MISSING and "folder tools/legacy/ is gone" in deleted.evidence
    assert "never was" not in deleted.evidence and deleted.commits


def test_a_path_no_reading_finds_is_unverifiable_with_the_reason(monorepo) -> None:
    result = check(monorepo, "Fixtures are in fixtures/users.json.")
    ref = result.references[0]
    assert ref.status is RefStatus.UNVERIFIABLE and result.verdict is Verdict.UNVERIFIABLE
    assert "never was in HEAD's history" in ref.evidence and "any package root" in ref.evidence
    tree = check(monorepo, "```\npackages/\n└── mobile/\n```")
    mobile = next(r for r in tree.references if r.text == "mobile/")
    assert mobile.status is RefStatus.UNVERIFIABLE and "drawn in a tree" in mobile.evidence


def test_a_path_under_a_package_root_that_is_gone_now_is_read_in_the_history(monorepo) -> None:
    result = check(monorepo, "Buttons: `src/components/Button.tsx`.")
    ref = result.references[0]
    assert ref.status is RefStatus.RENAMED and ref.suggestion == "packages/web/src/ui/Button.tsx"
    assert ref.evidence.startswith("read as packages/web/src/components/Button.tsx (the one path under another folder")
    legacy = check(monorepo, "Old build scripts: `legacy/build.sh`.").references[0]
    assert legacy.status is RefStatus.MISSING and "deleted in" in legacy.evidence
