"""The naive staleness baseline: one git subprocess per reference, as an agent's tool calls would check them.

The benchmark times this next to the real checker on the same synthetic repository, so the ratio says what
batching and indexing buy. Nothing here is clever on purpose; it only has to give sensible answers.
"""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path
from typing import Sequence

from memrev.core.check.references import extract_references
from memrev.core.model import Entry

OK, MISSING, RENAMED, UNVERIFIABLE = "ok", "missing", "renamed", "unverifiable"
"""The statuses the baseline gives; a claim the repository contradicts (a wrong version) counts as missing."""

_ERE_SPECIAL = re.compile(r"([.\[\]()*+?{}|^$\\])")
_VERSION_FILES = {"python": ("pyproject.toml", r"requires-python\s*=\s*[\"']([^\"']*)"),
                  "node": ("package.json", r"\"node\"\s*:\s*\"([^\"]*)\"")}
"""For a language version claim: the file a naive check reads with `git show` and the pattern of its bound."""


def naive_reference_status(repo: Path, kind: str, value: str) -> str:
    """Check one reference (as `extract_references` gives its kind and value) with its own git command(s)."""
    checker = _CHECKERS.get(kind)
    return checker(Path(repo), value) if checker else UNVERIFIABLE


def naive_check(repo: Path, entries: Sequence[Entry], *, limit: int | None = None) -> tuple[int, float]:
    """Check references of entries (the first `limit` references when given) one git subprocess per reference;
    return (references checked, seconds)."""
    checked = 0
    started = time.perf_counter()
    for entry in entries:
        for ref in extract_references(entry.text):
            if limit is not None and checked >= limit:
                return checked, time.perf_counter() - started
            naive_reference_status(repo, ref.kind, ref.value)
            checked += 1
    return checked, time.perf_counter() - started


def _run(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run one git command in the repository, as a tool call would, and return the finished process."""
    return subprocess.run(["git", *args], cwd=repo, capture_output=True)


def _found(repo: Path, *args: str) -> str:
    """`ok` when the git command succeeds (exit 0), else `missing`."""
    return OK if _run(repo, *args).returncode == 0 else MISSING


def _path(repo: Path, value: str) -> str:
    """A tracked file or folder is ok; otherwise the last commit that touched it tells renamed from missing."""
    if value.startswith(("/", "~")):
        return UNVERIFIABLE
    if _run(repo, "ls-files", "--error-unmatch", "--", value).returncode == 0:
        return OK
    last = _run(repo, "log", "-M", "--full-diff", "--name-status", "--format=%H", "-1", "--", value)
    for line in last.stdout.decode(errors="replace").splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and fields[0].startswith("R") and fields[1] == value.rstrip("/"):
            return RENAMED
    return MISSING


def _symbol(repo: Path, value: str) -> str:
    """A symbol is ok when its last dotted part appears as a word anywhere in the tracked files."""
    return _found(repo, "grep", "-q", "-w", "-e", value.rsplit(".", 1)[-1])


def _flag(repo: Path, value: str) -> str:
    """A flag is ok when its exact text appears anywhere in the tracked files."""
    return _found(repo, "grep", "-q", "-F", "-e", value)


def _env(repo: Path, value: str) -> str:
    """An environment variable is ok when its name appears as a word anywhere in the tracked files."""
    return _found(repo, "grep", "-q", "-w", "-e", value)


def _commit(repo: Path, value: str) -> str:
    """A commit is ok when the object database has it (abbreviated SHAs included)."""
    return _found(repo, "cat-file", "-e", f"{value}^{{commit}}")


def _ref(repo: Path, value: str) -> str:
    """A tag, branch or remote branch is ok when its ref resolves."""
    label, _, name = value.partition(":")
    if label == "tag":
        full = f"refs/tags/{name}"
    elif name.startswith(("origin/", "upstream/")):
        full = f"refs/remotes/{name}"
    else:
        full = f"refs/heads/{name}"
    return _found(repo, "rev-parse", "--verify", "-q", full)


def _command(repo: Path, value: str) -> str:
    """A make or just target is ok when the Makefile (justfile) has a line starting `target:`."""
    tool, _, target = value.partition(":")
    if tool not in ("make", "just"):
        return UNVERIFIABLE
    pattern = f"^{_ere_escape(target)}:"
    return _found(repo, "grep", "-q", "-E", "-e", pattern, "--", "Makefile" if tool == "make" else "justfile")


def _ere_escape(text: str) -> str:
    """`text` with the characters special in a POSIX extended regular expression escaped."""
    return _ERE_SPECIAL.sub(r"\\\1", text)


def _version(repo: Path, value: str) -> str:
    """A Python or Node version claim is ok when the project's declared bound names the same version."""
    language, _, claim = value.partition(":")
    if language not in _VERSION_FILES:
        return UNVERIFIABLE
    name, pattern = _VERSION_FILES[language]
    shown = _run(repo, "show", f"HEAD:{name}")
    match = re.search(pattern, shown.stdout.decode(errors="replace")) if shown.returncode == 0 else None
    if match is None:
        return UNVERIFIABLE
    declared = re.findall(r"\d+(?:\.\d+)*", match.group(1))
    wanted = re.findall(r"\d+(?:\.\d+)*", claim)
    return OK if declared and wanted and declared[0] == wanted[0] else MISSING


_CHECKERS = {
    "path": _path, "symbol": _symbol, "flag": _flag, "env": _env, "commit": _commit, "ref": _ref,
    "command": _command, "version": _version,
}
