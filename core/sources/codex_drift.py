"""Codex's format-drift guard: a key, marker or section in MEMORY.md or memory_summary.md that memrev does not know
(a new header key, an `applies_to` setting, a section or a task part) is said once at import, naming the file, its
first line and the key; write-back keeps every such line as Codex wrote it (only entries' own lines change)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from memrev.core.sources.codex_markdown import _Doc, _slug

HEADER_KEYS = frozenset({"scope", "applies_to"})
"""The `key:` lines of a task group's header in Codex's block schema."""
APPLIES_TO_KEYS = frozenset({"cwd", "reuse_rule"})
"""The settings of an `applies_to:` line."""
TASK_PARTS = frozenset({"rollout-summary-files", "keywords"})
"""The `###` parts of a `## Task <n>` block."""
ANNOTATION_KEYS = frozenset({"cwd", "rollout_path", "updated_at", "thread_id"})
"""The `key=value` fields of a `rollout_summary_files` bullet (its last, free-text note aside)."""
SUFFIX = "is unknown to memrev; kept untouched on write-back"


@dataclass
class Unknowns:
    """Each unknown thing once, in the order first seen, with the line it was first seen on and how often."""

    path: Path
    first: dict[tuple[str, str], int] = field(default_factory=dict)
    count: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, what: str, name: str, index: int) -> None:
        """Note one occurrence (0-based line)."""
        key = (what, name)
        self.first.setdefault(key, index + 1)
        self.count[key] = self.count.get(key, 0) + 1

    def warnings(self) -> list[str]:
        """One line per unknown thing: `FILE:LINE: WHAT 'NAME' is unknown to memrev (and N more); kept …`."""
        lines = []
        for (what, name), line in self.first.items():
            more = self.count[(what, name)] - 1
            again = f" (and {more} more place{'s' if more > 1 else ''})" if more else ""
            lines.append(f"{self.path}:{line}: {what} {name!r}{again} {SUFFIX}")
        return lines


def _header_key(line: str) -> str | None:
    """The key of a `key: value` header line (None for a line that is not one)."""
    key, colon, _ = line.strip().partition(":")
    key = key.strip()
    return key if colon and key and " " not in key and not key.startswith(("-", "*", "+", ">", "`")) else None


def handbook_drift(doc: _Doc, *, task_group: str = "Task Group:", task: str = "Task ",
                   sections: Collection[str] = ()) -> list[str]:
    """What MEMORY.md holds beyond Codex's block schema as memrev knows it: top-level sections that are not task
    groups, header keys and `applies_to` settings, `##` sections other than tasks and the known ones, task parts,
    and annotation fields."""
    found = Unknowns(doc.path)
    level1 = level2 = ""
    in_header = False
    for index, line in enumerate(doc.plain):
        heading = doc.heading_at(index)
        if heading is not None:
            level, title = heading
            if level == 1:
                level1, level2, in_header = title, "", title.startswith(task_group)
                if not in_header:
                    found.add("top-level section", title, index)
            elif level == 2 and level1.startswith(task_group):
                in_header, level2 = False, "task" if title.startswith(task) else _slug(title)
                if level2 != "task" and level2 not in sections:
                    found.add("task-group section", title, index)
            elif level == 3 and level2 == "task" and _slug(title) not in TASK_PARTS:
                found.add("task part", title, index)
            continue
        if doc.fenced[index] or not line.strip():
            continue
        if in_header:
            _header_line(found, line, index)
        elif level2 == "task" and "(" in line and line.lstrip().startswith("- rollout_summaries/"):
            inner = line.split("(", 1)[1].rsplit(")", 1)[0]
            for part in inner.split(","):
                name, equals, _ = part.strip().partition("=")
                if equals and name.isidentifier() and name not in ANNOTATION_KEYS:
                    found.add("rollout annotation field", name, index)
    return found.warnings()


def _header_line(found: Unknowns, line: str, index: int) -> None:
    """Note an unknown key of a task group's header line, or an unknown `applies_to` setting."""
    key = _header_key(line)
    if key is None:
        return
    if key not in HEADER_KEYS:
        found.add("task-group header key", key, index)
    elif key == "applies_to":
        for part in line.split(":", 1)[1].split(";"):
            name = part.partition("=")[0].strip()
            if name and "=" in part and name not in APPLIES_TO_KEYS:
                found.add("applies_to setting", name, index)


def summary_drift(doc: _Doc, sections: Collection[str], body: int) -> list[str]:
    """The `#`/`##` sections of memory_summary.md that memrev does not know (its entries are read as `unknown`)."""
    found = Unknowns(doc.path)
    for index, level, title in doc.headings(body):
        if level <= 2 and _slug(title) not in sections:
            found.add("section", title, index)
    return found.warnings()
