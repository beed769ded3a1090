"""`memrev demo`: build a demo repository with memories of every agent kind, import it, and open the app."""

from __future__ import annotations

import shlex
import tempfile
from collections import Counter
from pathlib import Path

import click

from memrev.core.check.visible import make_visible
from memrev.core.model import utc_now
from memrev.core.scan.gate import apply_screened
from memrev.core.sources.registry import discover_all
from memrev.tui.cli.sources import import_native
from memrev.tui.cli.support import InputError, open_store, require_terminal, run_app, store_errors, table
from memrev.tui.describe import ago


@click.command("demo")
@click.option("--dir", "target", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Build the demo here (an empty or new folder) instead of a fresh temporary one.")
@click.option("--no-tui", is_flag=True, help="Print where things were built and a summary instead of opening the app.")
@click.pass_context
@store_errors
def demo_command(ctx: click.Context, target: Path | None, no_tui: bool) -> None:
    """Build a demo repository and memories, import them, and open the review app on them."""
    from memrev.core.demo.builder import build_demo

    if not no_tui:
        require_terminal("`memrev demo --no-tui` builds the demo and prints a summary instead")
    try:
        root = target or Path(tempfile.mkdtemp(prefix="memrev-demo-"))
        build = build_demo(root)
    except OSError as error:
        where = error.filename or target or tempfile.gettempdir()
        raise InputError(f"{where}: cannot build the demo there ({error.strerror or error}); "
                         "choose another folder with --dir") from None
    if not ctx.obj["db_given"]:
        ctx.obj["db"] = build.root / "memrev.db"
    ctx.obj["quiet_notice"] = not no_tui
    store = open_store(ctx)
    result, blocked = apply_screened(store, build.entries, actor="demo", source="import demo", reason="demo import")
    refs = discover_all(cwd=build.repo, home=build.home, env={})
    native, errors = import_native(store, refs)
    if not no_tui:
        store.close()
        for line in where_it_is(build.root, build.repo, build.home, ctx.obj["db"]):
            click.echo(line)
        run_app(ctx.obj["db"], notices=errors, repo=build.repo, sources=refs)
        for line in where_it_is(build.root, build.repo, build.home, ctx.obj["db"]):
            click.echo(line)
        return
    for line in where_it_is(build.root, build.repo, build.home, ctx.obj["db"])[:4]:
        click.echo(line)
    click.echo(f"demo memories:   {build.jsonl}")
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
         ago(e.provenance.written_at, now) if e.provenance.written_at else "unknown", make_visible(e.headline)) for e in entries
    ], last_width=50):
        click.echo(line)
    for line in where_it_is(build.root, build.repo, build.home, ctx.obj["db"])[4:]:
        click.echo(line)
    click.echo(f"its sources:  memrev sources --home {build.home} --cwd {build.repo}")


def where_it_is(root: Path, repo: Path, home: Path, db: Path) -> list[str]:
    """Where the demo was built, how to open it again (with its repository, so verdicts show) and how to remove it."""
    inside = db.resolve().is_relative_to(root.resolve())
    return [
        f"demo folder:     {root}",
        f"demo repository: {repo}",
        f"demo home:       {home}  (native Claude, Codex, Hermes and OpenClaw memory)",
        f"database:        {db}",
        f"open it again:   memrev --db {shlex.quote(str(db))} --repo {shlex.quote(str(repo))}",
        f"the demo folder stays until you remove it: rm -rf {shlex.quote(str(root))}"
        + ("" if inside else f" (and the database: rm {shlex.quote(str(db))})"),
    ]
