"""Claude Code's CLAUDE.md instruction hierarchy (kind `claude-md`), and the Markdown helpers both Claude kinds share.

CLAUDE.md files are instructions a person wrote, so each top-level section is read as one `feedback`
entry (the type Claude Code uses for rules to follow) with `written_by` human.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

from memrev.core.model import Entry, EntryType, Project, ScopeKind, WrittenBy
from memrev.core.project import identify_project
from memrev.core.safe_io import SourceFileError, atomic_write, is_within, read_text
from memrev.core.sources.base import NativeEntry, SourceRead, SourceRef, WriteResult, check_no_drift

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

_INCLUDE = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,2})(?=[ \t]|$)(.*)$")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
_KEY_LINE = re.compile(r"^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$")
_NEEDS_QUOTES = re.compile(r"^[\s!&*\-?{}\[\],#|>@`%'\"+.\d]|:(?: |$)|\s#|\s$|^(?:true|false|yes|no|on|off|y|n|null|~)$",
                           re.IGNORECASE)
"""A plain YAML scalar would misread these: indicators first, `: ` or a final `:`, ` #`, numbers, dates, booleans."""


# ---------------------------------------------------------------- helpers shared with claude.py


def utf16_len(text: str) -> int:
    """The length JavaScript sees (UTF-16 code units), which is what Claude Code's caps count."""
    return len(text.encode("utf-16-le")) // 2


def mtime_datetime(mtime: float) -> datetime:
    """A file's modification time as an aware UTC datetime."""
    return datetime.fromtimestamp(mtime, timezone.utc)


def config_dir(home: Path, env: Mapping[str, str]) -> Path:
    """Claude Code's config home: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    value = env.get("CLAUDE_CONFIG_DIR")
    return Path(value) if value else home / ".claude"


def managed_dir(env: Mapping[str, str]) -> Path:
    """Where managed policy lives (`MEMREV_CLAUDE_MANAGED_DIR` overrides it, for tests); memrev never writes there."""
    value = env.get("MEMREV_CLAUDE_MANAGED_DIR")
    if value:
        return Path(value)
    if sys.platform == "darwin":
        return Path("/Library/Application Support/ClaudeCode")
    if sys.platform.startswith("win"):
        return Path("C:/Program Files/ClaudeCode")
    return Path("/etc/claude-code")


def find_git_root(path: Path) -> Path | None:
    """The working-tree root holding `path` (a folder with a `.git` folder or file), found without running git."""
    for folder in (path, *path.parents):
        if (folder / ".git").exists():
            return folder
    return None


def canonical_git_root(path: Path) -> Path | None:
    """The main checkout's root, so every worktree of one repository maps to one memory folder (as Claude does)."""
    root = find_git_root(path)
    if root is None or not (root / ".git").is_file():
        return root
    try:
        pointer = (root / ".git").read_text(encoding="utf-8").strip()
        if not pointer.startswith("gitdir:"):
            return root
        gitdir = (root / pointer[len("gitdir:"):].strip()).resolve()
        common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()).resolve()
    except OSError:
        return root
    return common.parent if common.name == ".git" else root


def title_of(text: str, limit: int) -> str:
    """The first non-empty line without Markdown markers, cut to `limit` characters at a word with `…`."""
    line = next((part.strip() for part in text.splitlines() if part.strip()), "")
    line = re.sub(r"^(?:#+|[-*+]|\d+[.)])\s+", "", line).strip(" *_`")
    return cut(line, limit)


def cut(text: str, limit: int) -> str:
    """`text` on one line and at most `limit` characters, cut at a word boundary and ended with `…` when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if " " in head[limit // 2:]:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:.-") + "…"


@dataclass
class Frontmatter:
    """A leading `---` block parsed tolerantly: its values, key order, where the body starts, and what was wrong."""

    values: dict[str, str | list[str]] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    body_line: int = 0
    """0-based index of the first line after the block (0 when there is none)."""
    present: bool = False
    problem: str | None = None

    def text(self, key: str) -> str | None:
        """A value as one string (a list joined with commas), or None when absent."""
        value = self.values.get(key)
        if value is None:
            return None
        return ", ".join(value) if isinstance(value, list) else value


def parse_frontmatter(text: str) -> Frontmatter:
    """Split off a `---` block of simple `key: value` / list lines; an unclosed block leaves the whole text as body."""
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return Frontmatter()
    close = next((index for index in range(1, len(lines)) if lines[index].rstrip() == "---"), None)
    if close is None:
        return Frontmatter(problem="the --- block is never closed")
    front = Frontmatter(body_line=close + 1, present=True)
    current: str | None = None
    folded = False
    for number, line in enumerate(lines[1:close], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stripped = line.strip()
        if current is not None and (line[0] in " \t" or stripped.startswith("- ") or stripped == "-"):
            _continue_value(front, current, stripped, folded)
            continue
        match = _KEY_LINE.match(line)
        if not match:
            front.problem = front.problem or f"line {number} is not `key: value`: {stripped[:60]!r}"
            current = None
            continue
        current, raw = match.group(1), match.group(2) or ""
        folded = raw in (">", "|", ">-", "|-", ">+", "|+")
        front.keys.append(current)
        front.values[current] = "" if folded or not raw else _inline_value(raw)
    return front


def _continue_value(front: Frontmatter, key: str, stripped: str, folded: bool) -> None:
    """Add an indented line to the value of `key`: a list item, or more text of a scalar."""
    value = front.values.get(key)
    if not folded and (stripped.startswith("- ") or stripped == "-") and (value == "" or isinstance(value, list)):
        items = value if isinstance(value, list) else []
        items.append(unquote(stripped[1:].strip()))
        front.values[key] = items
    elif isinstance(value, str):
        front.values[key] = f"{value} {stripped}".strip() if value else unquote(stripped) if not folded else stripped


def _inline_value(raw: str) -> str | list[str]:
    """A one-line YAML value: a flow list `[a, b]` or a possibly quoted scalar."""
    if raw.startswith("[") and raw.endswith("]"):
        return [unquote(part.strip()) for part in re.findall(r'"[^"]*"|\'[^\']*\'|[^,]+', raw[1:-1]) if part.strip()]
    if not raw.startswith(("'", '"')) and " #" in raw:
        raw = raw.split(" #", 1)[0].rstrip()
    return unquote(raw)


def unquote(value: str) -> str:
    """A YAML scalar without its quotes (double quotes decode JSON-style escapes)."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            decoded = json.loads(value)
            return decoded if isinstance(decoded, str) else value[1:-1]
        except ValueError:
            return value[1:-1]
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value


def yaml_scalar(value: str) -> str:
    """A one-line string as a YAML value that reads back unchanged (double-quoted when plain would not)."""
    value = " ".join(value.split())
    return json.dumps(value, ensure_ascii=False) if not value or _NEEDS_QUOTES.search(value) else value


# ---------------------------------------------------------------- sections of a CLAUDE.md file


@dataclass
class Part:
    """A run of lines of a file: frontmatter, blank filler, or a section; joining every raw gives the file back."""

    raw: str
    start: int
    """0-based index of the part's first line."""
    anchor: str = ""
    """The section's anchor (heading slug, `preamble`, `body`); empty for a part that is not an entry."""

    @property
    def text(self) -> str:
        """The section as an entry's text."""
        return self.raw.strip()

    def replaced(self, text: str) -> str:
        """This part's raw with its text swapped, keeping the whitespace around it."""
        lead = self.raw[: len(self.raw) - len(self.raw.lstrip())]
        trail = self.raw[len(self.raw.rstrip()):]
        return lead + text + trail


def slug(title: str) -> str:
    """A GitHub-style heading anchor: lower case, punctuation dropped, spaces as hyphens."""
    cleaned = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return re.sub(r"\s", "-", cleaned) or "section"


def split_sections(text: str) -> list[Part]:
    """Cut a file into frontmatter and top-level (`#`/`##`) sections, ignoring headings inside code fences and comments."""
    lines = text.splitlines(keepends=True)
    front = parse_frontmatter(text)
    parts: list[Part] = [Part("".join(lines[: front.body_line]), 0)] if front.body_line else []
    starts: list[tuple[int, str]] = []
    fence: str | None = None
    in_comment = False
    for index in range(front.body_line, len(lines)):
        line = lines[index].rstrip("\r\n")
        if fence is not None:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence) \
                    and not line.strip()[len(closing.group(1)):].strip():
                fence = None
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        opening = _FENCE.match(line)
        if opening:
            fence = opening.group(1)
            continue
        if line.lstrip().startswith("<!--") and "-->" not in line:
            in_comment = True
            continue
        heading = _HEADING.match(line)
        if heading:
            starts.append((index, heading.group(2).strip().rstrip("#").strip()))
    bounds = [(front.body_line, None)] if not starts or starts[0][0] > front.body_line else []
    bounds += [(index, title) for index, title in starts]
    seen: dict[str, int] = {}
    for number, (start, title) in enumerate(bounds):
        end = bounds[number + 1][0] if number + 1 < len(bounds) else len(lines)
        part = Part("".join(lines[start:end]), start)
        if part.text:
            part.anchor = _unique_anchor(("body" if not starts else "preamble") if title is None else slug(title), seen)
        parts.append(part)
    return parts


def _unique_anchor(anchor: str, seen: dict[str, int]) -> str:
    """`anchor`, or `anchor-1`, `anchor-2`... when the file already has it."""
    count = seen.get(anchor, 0)
    seen[anchor] = count + 1
    return anchor if count == 0 else f"{anchor}-{count}"


def import_targets(text: str, base: Path, home: Path) -> list[tuple[str, Path]]:
    """The @-imports of some Markdown (outside code fences, code spans and HTML comments), resolved from `base`."""
    found: dict[Path, str] = {}
    fence: str | None = None
    in_comment = False
    for line in text.splitlines():
        if fence is not None:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence):
                fence = None
            continue
        opening = _FENCE.match(line)
        if opening:
            fence = opening.group(1)
            continue
        if in_comment:
            if "-->" not in line:
                continue
            line, in_comment = line.split("-->", 1)[1], False
        line = re.sub(r"<!--.*?-->", " ", line)
        if "<!--" in line:
            line, in_comment = line.split("<!--", 1)[0], True
        for match in _INCLUDE.finditer(_CODE_SPAN.sub(" ", line)):
            target = _resolve_import(match.group(1), base, home)
            if target is not None:
                found.setdefault(target, match.group(1))
    return [(raw, path) for path, raw in found.items()]


def _resolve_import(raw: str, base: Path, home: Path) -> Path | None:
    """One @-import's absolute path (`#fragment` dropped, `\\ ` unescaped), or None when it is not a path form."""
    path = raw.split("#", 1)[0].replace("\\ ", " ")
    if not path:
        return None
    if path.startswith("~/"):
        return Path(posixpath.normpath(str(home / path[2:])))
    if path.startswith("/"):
        return Path(posixpath.normpath(path)) if path != "/" else None
    if path.startswith("@") or re.match(r"^[#%^&*()]+", path) or not re.match(r"^[a-zA-Z0-9._-]", path):
        return None
    return Path(posixpath.normpath(str(base / path)))


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
    for path, group in passed.items():
        level = natives[path][0].attributes.get("level")
        if level == "managed":
            read_texts = {native.anchor: native.text for native in natives[path]}
            if any(read_texts.get(entry.source.anchor or "") != entry.text for entry in group):
                raise ValueError(f"{path}: managed policy is read-only; memrev will not change it")
    targets = [path for path, group in natives.items()
               if group[0].attributes.get("level") in ("project", "local")
               or (group[0].attributes.get("level") == "user" and path in passed)]
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
        if not _HEADING.match(text.splitlines()[0] if text else ""):
            text = f"## {title_of(text, 60) or 'Note'}\n\n{text}"
        if content and not content.endswith("\n"):
            content += "\n"
        content += ("\n" if content.strip() else "") + text + "\n"
    return content
