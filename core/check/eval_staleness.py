"""Run labelled memory lines through the real checker, each at the commit its label names, in a throwaway shared
clone, so the scorer measures exactly what `memrev check` would have said at that point of the history."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from memrev.core.check.checker import Checker
from memrev.core.check.eval_labels import Label
from memrev.core.check.model import EntryCheck
from memrev.core.model import Entry, EntryType, Provenance, Source


REMOVAL_BUDGET_S = 10.0
"""Per commit checked, at most this long is spent on the history lookups `memrev check` also makes (the commit
that removed a name, where a name was defined when verified)."""


class EvalError(RuntimeError):
    """The scorer cannot run (a repository that is not one, git failing); the message is one line."""


@dataclass(frozen=True)
class Outcome:
    """One label with the check memrev made of its line, or why the line could not be checked."""

    label: Label
    check: EntryCheck | None
    error: str | None = None


def run_labels(labels: list[Label], repo: Path) -> list[Outcome]:
    """Check every label's line at its commit; labels are grouped by repository (`repo`, or a folder under it)."""
    groups: dict[Path, list[Label]] = {}
    for label in labels:
        groups.setdefault(repo / label.repo if label.repo else repo, []).append(label)
    done: dict[str, Outcome] = {}
    for source, group in groups.items():
        for outcome in _run_repository(source, group):
            done[outcome.label.id] = outcome
    return [done[label.id] for label in labels]


def _run_repository(source: Path, labels: list[Label]) -> list[Outcome]:
    """The labels of one repository, checked commit by commit (oldest first) in one shared clone of it."""
    if not source.exists():
        return [Outcome(label, None, f"no repository at {label.repo or source}") for label in labels]
    commits = _resolve(source, {name for label in labels for name in (label.verified, label.check)})
    outcomes: list[Outcome] = []
    by_commit: dict[str, list[Label]] = {}
    for label in labels:
        missing = [name for name in (label.verified, label.check) if name not in commits]
        if missing:
            outcomes.append(Outcome(label, None, f"unknown commit {missing[0]}"))
        else:
            by_commit.setdefault(commits[label.check][0], []).append(label)
    if not by_commit:
        return outcomes
    folder = Path(tempfile.mkdtemp(prefix="memrev-eval-"))
    try:
        clone = folder / (source.name.removesuffix(".git") or "repo")
        _git(folder, "clone", "--quiet", "--shared", "--no-checkout", str(source), str(clone))
        checker: Checker | None = None
        try:
            for sha in sorted(by_commit, key=lambda sha: _when(commits, sha)):
                try:
                    _check_out(clone, sha)
                except EvalError as error:  # a tree the clone lacks: these labels cannot be checked
                    outcomes.extend(Outcome(label, None, f"cannot check out {sha[:12]}: {error}")
                                    for label in by_commit[sha])
                    continue
                when = datetime.fromtimestamp(_when(commits, sha), timezone.utc)
                try:
                    if checker is None:
                        checker = Checker(clone, clock=lambda when=when: when)
                    else:
                        checker.clock = lambda when=when: when
                        checker.index.refresh(rescan=False)
                    entries = [_entry(label, commits[label.verified], clone) for label in by_commit[sha]]
                    checks = checker.check_all(entries)
                    checks.update(checker.find_removals(budget=REMOVAL_BUDGET_S))
                except Exception as error:  # noqa: BLE001 - one commit the checker cannot read is reported, not fatal
                    why = " ".join(str(error).split())[-160:]
                    outcomes.extend(Outcome(label, None, f"the check failed at {sha[:12]}: {why}")
                                    for label in by_commit[sha])
                    if checker is not None:
                        checker.close()
                    checker = None
                    continue
                outcomes.extend(Outcome(label, checks[label.id]) for label in by_commit[sha])
        finally:
            if checker is not None:
                checker.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return outcomes


def _check_out(clone: Path, sha: str) -> None:
    """Check out `sha`; a file whose blob the mirror lacks (a partial mirror) is left out of the working tree, as a
    sparse checkout, so the rest of the commit can still be checked."""
    try:
        _git(clone, "checkout", "--quiet", "--force", "--detach", sha)
        return
    except EvalError:
        listed = _git(clone, "ls-tree", "-r", "-z", sha)  # `--format` would quote a non-ASCII path even with -z
    entries = [(head.split()[2], path) for head, _, path in (item.partition("\t") for item in listed.split("\x00"))
               if path and len(head.split()) == 3]
    batch = subprocess.run(["git", "-C", str(clone), "cat-file", "--batch-check"],
                           input="".join(f"{oid}\n" for oid, _ in entries).encode(), capture_output=True, check=False)
    lacking = {line.split()[0] for line in batch.stdout.decode().splitlines() if line.endswith(" missing")}
    patterns = ["/*", *(f"!/{_literal(path)}" for oid, path in entries if oid in lacking)]
    _git(clone, "sparse-checkout", "set", "--no-cone", *patterns)
    _git(clone, "checkout", "--quiet", "--force", "--detach", sha)


def _literal(path: str) -> str:
    """A path as a sparse-checkout (gitignore-style) pattern matching only itself."""
    return "".join("\\" + char if char in "*?[]\\!# " else char for char in path)


def _entry(label: Label, verified: tuple[str, int], clone: Path) -> Entry:
    """The label's line as a project entry verified at its commit, sourced from its memory file when named."""
    sha, stamp = verified
    when = datetime.fromtimestamp(stamp, timezone.utc)
    file = str(clone / label.source) if label.source else None
    return Entry(id=label.id, text=label.text, type=EntryType.PROJECT, source=Source(agent="eval", file=file),
                 provenance=Provenance(written_at=when, commit=sha), verified_at=when, verified_commit=sha)


def _when(commits: dict[str, tuple[str, int]], sha: str) -> int:
    """A resolved commit's time, looked up by its full SHA."""
    return next(stamp for full, stamp in commits.values() if full == sha)


def _resolve(repo: Path, names: set[str]) -> dict[str, tuple[str, int]]:
    """Each commit name git knows in `repo`, as (full SHA, commit time); unknown names are left out."""
    wanted = sorted(names)
    batch = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch-check=%(objectname) %(objecttype)"],
                           input="".join(f"{name}^{{commit}}\n" for name in wanted).encode(), capture_output=True,
                           check=False)
    if batch.returncode != 0:
        raise EvalError(f"{repo}: not a git repository ({_first_line(batch.stderr)})")
    shas: dict[str, str] = {}
    for name, line in zip(wanted, batch.stdout.decode().splitlines()):
        parts = line.split()
        if len(parts) == 2 and parts[1] == "commit":
            shas[name] = parts[0]
    if not shas:
        return {}
    times = {}
    for line in _git(repo, "log", "--no-walk=unsorted", "--format=%H %ct", *sorted(set(shas.values()))).splitlines():
        full, _, stamp = line.partition(" ")
        times[full] = int(stamp)
    return {name: (sha, times[sha]) for name, sha in shas.items() if sha in times}


def _git(where: Path, *args: str) -> str:
    """Run one git command; a failure is an `EvalError` with git's first line."""
    result = subprocess.run(["git", "-C", str(where), *args], capture_output=True, check=False)
    if result.returncode != 0:
        raise EvalError(f"git {args[0]} failed: {_first_line(result.stderr)}")
    return result.stdout.decode("utf-8", "replace")


def _first_line(data: bytes) -> str:
    """The first line of git's error output."""
    text = data.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else "no message"
