"""Repository facts read from real files on disk, and version/command claims checked against them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memrev.core.check import repo_facts
from memrev.core.check.claim_checks import check_command_claim, check_version_claim
from memrev.core.check.facts import Fact, RepoFacts
from memrev.core.check.repo_facts import read_facts
from memrev.core.check.version_spec import compare, parse_spec, suggest


def write_repo(root: Path, files: dict[str, str | bytes]) -> tuple[Callable[[str], str | None], set[str]]:
    """Write `files` under `root`; return a reader that, like the index, gives None for undecodable files."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())

    def read(path: str) -> str | None:
        """The file's text, or None when it is not UTF-8."""
        try:
            return (root / path).read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            return None

    return read, set(files)


def facts_of(root: Path, files: dict[str, str | bytes], **kwargs: str) -> RepoFacts:
    """The facts of a repository made of `files`."""
    read, paths = write_repo(root, files)
    return read_facts(read, paths, **kwargs)


def pairs(facts: RepoFacts, name: str) -> list[tuple[str, str]]:
    """(value, source) of every fact of that name, in order."""
    return [(fact.value, fact.source) for fact in facts.all(name)]


DEMO = {
    "pyproject.toml": '[project]\nname = "shop"\nrequires-python = ">=3.12"\ndependencies = ["httpx>=0.27"]\n',
    ".python-version": "3.12\n",
    "uv.lock": 'version = 1\n\n[[package]]\nname = "pytest"\nversion = "8.4.1"\n\n'
               '[[package]]\nname = "Django"\nversion = "4.2.7"\n',
    "Makefile": ".PHONY: test lint\n\ntest:\n\tuv run pytest -q\n\nlint:\n\tuv run ruff check .\n",
    "src/shop/app.py": "print('hi')\n",
}


@pytest.fixture
def demo(tmp_path: Path) -> RepoFacts:
    """The demo repository: Python >=3.12 (and 3.12 pinned), uv, a Makefile with test and lint."""
    return facts_of(tmp_path, DEMO, default_branch="main")


# -- the demo case ----------------------------------------------------------------------------------------------

def test_demo_facts(demo: RepoFacts) -> None:
    """The demo repository yields its Python requirement, pin, manager, test command, branch and lock versions."""
    assert pairs(demo, "python") == [(">=3.12", "pyproject.toml"), ("3.12", ".python-version")]
    assert demo.first("python") == Fact("python", ">=3.12", "pyproject.toml", 'requires-python = ">=3.12"')
    assert pairs(demo, "package-manager") == [("uv", "uv.lock")]
    assert demo.first("test-command") == Fact("test-command", "make test", "Makefile", "uv run pytest -q")
    assert pairs(demo, "default-branch") == [("main", "git")]
    assert demo.packages["pytest"] == ("8.4.1", "uv.lock")
    assert demo.make_targets == {"test": "Makefile", "lint": "Makefile"}
    assert demo.notes == []


def test_demo_python_claim_is_contradicted_with_both_repository_facts(demo: RepoFacts) -> None:
    """A remembered Python 3.10 is contradicted by requires-python, and the evidence shows both repository sources."""
    check = check_version_claim("python:3.10", demo)
    assert check.status == "contradicted"
    assert check.facts == (("memory", "3.10", "entry text"), ("repository", ">=3.12", "pyproject.toml"),
                           ("repository", "3.12", ".python-version"))
    assert check.evidence.startswith('memory says Python 3.10; pyproject.toml requires-python = ">=3.12"')
    assert ".python-version" in check.evidence and len(check.evidence) <= 120
    assert check.suggestion == "Python 3.12"


def test_demo_pip_claim_is_contradicted_by_uv_lock(demo: RepoFacts) -> None:
    """Memory saying pip loses to a tracked uv.lock, which is suggested instead."""
    check = check_version_claim("package-manager:pip", demo)
    assert (check.status, check.suggestion) == ("contradicted", "uv")
    assert "uv.lock" in check.evidence
    assert check_version_claim("package-manager:uv", demo).status == "ok"


def test_demo_make_targets(demo: RepoFacts) -> None:
    """An existing make target is ok; a misspelt one is missing with the nearest target as the command to use."""
    ok = check_command_claim("make:test", demo, DEMO)
    assert ok.status == "ok" and "Makefile" in ok.evidence
    missing = check_command_claim("make:tests", demo, DEMO)
    assert missing.status == "missing"
    assert missing.suggestion == "make test"
    assert "Makefile" in missing.evidence and "'tests'" in missing.evidence


def test_no_makefile_means_missing(tmp_path: Path) -> None:
    """Without any Makefile a make command cannot work, so the claim is missing."""
    facts = facts_of(tmp_path, {"README.md": "hi"})
    check = check_command_claim("make:test", facts, {"README.md"})
    assert (check.status, check.evidence) == ("missing", "no Makefile in the repository")


# -- Python version sources and precedence ------------------------------------------------------------------------

ALL_PYTHON_SOURCES = {
    ".github/workflows/ci.yml": 'jobs:\n  test:\n    strategy:\n      matrix:\n'
                                '        python-version: ["3.10", "3.11"]\n',
    "tox.ini": "[tox]\nenvlist = py{310,311}, lint\n",
    "setup.py": 'raise SystemExit("setup.py must never be executed")\nsetup(python_requires=">=3.8")\n',
    "setup.cfg": "[options]\npython_requires = >=3.9\n",
    "pyproject.toml": '[project]\nrequires-python = ">=3.10"\n[tool.poetry.dependencies]\npython = "^3.10"\n',
    ".python-version": "# pinned\n3.11.4\n3.10\n",
}


def test_python_sources_in_precedence_order(tmp_path: Path) -> None:
    """Every Python source is read, most authoritative first, and setup.py is never executed."""
    facts = facts_of(tmp_path, ALL_PYTHON_SOURCES)
    assert pairs(facts, "python") == [
        (">=3.10", "pyproject.toml"), ("3.11.4", ".python-version"), ("^3.10", "pyproject.toml"),
        (">=3.9", "setup.cfg"), (">=3.8", "setup.py"), ("3.10 || 3.11", "tox.ini"),
        ("3.10 || 3.11", ".github/workflows/ci.yml")]


@pytest.mark.parametrize(("files", "value", "source"), [
    ({"setup.cfg": "[metadata]\nname = x\n[options]\npython_requires = >=3.9\n"}, ">=3.9", "setup.cfg"),
    ({"setup.py": "from setuptools import setup\nsetup(\n    python_requires='>=3.7, <4',\n)\n"}, ">=3.7, <4",
     "setup.py"),
    ({"tox.ini": "[tox]\nenv_list =\n    py312\n    py313-django{42,50}\n"}, "3.12 || 3.13", "tox.ini"),
    ({"tox.toml": 'env_list = ["py311", "type"]\n[env.type]\ncommands = [["mypy"]]\n'}, "3.11", "tox.toml"),
    ({".github/workflows/test.yaml": "steps:\n  - uses: actions/setup-python@v5\n    with:\n"
      "      python-version:\n        - '3.12'\n        - 3.13\n"}, "3.12 || 3.13", ".github/workflows/test.yaml"),
    ({".github/workflows/one.yml": "      - with:\n          python-version: 3.12\n"}, "3.12",
     ".github/workflows/one.yml"),
    ({"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "2.31.0"\n'}, "^3.11",
     "pyproject.toml"),
])
def test_each_python_source(tmp_path: Path, files: dict[str, str], value: str, source: str) -> None:
    """Each Python version source works on its own, whatever its syntax."""
    assert pairs(facts_of(tmp_path, files), "python") == [(value, source)]


def test_poetry_dependencies_and_setup_cfg_tox(tmp_path: Path) -> None:
    """Poetry's python entry is a version, not a package; exact poetry versions pin; setup.cfg can hold tox."""
    files = {"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "2.31.0"\n'
                               'httpx = { version = "^0.27", extras = ["http2"] }\n'
                               '[tool.poetry.group.dev.dependencies]\nblack = "==24.4.2"\n',
             "setup.cfg": "[tox:tox]\nenvlist = py310\n"}
    facts = facts_of(tmp_path, files)
    assert facts.packages == {"requests": ("2.31.0", "pyproject.toml"), "black": ("24.4.2", "pyproject.toml")}
    assert set(facts.dependencies) == {"requests", "httpx", "black"}
    assert facts.tox_envs == {"py310": "setup.cfg"}
    assert pairs(facts, "python") == [("^3.11", "pyproject.toml"), ("3.10", "setup.cfg")]


def test_workflow_matrix_reference_is_not_a_version(tmp_path: Path) -> None:
    """A workflow that only refers to a matrix variable states no version."""
    files = {".github/workflows/ci.yml": "with:\n  python-version: ${{ matrix.python-version }}\n"}
    assert facts_of(tmp_path, files).all("python") == []


# -- Node ---------------------------------------------------------------------------------------------------------

def test_node_sources_and_claims(tmp_path: Path) -> None:
    """Node versions come from engines, .nvmrc and .node-version, and claims compare with engines first."""
    facts = facts_of(tmp_path, {"package.json": json.dumps({"engines": {"node": ">=18"}}), ".nvmrc": "v20.11.0\n",
                                ".node-version": "20\n"})
    assert pairs(facts, "node") == [(">=18", "package.json"), ("20.11.0", ".nvmrc"), ("20", ".node-version")]
    assert check_version_claim("node:20", facts).status == "ok"
    old = check_version_claim("node:16", facts)
    assert (old.status, old.suggestion) == ("contradicted", "Node 18")
    assert "package.json" in old.evidence
    assert check_version_claim("node:>=20", facts).status == "contradicted"
    assert check_version_claim("node:>=18", facts).status == "ok"


def test_nvmrc_alias_is_unverifiable(tmp_path: Path) -> None:
    """An alias such as lts/iron cannot be compared, so the claim is unverifiable rather than wrong."""
    facts = facts_of(tmp_path, {".nvmrc": "lts/iron\n"})
    assert check_version_claim("node:20", facts).status == "unverifiable"


# -- version claims -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("claim", "files", "status", "suggestion"), [
    ("python:3.12", {"pyproject.toml": '[project]\nrequires-python = ">=3.10"\n'}, "ok", None),
    ("python:3.12", {".python-version": "3.12\n"}, "ok", None),
    ("python:3.12.4", {".python-version": "3.12\n"}, "ok", None),
    ("python:3.11", {".python-version": "3.12\n"}, "contradicted", "Python 3.12"),
    ("python:>=3.10", {"pyproject.toml": '[project]\nrequires-python = ">=3.12"\n'}, "contradicted", "Python >=3.12"),
    ("python:>=3.12", {"pyproject.toml": '[project]\nrequires-python = ">=3.12, <4"\n'}, "ok", None),
    ("python:>=3.10", {".python-version": "3.12\n"}, "ok", None),
    ("python:>=3.13", {".python-version": "3.12\n"}, "contradicted", "Python 3.12"),
    ("python:3.9", {"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\n'}, "contradicted", "Python 3.11"),
    ("python:4.0", {"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\n'}, "contradicted", "Python 3.11"),
    ("python:<3.12", {"pyproject.toml": '[project]\nrequires-python = ">=3.12"\n'}, "contradicted", "Python >=3.12"),
    ("python:3.10", {".python-version": "pypy3.10\n"}, "unverifiable", None),
    ("python:3.10", {"README.md": "hello"}, "unverifiable", None),
])
def test_python_claims(tmp_path: Path, claim: str, files: dict[str, str], status: str, suggestion: str | None) -> None:
    """Remembered Python versions and minimums are judged against the first repository fact."""
    check = check_version_claim(claim, facts_of(tmp_path, files))
    assert (check.status, check.suggestion) == (status, suggestion)
    assert check.evidence and len(check.evidence) <= 120


def test_unverifiable_says_nothing_states_it(tmp_path: Path) -> None:
    """With no Python fact at all, the evidence says so instead of guessing."""
    check = check_version_claim("python:3.10", facts_of(tmp_path, {"README.md": "x"}))
    assert check.evidence == "memory says Python 3.10; nothing in the repository states the Python version"
    assert check.facts == (("memory", "3.10", "entry text"),)


@pytest.mark.parametrize(("claim", "requirement", "expected"), [
    ("3.10", ">=3.12", "contradicted"), ("3.12", ">=3.10", "ok"), ("3.10", ">=3.10.4", "ok"),
    ("3.11", ">=3.10,!=3.11.*", "contradicted"), ("3.12", ">=3.10,!=3.11.*", "ok"),
    ("3.11", ">3.11", "ok"), ("3.11.0", ">3.11", "contradicted"), ("3.13", "~=3.12", "ok"),
    ("3.13", "~=3.12.1", "contradicted"), ("3.12", "<=3.12", "ok"), ("3.13", "<3.13", "contradicted"),
    ("3.12", "==3.12.*", "ok"), ("3.12.1", "==3.12.0", "contradicted"), ("0.3", "^0.2.1", "contradicted"),
    ("0.2.9", "^0.2.1", "ok"), ("1.3", "~1.2.0", "contradicted"), ("20", ">=14 <18 || >=20", "ok"),
    ("18", ">=14 <18 || >=20", "contradicted"), ("18", "18.x", "ok"), ("19", "16 - 18", "contradicted"),
    ("8", "8.4.1", "ok"), ("8.4", "8.4.1", "ok"), ("8.5", "8.4.1", "contradicted"), ("7", "8.4.1", "contradicted"),
    (">=3.12", ">=3.12.0", "ok"), (">3.11", ">=3.11", "contradicted"), ("3.12", "*", "ok"),
    ("3.12", "latest", None), ("3.12rc1", ">=3.10", None), ("3", "~=3", None), ("3.12", ">=3.10,,", "ok"),
])
def test_compare(claim: str, requirement: str, expected: str | None) -> None:
    """The specifier comparison covers PEP 440 operators, wildcards, poetry/npm ^ and ~, || and ranges."""
    assert compare(claim, requirement) == expected


def test_suggest_and_parse() -> None:
    """Suggestions name the version to write, and unparseable specifiers are refused."""
    assert suggest("3.10", ">=3.12") == "3.12"
    assert suggest(">=3.10", ">=3.12") == ">=3.12"
    assert suggest("3.10", ">3.11") == ">3.11"
    assert suggest("7", "8.4.1") == "8.4.1"
    assert parse_spec("not a version") is None
    assert parse_spec(">=3.10, <4").contains((3, 11)) and not parse_spec(">=3.10, <4").contains((4, 0))


# -- package manager ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lock", "manager"), [
    ("uv.lock", "uv"), ("poetry.lock", "poetry"), ("pdm.lock", "pdm"), ("Pipfile.lock", "pipenv"),
    ("package-lock.json", "npm"), ("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lock", "bun"),
    ("bun.lockb", "bun"), ("requirements.txt", "pip"),
])
def test_manager_from_lock_file(tmp_path: Path, lock: str, manager: str) -> None:
    """Each lock file names its package manager, and a claim of that manager is ok."""
    content = "{}" if lock.endswith(("json", ".lock")) and lock != "uv.lock" else ""
    facts = facts_of(tmp_path, {lock: b"\x00\xff binary" if lock == "bun.lockb" else content})
    assert pairs(facts, "package-manager") == [(manager, lock)]
    assert check_version_claim(f"package-manager:{manager}", facts).status == "ok"


def test_pip_only_without_another_python_lock(tmp_path: Path) -> None:
    """requirements.txt means pip only when no Python lock file says otherwise."""
    facts = facts_of(tmp_path, {"requirements.txt": "django==4.2\n", "poetry.lock": ""})
    assert pairs(facts, "package-manager") == [("poetry", "poetry.lock")]


def test_package_manager_field_and_js_claims(tmp_path: Path) -> None:
    """packageManager outranks JS lock files, and JS claims compare only with JS facts."""
    facts = facts_of(tmp_path, {"package.json": json.dumps({"packageManager": "pnpm@9.1.0"}),
                                "package-lock.json": "{}", "uv.lock": ""})
    assert pairs(facts, "package-manager") == [("uv", "uv.lock"), ("pnpm", "package.json"),
                                               ("npm", "package-lock.json")]
    npm = check_version_claim("package-manager:npm", facts)
    assert (npm.status, npm.suggestion) == ("contradicted", "pnpm")
    assert npm.evidence == ("memory says npm; the repository uses pnpm (package.json packageManager; "
                            "also npm in package-lock.json)")
    assert check_version_claim("package-manager:pnpm", facts).status == "ok"
    assert check_version_claim("package-manager:uv:0.4.1", facts).status == "ok"


def test_manager_claim_without_lock_is_unverifiable(tmp_path: Path) -> None:
    """A JS manager claim in a repository without JS lock files cannot be checked."""
    facts = facts_of(tmp_path, {"uv.lock": ""})
    check = check_version_claim("package-manager:yarn", facts)
    assert check.status == "unverifiable"
    assert check.evidence == "memory says yarn; no JavaScript lock file in the repository"


# -- test command -------------------------------------------------------------------------------------------------

def test_test_command_precedence(tmp_path: Path) -> None:
    """make test outranks the package.json test script, then tox, then pytest settings."""
    facts = facts_of(tmp_path, {
        "Makefile": "test: build\n\t@pytest -x\n", "package.json": json.dumps({"scripts": {"test": "vitest"}}),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "tox.ini": "[tox]\nenvlist = py312\n",
        "pyproject.toml": "[tool.pytest.ini_options]\naddopts = '-q'\n"})
    assert pairs(facts, "test-command") == [("make test", "Makefile"), ("pnpm test", "package.json"),
                                            ("tox", "tox.ini"), ("pytest", "pyproject.toml")]
    assert facts.first("test-command").detail == "@pytest -x"


def test_npm_placeholder_test_script_is_not_a_test_command(tmp_path: Path) -> None:
    """npm init's failing placeholder test script is not a real test command."""
    placeholder = 'echo "Error: no test specified" && exit 1'
    facts = facts_of(tmp_path, {"package.json": json.dumps({"scripts": {"test": placeholder}})})
    assert facts.all("test-command") == []


def test_pytest_from_dependencies(tmp_path: Path) -> None:
    """pytest among the dependencies makes pytest the (lowest) test command."""
    facts = facts_of(tmp_path, {"requirements-dev.txt": "pytest>=8  # tests\n-r requirements.txt\n"})
    expected = Fact("test-command", "pytest", "requirements-dev.txt", "pytest in dependencies")
    assert facts.all("test-command") == [expected]


# -- packages -----------------------------------------------------------------------------------------------------

PACKAGE_FILES = {
    "poetry.lock": '[[package]]\nname = "Django_Rest.Framework"\nversion = "3.15.1"\n',
    "pdm.lock": '[[package]]\nname = "attrs"\nversion = "23.2.0"\n',
    "Pipfile.lock": json.dumps({"default": {"requests": {"version": "==2.32.3"}}, "develop": {}}),
    "package-lock.json": json.dumps({"lockfileVersion": 3, "packages": {
        "": {"name": "app"}, "node_modules/a/node_modules/react": {"version": "17.0.0"},
        "node_modules/react": {"version": "18.3.1"}}}),
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n\nimporters:\n  .:\n    dependencies: {}\n\npackages:\n\n"
                      "  '@vue/shared@3.4.21':\n    resolution: {}\n  vite@5.2.8:\n    resolution: {}\n\n"
                      "snapshots: {}\n",
    "web/pnpm-lock.yaml": "lockfileVersion: '6.0'\n\npackages:\n\n  /lodash@4.17.21:\n    resolution: {}\n",
    "yarn.lock": '# yarn lockfile v1\n\n"@babel/core@^7.0.0", "@babel/core@^7.12.3":\n  version "7.24.0"\n'
                 '  resolved "https://x"\n\nleft-pad@^1.3.0:\n  version "1.3.0"\n',
    "docs/yarn.lock": '__metadata:\n  version: 8\n\n"chalk@npm:^5.0.0":\n  version: 5.3.0\n',
    "requirements.txt": "Flask==3.0.3\nrequests==2.0.0\nclick>=8\n-e .\n",
    "pyproject.toml": '[project]\ndependencies = ["rich[jupyter] == 13.7.1", "httpx>=0.27"]\n',
    "package.json": json.dumps({"dependencies": {"react": "^18.2.0", "zod": "^3.23.0", "local": "file:../x"}}),
}


def test_packages_from_every_source(tmp_path: Path) -> None:
    """Versions come from every lock format, then == pins, then package.json ranges, names normalised."""
    packages = facts_of(tmp_path, PACKAGE_FILES).packages
    assert packages == {
        "django-rest-framework": ("3.15.1", "poetry.lock"), "attrs": ("23.2.0", "pdm.lock"),
        "requests": ("2.32.3", "Pipfile.lock"), "react": ("18.3.1", "package-lock.json"),
        "@vue/shared": ("3.4.21", "pnpm-lock.yaml"), "vite": ("5.2.8", "pnpm-lock.yaml"),
        "lodash": ("4.17.21", "web/pnpm-lock.yaml"), "@babel/core": ("7.24.0", "yarn.lock"),
        "left-pad": ("1.3.0", "yarn.lock"), "chalk": ("5.3.0", "docs/yarn.lock"),
        "flask": ("3.0.3", "requirements.txt"), "rich": ("13.7.1", "pyproject.toml"),
        "zod": ("^3.23.0", "package.json")}


@pytest.mark.parametrize(("claim", "status", "suggestion"), [
    ("package:pytest:8", "ok", None), ("package:pytest:8.4", "ok", None), ("package:pytest:8.4.1", "ok", None),
    ("package:pytest:7", "contradicted", "pytest 8.4.1"), ("package:django:>=4.2", "ok", None),
    ("package:django:>=5", "contradicted", "django 4.2.7"), ("package:flask:3", "unverifiable", None),
])
def test_package_claims(demo: RepoFacts, claim: str, status: str, suggestion: str | None) -> None:
    """Package claims match the locked version by release prefix, or by specifier when the claim has one."""
    check = check_version_claim(claim, demo)
    assert (check.status, check.suggestion) == (status, suggestion)


def test_package_claim_names_the_lock(demo: RepoFacts) -> None:
    """A contradicted package claim names the lock file and both versions."""
    check = check_version_claim("package:pytest:7", demo)
    assert check.evidence == "memory says pytest 7; uv.lock has pytest 8.4.1"
    assert check.facts == (("memory", "7", "entry text"), ("repository", "8.4.1", "uv.lock"))


# -- scripts, run, tox, nox ---------------------------------------------------------------------------------------

SCRIPT_FILES = {
    "package.json": json.dumps({"scripts": {"build": "vite build", "dev": "vite"}}),
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    "uv.lock": '[[package]]\nname = "ruff"\nversion = "0.5.0"\n',
    "pyproject.toml": '[project]\ndependencies = ["alembic>=1.13"]\n[project.scripts]\nshopctl = "shop.cli:main"\n'
                      '[tool.poetry.scripts]\npoet = "x:y"\n[tool.pdm.scripts]\n_ = {env_file = ".env"}\n'
                      'serve = "flask run"\n[tool.hatch.envs.default.scripts]\ncov = "pytest --cov"\n'
                      '[tool.hatch.envs.docs.scripts]\nbuild-docs = "mkdocs build"\n',
    "manage.py": "", "src/shop/__main__.py": "", "tools/gen.py": "",
}


def test_scripts_from_every_source(tmp_path: Path) -> None:
    """Scripts come from package.json and every pyproject scripts table."""
    facts = facts_of(tmp_path, SCRIPT_FILES)
    assert facts.scripts == {"shopctl": "pyproject.toml", "poet": "pyproject.toml", "serve": "pyproject.toml",
                             "cov": "pyproject.toml", "docs:build-docs": "pyproject.toml",
                             "build": "package.json", "dev": "package.json"}


@pytest.mark.parametrize(("claim", "status", "suggestion"), [
    ("script:build", "ok", None), ("script:serve", "ok", None), ("script:test", "missing", None),
    ("script:start", "missing", None), ("script:buld", "missing", "pnpm run build"),
    ("script:shopct", "missing", "shopctl"),
    ("run:shopctl", "ok", None), ("run:ruff", "ok", None), ("run:alembic", "ok", None), ("run:manage.py", "ok", None),
    ("run:shop", "ok", None), ("run:tools.gen", "ok", None), ("run:python", "ok", None),
    ("run:mypy", "unverifiable", None), ("just:test", "unverifiable", None),
])
def test_script_and_run_claims(tmp_path: Path, claim: str, status: str, suggestion: str | None) -> None:
    """script and run claims are checked against scripts, tracked files, modules and packages."""
    check = check_command_claim(claim, facts_of(tmp_path, SCRIPT_FILES), SCRIPT_FILES)
    assert (check.status, check.suggestion) == (status, suggestion)


def test_script_claim_without_any_scripts(tmp_path: Path) -> None:
    """A script claim in a repository with no scripts at all is missing."""
    check = check_command_claim("script:build", facts_of(tmp_path, {"README.md": ""}), {"README.md"})
    assert check.status == "missing" and "no package.json" in check.evidence


TOX = {"tox.ini": "[tox]\nenvlist = py{311,312}-django42, lint\n\n[testenv]\ncommands = pytest\n\n"
                  "[testenv:docs]\ncommands = sphinx-build\n"}


@pytest.mark.parametrize(("claim", "status", "suggestion"), [
    ("tox:py312", "ok", None), ("tox:py311,lint", "ok", None), ("tox:docs", "ok", None),
    ("tox:py312-django42", "ok", None), ("tox:ALL", "ok", None), ("tox:lnt", "missing", "tox -e lint"),
    ("tox:py310", "missing", None), ("tox:lint,typing", "missing", None),
])
def test_tox_claims(tmp_path: Path, claim: str, status: str, suggestion: str | None) -> None:
    """tox envs must exist, with pyXY factors of generated envs counting and near misses suggested."""
    facts = facts_of(tmp_path, TOX)
    check = check_command_claim(claim, facts, TOX)
    assert (check.status, check.suggestion) == (status, suggestion)
    if status == "missing":
        assert "tox.ini" in check.evidence


def test_tox_from_pyproject_and_tox_toml(tmp_path: Path) -> None:
    """tox envs are read from pyproject's legacy_tox_ini and tox.toml; no tox config means missing."""
    legacy = '[tool.tox]\nlegacy_tox_ini = """\n[tox]\nenvlist = py310, format\n"""\n'
    facts = facts_of(tmp_path, {"pyproject.toml": legacy, "tox.toml": 'env_list = ["3.13", "docs"]\n'})
    assert facts.tox_envs == {"py310": "pyproject.toml", "format": "pyproject.toml", "3.13": "tox.toml",
                              "docs": "tox.toml"}
    missing = check_command_claim("tox:lint", facts_of(tmp_path / "none", {"README.md": ""}), {"README.md"})
    assert (missing.status, missing.evidence) == ("missing", "no tox configuration in the repository")


def test_nox_sessions(tmp_path: Path) -> None:
    """nox sessions are read from noxfile.py, honouring name= in the decorator."""
    noxfile = ('import nox\n\n@nox.session(python=["3.11", "3.12"])\ndef tests(session):\n    pass\n\n'
               '@nox.session(name="lint-all")\ndef lint(session):\n    pass\n')
    files = {"noxfile.py": noxfile}
    facts = facts_of(tmp_path, files)
    assert facts.nox_sessions == {"tests": "noxfile.py", "lint-all": "noxfile.py"}
    assert check_command_claim("nox:tests", facts, files).status == "ok"
    near = check_command_claim("nox:test", facts, files)
    assert (near.status, near.suggestion) == ("missing", "nox -s tests")


# -- Makefiles ----------------------------------------------------------------------------------------------------

def test_makefile_parsing(tmp_path: Path) -> None:
    """Only real targets count: no variables, special, pattern or $(VAR) targets, nor define blocks."""
    makefile = ("VENV := .venv\nexport PATH ::= x\nCC ?= gcc\n.PHONY: all\n\nall lint:: deps\n\t$(CC) x\n"
                "%.o: %.c\n\tcc $<\n$(VENV)/bin/python:\n\tpython -m venv\ndefine HELP\nfake: target\nendef\n"
                "check: ; ruff check .\n")
    facts = facts_of(tmp_path, {"Makefile": makefile, "docs/Makefile": "html:\n\tsphinx\nall:\n\techo\n"})
    assert facts.make_targets == {"all": "Makefile", "lint": "Makefile", "check": "Makefile",
                                  "html": "docs/Makefile"}
    assert facts.all("test-command") == []
    assert check_command_claim("make:html", facts, {"Makefile", "docs/Makefile"}).status == "ok"


# -- malformed files never raise ----------------------------------------------------------------------------------

def test_malformed_files_are_noted_and_skipped(tmp_path: Path) -> None:
    """Malformed or undecodable fact files are skipped with one note each, and the rest still count."""
    facts = facts_of(tmp_path, {
        "pyproject.toml": '[project]\nname = "x"\nrequires-python = >=3.12\n',
        "package.json": '{"scripts": {"build": "x",}}',
        "tox.ini": "envlist = py312\n",
        "setup.cfg": b"[options]\npython_requires = >=3.9 \xff\xfe\n",
        "poetry.lock": "[[package]\n",
        ".python-version": "3.12\n",
    })
    assert pairs(facts, "python") == [("3.12", ".python-version")]
    assert facts.notes == [
        "pyproject.toml: not valid TOML (line 3): facts from it skipped",
        "setup.cfg: unreadable (binary, not UTF-8 or too big): facts from it skipped",
        "tox.ini: not valid INI (line 1): facts from it skipped",
        "poetry.lock: not valid TOML (line 1): facts from it skipped",
        "package.json: not valid JSON (line 1): facts from it skipped",
    ]
    assert pairs(facts, "package-manager") == [("poetry", "poetry.lock")]


def test_wrongly_shaped_values_are_ignored(tmp_path: Path) -> None:
    """Valid files with values of the wrong type are ignored without notes or crashes."""
    facts = facts_of(tmp_path, {
        "pyproject.toml": "[project]\nrequires-python = 3\nscripts = 'x'\ndependencies = 'pytest==8.0'\n"
                          "[tool.poetry]\ndependencies = [1, 2]\n",
        "package.json": json.dumps({"engines": "node", "scripts": ["test"], "dependencies": {"a": 1}}),
        "uv.lock": "package = 'x'\n",
        "Pipfile.lock": json.dumps({"default": {"x": "1.0"}}),
    })
    assert facts.all("python") == [] and facts.scripts == {} and facts.notes == []
    assert facts.packages == {"pytest": ("8.0", "pyproject.toml")}
    list_json = facts_of(tmp_path / "list", {"package.json": "[1, 2]"})
    assert list_json.notes == ["package.json: not valid JSON: facts from it skipped"]


FACT_FILE_NAMES = ["pyproject.toml", "package.json", "tox.ini", "setup.cfg", "Makefile", "yarn.lock", "pnpm-lock.yaml",
                   ".github/workflows/ci.yml", "uv.lock", "tox.toml", "noxfile.py", ".python-version"]
TOMLISH = st.text(alphabet=st.sampled_from(list('[]{}="\'.,#\n abc123-_')), max_size=200)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=300), TOMLISH), name=st.sampled_from(FACT_FILE_NAMES))
def test_read_facts_never_raises(text: str, name: str) -> None:
    """Arbitrary file contents never make reading or checking raise."""
    facts = read_facts(lambda path: text, {name})
    for value in ("python:3.10", "node:>=18", "package:x:1", "package-manager:pip"):
        assert check_version_claim(value, facts).status in ("ok", "contradicted", "unverifiable")
    for value in ("make:test", "script:build", "run:x", "tox:py312", "nox:tests"):
        assert check_command_claim(value, facts, {name}).status in ("ok", "missing", "unverifiable")


def test_brace_expansion_is_capped(tmp_path: Path) -> None:
    """A tox envlist with exponential brace expansion stays bounded."""
    envlist = "".join("{a,b}" for _ in range(40))
    facts = facts_of(tmp_path, {"tox.ini": f"[tox]\nenvlist = py{{311,312}}-x, {envlist}\n"})
    assert list(facts.tox_envs)[:2] == ["py311-x", "py312-x"]
    assert len(facts.tox_envs) <= 202


def test_requirements_pins_with_hashes_and_markers(tmp_path: Path) -> None:
    """requirements.txt pins survive hashes and markers; ranges and URLs are not pins."""
    facts = facts_of(tmp_path, {"requirements.txt": "# locked\nDjango==4.2.7 \\\n    --hash=sha256:abc\n"
                                                    "numpy==1.26.4 ; python_version >= '3.9'\nrich~=13.0\n"
                                                    "git+https://example.com/x.git\n"})
    assert facts.packages == {"django": ("4.2.7", "requirements.txt"), "numpy": ("1.26.4", "requirements.txt")}
    assert set(facts.dependencies) == {"django", "numpy", "rich"}


# -- TOML, read by tomllib (tomli on Python 3.10) ---------------------------------------------------------------------

TOML_REPO = {
    "pyproject.toml": '# a comment\n[project]\nname = "app"  # inline\nrequires-python = ">=3.10"\n'
                      'dependencies = [\n    "rich==13.7.1",\n    \'httpx >= 0.27\',\n]\n\n'
                      '[project.scripts]\n"app-cli" = "app:main"\n\n[tool.poetry.dependencies]\n'
                      'python = "^3.10"\npytest = { version = "8.2.0", optional = true }\n\n'
                      '[tool.tox]\nlegacy_tox_ini = """\n[tox]\nenvlist = py310, py311\n"""\n',
    "uv.lock": 'version = 1\n\n[[package]]\nname = "rich"\nversion = "13.7.1"\n'
               'dependencies = [\n    { name = "pygments" },\n]\n\n'
               '[[package]]\nname = "pygments"\nversion = "2.18.0"\n',
}


def test_toml_files_are_read_by_the_toml_library(tmp_path: Path) -> None:
    """Comments, multi-line arrays, inline tables, quoted keys and multi-line strings give their facts; bad TOML
    is one note naming the file (and its line when the parser names one)."""
    facts = facts_of(tmp_path, TOML_REPO)
    assert pairs(facts, "python")[:2] == [(">=3.10", "pyproject.toml"), ("^3.10", "pyproject.toml")]
    assert facts.packages["pygments"] == ("2.18.0", "uv.lock") and "app-cli" in facts.scripts
    assert repo_facts.tomllib.__name__ in ("tomllib", "tomli")
    broken = facts_of(tmp_path / "broken", {"pyproject.toml": "[project\nname = 1\n"})
    assert broken.notes == ["pyproject.toml: not valid TOML (line 1): facts from it skipped"]
    clash = facts_of(tmp_path / "clash", {"pyproject.toml": 'tool = "x"\n[tool.poetry]\nname = "y"\n'})
    assert len(clash.notes) == 1 and clash.notes[0].startswith("pyproject.toml: not valid TOML")


def test_default_branch_only_when_given(tmp_path: Path) -> None:
    """The default branch is a fact only when the caller knows it."""
    assert facts_of(tmp_path, {}).first("default-branch") is None
    assert facts_of(tmp_path, {}, default_branch="trunk").first("default-branch") == Fact(
        "default-branch", "trunk", "git")


@pytest.mark.parametrize("missing, defined, offered", [
    ("lint", ["publint", "test"], None),
    ("lint", ["lint:fix", "test"], "lint:fix"),
    ("tests", ["test", "build"], "test"),
    ("typecheck", ["check"], None),
])
def test_the_nearest_script_is_offered_only_when_close_in_name(tmp_path: Path, missing, defined, offered) -> None:
    package = json.dumps({"name": "web", "scripts": {name: "node x.js" for name in defined}})
    facts = facts_of(tmp_path, {"package.json": package})
    claim = check_command_claim(f"script:{missing}", facts, {"package.json"})
    assert claim.status == "missing"
    assert claim.suggestion == (f"npm run {offered}" if offered else None)
    if offered:
        assert f"closest is {offered!r} (" in claim.evidence
    else:
        assert "closest" not in claim.evidence
