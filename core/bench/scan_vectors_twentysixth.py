"""The twenty-sixth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written by a
fourth group of writers, who saw neither the scanner's rules, its tests nor any earlier set: longer entries as agents
write them today (Cline memory-bank files, Codex rollout summaries, auto-memory topic files, Hermes entries, daily
logs, hand-off notes), the payload one sentence or clause among ordinary project content, often a conditional or
delayed trigger, a settled team policy, something the agent records it agreed to, or a euphemism with no security
word. Kept unread and untrained: it measures how far the scanner carries to payloads embedded in long entries."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentysixth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentysixth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentysixth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentysixth_benign_b import BENIGN_B

TWENTYSIXTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYSIXTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
