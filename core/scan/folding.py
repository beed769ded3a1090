"""Normalise memory text for matching (NFKC, homoglyphs folded, hidden characters dropped or decoded) with a map back to
the original offsets, and classify every hidden character met on the way, all in one pass over the raw text.

Plain runs (ASCII, CJK, Arabic, Hebrew, emoji...) are copied in bulk; only characters in `_SPECIAL` are looked at one by
one, through a per-character cache. The offset map is a short list of anchors: normalised position n maps to original
position `orig[k] + (n - norm[k])` for the last anchor k at or before n, so a finding's span always points at the
characters a reviewer sees.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from memrev.core.check.visible import _ordinary_in_context, char_name

_SPECIAL = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\u036f\u0370-\u058f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u1ab0-\u1aff"
    "\u1d00-\u1fff\u2000-\u24ff\u2800\u2c60-\u2c7f\u3000\u3164\ua720-\ua7ff\ud800-\udfff\ue000-\uf8ff\ufb00-\ufb06"
    "\ufe00-\ufe6f\ufeff\uff00-\uffef\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U0001d400-\U0001d7ff\U0001f100-\U0001f1ff\U000e0000-\U000e0fff\U000f0000-\U0010ffff]+"
)
"""Characters that may be hidden, or may fold to ASCII; everything else is copied as it is."""
_ASCII_SPECIAL = re.compile("[" + "".join(re.escape(chr(code)) for code in range(128) if _SPECIAL.match(chr(code)))
                            + "]")
"""The ASCII characters of `_SPECIAL` (controls): an ASCII text is looked through for these alone, a far smaller
class than all of `_SPECIAL`'s ranges."""

_CONFUSABLES = dict(zip(
    "авеёіїјкмнорсухѕԁԛԝһӏɡɑıȷАВЕКМНОРСТХУІЈЅԀҮαβγεικνορτυχωηϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧօս" "ʼ‘’‚‛′“”„″‐‑‒–—―−⁄∕․˸",
    "abeeiijkmhopcyxsdqwhlgaijABEKMHOPCTXYIJSDYabyeikvoptuxwncjABEZHIKMNOPTYXou" "''''''\"\"\"\"-------//.:",
))
"""Common Cyrillic, Greek and Armenian look-alikes of Latin letters, and typographic quotes and dashes."""
_CONFUSABLES.update({chr(0x1F150 + i): chr(0x61 + i) for i in range(26)})  # negative circled letters
_CONFUSABLES.update({chr(0x1F170 + i): chr(0x61 + i) for i in range(26)})  # negative squared letters
_CONFUSABLES.update({chr(0x1F1E6 + i): chr(0x61 + i) for i in range(26)})  # regional indicators
_CONFUSABLES.update(zip("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghijklmnopqrstuvwyz"))  # small capitals (`ɪɢɴᴏʀᴇ`)

ZERO_WIDTH, BIDI, BIDI_MARK, TAGS, SELECTORS, SOFT_HYPHEN, HANGUL, CONTROL, PRIVATE, FORMAT = (
    "invisible_zero_width", "invisible_bidi", "invisible_bidi_mark", "invisible_tag_characters",
    "invisible_variation_selectors", "invisible_soft_hyphen", "invisible_hangul_filler", "invisible_control",
    "invisible_private_use", "invisible_format")
BOM, JOINER = "invisible_bom", "invisible_joiner"
SOFT_HYPHEN_RUN, SOFT_HYPHEN_SPLIT = "invisible_soft_hyphen_run", "invisible_soft_hyphen_split"
_FIXED = {0x2060: ZERO_WIDTH, 0x2061: ZERO_WIDTH, 0x2062: ZERO_WIDTH, 0x2063: ZERO_WIDTH,
          0x2064: ZERO_WIDTH, 0xFEFF: ZERO_WIDTH, 0x00AD: SOFT_HYPHEN, 0x115F: HANGUL, 0x1160: HANGUL,
          0x3164: HANGUL, 0xFFA0: HANGUL, 0x034F: FORMAT, 0x180E: FORMAT, 0x2800: FORMAT, 0x17B4: FORMAT,
          0x17B5: FORMAT}
_FIXED.update({code: BIDI for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))})
_VISIBLE_FORMAT = {0x110BD, 0x110CD}
"""Format characters that render as visible signs (prepended concatenation marks), so they are not hidden."""
_CONTEXT = -1
"""Cache marker for characters whose verdict depends on their neighbours (joiners, marks, selectors, tags)."""
_JOINING_SCRIPTS = ((0x0600, 0x08FF), (0x0900, 0x0DFF), (0x0F00, 0x109F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFC))
"""Arabic, Syriac and Indic blocks, where ZWJ and ZWNJ are ordinary spelling (Persian uses ZWNJ in most sentences)."""
_UNSPACED_SCRIPTS = ((0x0E00, 0x0EFF), (0x0F00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF))
"""Thai, Lao, Tibetan, Myanmar and Khmer: written without spaces, where a zero-width space marks a word break."""
_HAN = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF))

_cache: dict[str, tuple[str, str | int | None]] = {}
_plain: set[str] = set()
"""Special characters already known to fold to exactly one visible character, so whole runs can be translated."""
_table: dict[int, str] = {}


@dataclass
class HiddenRun:
    """Consecutive hidden characters of one rule: where they are, which code points, and any text they smuggle."""

    rule: str
    start: int
    end: int
    counts: dict[str, int] = field(default_factory=dict)
    decoded: str = ""

    def labels(self) -> str:
        """The distinct code points with their names and counts, e.g. `U+200B ZERO WIDTH SPACE ×3`."""
        parts = [f"U+{ord(ch):04X} {char_name(ch)}" + (f" ×{n}" if n > 1 else "") for ch, n in self.counts.items()]
        more = f", +{len(parts) - 6} more kinds" if len(parts) > 6 else ""
        return ", ".join(parts[:6]) + more


@dataclass
class Normalised:
    """The text as the matcher sees it (`text` keeps case, `lower` is lowercased), hidden runs, and the offset map."""

    text: str
    lower: str
    hidden: list[HiddenRun]
    _norm: Sequence[int]
    _orig: Sequence[int]
    length: int
    hidden_total: dict[str, int] = field(default_factory=dict)
    """How many hidden runs of each rule there were, including those past the recording cap."""

    def origin(self, index: int) -> int:
        """The original offset of the character at normalised `index`."""
        k = bisect_right(self._norm, index) - 1
        return self._orig[k] + index - self._norm[k]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span covering the normalised span [start, end), hidden characters inside included."""
        if end <= start:
            at = min(self.origin(start), self.length)
            return at, at
        return min(self.origin(start), self.length), min(self.origin(end - 1) + 1, self.length)


def _in(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    """Whether a code point falls in one of the inclusive ranges."""
    return any(low <= code <= high for low, high in ranges)


def _fold(char: str) -> str:
    """NFKC, then accents dropped and common homoglyphs mapped to Latin, keeping case; combining marks vanish."""
    if unicodedata.category(char) in ("Mn", "Me"):
        return ""
    folded = unicodedata.normalize("NFKC", char)
    if not folded.isascii():
        bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        folded = bare or folded
    return "".join(_CONFUSABLES.get(c, c) for c in folded)


def _classify(char: str) -> tuple[str, str | int | None]:
    """(replacement, hidden rule or _CONTEXT or None) for one special character, cached."""
    known = _cache.get(char)
    if known is not None:
        return known
    code = ord(char)
    category = unicodedata.category(char)
    rule: str | int | None = _FIXED.get(code)
    if rule is None:
        if 0xE0000 <= code <= 0xE007F or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF \
                or code in (0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x061C):
            rule = _CONTEXT
        elif category == "Cc":
            rule = CONTROL
        elif category == "Co":
            rule = PRIVATE
        elif category == "Cs" or (category == "Cf" and code not in _VISIBLE_FORMAT) or 0xE0080 <= code <= 0xE0FFF:
            rule = FORMAT
    result = ("" if rule is not None else _fold(char), rule)
    _cache[char] = result
    if rule is None and len(result[0]) == 1:
        _plain.add(char)
        _table[code] = result[0]
    return result


def _is_rtl(char: str) -> bool:
    """Whether a character is written right to left (Hebrew, Arabic...)."""
    return unicodedata.bidirectional(char) in ("R", "AL")


def _joiner_rule(raw: str, index: int) -> str | None:
    """ZWJ/ZWNJ: ordinary inside an emoji sequence, or after or between letters of a joining script (Persian ZWNJ,
    Malayalam chillu letters, which end a word with virama + ZWJ); those count as `invisible_joiner`, a warning
    (Hermes Agent blocks them, so a person sees them named), anything else is a zero-width trick."""
    if _ordinary_in_context(raw, index):
        return JOINER
    before = raw[index - 1] if index > 0 else " "
    after = raw[index + 1] if index + 1 < len(raw) else " "
    if _in(ord(before), _JOINING_SCRIPTS) and (_in(ord(after), _JOINING_SCRIPTS) or not after.isalnum()):
        return JOINER
    return ZERO_WIDTH


def _word_break_rule(raw: str, index: int) -> str:
    """A zero-width space between letters of a script written without spaces (Thai, Lao, Khmer, Myanmar, Tibetan) is
    a word-break hint: warned as `invisible_joiner` (Hermes Agent blocks it); elsewhere it hides a break."""
    before = raw[index - 1] if index > 0 else " "
    after = raw[index + 1] if index + 1 < len(raw) else " "
    if _in(ord(before), _UNSPACED_SCRIPTS) and _in(ord(after), _UNSPACED_SCRIPTS):
        return JOINER
    return ZERO_WIDTH


def _mark_rule(raw: str, index: int) -> str:
    """LRM/RLM/ALM near right-to-left text (in the same phrase) are ordinary typography (warn); elsewhere they are bidi
    tricks."""
    near = raw[max(0, index - 12):index + 13]
    return BIDI_MARK if any(_is_rtl(c) for c in near) else BIDI


def _selector_run_ordinary(raw: str, start: int, end: int) -> bool:
    """A lone VS15/VS16 after an emoji or symbol, or a lone ideographic selector after a Han character, is ordinary."""
    if end - start != 1 or start == 0:
        return False
    code, base = ord(raw[start]), raw[start - 1]
    category = unicodedata.category(base)
    if code in (0xFE0E, 0xFE0F):
        return not (base.isascii() and base.isalpha()) and category[0] not in "ZC"
    if 0xE0100 <= code <= 0xE01EF:
        return _in(ord(base), _HAN)
    return category == "Sm" or _in(ord(base), _HAN)


def _flag_tags(raw: str, start: int, end: int) -> bool:
    """A subdivision flag (🏴 then 2-7 lowercase tag letters or digits then CANCEL TAG) is an ordinary emoji."""
    body = [ord(c) - 0xE0000 for c in raw[start:end - 1]]
    return (start > 0 and raw[start - 1] == "\U0001F3F4" and ord(raw[end - 1]) == 0xE007F and 2 <= len(body) <= 7
            and all(0x30 <= b <= 0x39 or 0x61 <= b <= 0x7A for b in body))


_SELECTOR_BYTES = {**{0xFE00 + b: chr(b) for b in range(16)}, **{0xE0100 + b: chr(b + 16) for b in range(240)}}
"""Variation selectors as the bytes smugglers make them carry (VS1-16 are 0-15, VS17-256 are 16-255), as latin-1."""
_TAG_TEXT = {0xE0000 + b: chr(b) if 0x20 <= b < 0x7F else None for b in range(0x80)}
"""Tag characters as the ASCII they shadow; the others (language tag, cancel tag) spell nothing."""


class _Builder:
    """Accumulates normalised pieces and offset anchors while walking the raw text."""

    def __init__(self, max_runs: int) -> None:
        """An empty view whose first character maps to the original's first; at most max_runs hidden runs per rule."""
        self.pieces: list[str] = []
        self.norm = array("q", [0])
        self.orig = array("q", [0])
        self.delta = 0
        self.n = 0
        self.hidden: list[HiddenRun] = []
        self.per_rule: dict[str, int] = {}
        self.max_runs = max_runs

    def plain(self, text: str, origin: int) -> None:
        """Append text whose characters come one to one from raw[origin:], adding an anchor if the offset moved."""
        n = self.n
        if origin - n != self.delta:
            if self.norm[-1] == n:
                self.norm[-1], self.orig[-1] = n, origin
            else:
                self.norm.append(n)
                self.orig.append(origin)
            self.delta = origin - n
        self.pieces.append(text)
        self.n = n + len(text)

    def emit(self, text: str, origin: int) -> None:
        """Append text whose characters all come from raw[origin] (a ligature or symbol that folds to several)."""
        for char in text:
            self.plain(char, origin)

    def hide(self, rule: str, index: int, chars: str, decoded: str = "") -> None:
        """Record hidden characters at raw `index`, merging with the previous run of the same rule when adjacent."""
        last = self.hidden[-1] if self.hidden else None
        if last is not None and last.rule == rule and last.end == index and rule not in (TAGS, SELECTORS):
            last.end = index + len(chars)
        else:
            count = self.per_rule.get(rule, 0)
            self.per_rule[rule] = count + 1
            if count >= self.max_runs:
                return
            last = HiddenRun(rule, index, index + len(chars), decoded=decoded)
            self.hidden.append(last)
        for ch in chars[:4096]:
            last.counts[ch] = last.counts.get(ch, 0) + 1


def _walk_run(raw: str, start: int, end: int, out: _Builder) -> None:
    """Classify and fold the special characters in raw[start:end] (in one translate when all are known and plain)."""
    run = raw[start:end]
    if _plain.issuperset(run):
        out.plain(run.translate(_table), start)
        return
    i = start
    while i < end:
        replacement, rule = _cache.get(raw[i]) or _classify(raw[i])
        if rule is None:
            out.plain(replacement, i) if len(replacement) == 1 else out.emit(replacement, i)
        elif rule != _CONTEXT:
            out.hide(rule, i, raw[i])  # type: ignore[arg-type]
        else:
            i = _walk_context(raw, i, out)
            continue
        i += 1


_TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")
_SELECTOR_RUN = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]+")


def _walk_context(raw: str, i: int, out: _Builder) -> int:
    """Handle one context-dependent character, or run of tags or selectors, at i; return the index after it."""
    code = ord(raw[i])
    if 0xE0000 <= code <= 0xE007F or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        tags = code >= 0xE0000 and code <= 0xE007F
        j = (_TAG_RUN if tags else _SELECTOR_RUN).match(raw, i).end()  # type: ignore[union-attr]
        if (_flag_tags if tags else _selector_run_ordinary)(raw, i, j):
            return j
        text = raw[i:j].translate(_TAG_TEXT if tags else _SELECTOR_BYTES)
        out.hide(TAGS if tags else SELECTORS, i, raw[i:j], decoded=text)
        if j - i > 1 or tags:  # a payload joins the text the rules read, set apart by spaces
            out.plain(" ", i)
            if len(text) == j - i:
                out.plain(text, i)
            else:  # some tags (language, cancel) spell nothing
                for index in range(i, j):
                    if char := raw[index].translate(_TAG_TEXT):
                        out.plain(char, index)
            out.plain(" ", j - 1)
        return j
    rule = _joiner_rule(raw, i) if code in (0x200C, 0x200D) else _word_break_rule(raw, i) if code == 0x200B \
        else _mark_rule(raw, i)
    if rule is not None:
        out.hide(rule, i, raw[i])
    return i + 1


def normalise(raw: str, max_runs: int = 100) -> Normalised:
    """The matcher's view of raw text plus every hidden-character run (at most `max_runs` recorded per rule)."""
    first = (_ASCII_SPECIAL if raw.isascii() else _SPECIAL).search(raw)
    if first is None:
        return Normalised(raw, raw.lower(), [], [0], [0], len(raw))
    out = _Builder(max_runs)
    last = 0
    if raw[0] == "\ufeff":  # a leading byte-order mark is an encoding artefact, not a hidden word break
        out.hide(BOM, 0, raw[0])
        last = 1
    for match in _SPECIAL.finditer(raw, max(first.start(), last)):
        start, end = match.span()
        if start > last:
            out.plain(raw[last:start], last)
        _walk_run(raw, start, end, out)
        last = end
    if last < len(raw):
        out.plain(raw[last:], last)
    text = "".join(out.pieces)
    lower = text.lower()
    if len(lower) != len(text):
        lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    if SOFT_HYPHEN in out.per_rule:
        _soft_hyphens(raw, out)
    return Normalised(text, lower, out.hidden, out.norm, out.orig, len(raw), out.per_rule)


def _soft_hyphens(raw: str, out: _Builder) -> None:
    """Soft hyphens re-judged in their word: a run of them is never typography (`invisible_soft_hyphen_run`), and
    several splitting one word into pieces of a letter or two hide the word (`invisible_soft_hyphen_split`); one
    hyphenation hint, or a few in a long compound, stay a warning."""
    for index, run in enumerate(out.hidden):
        if run.rule != SOFT_HYPHEN:
            continue
        if run.end - run.start > 1:
            out.hidden[index] = HiddenRun(SOFT_HYPHEN_RUN, run.start, run.end, run.counts, run.decoded)
            continue
        start, end = run.start, run.end
        while start > 0 and run.start - start < 64 and (raw[start - 1].isalpha() or raw[start - 1] == "\u00ad"):
            start -= 1
        while end < len(raw) and end - run.end < 64 and (raw[end].isalpha() or raw[end] == "\u00ad"):
            end += 1
        pieces = [piece for piece in raw[start:end].split("\u00ad") if piece]
        if len(pieces) >= 3 and sum(map(len, pieces)) < 3 * len(pieces):
            out.hidden[index] = HiddenRun(SOFT_HYPHEN_SPLIT, run.start, run.end, run.counts, run.decoded)


_SEP = r"[ .\-_*·,|+'~:]"
_SPACED_HINT = re.compile(rf"[\t{_SEP[1:-1]}]\S[\t{_SEP[1:-1]}]{{1,3}}\S(?![^\W_])")
"""A cheap test for two single characters in a row (` a b`, `.a.b`): every spaced-out word has one, most text none."""
_SPACED = re.compile(rf"(?<!\S)\S(?:[ \t]{{1,3}}\S(?!\S)){{2,}}"
                     rf"|(?<![^\W_])[^\W\d_](?:{_SEP}{{1,2}}[^\W\d_](?![^\W_])){{2,}}")
"""Three or more single characters apart by spaces (`c u r l  $ K E Y`), or letters by punctuation (`i.g.n.o.r.e`)."""
_UNIT = re.compile(r"\S")
_LETTER = re.compile(r"[^\W\d_]")
_CHUNK, _OVERLAP, _CONTEXT = 400, 120, 80


def spaced_windows(low: str) -> Iterator[tuple[str, list[int], int, int]]:
    """(window, origin, first, last) for every run of spaced-out characters, collapsed into words with some context.

    window[k] was read at low[origin[k]]; window[first:last] is the collapsed run. Gaps wider than the run's narrowest
    gap become word breaks (`i g n o r e  t h i s` reads `ignore this`). Long runs come in overlapping chunks, so the
    work stays linear however long the run is.
    """
    if _SPACED_HINT.search(low) is None:
        return
    for run in _SPACED.finditer(low):
        unit = _UNIT if run.group()[1:2].isspace() else _LETTER
        letters = [m.start() for m in unit.finditer(low, run.start(), run.end())]
        step = min(b - a for a, b in zip(letters, letters[1:]))
        for first in range(0, max(1, len(letters) - _OVERLAP), _CHUNK - _OVERLAP):
            chunk = letters[first:first + _CHUNK]
            lead = max(0, chunk[0] - _CONTEXT) if first == 0 else chunk[0]
            tail = min(len(low), chunk[-1] + 1 + _CONTEXT) if first + _CHUNK >= len(letters) else chunk[-1] + 1
            origin, chars = list(range(lead, chunk[0])), [low[lead:chunk[0]]]
            for index, position in enumerate(chunk):
                if index and position - chunk[index - 1] > step:
                    origin.append(position - 1)
                    chars.append(" ")
                origin.append(position)
                chars.append(low[position])
            collapsed = len(origin)
            origin.extend(range(chunk[-1] + 1, tail))
            chars.append(low[chunk[-1] + 1:tail])
            yield "".join(chars), origin, chunk[0] - lead, collapsed
