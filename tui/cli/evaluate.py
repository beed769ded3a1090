"""`memrev eval`: the recall experiment (`memrev eval memory`, also bare `memrev eval`), and `memrev eval staleness`,
which scores the staleness checks on a labelled set of memory lines, with every miss shown."""

from __future__ import annotations

import json
from pathlib import Path

import click

from memrev.tui.cli.eval_memory import eval_memory_command
from memrev.tui.cli.support import EXIT_OK, InputError


class EvalGroup(click.Group):
    """`memrev eval`'s commands, where options with no command name go to `memory` (`memrev eval --json`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Read `memrev eval --scale N …` as `memrev eval memory --scale N …`."""
        if args and args[0].startswith("-") and args[0] not in ("--help", "-h"):
            args = ["memory", *args]
        return super().parse_args(ctx, args)


@click.group("eval", cls=EvalGroup, invoke_without_command=True)
@click.pass_context
def eval_group(ctx: click.Context) -> None:
    """Measure memrev: what review changes in what agents are handed (`memory`, the default), and how well the
    staleness checks agree with labels a person verified (`staleness`)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(eval_memory_command)


eval_group.add_command(eval_memory_command)


@eval_group.command("staleness")
@click.argument("labels", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--repo", "repo", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="The repository the labels' commits belong to, or the folder holding the repositories a "
                   "label's `repo` names (default: the current folder).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures and every label's check as JSON.")
@click.pass_context
def eval_staleness_command(ctx: click.Context, labels: Path, repo: Path | None, as_json: bool) -> None:
    """Check each label's line at its commit and print recall, false alarms, `changed` and rename figures."""
    from memrev.core.check.eval_labels import LabelError, load_labels
    from memrev.core.check.eval_score import report_json, report_text, score
    from memrev.core.check.eval_staleness import EvalError, run_labels

    try:
        outcomes = run_labels(load_labels(labels), (repo or Path.cwd()).absolute())
    except (LabelError, EvalError) as error:
        raise InputError(str(error)) from None
    figures = score(outcomes)
    if as_json:
        click.echo(json.dumps(report_json(outcomes, figures), ensure_ascii=False, indent=2))
    else:
        for line in report_text(outcomes, figures):
            click.echo(line)
    ctx.exit(EXIT_OK)
