"""Read and write the canonical exchange format: one JSON object per entry per line, then the audit trail of
blocked writes as `{"rejection": {...}}` lines."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable

from memrev.core.model import Entry
from memrev.core.safe_io import SourceFileError, open_regular
from memrev.core.store.exchange_fields import unknown_fields
from memrev.core.store.serialize import EntryFormatError, entry_from_dict, entry_to_dict

MAX_LINE_BYTES = 8 * 1024 * 1024
"""A line longer than this is rejected rather than read into memory whole."""


class ImportFileError(ValueError):
    """A file that cannot be imported; the message names the file and, where it applies, the line."""


@dataclass
class JsonlBatch:
    """The entries read from one file, and the lines skipped with `skip_invalid`."""

    path: Path
    entries: list[Entry] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    """The blocked writes the file carries (`{"rejection": {...}}` lines), as the exporting store recorded them."""
    warnings: list[str] = field(default_factory=list)
    """Fields memrev does not know, one line each naming the file, the line and the field (they are ignored)."""


def read_jsonl(path: str | os.PathLike[str], *, skip_invalid: bool = False, strict: bool = False) -> JsonlBatch:
    """Parse a whole file; any bad line fails the file unless `skip_invalid` is set. A field memrev does not know is
    a warning, or with `strict` an error of its line."""
    path = Path(path)
    batch = JsonlBatch(path)
    if path.is_dir():
        raise ImportFileError(f"{path}: is a folder, expected a .jsonl file")
    try:
        handle = os.fdopen(open_regular(path), "rb")  # a FIFO or a device (/dev/zero) is refused, never read
    except SourceFileError as error:
        raise ImportFileError(str(error)) from None
    seen: dict[str, int] = {}
    with handle:
        for number, raw in enumerate(_lines(handle, path), start=1):
            try:
                entry, unknown = _parse_line(raw)
                if unknown and strict:
                    raise ImportFileError(f"unknown field {unknown[0]!r} (--strict)")
            except ImportFileError as error:
                message = f"{path}:{number}: {error}"
                if not skip_invalid:
                    raise ImportFileError(message) from None
                batch.skipped.append(message)
                continue
            batch.warnings += [f"{path}:{number}: unknown field {name!r} (ignored)" for name in unknown]
            if entry is None:
                continue
            if isinstance(entry, dict):
                batch.rejections.append(entry)
                continue
            if entry.id in seen:
                message = f"{path}:{number}: duplicate id {entry.id!r} (first on line {seen[entry.id]})"
                if not skip_invalid:
                    raise ImportFileError(message)
                batch.skipped.append(message)
                continue
            seen[entry.id] = number
            batch.entries.append(entry)
    return batch


def _lines(handle: IO[bytes], path: Path) -> Iterable[bytes | None]:
    """Yield each line's bytes, or None for a line over the size limit (its rest is discarded)."""
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while True:  # discard the rest of the oversized line
                more = handle.readline(MAX_LINE_BYTES)
                if not more or more.endswith(b"\n"):
                    break
            yield None
            continue
        yield raw


def _parse_line(raw: bytes | None) -> tuple[Entry | dict[str, Any] | None, list[str]]:
    """One line to an entry, or a rejection record's fields (blank lines give None), with the entry's unknown
    fields."""
    if raw is None:
        raise ImportFileError(f"line is longer than {MAX_LINE_BYTES // (1024 * 1024)} MiB")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ImportFileError(f"invalid UTF-8 at byte {error.start}") from None
    if not text.strip():
        return None, []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportFileError(f"invalid JSON ({error.msg} at column {error.colno})") from None
    if isinstance(data, dict) and set(data) == {"rejection"}:
        if not isinstance(data["rejection"], dict):
            raise ImportFileError("a rejection line must hold an object")
        return data["rejection"], []
    try:
        return entry_from_dict(data), unknown_fields(data) if isinstance(data, dict) else []
    except EntryFormatError as error:
        raise ImportFileError(str(error)) from None


def write_jsonl(entries: Iterable[Entry], out: IO[str], rejections: Iterable[dict[str, Any]] = ()) -> int:
    """Write entries one per line in the canonical shape, then each rejection record; return how many entries."""
    count = 0
    for entry in entries:
        out.write(json.dumps(entry_to_dict(entry), ensure_ascii=False, sort_keys=True))
        out.write("\n")
        count += 1
    for record in rejections:
        out.write(json.dumps({"rejection": record}, ensure_ascii=False, sort_keys=True))
        out.write("\n")
    return count
