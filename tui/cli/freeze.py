"""`memrev freeze`, `freezes` and `rollback`: preview the snapshot each agent loads next, write it, go back."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from memrev.core.freeze.gate import gate_report
from memrev.core.freeze.loaded import Cap, LoadedPart
from memrev.core.freeze.plan import AGENTS, FreezePlan, SourcePlan, build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import FreezeOutcome, FreezeRefused, freeze, refusal
from memrev.core.store.freezes import freezes
from memrev.tui.cli.support import EXIT_FINDINGS, InputError, actor, open_store, store_errors

AGENT_NAMES = [*AGENTS, "claude-md", "agents-md"]
BAR_WIDTH = 20


def bar(cap: Cap, width: int = BAR_WIDTH) -> str:
    """`[██████░░░░] 31% 690/2,200 chars`: a cap's use as a bar (full and marked when over)."""
    filled = cap.filled(width)
    mark = " OVER" if cap.over else ""
    advisory = " (advisory)" if not cap.hard else ""
    return f"[{'█' * filled}{'░' * (width - filled)}] {cap.usage}{advisory}{mark}"


def _part_lines(part: LoadedPart, show_text: bool) -> list[str]:
    """One loaded block: its file, its size every way, its caps as bars, and (optionally) its text."""
    b = part.budget
    lines = [f"  loads {part.title}: {b.chars:,} chars · {b.lines:,} lines · {b.bytes:,} bytes · ~{b.tokens:,} tokens"]
    lines.extend(f"    {cap.name:<20} {bar(cap)}" for cap in part.caps)
    if show_text:
        lines.append("    ┌" + "─" * 60)
        lines.extend(f"    │ {line}" for line in part.text.splitlines())
        lines.append("    └" + "─" * 60)
    return lines


def source_lines(plan: SourcePlan, *, show_text: bool = True, show_diff: bool = True) -> list[str]:
    """Everything the preview says about one source."""
    state = plan.problem and f"NOT WRITABLE: {plan.problem}" or (
        f"{len(plan.changed)} file(s) change" if plan.changed else "unchanged")
    lines = [f"== {plan.ref.label}  ({len(plan.kept)} kept, {len(plan.left_out)} left out; {state})"]
    for part in plan.loaded.parts:
        lines.extend(_part_lines(part, show_text))
    if plan.loaded.on_demand:
        lines.append(f"  read only on demand: {', '.join(plan.loaded.on_demand)}")
    for choice in plan.left_out:
        lines.append(f"  left out {choice.entry.id}: {choice.reason}")
    if show_diff and plan.changed:
        lines.extend("  " + line for line in plan.diff().splitlines())
    return lines


def plan_json(plan: FreezePlan) -> dict[str, Any]:
    """The preview as JSON."""
    def caps(part: LoadedPart) -> list[dict[str, Any]]:
        return [{"name": c.name, "used": c.used, "limit": c.limit, "unit": c.unit, "hard": c.hard, "over": c.over}
                for c in part.caps]

    return {
        "policy": plan.policy(),
        "refused": refusal(plan),
        "needs_person": [{"id": c.entry.id, "why": c.needs_person} for c in plan.needs_person],
        "sources": [{
            "source": source.ref.label, "problem": source.problem, "warnings": source.warnings,
            "changed": [str(path) for path in source.changed],
            "loaded": [{"file": part.title, "text": part.text, "budget": vars(part.budget), "caps": caps(part)}
                       for part in source.loaded.parts],
            "on_demand": source.loaded.on_demand,
            "kept": [entry.id for entry in source.kept],
            "left_out": [{"id": c.entry.id, "reason": c.reason} for c in source.left_out],
            "diff": source.diff(),
        } for source in plan.sources],
    }


def _unreviewed(keep: bool, hold: bool) -> Unreviewed:
    """The policy for entries that still need a person."""
    if keep and hold:
        raise InputError("--keep-unreviewed and --hold-unreviewed contradict each other; choose one")
    return Unreviewed.KEEP if keep else Unreviewed.HOLD if hold else Unreviewed.REFUSE


def _outcome_lines(verb: str, outcome: FreezeOutcome) -> list[str]:
    """What a freeze or rollback wrote."""
    lines = [f"{verb} #{outcome.freeze_id}: {len(outcome.files)} file(s) written"]
    lines.extend(f"  wrote {f.path}" if f.after is not None else f"  removed {f.path}" for f in outcome.files)
    lines.append("(`memrev rollback` puts them back)" if verb == "froze" else "")
    return [line for line in lines if line]


@click.command("freeze")
@click.option("--preview", is_flag=True, help="Show what each agent will load next session; write nothing.")
@click.option("--check", "gate", is_flag=True,
              help="Exit 1 when the files differ from the last freeze or entries need a person (for CI and hooks).")
@click.option("--agent", type=click.Choice(AGENT_NAMES), default=None, help="Only this agent's sources.")
@click.option("--keep-unreviewed", is_flag=True, help="Keep entries that need a person as the agent wrote them.")
@click.option("--hold-unreviewed", is_flag=True, help="Leave entries that need a person out of the snapshot.")
@click.option("--yes", is_flag=True, help="Write without asking.")
@click.option("--brief", is_flag=True, help="Leave the loaded text and the diff out of the preview.")
@click.option("--json", "as_json", is_flag=True, help="Print the preview (or the gate) as JSON.")
@click.pass_context
@store_errors
def freeze_command(ctx: click.Context, preview: bool, gate: bool, agent: str | None, keep_unreviewed: bool,
                   hold_unreviewed: bool, yes: bool, brief: bool, as_json: bool) -> None:
    """Freeze the reviewed memory: write, for every imported source, exactly the snapshot its agent will load."""
    policy = _unreviewed(keep_unreviewed, hold_unreviewed)
    store = open_store(ctx)
    if gate:
        report = gate_report(store)
        if as_json:
            click.echo(json.dumps({"green": report.green, "last": report.last.id if report.last else None,
                                   "changed_files": report.changed_files, "never_frozen": report.never_frozen,
                                   "needs_person": report.needs_person}, indent=2))
        else:
            click.echo("\n".join(report.lines()))
        ctx.exit(0 if report.green else EXIT_FINDINGS)
    try:
        plan = build_plan(store, agent=agent, unreviewed=policy)
    except ValueError as error:
        raise InputError(str(error)) from None
    if not plan.sources:
        raise InputError("no imported agent source to freeze (run `memrev import` first)")
    if as_json:
        click.echo(json.dumps(plan_json(plan), ensure_ascii=False, indent=2))
    else:
        for source in plan.sources:
            click.echo("\n".join(source_lines(source, show_text=not brief, show_diff=not brief)))
    why = refusal(plan)
    if preview:
        if why and not as_json:
            click.echo(f"\nfreeze would be refused:\n{why}")
        return
    if why:
        hint = "\n(--keep-unreviewed or --hold-unreviewed says what to do with them)" if plan.needs_person else ""
        click.echo(f"memrev: freeze refused; nothing written:\n{why}{hint}", err=True)
        ctx.exit(EXIT_FINDINGS)
    files = sum(len(source.changed) for source in plan.changed)
    if not yes:
        if not sys.stdin.isatty():
            raise InputError("freeze writes agents' files: confirm with --yes (or run it in a terminal)")
        if not click.confirm(f"write {files} file(s) in {len(plan.changed)} source(s)?", default=False, err=True):
            click.echo("nothing written", err=True)
            return
    try:
        outcome = freeze(store, plan, actor=actor())
    except FreezeRefused as error:
        click.echo(f"memrev: freeze refused: {error}", err=True)
        ctx.exit(EXIT_FINDINGS)
    click.echo("\n".join(_outcome_lines("froze", outcome)), err=as_json)


@click.command("freezes")
@click.option("--json", "as_json", is_flag=True, help="Print the history as JSON.")
@click.pass_context
@store_errors
def freezes_command(ctx: click.Context, as_json: bool) -> None:
    """List every freeze, rollback and snapshot, newest first."""
    store = open_store(ctx)
    history = freezes(store)
    if as_json:
        click.echo(json.dumps([{"id": r.id, "at": r.at.isoformat(), "actor": r.actor, "kind": r.kind,
                                "rolls_back": r.rolls_back, "policy": {k: v for k, v in r.policy.items()
                                                                       if k != "token"},
                                "summary": r.summary} for r in history], indent=2))
        return
    if not history:
        click.echo("no freeze yet (`memrev freeze --preview` shows what one would write)")
    for record in history:
        click.echo(f"#{record.id}  {record.at:%Y-%m-%d %H:%M}  {record.kind:<8}  {record.actor}  {record.summary}")


@click.command("rollback")
@click.argument("freeze_id", required=False, type=int, metavar="[FREEZE]")
@click.option("--force", is_flag=True, help="When the agent wrote since, keep a snapshot of the files now, then roll back.")
@click.pass_context
@store_errors
def rollback_command(ctx: click.Context, freeze_id: int | None, force: bool) -> None:
    """Put the files back as they were before a freeze (default: the newest), recorded as a freeze of its own."""
    store = open_store(ctx)
    try:
        outcome = rollback(store, freeze_id, actor=actor(), force=force)
    except FreezeRefused as error:
        click.echo(f"memrev: rollback refused: {error}", err=True)
        ctx.exit(EXIT_FINDINGS)
    click.echo("\n".join(_outcome_lines("rolled back as", outcome)))
