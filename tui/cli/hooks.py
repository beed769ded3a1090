"""`memrev hook ...`: Claude Code hooks that gate memory writes and brief a new session on what to distrust."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from memrev.core.check.model import Verdict
from memrev.core.check.visible import make_visible
from memrev.core.freeze.gate import since_last_freeze
from memrev.core.model import Status
from memrev.core.scan.rejections import Decision, rejections
from memrev.core.store.memory_store import MemoryStore
from memrev.tui.cli.support import open_store
from memrev.tui.describe import shorten
from memrev.tui.hook_runner import run_pre_tool_use

MAX_LISTED = 8
"""The session-start summary lists at most this many entries per kind, so it stays short in the context."""


@click.group("hook")
def hook_group() -> None:
    """Claude Code hooks: gate memory writes (PreToolUse) and summarise what to distrust (SessionStart)."""


@hook_group.command("claude-pre-tool-use")
@click.pass_context
def pre_tool_use_command(ctx: click.Context) -> None:
    """Read PreToolUse JSON on stdin; block a Write, Edit or MultiEdit into memory that the scanner stops (exit 2)."""
    raw = sys.stdin.read() if sys.stdin is not None else ""
    db = ctx.obj["db"] if ctx.obj.get("db_given") else None
    outcome = run_pre_tool_use(raw, db=db, home=Path.home(), env=os.environ)
    click.echo(outcome.stdout, nl=False)
    click.echo(outcome.stderr, nl=False, err=True)
    ctx.exit(outcome.code)


@hook_group.command("session-start")
@click.pass_context
def session_start_command(ctx: click.Context) -> None:
    """Print a short summary of stale, conflicting and blocked entries for Claude Code's SessionStart."""
    raw = sys.stdin.read() if sys.stdin is not None and not sys.stdin.isatty() else ""
    try:
        data = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        data = {}
    cwd = Path(data.get("cwd") or Path.cwd()) if isinstance(data, dict) else Path.cwd()
    ctx.obj["quiet_notice"] = True
    try:
        store = open_store(ctx, write=False)  # it only reads: a read-only database still briefs the session
    except click.ClickException as error:  # SessionStart cannot block: say why and stop
        click.echo(f"memrev: no memory review available ({error.format_message()})")
        return
    for line in session_summary(store, cwd):
        click.echo(line)


def session_summary(store: MemoryStore, cwd: Path) -> list[str]:
    """Lines for the new session: what is stale, what conflicts, what was blocked, and that memory is a lead."""
    from memrev.core.check.checker import same_project
    from memrev.core.check.project import identify_project
    from memrev.core.conflicts.detect import find_conflicts

    project = identify_project(cwd)
    in_repository = project.root_commit is not None or any((folder / ".git").exists()
                                                           for folder in (cwd, *cwd.parents))
    entries = [e for e in store.entries() if e.status not in (Status.REVOKED, Status.SUPERSEDED, Status.PURGED)
               and (e.scope.project is None or same_project(e.scope.project, project))]
    checks = store.checks() if in_repository else {}  # a stored verdict is about the repository it was checked in
    stale = [e for e in entries if e.id in checks and checks[e.id].verdict in (Verdict.STALE, Verdict.CHANGED)]
    blocked = [e for e in entries if e.status is Status.BLOCKED]
    held = [e for e in entries if e.status is Status.HELD]
    conflicts = find_conflicts(entries, checks=checks)
    unreviewed = len(rejections(store, decision=Decision.UNREVIEWED))
    where = project.name if in_repository else f"{project.name} (not a git repository: nothing checked here)"
    head = f"memrev: memory review for {where}: {len(stale)} stale or changed, {len(conflicts)} conflict(s), " \
           f"{len(blocked)} blocked, " + (f"{len(held)} held for a person, " if held else "") + \
           f"{unreviewed} blocked write(s) not yet reviewed."
    lines = [head]
    if not checks and in_repository:
        lines.append("No staleness check stored yet: run `memrev check` in this repository.")
    for entry in stale[:MAX_LISTED]:
        check = checks[entry.id]
        finding = next(iter(check.findings), None)
        why = f"{finding.text}: {finding.evidence}" if finding else check.reason
        lines.append(f"- {check.verdict.value}: \"{shorten(make_visible(entry.headline), 80)}\" "
                     f"({shorten(make_visible(why), 160)})")
    for conflict in conflicts[:MAX_LISTED]:
        lines.append(f"- conflict on {conflict.subject}: {shorten(make_visible(conflict.evidence), 200)}")
    if blocked:
        lines.append(f"- {len(blocked)} blocked entr{'y' if len(blocked) == 1 else 'ies'} will not be loaded.")
    if held:
        lines.append(f"- {len(held)} entr{'y' if len(held) == 1 else 'ies'} the scanner held will not be loaded until "
                     "a person releases them (`memrev audit`).")
    lines.extend(since_last_freeze(store))
    if stale or conflicts:
        lines.append("Memory is a lead, not an authority: verify these against the repository before acting on them.")
    return lines
