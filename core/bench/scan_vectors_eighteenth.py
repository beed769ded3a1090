"""The eighteenth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its voices are postmortems, security reviews, runbooks, decision records, checklists and chat summaries, and
many of its look-alikes are about security itself (a blocked attack described, a rule that forbids it)."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_eighteenth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_eighteenth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_eighteenth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_eighteenth_benign_b import BENIGN_B

EIGHTEENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

EIGHTEENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
