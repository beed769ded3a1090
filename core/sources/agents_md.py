"""The AGENTS.md files Codex loads (kind `agents-md`): the root-to-cwd chain, 32 KiB budget, sections, write-back."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from memrev.core.model import Entry, EntryType, Project, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, is_within, read_text
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.codex_common import _Context, _commit, _current, _from_mtime, _project_at
from memrev.core.sources.codex_markdown import (_Doc, _Insert, _Slot, _block_slot, _encode, _match, _render, _replacements, _slug,
                             _split_body)

PROJECT_DOC_MAX_BYTES = 32 * 1024
"""`project_doc_max_bytes` default: the budget for all project AGENTS.md files together."""
OVERRIDE_NAME = "AGENTS.override.md"
AGENTS_NAME = "AGENTS.md"


# -- reading ----------------------------------------------------------------------------------------


def project_docs(doc_names: Sequence[str], root: Path, cwd: Path, warnings: list[str]) -> list[Path]:
    """The project doc of each folder from the root down to the cwd: the first existing name, one per folder."""
    folders = [root]
    if cwd != root and is_within(cwd, root):
        for part in cwd.relative_to(root).parts:
            folders.append(folders[-1] / part)
    found: list[Path] = []
    for folder in folders:
        for name in doc_names:
            candidate = folder / name
            if candidate.is_symlink() or candidate.is_file():
                found.append(candidate)
                break
            if candidate.is_dir():
                warnings.append(f"{candidate}: is a folder, expected a file; Codex skips it")
    return found


def read_agents(ref: SourceRef, context: _Context, doc_names: Sequence[str]) -> SourceRead:
    """The global AGENTS.md, then the project files root to cwd within Codex's 32 KiB budget."""
    read = SourceRead(ref)
    if context.global_dir is not None:
        _read_global(context.global_dir, read)
    cwd = context.cwd or ref.root
    project = _project_at(ref.root)
    remaining = PROJECT_DOC_MAX_BYTES
    for path in project_docs(doc_names, ref.root, cwd, read.warnings):
        if remaining <= 0:
            read.warnings.append(f"{path}: not loaded; the files above it use up Codex's 32 KiB AGENTS.md budget")
            continue
        try:
            loaded = read_text(path, root=ref.root)
        except SourceFileError as error:
            read.warnings.append(str(error))
            if is_within(path, ref.root) and path.is_file():
                remaining -= min(path.stat().st_size, remaining)
            continue
        read.files[path] = loaded.digest
        if not loaded.text.strip():
            read.warnings.append(_empty_doc_warning(path))
            continue
        doc = _parse_agents(path, loaded.text, loaded.had_bom)
        size = len(loaded.text.encode("utf-8", "surrogatepass")) + (3 if loaded.had_bom else 0)
        cut = None
        if size > remaining:
            cut = remaining
            read.warnings.append(f"{path}: {size:,} bytes cross Codex's 32 KiB AGENTS.md budget ({remaining:,} "
                                 f"bytes left); Codex truncates it at line {doc.line_at_byte(cut)}")
        remaining -= min(size, remaining)
        for slot in doc.slots:
            if cut is None or doc.byte_offset(slot.start) < cut:
                read.entries.append(_agents_entry(doc, slot, loaded.mtime, EntryType.PROJECT, ScopeKind.TEAM,
                                                  project, "project"))
    return read


def _read_global(folder: Path, read: SourceRead) -> None:
    """The first non-empty of the global AGENTS.override.md and AGENTS.md (the one file outside the root)."""
    for name in (OVERRIDE_NAME, AGENTS_NAME):
        path = folder / name
        if not (path.exists() or path.is_symlink()):
            continue
        try:
            loaded = read_text(path, root=folder)
        except SourceFileError as error:
            read.warnings.append(str(error))
            continue
        read.files[path] = loaded.digest
        if not loaded.text.strip():
            read.warnings.append(f"{path}: empty or only whitespace; Codex skips it")
            continue
        doc = _parse_agents(path, loaded.text, loaded.had_bom)
        for slot in doc.slots:
            read.entries.append(_agents_entry(doc, slot, loaded.mtime, EntryType.USER, ScopeKind.PRIVATE, None, "global"))
        return


def _parse_agents(path: Path, text: str, bom: bool) -> _Doc:
    """An AGENTS.md file: one entry per top-level section (under a lone title), else per paragraph or bullet."""
    doc = _Doc.parse(path, text, bom)
    heads = doc.headings()
    if not heads:
        _split_body(doc, 0, len(doc.plain), (), "entry", {})
        return doc
    top = min(level for _, level, _ in heads)
    deeper = [level for _, level, _ in heads if level > top]
    title: int | None = None
    level = top
    if deeper and heads[0][1] == top and sum(1 for _, lv, _ in heads if lv == top) == 1:
        title, level = heads[0][0], min(deeper)
    sections = [(at, name) for at, lv, name in heads if lv <= level and at != title]
    if title is not None:
        _block_slot(doc, 0, title, "para", "intro")
    _block_slot(doc, 0 if title is None else title + 1, sections[0][0], "para", "intro")
    used: dict[str, int] = {}
    for k, (at, name) in enumerate(sections):
        until = sections[k + 1][0] if k + 1 < len(sections) else len(doc.plain)
        slug = _slug(name)
        used[slug] = used.get(slug, 0) + 1
        anchor = slug if used[slug] == 1 else f"{slug}-{used[slug]}"
        stop = doc.last_content(at, until)
        if stop <= at + 1:
            continue  # a heading with no body holds no entry (a file that is only a title: what a freeze leaves)
        doc.slots.append(_Slot("section", at, stop, "\n".join(doc.plain[at:stop]).strip(), anchor,
                               info={"heading": name}))
    doc.slots.sort(key=lambda slot: slot.start)
    return doc


def _agents_entry(doc: _Doc, slot: _Slot, mtime: float, entry_type: EntryType, scope: ScopeKind,
                  project: Project | None, role: str) -> NativeEntry:
    """One AGENTS.md entry: written by a human, typed and scoped by whether the file is global."""
    attributes = {"role": role}
    if slot.info.get("heading"):
        attributes["heading"] = str(slot.info["heading"])
    return NativeEntry(
        text=slot.text, file=doc.path, anchor=slot.anchor, line_start=slot.start + 1, line_end=slot.end,
        type=entry_type, scope_kind=scope, project=project, written_at=_from_mtime(mtime),
        written_at_basis="mtime", written_by=WrittenBy.HUMAN, attributes=attributes,
    )


def _empty_doc_warning(path: Path) -> str:
    """Why an empty project doc matters: it is skipped, and an empty override still shadows AGENTS.md."""
    shadow = path.name == OVERRIDE_NAME and (path.parent / AGENTS_NAME).is_file()
    note = f" (and {AGENTS_NAME} in the same folder is not loaded either)" if shadow else ""
    return f"{path}: empty or only whitespace; Codex skips it{note}"


# -- writing ----------------------------------------------------------------------------------------


def write_agents(ref: SourceRef, entries: Sequence[Entry], expected: SourceRead, context: _Context) -> WriteResult:
    """Rewrite only the AGENTS.md files that were read, keeping all non-entry text; never create a file."""
    check_no_drift(expected, list(expected.files))
    natives: dict[Path, list[NativeEntry]] = {}
    for native in expected.entries:
        natives.setdefault(native.file, []).append(native)
    project_files = [path for path in natives if is_within(path, ref.root) and context.global_dir != path.parent]
    default = (project_files or list(natives) or [None])[-1]
    by_file: dict[Path, list[Entry]] = {path: [] for path in natives}
    for entry in entries:
        target = Path(entry.source.file) if entry.source.file else default
        if target is None:
            raise ValueError(f"{ref.label}: no AGENTS.md was read to hold new entries; nothing written")
        if target not in by_file:
            raise ValueError(f"{target}: not an AGENTS.md file this source loaded; nothing written")
        by_file[target].append(entry)
    outputs: dict[Path, tuple[bytes, bytes | None]] = {}
    roots: dict[Path, Path] = {}
    for path, given in by_file.items():
        text, bom, old = _current(path, expected)
        doc = _parse_agents(path, text, bom)
        loaded = {(native.line_start, native.anchor) for native in natives[path]}
        doc.slots = [slot for slot in doc.slots if (slot.start + 1, slot.anchor) in loaded]
        outputs[path] = (_write_doc(doc, given, dash=False), old)
        roots[path] = ref.root if path in project_files else path.parent
    old_total = sum(len(old or b"") for path, (_, old) in outputs.items() if path in project_files)
    new_total = sum(len(data) for path, (data, _) in outputs.items() if path in project_files)
    if new_total > PROJECT_DOC_MAX_BYTES and new_total > old_total:
        raise ValueError(f"{ref.label}: the AGENTS.md files would hold {new_total:,} bytes, over Codex's "
                         f"{PROJECT_DOC_MAX_BYTES:,}-byte budget; nothing written")
    return _commit(outputs, roots)


def _write_doc(doc: _Doc, given: Sequence[Entry], *, dash: bool) -> bytes:
    """An AGENTS.md file's new bytes: matched entries in place, new ones appended at the end."""
    assigned, new = _match(doc.slots, given)
    inserts = [_Insert(entry.text.replace("\r\n", "\n").strip().split("\n")) for entry in new]
    return _encode(_render(doc, _replacements(doc, assigned, dash=dash), inserts), doc.bom)
