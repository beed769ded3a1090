"""`memrev check`: verdicts and evidence for every entry against a repository, for people, hooks and CI."""

from __future__ import annotations

import json
from pathlib import Path

import click

from memrev.core.check.checker import Checker
from memrev.core.check.repo_index import RepositoryError
from memrev.core.check.report import (failing_findings, fingerprint, load_baseline, parse_fail_on, report_json,
                                      report_sarif, report_text)
from memrev.core.model import utc_now
from memrev.core.review.sensitive import mask, sensitive_ids
from memrev.core.store.read_only import writable
from memrev.tui.cli.sources import HOME_OPTION, discover, import_native
from memrev.tui.cli.support import EXIT_FINDINGS, EXIT_OK, InputError, open_store, store_errors
from memrev.tui.describe import without_repeats


REMOVAL_BUDGET_S = 3.0
"""At most this long is spent finding which commit removed each missing name (one `git log -S` per name)."""


@click.command("check")
@click.option("--repo", "repo", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The repository to check against (default: the one holding the current folder).")
@click.option("--json", "as_json", is_flag=True, help="Print every entry's verdict and evidence as JSON.")
@click.option("--sarif", "as_sarif", is_flag=True, help="Print findings as SARIF 2.1.0 for code-scanning tools.")
@click.option("--baseline", "baseline", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A previous --json or --sarif output: only findings not in it fail.")
@click.option("--fail-on", "fail_on", default="stale", show_default=True,
              help="Comma-separated verdicts or reference statuses that fail the check (exit 1).")
@click.option("--no-import", is_flag=True, help="Check the store as it is, without importing this repository's "
              "agent memory first.")
@HOME_OPTION
@click.pass_context
@store_errors
def check_command(ctx: click.Context, repo: Path | None, as_json: bool, as_sarif: bool, baseline: Path | None,
                  fail_on: str, no_import: bool, home: Path | None) -> None:
    """Check every entry against the repository now: exit 0 when nothing fails, 1 on findings, 2 on error."""
    if as_json and as_sarif:
        raise InputError("choose one of --json and --sarif")
    kinds = parse_fail_on(fail_on)
    known = load_baseline(baseline) if baseline is not None else None
    if repo is not None and not repo.exists():
        raise InputError(f"{repo}: no such folder")
    if repo is not None and not repo.is_dir():
        raise InputError(f"{repo}: not a folder")
    try:
        checker = Checker(repo or Path.cwd())
    except RepositoryError as error:
        raise InputError(str(error)) from None
    ctx.call_on_close(checker.close)
    db = Path(ctx.obj["db"])
    read_only = db.exists() and not writable(db)
    store = open_store(ctx, write=not read_only)  # read-only: checked and printed, nothing imported or stored
    if not no_import and not read_only:
        _, errors = import_native(store, discover(home, checker.index.root))
        for message in errors:
            click.echo(f"memrev: warning: {message}", err=True)
    entries = store.entries()
    checks = checker.check_all(entries)
    checks.update(checker.find_removals(budget=REMOVAL_BUDGET_S))
    checks = {entry_id: without_repeats(check) for entry_id, check in checks.items()}
    if not read_only:
        store.save_checks(checks.values())
    for note in checker.index.notes:
        click.echo(f"memrev: note: {note}", err=True)
    sensitive = frozenset(sensitive_ids(store))
    failing = failing_findings(entries, checks, fail_on=kinds, baseline=known)
    failing_keys = {fingerprint(entry, check, ref) for entry, check, ref in failing}
    if as_json:
        document = report_json(entries, checks, repo=str(checker.index.root), head=checker.index.head,
                               fail_on=kinds, failing=failing_keys, sensitive=sensitive)
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
    elif as_sarif:
        document = report_sarif(entries, checks, repo_root=checker.index.root, fail_on=kinds, failing=failing_keys,
                                baseline=known, sensitive=sensitive)
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        masks = {entry.id: mask(entry.text) for entry in entries if entry.id in sensitive}
        for line in report_text(entries, checks, now=utc_now(), masks=masks):
            click.echo(line)
        if failing:
            click.echo(f"{len(failing)} finding(s) fail (--fail-on {fail_on})", err=True)
    ctx.exit(EXIT_FINDINGS if failing else EXIT_OK)

