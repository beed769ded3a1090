"""The twenty-fifth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from the
twenty-third set's brief by a third group of writers, who saw neither the scanner's rules, its tests nor any earlier
set: memory as agents write it today, in the agent's own voice (auto-memory topic files, MEMORY.md index lines,
Hermes entries, Codex summaries, daily logs), payloads put as a learned lesson, a recorded preference or feedback, a
correction, a summary taken as guidance or a first-person habit, often short and without an imperative verb. Kept
unread and untrained: it measures how far what was learned from the twenty-third and twenty-fourth carries to a third
set in this voice."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentyfifth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentyfifth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentyfifth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentyfifth_benign_b import BENIGN_B

TWENTYFIFTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYFIFTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
