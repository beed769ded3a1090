"""The `memrev` command group: the review app by default, every command registered, and one-line errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from memrev.core.store.memory_store import default_db_path
from memrev.tui.cli.bench import bench_group
from memrev.tui.cli.check import check_command
from memrev.tui.cli.conflicts import conflicts_command, resolve_command
from memrev.tui.cli.demo import demo_command
from memrev.tui.cli.entries import export_command, list_command, log_command, show_command
from memrev.tui.cli.evaluate import eval_group
from memrev.tui.cli.recall import recall_command
from memrev.tui.cli.freeze import freeze_command, freezes_command, rollback_command
from memrev.tui.cli.hooks import hook_group
from memrev.tui.cli.purge import purge_command
from memrev.tui.cli.review import (confirm_command, edit_command, fix_command, review_command, revoke_command,
                                   undo_command, verify_command)
from memrev.tui.cli.scan import rejections_command, scan_command
from memrev.tui.cli.sensitive import sensitive_command
from memrev.tui.cli.sources import import_command, import_native, sources_command
from memrev.tui.cli.support import EXIT_INPUT, EXIT_OK, open_store, repository_here, require_terminal, run_app


@click.group(invoke_without_command=True)
@click.option("--db", "db", type=click.Path(path_type=Path), default=None,  # a folder: one-line StoreError
              help="The memrev database (default: $MEMREV_DB or the XDG data folder).")
@click.option("--repo", "repo", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="Check entries live against this repository (default: the one holding the current folder).")
@click.option("--actor", "actor_name", default=None, metavar="NAME",
              help="Who is reviewing, for the audit log (default: your login name).")
@click.version_option(package_name="memrev")
@click.pass_context
def cli(ctx: click.Context, db: Path | None, repo: Path | None, actor_name: str | None) -> None:
    """Review an AI coding agent's long-term memory before its next session."""
    ctx.ensure_object(dict)
    ctx.obj["db"] = (db or default_db_path()).absolute()
    ctx.obj["db_given"] = db is not None
    ctx.obj["repo"] = repo
    if actor_name is not None:
        if not actor_name.strip():
            raise click.UsageError("--actor needs a name")
        ctx.obj["actor"] = actor_name.strip()
    if ctx.invoked_subcommand is None:
        require_terminal()
        here = repository_here()
        notices, refs = _import_here(ctx, here) if repo is None else ([], [])
        run_app(ctx.obj["db"], notices=notices, repo=repo or here, sources=refs)


def _import_here(ctx: click.Context, repo: Path | None) -> tuple[list[str], list[Any]]:
    """In a repository, import every agent source that applies to it first, so the main job needs no set-up;
    return what to tell the user and the sources (the app keeps them live)."""
    from memrev.tui.cli.sources import discover

    if repo is None:
        return [], []
    refs = discover(None, None)  # from the current folder, as an agent started here sees it
    if not refs:
        return [], []
    ctx.obj["quiet_notice"] = True
    store = open_store(ctx)
    results, errors = import_native(store, refs)
    store.close()
    notices = [warning for result in results for warning in result.read.warnings] + errors
    changed = sum(len(r.added) + len(r.revised) + len(r.removed) for r in results)
    notices.insert(0, f"imported {len(results)} source(s): {changed} change(s)")
    return notices, refs


cli.add_command(import_command)
cli.add_command(sources_command)
cli.add_command(check_command)
cli.add_command(scan_command)
cli.add_command(rejections_command)
cli.add_command(hook_group)
cli.add_command(conflicts_command)
cli.add_command(resolve_command)
cli.add_command(export_command)
cli.add_command(list_command)
cli.add_command(show_command)
cli.add_command(log_command)
cli.add_command(demo_command)
cli.add_command(bench_group)
cli.add_command(eval_group)
cli.add_command(recall_command)
cli.add_command(confirm_command)
cli.add_command(revoke_command)
cli.add_command(edit_command)
cli.add_command(verify_command)
cli.add_command(fix_command)
cli.add_command(undo_command)
cli.add_command(review_command)
cli.add_command(sensitive_command)
cli.add_command(freeze_command)
cli.add_command(freezes_command)
cli.add_command(rollback_command)
cli.add_command(purge_command)


@cli.command("audit")
@click.pass_context
def audit_command(ctx: click.Context) -> None:
    """Audit the writes the scanner blocked: t threat, f false positive, s skip, b back, q quit."""
    run_app(ctx.obj["db"], audit=True)


def _set_root_db(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    """`--db` given after the command: the same as before it."""
    if value is not None:
        root = ctx.find_root().obj
        root["db"], root["db_given"] = value.absolute(), True


def _set_root_repo(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    """`--repo` given after the command: the same as before it."""
    if value is not None:
        ctx.find_root().obj["repo"] = value


def _set_root_actor(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """`--actor` given after the command: the same as before it."""
    if value is not None:
        if not value.strip():
            raise click.BadParameter("needs a name", ctx=ctx, param=_param)
        ctx.find_root().obj["actor"] = value.strip()


def accept_root_options(command: click.Command) -> None:
    """Let every command take `--db`, `--repo` and `--actor` after its name too, unless it has its own."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            accept_root_options(sub)
        return
    taken = {opt for param in command.params for opt in getattr(param, "opts", [])}
    extra = [
        ("--db", click.Path(path_type=Path), _set_root_db, "The memrev database (as before the command)."),
        ("--repo", click.Path(file_okay=False, exists=True, path_type=Path), _set_root_repo,
         "The repository to check against (as before the command)."),
        ("--actor", click.STRING, _set_root_actor, "Who is acting, for the audit log (as before the command)."),
    ]
    for flag, kind, callback, text in extra:
        if flag not in taken:
            command.params.append(click.Option([flag], type=kind, default=None, expose_value=False,
                                               callback=callback, help=text, metavar="PATH" if flag != "--actor"
                                               else "NAME"))


for _command in cli.commands.values():
    accept_root_options(_command)


def main() -> None:
    """Console entry point: every error is one line on stderr, usage errors included."""
    try:
        code = cli.main(obj={}, standalone_mode=False, prog_name="memrev")
    except click.exceptions.NoArgsIsHelpError as error:  # `memrev hook`: a question, not a mistake
        click.echo(error.ctx.get_help() if error.ctx else error.format_message())
        sys.exit(EXIT_OK)
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
