"""Choose a SQLite binding that can load sqlite-vec, falling back when the stock one cannot.

The standard `sqlite3` module is used when the interpreter was built with extension loading.
Many builds (pyenv's default, some distributions) lack `enable_load_extension`, so the fallback is
`sqlean.py`: a maintained drop-in replacement for `sqlite3` (same DB-API, same exceptions) that
bundles a current SQLite with FTS5 and extension loading, with wheels for Linux, macOS and Windows.
When neither can load sqlite-vec, memrev runs with semantic features off and says so once.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from dataclasses import dataclass
from types import ModuleType
from typing import Any

BINDING_ENV = "MEMREV_SQLITE"
"""Set to `stdlib`, `sqlean` or `auto` (default) to force or free the binding choice."""


@dataclass(frozen=True)
class Binding:
    """The DB-API module in use and whether sqlite-vec loads with it."""

    name: str
    module: ModuleType
    vec_available: bool
    vec_problem: str = ""

    def connect(self, path: str, **kwargs: Any) -> Any:
        """Open a connection with sqlite-vec loaded when the binding can load it."""
        conn = self.module.connect(path, **kwargs)
        if self.vec_available:
            load_vec(conn)
        return conn


def stdlib_can_load_extensions(module: ModuleType = sqlite3) -> bool:
    """Whether this interpreter's `sqlite3` was built with extension loading."""
    return hasattr(module.Connection, "enable_load_extension")


def load_vec(conn: Any) -> None:
    """Load sqlite-vec into one connection, then switch extension loading off again."""
    import sqlite_vec

    conn.enable_load_extension(True)
    try:
        sqlite_vec.load(conn)
    finally:
        conn.enable_load_extension(False)


def _probe(name: str, module: ModuleType) -> Binding:
    """Try sqlite-vec on an in-memory connection of `module`."""
    try:
        conn = module.connect(":memory:")
        try:
            load_vec(conn)
            conn.execute("select vec_version()").fetchone()
        finally:
            conn.close()
    except Exception as error:  # noqa: BLE001 - any failure means "no vectors with this binding"
        return Binding(name, module, False, f"{type(error).__name__}: {error}")
    return Binding(name, module, True)


def _import_sqlean() -> ModuleType | None:
    """Import the fallback binding, or None when it is not installed."""
    try:
        import sqlean
    except ImportError:
        return None
    return sqlean


def choose_binding(preference: str | None = None) -> Binding:
    """Pick the binding: stdlib when it loads extensions, else sqlean, else stdlib without vectors."""
    return _choose((preference or os.environ.get(BINDING_ENV) or "auto").lower())


@functools.lru_cache(maxsize=None)
def _choose(preference: str) -> Binding:
    """The probing behind `choose_binding`, done once per preference and process."""
    if preference not in {"auto", "stdlib", "sqlean"}:
        raise ValueError(f"{BINDING_ENV} must be auto, stdlib or sqlean, not {preference!r}")
    if preference == "stdlib":
        if not stdlib_can_load_extensions():
            return Binding("stdlib", sqlite3, False, "this Python's sqlite3 cannot load extensions")
        return _probe("stdlib", sqlite3)
    if preference == "auto" and stdlib_can_load_extensions():
        found = _probe("stdlib", sqlite3)
        if found.vec_available:
            return found
    sqlean = _import_sqlean()
    if sqlean is None:
        if preference == "sqlean":
            raise ValueError("MEMREV_SQLITE=sqlean but the sqlean.py package is not installed")
        return Binding("stdlib", sqlite3, False, "sqlite3 cannot load extensions and sqlean.py is missing")
    return _probe("sqlean", sqlean)


def database_errors() -> tuple[type[BaseException], ...]:
    """The base error class of each SQLite binding that can be imported here, to catch whichever is in use."""
    errors: list[type[BaseException]] = [sqlite3.Error]
    try:
        import sqlean  # type: ignore[import-not-found]

        errors.append(sqlean.dbapi2.Error)
    except ImportError:
        pass
    return tuple(errors)
