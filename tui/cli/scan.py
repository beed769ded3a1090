"""`memrev scan` (the write gate for any text) and `memrev rejections` (the audit trail of what was blocked)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from memrev.core.check.visible import make_visible
from memrev.core.scan.gate import gate_text
from memrev.core.scan.rejections import Decision, rejections
from memrev.core.scan.scopes import ScanScope, scope_for_path
from memrev.tui.cli.support import EXIT_FINDINGS, EXIT_OK, InputError, actor, open_store, store_errors, table

MAX_SCAN_BYTES = 64 * 1024 * 1024
"""A text larger than this is refused with a one-line error rather than read into memory."""


def read_input(target: str) -> tuple[str, str]:
    """The text to scan and a label for it, from a file or standard input (`-`); bad input is a one-line error."""
    if target == "-":
        data = sys.stdin.buffer.read(MAX_SCAN_BYTES + 1) if sys.stdin is not None else b""
        label = "standard input"
    else:
        path = Path(target)
        if path.is_dir():
            raise InputError(f"{target}: is a folder, not a file")
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_SCAN_BYTES + 1)
        except OSError as error:
            raise InputError(f"{target}: cannot read ({error.strerror or error})") from None
        label = target
    if len(data) > MAX_SCAN_BYTES:
        raise InputError(f"{label}: larger than {MAX_SCAN_BYTES // (1024 * 1024)} MB; not scanned")
    try:
        return data.decode("utf-8"), label
    except UnicodeDecodeError as error:
        raise InputError(f"{label}: not valid UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})") from None


@click.command("scan")
@click.argument("target", default="-", metavar="[FILE | -]")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@click.option("--as", "read_as", type=click.Choice([s.value for s in ScanScope]), default=None,
              help="Read the text as an agent's memory write (every hold) or a committed instruction file (without "
                   "the holds Hermes keeps for memory). Default: instructions for CLAUDE.md, AGENTS.md and the like, "
                   "memory otherwise.")
@click.pass_context
@store_errors
def scan_command(ctx: click.Context, target: str, as_json: bool, read_as: str | None) -> None:
    """Scan a text bound for an agent's memory; exit 1 and record the rejection when it is blocked or held (held:
    suspicious, so a person decides in `memrev audit`)."""
    text, label = read_input(target)
    scope = ScanScope(read_as) if read_as else scope_for_path(None if target == "-" else target)
    store = open_store(ctx)
    kept = {rejection.id for rejection in rejections(store)}
    verdict = gate_text(store, text, source=f"scan:{label}", actor=actor(), file=None if target == "-" else target,
                        scope=scope)
    if as_json:
        click.echo(json.dumps({
            "source": label, "read_as": scope.value, "outcome": "pass" if verdict.allowed else verdict.result.outcome.value,
            "blocked": not verdict.allowed and not verdict.held, "held": verdict.held, "reason": verdict.reason,
            "rejection": verdict.rejection.id if verdict.rejection else None,
            "fingerprint": verdict.rejection.fingerprint if verdict.rejection else None,
            "findings": [finding.to_dict() for finding in verdict.result.findings]}, ensure_ascii=True, indent=2))
    else:
        if verdict.allowed:
            click.echo(f"{label}: allowed" + (f" ({verdict.reason})" if verdict.reason else ""))
        else:
            click.echo(f"{label}: {verdict.reason}")
        for finding in verdict.result.findings:
            click.echo(f"  {finding.severity.value:<5} {finding.rule} ({finding.family}) at {finding.start}-"
                       f"{finding.end}: {make_visible(finding.reason)}"
                       + (f" [{make_visible(finding.evidence)}]" if finding.evidence else ""))
        if verdict.rejection and verdict.rejection.id in kept:
            click.echo(f"already recorded as rejection #{verdict.rejection.id} (the same text from the same place); "
                       "review with `memrev audit`", err=True)
        elif verdict.rejection:
            click.echo(f"recorded as rejection #{verdict.rejection.id}; review with `memrev audit`", err=True)
    ctx.exit(EXIT_OK if verdict.allowed else EXIT_FINDINGS)


@click.command("rejections")
@click.option("--json", "as_json", is_flag=True, help="Print every rejection as JSON.")
@click.option("--decision", type=click.Choice([d.value for d in Decision]), default=None,
              help="Only rejections with this decision.")
@click.pass_context
@store_errors
def rejections_command(ctx: click.Context, as_json: bool, decision: str | None) -> None:
    """List every write the scanner blocked or held, with its outcome, rules, source and the reviewer's decision."""
    store = open_store(ctx, write=False)
    found = rejections(store, decision=Decision(decision) if decision else None)
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in found], ensure_ascii=True, indent=2))
        return
    if not found:
        click.echo("no rejections recorded")
        return
    rows = [(str(r.id), r.at.strftime("%Y-%m-%d %H:%M"), r.outcome.value, r.decision.value, ",".join(r.rules),
             r.source, make_visible(r.text.splitlines()[0] if r.text else "")) for r in found]
    for line in table(("#", "WHEN", "OUTCOME", "DECISION", "RULES", "SOURCE", "TEXT"), rows, last_width=60):
        click.echo(line)
