"""Rename suggestions that are right when offered (issue #15): a bare file name is the file it named when the entry
was verified (followed through several moves, even when the name is now ambiguous or another file took it later),
a file renamed away and its name reused is followed as the file, and a folder whose files went apart is not
offered as renamed to one of them."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


def body(name: str, lines: int = 12) -> str:
    """A source file's text, long enough that a small edit keeps git's rename detection."""
    return "".join(f"export const {name}{n} = {n};\n" for n in range(lines))


@pytest.fixture(scope="module")
def sdk(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """An SDK moved into a monorepo after the entries were verified: validators renamed twice, a config file copied
    into every service, a doc moved twice while a new file reused its first name, a folder split between the
    sources and the tests."""
    repo = GitRepo(tmp_path_factory.mktemp("renames") / "sdk")
    repo.write("src/validation/ajv-provider.ts", body("ajv"))
    repo.write("src/validation/schema.ts", body("schema"))
    repo.write("src/types.ts", body("shared"))
    repo.write("src/main/resources/application-test.yml", "server:\n  port: 8080\n" * 6)
    repo.write("docs/tool-setup.md", "# Tool setup\n\n" + "Install the tools first.\n" * 8)
    repo.write("src/auth/router.ts", body("router"))
    repo.write("src/auth/provider.ts", body("provider"))
    repo.write("src/auth/router.test.ts", body("routerTest"))
    repo.write("src/auth/provider.test.ts", body("providerTest"))
    start = repo.commit("SDK as one package")
    repo.mv("src/validation/ajv-provider.ts", "packages/core/src/validation/ajv-provider.ts")
    repo.mv("src/validation/schema.ts", "packages/core/src/validation/schema.ts")
    repo.mv("src/types.ts", "packages/core/src/types.ts")
    repo.mv("src/main/resources/application-test.yml", "services/core/src/test/resources/application-test.yml")
    repo.mv("docs/tool-setup.md", "docs/hivemind/tool-setup.md")
    repo.mv("src/auth/router.ts", "packages/server/src/auth/router.ts")
    repo.mv("src/auth/provider.ts", "packages/server/src/auth/provider.ts")
    repo.mv("src/auth/router.test.ts", "test/auth/router.test.ts")
    repo.mv("src/auth/provider.test.ts", "test/auth/provider.test.ts")
    repo.commit("Move into a monorepo")
    repo.mv("packages/core/src/validation/ajv-provider.ts", "packages/core/src/validation/ajvProvider.ts")
    repo.write("services/api/src/test/resources/application-test.yml", "server:\n  port: 9090\n")
    repo.write("services/web/src/test/resources/application-test.yml", "server:\n  port: 7070\n")
    repo.write("docs/tool-setup.md", "# Tool setup (integration)\n\nA different guide.\n")
    repo.commit("Camel-case the providers, more services, an integration guide")
    repo.mv("docs/tool-setup.md", "integration/docs/tool-setup.md")
    repo.commit("Integration docs in their own folder")
    repo.rm("integration/docs/tool-setup.md")
    repo.mv("docs/hivemind/tool-setup.md", "devrel/docs/tool-setup.md")
    repo.commit("Restructure: devrel")
    return {"repo": repo, "start": start}


def check(sdk: dict, text: str):
    """One entry verified at the first commit, checked at HEAD; its references by text."""
    checker = Checker(sdk["repo"].path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=sdk["start"])])["e"]
    finally:
        checker.close()
    return result, {ref.text: ref for ref in result.references}


def test_a_bare_name_renamed_twice_is_followed_to_where_it_is_now(sdk) -> None:
    result, refs = check(sdk, "- `ajv-provider.ts` - Default Ajv-based validator")
    ref = refs["ajv-provider.ts"]
    assert result.verdict is Verdict.STALE and ref.status is RefStatus.RENAMED
    assert ref.suggestion == "packages/core/src/validation/ajvProvider.ts"
    assert ref.evidence.startswith("ajv-provider.ts was src/validation/ajv-provider.ts when verified at ")
    assert "never was in HEAD's history" not in ref.evidence


def test_a_bare_name_whose_file_moved_folder_says_where_it_went(sdk) -> None:
    result, refs = check(sdk, "Shared types live in `types.ts`.")
    ref = refs["types.ts"]
    assert ref.status is RefStatus.RENAMED and ref.suggestion == "packages/core/src/types.ts"


def test_a_bare_name_now_ambiguous_is_the_one_file_it_named_when_verified(sdk) -> None:
    _, refs = check(sdk, "`application-test.yml` must stay in sync with the main config.")
    ref = refs["application-test.yml"]
    assert ref.status is RefStatus.RENAMED
    assert ref.suggestion == "services/core/src/test/resources/application-test.yml"


def test_a_file_renamed_away_is_followed_even_when_a_new_file_took_its_name(sdk) -> None:
    _, refs = check(sdk, "- `docs/tool-setup.md` - Tool configuration and setup guide")
    ref = refs["docs/tool-setup.md"]
    assert ref.status is RefStatus.RENAMED and ref.suggestion == "devrel/docs/tool-setup.md"
    assert "docs/hivemind/tool-setup.md" in ref.evidence


def test_a_folder_whose_files_went_apart_is_missing_and_says_where_they_went(sdk) -> None:
    _, refs = check(sdk, "- **Auth**: the OAuth server in `src/auth/`")
    ref = refs["src/auth/"]
    assert ref.status is RefStatus.MISSING and ref.suggestion is None
    assert "moved apart" in ref.evidence
    assert "packages/server/src/auth/" in ref.evidence and "test/auth/" in ref.evidence


def test_a_folder_whose_files_all_moved_together_is_renamed(sdk) -> None:
    _, refs = check(sdk, "Pluggable JSON Schema validation (`src/validation/`).")
    ref = refs["src/validation/"]
    assert ref.status is RefStatus.RENAMED and ref.suggestion == "packages/core/src/validation/"


def test_a_bare_name_still_where_it_was_stays_fresh(tmp_path) -> None:
    repo = GitRepo(tmp_path / "plain")
    repo.write("src/app.py", "def main():\n    return 0\n")
    start = repo.commit("App")
    repo.write("tools/app.py", "print('another app')\n")
    repo.commit("Another app.py")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text="Start in `app.py`.", verified_commit=start)])["e"]
    finally:
        checker.close()
    ref = result.references[0]
    assert result.verdict is Verdict.FRESH and ref.status is RefStatus.OK and ref.path == "src/app.py"


def test_a_folder_gone_before_verification_is_the_one_of_that_name_the_entry_meant(tmp_path) -> None:
    repo = GitRepo(tmp_path / "mono")
    repo.write("api/server.py", body("server"))
    repo.commit("An api folder at the root")
    repo.mv("api/server.py", "backend/api/server.py")
    start = repo.commit("Move it under backend")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="e", text="Handlers live in `api/`.", verified_commit=start)
        ref = checker.check_all([entry])["e"].references[0]
    finally:
        checker.close()
    assert ref.status is RefStatus.OK and ref.evidence.startswith("read as backend/api")


def test_a_file_renamed_then_deleted_and_added_back_is_where_it_is_now(tmp_path) -> None:
    repo = GitRepo(tmp_path / "app")
    repo.write("services/game.ts", body("game"))
    start = repo.commit("Game service")
    repo.mv("services/game.ts", "app/services/game.ts")
    repo.commit("Into app/")
    repo.rm("app/services/game.ts")
    repo.commit("Drop it")
    repo.write("app/services/game.ts", body("game"))
    repo.commit("Bring it back")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        ref = checker.check_all([Entry(id="e", text="Files: `game.ts`.", verified_commit=start)])["e"].references[0]
    finally:
        checker.close()
    assert ref.status is RefStatus.RENAMED and ref.suggestion == "app/services/game.ts"
