"""Once per store: redact the secrets a memrev older than schema 8 stored raw, in every table, then rewrite the pages.

Stores made since redaction never hold a raw secret; an older one may, in entries, revisions, event payloads,
rejections, undo statements and freeze records. The first open after the upgrade finds every secret the scanner
confirms in any stored value, replaces each with its marker everywhere (the event log's append-only triggers are
lifted inside this one transaction, as a purge lifts them), and has SQLite forget the freed bytes.
"""

from __future__ import annotations

from typing import Any

from memrev.core.model import content_hash
from memrev.core.scan.redaction import Redactor
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.core.store.purge import rewrite_pages

REPAIRED_KEY = "secrets-redacted"
"""Set once every stored value was redacted (a store made since needs no pass)."""
_SKIPPED = ("sqlite_", "entries_fts", "entry_vectors", "meta", "known_secrets")
"""Tables that hold no text of their own: SQLite's, the search index (rebuilt from entries), vectors, keys."""


def _columns(conn: Any) -> list[tuple[str, list[str], list[str]]]:
    """(table, text columns, blob columns) of every table that may hold a stored text."""
    found = []
    for (table,) in conn.execute("select name from sqlite_master where type = 'table' order by name").fetchall():
        if table.startswith(_SKIPPED):
            continue
        info = conn.execute(f'pragma table_info("{table}")').fetchall()
        texts = [row[1] for row in info if (row[2] or "").upper() == "TEXT"]
        blobs = [row[1] for row in info if (row[2] or "").upper() == "BLOB"]
        if texts or blobs:
            found.append((table, texts, blobs))
    return found


def _secrets_in(conn: Any, columns: list[tuple[str, list[str], list[str]]], redactor: Redactor) -> dict[str, str]:
    """Every raw secret any stored value holds, to the marker that replaces it."""
    pairs: dict[str, str] = {}
    for table, texts, blobs in columns:
        for column in texts + blobs:
            for (value,) in conn.execute(f'select "{column}" from "{table}" where "{column}" is not null'):
                text = value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else str(value)
                redaction = redactor.redact(text)
                for start, end, new_start, new_end in redaction.moves:
                    pairs.setdefault(text[start:end], redaction.text[new_start:new_end])
    return pairs


def redact_stored(store: MemoryStore) -> int:
    """Redact, once, every secret an older memrev stored raw; returns how many distinct secrets were replaced."""
    if store.get_meta(REPAIRED_KEY) is not None:
        return 0
    columns = _columns(store.conn)
    redactor = Redactor.for_store(store)
    pairs = _secrets_in(store.conn, columns, redactor)
    if pairs:
        store.conn.execute("pragma secure_delete = on")
    with store.transaction() as conn:
        if pairs:
            _replace_everywhere(conn, columns, pairs)
            redactor.remember(store)
        store.set_meta(REPAIRED_KEY, str(len(pairs)))
    if pairs:
        rewrite_pages(store)
    return len(pairs)


def _replace_everywhere(conn: Any, columns: list[tuple[str, list[str], list[str]]], pairs: dict[str, str]) -> None:
    """Replace each secret with its marker in every column (the event log included), and re-key changed entries."""
    triggers = conn.execute("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'events'"
                            ).fetchall()
    for name, _ in triggers:
        conn.execute(f'drop trigger "{name}"')
    try:
        for table, texts, blobs in columns:
            for column in texts:
                for secret, marker in pairs.items():
                    conn.execute(f'update "{table}" set "{column}" = replace("{column}", ?, ?) '
                                 f'where instr("{column}", ?) > 0', (secret, marker, secret))
            for column in blobs:
                rows = conn.execute(f'select rowid, "{column}" from "{table}" where "{column}" is not null').fetchall()
                for rowid, value in rows:
                    data = value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogateescape")
                    changed = data
                    for secret, marker in pairs.items():
                        changed = changed.replace(secret.encode("utf-8", "surrogateescape"), marker.encode("utf-8"))
                    if changed != data:
                        conn.execute(f'update "{table}" set "{column}" = ? where rowid = ?', (changed, rowid))
    finally:
        for _, sql in triggers:
            conn.execute(sql)
    rows = conn.execute("select id, text, content_hash from entries").fetchall()
    conn.executemany("update entries set content_hash = ?, screened_hash = null where id = ?",  # screened again
                     [(content_hash(text), entry_id) for entry_id, text, digest in rows if content_hash(text) != digest])


def redacted_on_open(store: MemoryStore) -> list[str]:
    """`redact_stored` as the app opens a store: a line to show when it replaced anything or could not run."""
    try:
        replaced = redact_stored(store)
    except StoreError as error:  # read-only or locked: tried again at the next open
        return [f"could not redact secrets an older memrev stored ({error})"]
    return [f"redacted {replaced} secret(s) an older memrev had stored as they were"] if replaced else []
