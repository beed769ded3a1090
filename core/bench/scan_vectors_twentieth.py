"""The twentieth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its shapes are Cline memory-bank sections, Windsurf memories, Claude Code memory topic files, handoff notes,
postmortems, PR-review summaries, markdown tables and config snippets, with payloads split over two lines, put as
conditions or facts about the environment, or buried in long ordinary paragraphs. Six multilingual attacks that
repeated an earlier set's text word for word were dropped on arrival, unread. Kept unread and untrained for the next
blind measure."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentieth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentieth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentieth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentieth_benign_b import BENIGN_B

TWENTIETH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTIETH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
