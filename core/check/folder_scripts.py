"""Package scripts a line runs in a folder it names (`npm run test` from `web/`, `cd web && npm run dev`)."""

from __future__ import annotations

import re

from memrev.core.check.context import EntryContext
from memrev.core.check.definition_change import recipe

_CD = re.compile(r"\bcd\s+([\w.@-]+(?:/[\w.@-]+)*)/?")
"""`cd web` or `cd clients/web/` inside the entry."""


def named_folders(ctx: EntryContext) -> list[str]:
    """The repository folders an entry names, as paths or as the target of a `cd`, in a stable order."""
    index = ctx.index
    named = {path.strip("/") for path in ctx.current | ctx.cited}
    named |= {match.group(1).removeprefix("./") for match in _CD.finditer(ctx.entry.text)}
    return sorted(folder for folder in named if folder and folder in index.folders)


def folder_script(ctx: EntryContext, name: str) -> str | None:
    """The package.json of a folder the entry names that defines script `name`, or None when no such file does."""
    for folder in named_folders(ctx):
        path = f"{folder}/package.json"
        if path in ctx.index.files and recipe(ctx.index.read_text(path) or "", path, name) is not None:
            return path
    return None
