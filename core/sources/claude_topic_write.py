"""One Claude Code topic file's new bytes: a reviewed file changes only the values memrev changes, a new one takes
the shape the folder's files have (type top-level or under `metadata:`, a `modified` time where they carry one)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Sequence

from memrev.core.model import Entry, EntryType
from memrev.core.safe_io import read_text
from memrev.core.sources.base import NativeEntry
from memrev.core.sources.claude_markdown import cut, parse_frontmatter, title_of, yaml_scalar
from memrev.core.sources.claude_topic_meta import NESTED, field_path, modified_now
from memrev.core.sources.frontmatter_edit import replace_body, set_values


@dataclass(frozen=True)
class FolderShape:
    """How the folder's topic files are written, for a new file to match: where the type goes, whether a
    `modified` time is kept."""

    nested: bool = False
    modified: bool = False

    @classmethod
    def of(cls, natives: Sequence[NativeEntry]) -> FolderShape:
        """The shape most of the folder's files have (top-level type and no `modified` when none says otherwise)."""
        typed = [native.attributes["type_at"] for native in natives if "type_at" in native.attributes]
        nested = sum(1 for at in typed if at.startswith(NESTED)) * 2 > len(typed) if typed else False
        return cls(nested=nested, modified=any("modified" in native.attributes for native in natives))


def new_topic(entry: Entry, shape: FolderShape, now: datetime) -> str:
    """A new topic file for an entry: name, description and type in the folder's shape, then the text."""
    lines = [f"name: {yaml_scalar(title_of(entry.text, 60))}", f"description: {yaml_scalar(cut(entry.text, 140))}"]
    if entry.type != EntryType.UNKNOWN:
        lines += [f"{NESTED}:", f"  type: {entry.type.value}"] if shape.nested else [f"type: {entry.type.value}"]
    if shape.modified:
        lines.append(f"modified: {modified_now('Z', now)}")
    return "---\n" + "\n".join(lines) + f"\n---\n{entry.text.strip()}\n"


def rewritten_topic(path: Path, memdir: Path, entry: Entry, native: NativeEntry, now: datetime) -> str:
    """A read topic file with the entry's text and type: the body replaced, the type and `modified` values set
    where they stand, every other byte (unknown keys, their order, quoting, comments) as the file had it."""
    old = read_text(path, root=memdir).text
    front = parse_frontmatter(old)
    type_changed = entry.type != native.type and entry.type != EntryType.UNKNOWN
    if not front.present:
        if not type_changed:
            return entry.text.strip() + "\n"  # a file written without frontmatter stays without it
        fields = [("name", title_of(entry.text, 60)), ("description", cut(entry.text, 140)),
                  ("type", entry.type.value)]
        return "---\n" + "".join(f"{key}: {yaml_scalar(value)}\n" for key, value in fields) + \
            f"---\n{entry.text.strip()}\n"
    if front.problem:
        if type_changed:
            raise ValueError(f"{path}: its frontmatter cannot be read ({front.problem}), so memrev cannot change "
                             "its type; fix the file, re-import, then write again")
        return replace_body(old, front, entry.text)
    changes: list[tuple[tuple[str, ...], str]] = []
    if type_changed:
        at = field_path(front, "type") or ((NESTED, "type") if NESTED in front.nested else ("type",))
        changes.append((at, entry.type.value))
    modified = field_path(front, "modified")
    if modified is not None:
        changes.append((modified, modified_now(front.get(*modified) or "Z", now)))
    text = replace_body(old, front, entry.text) if entry.text.strip() != native.text else old
    return set_values(text, front, changes)
