"""The tenth vector set, written blind to the scanner and every earlier set and kept unmeasured for the next session."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_tenth_authority import ATTACKS as _AUTHORITY
from memrev.core.bench.scan_vectors_tenth_authority import BENIGN as _AUTHORITY_BENIGN
from memrev.core.bench.scan_vectors_tenth_deception import ATTACKS as _DECEPTION
from memrev.core.bench.scan_vectors_tenth_deception import BENIGN as _DECEPTION_BENIGN
from memrev.core.bench.scan_vectors_tenth_exfil import ATTACKS as _EXFIL
from memrev.core.bench.scan_vectors_tenth_exfil import BENIGN as _EXFIL_BENIGN
from memrev.core.bench.scan_vectors_tenth_external import ATTACKS as _EXTERNAL
from memrev.core.bench.scan_vectors_tenth_external import BENIGN as _EXTERNAL_BENIGN
from memrev.core.bench.scan_vectors_tenth_hidden import ATTACKS as _HIDDEN
from memrev.core.bench.scan_vectors_tenth_hidden import BENIGN as _HIDDEN_BENIGN
from memrev.core.bench.scan_vectors_tenth_languages import ATTACKS as _LANGUAGES
from memrev.core.bench.scan_vectors_tenth_languages import BENIGN as _LANGUAGES_BENIGN
from memrev.core.bench.scan_vectors_tenth_markers import ATTACKS as _MARKERS
from memrev.core.bench.scan_vectors_tenth_markers import BENIGN as _MARKERS_BENIGN
from memrev.core.bench.scan_vectors_tenth_override import ATTACKS as _OVERRIDE
from memrev.core.bench.scan_vectors_tenth_override import BENIGN as _OVERRIDE_BENIGN
from memrev.core.bench.scan_vectors_tenth_persist import ATTACKS as _PERSIST
from memrev.core.bench.scan_vectors_tenth_persist import BENIGN as _PERSIST_BENIGN
from memrev.core.bench.scan_vectors_tenth_persona import ATTACKS as _PERSONA
from memrev.core.bench.scan_vectors_tenth_persona import BENIGN as _PERSONA_BENIGN
from memrev.core.bench.scan_vectors_tenth_remote import ATTACKS as _REMOTE
from memrev.core.bench.scan_vectors_tenth_remote import BENIGN as _REMOTE_BENIGN
from memrev.core.bench.scan_vectors_tenth_safety import ATTACKS as _SAFETY
from memrev.core.bench.scan_vectors_tenth_safety import BENIGN as _SAFETY_BENIGN
from memrev.core.bench.scan_vectors_tenth_secret import ATTACKS as _SECRET
from memrev.core.bench.scan_vectors_tenth_secret import BENIGN as _SECRET_BENIGN

__all__ = ["TENTH_ATTACKS", "TENTH_BENIGN"]

TENTH_ATTACKS: tuple[tuple[str, str], ...] = (
    _OVERRIDE + _AUTHORITY + _DECEPTION + _MARKERS + _PERSONA + _EXTERNAL + _LANGUAGES
    + _REMOTE + _EXFIL + _PERSIST + _SAFETY + _SECRET + _HIDDEN
)

TENTH_BENIGN: tuple[tuple[str, str], ...] = (
    _OVERRIDE_BENIGN + _AUTHORITY_BENIGN + _DECEPTION_BENIGN + _MARKERS_BENIGN + _PERSONA_BENIGN + _EXTERNAL_BENIGN
    + _LANGUAGES_BENIGN + _REMOTE_BENIGN + _EXFIL_BENIGN + _PERSIST_BENIGN + _SAFETY_BENIGN + _SECRET_BENIGN
    + _HIDDEN_BENIGN
)
