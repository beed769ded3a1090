"""What every `memrev` command shares: exit codes, one-line errors, the audit actor, the store, tables, the app."""

from __future__ import annotations

import functools
import getpass
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

import click

from memrev.core.freeze.journal import recover
from memrev.core.safe_io import SourceFileError
from memrev.core.store.db_health import describe
from memrev.core.store.jsonl import ImportFileError
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.read_only import ReadOnlyStore, writable
from memrev.core.store.sqlite_binding import database_errors

F = TypeVar("F", bound=Callable[..., Any])
DATABASE_ERRORS = database_errors()
"""The DB-API error classes of every SQLite binding memrev may use (they are distinct classes)."""

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2
"""Exit codes: success, findings (later checks), usage or input error."""


class InputError(click.ClickException):
    """A one-line error about the user's input, exiting with code 2."""

    exit_code = EXIT_INPUT

    def show(self, file: Any = None) -> None:
        """Print `memrev: error: ...` on stderr, one line, no traceback."""
        click.echo(f"memrev: error: {self.format_message()}", err=True)


def actor() -> str:
    """Who is acting, for the audit log: the person (`--actor`, else their login name), never a made-up name."""
    ctx = click.get_current_context(silent=True)
    given = ctx.find_root().obj.get("actor") if ctx is not None and isinstance(ctx.find_root().obj, dict) else None
    if given:
        return str(given)
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name in some containers
        return "unknown"


def open_store(ctx: click.Context, *, write: bool = True) -> MemoryStore:
    """Open the store named by --db, MEMREV_DB or the XDG default, turning failures into one-line errors; a command
    that only reads (`write=False`) reads a read-only database as it is, and a missing one as empty."""
    path = Path(ctx.obj["db"])
    if not write and not path.exists():
        note(f"no database at {path} yet (a command that stores something creates it)")
        store = MemoryStore(":memory:")
        ctx.call_on_close(store.close)
        return store
    if not writable(path):
        if write:
            command = ctx.command_path.split(" ", 1)[-1] if " " in ctx.command_path else ctx.command_path
            raise InputError(f"{path}: the database is read-only here (its file, folder or filesystem cannot be "
                             f"written), and `{command}` writes to it; nothing was done")
        try:
            store = ReadOnlyStore(path)
        except (StoreError, OSError) as error:
            raise InputError(str(error)) from None
        note(f"{path} is read-only here: read as it is, nothing is saved")
        ctx.call_on_close(store.close)
        return store
    if not path.parent.exists():
        try:
            path.parent.mkdir(parents=True)
        except OSError as error:
            raise InputError(f"{path.parent}: cannot create the folder for the database "
                             f"({error.strerror or error})") from None
        note(f"created the folder {path.parent} for the database")
    try:
        store = MemoryStore(path)
    except (StoreError, OSError) as error:
        raise InputError(str(error)) from None
    if store.semantic_notice and not ctx.obj.get("quiet_notice"):
        click.echo(f"memrev: note: {store.semantic_notice}", err=True)
    ctx.call_on_close(store.close)
    _finish_on_open(store)  # before the screening, so it screens the markers, not the secrets
    _repair_unscreened(store)
    for line in recover(store):  # a freeze a crash interrupted: put back, so no agent loads half of one
        click.echo(f"memrev: note: {line}", err=True)
    return store


def note(text: str) -> None:
    """One `memrev: note:` line on stderr."""
    click.echo(f"memrev: note: {text}", err=True)


def _finish_on_open(store: MemoryStore) -> None:
    """Redact, once, the secrets an older memrev stored raw, and rewrite the pages of a purge a kill interrupted;
    each says what it did (or why it could not) on stderr."""
    from memrev.core.freeze.purge import finished_purges
    from memrev.core.scan.redaction_repair import redacted_on_open

    for line in redacted_on_open(store) + finished_purges(store):
        click.echo(f"memrev: note: {line}", err=True)


def _repair_unscreened(store: MemoryStore) -> None:
    """Scan entries that were stored without being screened (an older memrev, an interrupted import)."""
    from memrev.core.scan.gate import screen_unscreened

    try:
        blocked = screen_unscreened(store, actor="scanner")
    except StoreError as error:  # a read-only or locked database: the entries stay as they are, and we say so
        click.echo(f"memrev: note: could not screen entries stored unscanned ({error})", err=True)
        return
    if blocked:
        click.echo(f"memrev: note: screened entries stored unscanned; {len(blocked)} blocked "
                   "(see `memrev rejections`)", err=True)


def store_errors(func: F) -> F:
    """Turn store and input errors raised by a command into one-line errors."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except BrokenPipeError:
            raise
        except (StoreError, ImportFileError, SourceFileError, ValueError, OSError) as error:
            raise InputError(str(error)) from None
        except DATABASE_ERRORS as error:  # a read that met a locked, damaged or vanished database
            ctx = click.get_current_context(silent=True)
            where = ctx.find_root().obj.get("db", "the database") if ctx is not None and ctx.find_root().obj else "db"
            raise InputError(describe(error, where)) from None

    return wrapper  # type: ignore[return-value]


def table(header: tuple[str, ...], rows: list[tuple[str, ...]], last_width: int = 70) -> Iterator[str]:
    """Plain aligned columns; the last column is cut to `last_width` characters."""
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header) - 1)]
    for row in [header, *rows]:
        cells = [str(cell).ljust(width) for cell, width in zip(row, widths)]
        last = str(row[-1])
        yield "  ".join([*cells, last if len(last) <= last_width else last[: last_width - 1] + "…"])


def run_app(db: Path, notices: list[str] | None = None, repo: Path | None = None, audit: bool = False,
            triage: bool = False, sources: Sequence[Any] = ()) -> None:
    """Open the review app on a database (showing `notices` once it is up), checking entries against `repo` and
    watching the memory `sources` it imported; `audit` or `triage` open it on the rejection audit or the triage
    queue."""
    from memrev.tui.app import MemrevApp

    require_terminal()
    if db.exists() and not writable(db):
        raise InputError(f"{db}: the database is read-only here, and the review app writes to it (checks, "
                         "decisions); read it with `memrev list`, `memrev show ID` or `memrev check --json`")
    try:
        app = MemrevApp(db_path=db, notices=notices or [], repo=repo, start_audit=audit, start_triage=triage,
                        actor=actor(), sources=sources)
    except (StoreError, OSError) as error:
        raise InputError(str(error)) from None
    app.run()
    if app.return_code:
        sys.exit(app.return_code)


def require_terminal(hint: str = "") -> None:
    """Refuse, in one line, to open the review app without a terminal (it would write escape codes into a pipe)."""
    if sys.stdin is not None and sys.stdout is not None and sys.stdin.isatty() and sys.stdout.isatty():
        return
    raise InputError("the review app needs a terminal, and this is not one; " + (hint or
                     "without one use `memrev list`, `memrev show ID`, `memrev check`, `memrev log` or "
                     "`memrev export`"))


def repository_here() -> Path | None:
    """The working tree holding the current folder, if any."""
    here = Path.cwd()
    return next((folder for folder in (here, *here.parents) if (folder / ".git").exists()), None)
