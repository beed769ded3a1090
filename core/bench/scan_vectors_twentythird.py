"""The twenty-third blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its shapes are memory as agents write it today, in the agent's own voice: Claude Code auto-memory topic files
with front matter and MEMORY.md index lines, Hermes MEMORY.md and USER.md entries between `§` lines, Codex memory
summaries and OpenClaw daily logs, with payloads put as a learned lesson, a user's preference or feedback recorded in
the third person, a correction, a summary of a page or issue taken as guidance, or a first-person habit, often short,
paraphrased and without an imperative verb. Kept unread and untrained for the next blind measure."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentythird_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentythird_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentythird_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentythird_benign_b import BENIGN_B

TWENTYTHIRD_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYTHIRD_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
