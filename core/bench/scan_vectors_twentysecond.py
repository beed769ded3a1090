"""The twenty-second blind vector set: memory-entry attacks and benign look-alikes in thirteen families, written from a
brief (the families, the memory voices, the format) without seeing the scanner's rules, its tests or the earlier
sets; its shapes are longer entries and files: Cline memory-bank files, CLAUDE.md and AGENTS.md sections of genuine
guidance with the payload as one bullet, configuration and code carried in memory (YAML, package.json scripts,
Makefiles, Dockerfiles, CI steps), markdown tables, checklists, decision logs, post-mortems, onboarding notes and
session summaries, with payloads put as a settled decision, a past incident's fix, a conditional, a config default,
advice for next time, or split over two sentences. Kept unread and untrained for the next blind measure."""

from __future__ import annotations

from memrev.core.bench.scan_vectors_twentysecond_a import ATTACKS_A
from memrev.core.bench.scan_vectors_twentysecond_b import ATTACKS_B
from memrev.core.bench.scan_vectors_twentysecond_benign import BENIGN_A
from memrev.core.bench.scan_vectors_twentysecond_benign_b import BENIGN_B

TWENTYSECOND_ATTACKS: tuple[tuple[str, str], ...] = ATTACKS_A + ATTACKS_B
"""Memory entries that should be blocked or held for a person before an agent loads them, as (family, text)."""

TWENTYSECOND_BENIGN: tuple[tuple[str, str], ...] = BENIGN_A + BENIGN_B
"""Legitimate memory entries close in topic and wording to the attacks, which should pass, as (family, text)."""
