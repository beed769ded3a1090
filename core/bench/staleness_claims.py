"""Claims other than paths that git alone can settle, for the real labelled set (`staleness_real --claims`): make
targets and package scripts a line runs, code names it cites (a definition in a code file), the minimum Python or
Node version it states, and development tools it runs. Each is read from a commit's files with git, never with
memrev, so the labels stay independent of the checker they score."""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

_MAKE = re.compile(r"`make\s+([A-Za-z_][\w.-]*)[^`]*`")
_SCRIPT = re.compile(r"`(?:npm|pnpm|yarn|bun)\s+run\s+([\w:.-]*\w)[^`]*`")
_NAME = re.compile(r"`([A-Za-z_]\w*)(?:\(\))?`")
_VERSION = re.compile(r"\b(Python|Node(?:\.js)?)\s*(?:>=\s*|v)?(\d+(?:\.\d+)?)(?:\+|\s+or\s+(?:newer|later|higher|above))",
                      re.IGNORECASE)
_TOOL = re.compile(r"`(?:(?:npx|uvx|uv\s+run|pnpm\s+exec|python3?\s+-m)\s+)?([\w-]+)(?:\s[^`]*)?`")
TOOL_FILES = {
    "mypy": ("mypy.ini", ".mypy.ini"), "pyright": ("pyrightconfig.json",), "ruff": ("ruff.toml", ".ruff.toml"),
    "black": (), "isort": (".isort.cfg",), "flake8": (".flake8",), "pylint": (".pylintrc", "pylintrc"),
    "pre-commit": (".pre-commit-config.yaml",), "lefthook": ("lefthook.yml", ".lefthook.yml"), "husky": (".husky",),
    "eslint": ("eslint.config.js", "eslint.config.mjs", "eslint.config.ts", ".eslintrc.json", ".eslintrc.js",
               ".eslintrc.cjs", ".eslintrc"),
    "prettier": (".prettierrc", ".prettierrc.json", "prettier.config.js", ".prettierrc.js", ".prettierrc.mjs"),
    "biome": ("biome.json", "biome.jsonc"), "jest": ("jest.config.js", "jest.config.ts"),
    "vitest": ("vitest.config.ts", "vitest.config.js", "vitest.config.mts"),
}
"""The tools labelled, with the root files that configure them (besides a dependency or a [tool.X] table)."""
_CODE_FILES = ("*.py", "*.ts", "*.tsx", "*.js", "*.jsx", "*.mjs", "*.rs", "*.go", "*.java", "*.kt", "*.rb", "*.swift")
_DEFINES = r"(?:def|class|function|fn|func|const|let|var|interface|type|struct|enum|trait)"
_MODIFIERS = (r"(?:(?:export|default|declare|public|private|protected|internal|static|final|abstract|sealed|open|data|"
              r"async|pub(?:\([^)]*\))?)\s+)*")
"""Words a definition may start with; an import line (`import { type Entry }`) defines nothing."""
_COMMON = frozenset("true false null none self this main test tests index app src lib utils config".split())


def git(repo: Path, *args: str) -> str:
    """One git command's output ('' on failure)."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False)
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else ""


@dataclass(frozen=True)
class Claim:
    """One claim of a line: its kind (make, script, symbol, python, node, tool), the value checked and its text."""

    kind: str
    value: str
    text: str


def claims_of(line: str) -> list[Claim]:
    """The claims of one line that git can settle."""
    found = [Claim("make", m.group(1), f"make {m.group(1)}") for m in _MAKE.finditer(line)]
    found += [Claim("script", m.group(1), m.group(0).strip("`").split()[0] + f" run {m.group(1)}")
              for m in _SCRIPT.finditer(line)]
    for match in _TOOL.finditer(line):
        if match.group(1).lower() in TOOL_FILES:
            found.append(Claim("tool", match.group(1).lower(), match.group(1)))
    for match in _NAME.finditer(line):
        name = match.group(1)
        code_like = "_" in name.strip("_") or re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", name) \
            or match.group(0).endswith("()`")
        if code_like and name.lower() not in _COMMON and not name.isupper() and name.lower() not in TOOL_FILES:
            found.append(Claim("symbol", name, name))
    for match in _VERSION.finditer(line):
        kind = "python" if match.group(1).lower() == "python" else "node"
        found.append(Claim(kind, match.group(2), match.group(0)))
    return found


class ClaimFacts:
    """What one repository's commits say of each kind of claim, read with git once per commit and file."""

    def __init__(self, repo: Path, names: set[str]) -> None:
        """Remember the repository and the code names its lines cite (looked up in one `git grep` per commit)."""
        self.repo, self.names = repo, sorted(names)
        self._files: dict[tuple[str, str], str | None] = {}
        self._defined: dict[str, set[str]] = {}
        self._listing: dict[str, set[str]] = {}

    def text(self, sha: str, path: str) -> str | None:
        """A root file's text at a commit, or None."""
        key = (sha, path)
        if key not in self._files:
            listed = self.listing(sha)
            self._files[key] = git(self.repo, "show", f"{sha}:{path}") if path in listed else None
        return self._files[key]

    def listing(self, sha: str) -> set[str]:
        """The root entries of a commit."""
        if sha not in self._listing:
            self._listing[sha] = set(git(self.repo, "ls-tree", "--name-only", sha).splitlines())
        return self._listing[sha]

    def defined(self, sha: str) -> set[str]:
        """The cited names some code file of the commit defines."""
        if sha not in self._defined:
            found: set[str] = set()
            for start in range(0, len(self.names), 200):
                chunk = "|".join(re.escape(name) for name in self.names[start:start + 200])
                pattern = rf"^\s*{_MODIFIERS}{_DEFINES}\s+(?:{chunk})\b"
                out = git(self.repo, "grep", "-h", "-o", "-I", "-P", pattern, sha, "--", *_CODE_FILES)
                found |= {match.split()[-1] for match in out.splitlines()}
            self._defined[sha] = found & set(self.names)
        return self._defined[sha]

    def holds(self, sha: str, claim: Claim) -> bool | None:
        """Whether the claim holds at the commit; None when the commit says nothing either way."""
        if claim.kind == "make":
            text = self.text(sha, "Makefile")
            if text is None:
                return None
            targets = {name for line in text.splitlines() if (m := re.match(r"([\w.-][\w.\s-]*?)\s*::?(?!=)", line))
                       for name in m.group(1).split()}
            return claim.value in targets
        if claim.kind == "script":
            scripts = _json(self.text(sha, "package.json")).get("scripts")
            return claim.value in scripts if isinstance(scripts, dict) else None
        if claim.kind == "symbol":
            return claim.value in self.defined(sha)
        if claim.kind == "tool":
            listed = self.listing(sha)
            if any(path in listed for path in TOOL_FILES[claim.value]):
                return True
            words = " ".join(self.text(sha, path) or "" for path in ("package.json", "pyproject.toml",
                                                                      ".pre-commit-config.yaml"))
            return bool(re.search(rf"(?:\[tool\.|(?<![\w.-])){re.escape(claim.value)}(?![\w-])", words))
        return _minimum(self, sha, claim)


def _json(text: str | None) -> dict:
    """A JSON object, or {}."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _minimum(facts: ClaimFacts, sha: str, claim: Claim) -> bool | None:
    """Whether requires-python (or engines.node) states the claimed minimum; None when it states no plain minimum."""
    if claim.kind == "python":
        match = re.search(r"^requires-python\s*=\s*[\"']\s*>=\s*(\d+(?:\.\d+)?)", facts.text(sha, "pyproject.toml")
                          or "", re.MULTILINE)
    else:
        engines = _json(facts.text(sha, "package.json")).get("engines")
        node = engines.get("node") if isinstance(engines, dict) else None
        match = re.match(r"\s*>=\s*v?(\d+)", node) if isinstance(node, str) else None
    if match is None:
        return None
    stated = match.group(1).split(".")
    said = claim.value.split(".")
    return stated[:len(said)] == said if len(said) <= len(stated) else stated == said[:len(stated)]
