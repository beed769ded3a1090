"""Codex's memories folder (kind `codex`): reading and writing it, and its always-loaded `memory_summary.md`."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Callable, Sequence

from memrev.core.model import Entry, EntryType, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, read_text
from memrev.core.sources.base import NativeEntry, OverCap, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.codex_common import _Context, _commit, _current, _cwd_path, _from_mtime, _project_at
from memrev.core.sources.codex_db import DB_NAME, _thread_rows, check_lease
from memrev.core.sources.codex_drift import handbook_drift, summary_drift
from memrev.core.sources.codex_handbook import (_HANDBOOK_SECTIONS, HANDBOOK, _handbook_entries, _parse_handbook,
                                                _write_handbook)
from memrev.core.sources.codex_markdown import _Doc, _Insert, _bullet_lines, _encode, _match, _render, _replacements, _slug, _split_body

SUMMARY = "memory_summary.md"
MEMORIES = "memories"
SUMMARY_HEADER = "v1"
"""The exact first line of `memory_summary.md`; with anything else Codex regenerates the whole file."""
SUMMARY_TOKEN_LIMIT = 5_000
"""Codex truncates `memory_summary.md` to this many tokens when it injects it (prompts.rs)."""
APPROX_BYTES_PER_TOKEN = 4
"""Codex's own token estimate (codex-rs/utils/string/src/truncate.rs)."""
SUMMARY_MAX_BYTES = SUMMARY_TOKEN_LIMIT * APPROX_BYTES_PER_TOKEN

_SUMMARY_SECTIONS = {
    "user-profile": ("User Profile", EntryType.USER),
    "user-preferences": ("User preferences", EntryType.USER),
    "general-tips": ("General Tips", EntryType.FEEDBACK),
    "whats-in-memory": ("What's in Memory", EntryType.REFERENCE),
}


# -- the folder -------------------------------------------------------------------------------------


def read_memories(ref: SourceRef, context: _Context, busy_timeout: float) -> SourceRead:
    """memory_summary.md, then MEMORY.md, with thread provenance from memories_1.sqlite."""
    read = SourceRead(ref)
    threads = _thread_rows((context.sqlite_home or context.codex_home) / DB_NAME, busy_timeout, read.warnings)
    for name in (SUMMARY, HANDBOOK):
        path = ref.root / name
        if not (path.exists() or path.is_symlink()):
            read.files[path] = None
            continue
        try:
            loaded = read_text(path, root=ref.root)
        except SourceFileError as error:
            read.warnings.append(str(error))
            continue
        read.files[path] = loaded.digest
        written = _from_mtime(loaded.mtime)
        if name == SUMMARY:
            doc, header = _parse_summary(path, loaded.text, loaded.had_bom, read.warnings)
            read.entries.extend(_summary_entries(doc, written, context.home))
            read.warnings.extend(summary_drift(doc, _SUMMARY_SECTIONS, 0 if header == "missing" else 1))
        else:
            doc = _parse_handbook(path, loaded.text, loaded.had_bom, read.warnings)
            read.entries.extend(_handbook_entries(doc, written, context, threads))
            read.warnings.extend(handbook_drift(doc, sections=_HANDBOOK_SECTIONS))
    return read


def write_memories(ref: SourceRef, entries: Sequence[Entry], expected: SourceRead, context: _Context,
                   busy_timeout: float, clock: Callable[[], float]) -> WriteResult:
    """Rewrite MEMORY.md and memory_summary.md only, keeping `v1`, the block schema and all non-entry text."""
    summary_path, handbook_path = ref.root / SUMMARY, ref.root / HANDBOOK
    ours = [path for path in (summary_path, handbook_path) if path in expected.files]
    check_no_drift(expected, ours)
    by_file: dict[Path, list[Entry]] = {summary_path: [], handbook_path: []}
    for entry in entries:
        target = Path(entry.source.file) if entry.source.file else summary_path
        if target not in by_file:
            raise ValueError(f"{target}: not a file of {ref.label}; memrev writes only {HANDBOOK} and {SUMMARY}")
        if target not in expected.files:
            raise ValueError(f"{target}: could not be read at import, so memrev will not write it; nothing written")
        by_file[target].append(entry)
    unplaced: list[Entry] = []
    outputs: dict[Path, tuple[bytes, bytes | None]] = {}
    for path in (handbook_path, summary_path):
        if path not in expected.files:
            continue
        given = by_file[path] + (unplaced if path == summary_path else [])
        if expected.files[path] is None and not given:
            continue
        text, bom, old = _current(path, expected)
        if path == handbook_path:
            doc = _parse_handbook(path, text, bom, [])
            data, unplaced = _write_handbook(doc, given)
        else:
            doc, header = _parse_summary(path, text, bom, [])
            data = _write_summary(doc, header, given, old)
        outputs[path] = (data, old)
    if unplaced and summary_path not in expected.files:
        raise ValueError(f"{summary_path}: could not be read at import, so memrev cannot add entries to it; nothing written")
    _check_summary_cap(summary_path, outputs.get(summary_path))
    changed = [path for path, (data, old) in outputs.items() if data != old]
    if changed:
        check_lease((context.sqlite_home or context.codex_home) / DB_NAME, busy_timeout, clock)
    return _commit(outputs, {path: ref.root for path in outputs})


# -- memory_summary.md ------------------------------------------------------------------------------


def _parse_summary(path: Path, text: str, bom: bool, warnings: list[str]) -> tuple[_Doc, str]:
    """memory_summary.md: the `v1` line, then sections whose bullets and paragraphs are entries."""
    doc = _Doc.parse(path, text, bom)
    first = doc.plain[0] if doc.plain else None
    header = "missing"
    if not text.strip():
        warnings.append(f"{path}: empty; Codex regenerates {SUMMARY} on its next consolidation")
    elif first == SUMMARY_HEADER:
        header = "ok"
    elif first is not None and re.fullmatch(r"\s*v\d+\s*", first):
        header = "version"
    if text.strip() and header != "ok":
        warnings.append(f"{path}:1: first line is {first!r}, not exactly 'v1'; Codex will regenerate the whole file")
    if bom:
        warnings.append(f"{path}: starts with a byte-order mark, so Codex does not see line 1 as 'v1' and will regenerate it")
    if len(text.encode("utf-8", "surrogatepass")) > SUMMARY_MAX_BYTES:
        warnings.append(f"{path}: over Codex's {SUMMARY_TOKEN_LIMIT:,}-token limit (~{SUMMARY_MAX_BYTES:,} bytes); "
                        f"text from line {doc.line_at_byte(SUMMARY_MAX_BYTES)} on is not loaded")
    body = 0 if header == "missing" else 1
    stack: list[tuple[int, str]] = []
    section: str | None = None
    region = body

    def flush(hi: int) -> None:
        tags = tuple(tag for _, tag in stack)
        anchor = f"summary/{section}" if section else "summary"
        _split_body(doc, region, hi, tags, anchor, {"section": section or ""})

    for index, level, title in doc.headings(body):
        flush(index)
        if level <= 2:
            section = _slug(title)
            stack = [(level, f"s:{section}")]
        else:
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, f"h{index}"))
            doc.droppable.add(f"h{index}")
        doc.tags[index] = tuple(tag for _, tag in stack)
        region = index + 1
    flush(len(doc.plain))
    return doc, header


def _summary_entries(doc: _Doc, written: datetime, home: Path | None = None) -> list[NativeEntry]:
    """memory_summary.md's entries: private, typed by their section, global unless a line names its project's folder."""
    result = []
    for slot in doc.slots:
        section = str(slot.info.get("section", ""))
        entry_type = _SUMMARY_SECTIONS.get(section, ("", EntryType.UNKNOWN))[1]
        cwd = _named_cwd(slot.text, home)
        result.append(NativeEntry(
            text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
            type=entry_type, scope_kind=ScopeKind.PRIVATE, project=_project_at(cwd) if cwd else None,
            written_at=written, written_at_basis="mtime", written_by=WrittenBy.AGENT, cwd=str(cwd) if cwd else None,
            attributes={"section": section},
        ))
    return result


_CWD_NOTE = re.compile(r"\(cwd=([^,;)\s]+)")
"""A summary line's `(cwd=/path/to/project...)` note, as Codex writes it for a task of one project."""


def _named_cwd(text: str, home: Path | None) -> Path | None:
    """The project folder a summary line names in a `(cwd=...)` note, so it is scoped there rather than global."""
    found = _CWD_NOTE.search(text)
    return _cwd_path(found.group(1), home) if found else None


def _write_summary(doc: _Doc, header: str, given: Sequence[Entry], old: bytes | None) -> bytes:
    """memory_summary.md's new bytes: entries in place, new ones as bullets of their section, line 1 exactly `v1`."""
    assigned, new = _match(doc.slots, given)
    replace = _replacements(doc, assigned, dash=True)
    present = {tag for tags in doc.tags for tag in tags}
    wanted: dict[str, list[Entry]] = {}
    for entry in new:
        anchor = entry.source.anchor or ""
        slug = anchor.split("/", 1)[1] if anchor.startswith("summary/") else ""
        if f"s:{slug}" not in present:
            slug = "user-preferences" if entry.type == EntryType.USER else "general-tips"
        wanted.setdefault(slug, []).append(entry)
    inserts = []
    for slug, items in wanted.items():
        bullets = [line for entry in items for line in _bullet_lines(entry.text.replace("\r\n", "\n").strip())]
        if f"s:{slug}" in present:
            inserts.append(_Insert(bullets, after_slot=f"s:{slug}", fallback=f"s:{slug}", bullet=True))
        else:
            title = _SUMMARY_SECTIONS.get(slug, (slug.replace("-", " ").capitalize(), None))[0]
            inserts.append(_Insert([f"## {title}", "", *bullets]))
    out = _render(doc, replace, inserts)
    if old is not None and _encode(out, doc.bom) == old:
        return old
    nl = doc.newline
    if header == "version":
        out[0] = SUMMARY_HEADER + nl
    elif header == "missing" and out:
        out[:0] = [SUMMARY_HEADER + nl] + ([nl] if out[0].strip() else [])
    elif header == "missing":
        out = [SUMMARY_HEADER + nl]
    return _encode(out, False)


def _check_summary_cap(path: Path, output: tuple[bytes, bytes | None] | None) -> None:
    """Refuse a memory_summary.md that would grow past what Codex loads."""
    if output is None:
        return
    data, old = output
    if len(data) > SUMMARY_MAX_BYTES and len(data) > len(old or b""):
        raise OverCap(f"{path}: would hold {len(data):,} bytes, over Codex's {SUMMARY_TOKEN_LIMIT:,}-token limit "
                         f"(~{SUMMARY_MAX_BYTES:,} bytes); nothing written")
