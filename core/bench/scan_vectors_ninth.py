"""The ninth labelled vector set, written blind (apart from the scanner and every earlier set) to measure it fresh."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_ninth_a1 import AUTHORISATION, DECEPTION, OVERRIDE
from memrev.core.bench.scan_vectors_ninth_a2 import MARKERS, OBEY_EXTERNAL, PERSONA
from memrev.core.bench.scan_vectors_ninth_a3 import MULTILINGUAL
from memrev.core.bench.scan_vectors_ninth_a4 import EXFILTRATION, PERSISTENCE, REMOTE_CODE
from memrev.core.bench.scan_vectors_ninth_a5 import OBFUSCATION, SAFETY_DOWNGRADE, SECRET
from memrev.core.bench.scan_vectors_ninth_benign import NINTH_BENIGN

__all__ = ["NINTH_ATTACKS", "NINTH_BENIGN"]

_BY_FAMILY = (
    ("override", OVERRIDE), ("authorisation", AUTHORISATION), ("deception", DECEPTION), ("markers", MARKERS),
    ("persona", PERSONA), ("obey_external", OBEY_EXTERNAL), ("multilingual", MULTILINGUAL),
    ("remote_code", REMOTE_CODE), ("exfiltration", EXFILTRATION), ("persistence", PERSISTENCE),
    ("safety_downgrade", SAFETY_DOWNGRADE), ("secret", SECRET), ("obfuscation", OBFUSCATION),
)
NINTH_ATTACKS: tuple[tuple[str, str], ...] = tuple((family, text) for family, texts in _BY_FAMILY for text in texts)
"""(family, text) pairs that a good scanner blocks or holds."""
