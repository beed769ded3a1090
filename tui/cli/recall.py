"""`memrev recall`: what an agent would retrieve from memory for a query, raw or through memrev's gate."""

from __future__ import annotations

import json

import click

from memrev.core.check.visible import make_visible
from memrev.core.review.sensitive import mask
from memrev.tui.cli.support import InputError, open_store, store_errors, table


@click.command("recall")
@click.argument("query")
@click.option("--project", default=None, help="Recall as an agent working in this project (its key or name); "
                                              "global entries come too.")
@click.option("-k", "k", type=click.IntRange(1, 200), default=6, show_default=True, help="How many results.")
@click.option("--raw", "mode", flag_value="raw", help="Rank everything the agent holds, as it would recall today.")
@click.option("--gated", "mode", flag_value="gated", default=True,
              help="Apply memrev's gate (the default): revoked, blocked, held, purged and out-of-scope entries never "
                   "come back; stale and unconfirmed ones come with their evidence; conflicts are named.")
@click.option("--half-life", "half_life", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Days after which a dated note's weight halves (0: no decay); evergreen files never decay.")
@click.option("--json", "as_json", is_flag=True, help="Print the results with their score parts as JSON.")
@click.pass_context
@store_errors
def recall_command(ctx: click.Context, query: str, project: str | None, k: int, mode: str, half_life: float,
                   as_json: bool) -> None:
    """Show what an agent would retrieve for QUERY: hybrid keyword and meaning ranking, age decay and diversity,
    each result with its score parts, verdict and confidence."""
    from memrev.core.recall.recall import RecallOptions, recall

    if not query.strip():
        raise InputError("the query is empty: say what the agent would look up")
    store = open_store(ctx)
    gated = mode != "raw"
    results = recall(store, query, RecallOptions(k=k, gated=gated, project=project, half_life_days=half_life))
    if as_json:
        click.echo(json.dumps({"query": query, "mode": "gated" if gated else "raw", "project": project,
                               "results": [result.to_dict() for result in results]}, ensure_ascii=False, indent=2))
        return
    if not results:
        click.echo(f"nothing recalled for {query!r} ({'gated' if gated else 'raw'})")
        return
    rows = []
    for result in results:
        text = mask(result.entry.text) if result.sensitive else make_visible(result.entry.first_line)
        p = result.parts
        rows.append((str(p.rank), f"{p.score:.3f}", f"{p.text:.2f}/{p.vector:.2f}/{p.decay:.2f}", result.entry.id,
                     result.verdict or "-", f"{result.confidence:.2f}", text))
    for line in table(("#", "SCORE", "KW/MEAN/AGE", "ID", "VERDICT", "CONF", "TEXT"), rows):
        click.echo(line)
    for result in results:
        if result.caution or result.conflicts_with:
            click.echo(f"{result.entry.id}: {result.caution or ''}".rstrip(": "))
            for line in result.evidence:
                click.echo(f"  {make_visible(line)}")
            if result.conflicts_with:
                click.echo(f"  conflicts with {', '.join(result.conflicts_with)} (memrev conflicts)")
