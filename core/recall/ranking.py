"""The ranking arithmetic of hybrid memory recall, as OpenClaw does it: keyword and meaning scores blended by
weights, an age decay with a half-life for dated notes (evergreen files exempt), and maximal marginal relevance so
near-copies do not fill the results."""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Sequence

VECTOR_WEIGHT, TEXT_WEIGHT = 0.7, 0.3
"""OpenClaw's default blend of meaning and keyword scores (normalised to sum to 1)."""
HALF_LIFE_DAYS = 30.0
"""OpenClaw's default half-life of a dated note's weight."""
MMR_LAMBDA = 0.7
"""How much relevance outweighs novelty when results are picked one by one."""
CANDIDATE_MULTIPLIER = 4
"""Candidates read from each index per result asked for."""

_DATED = re.compile(r"(?:^|/)memory/(?:[^/]+/)*(\d{4})-(\d{2})-(\d{2})\.md$")
_EVERGREEN_NAMES = frozenset({"memory.md", "claude.md", "agents.md", "claude.local.md", "user.md", "soul.md"})
_TOKEN = re.compile(r"\w+")


def blend(vector: float, text: float, *, vector_weight: float = VECTOR_WEIGHT,
          text_weight: float = TEXT_WEIGHT) -> float:
    """The merged score: the weighted mean of the meaning and keyword scores (weights normalised to sum to 1)."""
    total = vector_weight + text_weight
    return (vector_weight * vector + text_weight * text) / total if total > 0 else 0.0


def decay(age_days: float, half_life_days: float = HALF_LIFE_DAYS) -> float:
    """The weight left after `age_days`: halved every `half_life_days` (1 for a note from the future)."""
    if half_life_days <= 0:
        return 1.0
    return math.exp(-math.log(2) / half_life_days * max(0.0, age_days))


def dated_at(file: str | None, written_at: datetime | None) -> datetime | None:
    """When a note counts as written for decay, or None for an evergreen one: a daily log's date from its path
    (`memory/2026-05-01.md`), no date for an index or instruction file or an undated `memory/` note, else the
    time the entry was written (None when unknown: never decayed)."""
    if file:
        path = file.replace("\\", "/")
        match = _DATED.search(path)
        if match is not None:
            try:
                return datetime(int(match[1]), int(match[2]), int(match[3]), tzinfo=timezone.utc)
            except ValueError:
                return None
        if path.rsplit("/", 1)[-1].lower() in _EVERGREEN_NAMES or re.search(r"(?:^|/)memory/", path):
            return None
    return written_at


def age_days(then: datetime | None, now: datetime) -> float:
    """Days between `then` and `now` (0 when `then` is unknown)."""
    if then is None:
        return 0.0
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    return (now - then).total_seconds() / 86_400


def tokens(text: str) -> frozenset[str]:
    """The text's lowercased words (NFC), for comparing two results."""
    return frozenset(_TOKEN.findall(unicodedata.normalize("NFC", text).lower()))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """The share of words two texts have in common (0 when both are empty)."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0


@dataclass(frozen=True)
class Candidate:
    """One entry up for recall: its id, its score so far and its words."""

    key: str
    score: float
    words: frozenset[str]
    order: str = ""
    """What breaks a tie of equal scores before the key (the text: ids can name the folder a store was built in)."""


def mmr(candidates: Sequence[Candidate], k: int, lam: float = MMR_LAMBDA) -> list[Candidate]:
    """The k candidates picked one by one, each the best of `lam` x its (min-max normalised) score minus
    (1 - `lam`) x its greatest likeness to those already picked; ties go to the higher score, then the order, then
    the key."""
    if not candidates or k <= 0:
        return []
    low, high = min(c.score for c in candidates), max(c.score for c in candidates)
    spread = high - low
    norm = {c.key: (c.score - low) / spread if spread else 1.0 for c in candidates}
    left = sorted(candidates, key=lambda c: (-c.score, c.order, c.key))
    backwards = {c.key: (_reverse(c.order), _reverse(c.key)) for c in candidates}  # once, not once a round
    picked: list[Candidate] = []
    while left and len(picked) < k:
        best = max(left, key=lambda c: (lam * norm[c.key] - (1 - lam) * max(
            (jaccard(c.words, p.words) for p in picked), default=0.0), c.score, *backwards[c.key]))
        picked.append(best)
        left.remove(best)
    return picked


def _reverse(key: str) -> tuple[int, ...]:
    """A key ordered backwards, so that `max` breaks a tie on the alphabetically first key."""
    return tuple(-ord(ch) for ch in key)
