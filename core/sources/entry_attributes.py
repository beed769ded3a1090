"""Which of a native entry's format fields become the stored entry's attributes: what a person reviews and filters
by (Claude's `pinned` and `[[links]]`, OpenClaw's annotations and USER.md directive header, a Hermes staged
write's action, target and place in its batch), never the bookkeeping an adapter keeps only to write the file back."""

from __future__ import annotations

from typing import Mapping

from memrev.core.model import NO_ATTRIBUTES

KEPT: dict[str, tuple[str, ...]] = {
    "claude": ("name", "description", "modified", "pinned", "links", "path"),
    "hermes": ("staged", "action", "target", "target_entry", "batch"),
}
"""By source kind, the native attributes an entry keeps (`path`, the file's place in its memory folder, is what a
`[[link]]` may name; it is kept but not shown)."""
OPENCLAW_INTERNAL = frozenset({"marker", "file_kind", "date"})
"""OpenClaw's attributes that only place an entry in its file (its list marker, which kind of file, a daily log's
date, already the entry's written time); every other one is an annotation or a directive header, kept, unknown
keys included, since OpenClaw's recall reads them."""
HIDDEN = frozenset({"path"})
"""Attributes kept for findings but not shown (the source line already names the file)."""


def entry_attributes(kind: str, native: Mapping[str, str]) -> Mapping[str, str]:
    """The attributes an entry of this source kind keeps from its native ones (none for other kinds)."""
    if not native:
        return NO_ATTRIBUTES
    if kind == "openclaw":
        kept = {key: value for key, value in native.items() if key not in OPENCLAW_INTERNAL}
    else:
        kept = {key: native[key] for key in KEPT.get(kind, ()) if native.get(key)}
    if kind == "claude" and kept.get("pinned") == "no":
        del kept["pinned"]  # `pinned: false` says what no key says
    return kept or NO_ATTRIBUTES
