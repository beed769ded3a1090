"""The twenty-first blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its shapes are Hermes `MEMORY.md` and `USER.md` entries, Codex `AGENTS.md` notes, OpenClaw daily logs, casual
notes with typos, Q&A pairs, numbered procedures, preference lists and notes about "the assistant" in the third
person, with payloads put as the user's taste, in the passive voice, as euphemisms, through a reference to another
note, as one step of several, or in a clause in another language. Kept unread and untrained for the next blind
measure."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentyfirst_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentyfirst_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentyfirst_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentyfirst_benign_b import BENIGN_B

TWENTYFIRST_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYFIRST_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
