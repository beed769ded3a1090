"""What counts as evidence that a name still exists: a definition or use in code, never documentation, agents'
instruction files or the memory file being checked (issue #15, on real repositories built with history)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus, Verdict
from memrev.core.model import Entry, Source

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)

CART_V1 = '''from decimal import Decimal


def apply_discount(total, percent):
    return total * (100 - Decimal(percent)) / 100
'''

CLI_V1 = '''import argparse
import os

DEBUG = os.environ.get("SHOP_TRACE")


def build_parser():
    parser = argparse.ArgumentParser(prog="shop")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser
'''


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A shop whose function, flag and variable were removed from the code while docs, CLAUDE.md and an agent
    notes file kept mentioning them (a Markdown example even still defines the function)."""
    repo = GitRepo(tmp_path_factory.mktemp("evidence") / "shop")
    repo.write("src/shop/__init__.py", "")
    repo.write("src/shop/cart.py", CART_V1)
    repo.write("src/shop/cli.py", CLI_V1)
    repo.write("src/shop/web/__init__.py", "")
    repo.write("src/shop/web/routes.py", "def list_products():\n    return []\n")
    repo.write("README.md", "Use `apply_discount` for discounts, `--dry-run` to try, `SHOP_TRACE=1` to trace.\n")
    repo.write("docs/api.md", "```python\ndef apply_discount(total, percent):\n    ...\n```\n")
    repo.write("CLAUDE.md", "- Discounts: `apply_discount()`.\n- Pass `--dry-run` first.\n- `SHOP_TRACE=1` traces.\n")
    repo.write("config/agent-notes.yaml", "notes:\n  - set SHOP_CACHE_DIR for the cache\n")
    start = repo.commit("Initial shop")
    repo.write("src/shop/cart.py", CART_V1.replace("apply_discount", "compute_discount"))
    repo.write("src/shop/cli.py", CLI_V1.replace('    parser.add_argument("--dry-run", action="store_true")\n', "")
               .replace('DEBUG = os.environ.get("SHOP_TRACE")\n', ""))
    head = repo.commit("Rename apply_discount, drop --dry-run and SHOP_TRACE")
    return {"repo": repo, "start": start, "head": head}


def check_one(shop: dict, text: str, *, source: str | None = "CLAUDE.md"):
    """Check one entry (from `source` in the repository) verified at the first commit."""
    repo = shop["repo"]
    file = str(repo.path / source) if source else None
    entry = Entry(id="e", text=text, source=Source(agent="claude-md", file=file), verified_commit=shop["start"])
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        return checker.check_all([entry])["e"]
    finally:
        checker.close()


def test_a_function_renamed_in_code_is_missing_though_docs_and_the_memory_file_still_name_it(shop) -> None:
    result = check_one(shop, "Discounts: `apply_discount()`.")
    ref = result.references[0]
    assert result.verdict is Verdict.STALE and ref.status is RefStatus.MISSING
    assert "not defined or used anywhere in the repository's code" in ref.evidence
    assert "only documentation mentions it" in ref.evidence and "CLAUDE.md" not in ref.evidence


def test_a_definition_in_a_markdown_example_is_not_a_definition(shop) -> None:
    result = check_one(shop, "`apply_discount` is defined in the cart module.")
    assert result.references[0].status is RefStatus.MISSING
    assert not result.references[0].evidence.startswith("defined in docs/api.md")


def test_a_flag_gone_from_code_that_docs_still_describe_is_unverifiable_not_ok(shop) -> None:
    result = check_one(shop, "Pass `--dry-run` first.")
    flag = result.references[0]
    assert flag.status is RefStatus.UNVERIFIABLE and "only documentation mentions --dry-run (README.md)" in flag.evidence


def test_a_variable_gone_from_code_but_in_docs_is_unverifiable_and_one_only_in_memory_is_missing(shop) -> None:
    documented = check_one(shop, "`SHOP_TRACE=1` traces.")
    assert documented.references[0].status is RefStatus.UNVERIFIABLE
    assert "only documentation mentions SHOP_TRACE (README.md)" in documented.references[0].evidence
    own = check_one(shop, "Set `SHOP_CACHE_DIR` for the cache.", source="config/agent-notes.yaml")
    assert own.references[0].status is RefStatus.MISSING
    elsewhere = check_one(shop, "Set `SHOP_CACHE_DIR` for the cache.", source=None)
    assert elsewhere.references[0].status is RefStatus.OK
    assert "config/agent-notes.yaml" in elsewhere.references[0].evidence


def test_names_still_in_code_hold_and_a_dotted_package_path_is_a_module(shop) -> None:
    result = check_one(shop, "Use `compute_discount()` with `--verbose`; routes live in `shop.web.routes`.")
    statuses = {ref.text: ref.status for ref in result.references}
    assert statuses["compute_discount()"] is RefStatus.OK and statuses["--verbose"] is RefStatus.OK
    assert statuses["shop.web.routes"] is RefStatus.OK
    assert result.verdict is Verdict.FRESH


def test_a_function_renamed_while_a_test_still_names_it_is_missing_after_the_history_lookup(tmp_path) -> None:
    repo = GitRepo(tmp_path / "shop")
    repo.write("src/shop/cart.py", "from pydantic import BaseModel\n\n\nclass Cart(BaseModel):\n    items: list\n\n\n"
                                   "def legacy_total(cart):\n    return len(cart.items)\n")
    repo.write("tests/test_cart.py", "from unittest.mock import patch\n\n\n"
                                     "@patch('shop.cart.legacy_total')\ndef test_total(total):\n    pass\n")
    start = repo.commit("Initial cart")
    repo.write("src/shop/cart.py", (repo.path / "src/shop/cart.py").read_text().replace("legacy_total", "total_of"))
    repo.commit("Rename legacy_total to total_of")
    entries = [Entry(id="renamed", text="Totals come from `legacy_total()`.", verified_commit=start),
               Entry(id="library", text="Models subclass `BaseModel`.", verified_commit=start)]
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        first = checker.check_all(entries)
        assert first["renamed"].references[0].evidence == "used in tests/test_cart.py (defined outside this repository)"
        updated = checker.find_removals(budget=30.0)
    finally:
        checker.close()
    renamed = updated["renamed"]
    assert renamed.verdict is Verdict.STALE and renamed.references[0].status is RefStatus.MISSING
    assert renamed.references[0].evidence == ("legacy_total was defined in src/shop/cart.py when verified and no "
                                              "code file defines it now (still named in tests/test_cart.py)")
    assert "library" not in updated and first["library"].verdict is Verdict.FRESH


def test_a_symbol_next_to_a_linked_doc_is_not_expected_in_the_doc(shop) -> None:
    result = check_one(shop, "`compute_discount()` rounds down; see [the API notes](docs/api.md).", source=None)
    statuses = {ref.text: ref.status for ref in result.references}
    assert statuses["compute_discount()"] is RefStatus.OK and result.verdict is Verdict.FRESH


def test_a_method_called_on_a_variable_is_unverifiable_not_missing(shop) -> None:
    result = check_one(shop, "Call `client.callTool()` with the tool's name.", source=None)
    ref = result.references[0]
    assert ref.status is RefStatus.UNVERIFIABLE and "called on client" in ref.evidence


def test_a_type_named_beside_a_file_that_never_defined_it_has_not_moved(tmp_path) -> None:
    repo = GitRepo(tmp_path / "agent")
    repo.write("src/executor.rs", "pub fn run() {}\n")
    repo.write("src/hooks.rs", "pub struct GuardHook;\n\npub fn install_all_the_hooks() {}\n")
    repo.write("src/store.rs", "pub struct Record;\n")
    start = repo.commit("Initial agent")
    repo.write("src/store.rs", "pub struct Record;\npub struct Audit;\n")
    repo.write("src/hooks.rs", "pub fn install_all_the_hooks() {}\n")
    repo.write("src/guards.rs", "pub struct GuardHook;\n")
    repo.commit("Move GuardHook to guards.rs")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        beside = checker.check_all([Entry(id="e", text="Components: `GuardHook`, `Record`, `executor.rs`.",
                                          verified_commit=start)])["e"]
        moved = checker.check_all([Entry(id="m", text="`GuardHook` is defined in `src/hooks.rs`.",
                                         verified_commit=start)])["m"]
    finally:
        checker.close()
    assert beside.verdict is Verdict.FRESH, beside.references
    guard = next(ref for ref in moved.references if ref.text == "GuardHook")
    assert guard.status is RefStatus.MOVED and guard.suggestion == "src/guards.rs"


def test_a_skill_file_the_repository_deleted_is_missing_not_an_agent_file(tmp_path) -> None:
    repo = GitRepo(tmp_path / "skills")
    repo.write(".codex/skills/verify/SKILL.md", "# Verify\n")
    repo.write("src/app.py", "print(1)\n")
    start = repo.commit("Add the verify skill")
    repo.rm(".codex/skills/verify/SKILL.md")
    repo.commit("Drop the verify skill")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text="Run the skill in `.codex/skills/verify/SKILL.md` first.",
                                          verified_commit=start)])["e"]
    finally:
        checker.close()
    ref = result.references[0]
    assert ref.status is RefStatus.MISSING and ref.evidence.startswith("deleted in ")


def test_names_never_in_the_code_folders_and_package_commands_are_not_false_alarms(tmp_path) -> None:
    repo = GitRepo(tmp_path / "mono")
    repo.write("services/bridge/app/utils/json_safe.py", "def json_safe(value):\n    return value\n")
    repo.write("backend/package.json", '{"scripts": {"test:e2e": "jest"}}\n')
    repo.write("crates/core/src/store.rs", "impl Store {\n    pub async fn upsert_record(&self) {}\n}\n")
    repo.write("docs/deploy.md", "Uses CloudFront.\n")
    start = repo.commit("Initial monorepo")
    repo.write("crates/core/src/store.rs", "impl Store {\n    pub async fn upsert_record(&self) -> bool { true }\n}\n")
    repo.commit("Return whether it was stored")
    entries = [Entry(id="folder", text="- `app/utils/` — helpers such as `json_safe`", verified_commit=start),
               Entry(id="script", text="Run `npm run test:e2e` from backend/.", verified_commit=start),
               Entry(id="rust", text="`upsert_record` stores a record.", verified_commit=start),
               Entry(id="prose", text="Static files go through `CloudFront`; copy them with `cp`.",
                     verified_commit=start)]
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        checks = checker.check_all(entries)
        checks.update(checker.find_removals(budget=30.0))
    finally:
        checker.close()
    assert checks["folder"].verdict is Verdict.FRESH, checks["folder"].references
    script = checks["script"].references[0]
    assert script.status is RefStatus.OK and "backend/package.json" in script.evidence  # the folder it names
    assert checks["rust"].references[0].evidence.startswith("defined in crates/core/src/store.rs:2")
    prose = {ref.text: ref for ref in checks["prose"].references}
    assert checks["prose"].verdict is Verdict.UNVERIFIABLE
    assert prose["CloudFront"].evidence == ("CloudFront is not in the code now, nor when verified: it names something "
                                            "outside the repository's code")
