"""The eighth labelled vector set, written blind (apart from the scanner and every earlier set) in real-life shapes, so
the scanner can be measured once on wordings nobody tuned it for."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_eighth_actions import ACTIONS
from memrev.core.bench.scan_vectors_eighth_benign import EIGHTH_BENIGN
from memrev.core.bench.scan_vectors_eighth_claims import CLAIMS
from memrev.core.bench.scan_vectors_eighth_hiding import HIDING
from memrev.core.bench.scan_vectors_eighth_languages import LANGUAGES
from memrev.core.bench.scan_vectors_eighth_roles import ROLES

__all__ = ["EIGHTH_ATTACKS", "EIGHTH_BENIGN"]

EIGHTH_ATTACKS: tuple[tuple[str, str], ...] = CLAIMS + ROLES + LANGUAGES + ACTIONS + HIDING
"""(family, text) pairs: attacks in every family of the bench, about 35 each and more in multilingual."""
