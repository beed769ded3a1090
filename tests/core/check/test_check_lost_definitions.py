"""A name is lost only when code defined it: a keyword in a comment or a string, a local variable or a package
bound by `require` defines nothing, while a removed function or method the code still calls is missing."""

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
def project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A project whose comments, local variables and requires change while one function and one method go."""
    repo = GitRepo(tmp_path_factory.mktemp("lost") / "project")
    repo.write("package.json", json.dumps({"name": "p", "dependencies": {"toml": "^3.0.0"}}) + "\n")
    repo.write("src/stats.ts", "// checked by the smoke function tally.\nexport const stats = { tally: 0 };\n")
    repo.write("src/labels.ts", 'export const labels = { hint: "the interface palette" };\nlabels.palette = 1;\n')
    repo.write("tools/read.js", 'const toml = require("toml");\nmodule.exports = toml;\n')
    repo.write("server/watch.go", "package server\n\nfunc Watch() {\n\tvar ledger Entries\n\tuse(ledger)\n}\n")
    repo.write("server/use.go", "package server\n\nfunc use(x any) { _ = x.ledger }\n")
    repo.write("src/api.ts", "export function loadSettings() {\n  return {};\n}\n")
    repo.write("src/app.ts", 'import { loadSettings } from "./api";\nloadSettings();\n')
    repo.write("shop/cart.py", "class Cart:\n    def checkout_all(self):\n        return 1\n")
    repo.write("shop/view.py", "def show(cart):\n    return cart.checkout_all()\n")
    start = repo.commit("Project")
    repo.write("src/stats.ts", "export const stats = { tally: 1 };\n")
    repo.write("src/labels.ts", "export const labels = {};\nlabels.palette = 2;\n")
    repo.write("tools/read.js", "module.exports = {};\n")
    repo.write("server/watch.go", "package server\n\nfunc Watch() {\n\tuse(nil)\n}\n")
    repo.write("src/api.ts", "export const version = 2;\n")
    repo.write("shop/cart.py", "class Cart:\n    pass\n")
    repo.commit("Rework")
    return {"repo": repo, "start": start}


def check(project: dict, text: str):
    """One entry verified at the first commit, checked at HEAD; its references by value."""
    checker = Checker(project["repo"].path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=project["start"])])["e"]
        result = checker.find_removals(budget=30.0).get("e", result)
    finally:
        checker.close()
    return {ref.value: ref for ref in result.references}


@pytest.mark.parametrize("text, name", [
    ("The `tally` gate must stay green.", "tally"),
    ("Colours come from the `palette` key.", "palette"),
    ("Keep `toml` in the dependencies.", "toml"),
    ("Watchers keep a `ledger` of entries.", "ledger"),
])
def test_a_name_no_code_defined_is_not_called_missing(project, text: str, name: str) -> None:
    assert check(project, text)[name].status is not RefStatus.MISSING


def test_a_removed_function_and_method_the_code_still_calls_are_missing(project) -> None:
    assert check(project, "Call `loadSettings()` at startup.")["loadSettings"].status is RefStatus.MISSING
    assert check(project, "The view calls `checkout_all()`.")["checkout_all"].status is RefStatus.MISSING


def test_a_qualified_name_still_in_its_package_or_module_is_not_moved(tmp_path) -> None:
    repo = GitRepo(tmp_path / "qualified")
    repo.write("go.mod", "module example.com/tool\n")
    repo.write("internal/runner/runner.go", "package runner\n\nfunc AddHook(name string) {}\n")
    repo.write("cmd/main.go", "package main\n\nfunc main() { runner.AddHook(\"x\") }\n")
    repo.write("kit/__init__.py", "def setup(**options):\n    return options\n")
    repo.write("kit_stub/kit_stub/__init__.py", "def setup(**options): ...\n")
    repo.write("app.py", "import kit\nkit.setup()\n")
    start = repo.commit("Tool")
    repo.rm("internal/runner/runner.go")
    repo.write("internal/runner/hooks.go", "package runner\n\nfunc AddHook(name string) {}\n")
    repo.write("kit/__init__.py", "from kit._main import (\n    Kit,\n    setup,\n)\n")
    repo.write("kit/_main.py", "class Kit:\n    pass\n\n\ndef setup(**options):\n    return options\n")
    repo.write("kit_stub/kit_stub/__init__.py", "def setup(**options): ...\n\ndef teardown(): ...\n")
    repo.commit("Split the runner; kit re-exports setup")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="go", text="Hooks are added with `runner.AddHook`.", verified_commit=start),
               Entry(id="py", text="Call `kit.setup()` once in tests.", verified_commit=start)]
    try:
        checks = checker.check_all(entries)
        checks.update(checker.find_removals(budget=30.0))
    finally:
        checker.close()
    assert checks["go"].references[0].status is RefStatus.OK, checks["go"].references
    assert checks["py"].references[0].status is RefStatus.OK, checks["py"].references


def test_a_variable_the_code_never_read_is_unverifiable_and_one_it_stopped_reading_is_missing(tmp_path) -> None:
    repo = GitRepo(tmp_path / "env")
    repo.write("app/settings.py", 'import os\n\nTOKEN = os.environ["SHOP_TOKEN"]\n')
    start = repo.commit("Settings")
    repo.write("app/settings.py", "TOKEN = None\n")
    repo.commit("No token")
    checker = Checker(repo.path, clock=lambda: NOW)
    entries = [Entry(id="gone", text="Set `$SHOP_TOKEN` before starting.", verified_commit=start),
               Entry(id="never", text="Modules marked `$laterThanDate` follow the experimental pattern.",
                     verified_commit=start)]
    try:
        checks = checker.check_all(entries)
    finally:
        checker.close()
    assert checks["gone"].references[0].status is RefStatus.MISSING, checks["gone"].references
    assert checks["never"].references[0].status is RefStatus.UNVERIFIABLE, checks["never"].references
