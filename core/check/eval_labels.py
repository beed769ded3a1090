"""Labels for scoring the staleness checks: one memory line, the commits it was verified and checked at, and the
verdict a person established with git, read from JSONL so any labelled set can be scored the same way."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

EXPECTED = ("stale", "fresh")
"""What a label may expect: the line no longer holds at the checked commit, or it still does."""

_REQUIRED = ("text", "verified", "check", "expected")
_OPTIONAL = ("id", "reference", "new_path", "source", "repo", "note")


class LabelError(ValueError):
    """A labels file that cannot be read; the message names the line and is one line for the user."""


@dataclass(frozen=True)
class Label:
    """One labelled memory line: its text, the commit it was true at, the commit to check it at, and the truth."""

    id: str
    text: str
    verified: str
    """The commit the line was known true at (a SHA or any name git resolves)."""
    check: str
    """The commit to check the line at."""
    expected: str
    """`stale` (the line no longer holds at `check`) or `fresh` (it still does)."""
    reference: str | None = None
    """The text of the reference the verdict turns on (a path, a name, a command), when one does."""
    new_path: str | None = None
    """Where git says the reference went (a rename), to score the rename suggestions."""
    source: str | None = None
    """The repository file the line comes from (CLAUDE.md, AGENTS.md), which never counts as evidence."""
    repo: str | None = None
    """The repository, relative to the one given to the scorer, when a set spans several."""
    note: str | None = None
    """Why the label says what it says (the git evidence a person found)."""

    @property
    def stale(self) -> bool:
        """Whether the line no longer holds at the checked commit."""
        return self.expected == "stale"

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape `load_labels` reads back (empty fields left out)."""
        data = {name: getattr(self, name) for name in ("id", *_REQUIRED, *_OPTIONAL[1:])}
        return {name: value for name, value in data.items() if value is not None}


def parse_label(data: object, where: str) -> Label:
    """One label from its JSON object; `where` (file and line) starts every error message."""
    if not isinstance(data, dict):
        raise LabelError(f"{where}: a label is a JSON object")
    unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise LabelError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for name in _REQUIRED:
        if not isinstance(data.get(name), str) or not data[name].strip():
            raise LabelError(f"{where}: field {name!r} must be a non-empty string")
    for name in _OPTIONAL:
        if data.get(name) is not None and not isinstance(data[name], str):
            raise LabelError(f"{where}: field {name!r} must be a string")
    if data["expected"] not in EXPECTED:
        raise LabelError(f"{where}: expected must be one of {', '.join(EXPECTED)}, not {data['expected']!r}")
    fields = {name: data.get(name) for name in (*_REQUIRED, *_OPTIONAL)}
    fields["id"] = fields["id"] or f"line-{where.rsplit(':', 1)[-1]}"
    return Label(**{name: value.strip() if name in ("verified", "check") else value
                    for name, value in fields.items()})


def load_labels(path: Path) -> list[Label]:
    """Every label of a JSONL file (blank lines skipped), ids unique; a bad line is a `LabelError` naming it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise LabelError(f"{path}: cannot read the labels ({error})") from None
    labels: list[Label] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path.name}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise LabelError(f"{where}: not JSON ({error.msg})") from None
        label = parse_label(data, where)
        if label.id in seen:
            raise LabelError(f"{where}: label id {label.id!r} is used twice")
        seen.add(label.id)
        labels.append(label)
    if not labels:
        raise LabelError(f"{path}: no labels")
    return labels


def write_labels(path: Path, labels: list[Label]) -> None:
    """Write labels as JSONL, one per line, in the shape `load_labels` reads."""
    path.write_text("".join(json.dumps(label.to_dict(), ensure_ascii=False) + "\n" for label in labels),
                    encoding="utf-8")
