"""An entry's attributes as labelled lines for a reviewer, with what they mean among the entries beside it: a
Claude memory's pinned count against Claude Code's limit of four and where each `[[link]]` leads (or that it leads
nowhere), an OpenClaw importance OpenClaw would ignore, an annotation memrev does not know."""

from __future__ import annotations

import posixpath
from typing import NamedTuple, Sequence

from memrev.core.model import Entry, Status
from memrev.core.sources.claude_topic_meta import MAX_PINNED
from memrev.core.sources.entry_attributes import HIDDEN
from memrev.core.sources.openclaw_annotations import ANNOTATION_KEYS

_GONE = frozenset({Status.PURGED})
"""Entries that no longer count as a memory beside others (purged ones; a removed one is left out too)."""
_OPENCLAW_KNOWN = frozenset({*ANNOTATION_KEYS, "observed", "status"})
ORDER = ("name", "description", "pinned", "links", "modified", "trigger", "importance", "project", "observed",
         "status", "staged", "batch", "action", "target", "target_entry")
"""The order attributes are shown in (the store keeps them by name); any other key comes after, by name."""


class AttributeLine(NamedTuple):
    """One line of the attributes section: its label, its value and whether it is a finding (something wrong)."""

    label: str
    value: str
    finding: bool = False


def attribute_lines(entry: Entry, neighbours: Sequence[Entry] = ()) -> list[AttributeLine]:
    """What the entry's format says beside its text, one line per attribute (links one line each); `neighbours`
    (every entry memrev holds, say) give the pinned count and the link targets, left out when empty."""
    attributes = entry.attributes
    if not attributes:
        return []
    folder = _claude_folder(entry, neighbours) if entry.source.agent == "claude" and neighbours else None
    lines: list[AttributeLine] = []
    rank = {key: index for index, key in enumerate(ORDER)}
    for key, value in sorted(attributes.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])):
        if key in HIDDEN:
            continue
        if key == "pinned" and entry.source.agent == "claude":
            lines.append(_pinned(folder))
        elif key == "links" and entry.source.agent == "claude":
            lines.extend(_link(target, folder) for target in filter(None, value.split("\n")))
        elif key == "importance" and entry.source.agent == "openclaw" and not _importance_ok(value):
            lines.append(AttributeLine(key, f"{value} (not a whole number from 1 to 10: OpenClaw ignores it)", True))
        elif key == "staged" and entry.source.agent == "hermes":
            lines.append(AttributeLine(key, "by Hermes, awaiting approval: confirming applies it as Hermes would, "
                                            "revoking rejects it"))
        elif key == "batch" and entry.source.agent == "hermes":
            lines.append(AttributeLine(key, f"{value} of one staged batch: Hermes applies all of it or none, so "
                                            "confirming or revoking this entry decides every operation"))
        elif key == "target_entry":
            lines.append(AttributeLine("target entry", value))
        elif entry.source.agent == "openclaw" and key not in _OPENCLAW_KNOWN:
            lines.append(AttributeLine(key, f"{value} (an annotation memrev does not know; kept as written)"))
        else:
            lines.append(AttributeLine(key, value))
    return lines


def _importance_ok(value: str) -> bool:
    """Whether an OpenClaw importance is one it reads: a whole number from 1 to 10."""
    return value.isdigit() and 1 <= int(value) <= 10


def _root(entry: Entry) -> str | None:
    """The memory folder a Claude topic file is in: its file path less its place in the folder."""
    file, rel = entry.source.file or "", entry.attributes.get("path", "")
    if not rel or not file.replace("\\", "/").endswith("/" + rel):
        return None
    return file[: len(file) - len(rel)]


def _claude_folder(entry: Entry, neighbours: Sequence[Entry]) -> list[Entry]:
    """The live Claude memories in the same memory folder as this one (itself included)."""
    root = _root(entry)
    if root is None:
        return [entry]
    return [other for other in neighbours if other.source.agent == "claude" and other.removed_at is None
            and other.status not in _GONE and _root(other) == root] or [entry]


def _pinned(folder: list[Entry] | None) -> AttributeLine:
    """`pinned`, with how many memories of its folder are pinned against the four Claude Code loads."""
    if folder is None:
        return AttributeLine("pinned", "yes")
    count = sum(other.attributes.get("pinned") == "yes" for other in folder)
    if count > MAX_PINNED:
        return AttributeLine("pinned", f"yes · {count} pinned in this folder, over the {MAX_PINNED} Claude Code "
                                       "loads in every session", True)
    return AttributeLine("pinned", f"yes · {count} of {MAX_PINNED} pinned in this folder")


def _names(entry: Entry) -> set[str]:
    """What a `[[...]]` link may call a Claude memory: its file name, its path in the folder (no `.md`), its name."""
    rel = entry.attributes.get("path") or posixpath.basename(entry.source.file or "")
    names = {posixpath.splitext(posixpath.basename(rel))[0], posixpath.splitext(rel)[0]}
    if entry.attributes.get("name"):
        names.add(entry.attributes["name"])
    return {name.casefold() for name in names if name}


def _link(target: str, folder: list[Entry] | None) -> AttributeLine:
    """One `[[link]]`: the memory it leads to, or a finding when no memory in the folder has that name."""
    if folder is None:
        return AttributeLine("link", f"[[{target}]]")
    wanted = {target.casefold(), posixpath.splitext(target)[0].casefold()}
    found = next((other for other in folder if _names(other) & wanted), None)
    if found is None:
        return AttributeLine("link", f"[[{target}]] leads to no memory in this folder", True)
    return AttributeLine("link", f"[[{target}]] → {found.id} · {posixpath.basename(found.source.file or '')}")
