"""The real-set builder on a repository with a CLAUDE.md history: labels verified with git alone."""

from __future__ import annotations

from pathlib import Path

from gitrepo import GitRepo

from memrev.core.bench.staleness_real import Source, build, main
from memrev.core.check.eval_labels import load_labels


def test_lines_are_labelled_stale_or_fresh_from_the_paths_git_knows(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "mirrors" / "acme+shop")
    repo.write("src/utils.py", "def parse():\n    pass\n")
    repo.write("src/cart.py", "def total():\n    pass\n")
    repo.write("docs/old.md", "# Old\n")
    repo.write("CLAUDE.md", "- Helpers: `src/utils.py`\n- Cart: `src/cart.py`\n- Notes: `docs/old.md`\n"
                            "- Remote: `https://example.com/a/b`\n")
    first = repo.commit("Initial")
    repo.mv("src/utils.py", "src/helpers.py")
    repo.commit("Rename utils")
    repo.write("CLAUDE.md", "- Helpers: `src/helpers.py`\n- Cart: `src/cart.py`\n- Notes: `docs/old.md`\n")
    repo.rm("docs/old.md")
    head = repo.commit("Point at helpers; drop the old notes")
    labels = {label.text: label for label in build(repo.path, Source("acme/shop", "CLAUDE.md", head),
                                                   folder="acme+shop")}
    renamed = labels["- Helpers: `src/utils.py`"]
    assert (renamed.expected, renamed.verified, renamed.new_path) == ("stale", first, "src/helpers.py")
    assert renamed.check == repo.git("rev-parse", "HEAD~1")  # the last commit that still had the line
    deleted = labels["- Notes: `docs/old.md`"]
    assert deleted.expected == "stale" and deleted.check == head and deleted.new_path is None
    kept = labels["- Cart: `src/cart.py`"]
    assert (kept.expected, kept.check, kept.reference) == ("fresh", head, "src/cart.py")
    assert "- Remote: `https://example.com/a/b`" not in labels
    sources = tmp_path / "sources.txt"
    sources.write_text(f"# test\nacme/shop CLAUDE.md {head}\nacme/none CLAUDE.md {head}\n", encoding="utf-8")
    out = tmp_path / "labels.jsonl"
    assert main([str(tmp_path / "mirrors"), str(out), "--sources", str(sources)]) == 0
    assert {label.repo for label in load_labels(out)} == {"acme+shop"}


def test_with_claims_commands_names_versions_and_tools_are_labelled_with_git(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "acme+api")
    repo.write("Makefile", "test:\n\tpytest\n\nlint:\n\truff check .\n")
    repo.write("pyproject.toml", '[project]\nname = "api"\nrequires-python = ">=3.10"\n\n[tool.mypy]\nstrict = true\n')
    repo.write("api/pricing.py", "def apply_discount(total):\n    return total\n\n\ndef round_price(x):\n    return x\n")
    repo.write("api/types.ts", 'import { type LegacyRow } from "./rows";\n')
    lines = ["- Run `make lint` before pushing", "- Tests: `make test`", "- Discounts: `apply_discount()`",
             "- Rounding: `round_price`", "- Python 3.10+", "- Type-check with `mypy api/`", "- Rows: `LegacyRow`"]
    repo.write("CLAUDE.md", "\n".join(lines) + "\n")
    repo.commit("API")
    repo.write("Makefile", "test:\n\tpytest\n")
    repo.write("pyproject.toml", '[project]\nname = "api"\nrequires-python = ">=3.11"\n\n[tool.pyright]\n')
    repo.write("api/pricing.py", "def compute_discount(total):\n    return total\n\n\ndef round_price(x):\n    return x\n")
    head = repo.commit("Drop lint, 3.11, pyright, compute_discount")
    labels = {label.text: label for label in build(repo.path, Source("acme/api", "CLAUDE.md", head),
                                                   folder="acme+api", claims=True)}
    expected = {lines[0]: ("stale", "make lint"), lines[1]: ("fresh", "make test"),
                lines[2]: ("stale", "apply_discount"), lines[3]: ("fresh", "round_price"),
                lines[4]: ("stale", "Python 3.10+"), lines[5]: ("stale", "mypy")}
    assert {text: (label.expected, label.reference) for text, label in labels.items()} == expected
    assert lines[6] not in labels  # an imported type is defined nowhere in the repository: nothing to label
    assert build(repo.path, Source("acme/api", "CLAUDE.md", head), folder="acme+api") == []  # paths only: none
