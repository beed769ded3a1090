"""New kinds of claims (issue #15, item 4), each checked on a real repository built commit by commit: parameter
defaults and signatures, tools named in prose, JavaScript tool settings, and version ranges and lists against CI
matrices, classifiers and upper bounds. Precision first: whatever cannot be told is `unverifiable`, never stale."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.config_settings import load_jsonc
from memrev.core.check.model import RefStatus
from memrev.core.check.references import extract_references
from memrev.core.check.signatures import signatures
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


def check(repo: GitRepo, start: str, text: str) -> dict[str, object]:
    """One entry verified at `start`, checked at HEAD: its references by text, and its verdict under "verdict"."""
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=start)])["e"]
    finally:
        checker.close()
    return {"verdict": result.verdict, **{ref.text: ref for ref in result.references}}


# -- parameter defaults and signatures ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, str]:
    """A client whose fetch() raised its retries default from 3 to 5, whose connect() gained a timeout, and whose
    TypeScript request() renamed a parameter."""
    repo = GitRepo(tmp_path_factory.mktemp("signatures") / "client")
    repo.write("client/api.py", "def fetch(url, retries=3, *, verbose=False):\n    return url\n\n\n"
                                "class Pool:\n    def connect(self, host, port):\n        return host, port\n")
    repo.write("web/request.ts", "export async function request(path: string, attempts = 2): Promise<void> {}\n"
                                 "export const parse = (text: string, opts?: { strict: boolean }) => text;\n")
    start = repo.commit("Client")
    repo.write("client/api.py", "def fetch(url, retries=5, *, verbose=False):\n    return url\n\n\n"
                                "class Pool:\n    def connect(self, host, port, timeout):\n        return host, port\n")
    repo.write("web/request.ts", "export async function request(path: string, tries = 2): Promise<void> {}\n"
                                 "export const parse = (text: string, opts?: { strict: boolean }) => text;\n")
    repo.commit("Five retries, a connect timeout, tries")
    return repo, start


def test_a_default_the_code_changed_is_contradicted_with_the_new_value(client) -> None:
    refs = check(*client, "`fetch()` retries on failure: `retries` defaults to 3.")
    ref = refs["`retries` defaults to 3"]
    assert ref.status is RefStatus.CONTRADICTED and ref.suggestion == "retries defaults to 5"
    assert "client/api.py:1 fetch(url, retries=5, verbose=False)" in ref.evidence
    assert refs["verdict"] == "stale"


def test_a_default_the_code_still_has_holds_and_one_nobody_defines_is_unverifiable(client) -> None:
    assert check(*client, "`fetch()`: `verbose` defaults to False.")["`verbose` defaults to False"].status \
        is RefStatus.OK
    assert check(*client, "In `request()`, `attempts` (default: 2)")["`attempts` (default: 2)"].status \
        is RefStatus.CONTRADICTED  # the parameter was renamed since the entry was verified
    unknown = check(*client, "`download()` waits: `timeout` defaults to 30.")["`timeout` defaults to 30"]
    assert unknown.status is RefStatus.UNVERIFIABLE


def test_a_default_beside_a_function_named_without_parentheses_is_checked(client) -> None:
    refs = check(*client, "`fetch` retries on failure; its `retries` defaults to 3.")
    assert refs["`retries` defaults to 3"].status is RefStatus.CONTRADICTED
    assert check(*client, "`verbose` defaults to False in `fetch`.")["`verbose` defaults to False"].status \
        is RefStatus.OK
    assert not [ref for ref in extract_references("The `retries` defaults to 3 here.") if ref.kind == "signature"]


def test_a_signature_and_an_arity_are_checked_against_the_definition(client) -> None:
    refs = check(*client, "Open with `connect(host, port)`; `connect()` takes two arguments.")
    assert refs["connect(host, port)"].status is RefStatus.CONTRADICTED
    assert "connect(host, port, timeout)" in refs["connect(host, port)"].evidence
    assert refs["`connect()` takes two arguments"].status is RefStatus.CONTRADICTED
    assert check(*client, "`connect()` takes three arguments.")["`connect()` takes three arguments"].status \
        is RefStatus.OK
    assert check(*client, "Call `parse(text, opts)`.")["parse(text, opts)"].status is RefStatus.OK


def test_typescript_heads_are_read_through_types_defaults_and_arrows() -> None:
    text = ("export function load<T>(path: string, map: (x: T) => string = String, ...rest: T[]): void {}\n"
            "class Store {\n  async save(key: string, value?: Record<string, number>) {\n  }\n}\n")
    [load] = signatures("src/a.ts", text, "load")
    assert [(p.name, p.default, p.optional, p.rest) for p in load.params] == [
        ("path", None, False, False), ("map", "String", True, False), ("rest", None, True, True)]
    [save] = signatures("src/a.ts", text, "save")
    assert save.text() == "save(key, value)" and save.arity() == (1, 2)


# -- tools named in prose -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, str]:
    """A web app that formatted with Prettier and tested with Jest, then moved to Biome and Vitest."""
    repo = GitRepo(tmp_path_factory.mktemp("prose-tools") / "web")
    repo.write("package.json", json.dumps({"name": "web", "scripts": {"test": "jest"},
                                           "devDependencies": {"jest": "^29.0.0", "prettier": "^3.0.0"}}, indent=2))
    repo.write(".prettierrc", '{"semi": false}\n')
    repo.write("src/index.ts", "export const answer = 42;\n")
    start = repo.commit("Web with Prettier and Jest")
    repo.write("package.json", json.dumps({"name": "web", "scripts": {"test": "vitest run"},
                                           "devDependencies": {"vitest": "^2.0.0", "@biomejs/biome": "^1.9.0"}},
                                          indent=2))
    repo.rm(".prettierrc")
    repo.write("biome.jsonc", '{\n  // the formatter\n  "formatter": {"indentStyle": "space", "indentWidth": 2,},\n}\n')
    repo.commit("Biome and Vitest")
    return repo, start


@pytest.mark.parametrize("text, wanted", [
    ("We format with Prettier and lint with ESLint.", ["tool:prettier", "tool:eslint"]),
    ("Tests run with jest.", ["tool:jest"]),
    ("Vitest is the test runner; webpack for bundling.", ["tool:vitest", "tool:webpack"]),
    ("Use black text on a prettier background; the husky dog sleeps.", []),
    ("Run `prettier --write .`", ["tool:prettier"]),
    ("We no longer use Jest; tests run with Vitest.", ["tool:vitest"]),
    ("Format with Prettier (removed).", []),
])
def test_tools_are_read_from_prose_only_where_the_words_say_a_project_uses_them(text: str, wanted: list) -> None:
    assert [ref.value for ref in extract_references(text) if ref.value.startswith("tool:")] == wanted


def test_a_tool_the_project_replaced_is_missing_and_names_its_successor(web) -> None:
    refs = check(*web, "We format with Prettier; tests run with jest.")
    assert refs["Prettier"].status is RefStatus.MISSING and refs["Prettier"].suggestion == "biome"
    assert "the repository now has biome (biome.jsonc" in refs["Prettier"].evidence
    assert refs["jest"].status is RefStatus.MISSING and refs["jest"].suggestion == "vitest"
    assert check(*web, "Tests run with Vitest.")["Vitest"].status is RefStatus.OK
    assert check(*web, "Bundled with Rollup.")["Rollup"].status is RefStatus.UNVERIFIABLE


# -- settings of the JavaScript tools -------------------------------------------------------------------------


def test_json_with_comments_and_trailing_commas_parses_and_strings_keep_their_slashes() -> None:
    assert load_jsonc('{"a": "http://x/*y*/", // note\n /* block */ "b": [1, 2,],}') == {"a": "http://x/*y*/",
                                                                                        "b": [1, 2]}


def test_strict_mode_indent_style_and_widths_are_checked_against_tsconfig_biome_and_editorconfig(tmp_path) -> None:
    repo = GitRepo(tmp_path / "ts")
    repo.write("tsconfig.base.json", '{\n  // shared\n  "compilerOptions": {"strict": false,},\n}\n')
    repo.write("tsconfig.json", '{"extends": "./tsconfig.base.json", "include": ["src"]}\n')
    repo.write("biome.json", '{"formatter": {"indentStyle": "tab", "lineWidth": 100}}\n')
    repo.write(".editorconfig", "root = true\n\n[*]\nindent_style = tab\nindent_size = 2\n")
    start = repo.commit("TypeScript project")
    refs = check(repo, start, "TypeScript strict mode is on. Indent with tabs; 2-space indentation; line length is 80.")
    strict = refs["TypeScript strict mode is on"]
    assert strict.status is RefStatus.CONTRADICTED and "tsconfig.base.json compilerOptions.strict = false" in \
        strict.evidence
    assert refs["Indent with tabs"].status is RefStatus.OK
    assert refs["2-space indentation"].status is RefStatus.CONTRADICTED
    assert "biome.json formatter.indentStyle = tab" in refs["2-space indentation"].evidence
    length = refs["line length is 80"]
    assert length.status is RefStatus.CONTRADICTED and length.suggestion == "line length 100"


def test_strict_mode_left_to_a_package_base_config_is_unverifiable(tmp_path) -> None:
    repo = GitRepo(tmp_path / "ts")
    repo.write("tsconfig.json", '{"extends": "@tsconfig/strictest/tsconfig.json"}\n')
    start = repo.commit("Strictest")
    assert check(repo, start, "TypeScript strict mode is on.")["TypeScript strict mode is on"].status \
        is RefStatus.UNVERIFIABLE


# -- version ranges and lists against supported versions ----------------------------------------------------


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, str]:
    """A library that supported Python 3.10 to 3.13 and Node 20 and 22, then added 3.14 and Node 24."""
    repo = GitRepo(tmp_path_factory.mktemp("supported") / "lib")
    workflow = ("jobs:\n  test:\n    strategy:\n      matrix:\n        python-version: [{py}]\n"
                "        node-version: [{node}]\n  lint:\n    steps:\n      - with:\n          python-version: '3.12'\n")
    classifiers = "".join(f'  "Programming Language :: Python :: 3.{minor}",\n' for minor in range(10, 14))
    repo.write("pyproject.toml", f'[project]\nname = "lib"\nrequires-python = ">=3.10"\nclassifiers = [\n'
                                 f'{classifiers}]\n')
    repo.write(".github/workflows/ci.yml", workflow.format(py='"3.10", "3.11", "3.12", "3.13"', node="20, 22"))
    start = repo.commit("Python 3.10-3.13, Node 20 and 22")
    repo.write("pyproject.toml", f'[project]\nname = "lib"\nrequires-python = ">=3.10,<3.15"\nclassifiers = [\n'
                                 f'{classifiers}  "Programming Language :: Python :: 3.14",\n]\n')
    repo.write(".github/workflows/ci.yml", workflow.format(py='"3.10", "3.11", "3.12", "3.13", "3.14"',
                                                            node="20, 22, 24"))
    repo.commit("Python 3.14, Node 24")
    return repo, start


def test_a_range_whose_upper_bound_the_repository_raised_is_contradicted(library) -> None:
    ref = check(*library, "Supports Python 3.10 through 3.13.")["Python 3.10 through 3.13"]
    assert ref.status is RefStatus.CONTRADICTED
    assert "3.14" in ref.evidence and ("ci.yml" in ref.evidence or "pyproject.toml" in ref.evidence)
    assert check(*library, "Supports Python 3.10 through 3.14.")["Python 3.10 through 3.14"].status is RefStatus.OK


def test_a_list_of_supported_versions_is_checked_against_the_matrix(library) -> None:
    assert check(*library, "CI runs Node.js v20 and v22.")["Node.js v20 and v22"].status is RefStatus.CONTRADICTED
    assert check(*library, "CI runs Node.js v20, v22 and v24.")["Node.js v20, v22 and v24"].status is RefStatus.OK
    assert check(*library, "Requires Python 3.10+.")["Python 3.10+"].status is RefStatus.OK  # no upper bound said


def test_a_shorthand_that_never_fitted_the_definition_is_unverifiable_not_stale(client) -> None:
    refs = check(*client, "Look users up with `fetch(url, retries, verbose, timeout)`; `fetch()` takes four arguments.")
    assert refs["fetch(url, retries, verbose, timeout)"].status is RefStatus.UNVERIFIABLE
    assert refs["`fetch()` takes four arguments"].status is RefStatus.UNVERIFIABLE
    assert "when the entry was verified either" in refs["`fetch()` takes four arguments"].evidence
