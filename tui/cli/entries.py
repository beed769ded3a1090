"""`memrev export`, `list`, `show` and `log`: read the store's entries, revisions and audit events."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Collection, Mapping

import click

from memrev.core.check.humanize import format_age, format_when
from memrev.core.check.model import EntryCheck
from memrev.core.check.visible import make_visible
from memrev.core.model import Entry, EntryType, ScopeKind, Status, utc_now
from memrev.core.scan.rejections import rejection_records
from memrev.core.sources.hermes_pending import MARK, awaits_hermes, is_staged
from memrev.core.sources.hermes_settle import staged_place
from memrev.core.sources.hermes_staged import batch_operation
from memrev.core.review.sensitive import mask, secret_at_source, sensitive_ids, why_sensitive
from memrev.core.store.freezes import frozen_entry_ids
from memrev.core.store.jsonl import write_jsonl
from memrev.core.store.query import EntryIndex, query_problems
from memrev.core.store.records import EntryFilter
from memrev.core.store.sensitive import log_reveal
from memrev.core.store.serialize import entry_to_dict
from memrev.tui.cli.support import InputError, actor, open_store, store_errors, table


@click.command("export")
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file (atomically) instead of standard output.")
@click.option("--frozen", is_flag=True, help="Only the entries the last freeze of each source kept (the reviewed set).")
@click.option("--include-sensitive", is_flag=True, help="Export sensitive entries too (left out by default).")
@click.pass_context
@store_errors
def export_command(ctx: click.Context, fmt: str, output: Path | None, frozen: bool, include_sensitive: bool) -> None:
    """Export every entry (or, with --frozen, the reviewed set the agents load) in the canonical exchange format;
    sensitive entries only with --include-sensitive."""
    if output is not None and not output.parent.is_dir():
        raise InputError(f"{output.parent}: no such folder for the export")
    store = open_store(ctx, write=False)
    entries = store.entries()
    if frozen:
        kept = frozen_entry_ids(store)
        if kept is None:
            raise InputError("nothing frozen yet: `memrev freeze` first (see `memrev freeze --preview`)")
        wanted = set(kept)  # a purged entry is gone from the set even before the next freeze says so
        entries = [entry for entry in entries if entry.id in wanted and entry.status is not Status.PURGED]
    left_out = 0
    sensitive = frozenset() if include_sensitive else frozenset(sensitive_ids(store))
    if not include_sensitive:
        left_out = sum(entry.id in sensitive for entry in entries)
        entries = [entry for entry in entries if entry.id not in sensitive]
    trail = [] if frozen else rejection_records(store, leave_out=sensitive)
    if left_out:
        noun = "entry" if left_out == 1 else "entries"
        click.echo(f"memrev: left out {left_out} sensitive {noun} (--include-sensitive exports them)", err=True)
    if output is None:
        write_jsonl(entries, sys.stdout, trail)
        return
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=output.parent or ".", delete=False,
                                         prefix=f".{output.name}.", suffix=".tmp")
    try:
        with handle:
            write_jsonl(entries, handle, trail)
            handle.flush()
            os.fsync(handle.fileno())
        Path(handle.name).replace(output)
    except BaseException as error:  # a full disk, an interrupt: no half-written file, no temporary left behind
        Path(handle.name).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise InputError(f"{output}: could not write the export ({error.strerror or error}); "
                             "nothing was written") from None
        raise
    carried = f" and {len(trail)} rejection(s) of the audit trail" if trail else ""
    click.echo(f"exported {len(entries)} entries{carried} to {output}", err=True)


def _enum_choice(kind: type[Any]) -> click.Choice:
    """A click choice over an enum's values."""
    return click.Choice([member.value for member in kind])


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print every field of every entry as JSON.")
@click.option("--type", "entry_type", type=_enum_choice(EntryType), default=None)
@click.option("--scope", type=_enum_choice(ScopeKind), default=None)
@click.option("--status", type=_enum_choice(Status), default=None)
@click.option("--where", "where", multiple=True, metavar="FILTER",
              help="Keep entries matching the app's filter (`importance>=3`, `trigger:deploy`, `pinned:yes`, "
                   "`project:X`, `observed>=2026-08-01`, words); repeat to narrow further.")
@click.pass_context
@store_errors
def list_command(ctx: click.Context, as_json: bool, entry_type: str | None, scope: str | None, status: str | None,
                 where: tuple[str, ...]) -> None:
    """List entries, optionally narrowed by type, scope and status, and by the app's filter (--where)."""
    query = " ".join(where)
    problems = query_problems(query)
    if problems:
        raise InputError(f"--where: {problems[0]}")
    store = open_store(ctx, write=False)
    entries = store.entries(EntryFilter(
        type=EntryType(entry_type) if entry_type else None,
        scope_kind=ScopeKind(scope) if scope else None,
        status=Status(status) if status else None,
    ))
    sensitive = sensitive_ids(store)
    if query.strip():
        entries = _matching(entries, query, store.checks(), sensitive)
    if as_json:
        rows = [_entry_dict(entry, sensitive=entry.id in sensitive, hide=entry.id in sensitive) for entry in entries]
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not entries:
        click.echo(f"no entry matches --where {query!r}" if query.strip() else
                   "no entries (try `memrev demo` or `memrev import jsonl:FILE`)")
        return
    now = utc_now()
    checks = store.checks()
    rows = [(e.id, _status(e), e.type.value, e.scope.label,
             format_age(e.verified_at, now), f"{checks[e.id].confidence if e.id in checks else e.confidence:.2f}",
             _staged_text(e, mask(e.text) if e.id in sensitive else make_visible(e.headline), e.id in sensitive))
            for e in entries]
    for line in table(("ID", "STATUS", "TYPE", "SCOPE", "VERIFIED", "CONF", "TEXT"), rows):
        click.echo(line)


def _matching(entries: list[Entry], query: str, checks: Mapping[str, EntryCheck], sensitive: Collection[str]) -> list[Entry]:
    """The entries the app's filter box would show for this query (the same parser and matcher: a sensitive
    entry's text is never searched, `verdict:` reads the latest checks)."""
    index = EntryIndex(entries)
    index.set_sensitive(sensitive)
    index.set_verdicts({key: check.verdict.value for key, check in checks.items()})
    return index.filter(query)


def _status(entry: Entry) -> str:
    """The STATUS cell: `removed` once gone at its source, `staged by Hermes` for a write Hermes waits on."""
    if entry.removed_at:
        return "removed"
    if awaits_hermes(entry):
        return MARK
    return entry.status.value


TARGET_CHARS = 30
"""How much of a staged replace's target the listing shows before the new text."""


def _staged_text(entry: Entry, text: str, hidden: bool) -> str:
    """The TEXT cell of a live staged Hermes write says what it would do: `add to MEMORY.md: …`, `remove from
    USER.md: …`, `replace "old…" with: …` (its exact target, cut short; a sensitive one masked too), and which
    operation of its batch it is (`[batch 2/3] …`)."""
    place = staged_place(entry.source.anchor) if entry.removed_at is None and is_staged(entry) else None
    if place is None:
        return text
    batch = batch_operation(entry.source.anchor)
    head = f"[batch {batch[0]}/{batch[1]}] " if batch else ""
    if place.action == "add":
        return f"{head}add to {place.file_name}: {text}"
    if place.action == "remove":
        return f"{head}remove from {place.file_name}: {text}"
    target = mask(place.target_entry) if hidden else make_visible(place.target_entry.splitlines()[0]
                                                                  if place.target_entry else "")
    target = target if len(target) <= TARGET_CHARS else target[:TARGET_CHARS - 1] + "…"
    return f"{head}replace {json.dumps(target, ensure_ascii=False)} with: {text}"


@click.command("show")
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Print the entry, its revisions and its events as JSON.")
@click.option("--reveal", is_flag=True, help="Show a sensitive entry's text (the reveal is logged).")
@click.pass_context
@store_errors
def show_command(ctx: click.Context, entry_id: str, as_json: bool, reveal: bool) -> None:
    """Show one entry with its provenance, revisions and events; a sensitive entry's text only with --reveal."""
    store = open_store(ctx, write=reveal)  # a reveal is logged
    entry = store.get(entry_id)
    if entry is None:
        raise InputError(f"no entry with id {entry_id!r} (see `memrev list`)")
    why = why_sensitive(store, entry)
    if why and reveal:
        log_reveal(store, entry_id, actor(), where="memrev show")
    hide = bool(why) and not reveal
    revisions = store.revisions(entry_id)
    events = store.events(entry_id)
    if as_json:
        click.echo(json.dumps({
            "entry": _entry_dict(entry, sensitive=bool(why), hide=hide),
            "sensitive": why or None,
            "revisions": [{"version": r.version, "created_at": r.created_at.isoformat(),
                           "entry": _entry_dict(r.entry, sensitive=bool(why), hide=hide)} for r in revisions],
            "events": [_event_dict(event, hide) for event in events],
        }, ensure_ascii=False, indent=2))
        return
    from memrev.tui.describe import describe_entry, why_stopped

    stopped = why_stopped(store, entry)
    if stopped:
        click.echo(stopped)
    if why:
        click.echo(f"sensitive: {why}")
        note = secret_at_source(store, entry)
        if note is not None:
            click.echo(f"secret: {note.text}")
    masked = mask(entry.text, f"`memrev show {entry_id} --reveal` shows it (logged)") if hide else None
    beside = store.entries(EntryFilter(agent=entry.source.agent)) if entry.attributes else []
    for line in describe_entry(entry, revisions, now=utc_now(), masked=masked, neighbours=beside):
        click.echo(line)
    click.echo("")
    click.echo("events:")
    for event in events:
        click.echo(f"  {format_when(event.at)}  {event.actor}  {event.action}  {event.reason}".rstrip())


def _entry_dict(entry: Entry, *, sensitive: bool, hide: bool) -> dict[str, Any]:
    """An entry as JSON-ready values with whether it is sensitive, its text and attributes left out (null) when
    `hide`."""
    data = entry_to_dict(entry)
    data["sensitive"] = sensitive
    if hide:
        data["text"] = None
        data["attributes"] = None  # a name, a description or a link can say what the text says
    return data


def _without_text(snapshot: dict[str, Any] | None) -> dict[str, Any] | None:
    """An event's before or after with any entry text in it left out (null)."""
    return {**snapshot, "text": None} if isinstance(snapshot, dict) and "text" in snapshot else snapshot


def _event_dict(event: Any, hide: bool = False) -> dict[str, Any]:
    """An audit event as JSON-ready values; with `hide`, no entry text in its before and after."""
    before, after = (_without_text(event.before), _without_text(event.after)) if hide else (event.before, event.after)
    return {"id": event.id, "at": event.at.isoformat(), "actor": event.actor, "action": event.action,
            "entry_id": event.entry_id, "before": before, "after": after, "reason": event.reason}


@click.command("log")
@click.option("--json", "as_json", is_flag=True, help="Print events as JSON.")
@click.option("--entry", "entry_id", default=None, help="Only this entry's events.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the newest N events.")
@click.pass_context
@store_errors
def log_command(ctx: click.Context, as_json: bool, entry_id: str | None, limit: int | None) -> None:
    """Show the audit log: every change, who made it, when and why."""
    store = open_store(ctx, write=False)
    if entry_id is not None and store.get(entry_id) is None and not store.events(entry_id, limit=1):
        raise InputError(f"no entry with id {entry_id!r} (see `memrev list`)")
    events = store.events(entry_id, limit=limit)
    if as_json:
        sensitive = sensitive_ids(store)
        click.echo(json.dumps([_event_dict(event, event.entry_id in sensitive) for event in events],
                              ensure_ascii=False, indent=2))
        return
    rows = [(str(e.id), format_when(e.at), e.actor, e.action, e.entry_id or "-", e.reason) for e in events]
    for line in table(("#", "WHEN", "WHO", "ACTION", "ENTRY", "REASON"), rows):
        click.echo(line)
