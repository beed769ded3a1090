"""`memrev bench store|check|scan`: speed figures against baselines measured in the same run."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import click

from memrev.tui.cli.support import store_errors


@click.group("bench")
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
@click.option("--corpus", "corpus", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="A cache of the real instruction files (CACHE/owner+repo/path): adds the shares blocked and held.")
@click.option("--memory-corpus", "memory_corpus", type=click.Path(file_okay=False, exists=True, path_type=Path),
              default=None, help="A cache of the real agent memory files (CACHE/owner+repo/path): adds the shares of "
                                 "their entries blocked and held.")
@store_errors
def bench_scan_command(megabytes: float, count: int, corpus: Path | None, memory_corpus: Path | None) -> None:
    """Scanner throughput against a Hermes-style pattern loop, catches and false alarms by attack family, conflict
    detection, the hook's round trip, with --corpus the real instruction files stopped and with --memory-corpus the
    real memory entries stopped."""
    from memrev.core.bench.conflicts import run_conflict_bench
    from memrev.core.bench.scan import run_scan_bench, run_vector_bench
    from memrev.core.bench.store import format_figures
    from memrev.tui.bench_hook import run_hook_bench

    figures = [*run_scan_bench(int(megabytes * 1_000_000)), run_conflict_bench(count), run_hook_bench(),
               *run_vector_bench()]
    if corpus is not None:
        from memrev.core.bench.instruction_corpus import read_sources
        from memrev.core.bench.scan_real import corpus_figures, scan_corpus

        figures += corpus_figures(scan_corpus(corpus, read_sources()))
    if memory_corpus is not None:
        from memrev.core.bench.instruction_corpus import read_sources
        from memrev.core.bench.scan_memory_real import SOURCES, memory_figures, scan_memory

        figures += memory_figures(scan_memory(memory_corpus, read_sources(SOURCES)))
    click.echo(format_figures(figures))


@bench_group.command("review")
@click.option("--entries", "count", type=click.IntRange(min=100), default=10_000, show_default=True)
@store_errors
def bench_review_command(count: int) -> None:
    """Review figures: confirm of the selection, the next triage item and undo, against the naive path."""
    from memrev.core.bench.review import run_review_bench
    from memrev.core.bench.store import format_figures

    with tempfile.TemporaryDirectory(prefix="memrev-bench-review-") as folder:
        figures = run_review_bench(count, workdir=Path(folder))
    click.echo(format_figures(figures))


@bench_group.command("reliability")
@click.option("--trials", type=click.IntRange(min=1), default=50, show_default=True,
              help="Imports killed at random points.")
@click.option("--entries", "count", type=click.IntRange(min=200), default=10_000, show_default=True,
              help="Entries of the source written back after small edits.")
@click.option("--concurrent", type=click.IntRange(min=100), default=60_000, show_default=True,
              help="Entries each of the four concurrent imports writes.")
@store_errors
def bench_reliability_command(trials: int, count: int, concurrent: int) -> None:
    """Kill trials (no unscreened entry may survive), a large write-back after small edits, concurrent imports."""
    from memrev.core.bench.reliability import run_reliability_bench
    from memrev.core.bench.store import format_figures

    with tempfile.TemporaryDirectory(prefix="memrev-bench-reliability-") as folder:
        figures = run_reliability_bench(workdir=Path(folder), trials=trials, writeback=count, concurrent=concurrent)
    click.echo(format_figures(figures))


@bench_group.command("freeze")
@click.option("--entries", "count", type=click.IntRange(min=20), default=1_000, show_default=True,
              help="Entries of each of the four agents (Claude, Codex, Hermes, OpenClaw).")
@click.option("--trials", type=click.IntRange(min=1), default=50, show_default=True,
              help="Freezes killed at random points.")
@store_errors
def bench_freeze_command(count: int, trials: int) -> None:
    """Preview, freeze and rollback of four agents' memory, and freezes killed half-way (no partial file survives)."""
    from memrev.core.bench.freeze import run_freeze_bench
    from memrev.core.bench.store import format_figures

    with tempfile.TemporaryDirectory(prefix="memrev-bench-freeze-") as folder:
        figures = run_freeze_bench(workdir=Path(folder), entries=count, trials=trials)
    click.echo(format_figures(figures))


@bench_group.command("purge")
@click.option("--entries", "count", type=click.IntRange(min=100), default=10_000, show_default=True,
              help="Entries of the store one entry is purged from.")
@click.option("--trials", type=click.IntRange(min=1), default=3, show_default=True,
              help="Purges timed, each on a fresh copy of the store (the figure is their median).")
@click.option("--sizes", default="1000,10000,50000", show_default=True, metavar="N,N,...",
              help="Store sizes the page rewrite is measured at.")
@store_errors
def bench_purge_command(count: int, trials: int, sizes: str) -> None:
    """Purge of one entry (time and residue, aim 0) and the page rewrite's cost as the store grows."""
    from memrev.core.bench.purge import run_purge_bench
    from memrev.core.bench.store import format_figures

    try:
        measured = [int(size) for size in sizes.split(",") if size.strip()]
    except ValueError:
        raise click.BadParameter("a comma-separated list of entry counts", param_hint="--sizes") from None
    with tempfile.TemporaryDirectory(prefix="memrev-bench-purge-") as folder:
        figures = run_purge_bench(Path(folder), entries=count, trials=trials, sizes=measured)
    click.echo(format_figures(figures))
