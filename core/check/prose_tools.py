"""Development tools named in prose without backticks ("we format with Prettier", "tests run with jest"), read
only where the words around the name say it is the tool a project uses, so "black text" or "a prettier diff"
never become claims."""

from __future__ import annotations

import bisect
import re

from memrev.core.check.references import Reference
from memrev.core.check.tool_names import TOOLS

_NAMES = "|".join(sorted((re.escape(name) for name in TOOLS), key=len, reverse=True))
_ROLE = r"(?:formatt(?:er|ing)|lint(?:er|ing)?|type[ -]?check(?:er|ing)?|tests?|test\s+runner|bundl(?:er|ing)|hooks?)"
_BEFORE = re.compile(
    rf"\b(?:(?:format(?:ted|s|ting)?|lint(?:ed|s|ing)?|type[ -]?check(?:ed|s|ing)?|bundl(?:ed|es|ing)|built|"
    rf"tests?\s+(?:are\s+)?(?:run|written)|run|runs|use|uses|using|via|switched\s+to|migrated\s+to|moved\s+to)"
    rf"\s+(?:with\s+|by\s+|through\s+)?(?:the\s+)?|\b{_ROLE}(?:\s+is|:)\s+(?:the\s+)?)(?P<tool>{_NAMES})\b(?![\w/-]|\.\w)",
    re.IGNORECASE)
_AFTER = re.compile(rf"(?<![\w./@-])(?P<tool>{_NAMES})\s+(?:(?:for|to)\s+(?:the\s+)?{_ROLE}|(?:is|as)\s+(?:the|our)\s+"
                    rf"{_ROLE})\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:no\s+longer|not|n't|never|instead\s+of|rather\s+than|replac\w*|drop\w*|remov\w*|"
                      r"deprecat\w*|from|without|formerly|previously|old)\b[^.;\n]*$|\s*\((?:removed|deprecated|old)",
                      re.IGNORECASE)
"""Words before a tool (in its clause) or right after it that say the project no longer uses it."""
_ENGLISH = frozenset({"black", "prettier", "parcel", "husky", "jest", "biome", "vite"})
"""Tool names that are also English words: read only when written as the tool spells them or capitalised."""


def prose_tools(text: str, code: list[tuple[int, int]]) -> list[Reference]:
    """A `tool:NAME` command reference for each known tool the prose says a project uses, outside code spans."""
    lowered = text.lower()
    if not any(name in lowered for name in TOOLS):
        return []  # most entries name no tool: a few substring lookups decide it
    starts = [start for start, _ in code]
    found: dict[int, Reference] = {}
    for pattern in (_BEFORE, _AFTER):
        for match in pattern.finditer(text):
            start, end = match.span("tool")
            index = bisect.bisect_right(starts, start) - 1
            if index >= 0 and start < code[index][1]:
                continue  # inside backticks: read as a code span
            if _NEGATED.search(text, max(0, match.start() - 40), start) or _NEGATED.match(text, end):
                continue  # "no longer uses Jest", "Jest (removed)": the line says the tool went
            word = match["tool"]
            name = word.lower()
            if name in _ENGLISH and word != name.capitalize() and not _after_preposition(text, start):
                continue
            found.setdefault(start, Reference("command", word, start, end, f"tool:{name}"))
    return list(found.values())


def _after_preposition(text: str, start: int) -> bool:
    """Whether the name follows "with", "using" or "via" (which only a tool follows: "format with black")."""
    return bool(re.search(r"\b(?:with|using|via|by)\s+(?:the\s+)?$", text[max(0, start - 20):start], re.IGNORECASE))
