"""Hermes Agent memory: `MEMORY.md` and `USER.md`, entries joined by a lone `§` line, written under Hermes's own lock."""

from __future__ import annotations

import fcntl
import os
import stat
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

import yaml

from memrev.core.model import Entry, EntryType, ScopeKind, WrittenBy
from memrev.core.safe_io import TEMP_SUFFIX, SourceFileError, atomic_write, capturing, file_digest, is_within, read_text
from memrev.core.sources.base import NativeEntry, OverCap, SourceRead, SourceRef, WriteResult, check_no_drift
from memrev.core.sources.containment import linked_outside
from memrev.core.sources.hermes_drift import config_drift, folder_drift
from memrev.core.sources.hermes_profiles import hermes_homes

if TYPE_CHECKING:
    from memrev.core.sources.hermes_settle import Settlement
    from memrev.core.sources.stored import Stored
    from memrev.core.store.memory_store import MemoryStore

KIND = "hermes"
DELIMITER = "\n§\n"
"""Hermes's ENTRY_DELIMITER: a U+00A7 alone on its own line; the file is the entries joined by it, nothing else."""

MEMORY_FILE = "MEMORY.md"
USER_FILE = "USER.md"
FILES = (MEMORY_FILE, USER_FILE)
TARGETS = {MEMORY_FILE: "memory", USER_FILE: "user"}
"""File name -> Hermes's `target` parameter for it."""
TYPES = {MEMORY_FILE: EntryType.PROJECT, USER_FILE: EntryType.USER}
LIMIT_KEYS = {MEMORY_FILE: "memory_char_limit", USER_FILE: "user_char_limit"}
DEFAULT_LIMITS = {MEMORY_FILE: 2200, USER_FILE: 1375}
"""Hermes's caps in Python characters of the joined file (the 3-character delimiters count)."""

HEADERS = {"memory": "MEMORY (your personal notes)", "user": "USER PROFILE (who the user is)"}
SEPARATOR = "═" * 46
LOCK_TIMEOUT = 10.0
"""Seconds memrev waits for Hermes's lock before giving up (Hermes holds it only for one read-modify-write)."""


# -- the file format, exactly as Hermes reads it ---------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One entry as Hermes parses it, with the 1-based lines it spans in the file."""

    text: str
    line_start: int
    line_end: int


def hermes_text(text: str) -> str:
    """The text Hermes sees: it opens the file in text mode, so CRLF and CR become LF (the BOM is already gone)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_pieces(text: str) -> list[Piece]:
    """Split on the delimiter, strip each piece and drop empty ones, as Hermes does (duplicates kept)."""
    pieces: list[Piece] = []
    offset = counted_to = 0
    line = 1
    for chunk in text.split(DELIMITER):
        stripped = chunk.strip()
        if stripped:
            start = offset + len(chunk) - len(chunk.lstrip())
            line += text.count("\n", counted_to, start)
            end_line = line + stripped.count("\n")
            pieces.append(Piece(stripped, line, end_line))
            line, counted_to = end_line, start + len(stripped)
        offset += len(chunk) + len(DELIMITER)
    return pieces


def unique_pieces(pieces: Sequence[Piece]) -> list[Piece]:
    """Drop repeated texts keeping the first, as Hermes's `dict.fromkeys` does at load."""
    seen: set[str] = set()
    kept = []
    for piece in pieces:
        if piece.text not in seen:
            seen.add(piece.text)
            kept.append(piece)
    return kept


def parse_entries(text: str) -> list[str]:
    """The entries Hermes loads from a file's text: split, stripped, non-empty, de-duplicated."""
    return [piece.text for piece in unique_pieces(parse_pieces(hermes_text(text)))]


def drift(text: str, pieces: Sequence[Piece], limit: int) -> str | None:
    """Why Hermes's drift guard would refuse to rewrite this file (None when it round-trips and fits)."""
    if not text.strip():
        return None
    if text.strip() != DELIMITER.join(p.text for p in pieces):
        return "text beside a § delimiter does not round-trip (blank lines or spaces around it, or an empty entry)"
    longest = max(len(p.text) for p in pieces)
    if longest > limit:
        return f"one entry is {longest:,} chars, longer than the whole {limit:,}-char cap"
    return None


def usage(entries: Sequence[str]) -> int:
    """The characters Hermes counts against the cap: the joined entries, delimiters included."""
    return len(DELIMITER.join(entries)) if entries else 0


def render_snapshot(entries: list[str], target: str, limit: int) -> str | None:
    """The block Hermes injects into the system prompt for one store, or None when the store is empty."""
    if not entries:
        return None
    content = DELIMITER.join(entries)
    current = len(content)
    pct = min(100, int(current / limit * 100)) if limit > 0 else 0
    header = f"{HEADERS['user' if target == 'user' else 'memory']} [{pct}% — {current:,}/{limit:,} chars]"
    return f"{SEPARATOR}\n{header}\n{SEPARATOR}\n{content}"


# -- config.yaml: the two caps (read by PyYAML) ----------------------------------------------------------


def parse_memory_config(text: str) -> dict[str, str]:
    """The scalar keys of the top-level `memory:` mapping in a config.yaml, as the file's strings (read by PyYAML;
    ValueError with one line when the file is not YAML)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise ValueError(f"not YAML ({where}{getattr(error, 'problem', None) or 'unreadable'})") from None
    if not isinstance(node, yaml.MappingNode):
        return {}
    memory = next((value for key, value in node.value if isinstance(key, yaml.ScalarNode) and key.value == "memory"),
                  None)
    if not isinstance(memory, yaml.MappingNode):
        return {}
    return {key.value: value.value for key, value in memory.value
            if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode)}


def read_limits(root: Path) -> tuple[dict[str, int], list[str]]:
    """The caps for a memory folder: Hermes's defaults, overridden by `memory.*_char_limit` in the home's config.yaml."""
    limits = dict(DEFAULT_LIMITS)
    warnings: list[str] = []
    home = root.parent
    config = home / "config.yaml"
    if root.name != "memories" or not os.path.lexists(config):
        return limits, warnings
    try:
        text = read_text(config, root=home).text
        values = parse_memory_config(text)
        warnings.extend(config_drift(config, text))
    except SourceFileError as error:
        return limits, [f"{error} (using Hermes's default caps)"]
    except ValueError as error:
        return limits, [f"{config}: {error}; using Hermes's default caps"]
    for name, key in LIMIT_KEYS.items():
        if key not in values:
            continue
        try:
            limits[name] = int(values[key])
        except ValueError:
            warnings.append(f"{config}: memory.{key} {values[key]!r} is not a whole number; "
                            f"using Hermes's default {DEFAULT_LIMITS[name]:,}")
    return limits, warnings


# -- one file's state ------------------------------------------------------------------------------------


@dataclass
class FileState:
    """What one memory file holds now, and why memrev may not rewrite it (None when it may)."""

    path: Path
    exists: bool = False
    tracked: bool = True
    """Whether its digest can be checked for drift (a regular file inside the folder, or no file at all)."""
    digest: str | None = None
    mtime: float | None = None
    pieces: list[Piece] = field(default_factory=list)
    """The entries Hermes loads, de-duplicated, with their lines."""
    problem: str | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def entries(self) -> list[str]:
        """The entry texts Hermes loads from this file."""
        return [piece.text for piece in self.pieces]


def load_file(path: Path, root: Path, limit: int) -> FileState:
    """Read one memory file the way Hermes does; a bad file becomes warnings and a `problem`, never an error."""
    state = FileState(path)
    if not os.path.lexists(path):
        return state
    state.exists = True
    why = linked_outside(path, root)
    if why:
        return _unreadable(state, root, why)
    try:
        read = read_text(path, root=root)
    except SourceFileError as error:
        return _unreadable(state, root, str(error))
    text = hermes_text(read.text)
    all_pieces = parse_pieces(text)
    state.digest, state.mtime, state.pieces = read.digest, read.mtime, unique_pieces(all_pieces)
    key = LIMIT_KEYS.get(path.name, "memory_char_limit")
    used = usage(state.entries)
    if used > limit:
        state.warnings.append(f"{path}: {used:,}/{limit:,} chars exceeds Hermes's {key}; "
                              "Hermes still loads it but refuses to add to it")
    why = drift(text, all_pieces, limit)
    if why:
        state.problem = f"not in the shape Hermes writes ({why})"
        state.warnings.append(f"{path}: not in the shape Hermes writes: {why}; "
                              "Hermes refuses replace/remove on it and memrev will not rewrite it")
    return state


def _unreadable(state: FileState, root: Path, message: str) -> FileState:
    """A file Hermes cannot load: no entries, a warning, and no write-back to it."""
    path = state.path
    inside = is_within(path, root)
    regular = inside and path.is_file()
    try:
        state.digest = file_digest(path) if regular else None
    except SourceFileError:  # no permission to read it: known to exist, but its bytes cannot be compared
        regular = False
        state.digest = None
    state.tracked = regular
    if "invalid UTF-8" in message:
        state.problem = "could not be read as UTF-8 (Hermes loads it as empty and refuses to write it)"
        state.warnings.append(f"{message.removesuffix('; skipped')}: unreadable, Hermes loads nothing "
                              "from it and refuses writes to it")
    else:
        state.problem = "could not be read" if inside else "points outside the memory folder"
        state.warnings.append(message)
    return state


# -- Hermes's lock and atomic write -----------------------------------------------------------------------


@contextmanager
def hermes_lock(path: Path, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold Hermes's exclusive flock on `<file>.lock` (created 0600, never through a symlink) while writing."""
    if capturing():  # a preview's dry run writes nothing, so it takes no lock (and creates no lock file)
        yield
        return
    lock_path = path.with_name(path.name + ".lock")
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(lock_path, flags, 0o600)
    except OSError as error:
        why = "is a symlink; refusing to lock through it" if os.path.islink(lock_path) else (
            f"cannot open ({error.strerror or error})")
        raise SourceFileError(f"{lock_path}: {why}; nothing written") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise SourceFileError(f"{lock_path}: not a regular file; nothing written")
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise SourceFileError(f"{lock_path}: still locked after {timeout:g} s (Hermes is writing?); "
                                          "nothing written, try again") from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def write_hermes_file(path: Path, content: str) -> None:
    """Replace a memory file as Hermes's `_write_file` does: a `.mem_*.tmp` beside it, fsync, os.replace (the name
    ends `.memrev.tmp`, so one a kill leaves behind is known for memrev's and removed by the next start)."""
    atomic_write(path, content.encode("utf-8"), root=path.parent, prefix=".mem_", suffix=TEMP_SUFFIX,
                 new_file_mode=0o600)  # mkstemp's 0600, as a file Hermes creates


# -- write-back planning ----------------------------------------------------------------------------------


def file_for(entry: Entry) -> str:
    """The file an entry goes back to: USER.md when it came from one, else MEMORY.md."""
    name = os.path.basename(entry.source.file) if entry.source.file else ""  # no Path per entry: 10,000 add up
    return USER_FILE if name == USER_FILE else MEMORY_FILE


def _preview(text: str) -> str:
    """A short quoted start of an entry, for error messages."""
    return repr(text if len(text) <= 40 else text[:39] + "…")


def validate(path: Path, texts: Sequence[str], limit: int) -> str:
    """The file content for these entries, or ValueError (one line) when Hermes would not load them back as given."""
    seen: set[str] = set()
    for text in texts:
        if not text:
            raise ValueError(f"{path}: an entry is empty; Hermes drops empty entries, so nothing was written")
        if text in seen:
            raise ValueError(f"{path}: entry {_preview(text)} appears twice; Hermes keeps one, so nothing was written")
        seen.add(text)
    content = DELIMITER.join(texts)
    try:
        content.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{path}: an entry holds a character UTF-8 cannot encode ({error.reason}); "
                         "nothing written") from None
    back = [piece.text for piece in parse_pieces(hermes_text(content))]
    if back != list(texts):
        bad = next((t for t, b in zip(texts, back) if t != b), texts[min(len(back), len(texts) - 1)])
        raise ValueError(f"{path}: entry {_preview(bad)} would not read back as one entry (it holds a line with "
                         "only §, or a carriage return); nothing written")
    if len(content) > limit:
        raise OverCap(f"{path}: {len(content):,}/{limit:,} chars is over Hermes's {LIMIT_KEYS[path.name]} "
                         "(the 3-char § delimiters count); nothing written")
    return content


def _needs_writing(state: FileState, texts: list[str], expected: SourceRead) -> bool:
    """Whether this file must be rewritten to hold these entries, refusing (ValueError) a file memrev may not write."""
    if state.entries == texts:
        return False
    path = state.path
    if path not in expected.files:
        raise ValueError(f"{path}: was not readable when memrev read it; nothing written (re-import first)")
    if state.problem:
        raise ValueError(f"{path}: {state.problem}; nothing written")
    if path.is_symlink():
        raise ValueError(f"{path}: is a symlink; memrev does not write through links; nothing written")
    return True


# -- the adapter ------------------------------------------------------------------------------------------


def _profile(memories: Path) -> str:
    """The Hermes profile a memory folder belongs to (`default` for the home's own)."""
    return memories.parent.name if memories.parent.parent.name == "profiles" else "default"


def _ref(memories: Path) -> SourceRef:
    """The source for one memory folder, saying which profile it is."""
    profile = _profile(memories)
    what = "default profile" if profile == "default" else f"profile {profile}"
    return SourceRef(KIND, memories, f"Hermes notes and user profile, {what}")


@dataclass(frozen=True)
class HermesAdapter:
    """Reads and writes Hermes Agent's MEMORY.md and USER.md, per profile."""

    kinds: tuple[str, ...] = (KIND,)
    lock_timeout: float = LOCK_TIMEOUT

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """The active home's memory folder first (`$HERMES_HOME`, else `~/.hermes` or its sticky profile), marked
        active, then the root's and every other profile's, where they exist."""
        homes = hermes_homes(home, env, cwd)
        folders = [homes.active / "memories", homes.root / "memories"]
        try:
            folders += sorted(p / "memories" for p in homes.profiles.iterdir() if p.is_dir())
        except OSError:
            pass
        found = [folder for folder in dict.fromkeys(folders) if folder.is_dir()]
        return [replace(ref, detail=f"{ref.detail} (active)") if folder == homes.active / "memories" else ref
                for folder, ref in ((folder, _ref(folder)) for folder in found)]

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """A Hermes home or profile folder, its `memories` folder, or a MEMORY.md / USER.md in one."""
        if kind != KIND:
            raise ValueError(f"{kind}:{path}: the Hermes adapter reads only {KIND}: sources")
        path = Path(os.path.abspath(path))
        if path.name in FILES and path.is_file():
            return _ref(path.parent)
        if path.is_dir() and (path.name == "memories" or any((path / name).exists() for name in FILES)):
            return _ref(path)
        if (path / "memories").is_dir():
            return _ref(path / "memories")
        raise ValueError(f"{path}: not a Hermes home, profile or memories folder (no {path / 'memories'})")

    def read(self, ref: SourceRef) -> SourceRead:
        """Every entry of MEMORY.md then USER.md, as Hermes loads them; bad files become warnings."""
        result = SourceRead(ref)
        if not ref.root.is_dir():
            result.warnings.append(f"{ref.root}: no such folder")
            return result
        limits, warnings = read_limits(ref.root)
        result.warnings.extend(warnings)
        result.warnings.extend(folder_drift(ref.root))
        profile = _profile(ref.root)
        for name in FILES:
            state = load_file(ref.root / name, ref.root, limits[name])
            result.warnings.extend(state.warnings)
            if state.tracked:
                result.files[state.path] = state.digest
            written_at = datetime.fromtimestamp(state.mtime, timezone.utc) if state.mtime is not None else None
            for piece in state.pieces:
                result.entries.append(NativeEntry(
                    text=piece.text, file=state.path, anchor="entry",
                    line_start=piece.line_start, line_end=piece.line_end,
                    type=TYPES[name], scope_kind=ScopeKind.PRIVATE, project=None,
                    written_at=written_at, written_at_basis="mtime", written_by=WrittenBy.AGENT,
                    attributes={"target": TARGETS[name], "profile": profile},
                ))
        from memrev.core.sources import hermes_pending  # it builds on this module's lock and format

        pending = hermes_pending.read_pending(ref.root)
        result.warnings.extend(pending.warnings)
        result.files.update(pending.files)
        result.entries.extend(hermes_pending.native_entries(pending, profile))
        return result

    def owned_folders(self, ref: SourceRef) -> tuple[Path, ...]:
        """Where this source's staged writes wait (their entries stay this source's after Hermes deletes them)."""
        from memrev.core.sources.hermes_pending import pending_folder

        return (pending_folder(ref.root),)

    def settle(self, ref: SourceRef, read: SourceRead, stored: Sequence[Stored], store: MemoryStore) -> Settlement:
        """What became of the staged writes Hermes decided itself (see `hermes_settle`)."""
        from memrev.core.sources.hermes_settle import settle

        return settle(ref, read, stored, store)

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write these entries to MEMORY.md and USER.md under Hermes's locks, refusing drift, bad files and over-cap sets
        (a write Hermes staged is never written here: only its approval applies it)."""
        from memrev.core.sources.hermes_pending import is_staged

        root = ref.root
        entries = [entry for entry in entries if not is_staged(entry)]
        limits, _ = read_limits(root)
        by_name: dict[str, list[str]] = {name: [] for name in FILES}
        for entry in entries:
            by_name[file_for(entry)].append(entry.text.strip())
        texts = {root / name: group for name, group in by_name.items()}
        contents = {path: validate(path, group, limits[path.name]) for path, group in texts.items()}
        tracked = [path for path in texts if path in expected.files]  # the staged files are Hermes's to change
        check_no_drift(expected, tracked)
        states = [load_file(path, root, limits[path.name]) for path in texts]
        changing = [state.path for state in states if _needs_writing(state, texts[state.path], expected)]
        unchanged = [state.path for state in states if state.exists and state.path not in changing]
        if changing:
            with ExitStack() as locks:
                for path in changing:
                    locks.enter_context(hermes_lock(path, timeout=self.lock_timeout))
                check_no_drift(expected, tracked)  # again, now that no Hermes write can slip in between
                for path in changing:
                    write_hermes_file(path, contents[path])
        return WriteResult(written=changing, unchanged=unchanged)


ADAPTER = HermesAdapter()
