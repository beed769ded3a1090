"""The memory-entry model: plain, immutable dataclasses shared by the store, the CLI and the TUI."""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from enum import Enum
from types import MappingProxyType
from typing import Any, Mapping

_HEADING = re.compile(r"#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
"""A Markdown ATX heading line, its title in group 1."""


class EntryType(str, Enum):
    """What kind of memory an entry is, as Claude Code defines the four kinds."""

    USER = "user"
    FEEDBACK = "feedback"
    PROJECT = "project"
    REFERENCE = "reference"
    UNKNOWN = "unknown"

    @classmethod
    def parse(cls, value: object) -> EntryType:
        """Map any value to a type; a missing or unknown one is `unknown`, never an error."""
        if isinstance(value, cls):  # str() of a member is "EntryType.USER", not "user"
            return value
        known = cls._value2member_map_.get(value) if isinstance(value, str) else None
        if known is not None:  # a stored value as it is: a dict lookup, not an enum call per row
            return known  # type: ignore[return-value]
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            return cls.UNKNOWN


class ScopeKind(str, Enum):
    """Who may see an entry: the user alone or the whole team."""

    PRIVATE = "private"
    TEAM = "team"


class WrittenBy(str, Enum):
    """Who wrote an entry, as far as its source tells."""

    AGENT = "agent"
    HUMAN = "human"
    IMPORT = "import"


class Status(str, Enum):
    """Where an entry stands in review."""

    PENDING = "pending"
    ACTIVE = "active"
    CONFIRMED = "confirmed"
    REVOKED = "revoked"
    SUPERSEDED = "superseded"
    BLOCKED = "blocked"
    HELD = "held"
    """Suspicious to the scanner (not a confident block): kept out of every snapshot until a person releases it."""
    PURGED = "purged"


STOPPED = frozenset({Status.BLOCKED, Status.HELD})
"""The statuses the scanner gives: never loaded by an agent until a person releases the entry in the audit."""


class LinkKind(str, Enum):
    """How one entry points at another."""

    SUPERSEDES = "supersedes"
    SUPERSEDED_BY = "superseded_by"
    REVOKED_BY = "revoked_by"


@dataclass(frozen=True)
class Project:
    """A project identity that survives a moved or re-cloned checkout (root commit plus remote)."""

    key: str
    name: str = ""
    root_commit: str | None = None
    remote: str | None = None
    path: str | None = None

    @classmethod
    def from_parts(
        cls, *, root_commit: str | None, remote: str | None, path: str | None, name: str = ""
    ) -> Project:
        """Derive the stable key: root commit and remote when known, else the path."""
        if root_commit:
            basis = f"git:{root_commit}|{remote or ''}"
        elif remote:
            basis = f"remote:{remote}"
        elif path:
            basis = f"path:{path}"
        else:
            raise ValueError("a project needs a root commit, a remote or a path")
        key = "p-" + hashlib.sha256(basis.encode()).hexdigest()[:12]
        label = name or (remote.rsplit("/", 1)[-1] if remote else "") or (path or "").rstrip("/").rsplit("/", 1)[-1]
        return cls(key=key, name=label, root_commit=root_commit, remote=remote, path=path)


@dataclass(frozen=True)
class Scope:
    """Visibility (private or team) and the project an entry belongs to (None means global)."""

    kind: ScopeKind = ScopeKind.PRIVATE
    project: Project | None = None

    @property
    def label(self) -> str:
        """A short human label such as `team · shop` or `private · global`."""
        where = self.project.name if self.project else "global"
        return f"{self.kind.value} · {where}"


@dataclass(frozen=True)
class Source:
    """Where an entry lives natively: the agent kind and a locator a reader can open."""

    agent: str = "manual"
    file: str | None = None
    anchor: str | None = None
    content_hash: str = ""


@dataclass(frozen=True)
class Provenance:
    """Who wrote an entry, when, and from what working state."""

    written_at: datetime | None = None
    written_at_basis: str = "recorded"
    written_by: WrittenBy = WrittenBy.IMPORT
    session: str | None = None
    cwd: str | None = None
    branch: str | None = None
    commit: str | None = None
    citation: str | None = None


@dataclass(frozen=True)
class Link:
    """A typed, reasoned pointer from one entry to another."""

    kind: LinkKind
    target: str
    reason: str = ""


@dataclass(frozen=True)
class Entry:
    """One memory entry with everything memrev knows about it."""

    id: str
    text: str
    type: EntryType = EntryType.UNKNOWN
    scope: Scope = field(default_factory=Scope)
    source: Source = field(default_factory=Source)
    provenance: Provenance = field(default_factory=Provenance)
    verified_at: datetime | None = None
    verified_commit: str | None = None
    version: int = 1
    confidence: float = 0.5
    confidence_reason: str = "not yet reviewed"
    status: Status = Status.PENDING
    links: tuple[Link, ...] = ()
    removed_at: datetime | None = None
    """When the entry disappeared from its native source (None while the source still has it)."""
    attributes: Mapping[str, str] = field(default_factory=lambda: NO_ATTRIBUTES, hash=False)
    """What the agent's format says beside the text (Claude's `pinned` and `[[links]]`, OpenClaw's trigger,
    importance and project comments, a USER.md directive's observed date and status), shown and filterable."""

    def __post_init__(self) -> None:
        """Reject values no entry may hold, so bad data never reaches the store."""
        if not self.id:
            raise ValueError("an entry needs an id")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be between 0 and 1, not {self.confidence}")
        if self.version < 1:
            raise ValueError(f"version must be at least 1, not {self.version}")
        digest = content_hash(self.text)
        if self.source.content_hash != digest:
            object.__setattr__(self, "source", replace(self.source, content_hash=digest))

    def __getstate__(self) -> dict[str, Any]:
        """The fields to pickle (a worker process gets entries), the attributes as a plain dict."""
        return {**self.__dict__, "attributes": dict(self.attributes)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Fields back from a pickle, set as a frozen dataclass sets them."""
        for name, value in state.items():
            object.__setattr__(self, name, value)

    @property
    def first_line(self) -> str:
        """The first non-empty line of the text, for one-line listings."""
        for line in self.text.splitlines():
            if line.strip():
                return line.strip()
        return ""

    @property
    def headline(self) -> str:
        """The line a listing shows: the first line, or for a Markdown section its heading and the start of its
        body (`Testing — Run the suite with make test`), since the heading alone says little."""
        lines = [line.strip() for line in self.text.splitlines() if line.strip()]
        if not lines:
            return ""
        heading = _HEADING.match(lines[0])
        if heading is None or len(lines) == 1:
            return lines[0]
        body = next((line for line in lines[1:] if not _HEADING.match(line)), lines[1])
        return f"{heading.group(1)} — {body.lstrip('-*+ ').strip() or body}"

    def content_key(self) -> tuple[Any, ...]:
        """The fields whose change makes a new revision (text, type and scope)."""
        return (self.text, self.type, self.scope.kind, self.scope.project.key if self.scope.project else None)

    def evolve(self, **changes: Any) -> Entry:
        """Return a copy with some fields changed."""
        return replace(self, **changes)


NO_ATTRIBUTES: Mapping[str, str] = MappingProxyType({})
"""The attributes of an entry whose format says nothing beside its text (one shared, read-only mapping)."""


@functools.lru_cache(maxsize=65_536)
def content_hash(text: str) -> str:
    """A short, stable hash of an entry's text (remembered: an import builds each text's entry more than once)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def derive_entry_id(source: Source, text: str) -> str:
    """A stable id from the native locator when there is one, else from the text."""
    if source.file or source.anchor:
        basis = f"{source.agent}|{source.file or ''}|{source.anchor or ''}"
    else:
        basis = f"{source.agent}|text|{text}"
    return "m-" + hashlib.sha256(basis.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def utc_now() -> datetime:
    """The current time in UTC; the one real clock, injected everywhere else."""
    return datetime.now(timezone.utc)
