"""Claims read as what they are (issue #15): version ranges and lists are version claims checked against the
repository, and `make target` outside backticks is a command, never a symbol."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus
from memrev.core.check.references import extract_references
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A Python service that now needs Python 3.11 and Node 24, with a Makefile whose lint_all target was dropped."""
    repo = GitRepo(tmp_path_factory.mktemp("claims") / "service")
    repo.write("pyproject.toml", '[project]\nname = "service"\nrequires-python = ">=3.10"\n')
    repo.write("package.json", json.dumps({"name": "web", "engines": {"node": ">=22"}}, indent=2) + "\n")
    repo.write("Makefile", ".PHONY: test lint_all\n\ntest:\n\tpytest -q\n\nlint_all:\n\truff check .\n")
    start = repo.commit("Service")
    repo.write("pyproject.toml", '[project]\nname = "service"\nrequires-python = ">=3.11"\n')
    repo.write("package.json", json.dumps({"name": "web", "engines": {"node": ">=24"}}, indent=2) + "\n")
    repo.write("Makefile", ".PHONY: test lint\n\ntest:\n\tpytest -q\n\nlint:\n\truff check .\n")
    repo.commit("Python 3.11, Node 24, one lint target")
    return {"repo": repo, "start": start}


def check(service: dict, text: str):
    """One entry verified at the first commit, checked at HEAD; its references by text."""
    checker = Checker(service["repo"].path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=service["start"])])["e"]
    finally:
        checker.close()
    return {ref.text: ref for ref in result.references}


@pytest.mark.parametrize("text, value", [
    ("Requires Python >= 3.10.", "python:>=3.10"),
    ("Supports Python 3.10 through 3.13.", "python:>=3.10 <3.14"),
    ("CI runs Python 3.10-3.13.", "python:>=3.10 <3.14"),
    ("Runs on Node.js v22, v24 or v26.", "node:22 || 24 || 26"),
    ("Tested on Python versions 3.10, 3.11 and 3.12.", "python:3.10 || 3.11 || 3.12"),
    ("Use Python 3.12 and 2 workers.", "python:3.12"),
])
def test_version_ranges_and_lists_are_version_claims(text: str, value: str) -> None:
    versions = [ref for ref in extract_references(text) if ref.kind == "version"]
    assert [ref.value for ref in versions] == [value]


def test_a_range_whose_minimum_the_repository_raised_is_contradicted(service) -> None:
    ref = check(service, "Supports Python 3.10 through 3.13.")["Python 3.10 through 3.13"]
    assert ref.status is RefStatus.CONTRADICTED
    assert 'requires-python = ">=3.11"' in ref.evidence and ref.suggestion == "Python >=3.11"


def test_a_list_with_a_version_the_repository_no_longer_allows_is_contradicted(service) -> None:
    refs = check(service, "Runs on Node.js v22, v24 or v26.")
    assert refs["Node.js v22, v24 or v26"].status is RefStatus.CONTRADICTED
    assert check(service, "Runs on Node.js v24 or v26.")["Node.js v24 or v26"].status is RefStatus.OK


def test_a_bare_make_target_is_a_command_not_a_symbol(service) -> None:
    refs = check(service, "Run make lint_all before pushing; make sure make test passes.")
    assert set(refs) == {"make lint_all", "make test"}
    assert refs["make lint_all"].kind == "command" and refs["make lint_all"].status is RefStatus.MISSING
    assert refs["make test"].status is RefStatus.OK


@pytest.fixture(scope="module")
def switched(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A project that type-checked with mypy and ran pre-commit hooks, then moved to pyright and lefthook."""
    repo = GitRepo(tmp_path_factory.mktemp("tools") / "app")
    repo.write("pyproject.toml", '[project]\nname = "app"\n\n[dependency-groups]\ndev = ["mypy>=1.10", "ruff"]\n\n'
                                 '[tool.mypy]\nstrict = true\n\n[tool.ruff]\nline-length = 100\n')
    repo.write(".pre-commit-config.yaml", "repos:\n  - repo: local\n    hooks:\n      - id: mypy\n")
    repo.write("src/app.py", "def main() -> int:\n    return 0\n")
    start = repo.commit("App with mypy and pre-commit")
    repo.write("pyproject.toml", '[project]\nname = "app"\n\n[dependency-groups]\ndev = ["pyright", "ruff"]\n\n'
                                 '[tool.pyright]\ntypeCheckingMode = "strict"\n\n[tool.ruff]\nline-length = 100\n')
    repo.rm(".pre-commit-config.yaml")
    repo.write("lefthook.yml", "pre-commit:\n  commands:\n    types:\n      run: uv run pyright\n")
    repo.commit("Pyright and lefthook")
    return {"repo": repo, "start": start}


def test_a_dropped_type_checker_is_missing_and_names_its_replacement(switched) -> None:
    for text, key in (("Type-check with `mypy src/` before pushing.", "mypy"),
                      ("Type-check with `uv run mypy src/`.", "uv run mypy")):
        ref = check(switched, text)[key]
        assert ref.status is RefStatus.MISSING, text
        assert ref.evidence.startswith("mypy was configured in ") and "pyproject.toml" in ref.evidence
        assert "the repository now has pyright (" in ref.evidence and ref.suggestion == "pyright"


def test_a_dropped_hook_runner_is_missing_and_names_lefthook(switched) -> None:
    ref = check(switched, "Hooks: run `pre-commit run --all-files` before committing.")["pre-commit"]
    assert ref.status is RefStatus.MISSING and ref.suggestion == "lefthook"
    assert ".pre-commit-config.yaml" in ref.evidence and "lefthook.yml" in ref.evidence


def test_a_tool_still_configured_holds_and_one_never_configured_is_unverifiable(switched) -> None:
    refs = check(switched, "Lint with `ruff check .`; format with `black .`.")
    assert refs["ruff"].status is RefStatus.OK and "pyproject.toml" in refs["ruff"].evidence
    assert refs["black"].status is RefStatus.UNVERIFIABLE


@pytest.mark.parametrize("text, wanted", [
    ("Gate: `pnpm run check:filesize` (warns only).", [("command", "script:check:filesize")]),
    ("Design tokens use the `--nomi-*` prefix.", []),
])
def test_script_runs_and_flag_prefixes_are_read_as_written(text: str, wanted: list) -> None:
    assert [(ref.kind, ref.value) for ref in extract_references(text)] == wanted


def test_a_default_exported_component_and_a_module_path_are_found(tmp_path) -> None:
    repo = GitRepo(tmp_path / "web")
    repo.write("src/components/AuthGuard.tsx", "export default function AuthGuard({ children }) {\n  return children;\n}\n")
    repo.write("agent/app/main.py", "from fastapi import FastAPI\n\napp = FastAPI()\n")
    repo.write("scripts/bench.mjs", "function main() {}\n")
    start = repo.commit("Web and agent")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="e", text="`AuthGuard` wraps pages; the agent runs `app.main:app` from agent/.",
                      verified_commit=start)
        refs = {ref.text: ref for ref in checker.check_all([entry])["e"].references}
    finally:
        checker.close()
    assert refs["AuthGuard"].status is RefStatus.OK and "AuthGuard.tsx:1" in refs["AuthGuard"].evidence
    assert refs["app.main"].status is RefStatus.OK and "module" in refs["app.main"].evidence


def test_formatting_settings_stated_in_prose_are_checked_against_the_configuration(tmp_path) -> None:
    repo = GitRepo(tmp_path / "styled")
    repo.write("pyproject.toml", '[project]\nname = "styled"\n\n[tool.ruff]\nline-length = 120\n')
    repo.write(".editorconfig", "root = true\n\n[*]\nindent_style = space\nindent_size = 2\n")
    repo.write(".prettierrc", '{"printWidth": 100, "tabWidth": 2}\n')
    start = repo.commit("Styled")
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        entry = Entry(id="e", text="Line length is 88; use 2-space indentation.", verified_commit=start)
        refs = {ref.text: ref for ref in checker.check_all([entry])["e"].references}
    finally:
        checker.close()
    length = refs["Line length is 88"]
    assert length.status is RefStatus.CONTRADICTED and length.suggestion == "line length 120"
    assert length.evidence.startswith("memory says line length 88; pyproject.toml [tool.ruff] line-length = 120")
    assert refs["2-space indentation"].status is RefStatus.OK


def test_an_older_version_beside_one_that_holds_reads_as_history(service) -> None:
    refs = check(service, "- Node 24+ (Node 22 went out of support; the project moved up early)")
    assert refs["Node 24+"].status is RefStatus.OK
    assert refs["Node 22"].status is RefStatus.UNVERIFIABLE and "reads as history" in refs["Node 22"].evidence
    assert check(service, "- Needs Node 22 and Python 3.11.")["Node 22"].status is RefStatus.CONTRADICTED
