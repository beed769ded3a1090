"""Convert entries to and from plain dicts: the canonical exchange shape, also used for revisions and events."""

from __future__ import annotations

import functools
from datetime import datetime, timezone
from typing import Any, Mapping

from memrev.core.model import (
    NO_ATTRIBUTES,
    Entry,
    EntryType,
    Link,
    LinkKind,
    Project,
    Provenance,
    Scope,
    ScopeKind,
    Source,
    Status,
    WrittenBy,
    content_hash,
    derive_entry_id,
)
from memrev.core.store.exchange_fields import read_citation

FORMAT_VERSION = 1
"""Bumped when the exchange shape changes incompatibly."""


class EntryFormatError(ValueError):
    """A dict that cannot become an entry; the message names the offending field."""


@functools.lru_cache(maxsize=16_384)
def format_time(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with seconds, or None (remembered: a source's entries share their file's times)."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc).isoformat(timespec="seconds")


def parse_time(value: Any, field: str) -> datetime | None:
    """Read an ISO 8601 time (a naive one is taken as UTC); None stays None."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise EntryFormatError(f"{field}: expected an ISO 8601 string, got {type(value).__name__}")
    return _parse_iso(value, field)


@functools.lru_cache(maxsize=16_384)
def _parse_iso(value: str, field: str) -> datetime:
    """One ISO 8601 string as an aware UTC time (remembered: a source's entries share their file's times)."""
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise EntryFormatError(f"{field}: {value!r} is not an ISO 8601 time") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc)


def _require_encodable(value: str, field: str) -> None:
    """Reject strings with unpaired surrogates, which no file or database can store as UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise EntryFormatError(f"{field}: unpaired surrogate U+{ord(value[error.start]):04X} at character {error.start}") from None


def _require_all_encodable(value: Any, field: str) -> None:
    """Check every string (and key) in a nested dict/list, naming the field that holds a bad one."""
    if isinstance(value, str):
        _require_encodable(value, field)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str):
                _require_encodable(key, f"{field} key" if field else "key")
            _require_all_encodable(item, f"{field}.{key}" if field else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _require_all_encodable(item, f"{field}[{index}]")


def project_to_dict(project: Project | None) -> dict[str, Any] | None:
    """A project as a dict, or None for a global entry."""
    if project is None:
        return None
    return {
        "key": project.key,
        "name": project.name,
        "root_commit": project.root_commit,
        "remote": project.remote,
        "path": project.path,
    }


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """Every field of an entry as JSON-ready values."""
    p = entry.provenance
    return {
        "id": entry.id,
        "text": entry.text,
        "type": entry.type.value,
        "scope": {"kind": entry.scope.kind.value, "project": project_to_dict(entry.scope.project)},
        "source": {
            "agent": entry.source.agent,
            "file": entry.source.file,
            "anchor": entry.source.anchor,
            "content_hash": entry.source.content_hash,
        },
        "provenance": {
            "written_at": format_time(p.written_at),
            "written_at_basis": p.written_at_basis,
            "written_by": p.written_by.value,
            "session": p.session,
            "cwd": p.cwd,
            "branch": p.branch,
            "commit": p.commit,
            "citation": p.citation,
        },
        "verified_at": format_time(entry.verified_at),
        "verified_commit": entry.verified_commit,
        "version": entry.version,
        "confidence": entry.confidence,
        "confidence_reason": entry.confidence_reason,
        "status": entry.status.value,
        "links": [{"kind": link.kind.value, "target": link.target, "reason": link.reason} for link in entry.links],
        "removed_at": format_time(entry.removed_at),
        "attributes": dict(entry.attributes),
    }


def _mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A nested object field, empty when absent."""
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise EntryFormatError(f"{key}: expected an object, got {type(value).__name__}")
    return value


def _optional_str(data: Mapping[str, Any], key: str, where: str) -> str | None:
    """A string field that may be absent or null."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise EntryFormatError(f"{where}{key}: expected a string, got {type(value).__name__}")
    return value


def _enum(kind: type[Any], value: Any, field: str, default: Any) -> Any:
    """Parse an enum field, naming the allowed values on error."""
    if value is None:
        return default
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise EntryFormatError(f"{field}: {value!r} is not one of {allowed}") from None


def project_from_dict(data: Mapping[str, Any] | None) -> Project | None:
    """Rebuild a project, deriving its key when the dict has none."""
    if not data:
        return None
    root = _optional_str(data, "root_commit", "scope.project.")
    remote = _optional_str(data, "remote", "scope.project.")
    path = _optional_str(data, "path", "scope.project.")
    name = _optional_str(data, "name", "scope.project.") or ""
    key = _optional_str(data, "key", "scope.project.")
    if key:
        return Project(key=key, name=name or key, root_commit=root, remote=remote, path=path)
    try:
        return Project.from_parts(root_commit=root, remote=remote, path=path, name=name)
    except ValueError as error:
        raise EntryFormatError(f"scope.project: {error}") from None


def entry_from_dict(data: Any) -> Entry:
    """Build an entry from an exchange dict; only `text` is required, the rest has defaults."""
    if not isinstance(data, Mapping):
        raise EntryFormatError(f"expected a JSON object, got {type(data).__name__}")
    text = data.get("text")
    if not isinstance(text, str):
        raise EntryFormatError("text: required, and must be a string")
    _require_all_encodable(data, "")  # text, and every other string: SQLite stores them as UTF-8 too
    scope_data = {"kind": data["scope"]} if isinstance(data.get("scope"), str) else _mapping(data, "scope")
    cited = data.get("source") if isinstance(data.get("source"), str) else None
    source_data = {} if cited is not None else _mapping(data, "source")
    prov = dict(_mapping(data, "provenance"))
    if cited is not None:  # the minimal form: `source` is a citation (a commit, a session, a thread...)
        citation = read_citation(cited)
        prov.setdefault("citation", cited)
        prov.setdefault("commit", citation.commit)
        prov.setdefault("session", citation.session)
    if data.get("written_at") is not None:
        top, nested = parse_time(data["written_at"], "written_at"), parse_time(prov.get("written_at"),
                                                                               "provenance.written_at")
        if nested is not None and nested != top:
            raise EntryFormatError("written_at: given at the top and in provenance, with different times")
        prov["written_at"] = data["written_at"]
    source = Source(
        agent=_optional_str(source_data, "agent", "source.") or "jsonl",
        file=_optional_str(source_data, "file", "source."),
        anchor=_optional_str(source_data, "anchor", "source."),
        content_hash=content_hash(text),
    )
    confidence = data.get("confidence", 0.5)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 <= confidence <= 1:
        raise EntryFormatError(f"confidence: expected a number from 0 to 1, got {confidence!r}")
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise EntryFormatError(f"version: expected a whole number of at least 1, got {version!r}")
    links = []
    raw_links = data.get("links") or []
    if not isinstance(raw_links, list):
        raise EntryFormatError("links: expected a list")
    for index, link in enumerate(raw_links):
        if not isinstance(link, Mapping) or not isinstance(link.get("target"), str):
            raise EntryFormatError(f"links[{index}]: expected an object with a string target")
        kind = _enum(LinkKind, link.get("kind"), f"links[{index}].kind", None)
        if kind is None:
            raise EntryFormatError(f"links[{index}].kind: required")
        links.append(Link(kind=kind, target=link["target"], reason=str(link.get("reason") or "")))
    attributes = _mapping(data, "attributes")
    bad = next((key for key, value in attributes.items() if not isinstance(value, str)), None)
    if bad is not None:
        raise EntryFormatError(f"attributes.{bad}: expected a string, got {type(attributes[bad]).__name__}")
    entry_id = _optional_str(data, "id", "") or derive_entry_id(source, text)
    return Entry(
        id=entry_id,
        text=text,
        type=EntryType.parse(data.get("type")),
        scope=Scope(
            kind=_enum(ScopeKind, scope_data.get("kind"), "scope.kind", ScopeKind.PRIVATE),
            project=project_from_dict(_mapping(scope_data, "project")),
        ),
        source=source,
        provenance=Provenance(
            written_at=parse_time(prov.get("written_at"), "provenance.written_at"),
            written_at_basis=_optional_str(prov, "written_at_basis", "provenance.") or "recorded",
            written_by=_enum(WrittenBy, prov.get("written_by"), "provenance.written_by", WrittenBy.IMPORT),
            session=_optional_str(prov, "session", "provenance."),
            cwd=_optional_str(prov, "cwd", "provenance."),
            branch=_optional_str(prov, "branch", "provenance."),
            commit=_optional_str(prov, "commit", "provenance."),
            citation=_optional_str(prov, "citation", "provenance."),
        ),
        verified_at=parse_time(data.get("verified_at"), "verified_at"),
        verified_commit=_optional_str(data, "verified_commit", ""),
        version=version,
        confidence=float(confidence),
        confidence_reason=str(data.get("confidence_reason") or "not yet reviewed"),
        status=_enum(Status, data.get("status"), "status", Status.PENDING),
        links=tuple(links),
        removed_at=parse_time(data.get("removed_at"), "removed_at"),
        attributes=dict(attributes) if attributes else NO_ATTRIBUTES,
    )
