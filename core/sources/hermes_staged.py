"""One staged Hermes memory write as Hermes recorded it (`<home>/pending/memory/<id>.json`): a single add, replace
or remove, or a `batch` of them that Hermes decides all-or-nothing; read here so importing and deciding agree."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping

from memrev.core.sources.hermes import TARGETS
from memrev.core.sources.hermes_drift import record_drift

ACTIONS = ("add", "replace", "remove")
"""The three memory actions Hermes stages, alone or as the operations of a `batch`."""
BATCH = "batch"
"""The staged action whose `payload.operations` lists several actions Hermes applies together or not at all."""
MARK = "staged by Hermes"
"""How a staged write's anchor starts: `memrev show` and `list --json` reveal it in the entry's source."""
FILE_FOR_TARGET = {target: name for name, target in TARGETS.items()}
"""Hermes's `target` parameter -> the memory file it writes."""
_OPERATION = re.compile(r", batch operation (\d+) of (\d+)(?=[,;]|$)")
"""How an anchor says which operation of its batch an entry is."""


class StagedError(ValueError):
    """A staged write that cannot be decided now; nothing was written and the message is one line."""


def pending_folder(memories: Path) -> Path:
    """Where Hermes stages memory writes for a memory folder: `<home>/pending/memory/` beside `<home>/memories/`."""
    return memories.parent / "pending" / "memory"


@dataclass(frozen=True)
class StagedWrite:
    """One staged write (or one operation of a staged batch): its action, its store, its new text and its exact
    target entry."""

    path: Path
    pending_id: str
    action: str
    target: str
    content: str
    old_text: str
    matched_entry: str
    origin: str
    created_at: datetime | None
    unknown: tuple[str, ...] = ()
    """Fields of the record memrev does not know (`payload.x` for the payload's), for the drift guard."""
    operation: int = 0
    """Which operation of its batch this is, from 1 (0: a single staged write)."""
    operations: int = 0
    """How many operations its batch holds (0: a single staged write)."""

    @property
    def file_name(self) -> str:
        """The memory file the write changes (MEMORY.md or USER.md)."""
        return FILE_FOR_TARGET[self.target]

    @property
    def text(self) -> str:
        """What a reviewer decides on: the new text of an add or replace, the target entry of a remove."""
        return self.matched_entry if self.action == "remove" else self.content

    @property
    def batch(self) -> str:
        """`operation I of N` for an operation of a batch, '' for a single staged write."""
        return f"operation {self.operation} of {self.operations}" if self.operations else ""

    @property
    def anchor(self) -> str:
        """The entry's locator, saying it is staged, what it does, where, which operation of a batch it is, and
        (replace, remove) its exact target."""
        where = f"{self.action} in {self.file_name}, pending {self.pending_id}" + (
            f", batch {self.batch}" if self.operations else "") + (f", {self.origin}" if self.origin else "")
        if self.action == "add":
            return f"{MARK}: {where}"
        return f"{MARK}: {where}; target: {json.dumps(self.matched_entry or self.old_text, ensure_ascii=False)}"


def batch_operation(anchor: str | None) -> tuple[int, int] | None:
    """(I, N) when a staged entry's anchor says it is operation I of a batch of N, else None."""
    if not anchor or not anchor.startswith(MARK):
        return None
    found = _OPERATION.search(anchor.partition("; target: ")[0])
    return (int(found.group(1)), int(found.group(2))) if found else None


def _text(payload: Mapping[str, object], key: str) -> str:
    """A payload field as stripped text ('' when absent or null), or StagedError when it is not text."""
    value = payload.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise StagedError(f"payload.{key} is {type(value).__name__}, not text")
    return value.strip()


def _operation(payload: Mapping[str, object], target: object) -> tuple[str, str, str, str, str]:
    """One add, replace or remove as (action, target, content, old_text, matched_entry), or StagedError."""
    action = payload.get("action")
    if action not in ACTIONS:
        raise StagedError(f"unknown action {action!r} (Hermes stages add, replace or remove)")
    target = payload.get("target", target)
    if target not in FILE_FOR_TARGET:
        raise StagedError(f"unknown target {target!r} (memory or user)")
    content = _text(payload, "content") or _text(payload, "new_text")  # Hermes's newer alias of content
    old_text, matched = _text(payload, "old_text"), _text(payload, "matched_entry")
    if action != "remove" and not content:
        raise StagedError(f"a staged {action} with no content")
    if action != "add" and not (old_text or matched):
        raise StagedError(f"a staged {action} names no target entry")
    return str(action), str(target), content, old_text, matched


def _batch(payload: Mapping[str, object]) -> list[tuple[str, str, str, str, str]]:
    """A batch's operations, each read as a single staged write's payload, all changing one file; or StagedError."""
    operations = payload.get("operations")
    if not isinstance(operations, list):
        raise StagedError(f"a batch whose payload.operations is {type(operations).__name__}, not a list")
    if not operations:
        raise StagedError("a batch with no operations")
    count, batch_target = len(operations), payload.get("target", "memory")
    read = []
    for index, operation in enumerate(operations, 1):
        if not isinstance(operation, dict):
            raise StagedError(f"batch operation {index} of {count} is {type(operation).__name__}, not an object")
        try:
            read.append(_operation(operation, batch_target))
        except StagedError as error:
            raise StagedError(f"batch operation {index} of {count}: {error}") from None
    targets = sorted({target for _, target, _, _, _ in read})
    if len(targets) > 1:
        raise StagedError(f"a batch whose operations change both {' and '.join(FILE_FOR_TARGET[t] for t in targets)} "
                          "(Hermes applies a batch to one store)")
    return read


def parse_staged(path: Path, raw: str) -> tuple[StagedWrite, ...]:
    """A staged file's writes (Hermes's JSON: id, subsystem, action, origin, created_at and a payload with action,
    target, content, old_text and matched_entry, or a `batch` whose operations are such payloads): one for a
    single write, one per operation for a batch; or StagedError naming what is wrong."""
    try:
        record = json.loads(raw)
    except json.JSONDecodeError as error:
        raise StagedError(f"not JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(record, dict) or not isinstance(record.get("payload"), dict):
        raise StagedError("not a staged write (no `payload` object)")
    if record.get("subsystem", "memory") != "memory":
        raise StagedError(f"subsystem {record.get('subsystem')!r} is not memory")
    payload = record["payload"]
    batch = payload.get("action") == BATCH
    operations = _batch(payload) if batch else [_operation(payload, "memory")]
    created = record.get("created_at")
    when = datetime.fromtimestamp(created, timezone.utc) if isinstance(created, (int, float)) and \
        not isinstance(created, bool) and 0 < created < 1e11 else None
    origin = record.get("origin") if isinstance(record.get("origin"), str) else ""
    pending_id, unknown = str(record.get("id") or path.stem), tuple(record_drift(record))
    count = len(operations) if batch else 0
    return tuple(StagedWrite(path, pending_id, action, target, content, old_text, matched, origin, when, unknown,
                             index if batch else 0, count)
                 for index, (action, target, content, old_text, matched) in enumerate(operations, 1))
