"""The one interface every agent adapter implements: discover sources, read them, write a reviewed set back."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Mapping, Protocol, Sequence

from memrev.core.model import Entry, EntryType, Project, ScopeKind, WrittenBy
from memrev.core.safe_io import SourceFileError, file_digest


class DriftError(RuntimeError):
    """The native files changed since memrev read them; nothing was written."""


class OverCap(ValueError):
    """A write-back that would leave a file over what its agent loads (never cut silently); nothing was written."""


@dataclass(frozen=True)
class SourceRef:
    """One place an agent keeps memory: the adapter kind and the folder or file it reads."""

    kind: str
    """The command-line prefix: `claude`, `claude-md`, `codex`, `agents-md`, `hermes` or `openclaw`."""
    root: Path
    """The memory folder (or, for instruction hierarchies, the project folder); reads never leave it."""
    detail: str = ""
    """What this source is, for `memrev sources` (for example `auto-memory of ~/src/shop`)."""

    @property
    def label(self) -> str:
        """The source as it would be written on the command line."""
        return f"{self.kind}:{self.root}"


@dataclass(frozen=True)
class NativeEntry:
    """One entry as the agent's files hold it, before memrev gives it an id."""

    text: str
    file: Path
    """The absolute path of the file the entry lives in."""
    anchor: str
    """A locator within the file that survives edits where the format allows (a heading, `body`, `entry`)."""
    line_start: int
    line_end: int
    """1-based line range, for the citation."""
    type: EntryType = EntryType.UNKNOWN
    scope_kind: ScopeKind = ScopeKind.PRIVATE
    project: Project | None = None
    written_at: datetime | None = None
    written_at_basis: str = "mtime"
    """How `written_at` is known: `mtime` (last resort), `filename`, `thread`, `recorded`..."""
    written_by: WrittenBy = WrittenBy.AGENT
    session: str | None = None
    cwd: str | None = None
    branch: str | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)
    """Format-specific fields kept for write-back and display (frontmatter name and description...)."""

    @property
    def citation(self) -> str:
        """`file:start-end`, a locator a reader can open."""
        span = f"{self.line_start}" if self.line_start == self.line_end else f"{self.line_start}-{self.line_end}"
        return f"{self.file}:{span}"


@dataclass
class SourceRead:
    """What one read of a source found, and the state of its files then (for the drift check on write)."""

    ref: SourceRef
    entries: list[NativeEntry] = field(default_factory=list)
    files: dict[Path, str | None] = field(default_factory=dict)
    """Every file the read looked at or would write, with its sha256 then (None when it did not exist)."""
    warnings: list[str] = field(default_factory=list)
    """One line each, naming the file: what was skipped and why."""


@dataclass(frozen=True)
class WriteResult:
    """What a write-back changed."""

    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)


class Adapter(Protocol):
    """Reads and writes one agent's native memory format."""

    kinds: tuple[str, ...]
    """The source kinds (command-line prefixes) this adapter handles."""

    def discover(self, *, cwd: Path, home: Path, env: Mapping[str, str]) -> list[SourceRef]:
        """Every source of this agent that applies to the repository at `cwd` and the user at `home`."""
        ...

    def source_for(self, kind: str, path: Path) -> SourceRef:
        """The source a command-line `kind:path` names (raising ValueError with one line when it names none)."""
        ...

    def read(self, ref: SourceRef) -> SourceRead:
        """Read every entry; a bad file becomes a warning and the rest still reads."""
        ...

    def write(self, ref: SourceRef, entries: Sequence[Entry], *, expected: SourceRead) -> WriteResult:
        """Write exactly these entries back in the native format, refusing with DriftError if files changed."""
        ...


def check_no_drift(expected: SourceRead, paths: Sequence[Path] | None = None) -> None:
    """Refuse (DriftError, nothing written) when any file differs from what `expected` saw."""
    for path in paths if paths is not None else sorted(expected.files):
        before = expected.files.get(path)
        try:
            now = file_digest(path)
        except SourceFileError as error:
            raise DriftError(f"{error}; nothing written (re-import, review, then write again)") from None
        if now != before:
            what = "appeared" if before is None else ("was deleted" if now is None else "changed")
            raise DriftError(f"{path}: {what} since memrev read it; nothing written (re-import, review, then write again)")
