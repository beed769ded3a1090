"""Where a name was defined at an older commit, found with one `git grep` of that commit, so a function renamed in
the code is told apart from a library name the code merely uses."""

from __future__ import annotations

import re
import subprocess

from memrev.core.check.file_kinds import is_prose
from memrev.core.check.repo_index import RepoIndex

_KEYWORDS = "def|class|function|func|fn|struct|enum|trait|interface|type|module"
"""Words that introduce a definition in the languages `code_tokens` reads, at any depth (a method, a nested class)."""
_BINDINGS = "const|let|var"
"""Words that introduce a definition only at the top of a file or exported: indented, they bind a local variable."""


_MODIFIERS = ("export|default|pub|pub\\([a-z:]+\\)|async|static|public|private|protected|abstract|declare|unsafe|"
              "extern|final|override|readonly|internal|open|data|sealed|inline|suspend")
"""Words that may stand before the keyword of a definition (`export default function`, `pub(crate) fn`); a keyword
anywhere else on a line (`// the play function coverage`, a string's `interface options`) defines nothing."""
_IMPORT = (r"^[[:space:]]*(import|from|using)[[:space:]]|^[[:space:]]*export[[:space:]]+(type[[:space:]]+)?\{"
           r"|(^|[^[:alnum:]_.])(require|import)[[:space:]]*\(")
"""An import line (`import { type Entry }`, `export { type Entry } from`, `const yaml = require("yaml")`): it names
a type or a package, it does not define one."""


def definition_pattern(name: str) -> str:
    """A POSIX extended pattern matching a line that defines `name` (a keyword, after modifiers only, before it; a
    top-level or exported binding; or a top-level assignment)."""
    quoted, end, mods = re.escape(name), "([^[:alnum:]_]|$)", rf"(({_MODIFIERS})[[:space:]]+)*"
    return (rf"^[[:space:]]*{mods}({_KEYWORDS})[[:space:]]+(async[[:space:]]+)?\*?{quoted}{end}"
            rf"|^([[:space:]]*export[[:space:]]+)?{mods}({_BINDINGS})[[:space:]]+{quoted}{end}"
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
