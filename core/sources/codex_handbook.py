"""Codex's `MEMORY.md`: task groups in its strict block schema, read as entries with provenance and written back."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.model import Entry, EntryType, Project, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, read_text
from memrev.core.sources.base import NativeEntry
from memrev.core.sources.codex_common import _Context, _cwd_path, _from_rfc3339, _iso, _project_at
from memrev.core.sources.codex_db import _from_epoch
from memrev.core.sources.codex_markdown import (_BULLET, _Doc, _Insert, _Slot, _bullet_lines, _encode, _heading, _match, _render,
                             _replacements, _slug, _split_body)

HANDBOOK = "MEMORY.md"

_HANDBOOK_SECTIONS = {
    "user-preferences": ("User preferences", EntryType.USER),
    "reusable-knowledge": ("Reusable knowledge", EntryType.REFERENCE),
    "failures-and-how-to-do-differently": ("Failures and how to do differently", EntryType.FEEDBACK),
}

_TASK_GROUP = re.compile(r"^Task Group:\s*(.*)$")
_TASK = re.compile(r"^Task\s+(\d+)\b\s*[:.\-]?\s*(.*)$")
_TASK_REF = re.compile(r"\[Task (\d+)\]")
_BOLD = re.compile(r"\*\*\S(?:.*?\S)?\*\*|__\S(?:.*?\S)?__")
_STAR_BULLET = re.compile(r"^\s*[*+][ \t]")
_ANCHOR_TASK = re.compile(r"^task-group:(.*)/task:(\d+)$")
_ANCHOR_SECTION = re.compile(r"^task-group:(.*)/([a-z0-9-]+)$")


# -- reading ----------------------------------------------------------------------------------------


@dataclass
class _Group:
    """One `# Task Group:` block of MEMORY.md and its header fields."""

    index: int
    title: str
    start: int
    end: int
    scope: str = ""
    cwd: str = ""
    reuse_rule: str = ""

    @property
    def tag(self) -> str:
        """The container tag of the whole block."""
        return f"g{self.index}"


def _parse_handbook(path: Path, text: str, bom: bool, warnings: list[str]) -> _Doc:
    """MEMORY.md: task groups whose tasks and block-level bullets are entries; headers stay structure."""
    doc = _Doc.parse(path, text, bom)
    heads = doc.headings()
    tops = [head for head in heads if head[1] == 1]
    bounds = [head[0] for head in tops] + [len(doc.plain)]
    groups: list[_Group] = []
    for number, (start, _, title) in enumerate(tops):
        match = _TASK_GROUP.match(title)
        if not match:
            continue
        group = _Group(len(groups), match[1].strip(), start, bounds[number + 1])
        groups.append(group)
        doc.droppable.add(group.tag)
        subs = [head for head in heads if group.start < head[0] < group.end and head[1] == 2]
        header_end = subs[0][0] if subs else group.end
        for index in range(start, header_end):
            doc.tags[index] = (group.tag, group.tag + "h")
        _read_group_header(doc, group, header_end, warnings)
        for k, (at, _, sub_title) in enumerate(subs):
            until = subs[k + 1][0] if k + 1 < len(subs) else group.end
            task = _TASK.match(sub_title)
            if task:
                for index in range(at, until):
                    doc.tags[index] = (group.tag, group.tag + "t")
                stop = doc.last_content(at, until)
                doc.slots.append(_Slot("task", at, stop, "\n".join(doc.plain[at:stop]).strip(),
                                       f"task-group:{group.title}/task:{task[1]}", (group.tag, group.tag + "t"),
                                       info={"group": group, "number": task[1]}))
                continue
            slug = _slug(sub_title)
            tag = f"{group.tag}s:{slug}"
            doc.droppable.add(tag)
            doc.tags[at] = (group.tag, tag)
            _split_body(doc, at + 1, until, (group.tag, tag), f"task-group:{group.title}/{slug}",
                        {"group": group, "section": slug})
    return doc


def _read_group_header(doc: _Doc, group: _Group, header_end: int, warnings: list[str]) -> None:
    """The `scope:` and `applies_to: cwd=...; reuse_rule=...` lines of a task group (warning when missing)."""
    seen_applies = False
    for line in doc.plain[group.start + 1:header_end]:
        key, _, value = line.strip().partition(":")
        if key == "scope":
            group.scope = value.strip()
        elif key == "applies_to":
            seen_applies = True
            for part in value.split(";"):
                name, _, setting = part.strip().partition("=")
                if name.strip() == "cwd":
                    group.cwd = setting.strip()
                elif name.strip() == "reuse_rule":
                    group.reuse_rule = setting.strip()
    if not seen_applies:
        warnings.append(f"{doc.path}:{group.start + 1}: task group {group.title!r} has no applies_to: line")


def _annotation(text: str) -> dict[str, str]:
    """A `rollout_summary_files` bullet: the file and its `(cwd=..., updated_at=..., thread_id=..., note)` fields."""
    text = text.strip()
    file, _, rest = text.partition(" (")
    fields = {"file": file.strip().strip("`<>")}
    inner = rest.rsplit(")", 1)[0] if rest else ""
    for part in re.split(r",\s*(?=[A-Za-z_]+=)", inner):
        key, equals, value = part.partition("=")
        if not equals:
            continue
        value = value.strip()
        if key.strip() in ("updated_at", "thread_id") and value:
            value = value.split(",")[0].split()[0]
        fields[key.strip()] = value
    return fields


def _task_details(slot: _Slot, doc: _Doc) -> tuple[list[dict[str, str]], str]:
    """A task's rollout annotations and its keywords line."""
    refs: list[dict[str, str]] = []
    keywords: list[str] = []
    part = ""
    for index in range(slot.start + 1, slot.end):
        line = doc.plain[index]
        heading = doc.heading_at(index)
        if heading:
            part = _slug(heading[1])
            continue
        bullet = _BULLET.match(line)
        if part == "rollout-summary-files" and bullet:
            refs.append(_annotation(line[bullet.end():]))
        elif part == "keywords" and line.strip():
            keywords.append(line[bullet.end():].strip() if bullet else line.strip())
    return refs, " ".join(keywords)


def _rollout_branch(memories: Path, file: str) -> str | None:
    """The `git_branch:` of a rollout summary's header, when the file is there (read, never an entry)."""
    if not file.startswith("rollout_summaries/") or ".." in Path(file).parts:
        return None
    try:
        loaded = read_text(memories / file, root=memories, max_bytes=1024 * 1024)
    except SourceFileError:
        return None
    for line in loaded.text.split("\n"):
        if not line.strip():
            break
        key, _, value = line.partition(":")
        if key.strip() == "git_branch" and value.strip():
            return value.strip()
    return None


@dataclass
class _Prov:
    """When and where a task was written, as far as its annotations and the DB tell."""

    when: datetime | None = None
    basis: str = "mtime"
    session: str | None = None
    cwd: str | None = None
    branch: str | None = None
    attributes: dict[str, str] = field(default_factory=dict)

    def rank(self) -> tuple[int, datetime]:
        """Thread times beat recorded ones; later beats earlier."""
        floor = datetime.min.replace(tzinfo=timezone.utc)
        return ({"thread": 2, "recorded": 1}.get(self.basis, 0), self.when or floor)


def _task_provenance(refs: list[dict[str, str]], threads: Mapping[str, Mapping[str, object]],
                     context: _Context, memories: Path, group_cwd: Path | None) -> _Prov:
    """The best-known time of a task: its threads' DB times, else the annotations' updated_at."""
    best = _Prov(cwd=str(group_cwd) if group_cwd else None)
    for ref in refs:
        thread = ref.get("thread_id") or None
        row = threads.get(thread or "")
        cwd = _cwd_path(ref.get("cwd", ""), context.home)
        found = _Prov(session=thread, cwd=str(cwd) if cwd else best.cwd)
        if row:
            found.when = _from_epoch(row.get("source_updated_at")) or _from_epoch(row.get("generated_at"))
            found.basis = "thread" if found.when else "mtime"
            found.attributes = {key: value for key, value in (
                ("usage_count", "" if row.get("usage_count") is None else str(row.get("usage_count"))),
                ("last_usage", _iso(_from_epoch(row.get("last_usage")))),
                ("generated_at", _iso(_from_epoch(row.get("generated_at")))),
                ("source_updated_at", _iso(_from_epoch(row.get("source_updated_at")))),
            ) if value}
        if not found.when and ref.get("updated_at"):
            found.when, found.basis = _from_rfc3339(ref["updated_at"]), "recorded"
            found.basis = "recorded" if found.when else "mtime"
        if found.when and found.rank() > best.rank():
            found.branch = _rollout_branch(memories, ref.get("file", ""))
            best = found
    return best


def _handbook_entries(doc: _Doc, written: datetime, context: _Context,
                      threads: Mapping[str, Mapping[str, object]]) -> list[NativeEntry]:
    """MEMORY.md's entries: tasks (project) and block-level bullets, scoped to their group's cwd."""
    memories = doc.path.parent
    projects: dict[str, tuple[Path | None, Project | None]] = {}
    tasks: dict[tuple[int, str], _Prov] = {}
    result: list[NativeEntry] = []

    def where(group: _Group) -> tuple[Path | None, Project | None]:
        if group.cwd not in projects:
            path = _cwd_path(group.cwd, context.home)
            projects[group.cwd] = (path, _project_at(path) if path else None)
        return projects[group.cwd]

    for slot in doc.slots:
        group = slot.info["group"]
        assert isinstance(group, _Group)
        cwd, project = where(group)
        attributes = {"task_group": group.title, "scope": group.scope, "applies_to_cwd": group.cwd,
                      "reuse_rule": group.reuse_rule}
        if slot.kind == "task":
            refs, keywords = _task_details(slot, doc)
            prov = _task_provenance(refs, threads, context, memories, cwd)
            tasks[(group.index, str(slot.info["number"]))] = prov
            entry_type = EntryType.PROJECT
            attributes.update(task=str(slot.info["number"]), keywords=keywords,
                              rollout_summary_files=", ".join(ref["file"] for ref in refs if ref.get("file")),
                              thread_ids=", ".join(ref["thread_id"] for ref in refs if ref.get("thread_id")))
        else:
            section = str(slot.info["section"])
            cited = [tasks[(group.index, n)] for n in _TASK_REF.findall(slot.text) if (group.index, n) in tasks]
            prov = max(cited, key=_Prov.rank) if cited else _Prov(cwd=str(cwd) if cwd else None)
            prov = _Prov(prov.when, prov.basis, prov.session, prov.cwd, prov.branch)  # a bullet has no DB usage
            entry_type = _HANDBOOK_SECTIONS.get(section, ("", EntryType.UNKNOWN))[1]
            attributes["section"] = section
        attributes.update(prov.attributes)
        result.append(NativeEntry(
            text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
            type=entry_type, scope_kind=ScopeKind.PRIVATE, project=project,
            written_at=prov.when or written, written_at_basis=prov.basis if prov.when else "mtime",
            written_by=WrittenBy.AGENT, session=prov.session, cwd=prov.cwd, branch=prov.branch,
            attributes={key: value for key, value in attributes.items() if value},
        ))
    return result


# -- writing ----------------------------------------------------------------------------------------


def _check_handbook_text(entry: Entry, slot: _Slot | None) -> None:
    """Refuse an edited or new MEMORY.md text that breaks Codex's strict schema (no bold, `-` bullets, task heading)."""
    label = f"{HANDBOOK}: entry {entry.id}"
    if _BOLD.search(entry.text):
        raise ValueError(f"{label} uses bold text, which Codex's MEMORY.md schema forbids; nothing written")
    if any(_STAR_BULLET.match(line) for line in entry.text.split("\n")):
        raise ValueError(f"{label} uses '*' or '+' bullets; Codex's MEMORY.md schema wants '-'; nothing written")
    is_task = slot.kind == "task" if slot else bool(_ANCHOR_TASK.match(entry.source.anchor or ""))
    first = entry.text.strip().split("\n", 1)[0]
    heading = _heading(first)
    if is_task and not (heading and heading[0] == 2 and _TASK.match(heading[1])):
        raise ValueError(f"{label} is a task and must start with its '## Task <n>: ...' heading; nothing written")


def _write_handbook(doc: _Doc, given: Sequence[Entry]) -> tuple[bytes, list[Entry]]:
    """MEMORY.md's new bytes, and the entries it has no place for (they go to memory_summary.md)."""
    assigned, new = _match(doc.slots, given)
    replace = _replacements(doc, assigned, dash=True, check=_check_handbook_text)
    groups = {}
    for slot in doc.slots:
        group = slot.info["group"]
        assert isinstance(group, _Group)
        groups.setdefault(group.title, group)
    sections = {tag for tags in doc.tags for tag in tags}
    leftover: list[Entry] = []
    plans: dict[tuple[str, str], list[Entry]] = {}
    for entry in new:
        anchor = entry.source.anchor or ""
        task = _ANCHOR_TASK.match(anchor)
        section = None if task else _ANCHOR_SECTION.match(anchor)
        if not task and not section:
            leftover.append(entry)
            continue
        _check_handbook_text(entry, None)
        title = (task or section)[1]  # type: ignore[index]
        plans.setdefault((title, "task" if task else section[2]), []).append(entry)  # type: ignore[index]
    inserts: list[_Insert] = []
    new_groups: dict[str, list[tuple[str, list[Entry]]]] = {}
    for (title, part), items in plans.items():
        group = groups.get(title) or _group_by_title(doc, title)
        if group is None:
            new_groups.setdefault(title, []).append((part, items))
            continue
        if part == "task":
            lines = [line for entry in items for line in ["", *entry.text.strip().split("\n")]][1:]
            inserts.append(_Insert(lines, after_slot=group.tag + "t", fallback=group.tag + "h", keep=(group.tag,)))
            continue
        tag = f"{group.tag}s:{part}"
        bullets = [line for entry in items for line in _bullet_lines(entry.text.strip())]
        if tag in sections:
            inserts.append(_Insert(bullets, after_slot=tag, fallback=tag, bullet=True, keep=(group.tag, tag)))
        else:
            inserts.append(_Insert([f"## {_section_title(part)}", "", *bullets], after_end=group.tag, keep=(group.tag,)))
    for title, parts in new_groups.items():
        inserts.append(_Insert(_new_group_lines(title, parts)))
    return _encode(_render(doc, replace, inserts), doc.bom), leftover


def _group_by_title(doc: _Doc, title: str) -> _Group | None:
    """A task group with no entries left in the read (found by its heading), or None."""
    for index, level, heading in doc.headings():
        match = _TASK_GROUP.match(heading) if level == 1 else None
        if match and match[1].strip() == title:
            tags = doc.tags[index]
            if tags:
                return _Group(int(tags[0][1:]), title, index, index)
    return None


def _section_title(slug: str) -> str:
    """The heading of a block-level section from its anchor slug."""
    known = _HANDBOOK_SECTIONS.get(slug)
    return known[0] if known else slug.replace("-", " ").capitalize()


def _new_group_lines(title: str, parts: list[tuple[str, list[Entry]]]) -> list[str]:
    """A whole new task group (for entries whose group Codex has since dropped): header, tasks, sections."""
    first = parts[0][1][0]
    cwd = first.provenance.cwd or (first.scope.project.path if first.scope.project else None) or "unknown"
    lines = [f"# Task Group: {title}", "", f"scope: {title}",
             f"applies_to: cwd={cwd}; reuse_rule=restored in a memrev review; verify before reuse"]
    order = list(_HANDBOOK_SECTIONS)
    for part, items in sorted(parts, key=lambda item: (item[0] != "task", order.index(item[0]) if item[0] in order else 9)):
        if part == "task":
            for entry in items:
                lines += ["", *entry.text.strip().split("\n")]
        else:
            lines += ["", f"## {_section_title(part)}", ""]
            lines += [line for entry in items for line in _bullet_lines(entry.text.strip())]
    return lines
