"""`memrev confirm`, `revoke`, `edit`, `verify`, `fix`, `undo` and `review`: a person's decisions on entries."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from memrev.core.check.checker import Checker
from memrev.core.check.model import EntryCheck
from memrev.core.check.repo_index import RepositoryError
from memrev.core.check.visible import make_visible
from memrev.core.model import Entry
from memrev.core.review.actions import ReviewResult, confirm, edit, load_selection, record_verification, revoke
from memrev.core.review.fixes import apply_fixes, as_one_result, proposed_fixes
from memrev.core.review.undo import undo
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.sensitive import log_if_sensitive
from memrev.tui.cli.support import EXIT_FINDINGS, InputError, actor, open_store, repository_here, run_app, store_errors

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print what changed as JSON.")


def _repo(ctx: click.Context) -> Path | None:
    """The repository entries are checked against: --repo, else the one holding the current folder."""
    return ctx.find_root().obj.get("repo") or repository_here()


def _checked(ctx: click.Context, store: MemoryStore) -> tuple[dict[str, EntryCheck], Checker | None]:
    """Fresh checks of every entry against the repository (kept in the store), with the checker for re-checks;
    the stored checks when there is no repository here."""
    repo = _repo(ctx)
    if repo is None:
        return store.checks(), None
    try:
        checker = Checker(repo)
    except RepositoryError as error:
        raise InputError(str(error)) from None
    ctx.call_on_close(checker.close)
    results = checker.check_all(store.entries())
    store.save_checks(results.values())
    return results, checker


def _entry_json(entry: Entry) -> dict[str, Any]:
    """The review fields of an entry, for --json."""
    return {"id": entry.id, "status": entry.status.value, "version": entry.version,
            "confidence": round(entry.confidence, 2), "confidence_reason": entry.confidence_reason,
            "verified_at": entry.verified_at.isoformat() if entry.verified_at else None,
            "verified_commit": entry.verified_commit}


def _report(result: ReviewResult, verb: str, as_json: bool, extra: dict[str, Any] | None = None,
            why: str | None = None) -> None:
    """Print what an action changed (and why: `why`, else the entry's new confidence reason) and what it left
    alone, as lines or JSON."""
    if as_json:
        click.echo(json.dumps({"action": result.action_id, "changed": [_entry_json(e) for e in result.changed],
                               "skipped": [{"id": i, "why": why} for i, why in result.skipped], **(extra or {})},
                              ensure_ascii=False, indent=2))
        return
    for entry in result.changed:
        click.echo(f"{verb} {entry.id}: {why or entry.confidence_reason}")
    for entry_id, why in result.skipped:
        click.echo(f"unchanged {entry_id}: {why}")
    if result.action_id is not None and result.staged:
        click.echo(f"(#{result.action_id}; it decided Hermes's staged write of {', '.join(result.staged)}, which "
                   "changed Hermes's files: `memrev undo` cannot take it back)")
    elif result.action_id is not None:
        click.echo(f"(#{result.action_id}; `memrev undo` takes it back)")


@click.command("confirm")
@click.argument("entry_ids", nargs=-1, required=True, metavar="ID...")
@click.option("--despite-stale", is_flag=True, help="Vouch for entries whose latest check is stale (recorded).")
@JSON_OPTION
@click.pass_context
@store_errors
def confirm_command(ctx: click.Context, entry_ids: tuple[str, ...], despite_stale: bool, as_json: bool) -> None:
    """Vouch for entries after checking them: confirmed, verified at HEAD, confidence raised."""
    store = open_store(ctx)
    checks, _ = _checked(ctx, store)
    _report(confirm(store, list(entry_ids), actor=actor(), despite_stale=despite_stale, checks=checks),
            "confirmed", as_json)


@click.command("revoke")
@click.argument("entry_ids", nargs=-1, required=True, metavar="ID...")
@click.option("--reason", default="", help="Why (required; kept in the audit log).")
@click.option("--by", "by", default=None, metavar="ID", help="The correction entry that replaces them.")
@JSON_OPTION
@click.pass_context
@store_errors
def revoke_command(ctx: click.Context, entry_ids: tuple[str, ...], reason: str, by: str | None, as_json: bool) -> None:
    """Revoke entries with a reason; each stays as a tombstone with its history."""
    store = open_store(ctx)
    _report(revoke(store, list(entry_ids), actor=actor(), reason=reason, by=by), "revoked", as_json,
            why=reason.strip() + (f" (corrected by {by})" if by else ""))


@click.command("edit")
@click.argument("entry_id", metavar="ID")
@click.option("--text", default=None, help="The corrected text.")
@click.option("--editor", "use_editor", is_flag=True, help="Write the corrected text in $EDITOR.")
@JSON_OPTION
@click.pass_context
@store_errors
def edit_command(ctx: click.Context, entry_id: str, text: str | None, use_editor: bool, as_json: bool) -> None:
    """Correct an entry's text: a new revision by you, scanned and re-checked at once."""
    if (text is None) == (not use_editor):
        raise InputError("give the new text with --text TEXT or write it with --editor")
    store = open_store(ctx)
    current = store.get(entry_id)
    if current is None:
        raise InputError(f"no entry with id {entry_id!r} (see `memrev list`)")
    if use_editor:
        log_if_sensitive(store, current, "memrev edit --editor")
        try:
            written = click.edit(current.text, extension=".md", require_save=True)
        except click.ClickException as error:
            raise InputError(f"the editor failed ({error.format_message()}); nothing changed") from None
        if written is None:
            click.echo(f"unchanged {entry_id}: the editor closed without saving")
            return
        text = written.removesuffix("\n") if not current.text.endswith("\n") else written
    assert text is not None
    _, checker = _checked(ctx, store)
    result = edit(store, entry_id, text, actor=actor(), checker=checker, expected={entry_id: current})
    if result.blocked_reason:
        if as_json:
            click.echo(json.dumps({"action": None, "blocked": result.blocked_reason}, ensure_ascii=False))
        else:
            click.echo(f"blocked {entry_id}: {result.blocked_reason} (recorded; see `memrev rejections`)", err=True)
        sys.exit(EXIT_FINDINGS)
    verdicts = {key: check.verdict.value for key, check in result.checks.items()}
    _report(result, "edited", as_json, {"verdicts": verdicts})
    if verdicts and not as_json:
        click.echo(f"re-checked: {verdicts.get(entry_id, 'not checked')}")


@click.command("verify")
@click.argument("entry_ids", nargs=-1, metavar="[ID...]")
@click.option("--all", "every", is_flag=True, help="Verify every entry.")
@JSON_OPTION
@click.pass_context
@store_errors
def verify_command(ctx: click.Context, entry_ids: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Check entries now; those whose every reference holds are marked verified by check. Exit 1 when some are not."""
    if bool(entry_ids) == every:
        raise InputError("name entries to verify, or give --all")
    store = open_store(ctx)
    if _repo(ctx) is None:
        raise InputError("verify checks against a repository: run it inside one or give --repo")
    checks, _ = _checked(ctx, store)
    ids = list(checks) if every else list(entry_ids)
    unknown = [entry_id for entry_id in ids if store.get(entry_id) is None]
    if unknown:
        raise InputError(f"no entry with id {unknown[0]!r} (see `memrev list`)")
    result = record_verification(store, checks, actor=actor(), entry_ids=ids)
    _report(result, "verified", as_json, {"verdicts": {i: checks[i].verdict.value for i in ids if i in checks}})
    if result.skipped:
        sys.exit(EXIT_FINDINGS)


@click.command("fix")
@click.argument("entry_ids", nargs=-1, required=True, metavar="ID...")
@click.option("--yes", is_flag=True, help="Apply the fixes without asking.")
@JSON_OPTION
@click.pass_context
@store_errors
def fix_command(ctx: click.Context, entry_ids: tuple[str, ...], yes: bool, as_json: bool) -> None:
    """Apply the fixes the latest checks suggest (a renamed path, the repository's version...) after showing each
    diff; several IDs are one action, approved once and undone together."""
    store = open_store(ctx)
    checks, checker = _checked(ctx, store)
    entries = load_selection(store, entry_ids)
    fixes = proposed_fixes(entries, checks)
    if not as_json:
        for entry, fix in zip(entries, fixes):
            log_if_sensitive(store, entry, "memrev fix")
            for line in fix.diff():
                click.echo(make_visible(line))
            for change in fix.changes:
                click.echo(f"  {change.old} -> {change.new}: {change.why}")
    if as_json and not yes:
        raise InputError("--json needs --yes: a fix is applied only after you approve it")
    if not yes:
        question = "apply this fix?" if len(fixes) == 1 else f"apply these {len(fixes)} fixes as one action?"
        if not click.confirm(question, default=False):
            for entry in entries:
                click.echo(f"unchanged {entry.id}: the fix was not applied")
            return
    applied = apply_fixes(store, [entry.id for entry in entries], actor=actor(), checks=checks, checker=checker,
                          expected={entry.id: entry for entry in entries})
    blocked = [(fix.entry_id, result.blocked_reason) for fix, result in applied if result.blocked_reason]
    _report(as_one_result(applied), "fixed", as_json,
            {"fix": {fix.entry_id: fix.summary for fix, _ in applied}} if len(applied) > 1
            else {"fix": applied[0][0].summary})
    for entry_id, why in blocked:
        click.echo(f"blocked {entry_id}: {why}", err=True)
    if blocked:
        sys.exit(EXIT_FINDINGS)


@click.command("undo")
@click.argument("steps", type=click.IntRange(min=1), default=1, required=False, metavar="[N]")
@JSON_OPTION
@click.pass_context
@store_errors
def undo_command(ctx: click.Context, steps: int, as_json: bool) -> None:
    """Undo your last N actions (review actions, resolutions, audit decisions), newest first."""
    store = open_store(ctx)
    result = undo(store, actor=actor(), steps=steps)
    if as_json:
        click.echo(json.dumps({"undone": [{"action": a.id, "kind": a.kind, "summary": a.summary, "by": a.actor,
                                           "entries": list(a.entry_ids)} for a in result.undone],
                               "stopped": result.stopped or None}, ensure_ascii=False, indent=2))
        return
    for action in result.undone:
        click.echo(f"undid #{action.id} {action.kind} by {action.actor}: {action.summary}")
    if result.stopped:
        click.echo(f"stopped after {len(result.undone)} of {steps}: {result.stopped}")


@click.command("review")
@click.pass_context
@store_errors
def review_command(ctx: click.Context) -> None:
    """Walk what needs a person, riskiest first: y confirm, n revoke, e edit, f fix, s skip, u undo, q quit."""
    run_app(ctx.find_root().obj["db"], repo=_repo(ctx), triage=True)
