"""The `memrev` command line: the review app by default, plus import, export, list, show, log, demo and bench."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import click

from memrev.core.humanize import format_age, format_when
from memrev.core.model import EntryType, ScopeKind, Status, utc_now
from memrev.core.scan.gate import screen_entries
from memrev.core.sources.registry import discover_all
from memrev.core.store.jsonl import write_jsonl
from memrev.core.store.memory_store import StoreError, default_db_path
from memrev.core.store.records import EntryFilter
from memrev.core.store.serialize import entry_to_dict
from memrev.core.visible import make_visible
from memrev.tui.cli.check import check_command
from memrev.tui.cli.conflicts import conflicts_command, resolve_command
from memrev.tui.cli.hooks import hook_group
from memrev.tui.cli.scan import rejections_command, scan_command
from memrev.tui.cli.sources import import_command, import_native, sources_command
from memrev.tui.cli.support import EXIT_INPUT, EXIT_OK, InputError, open_store, store_errors, table

@click.group(invoke_without_command=True)
@click.option("--db", "db", type=click.Path(path_type=Path), default=None,  # a folder: one-line StoreError
              help="The memrev database (default: $MEMREV_DB or the XDG data folder).")
@click.option("--repo", "repo", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="Check entries live against this repository (default: the one holding the current folder).")
@click.version_option(package_name="memrev")
@click.pass_context
def cli(ctx: click.Context, db: Path | None, repo: Path | None) -> None:
    """Review an AI coding agent's long-term memory before its next session."""
    ctx.ensure_object(dict)
    ctx.obj["db"] = (db or default_db_path()).absolute()
    ctx.obj["db_given"] = db is not None
    if ctx.invoked_subcommand is None:
        here = _repository_here()
        run_app(ctx.obj["db"], notices=_import_here(ctx) if repo is None else [], repo=repo or here)


def _repository_here() -> Path | None:
    """The working tree holding the current folder, if any."""
    here = Path.cwd()
    return next((folder for folder in (here, *here.parents) if (folder / ".git").exists()), None)


def _import_here(ctx: click.Context) -> list[str]:
    """In a repository, import every agent source that applies to it first, so the main job needs no set-up."""
    from memrev.tui.cli.sources import discover

    here = Path.cwd()
    if not any((folder / ".git").exists() for folder in (here, *here.parents)):
        return []
    refs = discover(None, None)
    if not refs:
        return []
    ctx.obj["quiet_notice"] = True
    store = open_store(ctx)
    results, errors = import_native(store, refs)
    store.close()
    notices = [warning for result in results for warning in result.read.warnings] + errors
    changed = sum(len(r.added) + len(r.revised) + len(r.removed) for r in results)
    notices.insert(0, f"imported {len(results)} source(s): {changed} change(s)")
    return notices


cli.add_command(import_command)
cli.add_command(sources_command)
cli.add_command(check_command)
cli.add_command(scan_command)
cli.add_command(rejections_command)
cli.add_command(hook_group)
cli.add_command(conflicts_command)
cli.add_command(resolve_command)


def run_app(db: Path, notices: list[str] | None = None, repo: Path | None = None, audit: bool = False) -> None:
    """Open the review app on a database (showing `notices` once it is up), checking entries against `repo`."""
    from memrev.tui.app import MemrevApp

    try:
        app = MemrevApp(db_path=db, notices=notices or [], repo=repo, start_audit=audit)
    except (StoreError, OSError) as error:
        raise InputError(str(error)) from None
    app.run()
    if app.return_code:
        sys.exit(app.return_code)


@cli.command("audit")
@click.pass_context
def audit_command(ctx: click.Context) -> None:
    """Audit the writes the scanner blocked: t threat, f false positive, s skip, b back, q quit."""
    run_app(ctx.obj["db"], audit=True)


@cli.command("export")
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file (atomically) instead of standard output.")
@click.pass_context
@store_errors
def export_command(ctx: click.Context, fmt: str, output: Path | None) -> None:
    """Export every entry in the canonical exchange format."""
    if output is not None and not output.parent.is_dir():
        raise InputError(f"{output.parent}: no such folder for the export")
    store = open_store(ctx)
    entries = store.entries()
    if output is None:
        write_jsonl(entries, sys.stdout)
        return
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=output.parent or ".", delete=False,
                                     prefix=f".{output.name}.", suffix=".tmp") as handle:
        write_jsonl(entries, handle)
        handle.flush()
        os.fsync(handle.fileno())
    Path(handle.name).replace(output)
    click.echo(f"exported {len(entries)} entries to {output}", err=True)


def _enum_choice(kind: type[Any]) -> click.Choice:
    """A click choice over an enum's values."""
    return click.Choice([member.value for member in kind])


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print every field of every entry as JSON.")
@click.option("--type", "entry_type", type=_enum_choice(EntryType), default=None)
@click.option("--scope", type=_enum_choice(ScopeKind), default=None)
@click.option("--status", type=_enum_choice(Status), default=None)
@click.pass_context
@store_errors
def list_command(ctx: click.Context, as_json: bool, entry_type: str | None, scope: str | None, status: str | None) -> None:
    """List entries, optionally narrowed by type, scope and status."""
    store = open_store(ctx)
    entries = store.entries(EntryFilter(
        type=EntryType(entry_type) if entry_type else None,
        scope_kind=ScopeKind(scope) if scope else None,
        status=Status(status) if status else None,
    ))
    if as_json:
        click.echo(json.dumps([entry_to_dict(entry) for entry in entries], ensure_ascii=False, indent=2))
        return
    if not entries:
        click.echo("no entries (try `memrev demo` or `memrev import jsonl:FILE`)")
        return
    now = utc_now()
    rows = [(e.id, e.status.value, e.type.value, e.scope.label, format_age(e.verified_at, now),
             f"{e.confidence:.2f}", make_visible(e.first_line)) for e in entries]
    for line in table(("ID", "STATUS", "TYPE", "SCOPE", "VERIFIED", "CONF", "TEXT"), rows):
        click.echo(line)


@cli.command("show")
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Print the entry, its revisions and its events as JSON.")
@click.pass_context
@store_errors
def show_command(ctx: click.Context, entry_id: str, as_json: bool) -> None:
    """Show one entry with its provenance, revisions and events."""
    store = open_store(ctx)
    entry = store.get(entry_id)
    if entry is None:
        raise InputError(f"no entry with id {entry_id!r} (see `memrev list`)")
    revisions = store.revisions(entry_id)
    events = store.events(entry_id)
    if as_json:
        click.echo(json.dumps({
            "entry": entry_to_dict(entry),
            "revisions": [{"version": r.version, "created_at": r.created_at.isoformat(), "entry": entry_to_dict(r.entry)}
                          for r in revisions],
            "events": [_event_dict(event) for event in events],
        }, ensure_ascii=False, indent=2))
        return
    from memrev.tui.describe import describe_entry

    for line in describe_entry(entry, revisions, now=utc_now()):
        click.echo(line)
    click.echo("")
    click.echo("events:")
    for event in events:
        click.echo(f"  {format_when(event.at)}  {event.actor}  {event.action}  {event.reason}".rstrip())


def _event_dict(event: Any) -> dict[str, Any]:
    """An audit event as JSON-ready values."""
    return {"id": event.id, "at": event.at.isoformat(), "actor": event.actor, "action": event.action,
            "entry_id": event.entry_id, "before": event.before, "after": event.after, "reason": event.reason}


@cli.command("log")
@click.option("--json", "as_json", is_flag=True, help="Print events as JSON.")
@click.option("--entry", "entry_id", default=None, help="Only this entry's events.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the newest N events.")
@click.pass_context
@store_errors
def log_command(ctx: click.Context, as_json: bool, entry_id: str | None, limit: int | None) -> None:
    """Show the audit log: every change, who made it, when and why."""
    store = open_store(ctx)
    events = store.events(entry_id, limit=limit)
    if as_json:
        click.echo(json.dumps([_event_dict(event) for event in events], ensure_ascii=False, indent=2))
        return
    rows = [(str(e.id), format_when(e.at), e.actor, e.action, e.entry_id or "-", e.reason) for e in events]
    for line in table(("#", "WHEN", "WHO", "ACTION", "ENTRY", "REASON"), rows):
        click.echo(line)


@cli.command("demo")
@click.option("--dir", "target", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Build the demo here (an empty or new folder) instead of a fresh temporary one.")
@click.option("--no-tui", is_flag=True, help="Print where things were built and a summary instead of opening the app.")
@click.pass_context
@store_errors
def demo_command(ctx: click.Context, target: Path | None, no_tui: bool) -> None:
    """Build a demo repository and memories, import them, and open the review app on them."""
    from memrev.core.demo.builder import build_demo

    root = target or Path(tempfile.mkdtemp(prefix="memrev-demo-"))
    build = build_demo(root)
    if not ctx.obj["db_given"]:
        ctx.obj["db"] = build.root / "memrev.db"
    ctx.obj["quiet_notice"] = not no_tui
    store = open_store(ctx)
    result = store.apply(build.entries, actor="demo", reason="demo import")
    blocked = screen_entries(store, [*result.added, *result.revised], source="import demo", actor="demo")
    native, errors = import_native(store, discover_all(cwd=build.repo, home=build.home, env={}))
    if not no_tui:
        store.close()
        run_app(ctx.obj["db"], notices=errors, repo=build.repo)
        return
    click.echo(f"demo repository: {build.repo}")
    click.echo(f"demo memories:   {build.jsonl}")
    click.echo(f"demo home:       {build.home}  (native Claude, Codex, Hermes and OpenClaw memory)")
    click.echo(f"database:        {ctx.obj['db']}")
    click.echo(f"imported {len(result.added)} entries ({len(result.unchanged)} already there); "
               f"{len(blocked)} blocked by the scanner (review them with: memrev --db {ctx.obj['db']} audit)")
    for sync in native:
        click.echo(f"  {sync.summary}")
    for message in errors:
        click.echo(f"memrev: error: {message}", err=True)
    entries = store.entries()
    by_type = Counter(entry.type.value for entry in entries)
    by_scope = Counter(entry.scope.label for entry in entries)
    click.echo("by type:  " + ", ".join(f"{name} {count}" for name, count in sorted(by_type.items())))
    click.echo("by scope: " + ", ".join(f"{name} {count}" for name, count in sorted(by_scope.items())))
    now = utc_now()
    for line in table(("ID", "TYPE", "SCOPE", "SOURCE", "WRITTEN", "TEXT"), [
        (e.id, e.type.value, e.scope.label, e.source.agent,
         format_age(e.provenance.written_at, now) + " ago", make_visible(e.first_line)) for e in entries
    ], last_width=50):
        click.echo(line)
    click.echo(f"open it with: memrev --db {ctx.obj['db']}")
    click.echo(f"its sources:  memrev sources --home {build.home} --cwd {build.repo}")


@cli.group("bench")
def bench_group() -> None:
    """Measure memrev's speed against baselines measured in the same run."""


@bench_group.command("store")
@click.option("--entries", "count", type=click.IntRange(min=100), default=10_000, show_default=True)
@click.option("--skip-tui", is_flag=True, help="Measure the store only, not the app's start and filter.")
@store_errors
def bench_store_command(count: int, skip_tui: bool) -> None:
    """Store and app figures for COUNT entries: insert rate, FTS and vector queries, app start and filter."""
    from memrev.core.bench.store import format_figures, run_store_bench

    with tempfile.TemporaryDirectory(prefix="memrev-bench-") as folder:
        figures = run_store_bench(count, workdir=Path(folder))
        if not skip_tui:
            from memrev.tui.bench_app import run_app_bench

            figures += run_app_bench(count, workdir=Path(folder))
    click.echo(format_figures(figures))


@bench_group.command("check")
@click.option("--files", type=click.IntRange(min=50), default=50_000, show_default=True)
@click.option("--commits", type=click.IntRange(min=20), default=20_000, show_default=True)
@click.option("--entries", "count", type=click.IntRange(min=10), default=10_000, show_default=True)
@click.option("--repo", "repo", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="Measure on this repository (entries are drawn from its files) instead of a synthetic one.")
@click.option("--no-live", is_flag=True, help="Skip the figure that goes through the real file watcher.")
@store_errors
def bench_check_command(files: int, commits: int, count: int, repo: Path | None, no_live: bool) -> None:
    """Staleness-check figures: cold, warm and incremental checks and peak memory against a naive baseline."""
    from memrev.core.bench.check import entries_for_repo, measure_in_child, run_check_bench
    from memrev.core.bench.store import format_figures

    with tempfile.TemporaryDirectory(prefix="memrev-bench-check-") as folder:
        if repo is None:
            from memrev.core.bench.synthetic_repo import build_synthetic_repo

            started = time.perf_counter()
            built = build_synthetic_repo(Path(folder) / "repo", files=files, commits=commits, entries=count)
            click.echo(f"built a synthetic repository: {built.files:,} files, {built.commits:,} commits, "
                       f"{built.renames:,} renames, {len(built.entries):,} entries "
                       f"in {time.perf_counter() - started:.1f} s", err=True)
            target, entries, editable, symbol = built.path, built.entries, built.editable, built.editable_symbol
        else:
            target = repo
            entries, editable, symbol = entries_for_repo(repo, count)
            click.echo(f"{len(entries):,} entries drawn from {repo}; {editable} will be edited and restored", err=True)
        run = measure_in_child(target, entries, editable, symbol, live=not no_live)
        figures = run_check_bench(run, entries, target, note=f"{run.stale:,} of {len(entries):,} entries stale")
    click.echo(format_figures(figures))


@bench_group.command("scan")
@click.option("--megabytes", type=click.FloatRange(min=0.01), default=10.0, show_default=True)
@click.option("--entries", "count", type=click.IntRange(min=100), default=10_000, show_default=True,
              help="Entries for the conflict-detection figure.")
@store_errors
def bench_scan_command(megabytes: float, count: int) -> None:
    """Scanner throughput against a Hermes-style pattern loop, conflict detection, and the hook's round trip."""
    from memrev.core.bench.conflicts import run_conflict_bench
    from memrev.core.bench.scan import run_scan_bench
    from memrev.core.bench.store import format_figures
    from memrev.tui.bench_hook import run_hook_bench

    figures = [*run_scan_bench(int(megabytes * 1_000_000)), run_conflict_bench(count), run_hook_bench()]
    click.echo(format_figures(figures))


def main() -> None:
    """Console entry point: every error is one line on stderr, usage errors included."""
    try:
        code = cli.main(obj={}, standalone_mode=False, prog_name="memrev")
    except click.UsageError as error:
        hint = f" (see `{error.ctx.command_path} --help`)" if error.ctx else ""
        click.echo(f"memrev: error: {error.format_message()}{hint}", err=True)
        sys.exit(EXIT_INPUT)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("memrev: aborted", err=True)
        sys.exit(EXIT_INPUT)
    except BrokenPipeError:
        # the reader went away (`memrev export | head`): stop quietly, as other Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_OK)
    sys.exit(code if isinstance(code, int) else EXIT_OK)


if __name__ == "__main__":
    main()
