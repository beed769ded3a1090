"""Claude Code's PreToolUse hook input: is this a write into memory, and what would the file hold after it?

Standard library only and no memrev imports at module level: the hook runs on every tool call, so deciding
that a call is not a memory write must cost almost nothing.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

MEMORY_TOOLS = frozenset({"Write", "Edit", "MultiEdit"})
"""The tools that write files; every other tool call passes through untouched."""

INSTRUCTION_FILES = frozenset({"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md"})
"""Instruction files an agent loads as memory at every session, wherever they are."""


class HookInputError(ValueError):
    """The hook's standard input is not the JSON Claude Code sends; the message is one line."""


@dataclass(frozen=True)
class ToolCall:
    """The parts of a PreToolUse call the gate needs."""

    tool: str
    file_path: Path | None
    tool_input: Mapping[str, Any]
    cwd: Path
    session: str | None


def parse_hook_input(raw: str) -> ToolCall:
    """Read the PreToolUse JSON; anything malformed is a one-line HookInputError."""
    if not raw.strip():
        raise HookInputError("no hook input on standard input (expected Claude Code's PreToolUse JSON)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise HookInputError(f"hook input is not JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(data, dict):
        raise HookInputError("hook input is not a JSON object")
    tool_input = data.get("tool_input") if isinstance(data.get("tool_input"), dict) else {}
    raw_path = tool_input.get("file_path")
    cwd = Path(data["cwd"]) if isinstance(data.get("cwd"), str) and data["cwd"] else Path.cwd()
    file_path = None
    if isinstance(raw_path, str) and raw_path:
        file_path = Path(raw_path) if os.path.isabs(raw_path) else cwd / raw_path
    session = data.get("session_id") if isinstance(data.get("session_id"), str) else None
    return ToolCall(str(data.get("tool_name") or ""), file_path, tool_input, cwd, session)


def claude_home(home: Path, env: Mapping[str, str]) -> Path:
    """Where Claude Code keeps its projects and memory: `$CLAUDE_CODE_REMOTE_MEMORY_DIR`, `$CLAUDE_CONFIG_DIR` or ~/.claude."""
    for name in ("CLAUDE_CODE_REMOTE_MEMORY_DIR", "CLAUDE_CONFIG_DIR"):
        if env.get(name):
            return Path(env[name]).expanduser()
    return home / ".claude"


def _settings_memory_dir(home: Path, env: Mapping[str, str]) -> Path | None:
    """`autoMemoryDirectory` from the user's own settings (a repository's settings may not redirect memory)."""
    config = Path(env.get("CLAUDE_CONFIG_DIR") or home / ".claude") / "settings.json"
    try:
        value = json.loads(config.read_text(encoding="utf-8")).get("autoMemoryDirectory")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(value, str) or value.strip() in ("", "~", "~/", "~/.", "~/.."):
        return None
    return Path(os.path.expanduser(value))


def _under(path: Path, folder: Path) -> bool:
    """Whether `path` is inside `folder` (lexically, without following links)."""
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def is_memory_path(path: Path, *, cwd: Path, home: Path, env: Mapping[str, str]) -> bool:
    """Whether a file is agent memory: a Claude auto-memory or agent-memory folder, or an instruction file."""
    path = Path(os.path.normpath(path))
    if path.name in INSTRUCTION_FILES or (path.parent.name == "rules" and path.parent.parent.name == ".claude"):
        return True
    base = claude_home(home, env)
    projects = base / "projects"
    if _under(path, projects):
        parts = path.relative_to(projects).parts
        if len(parts) >= 3 and parts[1] == "memory":
            return True
    if _under(path, base / "agent-memory"):
        return True
    for folder in (cwd / ".claude" / "agent-memory", cwd / ".claude" / "agent-memory-local"):
        if _under(path, folder):
            return True
    override = env.get("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE")
    if override and _under(path, Path(override)):
        return True
    chosen = _settings_memory_dir(home, env)
    return chosen is not None and _under(path, chosen)


def content_after(call: ToolCall, current: str | None) -> str:
    """The text the file would hold after the call (for an edit of a missing file, the new strings alone)."""
    data = call.tool_input
    if call.tool == "Write":
        return str(data.get("content") or "")
    edits = data.get("edits") if call.tool == "MultiEdit" else [data]
    if not isinstance(edits, list):
        edits = []
    if current is None:
        return "\n".join(str(edit.get("new_string") or "") for edit in edits if isinstance(edit, dict))
    text = current
    for edit in edits:
        if not isinstance(edit, dict):
            continue
        old, new = str(edit.get("old_string") or ""), str(edit.get("new_string") or "")
        if old and old in text:
            text = text.replace(old, new) if edit.get("replace_all") else text.replace(old, new, 1)
        else:  # the edit will fail in Claude Code, but its new text is what was attempted
            text = text + "\n" + new
    return text


def deny_json(reason: str) -> str:
    """The PreToolUse decision that denies the call, printed as well as exiting 2 (belt and braces)."""
    return json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                              "permissionDecisionReason": reason}})


def ask_json(reason: str) -> str:
    """The PreToolUse decision that asks the user on the spot (a held write: suspicious, not a confident block);
    Claude Code reads it from stdout when the hook exits 0."""
    return json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                              "permissionDecisionReason": reason}})
