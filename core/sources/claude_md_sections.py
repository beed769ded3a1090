"""A CLAUDE.md file cut into top-level sections (its entries) and the @-imports they name, outside code and comments."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from memrev.core.sources.claude_markdown import parse_frontmatter

_INCLUDE = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,2})(?=[ \t]|$)(.*)$")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")


@dataclass
class Part:
    """A run of lines of a file: frontmatter, blank filler, or a section; joining every raw gives the file back."""

    raw: str
    start: int
    """0-based index of the part's first line."""
    anchor: str = ""
    """The section's anchor (heading slug, `preamble`, `body`); empty for a part that is not an entry."""

    @property
    def text(self) -> str:
        """The section as an entry's text."""
        return self.raw.strip()

    def replaced(self, text: str) -> str:
        """This part's raw with its text swapped, keeping the whitespace around it."""
        lead = self.raw[: len(self.raw) - len(self.raw.lstrip())]
        trail = self.raw[len(self.raw.rstrip()):]
        return lead + text + trail


def slug(title: str) -> str:
    """A GitHub-style heading anchor: lower case, punctuation dropped, spaces as hyphens."""
    cleaned = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return re.sub(r"\s", "-", cleaned) or "section"


def split_sections(text: str) -> list[Part]:
    """Cut a file into frontmatter and top-level (`#`/`##`) sections, ignoring headings inside code fences and comments."""
    lines = text.splitlines(keepends=True)
    front = parse_frontmatter(text)
    parts: list[Part] = [Part("".join(lines[: front.body_line]), 0)] if front.body_line else []
    starts: list[tuple[int, str]] = []
    fence: str | None = None
    in_comment = False
    for index in range(front.body_line, len(lines)):
        line = lines[index].rstrip("\r\n")
        if fence is not None:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence) \
                    and not line.strip()[len(closing.group(1)):].strip():
                fence = None
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        opening = _FENCE.match(line)
        if opening:
            fence = opening.group(1)
            continue
        if line.lstrip().startswith("<!--") and "-->" not in line:
            in_comment = True
            continue
        heading = HEADING.match(line)
        if heading:
            starts.append((index, heading.group(2).strip().rstrip("#").strip()))
    bounds = [(front.body_line, None)] if not starts or starts[0][0] > front.body_line else []
    bounds += [(index, title) for index, title in starts]
    seen: dict[str, int] = {}
    for number, (start, title) in enumerate(bounds):
        end = bounds[number + 1][0] if number + 1 < len(bounds) else len(lines)
        part = Part("".join(lines[start:end]), start)
        if part.text and not (title is not None and "\n" not in part.text):  # a heading with no body is no entry
            part.anchor = _unique_anchor(("body" if not starts else "preamble") if title is None else slug(title), seen)
        parts.append(part)
    return parts


def _unique_anchor(anchor: str, seen: dict[str, int]) -> str:
    """`anchor`, or `anchor-1`, `anchor-2`... when the file already has it."""
    count = seen.get(anchor, 0)
    seen[anchor] = count + 1
    return anchor if count == 0 else f"{anchor}-{count}"


def import_targets(text: str, base: Path, home: Path) -> list[tuple[str, Path]]:
    """The @-imports of some Markdown (outside code fences, code spans and HTML comments), resolved from `base`."""
    found: dict[Path, str] = {}
    fence: str | None = None
    in_comment = False
    for line in text.splitlines():
        if fence is not None:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence):
                fence = None
            continue
        opening = _FENCE.match(line)
        if opening:
            fence = opening.group(1)
            continue
        if in_comment:
            if "-->" not in line:
                continue
            line, in_comment = line.split("-->", 1)[1], False
        line = re.sub(r"<!--.*?-->", " ", line)
        if "<!--" in line:
            line, in_comment = line.split("<!--", 1)[0], True
        for match in _INCLUDE.finditer(_CODE_SPAN.sub(" ", line)):
            target = _resolve_import(match.group(1), base, home)
            if target is not None:
                found.setdefault(target, match.group(1))
    return [(raw, path) for path, raw in found.items()]


def _resolve_import(raw: str, base: Path, home: Path) -> Path | None:
    """One @-import's absolute path (`#fragment` dropped, `\\ ` unescaped), or None when it is not a path form."""
    path = raw.split("#", 1)[0].replace("\\ ", " ")
    if not path:
        return None
    if path.startswith("~/"):
        return Path(posixpath.normpath(str(home / path[2:])))
    if path.startswith("/"):
        return Path(posixpath.normpath(path)) if path != "/" else None
    if path.startswith("@") or re.match(r"^[#%^&*()]+", path) or not re.match(r"^[a-zA-Z0-9._-]", path):
        return None
    return Path(posixpath.normpath(str(base / path)))
