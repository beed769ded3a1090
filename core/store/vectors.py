"""The embedding index of entry texts (a sqlite-vec `vec0` table): built for one embedder, kept in step with the
texts, and searched by meaning for near-duplicates and recall."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Callable, Sequence

from memrev.core.store.embedding import Embedder, serialize

MAX_K = 4096
"""The most neighbours one sqlite-vec query returns (`k value in knn query too large` past it)."""


class VectorIndex:
    """One connection's view of the vector table; every method is a no-op when sqlite-vec could not load."""

    def __init__(self, conn: Any, embedder: Embedder, *, enabled: bool) -> None:
        """Work on `conn` with vectors from `embedder`, or do nothing when `enabled` is False."""
        self.conn = conn
        self.embedder = embedder
        self.enabled = enabled

    def current(self) -> bool:
        """Whether the table exists for this embedder and covers every entry (a read, no lock)."""
        row = self.conn.execute("select value from meta where key = 'embedder'").fetchone()
        if row is None or row[0] != self.embedder.name:
            return False
        if self.conn.execute("select 1 from meta where key like 'stale-vector:%' limit 1").fetchone():
            return False
        missing = self.conn.execute(
            "select 1 from entries where rowid not in (select rowid from entry_vectors) limit 1"
        ).fetchone()
        return missing is None

    def ensure(self, transaction: Callable[[], AbstractContextManager[Any]]) -> None:
        """Create the table for this embedder (rebuilding it when the embedder changed) and fill in what is missing."""
        if not self.enabled or self.current():
            return
        row = self.conn.execute("select value from meta where key = 'embedder'").fetchone()
        with transaction() as conn:
            if row is not None and row[0] != self.embedder.name:
                conn.execute("drop table if exists entry_vectors")
            conn.execute("create virtual table if not exists entry_vectors using "
                         f"vec0(embedding float[{self.embedder.dimension}] distance_metric=cosine)")
            conn.execute("insert into meta(key, value) values ('embedder', ?) "
                         "on conflict(key) do update set value = excluded.value", (self.embedder.name,))
            stale = [row[0] for row in conn.execute("select key from meta where key like 'stale-vector:%'")]
            conn.executemany("delete from entry_vectors where rowid = ?", [(int(key.split(":")[1]),) for key in stale])
            conn.executemany("delete from meta where key = ?", [(key,) for key in stale])
            missing = conn.execute(
                "select rowid, text from entries where rowid not in (select rowid from entry_vectors)").fetchall()
            self.write(conn, missing)

    def write(self, conn: Any, rows: Sequence[tuple[int, str]]) -> None:
        """Embed and store the vectors of (rowid, text) rows."""
        if not rows or not self.enabled:
            return
        vectors = self.embedder.embed([text for _, text in rows])
        conn.executemany("delete from entry_vectors where rowid = ?", [(rowid,) for rowid, _ in rows])
        conn.executemany("insert into entry_vectors(rowid, embedding) values (?, ?)",
                         [(rowid, serialize(vector)) for (rowid, _), vector in zip(rows, vectors)])

    def refresh(self, conn: Any, rowids: Sequence[int], old_texts: dict[int, str]) -> None:
        """After rows were restored: drop the vectors of entries that are gone, re-embed those whose text changed."""
        if not self.enabled:
            return
        wanted = list(dict.fromkeys(rowids))
        texts: dict[int, str] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start:start + 500]
            texts.update(conn.execute(f"select rowid, text from entries where rowid in ({', '.join('?' * len(chunk))})",
                                      chunk).fetchall())
        conn.executemany("delete from entry_vectors where rowid = ?", [(r,) for r in wanted if r not in texts])
        self.write(conn, [(r, texts[r]) for r in wanted if r in texts and texts[r] != old_texts.get(r)])

    def nearest(self, text: str, k: int, *, exclude: str | None = None) -> list[tuple[str, float]]:
        """The k entries nearest in meaning to `text`, as (id, cosine distance), and any more as near as the k-th
        (which of equally near entries make the cut must not depend on the order rows were written); empty when
        vectors are off."""
        if not self.enabled or k <= 0:
            return []
        vector = serialize(self.embedder.embed([text])[0])
        asked = min(2 * k + 1, MAX_K)
        while True:
            rows = self.conn.execute(
                "select e.id, v.distance from entry_vectors v join entries e on e.rowid = v.rowid "
                "where v.embedding match ? and k = ? order by v.distance", (vector, asked)).fetchall()
            found = [  # a text with no words has a zero vector, whose cosine distance is undefined (NULL)
                (entry_id, float(distance)) for entry_id, distance in rows
                if entry_id != exclude and distance is not None]
            if len(found) <= k:
                return found
            cut = found[k - 1][1]
            if len(rows) < asked or found[-1][1] != cut or asked >= MAX_K:
                break
            asked = min(asked * 2, MAX_K)  # the tie runs past what was asked for: ask for more
        return found[:k] + [(entry_id, distance) for entry_id, distance in found[k:] if distance == cut]
