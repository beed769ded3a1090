"""Which repository files are prose (documentation) or agent instructions, so a mention there is never taken as
evidence that a name, flag or variable still exists in the code."""

from __future__ import annotations

PROSE_EXTENSIONS = frozenset("md mdx markdown rst txt adoc asciidoc org rdoc textile".split())
"""Extensions of documentation files: a name they mention is talk about the code, not code."""

_PROSE_NAMES = frozenset("CHANGELOG CHANGES HISTORY NEWS AUTHORS CONTRIBUTORS LICENSE COPYING NOTICE README".split())
"""Documentation files that often have no extension."""

MEMORY_NAMES = frozenset("""
CLAUDE.md CLAUDE.local.md AGENTS.md AGENT.md GEMINI.md MEMORY.md .cursorrules .windsurfrules .clinerules
copilot-instructions.md
""".split())
"""Agents' instruction and memory files: the text memrev checks, so never its own evidence."""

_TEXT_CONFIG = ("requirements", "constraints", "cmakelists")
"""Text files that are configuration, not prose (requirements.txt, CMakeLists.txt)."""

_MEMORY_FOLDERS = (".claude/", ".codex/", ".cursor/rules/", ".windsurf/rules/", ".clinerules/", ".github/instructions/")
"""Folders whose Markdown files are agents' instructions, rules or memory."""


def is_memory_file(path: str) -> bool:
    """Whether a repository file holds an agent's instructions or memory (CLAUDE.md, AGENTS.md, .cursorrules…)."""
    name = path.rsplit("/", 1)[-1]
    if name in MEMORY_NAMES:
        return True
    return path.startswith(_MEMORY_FOLDERS) and name.lower().endswith((".md", ".mdc")) and "/skills/" not in path


def is_prose(path: str) -> bool:
    """Whether a repository file is documentation or agent instructions rather than code or configuration."""
    name = path.rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    if dot and stem and extension.lower() in PROSE_EXTENSIONS:
        return not name.lower().startswith(_TEXT_CONFIG)
    return (stem if dot and stem else name).upper() in _PROSE_NAMES or is_memory_file(path)
