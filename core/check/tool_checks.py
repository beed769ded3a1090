"""Development tools an entry names (type checkers, hook runners, linters, formatters, test runners) against what
the repository configures now and configured when the entry was verified: a tool it dropped is `missing`, with
the tool of the same kind that replaced it when the repository shows one."""

from __future__ import annotations

import re
from typing import Callable, Collection

from memrev.core.check.context import EntryContext, result
from memrev.core.check.model import RefStatus, ReferenceCheck
from memrev.core.check.references import Reference
from memrev.core.check.repo_index import RepoIndex
from memrev.core.check.tool_names import TOOLS

_SAME_KIND = {"formatter": ("formatter", "linter"), "linter": ("linter", "formatter")}
"""Kinds that replace one another (Biome and Ruff both lint and format)."""
_SETTINGS = ("pyproject.toml", "package.json", "setup.cfg", "tox.ini", "Makefile", "justfile", "requirements.txt",
             "requirements-dev.txt", "dev-requirements.txt", ".pre-commit-config.yaml", "lefthook.yml")
"""Root files whose text names the tools a project runs (dependencies, scripts, recipes, hooks)."""
_WORD = {name: re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])") for name in TOOLS}
_WORD["pre-commit"] = re.compile(r"(?<![\w.-])pre-commit(?=\s+(?:run|install|autoupdate)\b|[\"'][,\]\s>=<~]|"
                                 r"[>=<~!]=?\d|[ \t]*$)", re.MULTILINE)
"""`pre-commit` is also the git hook that lefthook and husky configure (`pre-commit:`): only the tool counts."""


def tool_of(value: str) -> str | None:
    """The known tool a command or name stands for (`tool:mypy`, `run:mypy`, `mypy`), or None."""
    name = value.split(":", 1)[1] if value.startswith(("tool:", "run:")) else value
    name = name.lower()
    return name if name in TOOLS else None


def usage(read: Callable[[str], str | None], paths: Collection[str]) -> dict[str, list[str]]:
    """Where each known tool is configured or named among a commit's root files and workflows."""
    found: dict[str, list[str]] = {}
    for name, (_, configs) in TOOLS.items():
        for config in configs:
            if config in paths:
                found.setdefault(name, []).append(config)
    texts = [path for path in paths if path in _SETTINGS or path.startswith(".github/workflows/")]
    for path in sorted(texts):
        text = read(path) or ""
        for name, word in _WORD.items():
            if word.search(text):
                found.setdefault(name, []).append(path)
    return found


def usage_now(index: RepoIndex) -> dict[str, list[str]]:
    """The tools the working tree configures, read once per state of the facts."""
    key = (index.head or "", id(index.facts))
    if index.tools_now is None or index.tools_now[0] != key:
        paths = {p for p in index.files if "/" not in p or p.startswith(".github/workflows/")}
        paths |= {folder for folder in index.folders if "/" not in folder}
        index.tools_now = (key, usage(index.read_text, paths))
    return index.tools_now[1]


def usage_at(index: RepoIndex, sha: str) -> dict[str, list[str]]:
    """The tools commit `sha` configured, read once per commit (commits never change)."""
    cache = index.tools_then
    if sha not in cache:
        try:
            listed = index.repo.git.ls_tree("--name-only", sha).splitlines()
            listed += index.repo.git.ls_tree("--name-only", sha, ".github/workflows/").splitlines()
        except Exception:  # noqa: BLE001 - a commit git cannot read: nothing is known of it
            listed = []

        def read(path: str) -> str | None:
            """The file's text at `sha` (None when git cannot read it)."""
            try:
                return index.repo.git.show(f"{sha}:{path}")
            except Exception:  # noqa: BLE001 - missing or unreadable object
                return None
        cache[sha] = usage(read, set(listed))
    return cache[sha]


def check_tool(ref: Reference, ctx: EntryContext, name: str) -> ReferenceCheck | None:
    """A named tool: `ok` where the repository configures it, `missing` when it did when the entry was verified
    and no longer does (naming what replaced it), None when neither side tells."""
    index = ctx.index
    now = usage_now(index)
    if name in now:
        return result(ref, RefStatus.OK, f"{name} is configured in {', '.join(now[name][:3])}")
    if ctx.since is None or ctx.since < 0 or ctx.since >= len(index.history.shas):
        return None
    then = usage_at(index, index.history.shas[ctx.since])
    if name not in then:
        return None
    kind = TOOLS[name][0]
    kinds = _SAME_KIND.get(kind, (kind,))
    new = [other for other in now if other != name and TOOLS[other][0] in kinds and other not in then]
    replaced = f"; the repository now has {new[0]} ({', '.join(now[new[0]][:2])})" if new else ""
    return result(ref, RefStatus.MISSING, f"{name} was configured in {', '.join(then[name][:2])} when "
                  f"{ctx.since_label.split(' ', 1)[0]} and no longer is{replaced}", new[0] if new else None)
