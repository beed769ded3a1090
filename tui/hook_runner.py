"""Run Claude Code's PreToolUse hook: pass everything through fast, scan memory writes, block (or, for a suspicious
write, ask the user) with a recorded reason.

Only `memrev.core.scan.claude_hook` is imported up front; the scanner and the store load only for a memory write.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from memrev.core.scan.claude_hook import MEMORY_TOOLS, HookInputError, ask_json, content_after, deny_json
from memrev.core.scan.claude_hook import is_memory_path
from memrev.core.scan.claude_hook import parse_hook_input

EXIT_ALLOW, EXIT_BLOCK = 0, 2
"""Claude Code's hook protocol: 0 lets the call proceed, 2 blocks it and feeds stderr to the model."""


@dataclass(frozen=True)
class HookOutcome:
    """What the hook prints and how it exits."""

    code: int
    stdout: str = ""
    stderr: str = ""


def run_pre_tool_use(raw: str, *, db: Path | None, home: Path, env: Mapping[str, str]) -> HookOutcome:
    """Decide one tool call: anything but a write into memory passes; a poisoned memory write is blocked, and a
    suspicious one is put to the user (`ask`)."""
    try:
        call = parse_hook_input(raw)
    except HookInputError as error:  # fail open: never block a call because the hook could not read it
        return HookOutcome(EXIT_ALLOW, stderr=f"memrev hook: could not scan: {error}\n")
    if call.tool not in MEMORY_TOOLS or call.file_path is None:
        return HookOutcome(EXIT_ALLOW)
    if not is_memory_path(call.file_path, cwd=call.cwd, home=home, env=env):
        return HookOutcome(EXIT_ALLOW)
    try:
        current = _read(call.file_path) if call.tool != "Write" else None
        return _gate(content_after(call, current), call.file_path, call.tool, db)
    except Exception as error:  # noqa: BLE001 - a memory write memrev cannot scan is held back, never waved through
        reason = f"memrev could not scan this memory write to {call.file_path} ({type(error).__name__}: {error}); " \
                 "held back to be safe"
        return HookOutcome(EXIT_BLOCK, stdout=deny_json(reason) + "\n", stderr=f"memrev hook: could not scan: {reason}\n")


def _read(path: Path) -> str | None:
    """The file's current text, or None when it does not exist or cannot be read as UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _gate(text: str, path: Path, tool: str, db: Path | None) -> HookOutcome:
    """Scan the content and, on a block or a hold, record the rejection before answering."""
    from memrev.core.scan.scanner import scan

    result = scan(text)
    if not result.stopped:  # the common case: no store is opened at all
        return HookOutcome(EXIT_ALLOW)
    from memrev.core.scan.gate import gate_text
    from memrev.core.store.memory_store import MemoryStore, StoreError, default_db_path

    notes = ""
    store = None
    try:
        store = MemoryStore(db or default_db_path())
    except (StoreError, OSError) as error:
        notes = f"memrev hook: rejection not recorded: {error}\n"
    try:
        verdict = gate_text(store, text, source=f"hook:claude-pre-tool-use:{tool}", actor="hook:claude",
                            agent="claude", file=str(path), result=result)
    finally:
        if store is not None:
            store.close()
    if verdict.allowed:
        return HookOutcome(EXIT_ALLOW, stderr=notes)
    where = f" (rejection #{verdict.rejection.id}; review with `memrev audit`)" if verdict.rejection else ""
    if verdict.held:  # suspicious, not certain: the user decides on the spot, and the audit keeps the record
        reason = f"memrev: this memory write to {path} looks suspicious: {verdict.reason}{where}. Allow it?"
        return HookOutcome(EXIT_ALLOW, stdout=ask_json(reason) + "\n", stderr=notes)
    reason = f"memrev blocked this memory write to {path}: {verdict.reason}{where}"
    return HookOutcome(EXIT_BLOCK, stdout=deny_json(reason) + "\n", stderr=notes + reason + "\n")


def fast_path(argv: list[str]) -> int | None:
    """Handle `memrev [--db PATH] hook claude-pre-tool-use [--db PATH]` without loading the CLI; None for any other
    command."""
    db: Path | None = None
    rest: list[str] = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--db" and args:
            db = Path(args.pop(0))
        elif arg.startswith("--db="):
            db = Path(arg[5:])
        elif arg.startswith("--db"):
            return None
        else:
            rest.append(arg)
    if rest != ["hook", "claude-pre-tool-use"]:
        return None
    import sys

    raw = "" if sys.stdin is None or sys.stdin.closed else sys.stdin.read()
    outcome = run_pre_tool_use(raw, db=db, home=Path.home(), env=os.environ)
    sys.stdout.write(outcome.stdout)
    sys.stderr.write(outcome.stderr)
    return outcome.code
