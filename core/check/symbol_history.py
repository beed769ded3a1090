"""Where a name was defined at an older commit, found with one `git grep` of that commit, so a function renamed in
the code is told apart from a library name the code merely uses."""

from __future__ import annotations

import re
import subprocess

from memrev.core.check.file_kinds import is_prose
from memrev.core.check.repo_index import RepoIndex

_KEYWORDS = "def|class|function|const|let|var|func|fn|struct|enum|trait|interface|type|module"
"""Words that introduce a definition in the languages `code_tokens` reads."""


_IMPORT = r"^[[:space:]]*(import|from|using)[[:space:]]|^[[:space:]]*export[[:space:]]+(type[[:space:]]+)?\{"
"""An import line (`import { type Entry }`, `export { type Entry } from`): it names a type, it does not define one."""


def definition_pattern(name: str) -> str:
    """A POSIX extended pattern matching a line that defines `name` (a keyword before it, or a top-level
    assignment)."""
    quoted = re.escape(name)
    return (rf"(^|[^[:alnum:]_])({_KEYWORDS})[[:space:]]+(async[[:space:]]+)?\*?{quoted}([^[:alnum:]_]|$)"
            rf"|^{quoted}[[:space:]]*(:[^=]*)?=[^=]")


def defined_at(index: RepoIndex, sha: str, name: str) -> tuple[str, ...]:
    """The code files that defined `name` at commit `sha` (documentation never counts), asked once per pair."""
    return _code_files_matching(index, sha, name, ["-E", "-e", definition_pattern(name), "--and", "--not", "-e",
                                                    _IMPORT])


def used_at(index: RepoIndex, sha: str, name: str) -> tuple[str, ...]:
    """The code files that named `name` (as a whole word) at commit `sha`, documentation left out, asked once."""
    return _code_files_matching(index, sha, "\x00" + name, ["-w", "-F", "-e", name])


def _code_files_matching(index: RepoIndex, sha: str, key_name: str, pattern: list[str]) -> tuple[str, ...]:
    """The non-prose files at commit `sha` that `git grep` finds with `pattern`, cached per (commit, key)."""
    key = (sha, key_name)
    cache = index.definitions_then
    if key in cache:
        return cache[key]
    result = subprocess.run(["git", "-C", str(index.root), "grep", "-l", "-I", *pattern, sha, "--"],
                            capture_output=True, check=False)
    found: list[str] = []
    if result.returncode == 0:
        for line in result.stdout.decode("utf-8", "replace").splitlines():
            path = line.split(":", 1)[1] if line.startswith(sha + ":") else line
            if not is_prose(path):
                found.append(path)
    cache[key] = tuple(sorted(found))
    return cache[key]
