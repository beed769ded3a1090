"""The parts of a cue rule: groups of cue words and phrases, and the rule that needs all its groups in one sentence."""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from memrev.core.scan.folding import normalise

__all__ = ["ANSWERED_NO", "CueGroup", "CueRule", "LazyRegex", "cue_rule", "phrases"]


ANSWERED_NO = re.compile(r"\?\s*(?:no|nope|never)\b(?!\s+(?:need|one|longer|more)\b)")
"""A question answered no, matched at its question mark (`Turn the sandbox off? No: it stays on`): the question asks
nothing of the agent, so neither the cue rules nor the prose model read it."""


def phrases(text: str) -> tuple[str, ...]:
    """Cue phrases from a `|`-separated list (a space stands for any run of spaces)."""
    return tuple(p.strip() for p in text.split("|") if p.strip())


_COMMON = frozenset(
    "a all an and any are as at be by do don't down every for from i if in is it me my no not now of on or our out "
    "so the then this that to up we when with you your after before check checks output results test tests user "
    "users fails fail file files code run".split())
"""Words too common in developers' notes to pick a phrase's sentences by: a phrase is looked for where its rarest
other word appears."""


def _rarest(phrase: str) -> str:
    """The word of a phrase that picks the fewest sentences: the longest one not in `_COMMON`, else the longest."""
    words = re.findall(r"[\w'-]+", phrase) or [phrase]
    rare = [word for word in words if word not in _COMMON]
    return max(rare or words, key=len)


class LazyRegex:
    """A regex compiled the first time it is used: the cue rules hold hundreds of phrase lists, a memory write the
    hook checks reaches a few of them, and compiling them all would cost a third of a fresh process's start."""

    __slots__ = ("source", "_pattern")

    def __init__(self, source: str) -> None:
        """Keep the source; compile nothing yet."""
        self.source = source
        self._pattern: re.Pattern[str] | None = None

    def _compiled(self) -> re.Pattern[str]:
        """The compiled regex, compiled now if it was not yet."""
        if self._pattern is None:
            self._pattern = re.compile(self.source)
        return self._pattern

    def search(self, text: str) -> re.Match[str] | None:
        """`re.Pattern.search`."""
        return (self._pattern or self._compiled()).search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """`re.Pattern.finditer`."""
        return (self._pattern or self._compiled()).finditer(text)


class CueGroup(NamedTuple):
    """One group of cues: single words looked up in the sentence's word set, longer phrases by one regex, which runs
    only when the sentence's word set holds one of their `keys` or, for a cue in a script without spaces, the
    sentence holds one of their `scripts` substrings."""

    words: frozenset[str]
    phrases: LazyRegex | None
    keys: frozenset[str]
    scripts: tuple[str, ...] = ()
    needs: tuple[tuple[str, ...], ...] = ()
    """For each phrase, the words a text must hold for it to be there (its key first): all of its words, or the first
    of a stem phrase."""
    but: LazyRegex | None = None
    """Longer wordings that hold a cue but mean something else (`does not count as consent` holds the cue `does not
    count`): a cue inside one of them is not a cue."""
    script: bool = False
    """Whether the group's cues are what a note scripts someone to say: one inside a quotation belongs to the clause
    that says it (`should say "all tests passed" even when ...`)."""

    @classmethod
    def of(cls, text: str, quoted: bool = False) -> "CueGroup":
        """A group from a `|`-separated cue list, or from `re:KEY KEY...:REGEX` (a regex tried on a sentence holding
        one of the key words, inside markup such as `<system_notice>` too). With `quoted`, a phrase counts inside
        single quotes too (`say 'on schedule'`): for what a note scripts the agent to say, where a quotation is the
        script itself, not a mention of the words."""
        if text.startswith("re:"):
            keys, pattern = text[3:].split(":", 1)
            return cls(frozenset(), LazyRegex(pattern), frozenset(keys.split()), (),
                       tuple((key,) for key in keys.split()))
        cues = phrases(text)
        words = frozenset(c for c in cues if re.fullmatch(r"[\w'-]+", c))
        longer = sorted((c for c in cues if c not in words), key=len, reverse=True)
        edges = (r"(?<!\w)(?<!\w')", r"(?:(?<![\w'-])|(?![\w-])(?!'\w))") if quoted else (
            r"(?<![\w'])", r"(?:(?<![\w'-])|(?![\w'-])|(?<=s)(?='(?!\w)))")
        # a cue ending in `/` (`docs/`) opens a longer path; a plural one followed by `'` is its possessive
        # (`review bots'`)
        pattern = LazyRegex(r"%s(?:%s)%s" % (edges[0], "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in longer),
                                             edges[1])) if longer else None
        keys = frozenset(_rarest(c) for c in longer)
        needs = tuple((_rarest(c),) + tuple(w for w in re.findall(r"[\w'-]+", c) if w != _rarest(c)) for c in longer)
        return cls(words, pattern, keys, (), needs, script=quoted)

    @classmethod
    def spelled(cls, *texts: str) -> "CueGroup":
        """A group of stems and phrases in any script, folded as the scanner folds text (accents dropped, look-alike
        letters mapped): a Latin one starts at a word (a short one is a whole word) and is looked for in a sentence
        that holds its first word, one in another script (its first word not all Latin once folded) is found anywhere
        in a sentence."""
        folded = sorted({normalise(t, 1).lower for text in texts for t in phrases(text)}, key=len, reverse=True)
        parts, keys, scripts = [], set(), []
        for cue in folded:
            head = cue.split()[0]  # folding turns some Cyrillic and Greek letters into Latin ones (`если` -> `ecли`)
            latin = head.isascii() and cue[0].isalpha()
            part = ("(?<![a-z])" if latin else "") + re.escape(cue).replace(r"\ ", r"\s+")
            parts.append(part + ("(?![a-z])" if latin and len(cue) <= 3 else ""))
            first = re.search(r"[a-z0-9']+", cue) if head.isascii() else None
            if first is not None:
                keys.add(first.group())
            else:
                scripts.append(cue.split()[0])
        return cls(frozenset(), LazyRegex("|".join(parts)), frozenset(keys), tuple(scripts),
                   tuple((key,) for key in sorted(keys)))

    def excepting(self, text: str) -> "CueGroup":
        """The group with `but` wordings: a `|`-separated phrase list, or `re:REGEX`."""
        return self._replace(but=_but_regex(text))

    def found(self, sentence: str, words: frozenset[str]) -> bool:
        """Whether the sentence holds a cue of this group (`words` is the sentence's set of words)."""
        if self.but is not None:
            return self._found_outside_but(sentence, words)
        if self.words & words:
            return True
        if self.phrases is None:
            return False
        keyed = bool(self.keys & words) or (bool(self.scripts) and not sentence.isascii()
                                             and any(cue in sentence for cue in self.scripts))
        return keyed and self.phrases.search(sentence) is not None

    def _found_outside_but(self, sentence: str, words: frozenset[str]) -> bool:
        """Whether the sentence holds a cue of this group outside every `but` wording (read only where one may be)."""
        if not self._replace(but=None).found(sentence, words):
            return False
        return next(self.spans(sentence, parts=True), None) is not None or not self.but.search(sentence)

    def spans(self, sentence: str, parts: bool = False) -> Iterator[tuple[int, int]]:
        """Where the group's cues sit in the sentence (with `parts`, cues that are parts of a word too: `prior` of
        `prior-session`), leaving out those inside a `but` wording."""
        excepted = [m.span() for m in self.but.finditer(sentence)] if self.but is not None else []
        for span in self._all_spans(sentence, parts):
            if not any(start <= span[0] and span[1] <= end for start, end in excepted):
                yield span

    def _all_spans(self, sentence: str, parts: bool) -> Iterator[tuple[int, int]]:
        """Where the group's cues sit in the sentence, `but` wordings or not."""
        for word in re.finditer(r"[\w'-]+", sentence):
            if word.group() in self.words:
                yield word.span()
            elif parts and self.words:
                yield from _part_spans(word, self.words)
        if self.phrases is not None:
            yield from (m.span() for m in self.phrases.finditer(sentence))


def _but_regex(text: str) -> LazyRegex:
    """The regex of `but` wordings from a `|`-separated phrase list, or from `re:REGEX`."""
    pattern = text[3:] if text.startswith("re:") else "|".join(re.escape(p).replace(r"\ ", r"\s+")
                                                               for p in phrases(text))
    return LazyRegex(r"(?<![\w'])(?:%s)" % pattern)


def _part_spans(word: re.Match[str], cues: frozenset[str]) -> Iterator[tuple[int, int]]:
    """Where cues sit inside one word as its parts or its flag (`prior` in `prior-session`, `no-verify` in
    `--no-verify`), as the sentence's word set holds them."""
    text, offset = word.group(), word.start()
    for part in re.finditer(r"[^\W_]+(?:'[^\W_]+)?|(?<![\w-])-{1,2}([a-z][\w-]*)", text):
        group = 1 if part.group(1) else 0
        if part.group(group) in cues:
            yield offset + part.start(group), offset + part.end(group)


class CueRule(NamedTuple):
    """A rule read sentence by sentence: its id and reason, the groups that must all be there (the first one acts:
    a negation right before every one of its cues cancels it when `negatable`), and the cues that rule it out."""

    id: str
    family: str
    reason: str
    groups: tuple[CueGroup, ...]
    unless: CueGroup | None = None
    negatable: bool = True
    reach: int = 0
    """Characters after the sentence read with it (a header on its own line gives its orders on the next)."""
    addressed: int | None = None
    """When set, the sentence must speak to the agent (`you`, or a cue of this group, the verb, given as a command)
    rather than describe something (`tests are skipped when the key is unset`)."""
    window: int = 20
    """How many words a cue of every group must fall within, in one clause (0: anywhere in the sentence): cues
    scattered over a long sentence, or split by a semicolon, a dash, brackets or quotation marks, say other things."""


_PROTECTIVE_ACTS = r"flag it|flag them|report it|report them|warn the user|alert the user|flags it|reports it".replace(
    " ", r"\s+")
_NOT_PROTECTING = _but_regex(
    rf"re:(?:won't|will not|wouldn't|doesn't|does not|don't|do not|never|not|can't|cannot|nobody)\s+"
    rf"(?:{_PROTECTIVE_ACTS})"
    rf"|(?:{_PROTECTIVE_ACTS})\s+as\s+(?:an?\s+|fully\s+)?(?:success|successful|succeeded|passed|passing|green|done"
    r"|fixed|resolved|complete|completed|working|fine|ok|okay|healthy|clean|finished|shipped)\b")
"""A protective cue negated (`so grep won't flag it`, `never report it`) or turned into good news (`report it as
successful`): it hides an act rather than guarding against it, so it rules nothing out; one regex shared by every
rule's protective cues, compiled once."""


def cue_rule(rule_id: str, family: str, reason: str, *groups: str | CueGroup, unless: str | CueGroup = "",
             negatable: bool = True, reach: int = 0, addressed: int | None = None, window: int = 20) -> CueRule:
    """A cue rule from `|`-separated cue lists (or groups already built)."""
    return CueRule(rule_id, family, reason, tuple(g if isinstance(g, CueGroup) else CueGroup.of(g) for g in groups),
                   unless if isinstance(unless, CueGroup)
                   else CueGroup.of(unless)._replace(but=_NOT_PROTECTING) if unless else None, negatable,
                   reach, addressed, window)
