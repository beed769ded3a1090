"""Codex: its consolidated memory folder (kind `codex`) and the AGENTS.md files it loads (kind `agents-md`).

Format facts: formats.md section 2. `codex` reads `memory_summary.md` (always loaded; line 1 must be `v1`) and
`MEMORY.md` (task groups in a strict block schema) from `$CODEX_HOME/memories/`, with thread times from
`memories_1.sqlite` opened read-only. It never reads as entries, and never writes, `raw_memories.md`,
`rollout_summaries/`, `skills/`, `phase2_workspace_diff.md` or extensions, and it refuses to write while
Codex's consolidation job holds its lease. `agents-md` reads the global `AGENTS.override.md`/`AGENTS.md` and
the project files from the git root down to the cwd, within Codex's 32 KiB budget.

This module holds the adapter; the work is in codex_memories.py (the folder and `memory_summary.md`),
codex_handbook.py (`MEMORY.md`), codex_db.py (`memories_1.sqlite`) and agents_md.py, on the shared
codex_markdown.py and codex_common.py.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Mapping, Sequence

from memrev.core.model import Entry
from memrev.core.safe_io import is_within
from memrev.core.sources.agents_md import AGENTS_NAME, OVERRIDE_NAME, project_docs, read_agents, write_agents
from memrev.core.sources.base import SourceRead, SourceRef, WriteResult
from memrev.core.sources.codex_common import _Context, _expand_user, _git_root
from memrev.core.sources.codex_db import DEFAULT_BUSY_TIMEOUT
from memrev.core.sources.codex_handbook import HANDBOOK
from memrev.core.sources.codex_memories import MEMORIES, SUMMARY, read_memories, write_memories


# -- source context ---------------------------------------------------------------------------------


def _env_folder(value: str, home: Path, cwd: Path) -> Path:
    """A folder named by an environment variable: `~` means the passed home, relative means under cwd."""
    path = _expand_user(value, home)
    return (path if path.is_absolute() else cwd / path).resolve()


def _codex_home(home: Path, env: Mapping[str, str], cwd: Path) -> Path:
    """`$CODEX_HOME`, else `~/.codex`."""
    value = env.get("CODEX_HOME", "")  # exactly as given: Codex trims nothing
    return _env_folder(value, home, cwd) if value else (home / ".codex").resolve()


def _home_of(codex_home: Path) -> Path | None:
    """The user's home when the codex home is the default `~/.codex`, for expanding `~` in MEMORY.md."""
    return codex_home.parent if codex_home.name == ".codex" else None


def _codex_detail(codex_home: Path) -> str:
    """The `memrev sources` description of a memories folder."""
    return f"Codex memories in {codex_home}"


_AGENTS_DETAIL = "AGENTS.md files Codex loads in "


def _agents_detail(cwd: Path) -> str:
    """The `memrev sources` description of an AGENTS.md chain (read back for a hand-made ref's cwd)."""
    return f"{_AGENTS_DETAIL}{cwd}"


# -- the adapter -------------------------------------------------------------------------------------


class CodexAdapter:
    """Reads and writes Codex's memory folder and the AGENTS.md files it loads."""

    kinds = ("codex", "agents-md")

    def __init__(self, fallbacks: Sequence[str] = (), *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
                 clock: Callable[[], float] = time.time) -> None:
        """`fallbacks`: extra project doc names (`project_doc_fallback_filenames`); `clock`: epoch seconds."""
        names = [OVERRIDE_NAME, AGENTS_NAME]
        names += [name for name in fallbacks if name and name not in names]
        self.doc_names = tuple(names)
        self.busy_timeout = busy_timeout
        self.clock = clock
        self._contexts: dict[SourceRef, _Context] = {}

    # -- discovery ------------------------------------------------------------------------------------

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The memories folder of `$CODEX_HOME` (else `~/.codex`) and the AGENTS.md chain for `cwd`."""
        codex_home = _codex_home(home, env, cwd)
        found: list[SourceRef] = []
        memories = codex_home / MEMORIES
        if (memories / HANDBOOK).exists() or (memories / SUMMARY).exists():
            sqlite_value = env.get("CODEX_SQLITE_HOME", "")
            sqlite_home = _env_folder(sqlite_value, home, cwd) if sqlite_value else codex_home
            ref = SourceRef("codex", memories, _codex_detail(codex_home))
            self._contexts[ref] = _Context(codex_home, home=home, sqlite_home=sqlite_home)
            found.append(ref)
        cwd = cwd.resolve()
        root = _git_root(cwd) or cwd
        has_global = any((codex_home / name).is_file() for name in (OVERRIDE_NAME, AGENTS_NAME))
        if has_global or project_docs(self.doc_names, root, cwd, []):
            ref = SourceRef("agents-md", root, _agents_detail(cwd))
            self._contexts[ref] = _Context(codex_home, home=home, cwd=cwd, global_dir=codex_home if has_global else None)
            found.append(ref)
        return found

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """`codex:` takes a codex home, its memories folder or one of its two files; `agents-md:` a project folder."""
        path = Path(path)
        if kind == "codex":
            return self._codex_source_for(path)
        if kind == "agents-md":
            return self._agents_source_for(path)
        raise ValueError(f"{kind}:{path}: the Codex adapter reads only codex: and agents-md: sources")

    def _codex_source_for(self, path: Path) -> SourceRef:
        """The memories folder a command-line `codex:PATH` names."""
        path = path.resolve()
        candidates = [path / MEMORIES, path]
        if path.name in (HANDBOOK, SUMMARY):
            candidates.insert(0, path.parent)
        for memories in candidates:
            if memories.is_dir() and ((memories / HANDBOOK).exists() or (memories / SUMMARY).exists()):
                codex_home = memories.parent
                ref = SourceRef("codex", memories, _codex_detail(codex_home))
                self._contexts.setdefault(ref, _Context(codex_home, home=_home_of(codex_home), sqlite_home=codex_home))
                return ref
        raise ValueError(f"{path}: not a Codex home or memories folder (no memories/{HANDBOOK} or {SUMMARY})")

    def _agents_source_for(self, path: Path) -> SourceRef:
        """The AGENTS.md chain a command-line `agents-md:PATH` names (project files only; no global file)."""
        path = path.resolve()
        cwd = path.parent if path.is_file() and path.name in self.doc_names else path
        if not cwd.is_dir():
            raise ValueError(f"{path}: not a project folder")
        root = _git_root(cwd) or cwd
        if not project_docs(self.doc_names, root, cwd, []):
            raise ValueError(f"{path}: no {' or '.join(self.doc_names)} from {root} down to {cwd}")
        ref = SourceRef("agents-md", root, _agents_detail(cwd))
        self._contexts.setdefault(ref, _Context(root, cwd=cwd))
        return ref

    def context_of(self, ref: SourceRef) -> dict[str, str] | None:
        """Where a source's Codex home, user home, SQLite folder, cwd and global AGENTS.md were, for a later run."""
        known = self._contexts.get(ref)
        if known is None:
            return None
        return {name: str(value) for name, value in vars(known).items() if value is not None}

    def restore(self, ref: SourceRef, data: Mapping[str, str]) -> None:
        """Read a source again as it was found at its import (see `context_of`)."""
        self._contexts[ref] = _Context(**{name: Path(value) for name, value in data.items()})

    def _context(self, ref: SourceRef) -> _Context:
        """What discovery or source_for knew about a ref; a hand-made ref gets defaults from its root."""
        known = self._contexts.get(ref)
        if known is not None:
            return known
        if ref.kind == "codex":
            codex_home = ref.root.parent
            return _Context(codex_home, home=_home_of(codex_home), sqlite_home=codex_home)
        named = ref.detail[len(_AGENTS_DETAIL):] if ref.detail.startswith(_AGENTS_DETAIL) else ""
        cwd = Path(named) if named else ref.root
        return _Context(ref.root, cwd=cwd if is_within(cwd, ref.root) else ref.root)

    # -- reading --------------------------------------------------------------------------------------

    def read(self, ref: SourceRef) -> SourceRead:
        """Read every entry of a source; a bad file becomes a warning and the rest still reads."""
        if ref.kind == "codex":
            return read_memories(ref, self._context(ref), self.busy_timeout)
        if ref.kind == "agents-md":
            return read_agents(ref, self._context(ref), self.doc_names)
        raise ValueError(f"{ref.label}: not a Codex source")

    # -- writing --------------------------------------------------------------------------------------

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write exactly these entries back, refusing (nothing written) on drift, a held lease or a broken cap."""
        if ref.kind == "codex":
            return write_memories(ref, entries, expected, self._context(ref), self.busy_timeout, self.clock)
        if ref.kind == "agents-md":
            return write_agents(ref, entries, expected, self._context(ref))
        raise ValueError(f"{ref.label}: not a Codex source")


ADAPTER = CodexAdapter()
