"""Which adapter handles which source kind, and discovery across all of them."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Mapping

from memrev.core.sources.base import Adapter, SourceRef

MODULES: dict[str, str] = {
    "claude": "claude",
    "claude-md": "claude",
    "codex": "codex",
    "agents-md": "codex",
    "hermes": "hermes",
    "openclaw": "openclaw",
}
"""Source kind (command-line prefix) -> the module in this package whose `ADAPTER` reads it."""


def adapter_for(kind: str) -> Adapter:
    """The adapter for a source kind (ValueError for an unknown one)."""
    if kind not in MODULES:
        raise ValueError(f"unknown source kind {kind!r} (known: {', '.join(sorted(MODULES))})")
    module = importlib.import_module(f"{__package__}.{MODULES[kind]}")
    return module.ADAPTER  # type: ignore[no-any-return]


def adapters() -> list[Adapter]:
    """Every adapter once, in a stable order."""
    first_kind: dict[str, str] = {}
    for kind, module in MODULES.items():
        first_kind.setdefault(module, kind)
    return [adapter_for(kind) for kind in first_kind.values()]


def discover_all(*, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
    """Every source, of every agent, that applies to the repository at `cwd` and the user at `home`."""
    found: list[SourceRef] = []
    for adapter in adapters():
        found.extend(adapter.discover(cwd=cwd, home=home, env=env))
    return list(dict.fromkeys(found))
