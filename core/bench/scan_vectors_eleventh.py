"""Eleventh blind vector set for the memory-poisoning scanner: planted agent-memory attacks in thirteen families,
written by a helper session without seeing the scanner or any earlier set; look-alikes live in scan_vectors_eleventh_benign.py."""

from memrev.core.bench.scan_vectors_eleventh_a import ELEVENTH_ATTACKS_A
from memrev.core.bench.scan_vectors_eleventh_b import ELEVENTH_ATTACKS_B
from memrev.core.bench.scan_vectors_eleventh_benign import ELEVENTH_BENIGN

ELEVENTH_ATTACKS: tuple[tuple[str, str], ...] = ELEVENTH_ATTACKS_A + ELEVENTH_ATTACKS_B

__all__ = ["ELEVENTH_ATTACKS", "ELEVENTH_BENIGN"]
