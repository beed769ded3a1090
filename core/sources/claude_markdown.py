"""Markdown helpers both Claude kinds share: tolerant frontmatter, YAML scalars, titles, UTF-16 lengths, file times."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone

_KEY_LINE = re.compile(r"^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$")
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


@dataclass
class Frontmatter:
    """A leading `---` block parsed tolerantly: its values, key order, where the body starts, and what was wrong."""

    values: dict[str, str | list[str]] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    body_line: int = 0
    """0-based index of the first line after the block (0 when there is none)."""
    present: bool = False
    problem: str | None = None

    def text(self, key: str) -> str | None:
        """A value as one string (a list joined with commas), or None when absent."""
        value = self.values.get(key)
        if value is None:
            return None
        return ", ".join(value) if isinstance(value, list) else value


def parse_frontmatter(text: str) -> Frontmatter:
    """Split off a `---` block of simple `key: value` / list lines; an unclosed block leaves the whole text as body."""
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return Frontmatter()
    close = next((index for index in range(1, len(lines)) if lines[index].rstrip() == "---"), None)
    if close is None:
        return Frontmatter(problem="the --- block is never closed")
    front = Frontmatter(body_line=close + 1, present=True)
    current: str | None = None
    folded = False
    for number, line in enumerate(lines[1:close], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stripped = line.strip()
        if current is not None and (line[0] in " \t" or stripped.startswith("- ") or stripped == "-"):
            _continue_value(front, current, stripped, folded)
            continue
        match = _KEY_LINE.match(line)
        if not match:
            front.problem = front.problem or f"line {number} is not `key: value`: {stripped[:60]!r}"
            current = None
            continue
        current, raw = match.group(1), match.group(2) or ""
        folded = raw in (">", "|", ">-", "|-", ">+", "|+")
        front.keys.append(current)
        front.values[current] = "" if folded or not raw else _inline_value(raw)
    return front


def _continue_value(front: Frontmatter, key: str, stripped: str, folded: bool) -> None:
    """Add an indented line to the value of `key`: a list item, or more text of a scalar."""
    value = front.values.get(key)
    if not folded and (stripped.startswith("- ") or stripped == "-") and (value == "" or isinstance(value, list)):
        items = value if isinstance(value, list) else []
        items.append(unquote(stripped[1:].strip()))
        front.values[key] = items
    elif isinstance(value, str):
        front.values[key] = f"{value} {stripped}".strip() if value else unquote(stripped) if not folded else stripped


def _inline_value(raw: str) -> str | list[str]:
    """A one-line YAML value: a flow list `[a, b]` or a possibly quoted scalar."""
    if raw.startswith("[") and raw.endswith("]"):
        return [unquote(part.strip()) for part in re.findall(r'"[^"]*"|\'[^\']*\'|[^,]+', raw[1:-1]) if part.strip()]
    if not raw.startswith(("'", '"')) and " #" in raw:
        raw = raw.split(" #", 1)[0].rstrip()
    return unquote(raw)


def unquote(value: str) -> str:
    """A YAML scalar without its quotes (double quotes decode JSON-style escapes)."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            decoded = json.loads(value)
            return decoded if isinstance(decoded, str) else value[1:-1]
        except ValueError:
            return value[1:-1]
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value


def yaml_scalar(value: str) -> str:
    """A one-line string as a YAML value that reads back unchanged (double-quoted when plain would not)."""
    value = " ".join(value.split())
    return json.dumps(value, ensure_ascii=False) if not value or _NEEDS_QUOTES.search(value) else value
