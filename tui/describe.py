"""The provenance of an entry as labelled plain-text fields, shared by `memrev show` and the detail pane."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, Iterator, Sequence

from memrev.core.check.humanize import format_age, format_when
from memrev.core.check.model import EntryCheck, ReferenceCheck
from memrev.core.check.visible import describe_hidden, make_visible
from memrev.core.model import STOPPED, Entry
from memrev.core.scan.rejections import rejections
from memrev.core.scan.scanner import scan
from memrev.core.sources.attribute_notes import attribute_lines
from memrev.core.sources.hermes_pending import awaits_hermes
from memrev.core.store.records import Event, Revision


def ago(then: datetime, now: datetime) -> str:
    """How long ago `then` was, as words that read right (`3d ago`, `just now`, `in the future`)."""
    age = format_age(then, now)
    return {"now": "just now", "future": "in the future"}.get(age, f"{age} ago")


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters at a word boundary, with `…` when anything was cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def provenance_fields(entry: Entry, now: datetime) -> list[tuple[str, str]]:
    """(label, value) pairs for everything known about where an entry came from and how far it is trusted."""
    p = entry.provenance
    project = entry.scope.project
    source = entry.source.agent + (f" · {entry.source.file}" if entry.source.file else "")
    if entry.source.anchor:
        source += f" · {entry.source.anchor}"
    written = format_when(p.written_at)
    if p.written_at:
        written += f" ({ago(p.written_at, now)})"
    if p.written_at_basis != "recorded":
        written += f" [from {p.written_at_basis}]"
    verified = format_when(entry.verified_at) if entry.verified_at else "never"
    if entry.verified_at:
        verified += f" ({ago(entry.verified_at, now)})"
    if entry.verified_commit:
        verified += f" at {entry.verified_commit[:12]}"
    fields = [
        ("id", entry.id),
        ("status", f"{entry.status.value} · staged by Hermes, in its approval queue"
                   if awaits_hermes(entry)
                   else entry.status.value),
        ("type", entry.type.value),
        ("scope", entry.scope.kind.value),
        ("project", f"{project.name} ({project.remote or project.path or project.key})" if project else "global"),
        ("source", source),
        ("citation", p.citation or "-"),
        ("written", f"{written} by {p.written_by.value}"),
        ("session", p.session or "-"),
        ("cwd", p.cwd or "-"),
        ("branch", p.branch or "-"),
        ("commit", p.commit[:12] if p.commit else "-"),
        ("verified", verified),
        ("confidence", f"{entry.confidence:.2f} ({entry.confidence_reason})"),
        ("version", str(entry.version)),
    ]
    if entry.removed_at:
        fields.insert(6, ("at source", f"removed {format_when(entry.removed_at)}: the agent no longer loads it"))
    for link in entry.links:
        fields.append((link.kind.value.replace("_", " "), f"{link.target}" + (f" ({link.reason})" if link.reason else "")))
    return fields


def why_stopped(store: Any, entry: Entry) -> str:
    """For a blocked or held entry, the scanner rules that stopped it, from its recorded rejections (else from
    scanning its text now), and what the audit decided; "" for any other entry."""
    if entry.status not in STOPPED:
        return ""
    found = [r for r in rejections(store) if r.entry_id == entry.id]
    word = entry.status.value
    if found:
        rules = ", ".join(dict.fromkeys(rule for r in found for rule in r.rules))
        latest = found[-1]
        return f"{word} by the scanner: {rules} (rejection #{latest.id}, audit decision: {latest.decision.value})"
    result = scan(entry.text)
    if result.stopped:
        return f"{word}: the scanner finds {', '.join(result.rules)} in it now (no rejection was recorded)"
    return f"{word} by its source or a person; the scanner finds nothing in it now"


def revision_lines(revisions: Sequence[Revision], *, masked: bool = False) -> list[str]:
    """One line per kept revision, newest first (with `masked`, its size instead of its first line)."""
    return [f"v{r.version}  {format_when(r.created_at)}  "
            + (f"({len(r.entry.text):,} chars)" if masked else make_visible(r.entry.first_line))
            for r in reversed(revisions)]


def describe_entry(entry: Entry, revisions: Sequence[Revision], *, now: datetime,
                   masked: str | None = None, neighbours: Sequence[Entry] = ()) -> Iterator[str]:
    """The whole entry as plain lines: text (hidden characters marked), its attributes (a Claude memory's pinned
    count and links found among `neighbours`), provenance, revisions; with `masked`, that line stands for the text,
    the attributes are left out and the revisions show no words of theirs."""
    for line in make_visible(entry.text).splitlines() if masked is None else [masked]:
        yield line
    hidden = describe_hidden(entry.text) if masked is None else []
    if hidden:
        yield ""
        yield "hidden characters:"
        for line in hidden:
            yield f"  {make_visible(line)}"
    attributes = attribute_lines(entry, neighbours) if masked is None else []
    if attributes:
        yield ""
        yield "attributes:"
        wide = max(len(line.label) for line in attributes)
        for line in attributes:
            yield f"  {line.label.rjust(wide)}  {make_visible(line.value)}" + ("  (!)" if line.finding else "")
    yield ""
    width = max(len(label) for label, _ in provenance_fields(entry, now))
    for label, value in provenance_fields(entry, now):
        yield f"{label.rjust(width)}  {value}"
    yield ""
    yield "revisions:"
    for line in revision_lines(revisions, masked=masked is not None):
        yield f"  {line}"


_STATUS_MARKS = {"ok": "✓", "missing": "✗", "renamed": "→", "moved": "→", "changed": "~", "contradicted": "≠",
                 "unverifiable": "?"}
"""A one-character mark per reference status, so a column of them reads at a glance."""


def check_lines(check: EntryCheck, *, masked: bool = False) -> list[tuple[str, str]]:
    """The verdict, its reason and every reference with evidence, as (line, style key) pairs for any renderer; with
    `masked`, each reference is named by the value it was looked up by instead of its words in the text."""
    lines = [(f"{check.verdict.value} · confidence {check.confidence:.2f} · {check.reason}", f"verdict-{check.verdict.value}")]
    if check.head:
        lines.append((f"checked at HEAD {check.head[:12]}", "muted"))
    for note in check.notes:
        lines.append((f"note: {note}", "muted"))
    for ref in unique_references(check.references):
        mark = _STATUS_MARKS.get(ref.status.value, "·")
        named = ref.value if masked else ref.text
        lines.append((f"{mark} {ref.status.value:<12} {ref.kind} {make_visible(named)}", f"status-{ref.status.value}"))
        lines.append((f"    {make_visible(ref.evidence)}", ""))
        for side, value, source in ref.facts:
            lines.append((f"    {side}: {make_visible(value)} ({source})", ""))
        for commit in ref.commits:
            counts = f" +{commit.added} -{commit.removed}" if commit.added is not None else ""
            when = f" {commit.time:%Y-%m-%d}" if commit.time else ""
            lines.append((f"    {commit.sha[:8]}{when}{counts} {make_visible(commit.subject)}", "muted"))
        if ref.suggestion:
            lines.append((f"    suggestion: {make_visible(ref.suggestion)}", "suggestion"))
    return lines


def unique_references(references: Sequence[ReferenceCheck]) -> list[ReferenceCheck]:
    """The references of a check with repeats of one kind and value dropped (`uv` named three times is one)."""
    seen: set[tuple[str, str, str]] = set()
    kept = []
    for ref in references:
        key = (ref.kind, ref.value, ref.status.value)
        if key not in seen:
            seen.add(key)
            kept.append(ref)
    return kept


def without_repeats(check: EntryCheck) -> EntryCheck:
    """The check with each reference listed once by kind and value, for reports."""
    kept = unique_references(check.references)
    return check if len(kept) == len(check.references) else replace(check, references=tuple(kept))


HISTORY_ACTIONS = frozenset({"confirm", "revoke", "edit", "fix", "verify", "undo", "unblock", "correction",
                             "supersede", "link", "sensitive", "not-sensitive", "reveal"})
"""Events a person (or their undo) caused, shown as the entry's review history."""


def history_lines(events: Sequence[Event]) -> list[str]:
    """The review history of an entry, oldest first: when, who, what and why, one line each."""
    lines = []
    for event in events:
        if event.action in HISTORY_ACTIONS or event.action.startswith(("status:", "rejection:")):
            why = f": {event.reason}" if event.reason else ""
            lines.append(f"{format_when(event.at)}  {event.actor}  {event.action}{why}")
    return lines
