"""`memrev purge`: remove entries' content for good, from the store and the agents' files, and check no byte is left."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from memrev.core.freeze.purge import PurgeError, preview, purge, select_entries, verify
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.support import EXIT_FINDINGS, InputError, actor, open_store, store_errors


def _verify(ctx: click.Context, store: MemoryStore, entry_ids: tuple[str, ...], text_from: str | None,
            as_json: bool) -> None:
    """`--verify`: where the bytes of each entry named (or of the text on stdin) are now; exit 1 when found."""
    if text_from is not None:
        if text_from != "-":
            raise InputError("--text takes - and reads the text on stdin (so it stays out of your shell history)")
        reports = [verify(store, text=sys.stdin.read())]
    elif entry_ids:
        reports = [verify(store, entry_id) for entry_id in entry_ids]
    else:
        raise InputError("--verify needs entry ids, or --text - with the text on stdin")
    if as_json:
        click.echo(json.dumps([{"what": r.what, "recorded": r.recorded, "found": r.found,
                                "residue": r.residue.to_dict() if r.residue else None} for r in reports], indent=2))
    else:
        for report in reports:
            click.echo("\n".join(report.lines()))
    if any(report.found for report in reports):
        ctx.exit(EXIT_FINDINGS)


@click.command("purge")
@click.argument("entry_ids", nargs=-1, metavar="[ID...]")
@click.option("--session", default=None, metavar="S", help="Every entry of this session or thread.")
@click.option("--source", "source_file", default=None, metavar="FILE", help="Every entry of this file (or folder).")
@click.option("--match", default=None, metavar="QUERY", help="Every entry whose text matches this full-text search.")
@click.option("--reason", default="", metavar="R", help="Why, for the audit log (the log keeps no content).")
@click.option("--dry-run", is_flag=True, help="Show what would be removed, from where; change nothing.")
@click.option("--yes", is_flag=True, help="Purge without asking.")
@click.option("--verify", "check", is_flag=True,
              help="Search every file memrev knows for the entries' bytes (or the --text) instead; exit 1 when found.")
@click.option("--text", "text_from", default=None, metavar="-", help="With --verify: search for the text on stdin.")
@click.option("--json", "as_json", is_flag=True, help="Print the preview and what was done as JSON.")
@click.pass_context
@store_errors
def purge_command(ctx: click.Context, entry_ids: tuple[str, ...], session: str | None, source_file: str | None,
                  match: str | None, reason: str, dry_run: bool, yes: bool, check: bool, text_from: str | None,
                  as_json: bool) -> None:
    """Remove entries' content for good: from the store (every revision, event payload, undo step, index and
    snapshot, then the database pages) and from the agents' files; the log keeps who purged what, when and why."""
    store = open_store(ctx)  # which also finishes the page rewrite of a purge a kill interrupted
    if check:
        try:
            _verify(ctx, store, entry_ids, text_from, as_json)
        except PurgeError as error:
            raise InputError(str(error)) from None
        return
    if text_from is not None:
        raise InputError("--text goes with --verify")
    try:
        if not (entry_ids or session or source_file or match):
            raise PurgeError("name what to purge: entry ids, --session, --source or --match")
        selection = select_entries(store, entry_ids, session=session, source=source_file, match=match)
        plan = preview(store, selection, actor=actor())
    except PurgeError as error:
        raise InputError(str(error)) from None
    result: dict[str, Any] = {"preview": plan.to_dict()}
    if not as_json:
        click.echo("\n".join(plan.lines()))
    if dry_run or not selection.entries:
        if as_json:
            click.echo(json.dumps(result, indent=2))
        return
    if not yes:
        if not sys.stdin.isatty():
            raise InputError("purge removes content for good: confirm with --yes (or run it in a terminal)")
        count = len(selection.entries)
        if not click.confirm(f"purge {count} entr{'y' if count == 1 else 'ies'} for good?", default=False, err=True):
            click.echo("nothing purged", err=True)
            return
    report = purge(store, plan, actor=actor(), reason=reason)
    if as_json:
        result["report"] = report.to_dict()
        click.echo(json.dumps(result, indent=2))
    else:
        click.echo("\n".join(report.lines()))
        if report.finished:
            click.echo("(`memrev purge --verify --text -` searches for a text you give on stdin)")
    if not report.ok:
        ctx.exit(EXIT_FINDINGS)
