"""`memrev sensitive`: mark entries sensitive (masked until revealed, left out of exports) or take the mark off."""

from __future__ import annotations

import json

import click

from memrev.core.model import Entry
from memrev.core.review.sensitive import mark_sensitive, unmark_sensitive, why_sensitive
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.sensitive import log_reveal
from memrev.tui.cli.support import actor, open_store, store_errors


def log_if_sensitive(store: MemoryStore, entry: Entry, where: str) -> None:
    """Log a reveal before a command shows a sensitive entry's text (in an editor, in a fix's diff)."""
    if why_sensitive(store, entry):
        log_reveal(store, entry.id, actor(), where=where)


@click.command("sensitive")
@click.argument("entry_ids", nargs=-1, required=True, metavar="ID...")
@click.option("--off", is_flag=True, help="Take your mark off instead (an entry holding a redacted secret stays "
              "sensitive).")
@click.option("--reason", default="", help="Why (kept in the audit log).")
@click.option("--json", "as_json", is_flag=True, help="Print what changed as JSON.")
@click.pass_context
@store_errors
def sensitive_command(ctx: click.Context, entry_ids: tuple[str, ...], off: bool, reason: str, as_json: bool) -> None:
    """Mark entries sensitive: their text is masked in `list`, `show` and the app until revealed (logged), left out
    of `export` and of `check --json`/SARIF; --off takes the mark off. Undoable."""
    store = open_store(ctx)
    change = unmark_sensitive if off else mark_sensitive
    result = change(store, list(entry_ids), actor=actor(), reason=reason)
    if as_json:
        click.echo(json.dumps({"action": result.action_id, "sensitive": not off, "changed": result.changed_ids,
                               "skipped": [{"id": i, "why": why} for i, why in result.skipped]},
                              ensure_ascii=False, indent=2))
        return
    verb = "not sensitive" if off else "sensitive"
    for entry_id in result.changed_ids:
        click.echo(f"{verb}: {entry_id}" + (f" ({reason.strip()})" if reason.strip() else ""))
    for entry_id, why in result.skipped:
        click.echo(f"unchanged {entry_id}: {why}")
    if result.action_id is not None:
        click.echo(f"(#{result.action_id}; `memrev undo` takes it back)")
