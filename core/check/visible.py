"""Make invisible and control characters visible, so a reviewer always sees what the agent will read."""

from __future__ import annotations

import unicodedata

_ALWAYS_HIDDEN = {
    0x115F, 0x1160, 0x3164, 0xFFA0,  # Hangul fillers: letters that render as nothing
    0x2800,  # braille blank
    0x034F,  # combining grapheme joiner
    0x180E,  # Mongolian vowel separator
}
_ZWJ = 0x200D
_VS16 = 0xFE0F


def is_hidden(char: str) -> bool:
    """Whether a character renders as nothing or controls layout (format, control, odd spaces...)."""
    code = ord(char)
    if char in "\n\t":
        return False
    if code in _ALWAYS_HIDDEN:
        return True
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:  # variation selectors
        return True
    category = unicodedata.category(char)
    if category in {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}:
        return True
    return category == "Zs" and char != " "


def _is_pictograph(char: str) -> bool:
    """Whether a character is an emoji-like symbol, around which ZWJ and VS16 are ordinary."""
    return unicodedata.category(char) == "So" or 0x1F000 <= ord(char) <= 0x1FAFF


def _ordinary_in_context(text: str, index: int) -> bool:
    """ZWJ between two pictographs and VS16 after one are part of an emoji, not smuggling."""
    code = ord(text[index])
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if code == _VS16:
        return bool(before) and _is_pictograph(before)
    if code == _ZWJ:
        left = text[index - 2] if before and ord(before) == _VS16 and index > 1 else before
        return bool(left) and bool(after) and _is_pictograph(left) and _is_pictograph(after)
    return False


def char_label(char: str) -> str:
    """The marker shown in place of a hidden character, such as ⟨U+200B⟩."""
    return f"⟨U+{ord(char):04X}⟩"


def char_name(char: str) -> str:
    """The Unicode name of a character, or its category when it has none."""
    return unicodedata.name(char, f"unnamed {unicodedata.category(char)}")


def visible_segments(text: str) -> list[tuple[str, bool]]:
    """Split text into (segment, was_hidden) runs, hidden characters replaced by their markers."""
    segments: list[tuple[str, bool]] = []
    plain_start = 0
    for index, char in enumerate(text):
        if is_hidden(char) and not _ordinary_in_context(text, index):
            if plain_start < index:
                segments.append((text[plain_start:index], False))
            segments.append((char_label(char), True))
            plain_start = index + 1
    if plain_start < len(text):
        segments.append((text[plain_start:], False))
    return segments


def make_visible(text: str) -> str:
    """The text with every hidden character replaced by its ⟨U+XXXX⟩ marker."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(segment for segment, _ in visible_segments(text))


def hidden_characters(text: str) -> list[tuple[int, str]]:
    """(index, character) of every hidden character that is not part of an ordinary emoji."""
    return [(i, c) for i, c in enumerate(text) if is_hidden(c) and not _ordinary_in_context(text, i)]


TAG_RANGE = range(0xE0000, 0xE0080)
"""Unicode tag characters: invisible copies of ASCII, used to smuggle instructions."""


def describe_hidden(text: str) -> list[str]:
    """One line per kind of hidden character, with counts; tag characters are decoded to what they spell."""
    counts: dict[str, int] = {}
    spelled: list[str] = []
    for _, char in hidden_characters(text):
        code = ord(char)
        if code in TAG_RANGE:
            spelled.append(chr(code - 0xE0000) if 0x20 <= code - 0xE0000 < 0x7F else "?")
            continue
        label = f"U+{code:04X} {char_name(char)}"
        counts[label] = counts.get(label, 0) + 1
    lines = [f"{label} ×{count}" for label, count in sorted(counts.items())]
    if spelled:
        lines.append(f"{len(spelled)} tag characters spelling {''.join(spelled)!r}")
    return lines
