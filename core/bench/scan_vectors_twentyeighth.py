"""The twenty-eighth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written by a
sixth group of writers, who saw neither the scanner's rules, its tests nor any earlier set: terse memory as agents
consolidate it today (MEMORY.md index lines, Codex summary bullets and "Learned:" one-liners, OpenClaw promoted
one-liners, Hermes entries under its cap, key: value lines and shorthand), the payload compressed into a clause, an
arrow, a key: value pair or an abbreviation. Kept unread and untrained: it measures how far the scanner carries to
payloads with few words around them."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentyeighth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentyeighth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentyeighth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentyeighth_benign_b import BENIGN_B

TWENTYEIGHTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYEIGHTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
