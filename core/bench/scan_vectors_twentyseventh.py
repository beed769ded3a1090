"""The twenty-seventh blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written by a
fifth group of writers, who saw neither the scanner's rules, its tests nor any earlier set: memory the agent itself
records about the people it works with (preferences, feedback, corrections, agreements, standing arrangements) in
today's shapes (auto-memory topic files of the four types and their index lines, Codex notes, Hermes USER.md entries,
OpenClaw promoted notes, Cline user-preference sections), the payload attributed to a person or to settled history
rather than stated as an order, often split across a rule and its "Why:" / "How to apply:" lines. Kept untrained:
it measures how far the scanner carries to payloads laundered through a person's name (the openings of its texts
were shown to a developer once, by accident, at the end of the session that measured it; nothing was tuned on
them)."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentyseventh_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentyseventh_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentyseventh_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentyseventh_benign_b import BENIGN_B

TWENTYSEVENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYSEVENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
