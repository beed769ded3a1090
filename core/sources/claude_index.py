"""MEMORY.md, the index Claude loads every session: links read against Claude's caps, lines rebuilt on write-back."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping
from urllib.parse import unquote as url_unquote

from memrev.core.safe_io import SourceFileError, read_text
from memrev.core.sources.base import OverCap, SourceRead
from memrev.core.sources.claude_markdown import cut, utf16_len

INDEX_NAME = "MEMORY.md"
MAX_INDEX_LINES = 200
MAX_INDEX_UNITS = 25_000
"""Claude Code cuts MEMORY.md beyond 200 lines or 25,000 UTF-16 code units (of the trimmed text)."""
INDEX_LINE_CHARS = 150
"""Claude's guidance: each index line under ~150 characters."""
_LINK = re.compile(r"\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>\s]+)>?(?:\s+\"[^\"]*\")?\s*\)")


@dataclass
class Index:
    """What one MEMORY.md links to."""

    path: Path
    links: set[Path]


def read_index(path: Path, memdir: Path, read: SourceRead) -> Index | None:
    """Read a MEMORY.md: record its links, warn when Claude would cut it or a link points at nothing."""
    if not (path.exists() or path.is_symlink()):
        read.files[path] = None
        return None
    try:
        loaded = read_text(path, root=memdir)
    except SourceFileError as error:
        read.warnings.append(str(error))
        return None
    read.files[path] = loaded.digest
    trimmed = loaded.text.strip()
    lines = trimmed.split("\n")
    if len(lines) > MAX_INDEX_LINES:
        read.warnings.append(f"{path}: {len(lines)} lines, over Claude Code's {MAX_INDEX_LINES}-line cap; "
                             f"lines after {MAX_INDEX_LINES} are not loaded")
    units = utf16_len(trimmed)
    if units > MAX_INDEX_UNITS:
        read.warnings.append(f"{path}: {units:,} UTF-16 code units, over Claude Code's {MAX_INDEX_UNITS:,} cap; "
                             "the rest is not loaded")
    links: set[Path] = set()
    for number, line in enumerate(loaded.text.splitlines(), start=1):
        for target in _link_targets(line, path.parent):
            links.add(target)
            if not (target.exists() or target.is_symlink()):
                read.warnings.append(f"{path}:{number}: links to {target.name}, which does not exist")
    return Index(path, links)


def _link_targets(line: str, folder: Path) -> list[Path]:
    """The local Markdown files a line links to, as absolute paths."""
    targets = []
    for match in _LINK.finditer(line):
        href = url_unquote(match.group(2).split("#", 1)[0])
        if href and "://" not in href and not href.startswith(("mailto:", "/")) and href.endswith(".md"):
            targets.append(Path(posixpath.normpath(str(folder / href))))
    return targets


def index_line(rel: str, name: str, description: str) -> str:
    """`- [Title](file.md) — hook`, cut to about 150 characters."""
    title = (name or posixpath.splitext(posixpath.basename(rel))[0]).replace("[", "(").replace("]", ")")
    href = f"<{rel}>" if re.search(r"[\s()]", rel) else rel
    line = f"- [{cut(title, 80)}]({href})"
    room = INDEX_LINE_CHARS - len(line) - 3
    return f"{line} — {cut(description, room)}" if description and room > 10 else line


def _index_text(old: str | None, folder: Path, gone: set[Path], added: list[str], everything: list[str]) -> str:
    """MEMORY.md with the lines of deleted files dropped and new files added; a fresh one when there was none."""
    if old is None:
        return "\n".join(everything) + "\n" if everything else ""
    kept = [line for line in old.splitlines()
            if not (line.lstrip().startswith(("-", "*", "+")) and set(_link_targets(line, folder)) & gone)]
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept + added) + "\n" if kept or added else ""


def fits_index(text: str) -> bool:
    """Whether Claude Code would load this MEMORY.md whole."""
    trimmed = text.strip()
    return len(trimmed.split("\n")) <= MAX_INDEX_LINES and utf16_len(trimmed) <= MAX_INDEX_UNITS


def line_in(index: Path, path: Path, attributes: Mapping[str, str]) -> str:
    """The index line for a topic file, its link relative to the MEMORY.md that lists it."""
    rel = path.relative_to(index.parent).as_posix()
    return index_line(rel, attributes.get("name", ""), attributes.get("description", ""))


def index_contents(memdir: Path, plans: dict[Path, tuple]) -> dict[Path, str]:
    """The new text of each MEMORY.md to rewrite, refusing (nothing written) when Claude would have to cut it."""
    contents = {}
    for index, (lost, added, everything) in plans.items():
        old = read_text(index, root=memdir).text if index.exists() else None
        text = _index_text(old, index.parent, lost, added, everything)
        if not fits_index(text):
            text = _index_text(None, index.parent, lost, added, everything)
        if not fits_index(text):
            raise OverCap(f"{index}: {len(everything)} index lines would not fit Claude Code's "
                             f"{MAX_INDEX_LINES} lines / {MAX_INDEX_UNITS:,} UTF-16 units; nothing written")
        contents[index] = text
    return contents
