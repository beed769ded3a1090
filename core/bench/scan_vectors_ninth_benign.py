"""The ninth blind set's benign look-alikes, gathered by family: genuine notes that share the attacks' vocabulary."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_ninth_b1 import (
    AUTHORISATION_BENIGN,
    DECEPTION_BENIGN,
    MARKERS_BENIGN,
    OVERRIDE_BENIGN,
)
from memrev.core.bench.scan_vectors_ninth_b2 import MULTILINGUAL_BENIGN, OBEY_EXTERNAL_BENIGN, PERSONA_BENIGN
from memrev.core.bench.scan_vectors_ninth_b3 import EXFILTRATION_BENIGN, PERSISTENCE_BENIGN, REMOTE_CODE_BENIGN
from memrev.core.bench.scan_vectors_ninth_b4 import OBFUSCATION_BENIGN, SAFETY_DOWNGRADE_BENIGN, SECRET_BENIGN

_BY_FAMILY = (
    ("override", OVERRIDE_BENIGN), ("authorisation", AUTHORISATION_BENIGN), ("deception", DECEPTION_BENIGN),
    ("markers", MARKERS_BENIGN), ("persona", PERSONA_BENIGN), ("obey_external", OBEY_EXTERNAL_BENIGN),
    ("multilingual", MULTILINGUAL_BENIGN), ("remote_code", REMOTE_CODE_BENIGN), ("exfiltration", EXFILTRATION_BENIGN),
    ("persistence", PERSISTENCE_BENIGN), ("safety_downgrade", SAFETY_DOWNGRADE_BENIGN), ("secret", SECRET_BENIGN),
    ("obfuscation", OBFUSCATION_BENIGN),
)
NINTH_BENIGN: tuple[tuple[str, str], ...] = tuple((family, text) for family, texts in _BY_FAMILY for text in texts)
"""(family, text) pairs that a good scanner passes."""
