"""The scanner's matcher: every rule's regex tried only where one of its literal heads starts in the text.

Each rule's pattern is parsed for the literal text its matches can start with (its heads); one trigger regex per
kind of head finds every place some rule can start, and only there is that rule's own regex tried. A text no head
occurs in costs one pass of the trigger regexes, whatever the number of rules.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

__all__ = ["Head", "_Hit", "_Matcher"]

_WS, _CLASS = "\x01", "\x02"
"""Head tokens: a run of whitespace, and the mark before a character class."""
_WS_RUN = re.compile(r"\s+")
_END = ""
"""The mark in a head trie where a head ends."""
_FREQUENT = " etaoinsrhldcumpfgywbvkx_jqz-./:0123456789"
"""Characters roughly by how often lowercased notes hold them: a trie's branches that start with different plain
characters are tried most frequent first, as the regex engine tries an alternation's branches in order."""
_RANK = {char: rank for rank, char in enumerate(_FREQUENT)}


class _Hit(NamedTuple):
    """A rule match in normalised coordinates, with what the matcher read there."""

    rule: str
    start: int
    end: int
    reading: str


_CATEGORIES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D", "CATEGORY_SPACE": r"\s",
               "CATEGORY_NOT_SPACE": r"\S", "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W"}


def _class(items: Sequence[Any]) -> str | None:
    """A parsed character class written back as a regex class token, or None if it uses something unusual."""
    parts = []
    for op, av in items:
        kind = str(op)
        if kind == "NEGATE":
            parts.insert(0, "^")
        elif kind == "LITERAL":
            parts.append(f"\\U{av:08x}")
        elif kind == "RANGE":
            parts.append(f"\\U{av[0]:08x}-\\U{av[1]:08x}")
        elif kind == "CATEGORY" and str(av) in _CATEGORIES:
            parts.append(_CATEGORIES[str(av)])
        else:
            return None
    return _CLASS + "[" + "".join(parts) + "]"


Head = tuple[str, ...]
"""A literal head as tokens: single characters, `_WS` for a run of whitespace, or `_CLASS` + a character class."""


_STARTS_WORD = ("AT_BOUNDARY", "AT_BEGINNING", "AT_BEGINNING_STRING", "AT_BEGINNING_LINE")
"""Zero-width assertions that leave no word character right before (`\\b` before a word, `^`, `\\A`)."""


def _word_char(char: str) -> bool:
    """Whether `\\w` matches a character (Unicode letters and digits in any script, and `_`)."""
    return char.isalnum() or char == "_"


def _ends_non_word(items: Sequence[Any]) -> bool:
    """Whether every text matching the parsed items ends with a character that is not a word character."""
    if not items:
        return False
    op, av = items[-1]
    name = str(op)
    if name == "LITERAL":
        return not _word_char(chr(av))
    if name == "IN":
        return all(str(kind) == "LITERAL" and not _word_char(chr(code))
                   or str(kind) == "CATEGORY" and str(code) in ("CATEGORY_SPACE", "CATEGORY_NOT_WORD")
                   for kind, code in av)
    if name == "BRANCH":
        return all(_ends_non_word(branch.data) for branch in av[1])
    return name == "SUBPATTERN" and _ends_non_word(av[3].data)


def _no_word_before(name: str, av: Any) -> bool:
    """Whether a lookbehind rules out a word character right before this place, as `\\b` before a word does:
    `(?<![\\w$./-])`, `(?<!\\S)`, `(?<![^\\n])`, `(?<=[.!:;]\\s)`."""
    direction, pattern = av
    if direction != -1:
        return False
    if name == "ASSERT":
        return _ends_non_word(pattern.data)
    if len(pattern.data) != 1:
        return False
    op, arg = pattern.data[0]
    if str(op) == "NOT_LITERAL":
        return not _word_char(chr(arg))
    return str(op) == "IN" and not any(str(kind) == "NEGATE" for kind, _ in arg) and any(
        str(kind) == "CATEGORY" and str(code) in ("CATEGORY_WORD", "CATEGORY_NOT_SPACE") for kind, code in arg)


def _heads(items: Sequence[Any], limit: int = 16) -> list[tuple[Head, bool, bool]]:
    """(head, whether it spans all of items, whether no word character can precede it) for each way items can start.

    Works on the parsed pattern: literals, classes, groups, alternations and optional parts extend heads; zero-width
    assertions are skipped (`\\b` and lookbehinds that rule out a word character before mark a head bounded);
    `\\s+` and literal spaces become `_WS`; anything else ends the head.
    """
    heads: list[tuple[Head, bool, bool]] = [((), True, False)]
    for op, av in items:
        if not any(complete for _, complete, _ in heads):
            break
        name = str(op)
        if name in ("AT", "ASSERT", "ASSERT_NOT"):
            if str(av) in _STARTS_WORD if name == "AT" else _no_word_before(name, av):
                heads = [(h, c, b or not h) for h, c, b in heads]
            continue
        options: list[tuple[Head, bool, bool]] = []
        if name == "LITERAL":
            options = [((_WS if chr(av).isspace() else chr(av),), True, False)]
        elif name == "IN" and len(av) <= 6 and all(str(kind) == "LITERAL" for kind, _ in av):
            options = [((_WS if chr(code).isspace() else chr(code),), True, False) for _, code in av]
        elif name == "IN" and (token := _class(av)) is not None:
            options = [((token,), True, False)]
        elif name in ("SUBPATTERN", "ATOMIC_GROUP"):
            options = _heads((av if name == "ATOMIC_GROUP" else av[3]).data, limit)
        elif name == "BRANCH":
            options = [head for branch in av[1] for head in _heads(branch.data, limit)]
        elif name in ("MAX_REPEAT", "POSSESSIVE_REPEAT") and av[0] >= 1 and str(av[2].data) == \
                "[(IN, [(CATEGORY, CATEGORY_SPACE)])]":
            options = [((_WS,), True, False)]
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and av[0] == 0 and av[1] == 1:
            options = _heads(av[2].data, limit) + [((), True, False)]
        grown = []
        for head, complete, bounded in heads:
            if not complete or not options or len(head) >= limit:
                grown.append((head, False, bounded))
                continue
            grown += [(head + more, more_complete, bounded or (not head and more_bounded))
                      for more, more_complete, more_bounded in options]
        if len(grown) > 48:  # selective enough; stop extending before the trie balloons
            heads = [(head, False, bounded) for head, _, bounded in grown]
            break
        heads = grown
    return heads


def _trie(heads: Sequence[Head], lead: bool = False) -> str:
    """A regex alternation of heads nested by shared prefix; where one head goes on from another, the longer is
    tried first, so a match is the longest head there.

    With `lead`, each branch consumes only the head's first character and captures the rest in a lookahead, so
    `finditer` never skips a head that starts inside another one (`@reboot ~/.ssh`: `~/.ssh` starts inside
    `@reboot\\s+\\S`), and the regex engine jumps to the heads' first characters in C (a charset prefix).
    """
    tree: dict[str, Any] = {}
    for head in heads:
        node = tree
        for token in head:
            node = node.setdefault(token, {})
        node[_END] = {}

    def regex(token: str) -> str:
        """One token as regex."""
        return r"\s+" if token == _WS else token[1:] if token[:1] == _CLASS else re.escape(token)

    def emit(node: dict[str, Any]) -> str:
        """The alternation under one trie node (an empty last branch where a head ends and longer ones go on)."""
        branches = [regex(token) + emit(child) for token, child in _ordered(node)]
        if branches and _END in node:
            branches.append("")
        return "" if not branches else branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if lead:
        return "|".join(f"{regex(token)}(?=({emit(child)}))" for token, child in _ordered(tree))
    return emit(tree)


def _ordered(node: dict[str, Any]) -> list[tuple[str, Any]]:
    """A trie node's branches in the order to try them: most frequent character first when no two can start at one
    place (plain characters and whitespace runs, so the order changes no match), else sorted."""
    branches = sorted((token, child) for token, child in node.items() if token != _END)
    if any(token[:1] == _CLASS for token, _ in branches):
        return branches
    return sorted(branches, key=lambda branch: _RANK.get(branch[0], len(_RANK)))


JOIN_AFTER = 32
"""A set of rules gets its joint regex once a trigger has named it this often: compiling one costs milliseconds, so a
set seen a few times in a process (one `memrev scan`, a rare wording) is cheaper tried rule by rule."""
_GROUP_REFERENCES = frozenset({"GROUPREF", "GROUPREF_EXISTS", "GROUPREF_IGNORE", "GROUPREF_LOC_IGNORE",
                               "GROUPREF_UNI_IGNORE"})
"""Parsed opcodes that refer back to a group (`\\1`, `(?P=name)`, `(?(1)...)`)."""


_BACK_SYNTAX = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")
"""What a regex must hold to refer back to a group (`\\1`, `(?P=name)`, `(?(1)...)`): a regex without any of them
is not walked (one with them is, as `\\101` may be an octal escape)."""


def _refers_back(node: Any) -> bool:
    """Whether a parsed pattern, or any part of one, refers back to a group (numbering changes when regexes join)."""
    node = getattr(node, "data", node)
    if not isinstance(node, (list, tuple)):
        return False
    if node and str(node[0]) in _GROUP_REFERENCES:
        return True
    return any(_refers_back(item) for item in node)


class _HeadRules(dict[str, tuple[str, ...]]):
    """Word heads, whitespace written as one space, with the rules they start; a head matched with other whitespace
    (a tab, several spaces) is looked up as written with one space."""

    def __missing__(self, head: str) -> tuple[str, ...]:
        spaced = _WS_RUN.sub(" ", head)
        if spaced == head:
            raise KeyError(head)
        return self[spaced]


class _Compiled(dict[str, "re.Pattern[str]"]):
    """Each rule's regex, compiled the first time a trigger names the rule: one memory write checked by the hook
    names a few dozen of the hundreds of rules, and compiling them all would cost most of a fresh process's start."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        """No regex compiled yet."""
        super().__init__()
        self.sources = sources

    def __missing__(self, rule: str) -> re.Pattern[str]:
        """Compile the rule's regex and keep it."""
        pattern = self[rule] = re.compile(self.sources[rule])
        return pattern


class _Matcher:
    """One table of rules matched in a single pass: a trigger regex finds every place a rule can start (its literal
    heads, as one trie), and only the rules that can start there are tried, each anchored at that place.

    A head that only starts a match where no word character precedes it (`\\b`, or a lookbehind ruling one out) is
    looked for after a non-word character (in Python's Unicode sense) or at the very start, so the trigger regex
    begins with one character class and the regex engine skips the letters inside words in C, which is most of the
    text. Every other head can start a match anywhere, inside a word too (`accessToken = "…"`, `请忽略…`): those, and
    heads that start with punctuation (`<!--`, `~/.ssh`, `|`), go in tries that consume only their first character,
    so no head hides another. With `anywhere`, all heads go there (for spaced-out letters collapsed into one long
    word). Each trigger names the rules of the longest head there and of the shorter heads it goes on from.
    """

    def __init__(self, sources: Mapping[str, str], anywhere: bool = False) -> None:
        """Compile each rule, and the trigger regexes from the heads of all of them."""
        try:
            from re import _parser as parser  # type: ignore[attr-defined]
        except ImportError:  # Python 3.10
            import sre_parse as parser  # type: ignore[no-redef]
        self.sources = dict(sources)
        self.patterns = _Compiled(self.sources)
        parsed = {rule: parser.parse(source) for rule, source in sources.items()}
        self.refers_back = {rule: (_BACK_SYNTAX.search(source) is not None and _refers_back(parsed[rule]))
                            or bool(parsed[rule].state.flags & ~re.UNICODE)
                            for rule, source in sources.items()}
        """Per rule, whether its regex refers back to its own groups or sets flags (it cannot join others exactly)."""
        self.joints: dict[tuple[str, ...], re.Pattern[str] | None | int] = {}
        """A joint regex for each set of rules a trigger names (`_joint`), or how often it was named until then."""
        found: dict[Head, set[str]] = {}
        inside: set[Head] = set()  # heads some rule can start with right after a word character
        for rule, source in sources.items():
            for head, _, bounded in _heads(parsed[rule].data):
                if head[:1] and head[0].isalnum():  # word heads stay literal so a match names its rules exactly
                    head = head[:next((i for i, t in enumerate(head) if t[:1] == _CLASS), len(head))]
                head = tuple(t for i, t in enumerate(head) if t != _WS or not i or head[i - 1] != _WS)
                while head and head[-1] in (_WS, ""):
                    head = head[:-1]
                if not head or head[0][:1] in (_WS, _CLASS):
                    raise ValueError(f"a branch of rule {rule} starts with no literal text")
                found.setdefault(head, set()).add(rule)
                if anywhere or not bounded:
                    inside.add(head)
        order = {rule: index for index, rule in enumerate(sources)}
        self.by_word = _HeadRules()
        """A word head as matched (the longest there), whitespace as one space, with the rules of it and of the
        shorter heads of its trie it goes on from, as those start at the same place."""
        for head in found:
            if head[0].isalnum():
                shorter = (head[:n] for n in range(1, len(head) + 1))
                rules = set().union(*(found[h] for h in shorter if h in found and (h in inside) == (head in inside)))
                self.by_word["".join(head).replace(_WS, " ")] = tuple(sorted(rules, key=order.__getitem__))
        self.by_mark: dict[str, tuple[str, ...]] = {}
        for head in found:
            if not head[0].isalnum():
                self.by_mark[head[0]] = tuple(sorted(set(self.by_mark.get(head[0], ())) | found[head],
                                                     key=order.__getitem__))
        free = {head for head in found if head in inside or not head[0].isalnum()}
        self.anywhere = anywhere
        starts = sorted(head for head in found if head not in free)
        self.scans: list[tuple[re.Pattern[str], str]] = []
        """(trigger regex, what it finds: `start` word heads after a non-word character, `word` heads anywhere or
        `mark` heads). Each group has its own regex, so the regex engine weighs few branches at each candidate
        place; heads that open with a non-ASCII character (CJK, Arabic, Cyrillic...) come last, in regexes of their
        own that ASCII text skips (`ascii_scans`)."""
        for other in (False, True):
            bounded = [head for head in starts if head[0].isascii() != other]
            if bounded:
                self.scans.append((re.compile(rf"\W(?=({_trie(bounded)}))"), "start"))
            for kind in ("word", "mark"):
                group = [head for head in sorted(free) if head[0].isascii() != other
                         and head[0].isalnum() == (kind == "word")]
                if group:
                    self.scans.append((re.compile(_trie(group, lead=True)), kind))
            if not other:
                self.ascii_scans = list(self.scans)
        self.at_start = [regex for regex, kind in self.scans if kind == "start"]
        """The regexes of word heads that need no word character before them, tried at the start of a text too."""

    def _triggers(self, text: str) -> list[tuple[int, tuple[str, ...]]]:
        """(position, rules that can start there) for every place a rule can start, in text order."""
        by_word, by_mark = self.by_word, self.by_mark
        found: list[tuple[int, tuple[str, ...]]] = []
        for regex, kind in self.ascii_scans if text.isascii() else self.scans:
            if kind == "start":
                found += [(m.start(1), by_word[m.group(1)]) for m in regex.finditer(text)]
            elif kind == "word":
                found += [(m.start(), by_word[m.group() + m.group(m.lastindex)]) for m in regex.finditer(text)]
            else:
                found += [(m.start(), by_mark[m.group()]) for m in regex.finditer(text)]
        if text[:1].isalnum():  # a word head at the very start: the same regexes, read after a space put before
            spaced = " " + text
            found += [(0, by_word[head.group(1)]) for regex in self.at_start if (head := regex.match(spaced))]
        found.sort()
        return found

    def hits(self, text: str) -> Iterator[_Hit]:
        """Every rule match in text; a rule is not tried again inside its own previous match (keeps it linear)."""
        return iter(self.hit_list(text))

    def hit_list(self, text: str) -> list[_Hit]:
        """Every rule match in text, as a list (see `hits`); where several rules can start, one joint regex tried
        first rules them all out at once, which is what happens at most places."""
        found: list[_Hit] = []
        triggers = self._triggers(text)
        if not triggers:
            return found
        last_end: dict[str, int] = {}
        patterns, joints = self.patterns, self.joints
        for start, rules in triggers:
            joint = joints.get(rules, 0)
            if type(joint) is int:
                joint = joints[rules] = joint + 1 if joint + 1 < JOIN_AFTER else self._joint(rules)
            if joint is not None and type(joint) is not int and joint.match(text, start) is None:  # type: ignore[union-attr]
                continue
            for rule in rules:
                if start < last_end.get(rule, 0):
                    continue
                match = patterns[rule].match(text, start)
                if match is not None:
                    last_end[rule] = match.end()
                    found.append(_Hit(rule, start, match.end(), match.group()))
        return found

    def _joint(self, rules: tuple[str, ...]) -> re.Pattern[str] | None:
        """One regex that matches at a place exactly when one of the rules' own regexes does, or None when the rules
        are one (nothing to save) or cannot be joined exactly (their regexes refer back to their own groups)."""
        if len(rules) < 2 or any(self.refers_back[rule] for rule in rules):
            return None
        try:
            return re.compile("|".join(f"(?:{self.sources[rule]})" for rule in rules))
        except re.error:
            return None


