"""Purge in the store: an entry's content leaves every row memrev keeps, then SQLite forgets the bytes.

Phase 1 is one transaction: the entry's text, every revision's, its events' payloads (the only change the
append-only log ever allows, itself logged as a `purge` event with who, when and why, and no content), its check,
its rejections' text, its vector, the undo statements that quote it, and every stored freeze file's lines holding it;
any other value that quotes it is scrubbed; a `purge-pending` flag is set. Phase 2 rewrites the pages: secure
delete, an FTS5 optimize (old index segments go), a truncating WAL checkpoint, VACUUM, a second checkpoint; then the
flag goes. A process killed in phase 2 leaves the flag, and the next store open (or purge) finishes the rewrite.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from memrev.core.model import content_hash
from memrev.core.store.queries import CHUNK, StoreError
from memrev.core.store.scrub import all_sql_forms, needle_texts, scrub_file, scrub_value, search_cores
from memrev.core.store.serialize import format_time

if TYPE_CHECKING:
    from memrev.core.store.memory_store import MemoryStore

PENDING_KEY = "purge-pending"
"""Set in phase 1, cleared when the pages are rewritten: the entries whose bytes SQLite may still hold."""
FINGERPRINT_PREFIX = "purged-text:"
"""A keyed hash of each purged text (never the text), so an import can refuse to bring one back."""
KEY_META = "purge-key"
"""The store's own random key for those hashes."""
REWRITE_WAIT_S = 30.0
"""How long phase 2 waits for other connections (the live app) to let a checkpoint through."""
EMPTY_HASH = content_hash("")

_OWNED = (("entries", "id"), ("revisions", "entry_id"), ("checks", "entry_id"), ("rejections", "entry_id"),
          ("links", "entry_id"), ("sensitive", "entry_id"))
"""Tables whose rows belong to an entry (by the column naming it): their undo statements go with its content."""
_OWNER_TABLES = frozenset(table for table, _ in _OWNED)
_SKIPPED = ("sqlite_", "entries_fts", "entry_vectors")
"""Tables the generic scrub leaves alone: SQLite's own, the FTS index (rebuilt by phase 2) and the vectors."""
_QUOTED = re.compile(r"'((?:[^']|'')*)'")


@dataclass
class StorePurge:
    """What phase 1 cleared (by place) and whether phase 2 rewrote the pages; `needles` live only in memory."""

    ids: list[str]
    cleared: Counter[str] = field(default_factory=Counter)
    shared: list[str] = field(default_factory=list, repr=False)
    """Needles set aside because an entry that is not purged holds them too (they are its content)."""
    needles: list[str] = field(default_factory=list, repr=False)
    rewritten: bool = False
    problem: str = ""
    """Why the pages could not be rewritten yet (another process kept the database busy); empty when they were."""

    def counts(self) -> str:
        """`3 revisions, 9 event payloads, 1 rejection`: what phase 1 cleared, in words."""
        return in_words(self.cleared) or "nothing else"


def in_words(counts: Counter[str]) -> str:
    """Counts by place as `1 revision, 9 event payloads` (places are named in the plural)."""
    return ", ".join(f"{n} {place[:-1] if n == 1 and place.endswith('s') else place}"
                     for place, n in sorted(counts.items()) if n)


def stored_texts(store: MemoryStore, entry_ids: Sequence[str]) -> dict[str, list[str]]:
    """Every text the store holds for each entry: the current one, every revision's, its events' and rejections'."""
    found: dict[str, list[str]] = {entry_id: [] for entry_id in entry_ids}
    conn = store.conn
    for chunk in _chunks(list(entry_ids)):
        marks = ", ".join("?" * len(chunk))
        rows = conn.execute(f"select id, text from entries where id in ({marks})", chunk).fetchall()
        rows += conn.execute(f"select entry_id, json_extract(snapshot, '$.text') from revisions "
                             f"where entry_id in ({marks}) and json_valid(snapshot)", chunk).fetchall()
        for column in ("before", "after"):
            rows += conn.execute(f"select entry_id, json_extract({column}, '$.text') from events where entry_id in "
                                 f"({marks}) and json_valid({column})", chunk).fetchall()
        rows += conn.execute(f"select entry_id, text from rejections where entry_id in ({marks})", chunk).fetchall()
        for entry_id, text in rows:
            if isinstance(text, str) and text.strip() and text not in found[entry_id]:
                found[entry_id].append(text)
    return found


def content_counts(store: MemoryStore, entry_ids: Sequence[str]) -> Counter[str]:
    """How many rows hold these entries' content now, by place (for the preview)."""
    counts: Counter[str] = Counter()
    for chunk in _chunks(list(entry_ids)):
        marks = ", ".join("?" * len(chunk))
        for place, sql in (("revisions", f"select count(*) from revisions where entry_id in ({marks})"),
                           ("event payloads", f"select count(*) from events where entry_id in ({marks}) "
                                              "and (before is not null or after is not null)"),
                           ("rejections", f"select count(*) from rejections where entry_id in ({marks})"),
                           ("checks", f"select count(*) from checks where entry_id in ({marks})")):
            counts[place] += int(store.conn.execute(sql, chunk).fetchone()[0])
    return counts


def shared_needles(store: MemoryStore, needles: Iterable[str], entry_ids: Sequence[str]) -> set[str]:
    """The needles an entry that is not purged holds too, in its text or a revision (its own content, not residue):
    every such text is read once, and each needle looked for in all of them at once."""
    needles = list(needles)
    if not needles:
        return set()
    ids = json.dumps(list(entry_ids))
    rows = store.conn.execute(
        "select text from entries where id not in (select value from json_each(?)) union "
        "select json_extract(snapshot, '$.text') from revisions where entry_id not in (select value from json_each(?)) "
        "and json_valid(snapshot)", (ids, ids)).fetchall()
    held = "\x00".join(text for (text,) in rows if isinstance(text, str))
    return {needle for needle in needles if needle in held}


def clear_content(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str = "",
                  extra_texts: Iterable[str] = ()) -> StorePurge:
    """Phase 1: clear these entries' content from every row, in one transaction with their `purge` events, and
    flag the page rewrite as pending. `extra_texts`: forms of the text found elsewhere (the agent's file)."""
    ids = list(dict.fromkeys(entry_ids))
    result = StorePurge(ids)
    store.conn.execute("pragma secure_delete = on")  # freed cells and pages are zeroed from here on
    with store.transaction() as conn:
        missing = set(ids) - {row[0] for row in _select_in(conn, "select id from entries where id in ({})", ids)}
        if missing:
            raise StoreError(f"no entry with id {sorted(missing)[0]!r}")
        texts = [text for found in stored_texts(store, ids).values() for text in found] + list(extra_texts)
        needles = needle_texts(texts)
        result.shared = sorted(shared_needles(store, needles, ids))
        result.needles = [needle for needle in needles if needle not in result.shared]
        forms = all_sql_forms(result.needles)
        owned = _owned_rows(conn, ids)
        before = {row[0]: row[1] for row in _select_in(conn, "select id, status from entries where id in ({})", ids)}
        now = format_time(store.clock())
        triggers = conn.execute("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'events'"
                                ).fetchall()
        for name, _ in triggers:
            conn.execute(f'drop trigger "{name}"')
        try:
            _clear_entries(store, conn, ids, now, result)
            _clear_events(conn, ids, result.needles, forms, result)
            _clear_undo(conn, ids, owned, forms, now, actor, result)
            _clear_freeze_files(conn, result.needles, result)
            _scrub_everything_else(conn, result.needles, forms, result)
        finally:
            for _, sql in triggers:
                conn.execute(sql)
        why = _scrubbed_reason(reason, result.needles, forms)
        for entry_id in ids:
            store._event(conn, now, actor, "purge", entry_id, {"status": before.get(entry_id)},
                         {"status": "purged", "cleared": dict(result.cleared)}, why)
        _remember(conn, texts)
        waiting = list(dict.fromkeys([*pending_purge(store), *ids]))  # an earlier purge may still wait for phase 2
        conn.execute("insert into meta(key, value) values (?, ?) on conflict(key) do update set value = excluded.value",
                     (PENDING_KEY, json.dumps({"ids": waiting, "at": now})))
    return result


def _clear_entries(store: MemoryStore, conn: Any, ids: list[str], now: str, result: StorePurge) -> None:
    """The entries themselves (text, attributes, hashes, status, their vector), every revision, their checks and
    rejections."""
    rowids = [int(row[0]) for row in _select_in(conn, "select rowid from entries where id in ({})", ids)]
    conn.executemany("update entries set text = '', content_hash = ?, screened_hash = ?, status = 'purged', "
                     "attributes = null, updated_at = ? where id = ?", [(EMPTY_HASH, EMPTY_HASH, now, entry_id) for entry_id in ids])
    store.vectors.write(conn, [(rowid, "") for rowid in rowids])
    revisions = _select_in(conn, "select rowid, snapshot from revisions where entry_id in ({})", ids)
    for rowid, snapshot in revisions:
        conn.execute("update revisions set snapshot = ? where rowid = ?", (_cleared_snapshot(snapshot), rowid))
    result.cleared["revisions"] += len(revisions)
    result.cleared["checks"] += sum(conn.execute(f"delete from checks where entry_id in ({', '.join('?' * len(c))})",
                                                 c).rowcount for c in _chunks(ids))
    for rowid, findings in _select_in(conn, "select rowid, findings from rejections where entry_id in ({})", ids):
        conn.execute("update rejections set text = '', findings = ? where rowid = ?", (_bare_findings(findings), rowid))
        result.cleared["rejections"] += 1


def _cleared_snapshot(snapshot: str) -> str:
    """A revision's snapshot with its text gone (every other field, its version and time, kept)."""
    try:
        data = json.loads(snapshot)
    except ValueError:
        return json.dumps({"text": ""})
    data["text"] = ""
    data["attributes"] = {}  # a Claude memory's name, description or links can say what its text said
    if isinstance(data.get("source"), dict):
        data["source"]["content_hash"] = EMPTY_HASH
    return json.dumps(data, ensure_ascii=False)


def _bare_findings(findings: str) -> str:
    """A rejection's findings reduced to their rules, families, severities and spans (what matched goes)."""
    try:
        data = json.loads(findings)
    except ValueError:
        return "[]"
    keep = ("rule", "family", "severity", "span", "reason")
    return json.dumps([{key: item[key] for key in keep if key in item} for item in data if isinstance(item, dict)],
                      ensure_ascii=False)


def _clear_events(conn: Any, ids: list[str], needles: list[str], forms: list[str], result: StorePurge) -> None:
    """Every event of the entries keeps its time, actor, action and reason (scrubbed); its payloads go."""
    for event_id, reason in _select_in(conn, "select id, reason from events where entry_id in ({}) "
                                             "and (before is not null or after is not null)", ids):
        conn.execute("update events set before = null, after = null, reason = ? where id = ?",
                     (_scrubbed_reason(reason, needles, forms), event_id))
        result.cleared["event payloads"] += 1


def _owned_rows(conn: Any, ids: list[str]) -> dict[str, set[int]]:
    """The rowids of every row that belongs to these entries, by table."""
    return {table: {int(row[0]) for row in _select_in(conn, f"select rowid from {table} where {column} in ({{}})", ids)}
            for table, column in _OWNED}


def _clear_undo(conn: Any, ids: list[str], owned: dict[str, set[int]], forms: list[str], now: str, actor: str,
                result: StorePurge) -> None:
    """Undo statements that would restore these entries' rows or quote their text go; an action left with nothing
    to undo is closed (undone by the purge), so `undo` can never bring the text back."""
    wanted = set(ids)
    affected = [int(row[0]) for row in conn.execute(  # the actions that changed one of these entries' rows
        "select distinct a.id from actions a, json_each(a.entry_ids) e where e.value in (select value from json_each(?))",
        (json.dumps(ids),))]
    steps = _select_in(conn, "select id, action_id, tbl, row_id, statement from undo_steps where action_id in ({})",
                       affected)
    for probes in _batches(search_cores(forms)):  # any other statement that quotes the text
        test = " or ".join(["instr(statement, ?) > 0"] * len(probes))
        steps += conn.execute(f"select id, action_id, tbl, row_id, statement from undo_steps where {test}",
                              probes).fetchall()
    doomed: dict[int, dict[int, tuple[str, int]]] = {}
    for step_id, action_id, table, row_id, statement in steps:
        mine = row_id in owned.get(table, ()) or any(value.replace("''", "'") in wanted
                                                     for value in _QUOTED.findall(statement))
        if mine or any(form in statement for form in forms):
            doomed.setdefault(int(action_id), {})[int(step_id)] = (str(table), int(row_id))
    for action_id, gone in doomed.items():
        conn.executemany("delete from undo_steps where id = ?", [(step_id,) for step_id in gone])
        result.cleared["undo steps"] += len(gone)
        left = {(str(t), int(r)) for t, r in conn.execute("select tbl, row_id from undo_steps where action_id = ?",
                                                          (action_id,))}
        if not any(table in _OWNER_TABLES for table, _ in left):  # only shared rows (a project, a decision) remain
            conn.execute("delete from undo_steps where action_id = ?", (action_id,))
            left = set()
        rows = json.loads(conn.execute("select coalesce(rows, '{}') from actions where id = ?",
                                       (action_id,)).fetchone()[0])
        for table, row_id in gone.values():
            if (table, row_id) not in left:
                rows.pop(f"{table}:{row_id}", None)
        conn.execute("update actions set rows = ? where id = ?", (json.dumps(rows), action_id))
        if not left:
            conn.execute("update actions set rows = '{}' where id = ?", (action_id,))
            closed = conn.execute("update actions set undone_at = ?, undone_by = ? where id = ? and undone_at is null",
                                  (now, f"purge by {actor}", action_id)).rowcount
            result.cleared["closed actions"] += closed


def _clear_freeze_files(conn: Any, needles: list[str], result: StorePurge) -> None:
    """Every stored freeze file (before and after, snapshots too) loses the lines holding the text, so a rollback
    can never write it back; the recorded digests stay those of the files as they were."""
    if not needles:
        return
    for rowid, before, after in conn.execute("select rowid, before, after from freeze_files "
                                             "where before is not null or after is not null").fetchall():
        new_before = scrub_file(bytes(before), needles) if before is not None else None
        new_after = scrub_file(bytes(after), needles) if after is not None else None
        if new_before is None and new_after is None:
            continue
        conn.execute("update freeze_files set before = ?, after = ? where rowid = ?",
                     (before if new_before is None else new_before, after if new_after is None else new_after, rowid))
        result.cleared["freeze files"] += 1


def _scrub_everything_else(conn: Any, needles: list[str], forms: list[str], result: StorePurge) -> None:
    """Any other text value that quotes the purged text (a reason, another entry's payload, a summary): scrubbed.
    SQLite finds the candidate rows by each needle's core (a run every form of it shares); Python confirms them.
    Entries' texts and revisions are left out: a needle another entry holds there is its content, set aside."""
    tables = [row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")
              if not str(row[0]).startswith(_SKIPPED) and row[0] not in ("undo_steps", "known_secrets", "revisions")]
    for probes in _batches(search_cores(needles)):
        test = " or ".join(["instr({col}, ?) > 0"] * len(probes))
        for table in tables:
            for _, column, declared, *_ in conn.execute(f'pragma table_info("{table}")').fetchall():
                if (declared and "TEXT" not in declared.upper()) or (table, column) == ("entries", "text"):
                    continue
                sql = f'select rowid, "{column}" from "{table}" where typeof("{column}") = \'text\' and ({test})'
                for rowid, value in conn.execute(sql.format(col=f'"{column}"'), probes).fetchall():
                    new = scrub_value(value, needles, forms)
                    if new is not None and new != value:
                        conn.execute(f'update "{table}" set "{column}" = ? where rowid = ?', (new, rowid))
                        result.cleared["other values scrubbed"] += 1


def _scrubbed_reason(reason: str, needles: list[str], forms: list[str]) -> str:
    """A person's reason without the purged text in it."""
    new = scrub_value(reason, needles, forms) if reason else None
    return reason if new is None else new


def _remember(conn: Any, texts: Iterable[str]) -> None:
    """Keep a keyed hash of each purged text (an import can then tell it came back); never the text."""
    row = conn.execute("select value from meta where key = ?", (KEY_META,)).fetchone()
    key = row[0] if row else secrets.token_hex(32)
    if row is None:
        conn.execute("insert into meta(key, value) values (?, ?)", (KEY_META, key))
    conn.executemany("insert or ignore into meta(key, value) values (?, '')",
                     [(FINGERPRINT_PREFIX + _mac(key, text),) for text in set(texts) if text.strip()])


def _mac(key: str, text: str) -> str:
    """The keyed hash of a text, normalised as an agent's format may re-wrap it (whitespace collapsed)."""
    basis = " ".join(text.split()).encode("utf-8", "surrogatepass")
    return hmac.new(bytes.fromhex(key), basis, hashlib.sha256).hexdigest()[:32]


def is_purged_text(store: MemoryStore, text: str) -> bool:
    """Whether this text was purged from the store (an import should not bring it back)."""
    key = store.get_meta(KEY_META)
    return key is not None and store.get_meta(FINGERPRINT_PREFIX + _mac(key, text)) is not None


def purged_text_test(store: MemoryStore) -> Callable[[str], bool]:
    """`is_purged_text` for many texts: the purge fingerprints read once (an import asks about every entry)."""
    key = store.get_meta(KEY_META)
    known = set(store.meta_with_prefix(FINGERPRINT_PREFIX)) if key is not None else set()
    if key is None or not known:
        return lambda text: False
    return lambda text: FINGERPRINT_PREFIX + _mac(key, text) in known


# -- phase 2 ---------------------------------------------------------------------------------------------


def pending_purge(store: MemoryStore) -> list[str]:
    """The entries whose pages are not yet rewritten (a purge interrupted in phase 2); empty when none."""
    value = store.get_meta(PENDING_KEY)
    if value is None:
        return []
    try:
        return [str(entry_id) for entry_id in json.loads(value).get("ids", [])]
    except (ValueError, AttributeError):
        return ["?"]


def rewrite_pages(store: MemoryStore, *, wait: float = REWRITE_WAIT_S) -> None:
    """Phase 2: make SQLite forget the freed bytes (FTS5 optimize, truncating checkpoint, VACUUM, checkpoint), then
    clear the pending flag; StoreError with one line when another process keeps the database busy throughout."""
    conn = store.conn
    conn.execute("pragma secure_delete = on")
    with store.transaction() as write:
        write.execute("insert into entries_fts(entries_fts) values ('optimize')")
    _checkpoint(store, wait)
    try:
        conn.execute("vacuum")
    except store.binding.module.OperationalError as error:
        raise StoreError(f"{store.path}: the purged rows are cleared, but the pages that held them could not be "
                         f"rewritten ({error}); close other memrev windows and run `memrev purge` again") from None
    _checkpoint(store, wait)
    with store.transaction() as write:
        write.execute("delete from meta where key = ?", (PENDING_KEY,))
    _checkpoint(store, wait)


def _checkpoint(store: MemoryStore, wait: float) -> None:
    """Copy the WAL into the database and truncate it, waiting (with backoff) for readers of older snapshots."""
    deadline = time.monotonic() + wait
    pause = 0.05
    timeout = int(store.conn.execute("pragma busy_timeout").fetchone()[0])
    store.conn.execute(f"pragma busy_timeout = {int(min(timeout, wait * 1000, 1000))}")  # each try waits a little
    try:
        while True:
            try:
                busy = store.conn.execute("pragma wal_checkpoint(truncate)").fetchone()[0]
            except store.binding.module.OperationalError:
                busy = 1
            if not busy:
                return
            if time.monotonic() >= deadline:
                raise StoreError(f"{store.path}: another process (the app?) is reading the database, so the pages "
                                 "that held the purged text are not rewritten yet; close it and run `memrev purge` "
                                 "again")
            time.sleep(pause)
            pause = min(pause * 2, 1.0)
    finally:
        store.conn.execute(f"pragma busy_timeout = {timeout}")


def finish_pending(store: MemoryStore, *, wait: float = REWRITE_WAIT_S) -> list[str]:
    """Finish a purge interrupted in phase 2 (the store's opening does this); returns the entries it concerned."""
    ids = pending_purge(store)
    if ids:
        rewrite_pages(store, wait=wait)
    return ids


def purge_store(store: MemoryStore, entry_ids: Sequence[str], *, actor: str, reason: str = "",
                extra_texts: Iterable[str] = (), wait: float = REWRITE_WAIT_S) -> StorePurge:
    """Both phases: clear the content (one transaction) and rewrite the pages; a busy database leaves phase 2
    pending and says why in `problem` (the content is already gone from every row)."""
    result = clear_content(store, entry_ids, actor=actor, reason=reason, extra_texts=extra_texts)
    try:
        rewrite_pages(store, wait=wait)
        result.rewritten = True
    except StoreError as error:
        result.problem = str(error)
    return result


PROBES_PER_QUERY = 200
"""Searches OR-ed in one query (SQLite's expression depth is limited)."""


def _batches(probes: list[str]) -> list[list[str]]:
    """Search strings in batches one query can hold."""
    return [probes[start:start + PROBES_PER_QUERY] for start in range(0, len(probes), PROBES_PER_QUERY)]


def _chunks(values: list[Any]) -> list[list[Any]]:
    """Values in chunks small enough to bind at once."""
    return [values[start:start + CHUNK] for start in range(0, len(values), CHUNK)]


def _select_in(conn: Any, sql: str, values: list[Any]) -> list[tuple[Any, ...]]:
    """Rows of a query with one `in ({})`, asked a chunk of values at a time."""
    rows: list[tuple[Any, ...]] = []
    for chunk in _chunks(values):
        rows += conn.execute(sql.format(", ".join("?" * len(chunk))), chunk).fetchall()
    return rows
