"""The exchange format's field names, and how the minimal record's short forms read: `source` as a citation string
and `scope` as its kind."""

from __future__ import annotations

import re
from typing import Any, Mapping, NamedTuple

__all__ = ["FIELDS", "NESTED", "Citation", "read_citation", "unknown_fields"]

FIELDS = frozenset({"id", "text", "type", "scope", "source", "provenance", "written_at", "verified_at",
                    "verified_commit", "version", "confidence", "confidence_reason", "status", "links",
                    "removed_at", "attributes"})
"""Every top-level field an entry line may have (`written_at` is the minimal form's; the full form nests it)."""
NESTED = {
    "scope": frozenset({"kind", "project"}),
    "source": frozenset({"agent", "file", "anchor", "content_hash"}),
    "provenance": frozenset({"written_at", "written_at_basis", "written_by", "session", "cwd", "branch", "commit",
                             "citation"}),
}
"""The fields of each nested object."""

_COMMIT = re.compile(r"[0-9a-f]{7,40}")
_SESSION = re.compile(r"(?:session[:/ ]\s*)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
                      r"|session[:/ ]\s*(\S+)", re.IGNORECASE)


class Citation(NamedTuple):
    """What a `source` string cites: the commit (a 7 to 40 character SHA) and the session (a UUID or `session:ID`),
    each None when the string is not one."""

    commit: str | None
    session: str | None


def read_citation(value: str) -> Citation:
    """What a `source` string is, by its shape: a commit SHA, a session id, or neither (a thread, a URL, a note)."""
    text = value.strip()
    if _COMMIT.fullmatch(text.lower()) and any(c.isdigit() for c in text):
        return Citation(text.lower(), None)
    session = _SESSION.fullmatch(text)
    if session is not None:
        return Citation(None, session.group(1) or session.group(2))
    return Citation(None, None)


def unknown_fields(data: Mapping[str, Any]) -> list[str]:
    """The fields of an entry line memrev does not know, dotted for nested ones (`provenance.mood`)."""
    found = [key for key in data if key not in FIELDS]
    for name, known in NESTED.items():
        nested = data.get(name)
        if isinstance(nested, Mapping):
            found += [f"{name}.{key}" for key in nested if key not in known]
    return found
