"""Where Claude Code keeps its files: config and managed-policy folders, git roots, a project's auto-memory folder."""

from __future__ import annotations

import json
import posixpath
import re
import sys
import unicodedata
from pathlib import Path
from typing import Mapping

from memrev.core.safe_io import read_bounded
from memrev.core.sources.claude_projects import project_folder


def config_dir(home: Path, env: Mapping[str, str]) -> Path:
    """Claude Code's config home: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    value = env.get("CLAUDE_CONFIG_DIR")
    return Path(value) if value else home / ".claude"


def managed_dir(env: Mapping[str, str]) -> Path:
    """Where managed policy lives (`MEMREV_CLAUDE_MANAGED_DIR` overrides it, for tests); memrev never writes there."""
    value = env.get("MEMREV_CLAUDE_MANAGED_DIR")
    if value:
        return Path(value)
    if sys.platform == "darwin":
        return Path("/Library/Application Support/ClaudeCode")
    if sys.platform.startswith("win"):
        return Path("C:/Program Files/ClaudeCode")
    return Path("/etc/claude-code")


def find_git_root(path: Path) -> Path | None:
    """The working-tree root holding `path` (a folder with a `.git` folder or file), found without running git."""
    for folder in (path, *path.parents):
        if (folder / ".git").exists():
            return folder
    return None


def canonical_git_root(path: Path) -> Path | None:
    """The main checkout's root, so every worktree of one repository maps to one memory folder (as Claude does)."""
    root = find_git_root(path)
    if root is None or not (root / ".git").is_file():
        return root
    try:
        pointer = (root / ".git").read_text(encoding="utf-8").strip()
        if not pointer.startswith("gitdir:"):
            return root
        gitdir = (root / pointer[len("gitdir:"):].strip()).resolve()
        common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()).resolve()
    except OSError:
        return root
    return common.parent if common.name == ".git" else root


def validate_memory_path(raw: object, home: Path | None) -> Path | None:
    """Claude's `validateMemoryPath`: an absolute, non-trivial path (`~/` expanded only when `home` is given)."""
    if not isinstance(raw, str) or not raw:
        return None
    candidate = raw
    if home is not None and candidate.startswith(("~/", "~\\")):
        rest = candidate[2:]
        if posixpath.normpath(rest or ".") in (".", ".."):
            return None
        candidate = posixpath.join(str(home), rest)
    normalized = posixpath.normpath(candidate).rstrip("/\\")
    if (not posixpath.isabs(normalized) or len(normalized) < 3 or normalized.startswith(("//", "\\\\"))
            or "\0" in normalized or re.fullmatch(r"[A-Za-z]:", normalized)):
        return None
    return Path(unicodedata.normalize("NFC", normalized))


def _settings_memory_dir(config: Path, home: Path) -> Path | None:
    """`autoMemoryDirectory` from the user's own settings (never the project's: a repo must not aim memory at ~/.ssh)."""
    for name in ("settings.local.json", "settings.json"):
        try:
            settings = json.loads(read_bounded(config / name, max_bytes=1024 * 1024)[0].decode("utf-8"))
        except (OSError, ValueError):  # missing, a FIFO or device, over a MiB, or not JSON: not a setting
            continue
        if isinstance(settings, dict) and "autoMemoryDirectory" in settings:
            found = validate_memory_path(settings["autoMemoryDirectory"], home)
            if found is not None:
                return found
    return None


def memory_base(home: Path, env: Mapping[str, str]) -> Path:
    """`$CLAUDE_CODE_REMOTE_MEMORY_DIR`, else the Claude config folder: the parent of `projects/`."""
    value = env.get("CLAUDE_CODE_REMOTE_MEMORY_DIR")
    return Path(value) if value else config_dir(home, env)


def memdir_for(cwd: Path, *, home: Path, env: Mapping[str, str]) -> tuple[Path, Path]:
    """Claude's `getAutoMemPath` for a folder, with the project root it belongs to: (memory folder, project root)."""
    cwd = cwd.resolve()
    root = canonical_git_root(cwd) or cwd
    chosen = validate_memory_path(env.get("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"), None) \
        or _settings_memory_dir(config_dir(home, env), home)
    if chosen is not None:
        return chosen, root
    return project_folder(memory_base(home, env) / "projects", root) / "memory", root
