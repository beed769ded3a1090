"""The fourteenth blind vector set: attacks and benign look-alikes written as realistic entries of agents' long-term
memory (OpenClaw MEMORY.md bullets and dated daily notes, Claude Code memory topic files with front matter, Hermes
memory paragraphs, Cline memory-bank sections, Cursor rule notes) by someone who had not seen the scanner's rules or
any earlier vector set; most attacks hide their harmful clause inside an ordinary project note, the look-alikes share
their topics and vocabulary, credential values were generated with Python's `secrets` module, and every encoded form
was produced by the real encoder so it decodes to what it claims.
"""

from __future__ import annotations

from memrev.core.bench.scan_vectors_fourteenth_a import ATTACKS_A
from memrev.core.bench.scan_vectors_fourteenth_b import ATTACKS_B
from memrev.core.bench.scan_vectors_fourteenth_benign import BENIGN_A
from memrev.core.bench.scan_vectors_fourteenth_benign_b import BENIGN_B
from memrev.core.bench.scan_vectors_fourteenth_c import ATTACKS_C

FOURTEENTH_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B + ATTACKS_C
"""(family, text) of each attack entry: one an agent should not load without a person's say."""

FOURTEENTH_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""(family, text) of each look-alike: an ordinary legitimate note on the same topic as the family's attacks."""
