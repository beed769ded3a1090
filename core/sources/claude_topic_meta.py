"""The newest Claude Code topic-file fields (nested `metadata:`, `modified`, `pinned`, `[[name]]` links) and the
findings a whole memory folder gives about them (a link to no memory, too many pinned, keys memrev does not know)."""

from __future__ import annotations

import posixpath
import re
from datetime import datetime, timezone
from pathlib import Path

from markdown_it import MarkdownIt

from memrev.core.sources.base import NativeEntry, SourceRead
from memrev.core.sources.yaml_frontmatter import Frontmatter

NESTED = "metadata"
"""Claude Code's newest files nest the type (and may nest `modified` and `pinned`) under this key."""
KNOWN_KEYS = frozenset({"name", "description", "type", NESTED, "modified", "pinned"})
KNOWN_NESTED = frozenset({"type", "modified", "pinned"})
MAX_PINNED = 4
"""Claude Code loads at most four pinned memories into every session."""
_WIKI_LINK = re.compile(r"\[\[([^\[\]\n\0]+?)\]\]")
_MARKDOWN = MarkdownIt("commonmark")


def field_path(front: Frontmatter, key: str) -> tuple[str, ...] | None:
    """Where a field is: top-level first, else under `metadata:`; None when the file has neither."""
    if key in front.values:
        return (key,)
    if key in front.nested.get(NESTED, {}):
        return (NESTED, key)
    return None


def field_value(front: Frontmatter, key: str) -> str | None:
    """A field's value wherever it is (see `field_path`)."""
    path = field_path(front, key)
    return front.get(*path) if path else None


def parse_modified(value: str | None) -> datetime | None:
    """An ISO `modified` time as an aware datetime (UTC when it names no zone), or None when it is not one."""
    if not value:
        return None
    try:
        stamp = datetime.fromisoformat(value.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)


def modified_now(old: str, now: datetime) -> str:
    """`now` written the way the file wrote its `modified` (a `Z` or an offset, with or without fractions)."""
    stamp = now.astimezone(timezone.utc).isoformat(timespec="milliseconds" if "." in old else "seconds")
    return stamp.replace("+00:00", "Z") if old.rstrip().endswith(("Z", "z")) else stamp


def is_pinned(value: str | None) -> bool:
    """Whether a `pinned` value says yes."""
    return (value or "").strip().lower() in ("true", "yes", "on", "1")


def wiki_links(body: str) -> list[str]:
    """The `[[name]]` targets in Markdown text, outside code spans and code blocks, each once, in order."""
    if "[[" not in body:
        return []
    found: list[str] = []
    for token in _MARKDOWN.parse(body):
        if token.type != "inline" or not token.children:
            continue
        text = "".join(child.content if child.type == "text" else "\n" if child.type.endswith("break") else "\0"
                       for child in token.children)
        for match in _WIKI_LINK.finditer(text):
            target = re.split(r"[|#]", match.group(1), maxsplit=1)[0].strip()
            if target and target not in found:
                found.append(target)
    return found


def unknown_keys(front: Frontmatter) -> list[str]:
    """Frontmatter keys memrev does not know (`metadata.x` for nested ones), in file order."""
    unknown = [key for key in front.keys if key not in KNOWN_KEYS]
    unknown += [f"{NESTED}.{key}" for key in front.nested.get(NESTED, {}) if key not in KNOWN_NESTED]
    return unknown


def _names(native: NativeEntry) -> set[str]:
    """What a `[[...]]` link may call a memory: its file name, its path in the folder (no `.md`), its `name`."""
    rel = native.attributes.get("path", native.file.name)
    names = {posixpath.splitext(posixpath.basename(rel))[0], posixpath.splitext(rel)[0]}
    if native.attributes.get("name"):
        names.add(native.attributes["name"])
    return {name.casefold() for name in names}


def folder_findings(read: SourceRead, memdir: Path) -> None:
    """Warn about the folder as a whole: links to no memory here, over four pinned, keys memrev does not know
    (each key once, naming the first file that has it)."""
    known: set[str] = set()
    for native in read.entries:
        known |= _names(native)
    for native in read.entries:
        for target in filter(None, native.attributes.get("links", "").split("\n")):
            if target.casefold() not in known and posixpath.splitext(target)[0].casefold() not in known:
                read.warnings.append(f"{native.file}: links to [[{target}]], which is no memory in {memdir}")
    pinned = [native.attributes.get("path", native.file.name) for native in read.entries
              if native.attributes.get("pinned") == "yes"]
    if len(pinned) > MAX_PINNED:
        read.warnings.append(f"{memdir}: {len(pinned)} memories are pinned ({', '.join(pinned)}); Claude Code "
                             f"loads at most {MAX_PINNED} pinned memories in every session")
    seen: dict[str, list[Path]] = {}
    for native in read.entries:
        for key in filter(None, native.attributes.get("unknown_keys", "").split("\n")):
            seen.setdefault(key, []).append(native.file)
    for key, files in seen.items():
        others = f" (and {len(files) - 1} more file{'s' if len(files) > 2 else ''})" if len(files) > 1 else ""
        read.warnings.append(f"{files[0]}{others}: frontmatter key {key!r} is unknown to memrev; "
                             "kept untouched on write-back")
