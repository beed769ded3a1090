"""Which cue rules may meet in a text, found by word lookups alone before any sentence is read.

Each group of each cue rule gets one bit; every cue word knows the bits of the groups it is in, every cue phrase
the words a text must hold for it to be there (all its words), and every cue in a script without spaces its bits. A text's mask is the union of the bits of
the cue words it holds; a rule may meet only where every one of its groups' bits is set. Most texts hold no rule's
full set, and are never split into sentences.
"""

from __future__ import annotations

import re
from typing import Sequence

from memrev.core.scan.cue_groups import CueRule

__all__ = ["CueIndex"]


class CueIndex:
    """Bits of every rule's groups, looked up by the words and script cues a text holds."""

    def __init__(self, rules: Sequence[CueRule]) -> None:
        """One bit per group of every rule; each cue word and script cue maps to the bits of the groups it is in."""
        self.word_bits: dict[str, int] = {}
        self.phrase_bits: dict[str, list[tuple[int, frozenset[str]]]] = {}
        """A phrase's key word: the bit of each phrase it keys, with the phrase's other words."""
        script_bits: dict[str, int] = {}
        self.rules: list[tuple[CueRule, int]] = []
        bit = 1
        for rule in rules:
            full = 0
            for group in rule.groups:
                for word in group.words:
                    self.word_bits[word] = self.word_bits.get(word, 0) | bit
                for key, *others in group.needs:
                    self.phrase_bits.setdefault(key, []).append((bit, frozenset(others)))
                for cue in group.scripts:
                    script_bits[cue] = script_bits.get(cue, 0) | bit
                full |= bit
                bit <<= 1
            self.rules.append((rule, full))
        for key, entries in self.phrase_bits.items():  # a one-word phrase sets its bit at once: fold it in
            direct = 0
            for bit, others in entries:
                direct |= 0 if others else bit
            if direct:
                self.word_bits[key] = self.word_bits.get(key, 0) | direct
            self.phrase_bits[key] = list({(bit, others) for bit, others in entries if others and not direct & bit})
        self.phrase_bits = {key: entries for key, entries in self.phrase_bits.items() if entries}
        self.words = frozenset(self.word_bits)
        self.keys = frozenset(self.phrase_bits)
        self.script_bits = script_bits
        self.scripts = re.compile("|".join(re.escape(cue) for cue in sorted(script_bits, key=len, reverse=True))) \
            if script_bits else None

    def possible(self, text: str, words: frozenset[str]) -> list[CueRule]:
        """The rules each of whose groups may have a cue in the text (`words` is the text's set of words)."""
        mask = 0
        for word in words & self.words:
            mask |= self.word_bits[word]
        for word in words & self.keys:
            for bit, others in self.phrase_bits[word]:
                if not mask & bit and others <= words:
                    mask |= bit
        if self.scripts is not None and not text.isascii():
            for cue in set(self.scripts.findall(text)):
                mask |= self.script_bits[cue]
        return [rule for rule, full in self.rules if mask & full == full] if mask else []
