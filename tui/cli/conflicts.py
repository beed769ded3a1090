"""`memrev conflicts` and `memrev resolve`: see what disagrees, and settle it by an explicit choice."""

from __future__ import annotations

import json

import click

from memrev.core.check.visible import make_visible
from memrev.core.conflicts.detect import Conflict, find_conflicts
from memrev.core.conflicts.resolutions import keep_both, keep_one, replace_with_correction
from memrev.core.conflicts.scope_text import parse_scope
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.support import InputError, actor, open_store, store_errors


def current_conflicts(store: MemoryStore) -> list[Conflict]:
    """Every open conflict among the stored entries, with the repository facts of the stored checks."""
    return find_conflicts(store.entries(), checks=store.checks(), store=store)


def _conflict_dict(conflict: Conflict) -> dict:
    """A conflict as JSON-ready values."""
    return {"id": conflict.id, "kind": conflict.kind, "subject": conflict.subject, "evidence": conflict.evidence,
            "sides": [{"entry": side.entry_id, "value": side.value, "source": side.source, "stance": side.stance}
                      for side in conflict.sides]}


@click.command("conflicts")
@click.option("--json", "as_json", is_flag=True, help="Print every conflict as JSON.")
@click.pass_context
@store_errors
def conflicts_command(ctx: click.Context, as_json: bool) -> None:
    """List entries that disagree with each other, with the repository (after `memrev check`), or with a revocation."""
    found = current_conflicts(open_store(ctx))
    if as_json:
        click.echo(json.dumps([_conflict_dict(c) for c in found], ensure_ascii=True, indent=2))
        return
    if not found:
        click.echo("no open conflicts")
        return
    for conflict in found:
        click.echo(f"{conflict.id}  {conflict.kind}  {conflict.subject}")
        click.echo(f"  {make_visible(conflict.evidence)}")
        for side in conflict.sides:
            who = side.entry_id or "repository"
            click.echo(f"    {who}: {make_visible(side.value)} ({make_visible(side.source)})")


@click.command("resolve")
@click.argument("conflict_id")
@click.option("--keep", default=None, metavar="ENTRY|repository", help="Keep this side; the others are revoked.")
@click.option("--keep-both", "scopes", multiple=True, metavar="ENTRY=KIND[:PROJECT]",
              help="Keep every side, narrowing each named entry's scope (repeat per entry).")
@click.option("--correct", "correction", default=None, metavar="TEXT",
              help="Replace every side with this correction (the sides are revoked by it).")
@click.option("--reason", default="", help="Why, for the audit log.")
@click.pass_context
@store_errors
def resolve_command(ctx: click.Context, conflict_id: str, keep: str | None, scopes: tuple[str, ...],
                    correction: str | None, reason: str) -> None:
    """Resolve one conflict by an explicit choice: keep one side, keep both with narrower scopes, or correct."""
    if sum(bool(x) for x in (keep, scopes, correction)) != 1:
        raise InputError("choose exactly one of --keep, --keep-both and --correct")
    store = open_store(ctx)
    conflict = next((c for c in current_conflicts(store) if c.id == conflict_id), None)
    if conflict is None:
        raise InputError(f"no open conflict {conflict_id!r} (see `memrev conflicts`)")
    who = actor()
    if keep is not None:
        changed = keep_one(store, conflict, None if keep == "repository" else keep, actor=who,
                           reason=reason or f"kept {keep}")
        click.echo(f"kept {keep}; revoked {', '.join(e.id for e in changed) or 'nothing'}")
    elif scopes:
        wanted = {}
        for pair in scopes:
            entry_id, _, text = pair.partition("=")
            entry = store.get(entry_id)
            if entry is None:
                raise InputError(f"no entry with id {entry_id!r}")
            wanted[entry_id] = parse_scope(text, store.projects(), current=entry.scope)
        changed = keep_both(store, conflict, scopes=wanted, actor=who, reason=reason or "kept both, narrowed scopes")
        click.echo(f"kept both; narrowed {', '.join(e.id for e in changed) or 'nothing'}")
    else:
        made = replace_with_correction(store, conflict, correction or "", actor=who, reason=reason or "correction")
        click.echo(f"saved correction {made.id}; every side is revoked by it")
