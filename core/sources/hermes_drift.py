"""Hermes's format-drift guard: a `memory:` key of config.yaml, a field of a staged write or a file in the memory
folder that memrev does not know is said once at import, naming the file and the key; memrev never writes any of
them (it rewrites only MEMORY.md and USER.md, and only deletes a staged file a person decided)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable

import yaml

CONFIG_KEYS = frozenset({"memory_enabled", "user_profile_enabled", "memory_char_limit", "user_char_limit",
                         "write_approval"})
"""The keys of config.yaml's `memory:` mapping memrev knows (the two caps are read; the rest change nothing here)."""
RECORD_KEYS = frozenset({"id", "subsystem", "action", "summary", "origin", "created_at", "payload"})
"""The top-level fields of a staged write's JSON."""
PAYLOAD_KEYS = frozenset({"action", "target", "content", "new_text", "old_text", "matched_entry", "operations"})
"""The fields of its `payload` (`new_text` is Hermes's newer alias of `content`)."""
OPERATION_KEYS = PAYLOAD_KEYS - {"operations"}
"""The fields of one operation of a batch's `payload.operations` (a single write's payload, less `operations`)."""
KNOWN_FILE = re.compile(r"(MEMORY|USER)\.md(\.lock|\.bak\.\d+)?|ARCHIVE\.jsonl|\.mem_.*\.tmp")
"""What Hermes keeps in its memory folder: the two stores, their locks and drift backups, the archive of evicted
entries and its own temporary files."""
UNTOUCHED = "is unknown to memrev; kept untouched on write-back"


def config_drift(config: Path, text: str) -> list[str]:
    """One line per key of config.yaml's `memory:` mapping memrev does not know (nothing for unreadable YAML:
    reading the caps already says so)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    if not isinstance(node, yaml.MappingNode):
        return []
    memory = next((value for key, value in node.value if isinstance(key, yaml.ScalarNode) and key.value == "memory"),
                  None)
    if not isinstance(memory, yaml.MappingNode):
        return []
    return [f"{config}:{key.start_mark.line + 1}: key 'memory.{key.value}' {UNTOUCHED}"
            for key, _ in memory.value if isinstance(key, yaml.ScalarNode) and key.value not in CONFIG_KEYS]


def record_drift(record: dict[str, object]) -> list[str]:
    """The fields of one staged write memrev does not know (`payload.x` for the payload's, `payload.operations[].x`
    for a batch operation's)."""
    unknown = [key for key in record if key not in RECORD_KEYS]
    payload = record.get("payload")
    if isinstance(payload, dict):
        unknown += [f"payload.{key}" for key in payload if key not in PAYLOAD_KEYS]
        operations = payload.get("operations")
        for operation in operations if isinstance(operations, list) else ():
            if isinstance(operation, dict):
                unknown += [f"payload.operations[].{key}" for key in operation if key not in OPERATION_KEYS]
    return list(dict.fromkeys(unknown))


def staged_drift(found: Iterable[tuple[Path, Iterable[str]]]) -> list[str]:
    """One line per unknown staged-write field, naming the first file that has it and how many more do."""
    seen: dict[str, list[Path]] = {}
    for path, keys in found:
        for key in keys:
            seen.setdefault(key, []).append(path)
    lines = []
    for key, paths in seen.items():
        more = len(paths) - 1
        others = f" (and {more} more file{'s' if more > 1 else ''})" if more else ""
        lines.append(f"{paths[0]}{others}: staged-write field {key!r} is unknown to memrev; the staged file is "
                     "left as Hermes wrote it")
    return lines


def folder_drift(memories: Path) -> list[str]:
    """One line per file or folder in Hermes's memory folder that memrev does not know (never read, never written)."""
    try:
        names = sorted(os.listdir(memories))
    except OSError:
        return []
    return [f"{memories / name}: a file memrev does not know in Hermes's memory folder; not read, kept untouched "
            "on write-back" for name in names if not KNOWN_FILE.fullmatch(name) and not name.endswith(".memrev.tmp")]
