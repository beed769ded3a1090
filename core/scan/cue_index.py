"""Which cue rules may meet in a text, found by word lookups alone before any sentence is read.

Each group of each cue rule gets one bit; every cue word knows the bits of the groups it is in, every cue phrase
the words a text must hold for it to be there (all its words), and every cue in a script without spaces its bits. A text's mask is the union of the bits of
the cue words it holds; a rule may meet only where every one of its groups' bits is set. Most texts hold no rule's
full set, and are never split into sentences.
"""

from __future__ import annotations

import re
from functools import reduce
from operator import or_
from typing import Sequence

from memrev.core.scan.cue_groups import CueRule

__all__ = ["CueIndex"]


def _trie(cues: Sequence[str] | dict[str, int]) -> str:
    """A regex of literal cues nested by shared prefix, a longer cue tried before one it goes on from."""
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for cue in cues:
        node = tree
        for char in cue:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:  # type: ignore[type-arg]
        """The alternation under one node (an empty last branch where a cue ends and longer ones go on)."""
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items()) if char]
        if branches and "" in node:
            branches.append("")
        return "" if not branches else branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return emit(tree)


class CueIndex:
    """Bits of every rule's groups, looked up by the words and script cues a text holds."""

    def __init__(self, rules: Sequence[CueRule]) -> None:
        """One bit per group of every rule; each cue word and script cue maps to the bits of the groups it is in."""
        self.word_bits: dict[str, int] = {}
        self.phrase_bits: dict[str, list[tuple[int, frozenset[str]]]] = {}
        """A phrase's key word: the bit of each phrase it keys, with the phrase's other words."""
        script_bits: dict[str, int] = {}
        self.rules: list[tuple[CueRule, int]] = []
        self.by_anchor: dict[int, tuple[CueRule, int]] = {}
        """Each rule, with all its groups' bits, under the bit of its first group (its anchor)."""
        self.anchors = 0
        """The anchor bits of every rule: a text none of them is set for can meet no rule."""
        bit = 1
        for rule in rules:
            if not rule.groups:
                raise ValueError(f"cue rule {rule.id} has no groups")
            full = 0
            self.anchors |= bit
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
            self.by_anchor[full & -full] = (rule, full)
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
        self.script_bits = {cue: reduce(or_, (script_bits.get(cue[:length], 0) for length in range(1, len(cue) + 1)))
                            for cue in script_bits}
        """Each script cue's bits with those of every cue it starts with (`無効に` holds `無効`)."""
        self.scripts = re.compile("(?=(%s))" % _trie(script_bits)) if script_bits else None
        """Every script cue, as a trie of characters that finds the longest cue starting at each place, cues that
        overlap included (what an alternation of the cues, longest first, finds, without trying each of them at every
        letter)."""

    def possible(self, text: str, words: frozenset[str]) -> list[CueRule]:
        """The rules each of whose groups may have a cue in the text (`words` is the text's set of words), in order."""
        mask = reduce(or_, map(self.word_bits.__getitem__, words & self.words), 0)
        for word in words & self.keys:
            for bit, others in self.phrase_bits[word]:
                if not mask & bit and others <= words:
                    mask |= bit
        if self.scripts is not None and not text.isascii():
            for cue in set(self.scripts.findall(text)):
                mask |= self.script_bits[cue]
        return self._met(mask)

    def _met(self, mask: int) -> list[CueRule]:
        """The rules all of whose bits are in the mask, in order: only those whose anchor bit is set are looked at
        (bits ascend with the rules, so the lowest set anchor is the first rule)."""
        met: list[CueRule] = []
        anchored = mask & self.anchors
        by_anchor = self.by_anchor
        while anchored:
            low = anchored & -anchored
            rule, full = by_anchor[low]
            if mask & full == full:
                met.append(rule)
            anchored ^= low
        return met
