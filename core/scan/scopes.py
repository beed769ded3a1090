"""What a scan is read as: an agent's own memory write, or a project's committed instruction file.

Hermes scans an agent's memory at its `strict` scope and the context files a project commits (AGENTS.md, CLAUDE.md,
.cursorrules) at its narrower `context` scope, because what is alarming in a note an agent wrote for itself is
ordinary in a file people keep: "update AGENTS.md when you learn something", "include full context in the report",
a documented `SECRET="your-secret-min-32-chars"`. memrev follows the same split for its holds only: every block, and
every hold that is not a copy of a Hermes strict-only pattern, applies to both.
"""

from __future__ import annotations

import enum
from pathlib import PurePath
from typing import Iterable

from memrev.core.scan.model import Finding

__all__ = ["ScanScope", "MEMORY_ONLY_HOLDS", "INSTRUCTION_KINDS", "INSTRUCTION_FILE_NAMES", "scope_for_agent",
           "scope_for_path", "counts_in_scope", "within_scope"]


class ScanScope(enum.Enum):
    """How strictly a text is read: `memory` (an agent's own write, Hermes's strict scope) or `instructions`."""

    MEMORY = "memory"
    INSTRUCTIONS = "instructions"


MEMORY_ONLY_HOLDS = frozenset({
    "possible_agent_config_mod", "possible_hermes_config_mod", "possible_send_to_url", "possible_context_exfil",
    "possible_ssh_access", "possible_ssh_backdoor", "possible_hermes_env", "possible_hardcoded_secret",
    "invisible_bom", "reads_like_injection", "unpinned_remote_tool", "claims_precedence",
})
"""Holds that copy Hermes's strict-only ids (send_to_url, context_exfil, ssh_backdoor, ssh_access, hermes_env,
agent_config_mod, hermes_config_mod, hardcoded_secret), and a byte-order mark at the very start (how editors on
Windows save a file, not hidden text), and the prose model's hold (calibrated on memory-sized entries, where a long
instruction file has hundreds of sentences to be wrong on), and tools run from a moving source (a project's own
setup notes name `go run ...@latest` as a matter of course; a memory entry that slips one in is another thing),
and a claim to outrank every other instruction (an AGENTS.md may say that of itself; a memory note may not):
raised on memory writes, not on committed instruction files. Blocks are never in this set."""

INSTRUCTION_KINDS = frozenset({"claude-md", "agents-md"})
"""Source kinds that are instruction files people commit (CLAUDE.md and its rules, AGENTS.md)."""

INSTRUCTION_FILE_NAMES = frozenset({
    "claude.md", "claude.local.md", "agents.md", "agents.override.md", "gemini.md", ".cursorrules", ".clinerules",
    ".windsurfrules", "copilot-instructions.md", "conventions.md",
})
"""File names read as instruction files by `memrev scan FILE` (lower case); `.mdc` files under `.cursor/rules` too."""


def scope_for_agent(agent: str | None) -> ScanScope:
    """The scope for an entry of this source kind: instruction files are read as instructions, the rest as memory."""
    return ScanScope.INSTRUCTIONS if agent in INSTRUCTION_KINDS else ScanScope.MEMORY


def scope_for_path(path: str | PurePath | None) -> ScanScope:
    """The scope for a file named on the command line: an instruction file by its name, anything else memory."""
    if path is None:
        return ScanScope.MEMORY
    pure = PurePath(path)
    name = pure.name.lower()
    parts = [part.lower() for part in pure.parts]
    if name in INSTRUCTION_FILE_NAMES or (name.endswith((".md", ".mdc")) and _under_rules(parts)):
        return ScanScope.INSTRUCTIONS
    return ScanScope.MEMORY


def _under_rules(parts: list[str]) -> bool:
    """Whether a path lies in an editor's or agent's rules folder (`.claude/rules`, `.cursor/rules`...)."""
    return any(parts[i] in (".claude", ".cursor", ".github", ".windsurf", ".clinerules") and parts[i + 1] in (
        "rules", "instructions") for i in range(len(parts) - 1))


def counts_in_scope(rule: str, scope: ScanScope) -> bool:
    """Whether a rule's findings count in this scope (a memory write keeps them all)."""
    return scope is ScanScope.MEMORY or rule not in MEMORY_ONLY_HOLDS


def within_scope(findings: Iterable[Finding], scope: ScanScope) -> tuple[Finding, ...]:
    """The findings that count in this scope."""
    if scope is ScanScope.MEMORY:
        return tuple(findings)
    return tuple(finding for finding in findings if counts_in_scope(finding.rule, scope))
