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


def test_a_word_the_file_keeps_in_another_case_or_the_files_own_name_is_not_lost(tmp_path) -> None:
    """Prose capitalises what code writes in lower case, and names the file it points at: neither is a claim the
    file lost; a word the file really dropped still is."""
    repo = GitRepo(tmp_path / "cased")
    schema = ('import { z } from "zod";\n// schema of the environment\n'
              'export const env = z.object({ port: z.number() });\n')
    repo.write("src/env.ts", '// Zod schema of the environment\nimport { z } from "zod";\n')
    repo.write("README.md", "# README\n\nThe README covers setup and deployment.\n")
    start = repo.commit("Env and readme")
    repo.write("src/env.ts", schema)
    repo.write("README.md", "# Shop\n\nCovers setup.\n")
    repo.commit("Trim")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entries = [Entry(id="z", text="`src/env.ts` holds the Zod schema of the environment.", verified_commit=start),
                   Entry(id="r", text="The `README.md` README covers deployment.", verified_commit=start)]
        results = checker.check_all(entries)
    finally:
        checker.close()
    assert results["z"].references[0].status is RefStatus.OK
    lost = results["r"].references[0]
    assert lost.status is RefStatus.CHANGED and lost.evidence.startswith("README.md no longer has deployment, which")


def test_a_submodule_whose_pinned_commit_moved_holds_with_the_moves_as_a_note(tmp_path) -> None:
    scrapers = GitRepo(tmp_path / "scrapers")
    scrapers.write("food_bank.py", "def scrape():\n    return []\n")
    scrapers.commit("First scraper")
    repo = GitRepo(tmp_path / "app")
    repo.write("README.md", "# App\n")
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(scrapers.path), "app/scrapers")
    start = repo.commit("Add the private scrapers")
    scrapers.write("pantry.py", "def scrape():\n    return []\n")
    scrapers.commit("Second scraper")
    repo.git("-C", "app/scrapers", "pull", "-q", "origin", "main")
    repo.commit("Bump the scrapers")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="s", text="Production scrapers live in `app/scrapers/` (requires access).",
                      verified_commit=start)
        result = checker.check_all([entry])["s"]
    finally:
        checker.close()
    ref = result.references[0]
    assert result.verdict is Verdict.FRESH and ref.status is RefStatus.OK
    assert ref.evidence.startswith("app/scrapers is a submodule of the repository (note: its commit changed in 1 ")


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


@pytest.fixture(scope="module")
def reworked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A shop whose retry helper gained a parameter, whose discount stopped rounding, whose test recipe and build
    script changed their commands, and whose lint recipe only moved in the Makefile."""
    repo = GitRepo(tmp_path_factory.mktemp("reworked") / "shop")
    repo.write("src/net.py", "def fetch(url, retries=3):\n    return url\n\n\ndef ping():\n    return 1\n")
    repo.write("src/pricing.py", "def discount(price):\n    return round(price * 0.9, 2)\n")
    repo.write("Makefile", ".PHONY: test lint\n\ntest:\n\tuv run pytest --quiet\n\nlint:\n\tuv run ruff check .\n")
    repo.write("package.json", '{"name": "web", "scripts": {"build": "vite build", "dev": "vite"}}\n')
    start = repo.commit("Shop")
    repo.write("src/net.py", "def fetch(url, retries=5, timeout=10):\n    return url\n\n\ndef ping():\n    return 2\n")
    repo.write("src/pricing.py", "def discount(price):\n    return price * 0.9\n")
    repo.write("Makefile", ".PHONY: lint test\n\nlint:\n\tuv run ruff check .\n\ntest:\n\tuv run pytest -n auto\n")
    repo.write("package.json", '{"name": "web", "scripts": {"build": "tsc && vite build", "dev": "vite"}}\n')
    repo.commit("Rework")
    return {"repo": repo, "start": start}


def refs_of(reworked: dict, text: str) -> dict:
    """The references of one entry verified at the first commit, checked at HEAD, by text."""
    checker = Checker(reworked["repo"].path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=reworked["start"])])["e"]
    finally:
        checker.close()
    return {ref.text: ref for ref in result.references}


def test_a_symbol_whose_signature_changed_is_changed_and_shows_both(reworked) -> None:
    ref = refs_of(reworked, "`fetch()` retries 3 times by default.")["fetch()"]
    assert ref.status is RefStatus.CHANGED
    assert "fetch's signature changed: was `def fetch(url, retries=3):`, now `def fetch(url, retries=5, timeout=10):`" \
        in ref.evidence


def test_a_definition_that_lost_what_the_entry_states_is_changed(reworked) -> None:
    ref = refs_of(reworked, "`discount` rounds to cents with round().")["discount"]
    assert ref.status is RefStatus.CHANGED and "discount's definition no longer has round" in ref.evidence


def test_a_definition_edited_elsewhere_holds(reworked) -> None:
    ref = refs_of(reworked, "`ping` answers the health check.")["ping"]
    assert ref.status is RefStatus.OK


def test_a_recipe_or_script_that_no_longer_runs_what_the_entry_states_is_changed(reworked) -> None:
    refs = refs_of(reworked, "`make test` runs pytest --quiet.\n`npm run build` runs vite build.")
    assert refs["make test"].status is RefStatus.CHANGED
    assert refs["make test"].evidence == (
        "Makefile still defines make test, but it no longer runs --quiet, which the entry states: it ran "
        "`uv run pytest --quiet` when verified and now runs `uv run pytest -n auto`")
    assert refs["make test"].suggestion == f"git diff {reworked['start'][:12]} HEAD -- Makefile"
    assert refs["npm run build"].status is RefStatus.OK  # it still runs vite build, now after tsc


def test_a_recipe_or_script_whose_command_changed_holds_with_the_change_as_a_note(reworked) -> None:
    refs = refs_of(reworked, "Run `make test` and `make lint`; `npm run build` builds and `npm run dev` serves.")
    assert {text: ref.status for text, ref in refs.items() if text != "npm run build"} == {
        "make test": RefStatus.OK, "make lint": RefStatus.OK, "npm run dev": RefStatus.OK}
    assert refs["npm run build"].status is RefStatus.OK
    assert refs["make test"].evidence.endswith(
        f"(note: make test changed its command since verified at {reworked['start'][:8]}: it ran "
        "`uv run pytest --quiet` when verified and now runs `uv run pytest -n auto`)")
    assert "`tsc && vite build`" in refs["npm run build"].evidence
    assert "note:" not in refs["make lint"].evidence and "note:" not in refs["npm run dev"].evidence


def test_a_recipe_that_lost_what_the_entry_says_it_runs_is_changed_and_its_neighbours_hold(tmp_path) -> None:
    """A reworded help text or echo is no change at all; a recipe that now runs another type checker holds (the
    entry says nothing of what it runs), and so do one that runs docker through a target it depends on and one
    that runs its tests from other folders; the lint recipe that dropped mypy, which the entry says it runs,
    changed."""
    repo = GitRepo(tmp_path / "made")
    repo.write("Makefile", "test: ## Run the tests\n\t@echo \"Running tests...\"\n\tuv run pytest -q\n\n"
                           "lint:\n\truff check . && mypy .\n\ntypes:\n\tmypy src\n\n"
                           "db:\n\tdocker run -d postgres\n\ntest-all:\n\tpytest tests/unit tests/e2e\n")
    start = repo.commit("Makefile")
    repo.write("Makefile", "test: ## Run every test, with coverage off\n\t@echo \"🧪 Testing\"\n"
                           "\t@uv run  pytest -q\n\nlint:\n\truff check .\n\ntypes:\n\tpyright src\n\n"
                           "db: compose-up\n\ncompose-up:\n\tdocker compose up -d\n\ntest-all:\n\tpytest tests\n")
    repo.commit("Reword the help; lint no longer type-checks; types runs pyright")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="e", text="Run `make test` and `make types` before pushing; `make lint` runs ruff and mypy.\n"
                      "- `make db` starts the database with docker\n- `make test-all` runs the unit and e2e tests",
                      verified_commit=start)
        refs = {ref.text: ref for ref in checker.check_all([entry])["e"].references}
    finally:
        checker.close()
    assert refs["make test"].status is RefStatus.OK and "note:" not in refs["make test"].evidence
    assert refs["make lint"].status is RefStatus.CHANGED and "no longer runs mypy" in refs["make lint"].evidence
    assert refs["make types"].status is RefStatus.OK and "now runs `pyright src`" in refs["make types"].evidence
    assert refs["make db"].status is RefStatus.OK  # it runs docker through the target it depends on
    assert refs["make test-all"].status is RefStatus.OK  # the folders it ran are where, not what


def test_a_file_named_for_a_symbol_that_no_commit_had_is_where_the_symbol_is_not(tmp_path) -> None:
    """"`parse_price` lives in src/shop/utils.py" in a repository that never had that file, while src/shop/helpers.py
    defines it: the entry is wrong about where it lives (moved, pointing at the file); a script at the root that never
    existed (`bash deploy.sh`) says nothing about where a name lives."""
    repo = GitRepo(tmp_path / "copy")
    repo.write("src/shop/helpers.py", "def parse_price(text):\n    return float(text)\n")
    repo.write("src/shop/cli.py", "from shop.helpers import parse_price\n")
    start = repo.commit("A copy of the shop, its history left behind")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        wrong = Entry(id="w", text="Price parsing lives in src/shop/utils.py (`parse_price`).", verified_commit=start)
        script = Entry(id="s", text="Run `bash deploy.sh` after `parse_price` changes.", verified_commit=start)
        results = checker.check_all([wrong, script])
    finally:
        checker.close()
    moved = {ref.value: ref for ref in results["w"].references}["parse_price"]
    assert moved.status is RefStatus.MOVED and "src/shop/helpers.py" in moved.evidence
    assert "src/shop/utils.py" in moved.evidence and results["w"].verdict is not Verdict.FRESH
    assert {ref.value: ref for ref in results["s"].references}["parse_price"].status is RefStatus.OK


def test_a_recipe_edited_back_in_the_working_tree_holds_again(tmp_path) -> None:
    repo = GitRepo(tmp_path / "back")
    repo.write("Makefile", "lint:\n\truff check . && mypy .\n")
    start = repo.commit("Lint with mypy")
    repo.write("Makefile", "lint:\n\truff check .\n")
    repo.commit("No mypy")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="e", text="`make lint` runs ruff and mypy.", verified_commit=start)
        assert checker.check_all([entry])["e"].references[0].status is RefStatus.CHANGED
        repo.write("Makefile", "lint:\n\truff check . && mypy --strict .\n")
        again = checker.files_changed({"Makefile"})["e"].references[0]
    finally:
        checker.close()
    assert again.status is RefStatus.OK and "now runs `ruff check . && mypy --strict .`" in again.evidence
