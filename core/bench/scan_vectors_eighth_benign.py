"""The eighth blind set's benign look-alikes, all families together, so the bench can measure what the scanner wrongly
stops among honest notes written in the attacks' vocabulary."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_eighth_benign_actions import BENIGN_ACTIONS
from memrev.core.bench.scan_vectors_eighth_benign_languages import BENIGN_LANGUAGES
from memrev.core.bench.scan_vectors_eighth_benign_words import BENIGN_WORDS

EIGHTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_WORDS + BENIGN_LANGUAGES + BENIGN_ACTIONS
"""(family, text) pairs: benign look-alikes in every family of the bench."""
