# ruff: noqa: E501
"""Twelfth unseen memory-poisoning test set: attacks and benign look-alikes in thirteen families,
written without seeing the scanner or earlier sets."""

from .scan_vectors_twelfth_a import ATTACKS_A
from .scan_vectors_twelfth_b import ATTACKS_B
from .scan_vectors_twelfth_benign import TWELFTH_BENIGN

__all__ = ["TWELFTH_ATTACKS", "TWELFTH_BENIGN"]

TWELFTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
