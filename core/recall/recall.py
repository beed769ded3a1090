"""What an agent would retrieve from memory for a query: every entry it holds ranked (raw), or only what memrev's
gate lets through, each stale or unconfirmed one with its evidence and each conflict named (gated)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Collection, Mapping, Sequence

from memrev.core.check.model import EntryCheck, Verdict
from memrev.core.conflicts.detect import NEAR_DUPLICATE_LIMIT, find_conflicts
from memrev.core.model import Entry, Status
from memrev.core.review.sensitive import sensitive_ids
from memrev.core.recall.ranking import (CANDIDATE_MULTIPLIER, HALF_LIFE_DAYS, MMR_LAMBDA, TEXT_WEIGHT, VECTOR_WEIGHT,
                                        Candidate, age_days, blend, dated_at, decay, mmr, tokens)
from memrev.core.store.memory_store import MemoryStore

__all__ = ["RecallOptions", "RecallState", "Recalled", "ScoreParts", "read_state", "recall", "recallable"]

GONE = frozenset({Status.PURGED})
"""Entries no agent holds in any mode: their text is gone."""
SHUT_OUT = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.PURGED, Status.BLOCKED, Status.HELD})
"""Entries the gate never returns."""
_QUERY_WORD = re.compile(r"[A-Za-z0-9_]+|[^\W\d_]+")


@dataclass(frozen=True)
class RecallOptions:
    """How to recall: how many results, through the gate or raw, for which project, and the ranking's knobs."""

    k: int = 6
    gated: bool = True
    project: str | None = None
    half_life_days: float = HALF_LIFE_DAYS
    vector_weight: float = VECTOR_WEIGHT
    text_weight: float = TEXT_WEIGHT
    mmr_lambda: float = MMR_LAMBDA
    now: datetime | None = None


@dataclass(frozen=True)
class ScoreParts:
    """How a result's score was made: keyword and meaning scores, their blend, the age weight and the final score."""

    text: float
    vector: float
    blended: float
    decay: float
    score: float
    rank: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values, rounded for reading."""
        return {"text": round(self.text, 4), "vector": round(self.vector, 4), "blended": round(self.blended, 4),
                "decay": round(self.decay, 4), "score": round(self.score, 4), "rank": self.rank}


@dataclass(frozen=True)
class Recalled:
    """One result: the entry, its score parts, its verdict and confidence, the evidence a reader needs before trusting
    it, the entries it conflicts with, and whether its text is masked (sensitive)."""

    entry: Entry
    parts: ScoreParts
    verdict: str | None
    confidence: float
    evidence: tuple[str, ...] = ()
    conflicts_with: tuple[str, ...] = ()
    caution: str | None = None
    sensitive: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape `memrev recall --json` prints for one result."""
        return {"id": self.entry.id, "text": None if self.sensitive else self.entry.text,
                "sensitive": self.sensitive, "status": self.entry.status.value, "verdict": self.verdict,
                "confidence": round(self.confidence, 2), "score": self.parts.to_dict(),
                "caution": self.caution, "evidence": list(self.evidence), "conflicts_with": list(self.conflicts_with),
                "project": self.entry.scope.project.name if self.entry.scope.project else None,
                "source": {"agent": self.entry.source.agent, "file": self.entry.source.file}}


def _in_project(entry: Entry, project: str | None) -> bool:
    """Whether the entry is global or belongs to the project (named by its key or its name)."""
    scoped = entry.scope.project
    return project is None or scoped is None or project in (scoped.key, scoped.name)


def _pool(entries: Sequence[Entry], checks: Mapping[str, EntryCheck], options: RecallOptions) -> dict[str, Entry]:
    """The entries recall may return: all an agent holds (raw), or only those the gate lets through."""
    pool = {}
    for entry in entries:
        if entry.removed_at is not None or entry.status in GONE or not _in_project(entry, options.project):
            continue
        if options.gated:
            check = checks.get(entry.id)
            if entry.status in SHUT_OUT or (check is not None and check.verdict is Verdict.OUT_OF_SCOPE):
                continue
        pool[entry.id] = entry
    return pool


def _text_scores(store: MemoryStore, query: str, pool: Mapping[str, Entry], limit: int,
                 ids: Mapping[int, str]) -> dict[str, float]:
    """Keyword scores of the pool's best BM25 matches (any query word), scaled so the best is 1; `ids` names each
    row (looked up after the sort, not joined before it: a common word matches nearly every entry)."""
    words = _QUERY_WORD.findall(query)
    if not words:
        return {}
    match = " OR ".join('"' + word.replace('"', '""') + '"' for word in words)
    rows = store.conn.execute(
        "select rowid, bm25(entries_fts) from entries_fts where entries_fts match ? order by bm25(entries_fts)",
        (match,))
    found: dict[str, float] = {}
    cut: float | None = None  # the limit-th rank: rows as good as it are kept too, whatever their row order
    for rowid, rank in rows:
        if cut is not None and rank != cut:
            break
        entry_id = ids.get(rowid)
        if entry_id is not None and entry_id in pool:
            found[entry_id] = max(0.0, -float(rank))
            if cut is None and len(found) >= limit:
                cut = rank
    best = max(found.values(), default=0.0)
    return {entry_id: score / best if best > 0 else 1.0 for entry_id, score in found.items()}


def _vector_scores(store: MemoryStore, query: str, pool: Mapping[str, Entry], limit: int) -> dict[str, float]:
    """Meaning scores (1 minus cosine distance, at least 0) of the pool's nearest entries; empty without vectors."""
    if not store.semantic_enabled:
        return {}
    near = store.neighbours(query, min(len(pool), limit * 8) or 1)
    found = sorted(((max(0.0, 1.0 - distance), entry_id) for entry_id, distance in near if entry_id in pool),
                   reverse=True)
    if len(found) > limit:  # entries as near as the limit-th stay in: which of them are cut must not depend on ids
        found = [(score, entry_id) for score, entry_id in found if score >= found[limit - 1][0]]
    return {entry_id: score for score, entry_id in found}


def _tie_order(entry: Entry) -> str:
    """What orders entries of equal score: the more confident first, then by text, then by what tells equal texts
    apart without naming the folder the store was built in (ids and paths do)."""
    project = entry.scope.project.name if entry.scope.project is not None else ""
    return "\0".join((f"{1.0 - entry.confidence:.4f}", entry.text, project, entry.source.agent, entry.status.value,
                      entry.type.value))


def _evidence(check: EntryCheck | None) -> tuple[str, ...]:
    """One line per reference that did not hold, as the check found it."""
    if check is None:
        return ()
    return tuple(f"{ref.kind} {ref.value}: {ref.status.value} — {ref.evidence}" for ref in check.findings)


def _caution(entry: Entry, check: EntryCheck | None) -> str | None:
    """Why a gated result must be read with care (stale, changed, unverified or unconfirmed), or None."""
    if check is not None and check.verdict in (Verdict.STALE, Verdict.CHANGED):
        return f"{check.verdict.value}: {check.reason}" if check.reason else check.verdict.value
    if check is None:
        return "not checked against the repository"
    if entry.status is not Status.CONFIRMED:
        return "not confirmed by a person"
    return None


@dataclass(frozen=True)
class RecallState:
    """What recall reads from the store once for any number of queries on an unchanged store: every entry, every
    check, the conflicts each entry is in, and the sensitive ids."""

    entries: tuple[Entry, ...]
    checks: Mapping[str, EntryCheck]
    conflicts: Mapping[str, frozenset[str]]
    hidden: frozenset[str]
    ids: Mapping[int, str]
    """Each entry's id by its row number (what full-text search returns)."""
    pools: dict[tuple[bool, str | None], dict[str, Entry]] = field(default_factory=dict, compare=False, repr=False)
    """Each mode and project's pool, made once (many queries in one project share it)."""

    def pool(self, options: RecallOptions) -> dict[str, Entry]:
        """The entries recall may return in this mode and project (made on first use, then shared)."""
        key = (options.gated, options.project)
        found = self.pools.get(key)
        if found is None:
            found = self.pools[key] = _pool(self.entries, self.checks, options)
        return found


def read_state(store: MemoryStore, *, gated: bool = True) -> RecallState:
    """Read what recall needs from the store (for gated recall, the conflicts among the entries still held)."""
    entries = tuple(store.entries())
    checks = store.checks()
    live = [entry for entry in entries if entry.removed_at is None]
    near = store if len(live) <= NEAR_DUPLICATE_LIMIT else None
    conflicts: dict[str, set[str]] = {}
    for conflict in find_conflicts(live, checks=checks, store=near) if gated else ():
        for entry_id in conflict.entry_ids:
            conflicts.setdefault(entry_id, set()).update(i for i in conflict.entry_ids if i != entry_id)
    ids = dict(store.conn.execute("select rowid, id from entries").fetchall())
    return RecallState(entries, checks, {key: frozenset(value) for key, value in conflicts.items()},
                       frozenset(sensitive_ids(store)), ids)


def recallable(state: RecallState, options: RecallOptions = RecallOptions()) -> dict[str, Entry]:
    """Every entry some query could retrieve in this mode and project (raw: all an agent holds; gated: what the gate
    lets through), by id: what the database still hands out, whatever the query."""
    return state.pool(options)


def recall(store: MemoryStore, query: str, options: RecallOptions = RecallOptions(),
           state: RecallState | None = None) -> list[Recalled]:
    """The `options.k` entries an agent would retrieve for `query`, best first, with how each was scored; `state`,
    when given, is what `read_state` read from this store since its last change (many queries, one read)."""
    now = options.now or datetime.now(timezone.utc)
    state = state if state is not None else read_state(store, gated=options.gated)
    checks = state.checks
    pool = state.pool(options)
    if not pool or options.k <= 0:
        return []
    limit = options.k * CANDIDATE_MULTIPLIER
    text = _text_scores(store, query, pool, limit, state.ids)
    vector = _vector_scores(store, query, pool, limit)
    vector_weight = options.vector_weight if vector else 0.0
    scored: dict[str, tuple[float, float, float, float, float]] = {}
    for entry_id in text.keys() | vector.keys():
        entry = pool[entry_id]
        merged = blend(vector.get(entry_id, 0.0), text.get(entry_id, 0.0), vector_weight=vector_weight,
                       text_weight=options.text_weight)
        weight = decay(age_days(dated_at(entry.source.file, entry.provenance.written_at), now),
                       options.half_life_days)
        scored[entry_id] = (text.get(entry_id, 0.0), vector.get(entry_id, 0.0), merged, weight, merged * weight)
    picked = mmr([Candidate(entry_id, parts[4], tokens(pool[entry_id].text), _tie_order(pool[entry_id]))
                  for entry_id, parts in scored.items()], options.k, options.mmr_lambda)
    conflicts: Mapping[str, Collection[str]] = state.conflicts if options.gated else {}
    results = []
    for rank, candidate in enumerate(picked, 1):
        entry, check = pool[candidate.key], checks.get(candidate.key)
        t, v, merged, weight, score = scored[candidate.key]
        results.append(Recalled(
            entry, ScoreParts(t, v, merged, weight, score, rank),
            check.verdict.value if check is not None else None,
            check.confidence if check is not None else entry.confidence,
            _evidence(check) if options.gated else (),
            tuple(sorted(conflicts.get(candidate.key, ()))),
            _caution(entry, check) if options.gated else None,
            candidate.key in state.hidden))
    return results
