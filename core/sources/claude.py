"""The Claude Code adapter: finds, reads and writes auto-memory (`claude`) and the CLAUDE.md hierarchy (`claude-md`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.model import Entry
from memrev.core.safe_io import read_head
from memrev.core.sources.base import SourceRead, SourceRef, WriteResult
from memrev.core.sources.claude_index import INDEX_NAME
from memrev.core.sources.claude_md import HierarchyReader, has_any_file, write_hierarchy
from memrev.core.sources.claude_memdir import read_memdir
from memrev.core.sources.claude_memdir_write import write_memdir
from memrev.core.sources.claude_paths import memdir_for, memory_base
from memrev.core.sources.claude_projects import recover_cwd, transcripts
from memrev.core.sources.containment import refuse_broad_folder


@dataclass(frozen=True)
class _Context:
    """The user a source was found for (home and environment) and, for a memory folder, its project root."""

    home: Path
    env: Mapping[str, str]
    project: Path | None = None


def _looks_like_memdir(path: Path) -> bool:
    """A folder holding MEMORY.md, or topic files with frontmatter, and no git checkout."""
    if (path / INDEX_NAME).is_file():
        return True
    if (path / ".git").exists():
        return False
    for child in sorted(path.glob("*.md"))[:20]:
        head = read_head(child, 8)  # never blocks on a FIFO named like a topic file
        if head is not None and head.split(b"\n", 1)[0].rstrip() == b"---":
            return True
    return False


CLAUDE_ENV = ("CLAUDE_CONFIG_DIR", "CLAUDE_CODE_REMOTE_MEMORY_DIR", "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE")
"""The environment variables that move Claude Code's folders, kept with a source so a later read looks there too."""


class ClaudeAdapter:
    """Reads and writes Claude Code's auto-memory folder and its CLAUDE.md instruction hierarchy."""

    kinds = ("claude", "claude-md")

    def __init__(self, *, home: Path | None = None, env: Mapping[str, str] | None = None) -> None:
        """An adapter; `home` and `env` (default: the real ones, looked up when needed) serve `source_for` and reads."""
        self._home = home
        self._env = env
        self._contexts: dict[SourceRef, _Context] = {}

    def _default(self) -> _Context:
        """The user memrev runs as, unless the constructor named another."""
        return _Context(self._home or Path.home(), self._env if self._env is not None else dict(os.environ))

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The cwd's auto-memory folder and CLAUDE.md hierarchy, each when it exists."""
        found = []
        memdir, root = memdir_for(cwd, home=home, env=env)
        if memdir.is_dir():
            found.append(self._remember(SourceRef("claude", memdir.resolve(), f"auto-memory of {root}"),
                                        _Context(home, dict(env), root)))
        ref = SourceRef("claude-md", cwd.resolve(), f"CLAUDE.md instructions for {cwd.resolve()}")
        if has_any_file(HierarchyReader(ref, home=home, env=env)):
            found.append(self._remember(ref, _Context(home, dict(env))))
        return found

    def discover_all_projects(self, *, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """Every project's auto-memory folder under `<memoryBase>/projects/*/memory`, not only the cwd's."""
        projects = memory_base(home, env) / "projects"
        try:
            folders = sorted(child for child in projects.iterdir() if (child / "memory").is_dir())
        except OSError:
            return []
        refs = []
        for folder in folders:
            cwd = recover_cwd(folder, transcripts(folder))
            ref = SourceRef("claude", (folder / "memory").resolve(), f"auto-memory of {cwd or folder.name}")
            refs.append(self._remember(ref, _Context(home, dict(env), Path(cwd) if cwd else None)))
        return refs

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """`claude:PATH` (a memory folder, a `projects/<slug>` folder or a project) or `claude-md:PATH` (a project)."""
        context = self._default()
        path = Path(path).expanduser()
        if kind == "claude-md":
            if path.is_file() and path.name.endswith(".md"):
                path = next((p for p in path.parents if p.name not in (".claude", "rules")), path.parent)
            if not path.is_dir():
                raise ValueError(f"{path}: not a folder; claude-md:PATH takes a project folder")
            resolved = path.resolve()
            return self._remember(SourceRef("claude-md", resolved, f"CLAUDE.md instructions for {resolved}"), context)
        if kind != "claude":
            raise ValueError(f"{kind}:{path}: the Claude adapter reads only claude: and claude-md: sources")
        refuse_broad_folder(path, (context.home, Path.home()))
        if not path.is_dir():
            raise ValueError(f"{path}: not a folder; claude:PATH takes an auto-memory folder or a project folder")
        if (path / "memory").is_dir() and any(path.glob("*.jsonl")):
            path = path / "memory"
        as_folder = SourceRef("claude", path.resolve(), f"auto-memory folder {path.resolve()}")
        if (path / INDEX_NAME).is_file() and not (path / ".git").exists():
            return self._remember(as_folder, context)
        memdir, root = memdir_for(path, home=context.home, env=context.env)
        if memdir.is_dir():
            return self._remember(SourceRef("claude", memdir.resolve(), f"auto-memory of {root}"),
                                  _Context(context.home, context.env, root))
        if _looks_like_memdir(path):
            return self._remember(as_folder, context)
        raise ValueError(f"{path}: no Claude Code auto-memory here or for this project (expected {memdir})")

    def read(self, ref: SourceRef) -> SourceRead:
        """Read a source: topic files of a memory folder, or every section of the CLAUDE.md hierarchy."""
        context = self._contexts.get(ref) or self._default()
        if ref.kind == "claude-md":
            return HierarchyReader(ref, home=context.home, env=context.env).load()
        refuse_broad_folder(ref.root, (context.home, Path.home()))  # an autoMemoryDirectory of `$HOME` or `/`
        return read_memdir(ref, project_hint=context.project)

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write exactly these entries back in Claude Code's own layout (DriftError when the files changed)."""
        if ref.kind == "claude-md":
            return write_hierarchy(ref, entries, expected=expected)
        return write_memdir(ref, entries, expected=expected)

    def context_of(self, ref: SourceRef) -> dict[str, str] | None:
        """Who a source was found for (home, Claude's folder overrides, project), to be restored in a later run."""
        known = self._contexts.get(ref)
        if known is None:
            return None
        data = {"home": str(known.home), **{key: known.env[key] for key in CLAUDE_ENV if key in known.env}}
        return {**data, "project": str(known.project)} if known.project is not None else data

    def restore(self, ref: SourceRef, data: Mapping[str, str]) -> None:
        """Read a source again for the user it was imported for (see `context_of`)."""
        project = data.get("project")
        env = {key: data[key] for key in CLAUDE_ENV if key in data}
        self._remember(ref, _Context(Path(data["home"]), env, Path(project) if project else None))

    def _remember(self, ref: SourceRef, context: _Context) -> SourceRef:
        """Keep the user a source was found for, so reading it later looks in the same home."""
        self._contexts[ref] = context
        return ref


def discover_all_projects(*, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
    """Every project's auto-memory folder for this user (the module-level form of the adapter's method)."""
    return ADAPTER.discover_all_projects(home=home, env=env)


ADAPTER = ClaudeAdapter()
