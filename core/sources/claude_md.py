"""Claude Code's CLAUDE.md hierarchy (kind `claude-md`): every file Claude loads for a folder, read and written back.

CLAUDE.md files are instructions a person wrote, so each top-level section is read as one `feedback`
entry (the type Claude Code uses for rules to follow) with `written_by` human.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.check.project import identify_project
from memrev.core.model import Entry, EntryType, Project, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, atomic_write, is_within, read_text
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.claude_markdown import Frontmatter, mtime_datetime, parse_frontmatter, title_of
from memrev.core.sources.claude_md_sections import HEADING, Part, import_targets, split_sections
from memrev.core.sources.claude_paths import config_dir, find_git_root, managed_dir

MAX_INCLUDE_DEPTH = 5
"""Claude Code stops following @-imports at this depth (the top file is depth 0)."""
RECOMMENDED_CHARS = 40_000
"""Claude Code warns about a CLAUDE.md longer than this (it still loads it in full)."""
TEXT_EXTENSIONS = frozenset(
    ".md .txt .text .json .yaml .yml .toml .xml .csv .html .htm .css .scss .sass .less .js .ts .tsx .jsx .mjs "
    ".cjs .mts .cts .py .pyi .pyw .rb .erb .rake .go .rs .java .kt .kts .scala .c .cpp .cc .cxx .h .hpp .hxx "
    ".cs .swift .sh .bash .zsh .fish .ps1 .bat .cmd .env .ini .cfg .conf .config .properties .sql .graphql .gql "
    ".proto .vue .svelte .astro .ejs .hbs .pug .jade .php .pl .pm .lua .r .R .dart .ex .exs .erl .hrl .clj "
    ".cljs .cljc .edn .hs .lhs .elm .ml .mli .f .f90 .f95 .for .cmake .make .makefile .gradle .sbt .rst .adoc "
    ".asciidoc .org .tex .latex .lock .log .diff .patch".split()
)
"""The only extensions an @-import may load (`TEXT_FILE_EXTENSIONS` in claudemd.ts); no extension is allowed too."""


# ---------------------------------------------------------------- reading the hierarchy


@dataclass
class _Context:
    """The user and machine a hierarchy is read for."""

    home: Path
    config: Path
    managed: Path


class HierarchyReader:
    """Reads every CLAUDE.md-family file Claude Code loads for one folder, in its load order, imports first."""

    def __init__(self, ref: SourceRef, *, home: Path, env: Mapping[str, str]) -> None:
        self.ref = ref
        self.cwd = ref.root
        self.repo = find_git_root(self.cwd) or self.cwd
        self.context = _Context(home, config_dir(home, env), managed_dir(env))
        self.read = SourceRead(ref)
        self.done: set[Path] = set()
        self._project: Project | None = None

    def top_files(self) -> list[tuple[Path, str]]:
        """Every top-level file in load order with its level (managed, user, project, local); rules dirs expanded."""
        managed, config = self.context.managed, self.context.config
        files = [(managed / "CLAUDE.md", "managed"), *_rules(managed / ".claude" / "rules", "managed")]
        files += [(config / "CLAUDE.md", "user"), *_rules(config / "rules", "user")]
        folders = [self.cwd, *[p for p in self.cwd.parents if is_within(p, self.repo)]] if self.cwd != self.repo \
            else [self.repo]
        for folder in reversed(folders):
            files += [(folder / "CLAUDE.md", "project"), (folder / ".claude" / "CLAUDE.md", "project")]
            files += [*_rules(folder / ".claude" / "rules", "project"), (folder / "CLAUDE.local.md", "local")]
        return files

    def load(self) -> SourceRead:
        """Read the whole hierarchy into entries and warnings; new-entry targets are listed among the files."""
        for path, level in self.top_files():
            if path.exists() or path.is_symlink():
                self.read.entries.extend(self._file(path, level, 0, None, private=level == "local"))
        for target in (self.repo / "CLAUDE.md", self.repo / "CLAUDE.local.md"):
            self.read.files.setdefault(target, None)
        return self.read

    @property
    def project(self) -> Project:
        """The project of the repository the hierarchy belongs to (computed once)."""
        if self._project is None:
            self._project = identify_project(self.repo)
        return self._project

    def _root_for(self, path: Path) -> tuple[Path, str] | None:
        """The folder a file may be read inside and the level that location has, or None when it is in none."""
        for root, level in ((self.repo, "project"), (self.context.config, "user"), (self.context.managed, "managed")):
            if is_within(path, root):
                return root, level
        return None

    def _file(self, path: Path, level: str, depth: int, parent: Path | None, *, private: bool) -> list[NativeEntry]:
        """One file's entries, after the entries of the files it imports (each file is read once)."""
        key = Path(os.path.normpath(path))
        if key in self.done:
            return []
        if parent is not None and path.suffix and path.suffix not in TEXT_EXTENSIONS and \
                path.suffix.lower() not in TEXT_EXTENSIONS:
            return []  # not a text file: Claude Code skips it
        if parent is not None and not (path.exists() or path.is_symlink()):
            return []  # Claude Code ignores a missing import silently
        if depth >= MAX_INCLUDE_DEPTH:
            self.read.warnings.append(f"{parent}: import {path} is at import depth {depth}; Claude Code loads "
                                      f"imports only to depth {MAX_INCLUDE_DEPTH - 1}, so it is not loaded")
            return []
        self.done.add(key)
        located = self._root_for(path)
        if located is None:
            where = f"import in {parent}" if parent else "file"
            self.read.warnings.append(f"{path}: {where} lies outside the project {self.repo} and the Claude config "
                                      f"folder {self.context.config}; not followed")
            return []
        root, place = located
        try:
            loaded = read_text(path, root=root)
        except SourceFileError as error:
            self.read.warnings.append(str(error))
            return []
        self.done.add(Path(os.path.realpath(path)))
        self.read.files[path] = loaded.digest
        if len(loaded.text) > RECOMMENDED_CHARS:
            self.read.warnings.append(f"{path}: {len(loaded.text):,} characters, over Claude Code's recommended "
                                      f"{RECOMMENDED_CHARS:,} (it still loads in full)")
        front = parse_frontmatter(loaded.text)
        if front.problem:
            self.read.warnings.append(f"{path}: malformed frontmatter ({front.problem}); read as text")
        before: list[NativeEntry] = []
        mine: list[NativeEntry] = []
        real_base = Path(os.path.realpath(path)).parent
        for part in split_sections(loaded.text):
            if not part.anchor:
                continue
            imports = import_targets(part.raw, real_base, self.context.home)
            missing = [str(target) for _, target in imports if not (target.exists() or target.is_symlink())]
            for _, target in imports:
                before.extend(self._file(target, level, depth + 1, path, private=private))
            mine.append(self._entry(path, part, loaded.mtime, front, place, root, level, parent, private, missing))
        return before + mine

    def _entry(self, path: Path, part: Part, mtime: float, front: Frontmatter, place: str, root: Path,
               level: str, parent: Path | None, private: bool, missing: list[str]) -> NativeEntry:
        """One section as a native entry with its scope (by where the file lives) and write-back attributes."""
        if place == "project":
            scope, project = (ScopeKind.PRIVATE if private else ScopeKind.TEAM), self.project
        elif place == "user":
            scope, project = ScopeKind.PRIVATE, None
        else:
            scope, project = ScopeKind.TEAM, None
        attributes = {"level": "local" if place == "project" and path.name == "CLAUDE.local.md" else place,
                      "loaded_as": level, "root": str(root)}
        paths = front.values.get("paths")
        if paths:
            attributes["paths"] = json.dumps(paths if isinstance(paths, list) else _split_globs(paths))
        if parent is not None:
            attributes["imported_by"] = str(parent)
        if missing:
            attributes["missing_imports"] = json.dumps(missing)
        lines = part.raw.splitlines()
        first = next(index for index, line in enumerate(lines) if line.strip())
        last = max(index for index, line in enumerate(lines) if line.strip())
        return NativeEntry(
            text=part.text, file=path, anchor=part.anchor, line_start=part.start + first + 1,
            line_end=part.start + last + 1, type=EntryType.FEEDBACK, scope_kind=scope, project=project,
            written_at=mtime_datetime(mtime), written_at_basis="mtime", written_by=WrittenBy.HUMAN,
            cwd=str(self.repo) if project else None, attributes=attributes,
        )


def _rules(folder: Path, level: str) -> list[tuple[Path, str]]:
    """Every `*.md` under a rules folder, depth first in name order (Claude recurses into subfolders)."""
    found: list[tuple[Path, str]] = []
    try:
        children = sorted(folder.iterdir(), key=lambda child: child.name)
    except OSError:
        return found
    for child in children:
        if child.is_dir() and not child.is_symlink():
            found.extend(_rules(child, level))
        elif child.name.endswith(".md"):
            found.append((child, level))
    return found


def _split_globs(value: str) -> list[str]:
    """A `paths:` string split on commas outside braces (`src/**/*.{ts,tsx}, lib/**`)."""
    parts, depth, current = [], 0, ""
    for char in value:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return [part for part in parts if part]


def has_any_file(reader: HierarchyReader) -> bool:
    """Whether any file of the hierarchy exists (so the source is worth listing)."""
    return any(path.exists() for path, _ in reader.top_files())


# ---------------------------------------------------------------- writing the hierarchy back


def write_hierarchy(ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
    """Rewrite the project (and named user) CLAUDE.md files so they hold exactly `entries`; managed policy is read-only."""
    natives: dict[Path, list[NativeEntry]] = {}
    for native in expected.entries:
        natives.setdefault(native.file, []).append(native)
    passed: dict[Path, list[Entry]] = {}
    new: list[Entry] = []
    for entry in entries:
        if entry.source.file is None:
            new.append(entry)
            continue
        path = Path(entry.source.file)
        if path not in natives:
            raise ValueError(f"{path}: not a file memrev read for {ref.label}; re-import before writing")
        passed.setdefault(path, []).append(entry)
    for path, group in natives.items():
        if owned(path, group[0].attributes):
            continue
        read_texts = {native.anchor: native.text for native in group}
        if any(read_texts.get(entry.source.anchor or "") != entry.text for entry in passed.get(path, [])):
            why = {"managed": "managed policy", "user": "a user-level file"}.get(
                group[0].attributes.get("level", ""), "an @-imported file outside the CLAUDE.md hierarchy")
            raise ValueError(f"{path}: {why} is read-only for memrev; its sections cannot be edited (nothing written)")
    targets = [path for path, group in natives.items() if owned(path, group[0].attributes)]
    repo = find_git_root(ref.root) or ref.root
    additions: dict[Path, list[Entry]] = {}
    for entry in new:
        name = "CLAUDE.local.md" if entry.scope.kind == ScopeKind.PRIVATE else "CLAUDE.md"
        additions.setdefault(repo / name, []).append(entry)
    candidates = list(dict.fromkeys([*targets, *additions]))
    check_no_drift(expected, candidates)
    plans: dict[Path, tuple[bytes, Path]] = {}
    unchanged: list[Path] = []
    for path in candidates:
        root = Path(natives[path][0].attributes["root"]) if path in natives else repo
        old = read_text(path, root=root).text if path in natives or path.exists() else ""
        content = _rebuild(old, passed.get(path, []), additions.get(path, []))
        if content == old:
            unchanged.append(path)
        else:
            plans[path] = (content.encode("utf-8"), root)
    for path in plans:
        if path.is_symlink():
            raise ValueError(f"{path}: is a symlink; memrev does not write through links (nothing written)")
    for path, (data, root) in plans.items():
        atomic_write(path, data, root=root)
    return WriteResult(written=list(plans), unchanged=unchanged)


def owned(path: Path, attributes: Mapping[str, str]) -> bool:
    """Whether write-back may change a file: a project's own CLAUDE.md, CLAUDE.local.md, `.claude/CLAUDE.md` or
    `.claude/rules/*.md` inside the repository, never a user-level or managed file, nor a file some CLAUDE.md
    `@`-imports (a `@package.json` is read as instructions, but it is not memory memrev may rewrite)."""
    if attributes.get("level") not in ("project", "local") or "imported_by" in attributes:
        return False
    root = Path(attributes.get("root", ""))
    if not root.parts or not is_within(path, root):
        return False
    if path.name in ("CLAUDE.md", "CLAUDE.local.md"):
        return True
    return path.suffix == ".md" and ".claude" in path.parts and "rules" in path.parts


def _rebuild(old: str, kept: Sequence[Entry], added: Sequence[Entry]) -> str:
    """A file's new text: kept sections in place (changed ones replaced), others dropped, new ones appended."""
    by_anchor: dict[str, Entry] = {}
    for entry in kept:
        by_anchor.setdefault(entry.source.anchor or "", entry)
    parts = split_sections(old)
    anchors = {part.anchor for part in parts if part.anchor}
    pieces: list[str] = []
    dropped = False
    for part in parts:
        if not part.anchor:
            pieces.append(part.raw)
        elif part.anchor in by_anchor:
            text = by_anchor[part.anchor].text.strip()
            pieces.append(part.raw if text == part.text else part.replaced(text))
        else:
            dropped = True
    content = "".join(pieces)
    if dropped:  # a dropped last section leaves its neighbour's blank lines at the end
        content = content.rstrip() + "\n" if content.strip() else ""
    stray = [entry for anchor, entry in by_anchor.items() if anchor not in anchors]
    for entry in [*stray, *added]:
        text = entry.text.strip()
        if not HEADING.match(text.splitlines()[0] if text else ""):
            text = f"## {title_of(text, 60) or 'Note'}\n\n{text}"
        if content and not content.endswith("\n"):
            content += "\n"
        content += ("\n" if content.strip() else "") + text + "\n"
    return content
