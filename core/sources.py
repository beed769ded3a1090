"""Parse `KIND:PATH` source arguments and read each source into entries (agent adapters plug in here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .jsonl import ImportFileError, JsonlBatch, read_jsonl

Reader = Callable[[Path, bool], JsonlBatch]
"""Reads one source path (with skip_invalid) into a batch of entries."""

READERS: dict[str, Reader] = {
    "jsonl": lambda path, skip_invalid: read_jsonl(path, skip_invalid=skip_invalid),
}
"""Every source kind memrev can import, by the prefix used on the command line."""


@dataclass(frozen=True)
class SourceSpec:
    """One source argument: its kind and its path."""

    kind: str
    path: Path

    @property
    def label(self) -> str:
        """The argument as the user wrote it."""
        return f"{self.kind}:{self.path}"


def parse_source(argument: str) -> SourceSpec:
    """Split `jsonl:FILE`; an unknown kind or a missing path is a one-line error."""
    kind, sep, path = argument.partition(":")
    if not sep or not path:
        raise ImportFileError(f"{argument}: expected KIND:PATH, for example jsonl:memories.jsonl")
    if kind not in READERS:
        known = ", ".join(sorted(READERS))
        raise ImportFileError(f"{argument}: unknown source kind {kind!r} (known: {known})")
    return SourceSpec(kind, Path(path).expanduser())


def read_source(spec: SourceSpec, *, skip_invalid: bool = False) -> JsonlBatch:
    """Read one source with its kind's reader."""
    return READERS[spec.kind](spec.path, skip_invalid)
