"""`memrev eval memory` (and bare `memrev eval`): the recall experiment, raw against reviewed, as a table, JSON or SVG."""

from __future__ import annotations

import json
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import click

from memrev.tui.cli.support import InputError, note


@click.command("memory")
@click.option("--scale", type=click.IntRange(min=12), default=None,
              help="Generate this many memories of the same kinds instead of the shipped twelve.")
@click.option("--projects", type=click.IntRange(min=2, max=200), default=20, show_default=True,
              help="With --scale: how many projects (git repositories) the memories spread over.")
@click.option("-k", "k", type=click.IntRange(1, 50), default=3, show_default=True, help="Results per query.")
@click.option("--dir", "target", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Build the experiment here (an empty or new folder) and keep it; default: a temporary folder.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (the same on every run).")
@click.option("--svg", "svg", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the chart of both arms to this SVG file.")
@click.pass_context
def eval_memory_command(ctx: click.Context, scale: int | None, projects: int, k: int, target: Path | None,
                        as_json: bool, svg: Path | None) -> None:
    """Measure what memory review changes: the same memories and tasks before review (raw, as agents load and
    recall them today) and after a scripted review and freeze (gated). The run is kept as `last-eval.json` beside
    the database, where the app's eval screen (`E`) shows it."""
    from memrev.core.recall.eval_report import chart_svg, table_lines
    from memrev.core.recall.eval_saved import save_last_eval
    from memrev.core.bench.recall_eval import run_eval
    from memrev.core.recall.eval_scale import scaled

    if target is not None and target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise InputError(f"{target}: not an empty folder; the experiment needs an empty or new one")
    folder = target or Path(tempfile.mkdtemp(prefix="memrev-eval-"))
    try:
        data = scaled(scale, projects) if scale else None
        run = run_eval(folder, data, k=k, label=f"scale {scale}" if scale else "twelve")
    except (ValueError, OSError, RuntimeError) as error:  # a refused freeze, a store or git failure: one line
        raise click.ClickException(f"the experiment stopped: {error}") from None
    finally:
        if target is None:
            shutil.rmtree(folder, ignore_errors=True)
    if svg is not None:
        svg.write_text(chart_svg(run.report), encoding="utf-8", newline="\n")
    db = Path(ctx.obj["db"])
    try:
        new_folder = not db.parent.exists()
        kept = save_last_eval(db, run.report, finished_at=datetime.now(timezone.utc),
                              build_seconds=run.build_seconds, run_seconds=run.run_seconds)
        if new_folder:
            note(f"created {db.parent} to keep the run ({kept.name}) for the app")
    except (OSError, ValueError) as error:  # a read-only data folder: the run is still printed
        note(f"the run was not kept for the app ({error})")
    if as_json:
        click.echo(json.dumps(run.report, ensure_ascii=False, indent=2, sort_keys=True))
        return
    for line in table_lines(run.report):
        click.echo(line)
    click.echo(f"built in {run.build_seconds:.1f} s, both arms run in {run.run_seconds:.1f} s")
