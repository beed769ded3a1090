"""OpenClaw's HTML-comment annotations: the `<!-- trigger: ... -->`, `<!-- importance: N -->` and
`<!-- project: ... -->` comments that end a curated entry's line and steer recall, and the
`<!-- observed: DATE | status: active -->` line that heads each USER.md directive.

An annotation is an HTML comment as markdown-it-py sees it (never one inside a code span); OpenClaw strips
them from the text it injects, so memrev keeps them out of the entry's text and as attributes, and writes
their exact bytes back after the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

ANNOTATION_KEYS = ("trigger", "importance", "project")
"""The trailing annotations OpenClaw reads (importance is a whole number from 1 to 10)."""
DIRECTIVE_STATUSES = ("active", "superseded")
_TRAILING = re.compile(r"(?:[ \t]*<!--[ \t]*[A-Za-z][\w-]*[ \t]*:(?:(?!-->)[^\n])*-->)+[ \t]*$")
_ONE = re.compile(r"<!--[ \t]*([A-Za-z][\w-]*)[ \t]*:[ \t]*((?:(?!-->)[^\n])*?)[ \t]*-->")
_LONE_COMMENT = re.compile(r"^ {0,3}<!--(?:(?!-->).)*-->[ \t]*$")
_DIRECTIVE = re.compile(r"^ {0,3}<!--[ \t]*observed[ \t]*:[ \t]*([^|]*?)[ \t]*\|[ \t]*status[ \t]*:[ \t]*(\S*?)[ \t]*-->[ \t]*$",
                        re.IGNORECASE)
_MARKDOWN = MarkdownIt("commonmark")


@dataclass(frozen=True)
class Annotated:
    """An entry's text split at its trailing annotations: the prose, the annotations' exact bytes, their values."""

    prose: str
    suffix: str = ""
    values: dict[str, str] = field(default_factory=dict)


def _html_comments_at_end(line: str) -> int:
    """How many HTML comments end this line as inline HTML (markdown-it-py), not inside code."""
    tokens = _MARKDOWN.parseInline(line)
    children = tokens[0].children if tokens and tokens[0].children else []
    count = 0
    for child in reversed(children):
        if child.type == "text" and not child.content.strip():
            continue
        if child.type == "html_inline" and child.content.startswith("<!--"):
            count += 1
            continue
        break
    return count


def split_annotations(text: str) -> Annotated:
    """The prose and the trailing `<!-- key: value -->` comments of an entry's last line (none when the comments
    are code or the line is nothing but comments)."""
    last_start = text.rfind("\n") + 1
    match = _TRAILING.search(text, last_start)
    if match is None or not text[:match.start()].strip():
        return Annotated(text)
    comments = _ONE.findall(match.group(0))
    if _html_comments_at_end(text[last_start:]) < len(comments):
        return Annotated(text)
    values: dict[str, str] = {}
    for key, value in comments:
        values.setdefault(key.lower(), value)
    return Annotated(text[:match.start()].rstrip(), match.group(0).rstrip(), values)


def is_lone_comment(line: str) -> bool:
    """Whether a line is only an HTML comment (a USER.md directive header, a promotion marker): structure."""
    return bool(_LONE_COMMENT.match(line))


def directive_header(line: str) -> dict[str, str] | None:
    """`{"observed": ..., "status": ...}` of a USER.md directive header line, or None for any other line."""
    match = _DIRECTIVE.match(line)
    return {"observed": match.group(1), "status": match.group(2).lower()} if match else None


def annotation_problems(values: dict[str, str]) -> list[str]:
    """What is wrong with an entry's annotations: keys OpenClaw does not read, an importance outside 1-10."""
    problems = [f"annotation {key!r} is unknown to memrev; kept untouched on write-back"
                for key in values if key not in ANNOTATION_KEYS]
    importance = values.get("importance")
    if importance is not None and not (importance.isdigit() and 1 <= int(importance) <= 10):
        problems.append(f"importance {importance!r} is not a whole number from 1 to 10; OpenClaw ignores it")
    return problems
