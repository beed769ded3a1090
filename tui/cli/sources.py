"""`memrev import` and `memrev sources`: bring exchange files and agents' native memory into the store."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from memrev.core.scan.gate import apply_screened
from memrev.core.sources.base import SourceRef
from memrev.core.sources.registry import adapter_for, discover_all
from memrev.core.scan.rejections import import_rejection_records
from memrev.core.sources.specs import SourceSpec, parse_source, read_exchange
from memrev.core.sources.sync import SyncResult, import_source
from memrev.core.store.jsonl import ImportFileError, JsonlBatch
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.tui.cli.support import EXIT_INPUT, InputError, actor, open_store, store_errors, table

HOME_OPTION = click.option("--home", type=click.Path(file_okay=False, path_type=Path), default=None,
                           help="Look for agents' memory under this home folder instead of yours.")
CWD_OPTION = click.option("--cwd", type=click.Path(file_okay=False, path_type=Path), default=None,
                          help="Discover the sources that apply to this folder instead of the current one.")


def discover(home: Path | None, cwd: Path | None) -> list[SourceRef]:
    """Every agent source that applies to `cwd` (default: here) and `home` (default: yours)."""
    env = dict(os.environ)
    if home is not None:  # a named home replaces the user's agent-home overrides too
        for name in ("CLAUDE_CONFIG_DIR", "CLAUDE_CODE_REMOTE_MEMORY_DIR", "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE",
                     "CODEX_HOME", "CODEX_SQLITE_HOME", "HERMES_HOME", "OPENCLAW_WORKSPACE"):
            env.pop(name, None)
    return discover_all(cwd=(cwd or Path.cwd()).resolve(), home=(home or Path.home()).resolve(), env=env)


def import_native(store: MemoryStore, refs: list[SourceRef]) -> tuple[list[SyncResult], list[str]]:
    """Import each native source; a source that cannot be read is an error line, the others still import."""
    results, errors = [], []
    for ref in refs:
        try:
            results.append(import_source(store, ref, actor=actor()))
        except (ValueError, OSError, StoreError) as error:
            errors.append(f"{ref.label}: {error}")
    return results, errors


@click.command("import")
@click.argument("sources", nargs=-1)
@click.option("--skip-invalid", is_flag=True, help="Import the good entries of a file that has bad lines.")
@click.option("--strict", is_flag=True, help="A field memrev does not know in an exchange file is an error "
                                             "(by default a warning naming the file, line and field).")
@HOME_OPTION
@CWD_OPTION
@click.pass_context
@store_errors
def import_command(ctx: click.Context, sources: tuple[str, ...], skip_invalid: bool, strict: bool,
                   home: Path | None, cwd: Path | None) -> None:
    """Import SOURCES (jsonl:FILE, claude:PATH, claude-md:PATH, codex:PATH, agents-md:PATH, hermes:PATH,
    openclaw:PATH, in any mix); with none, every source that applies to this repository and user."""
    specs = [parse_source(argument) for argument in sources]
    refs: list[SourceRef] = []
    for spec in specs:
        if not spec.is_exchange:
            refs.append(adapter_for(spec.kind).source_for(spec.kind, spec.path.resolve()))
    if not specs:
        refs = discover(home, cwd)
        if not refs:
            click.echo("no agent memory found for this folder and user (see `memrev sources`)")
    store = open_store(ctx)
    failed = _import_exchange(store, [spec for spec in specs if spec.is_exchange], skip_invalid, strict)
    results, errors = import_native(store, refs)
    for result in results:
        for warning in result.read.warnings:
            click.echo(f"memrev: warning: {warning}", err=True)
        click.echo(result.summary)
    for message in errors:
        click.echo(f"memrev: error: {message}", err=True)
    if failed or errors:
        ctx.exit(EXIT_INPUT)


def _import_exchange(store: MemoryStore, specs: list[SourceSpec], skip_invalid: bool, strict: bool = False) -> int:
    """Import exchange files in one transaction (links may point across files); return how many failed."""
    failed = 0
    batches: list[tuple[SourceSpec, JsonlBatch]] = []
    for spec in specs:
        try:
            batch = read_exchange(spec, skip_invalid=skip_invalid, strict=strict)
        except ImportFileError as error:
            click.echo(f"memrev: error: {error}", err=True)
            failed += 1
            continue
        for message in batch.warnings:
            click.echo(f"memrev: warning: {message}", err=True)
        for message in batch.skipped:
            click.echo(f"memrev: skipped: {message}", err=True)
        batches.append((spec, batch))
    batches, dangling = _drop_dangling(store, batches)
    for message in dangling:
        click.echo(f"memrev: error: {message}", err=True)
    failed += len(dangling)
    if not batches:
        return failed
    reason = "import " + " ".join(spec.label for spec, _ in batches)
    carried = [record for _, batch in batches for record in batch.rejections]
    try:  # the audit trail first, so a decision already taken on a text holds for the entries that follow
        trail = import_rejection_records(store, carried, actor=actor()) if carried else 0
    except StoreError as error:
        raise InputError(f"{reason}: {error}") from None
    if carried:
        click.echo(f"{reason}: {trail} rejection(s) added to the audit trail"
                   + (f", {len(carried) - trail} already there" if len(carried) > trail else ""))
    try:
        result, screened = apply_screened(store, [entry for _, batch in batches for entry in batch.entries],
                                          actor=actor(), source=reason, reason=reason)
    except StoreError as error:
        raise InputError(f"{reason}: {error}") from None
    added, revised, blocked = set(result.added), set(result.revised), set(screened)
    for spec, batch in batches:
        ids = [entry.id for entry in batch.entries]
        n_added = sum(1 for i in ids if i in added)
        n_revised = sum(1 for i in ids if i in revised)
        n_blocked = sum(1 for i in ids if i in blocked)
        click.echo(f"{spec.label}: {n_added} added, {n_revised} revised, "
                   f"{len(ids) - n_added - n_revised} unchanged, {len(batch.skipped)} skipped"
                   + (f", {n_blocked} blocked by the scanner (see `memrev rejections`)" if n_blocked else ""))
    return failed


def _drop_dangling(store: MemoryStore, batches: list[Any]) -> tuple[list[Any], list[str]]:
    """Drop every file with a link to an entry that is neither stored nor imported, until none is left."""
    stored = {entry.id for entry in store.entries()}
    errors: list[str] = []
    while True:
        known = stored | {entry.id for _, batch in batches for entry in batch.entries}
        bad = next(((spec, entry, link) for spec, batch in batches for entry in batch.entries
                    for link in entry.links if link.target not in known), None)
        if bad is None:
            return batches, errors
        spec, entry, link = bad
        errors.append(f"{spec.label}: entry {entry.id!r} links to unknown entry {link.target!r}; not imported")
        batches = [(s, b) for s, b in batches if s is not spec]


@click.command("sources")
@click.option("--json", "as_json", is_flag=True, help="Print the sources as JSON.")
@HOME_OPTION
@CWD_OPTION
@store_errors
def sources_command(as_json: bool, home: Path | None, cwd: Path | None) -> None:
    """List every agent memory source found for this repository and user, where it is, and its entries."""
    rows = []
    for ref in discover(home, cwd):
        try:
            read = adapter_for(ref.kind).read(ref)
            rows.append({"kind": ref.kind, "root": str(ref.root), "detail": ref.detail,
                         "entries": len(read.entries),
                         "files": [str(path) for path, digest in sorted(read.files.items()) if digest is not None],
                         "warnings": read.warnings})
        except (ValueError, OSError) as error:
            rows.append({"kind": ref.kind, "root": str(ref.root), "detail": ref.detail, "entries": 0,
                         "files": [], "warnings": [f"{ref.label}: {error}"]})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        click.echo("no agent memory found for this folder and user")
        return
    for line in table(("KIND", "ENTRIES", "WARNINGS", "WHERE"),
                      [(r["kind"], str(r["entries"]), str(len(r["warnings"])), f"{r['root']}  {r['detail']}".rstrip())
                       for r in rows], last_width=120):
        click.echo(line)
