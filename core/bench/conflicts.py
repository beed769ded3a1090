"""A reproducible speed check of conflict detection on synthetic entries with planted conflicting pairs.

The indexed detector is timed on all n entries from a cold claim cache; the baseline, in the same run, compares
every pair of entries' claims on a sample and is scaled to n (extraction per entry, comparison per pair).
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from memrev.core.bench.store import Figure, synthetic_entries
from memrev.core.conflicts.claims import clear_claim_cache, contradictions, extract_claims
from memrev.core.conflicts.detect import comparable, find_conflicts, project_of
from memrev.core.model import Entry, EntryType, Project, Scope, ScopeKind, Source, Status, derive_entry_id

CONFLICTS = "conflict detection"
AIM_S = 2.0
"""Seconds `find_conflicts` may take over 10,000 entries without the store."""
BASELINE_SAMPLE = 300
"""How many entries the pairwise baseline really compares (all their pairs); its time is scaled to n."""


@dataclass(frozen=True)
class PlantedPair:
    """Two planted entries that contradict each other, and on what."""

    left: str
    right: str
    subject: str


_TEMPLATES = (
    ("libx{i}-version", "The orders{i} worker pins libx{i} 2.{m}.0; newer releases break its retries.",
     "libx{i} 3.{m} is required by the orders{i} worker."),
    ("restart the queue{i} consumer during business hours",
     "Never restart the queue{i} consumer during business hours.",
     "Restarting the queue{i} consumer during business hours is fine."),
    ("billing{i} migration freeze starts", "The billing{i} migration freeze starts on 2026-03-{d:02d}.",
     "The billing{i} migration freeze starts on 2026-04-{d:02d}."),
)


def planted_pairs(count: int, projects: list[Project], seed: int = 11) -> tuple[list[Entry], list[PlantedPair]]:
    """`count` pairs of contradicting entries (a package version, a yes/no rule, a date), each pair in one scope."""
    rng = random.Random(seed)
    entries: list[Entry] = []
    pairs: list[PlantedPair] = []
    for i in range(count):
        subject, left, right = _TEMPLATES[i % len(_TEMPLATES)]
        project = None if i % 5 == 4 or not projects else projects[i % len(projects)]
        values = {"i": i, "m": rng.randrange(1, 9), "d": rng.randrange(1, 28)}
        ids = []
        for side, template in (("a", left), ("b", right)):
            text = template.format(**values)
            source = Source(agent="claude-code", file="~/.claude/MEMORY.md", anchor=f"planted-{seed}-{i}-{side}")
            entries.append(Entry(id=derive_entry_id(source, text), text=text, type=EntryType.PROJECT,
                                 scope=Scope(ScopeKind.TEAM if project else ScopeKind.PRIVATE, project),
                                 source=source, status=Status.ACTIVE))
            ids.append(entries[-1].id)
        pairs.append(PlantedPair(ids[0], ids[1], subject.format(**values)))
    return entries, pairs


def bench_entries(n: int, pairs: int) -> tuple[list[Entry], list[PlantedPair]]:
    """n entries: synthetic ones with `pairs` planted contradicting pairs among them, shuffled deterministically."""
    entries = synthetic_entries(max(0, n - 2 * pairs))
    projects = sorted({e.scope.project for e in entries if e.scope.project}, key=lambda p: p.key)
    planted, found = planted_pairs(pairs, projects)
    entries += planted
    random.Random(5).shuffle(entries)
    return entries, found


def naive_pairwise(entries: list[Entry]) -> int:
    """The baseline: extract every entry's claims, then compare the claims of every pair; returns contradicting pairs."""
    claims = [(entry, extract_claims(entry)) for entry in entries]
    found = 0
    for index, (left, left_claims) in enumerate(claims):
        for right, right_claims in claims[index + 1:]:
            if comparable(project_of(left), project_of(right)) and contradictions(left_claims, right_claims):
                found += 1
    return found


def _baseline_seconds(entries: list[Entry], n: int) -> float:
    """Time the pairwise baseline on a sample and scale it to n entries (per-entry extraction, per-pair comparison)."""
    sample = random.Random(3).sample(entries, min(BASELINE_SAMPLE, len(entries)))
    clear_claim_cache()
    started = time.perf_counter()
    claims = [(entry, extract_claims(entry)) for entry in sample]
    extract = time.perf_counter() - started
    started = time.perf_counter()
    for index, (left, left_claims) in enumerate(claims):
        for right, right_claims in claims[index + 1:]:
            if comparable(project_of(left), project_of(right)):
                contradictions(left_claims, right_claims)
    compare = time.perf_counter() - started
    sample_pairs = max(1, len(sample) * (len(sample) - 1) // 2)
    return extract / len(sample) * n + compare / sample_pairs * (n * (n - 1) / 2)


def run_conflict_bench(n: int = 10_000, *, pairs: int | None = None) -> Figure:
    """Time `find_conflicts` over n entries (claims only, cold) against the scaled pairwise baseline."""
    if n < 2:
        raise ValueError("the bench needs at least two entries")
    pairs = min(n // 2, 300 if pairs is None else pairs)
    entries, planted = bench_entries(n, pairs)
    clear_claim_cache()
    started = time.perf_counter()
    conflicts = find_conflicts(entries)
    elapsed = time.perf_counter() - started
    clear_claim_cache()
    together = {frozenset(p) for c in conflicts for p in _pairs(c.entry_ids)} if len(conflicts) < 50_000 else set()
    hit = sum(frozenset({p.left, p.right}) in together for p in planted)
    baseline = _baseline_seconds(entries, len(entries))
    ratio = baseline / elapsed if elapsed > 0 else None
    note = (f"{len(entries):,} entries, {len(conflicts):,} conflicts found; {hit} of {len(planted)} planted "
            f"conflicting pairs among them")
    return Figure(CONFLICTS, elapsed, "s", f"< {AIM_S:g} s", baseline,
                  f"pairwise claims comparison, {min(BASELINE_SAMPLE, len(entries))}-entry sample scaled",
                  ratio, elapsed < AIM_S, note)


def _pairs(ids: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every unordered pair of ids of one conflict (small conflicts only: the planted pairs are two sides)."""
    if len(ids) > 40:
        return []
    return [(a, b) for index, a in enumerate(ids) for b in ids[index + 1:]]
