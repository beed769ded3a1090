"""An in-memory index of one git repository, built with a few batched git commands and updated per changed file."""

from __future__ import annotations

import os
import stat
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from memrev.core.check.code_tokens import EMPTY, FileNames, scan_bytes
from memrev.core.check.facts import RepoFacts
from memrev.core.check.file_kinds import is_memory_file, is_prose
from memrev.core.check.git_history import History, read_history
from memrev.core.check.project import identify_project
from memrev.core.check.repo_facts import read_facts
from memrev.core.model import Project

FACT_FILES = frozenset({
    "pyproject.toml", ".python-version", "setup.cfg", "setup.py", "tox.ini", "tox.toml", "package.json", ".nvmrc",
    ".node-version", "Makefile", "GNUmakefile", "makefile", "uv.lock", "poetry.lock", "pdm.lock", "Pipfile.lock",
    "Pipfile", "requirements.txt", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "bun.lockb", "bun.lock",
    "noxfile.py", "pytest.ini", "ruff.toml", ".ruff.toml", ".editorconfig", ".prettierrc", ".prettierrc.json", ".flake8",
    "biome.json", "biome.jsonc", "tsconfig.json", ".prettierrc.yaml", ".prettierrc.yml", ".eslintrc.json", ".eslintrc",
})
"""Files (by last part) the repository facts come from; a change to one re-reads the facts."""


class RepositoryError(RuntimeError):
    """The path cannot be checked against (not a repository, bare); the message is one line for the user."""


def is_fact_file(path: str) -> bool:
    """Whether a change to `path` can change a repository fact."""
    name = path.rsplit("/", 1)[-1]
    return name in FACT_FILES or name.startswith("requirements") or path.startswith(".github/workflows/")


@dataclass
class RefSet:
    """Branches, tags and remote branches with the commit each points at."""

    tags: dict[str, str] = field(default_factory=dict)
    branches: dict[str, str] = field(default_factory=dict)
    remotes: dict[str, str] = field(default_factory=dict)


class RepoIndex:
    """Tracked files, folders, names and definitions per file, refs, history and facts of one working tree."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        """Open the repository at (or above) `path`; a bare or missing repository is a one-line error."""
        from git import InvalidGitRepositoryError, NoSuchPathError, Repo

        try:
            repo = Repo(Path(path), search_parent_directories=True)
        except (InvalidGitRepositoryError, NoSuchPathError):
            raise RepositoryError(f"{path}: not inside a git repository") from None
        if repo.bare or repo.working_tree_dir is None:
            repo.close()
            raise RepositoryError(f"{path}: a bare repository has no working tree to check against")
        self.repo = repo
        self.root = Path(repo.working_tree_dir)
        self.git_dir = Path(repo.git_dir)
        self.project: Project = identify_project(self.root)
        self.head: str | None = None
        self.branch: str | None = None
        self.shallow = False
        self.notes: list[str] = []
        self.files: set[str] = set()
        self.folders: set[str] = set()
        self.by_basename: dict[str, list[str]] = {}
        self.folder_by_basename: dict[str, list[str]] = {}
        self.names: dict[str, FileNames] = {}
        self.stats: dict[str, tuple[int, int]] = {}
        self.token_count: Counter[str] = Counter()
        self.token_sample: dict[str, str] = {}
        """A file mentioning each token, code or configuration before documentation."""
        self.doc_count: Counter[str] = Counter()
        """How many documentation files (not agents' instruction files) mention each token."""
        self.memory_count: Counter[str] = Counter()
        """How many agents' instruction files (CLAUDE.md, AGENTS.md…) mention each token."""
        self.doc_sample: dict[str, str] = {}
        self._orphans: set[str] = set()
        self._doc_orphans: set[str] = set()
        """Tokens whose sample file was forgotten in the current batch, given another one by `_resample`."""
        self.prose: set[str] = set()
        """The files read as documentation or agent instructions, whose definitions do not count."""
        self.definitions_then: dict[tuple[str, str], tuple[str, ...]] = {}
        """The code files defining a name at an older commit, asked once per (commit, name)."""
        self.blob_tokens: dict[tuple[str, str], FileNames | None] = {}
        """The names of a file as one commit had it, read once per (commit, path): commits never change."""
        self.definitions: dict[str, dict[str, int]] = {}
        """Defined name -> {path: line} for every file that defines it."""
        self.refs = RefSet()
        self.history = History()
        self.facts: RepoFacts = read_facts(lambda _: None, ())
        self.commit_lookup: dict[str, str | None] = {}
        self.default_branch: str | None = None
        self.line_diffs: dict[tuple[str, str, tuple[int, int] | None], list[tuple[int, int, int, int]] | None] = {}
        """The hunk positions of a file since an older commit, per (commit, path, file state)."""
        self.texts_then: dict[tuple[str, str], str | None] = {}
        """A file's text as an older commit had it, per (commit, path): commits never change."""
        self.definition_diffs: dict[tuple, tuple[str | None, frozenset[str]] | None] = {}
        """A definition then and now compared, per (commit, path, name, line, file state)."""
        self.recipe_changes: dict[tuple, object] = {}
        """A make recipe or package script then and now compared, per (commit, file, name, statement, file state)."""
        self.tools_then: dict[str, dict[str, list[str]]] = {}
        """The tools each older commit configured, read once per commit."""
        self.tools_now: tuple[tuple[str, int], dict[str, list[str]]] | None = None
        """The tools the working tree configures, with the HEAD and facts they were read for."""
        self.ignore_lookup: dict[str, bool] = {}
        """Whether git ignores a (missing) path, asked once per path until the files or HEAD change."""

    def close(self) -> None:
        """Stop GitPython's helper processes."""
        self.repo.close()

    # -- building --------------------------------------------------------------------------------

    def refresh(self, *, rescan: bool = True) -> None:
        """Bring everything up to date with HEAD and the working tree.

        With `rescan` False (HEAD moved and a watcher reports working-tree edits), only the files that differ
        between the old and the new HEAD are re-read instead of every file being looked at again."""
        self.notes = []
        self.ignore_lookup = {}
        old_head = self.head
        self._read_head()
        self._read_refs()
        if self.head is not None:
            self.history = read_history(self.repo, self.history, head=self.head)
        else:
            self.history = History()
            self.notes.append("the repository has no commits yet: only the working tree can be checked")
        if self.history.problem:
            self.notes.append(self.history.problem)
        if self.shallow:
            self.notes.append("shallow clone: renames, deletions and commits older than its boundary cannot be known")
        listed = self._list_files()
        for path in self.files - listed:  # no longer listed: its names leave every lookup
            self._forget(path)
            self.stats.pop(path, None)
        self.files = listed
        self._rebuild_paths()
        if rescan or old_head is None or self.head is None or old_head == self.head:
            self.update_files(self.files, only_if_modified=True)
        else:
            output = self.repo.git.diff("--name-only", "-z", "--no-renames", old_head, self.head,
                                        strip_newline_in_stdout=False)
            self.update_files({p for p in output.split("\x00") if p} | (listed - set(self.names)))
        self.default_branch = self._read_default_branch()
        self.facts = read_facts(self.read_text, self.files, default_branch=self.default_branch)
        self.notes.extend(self.facts.notes)

    def _read_head(self) -> None:
        """The current commit, branch (None when detached) and whether the clone is shallow."""
        try:
            self.head = self.repo.git.rev_parse("--verify", "-q", "HEAD")
        except Exception:  # noqa: BLE001 - no commits yet
            self.head = None
        try:
            self.branch = self.repo.active_branch.name
        except Exception:  # noqa: BLE001 - detached HEAD or unborn branch
            self.branch = None
        self.shallow = (self.git_dir / "shallow").exists()

    def _read_refs(self) -> None:
        """Every branch, tag and remote branch in one `for-each-ref`."""
        refs = RefSet()
        output = self.repo.git.for_each_ref("--format=%(refname)%00%(objectname)%00%(*objectname)")
        for line in output.splitlines():
            name, target, peeled = (line.split("\x00") + ["", ""])[:3]
            target = peeled or target
            if name.startswith("refs/tags/"):
                refs.tags[name[10:]] = target
            elif name.startswith("refs/heads/"):
                refs.branches[name[11:]] = target
            elif name.startswith("refs/remotes/"):
                refs.remotes[name[13:]] = target
        self.refs = refs
        self.commit_lookup = {}

    def _read_default_branch(self) -> str | None:
        """The remote's default branch when recorded, else main or master when one exists, else the current branch."""
        try:
            return self.repo.git.symbolic_ref("refs/remotes/origin/HEAD").rsplit("/", 1)[-1]
        except Exception:  # noqa: BLE001 - no remote HEAD recorded
            pass
        return next((name for name in ("main", "master") if name in self.refs.branches), self.branch)

    def _list_files(self) -> set[str]:
        """Tracked files plus untracked files git does not ignore, in one `ls-files`."""
        output = self.repo.git.ls_files("-z", "--cached", "--others", "--exclude-standard",
                                        strip_newline_in_stdout=False)
        return {path for path in output.split("\x00") if path}

    def _rebuild_paths(self) -> None:
        """The folder set and the last-part lookup, from the file set."""
        folders: set[str] = set()
        by_basename: dict[str, list[str]] = {}
        for path in self.files:
            by_basename.setdefault(path.rsplit("/", 1)[-1], []).append(path)
            cut = path.rfind("/")
            while cut > 0:
                folder = path[:cut]
                if folder in folders:
                    break
                folders.add(folder)
                cut = folder.rfind("/")
        self.folders = folders
        self.by_basename = by_basename
        folder_names: dict[str, list[str]] = {}
        for folder in folders:
            folder_names.setdefault(folder.rsplit("/", 1)[-1], []).append(folder)
        self.folder_by_basename = folder_names

    def update_files(self, paths: Iterable[str], *, only_if_modified: bool = False) -> set[str]:
        """Re-read these files' names (a vanished one, or a symlink, is forgotten); return those whose names changed."""
        changed: set[str] = set()
        root = str(self.root)
        for path in paths:
            full = f"{root}/{path}"
            try:
                info = os.lstat(full)  # one call: a symlink is never followed out of the repository
            except OSError:
                info = None
            if info is None or not stat.S_ISREG(info.st_mode):
                if self.names.get(path) is not None:
                    self._forget(path)
                    changed.add(path)
                self.stats.pop(path, None)
                continue
            key = (info.st_mtime_ns, info.st_size)
            if only_if_modified and self.stats.get(path) == key:
                continue
            self.stats[path] = key
            try:
                with open(full, "rb") as handle:
                    data = handle.read(_READ_LIMIT)
                names = scan_bytes(data) or EMPTY
            except OSError:
                names = EMPTY
            if self.names.get(path) != names:
                self._forget(path)
                self._remember(path, names)
                changed.add(path)
        if self._orphans or self._doc_orphans:
            self._resample()
        return changed

    def _remember(self, path: str, names: FileNames) -> None:
        """Add one file's names to the lookups (a documentation file's definitions are examples, not code)."""
        self.names[path] = names
        prose, memory = is_prose(path), is_memory_file(path)
        counts = self.memory_count if memory else self.doc_count if prose else None
        if prose:
            self.prose.add(path)
        for token in names.tokens:
            self.token_count[token] += 1
            sample = self.token_sample.get(token)
            if sample is None or not prose and sample in self.prose:
                self.token_sample[token] = path
            if counts is not None:
                counts[token] += 1
                if not memory:
                    self.doc_sample.setdefault(token, path)
        if not prose:
            for name, line in names.definitions:
                self.definitions.setdefault(name, {}).setdefault(path, line)

    def _forget(self, path: str) -> None:
        """Remove one file's names from the lookups."""
        names = self.names.pop(path, None)
        if names is None:
            return
        prose = path in self.prose
        self.prose.discard(path)
        counts = self.memory_count if is_memory_file(path) else self.doc_count if prose else None
        for token in names.tokens:
            left = self.token_count[token] - 1
            if left <= 0:
                del self.token_count[token]
                self.token_sample.pop(token, None)
            else:
                self.token_count[token] = left
                if self.token_sample.get(token) == path:  # another file is found once the batch is done
                    del self.token_sample[token]
                    self._orphans.add(token)
            if counts is not None:
                _decrement(counts, token)
                if self.doc_sample.get(token) == path:
                    del self.doc_sample[token]
                    self._doc_orphans.add(token)
        for name, _ in names.definitions:
            where = self.definitions.get(name)
            if where is not None:
                where.pop(path, None)
                if not where:
                    del self.definitions[name]

    def _resample(self) -> None:
        """Give the tokens whose sample file was forgotten another file (code before documentation) in one pass over
        the files, however many were forgotten in the batch."""
        code = {t for t in self._orphans if t in self.token_count and t not in self.token_sample}
        docs = {t for t in self._doc_orphans if self.doc_count.get(t) and t not in self.doc_sample}
        self._orphans, self._doc_orphans = set(), set()
        fallback: dict[str, str] = {}
        for other, names in self.names.items():
            if not code and not docs:
                break
            prose = other in self.prose
            found = names.tokens & code if code else ()
            for token in found:
                if prose:
                    fallback.setdefault(token, other)
                else:
                    self.token_sample[token] = other
            if found and not prose:
                code -= found
            if docs and prose and not is_memory_file(other):
                for token in names.tokens & docs:
                    self.doc_sample[token] = other
                docs -= names.tokens
        for token in code:
            if token in fallback:
                self.token_sample[token] = fallback[token]

    def code_uses(self, token: str, *, besides: str | None = None) -> int:
        """How many code or configuration files mention `token` (never documentation or agents' instructions)."""
        count = self.token_count.get(token, 0) - self.doc_count.get(token, 0) - self.memory_count.get(token, 0)
        if besides is not None and besides not in self.prose and token in self.names.get(besides, EMPTY).tokens:
            count -= 1
        return count

    def apply_working_tree_changes(self, paths: Iterable[str]) -> set[str]:
        """Take in files that changed, appeared or vanished on disk; return the paths whose names or existence changed."""
        paths = set(paths)
        appeared = {p for p in paths if p not in self.files and (self.root / p).is_file()}
        appeared -= self._ignored(appeared)
        vanished = {p for p in paths if p in self.files and not (self.root / p).exists()}
        if appeared or vanished:
            self.files = (self.files | appeared) - vanished
            self._rebuild_paths()
            self.ignore_lookup = {}
        changed = self.update_files(p for p in paths if p in self.files or p in self.names)
        changed |= appeared | vanished
        if any(is_fact_file(p) for p in changed):
            self.facts = read_facts(self.read_text, self.files, default_branch=self.default_branch)
        return changed

    def _ignored(self, paths: set[str]) -> set[str]:
        """Which of these paths git ignores, asked in one `check-ignore`."""
        if not paths:
            return set()
        output = self._git_stdin(["check-ignore", "-z", "--stdin"], "\x00".join(sorted(paths)) + "\x00")
        return {p for p in output.split("\x00") if p}

    def _git_stdin(self, args: list[str], data: str) -> str:
        """Run one git command fed on standard input (exit 1, "nothing matched", is not an error)."""
        result = subprocess.run(["git", "-C", str(self.root), *args], input=data.encode("utf-8", "surrogateescape"),
                                capture_output=True, check=False)
        return result.stdout.decode("utf-8", "surrogateescape")

    # -- reading ---------------------------------------------------------------------------------

    def read_text(self, path: str) -> str | None:
        """A working-tree file's text for the facts (None when missing, binary, too large or not UTF-8)."""
        full = self.root / path
        try:
            if full.is_symlink() or full.stat().st_size > _READ_LIMIT:
                return None
            data = full.read_bytes()
        except OSError:
            return None
        if b"\x00" in data[:8192]:
            return None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return None

    def resolve_commits(self, names: Iterable[str]) -> dict[str, str | None]:
        """Full SHAs of commit names (abbreviated or full) in one `cat-file --batch-check`; None when unknown."""
        wanted = [name for name in dict.fromkeys(names) if name not in self.commit_lookup]
        if wanted:
            output = self._git_stdin(["cat-file", "--batch-check=%(objectname) %(objecttype)"],
                                     "\n".join(wanted) + "\n")
            lines = output.splitlines()
            for name, line in zip(wanted, lines):
                parts = line.split()
                self.commit_lookup[name] = parts[0] if len(parts) == 2 and parts[1] == "commit" else None
        return {name: self.commit_lookup.get(name) for name in names}

    def ignored(self, paths: Iterable[str]) -> set[str]:
        """Which of these (missing) paths git would ignore, so build outputs are not called missing; each path is
        asked once, so a warm check runs no git command for it."""
        wanted = {path for path in paths if path not in self.ignore_lookup}
        if wanted:
            found = self._ignored(wanted)
            self.ignore_lookup.update((path, path in found) for path in wanted)
        return {path for path in paths if self.ignore_lookup.get(path)}


def _decrement(counts: Counter[str], token: str) -> None:
    """One mention fewer, the key removed at zero."""
    left = counts[token] - 1
    if left <= 0:
        del counts[token]
    else:
        counts[token] = left


_READ_LIMIT = 1_000_001
"""Read at most this many bytes of a file: one more than the size limit, so an oversized file is recognised."""
