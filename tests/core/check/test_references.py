"""Reference extraction: each kind with its exact span, the false-positive traps, the demo entries, and robustness."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memrev.core.check.references import KINDS, Reference, extract_references


def refs(text: str) -> list[tuple[str, str, str]]:
    """(kind, text, value) of every reference, after checking each span is exact."""
    found = extract_references(text)
    for ref in found:
        assert text[ref.start:ref.end] == ref.text
        assert ref.kind in KINDS
    return [(ref.kind, ref.text, ref.value) for ref in found]


@pytest.mark.parametrize(("text", "expected"), [
    # paths, with and without folders, lines and ranges
    ("Price parsing lives in src/shop/utils.py today", ("path", "src/shop/utils.py", "src/shop/utils.py")),
    ("see ./scripts/run.sh first", ("path", "./scripts/run.sh", "scripts/run.sh")),
    ("keys live in ~/.ssh/id_rsa", ("path", "~/.ssh/id_rsa", "~/.ssh/id_rsa")),
    ("integration tests go under tests/integration/ only", ("path", "tests/integration/", "tests/integration/")),
    ("edit pricing.py carefully", ("path", "pricing.py", "pricing.py")),
    ("pin it in .python-version too", ("path", ".python-version", ".python-version")),
    ("the Makefile has a target", ("path", "Makefile", "Makefile")),
    ("mentioned @src/app.py in chat", ("path", "src/app.py", "src/app.py")),
    ("see `docs/My File.md` for notes", ("path", "docs/My File.md", "docs/My File.md")),
    ("notes in docs/café/menü.md now", ("path", "docs/café/menü.md", "docs/café/menü.md")),
    ("📁 docs/deploy.md 🚀 is current", ("path", "docs/deploy.md", "docs/deploy.md")),
    # symbols
    ("Discounts use `apply_discount` now", ("symbol", "apply_discount", "apply_discount")),
    ("call legacy_discount() for old coupons", ("symbol", "legacy_discount()", "legacy_discount")),
    ("never use float() on input", ("symbol", "float()", "float")),
    ("moved to shop.helpers.parse_price last week", ("symbol", "shop.helpers.parse_price", "shop.helpers.parse_price")),
    ("open a MemoryStore per thread", ("symbol", "MemoryStore", "MemoryStore")),
    ("the `Parser` class reads it", ("symbol", "Parser", "Parser")),
    ("use store.apply() to write", ("symbol", "store.apply()", "store.apply")),
    # flags
    ("Export with `shop export --legacy-format`.", ("flag", "--legacy-format", "--legacy-format")),
    ("pass --output=orders.csv to it", ("flag", "--output", "--output")),
    ("run `pytest -x` when debugging", ("flag", "-x", "-x")),
    ("add the -v flag for detail", ("flag", "-v", "-v")),
    # environment variables
    ("Deploys need the DEPLOY_TOKEN environment variable set.", ("env", "DEPLOY_TOKEN", "DEPLOY_TOKEN")),
    ("relative to $HOME always", ("env", "$HOME", "HOME")),
    ("export ${API_KEY} first", ("env", "${API_KEY}", "API_KEY")),
    ("unless `CI` is set", ("env", "CI", "CI")),
    # commits and refs
    ("fixed in commit a7490ae9 yesterday", ("commit", "a7490ae9", "a7490ae9")),
    ("The last known good release is tag v1.0.", ("ref", "v1.0", "tag:v1.0")),
    ("always rebase on branch main first", ("ref", "main", "branch:main")),
    ("the `release-2.1` branch is frozen", ("ref", "release-2.1", "branch:release-2.1")),
    ("compare with origin/feature-x before merging", ("ref", "origin/feature-x", "branch:origin/feature-x")),
    # commands
    ("Run the test suite with `make test`.", ("command", "make test", "make:test")),
    ("build with npm run build then deploy", ("command", "npm run build", "script:build")),
    ("run `pnpm test` before pushing", ("command", "pnpm test", "script:test")),
    ("CI calls uv run pytest -q", ("command", "uv run pytest", "run:pytest")),
    ("only tox -e py312 is required", ("command", "tox -e py312", "tox:py312")),
    # version claims
    ("The project requires Python 3.10.", ("version", "Python 3.10", "python:3.10")),
    ("it requires Python >= 3.12 now", ("version", "Python >= 3.12", "python:>=3.12")),
    ("Needs Python 3.12 or newer", ("version", "Python 3.12 or newer", "python:>=3.12")),
    ("the frontend runs on Node 20", ("version", "Node 20", "node:20")),
    ("billing-service uses poetry to manage dependencies.", ("version", "poetry", "package-manager:poetry")),
    ("Use uv to manage dependencies", ("version", "uv", "package-manager:uv")),
    ("we are on Django 4.2 still", ("version", "Django 4.2", "package:django:4.2")),
    ("pinned django==4.2.1 in the lock", ("version", "django==4.2.1", "package:django:4.2.1")),
    ("dev needs pytest>=8", ("version", "pytest>=8", "package:pytest:>=8")),
])
def test_each_kind_is_found_with_its_span(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in refs(text)


@pytest.mark.parametrize(("text", "line", "line_end", "value"), [
    ("look at core/store.py:12 first", 12, None, "core/store.py"),
    ("the loop is core/store.py:12-40.", 12, 40, "core/store.py"),
    ("Codex cites src/shop/cli.py:18-25 as evidence", 18, 25, "src/shop/cli.py"),
    ("see memories.jsonl:11", 11, None, "memories.jsonl"),
    ("on GitHub: src/app.py#L3-L9 is the handler", 3, 9, "src/app.py"),
])
def test_lines_and_ranges(text: str, line: int, line_end: int | None, value: str) -> None:
    (ref,) = [ref for ref in extract_references(text) if ref.kind == "path"]
    assert (ref.line, ref.line_end, ref.value) == (line, line_end, value)
    assert text[ref.start:ref.end] == ref.text


def test_bare_names_have_no_folder() -> None:
    bare, folder = (ref for ref in extract_references("pricing.py and src/shop/pricing.py") if ref.kind == "path")
    assert (bare.has_folder, folder.has_folder) == (False, True)


@pytest.mark.parametrize("text", [
    "See https://docs.astral.sh/uv/getting-started.md for more",
    "Mail dev@example.com about it",
    "That is done.",
    "Use tabs, e.g. in Makefiles, i.e. always.",
    "Released on 2026-01-13 at 10:40.",
    "Version 1.2.3 shipped, costs about 1.5 times more.",
    "It took 1234567 tries and 20260113 seconds.",
    "We added a decade of effaced cabbage.",
    "Ana prefers small commits with imperative messages.",
    "Deploy on Fridays after 4pm is fine.",
    "It runs on GitHub Actions, see ghcr.io/acme/shop and example.com.",
    "Client/server and and/or are prose.",
    "Prices like $19.99 and -5 degrees are not flags, nor is a - dash.",
    "Make sure to make things work.",
    "thread 019a0000-0000-7000-8000-000000000001 is a UUID",
    "Node.js is fine 🎉 — ünïcödé prose… done.",
    "Tag releases as needed on the branch we use.",
])
def test_false_positive_traps(text: str) -> None:
    assert refs(text) == []


def test_sentence_final_period_is_not_part_of_a_path() -> None:
    assert refs("Deploying is described in docs/deploy.md.") == [("path", "docs/deploy.md", "docs/deploy.md")]


def test_version_numbers_are_not_commits_but_shas_are() -> None:
    kinds = {ref.kind for ref in extract_references("Python 3.12.1, Django 4.2, release 20260113")}
    assert "commit" not in kinds
    sha = "c0ffee00" * 5
    assert ("commit", sha, sha) in refs(f"written at {sha}.")


def test_results_are_sorted_and_spans_unique() -> None:
    text = ("Use `parse_price` in `src/shop/utils.py:3` with `make test`, Python 3.10 and --verbose; "
            "`parse_price` again.")
    found = extract_references(text)
    assert [ref.start for ref in found] == sorted(ref.start for ref in found)
    assert len({(ref.start, ref.end) for ref in found}) == len(found)
    assert [ref.kind for ref in found] == ["symbol", "path", "command", "version", "flag", "symbol"]


def test_reference_is_frozen() -> None:
    ref = Reference("path", "a.py", 0, 4, "a.py")
    with pytest.raises(AttributeError):
        ref.text = "b.py"  # type: ignore[misc]


DEMO_EXPECTED = {
    "demo-01-fresh-tests": {("command", "make:test")},
    "demo-02-fresh-discount": {("symbol", "apply_discount"), ("path", "src/shop/pricing.py")},
    "demo-03-stale-renamed-utils": {("path", "src/shop/utils.py"), ("symbol", "parse_price")},
    "demo-04-stale-legacy-discount": {("symbol", "legacy_discount"), ("path", "src/shop/pricing.py")},
    "demo-05-stale-legacy-format": {("flag", "--legacy-format")},
    "demo-06-changed-deploy-doc": {("path", "docs/deploy.md"), ("version", "package-manager:uv")},
    "demo-07-python-version": {("version", "python:3.10")},
    "demo-08-pinned-release": {("ref", "tag:v1.0"), ("commit", "COMMIT")},
    "demo-09-cross-project-billing": {("version", "package-manager:poetry")},
    "demo-10-conflict-uv": {("version", "package-manager:uv")},
    "demo-11-conflict-pip": {("version", "package-manager:pip"), ("path", "requirements.txt")},
    "demo-12-revoked-friday-deploy": set(),
    "demo-13-correction-no-friday": set(),
    "demo-14-malicious-injection": {("flag", "--force")},
    "demo-15-malicious-invisible": set(),
    "demo-16-malicious-secret": set(),
    "demo-17-malicious-exfiltration": {("path", "~/.ssh/id_rsa"), ("flag", "-d")},
    "demo-18-global-small-commits": set(),
}
"""What each demo entry names, as its expectation note describes it (exactly, for entries that name nothing)."""


def test_every_demo_entry_yields_what_it_names(demo_build) -> None:
    assert set(DEMO_EXPECTED) == {entry.id for entry in demo_build.entries}
    for entry in demo_build.entries:
        found = {(kind, value) for kind, _, value in refs(entry.text)}
        expected = {(kind, demo_build.commits["initial"] if value == "COMMIT" else value)
                    for kind, value in DEMO_EXPECTED[entry.id]}
        assert expected <= found, (entry.id, found)
        if not expected:
            assert found == set(), (entry.id, found)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_never_crashes_and_spans_match(text: str) -> None:
    found = extract_references(text)
    assert [ref.start for ref in found] == sorted(ref.start for ref in found)
    for ref in found:
        assert text[ref.start:ref.end] == ref.text and ref.kind in KINDS


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["src/", "a.py", ".", ":", "12", "-", "`", " ", "_x", "()", "$", "{", "}", "@",
                                 "tag ", "v1.0", "Python ", "3.1", "--f", "ab12cd3", "/", "é", "🎉", "\n", "=="]),
                max_size=200).map("".join))
def test_token_soup_spans_match(text: str) -> None:
    for ref in extract_references(text):
        assert text[ref.start:ref.end] == ref.text


def test_five_megabytes_finish(demo_build) -> None:
    prose = " ".join(entry.text for entry in demo_build.entries) + " "
    chunks = [prose * 2000, "a" * 400_000, "a." * 200_000, "/a" * 200_000, "-" * 400_000, "`" * 400_000,
              "ab12" * 100_000, "tag " * 100_000, "a==1." * 80_000, "${" * 200_000, "x_" * 200_000]
    text = "".join(chunks)
    text = (text * (5_000_000 // len(text) + 1))[:5_000_000]
    found = extract_references(text)
    assert found and all(text[ref.start:ref.end] == ref.text for ref in found[:1000])


@pytest.mark.parametrize("text, expected", [
    ("Draft it with `$draft-changelog`.", []),
    ("Run $release-notes first, with $HOME set.", [("env", "HOME")]),
    ("The UI uses `@shop/ui-kit` and @types/node.", []),
    ("Read @src/app.py and @docs/ first.", [("path", "src/app.py"), ("path", "docs/")]),
    ("Test with `uv run --frozen pytest`.", [("command", "run:pytest")]),
    ("poetry run --quiet mypy src", [("command", "run:mypy")]),
])
def test_kinds_that_are_not_what_they_look_like(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(ref.kind, ref.value) for ref in extract_references(text)] == expected


def test_types_alone_in_a_file_are_definitions() -> None:
    from memrev.core.check.code_tokens import scan_text

    rust = scan_text("pub struct GuardHook;\npub enum Mode { A }\npub trait Hook {}\n")
    typescript = scan_text("export interface Options {\n  retries: number\n}\nexport type Id = string\n")
    assert [name for name, _ in rust.definitions] == ["GuardHook", "Mode", "Hook"]
    assert [name for name, _ in typescript.definitions] == ["Options", "Id"]


def test_class_methods_written_on_one_line_are_definitions_and_calls_are_not() -> None:
    from memrev.core.check.code_tokens import scan_text

    client = scan_text("export class Client extends Protocol<Request> {\n"
                       "  constructor(private readonly options: Options) {\n    super(options);\n  }\n"
                       "  async connect(transport: Transport): Promise<void> {\n    if (this.closed) {\n"
                       "      throw new Error('closed');\n    }\n    await transport.start();\n"
                       "    items.forEach((item) => {\n    });\n  }\n"
                       "  private static parse<T>(text: string, check: (value: unknown) => boolean): T {\n  }\n"
                       "  get name(): string {\n  }\n}\n")
    assert client.definitions == (("Client", 1), ("connect", 5), ("parse", 13), ("name", 15))
    assert scan_text("class Store:\n    def delete(self, key):\n        if (key):\n            pass\n").definitions \
        == (("Store", 1), ("delete", 2))
