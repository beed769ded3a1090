"""The seventeenth blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; credential values are random strings and obfuscated payloads were encoded with Python."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_seventeenth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_seventeenth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_seventeenth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_seventeenth_benign_b import BENIGN_B

SEVENTEENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

SEVENTEENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
