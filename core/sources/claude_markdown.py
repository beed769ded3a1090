"""Markdown helpers both Claude kinds share: frontmatter (read by PyYAML), YAML scalars, titles, UTF-16 lengths, file times."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

from memrev.core.sources.yaml_frontmatter import Frontmatter, parse_frontmatter

__all__ = ["Frontmatter", "cut", "mtime_datetime", "parse_frontmatter", "title_of", "utf16_len", "yaml_scalar"]

_NEEDS_QUOTES = re.compile(r"^[\s!&*\-?{}\[\],#|>@`%'\"+.\d]|:(?: |$)|\s#|\s$|^(?:true|false|yes|no|on|off|y|n|null|~)$",
                           re.IGNORECASE)
"""A plain YAML scalar would misread these: indicators first, `: ` or a final `:`, ` #`, numbers, dates, booleans."""


def utf16_len(text: str) -> int:
    """The length JavaScript sees (UTF-16 code units), which is what Claude Code's caps count."""
    return len(text.encode("utf-16-le")) // 2


def mtime_datetime(mtime: float) -> datetime:
    """A file's modification time as an aware UTC datetime."""
    return datetime.fromtimestamp(mtime, timezone.utc)


def title_of(text: str, limit: int) -> str:
    """The first non-empty line without Markdown markers, cut to `limit` characters at a word with `…`."""
    line = next((part.strip() for part in text.splitlines() if part.strip()), "")
    line = re.sub(r"^(?:#+|[-*+]|\d+[.)])\s+", "", line).strip(" *_`")
    return cut(line, limit)


def cut(text: str, limit: int) -> str:
    """`text` on one line and at most `limit` characters, cut at a word boundary and ended with `…` when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if " " in head[limit // 2:]:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:.-") + "…"


def yaml_scalar(value: str) -> str:
    """A one-line string as a YAML value that reads back unchanged (double-quoted when plain would not)."""
    value = " ".join(value.split())
    return json.dumps(value, ensure_ascii=False) if not value or _NEEDS_QUOTES.search(value) else value
