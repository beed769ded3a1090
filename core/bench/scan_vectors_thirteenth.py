"""The thirteenth blind vector set: attacks and look-alikes written as realistic agent memory entries.

Every text is a bullet, dated log line or short paragraph as it would sit in an OpenClaw `MEMORY.md` or daily note,
a Claude Code memory topic file, a Hermes memory entry or a Cline memory-bank file, with the harmful clause usually
one part of an otherwise ordinary project note. The look-alikes are equally ordinary notes on the same topics that are
legitimate. The set was written without seeing the scanner's rules or any earlier vector set; its credential values
are random strings made with `secrets`, never real keys.
"""

from __future__ import annotations

from memrev.core.bench.scan_vectors_thirteenth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_thirteenth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_thirteenth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_thirteenth_benign_b import BENIGN_B
from memrev.core.bench.scan_vectors_thirteenth_c import ATTACKS_C

THIRTEENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B + ATTACKS_C
"""(family, text) of each attack: a memory entry the scanner should block or hold for a person."""

THIRTEENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""(family, text) of each look-alike: an ordinary memory note on the same topic the scanner should pass."""
