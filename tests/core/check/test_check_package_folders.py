"""Claims read where the entry puts them: a package script run from a package folder the entry names."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def monorepo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A workspace whose root runs builds only, and whose app and cli packages have their own test scripts."""
    repo = GitRepo(tmp_path_factory.mktemp("mono") / "workspace")
    repo.write("package.json", json.dumps({"name": "root", "scripts": {"build": "tsc -b", "test:e2e": "pw"}}) + "\n")
    repo.write("apps/site/package.json", json.dumps({"name": "site", "scripts": {"test": "vitest", "dev": "vite"}}))
    repo.write("apps/site/src/main.ts", "export const main = 1;\n")
    repo.write("apps/cli/package.json", json.dumps({"name": "cli", "scripts": {"check": "tsc"}}) + "\n")
    repo.write("apps/cli/src/index.ts", "export const run = 1;\n")
    start = repo.commit("Workspace")
    repo.write("apps/site/src/main.ts", "export const main = 2;\n")
    repo.commit("Touch the site")
    return {"repo": repo, "start": start}


def check(monorepo: dict, text: str):
    """One entry verified at the first commit, checked at HEAD; its references by value."""
    checker = Checker(monorepo["repo"].path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=monorepo["start"])])["e"]
    finally:
        checker.close()
    return {ref.value: ref for ref in result.references}


def test_a_script_run_from_a_named_package_folder_holds(monorepo) -> None:
    refs = check(monorepo, "Run the unit tests with `npm run test` from `apps/site/`.")
    assert refs["script:test"].status is RefStatus.OK
    assert "apps/site/package.json" in refs["script:test"].evidence


def test_a_script_after_cd_into_a_package_folder_holds(monorepo) -> None:
    refs = check(monorepo, "For quick iteration use `cd apps/site && npm run dev`.")
    assert refs["script:dev"].status is RefStatus.OK


def test_a_script_no_named_folder_defines_is_still_missing(monorepo) -> None:
    assert check(monorepo, "Run `npm run lint` from `apps/cli/`.")["script:lint"].status is RefStatus.MISSING
    assert check(monorepo, "Run `npm run test:unit` before pushing.")["script:test:unit"].status is RefStatus.MISSING




def test_a_folder_only_a_discarded_branch_had_is_not_stale(tmp_path) -> None:
    repo = GitRepo(tmp_path / "clients")
    repo.write("clients/api/lib/core.ts", "export const core = 1;\n")
    repo.write("clients/ui/lib/view.ts", "export const view = 1;\n")
    repo.write("servers/lib/serve.ts", "export const serve = 1;\n")
    repo.commit("Clients")
    repo.git("checkout", "-q", "-b", "experiment")
    repo.write("lib/legacy.ts", "export const legacy = 1;\n")
    repo.commit("Try a shared lib")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "-s", "ours", "-m", "Merge the experiment, keeping main's tree", "experiment")
    start = repo.git("rev-parse", "HEAD").strip()
    repo.write("clients/ui/lib/view.ts", "export const view = 2;\n")
    repo.commit("Touch the view")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        checks = checker.check_all([Entry(id="e", text="The ui client's own `lib/` code has its tests beside it.",
                                          verified_commit=start)])
    finally:
        checker.close()
    assert checks["e"].references[0].status is not RefStatus.MISSING, checks["e"].references
