"""Parse `KIND:PATH` source arguments: the canonical `jsonl` exchange files and every agent adapter's kinds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memrev.core.sources.registry import MODULES
from memrev.core.store.jsonl import ImportFileError, JsonlBatch, read_jsonl

EXCHANGE_KINDS = ("jsonl",)
"""Source kinds in memrev's own exchange format (the rest are agent adapters)."""


def known_kinds() -> list[str]:
    """Every source kind memrev can import, by the prefix used on the command line."""
    return sorted([*EXCHANGE_KINDS, *MODULES])


@dataclass(frozen=True)
class SourceSpec:
    """One source argument: its kind and its path."""

    kind: str
    path: Path

    @property
    def label(self) -> str:
        """The argument as the user wrote it."""
        return f"{self.kind}:{self.path}"

    @property
    def is_exchange(self) -> bool:
        """Whether this is a memrev exchange file rather than an agent's native memory."""
        return self.kind in EXCHANGE_KINDS


def parse_source(argument: str) -> SourceSpec:
    """Split `KIND:PATH`; an unknown kind or a missing path is a one-line error."""
    kind, sep, path = argument.partition(":")
    if not sep or not path:
        raise ImportFileError(f"{argument}: expected KIND:PATH, for example jsonl:memories.jsonl or claude:PATH")
    if kind not in known_kinds():
        raise ImportFileError(f"{argument}: unknown source kind {kind!r} (known: {', '.join(known_kinds())})")
    return SourceSpec(kind, Path(path).expanduser())


def read_exchange(spec: SourceSpec, *, skip_invalid: bool = False, strict: bool = False) -> JsonlBatch:
    """Read one exchange file (`strict`: a field memrev does not know is an error, not a warning)."""
    return read_jsonl(spec.path, skip_invalid=skip_invalid, strict=strict)
