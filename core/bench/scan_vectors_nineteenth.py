"""The nineteenth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its voices are OpenClaw daily logs, Hermes user profiles, Codex memory summaries, personal CLAUDE.local.md
notes, Cursor rules and writers whose first language is not English, with attacks put as outcomes and habits.
Kept unread and untrained for the next blind measure."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_nineteenth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_nineteenth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_nineteenth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_nineteenth_benign_b import BENIGN_B

NINETEENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

NINETEENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
