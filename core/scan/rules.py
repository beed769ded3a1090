"""The scanner's rule table: every rule id with its family, severity and description, and the patterns behind them.

The patterns live by family in `rules_injection`, `rules_exfil` (exfiltration and remote code), `rules_persistence`,
`rules_downgrade` (safety downgrades worded as preferences), `rules_lang` (other languages, added to the English rule
of the same id) and `rules_secrets`. Patterns are written in lowercase for the lowercased, normalised text; the
scanner derives one trigger regex from their literal heads, so an entry is matched in one pass however many rules
there are. Every repetition is bounded or runs over a class disjoint from what follows it, and long windows stop at
the rule's own start word (`gap`, `free`), so matching stays linear on any input.

Severities: `block` for forms real instruction files never use (known attack phrasings, secrets, hidden payloads,
code fetched or decoded and run, secrets sent to another host), `hold` for what is suspicious but often innocent, so a
person decides. Every rule whose id starts with `possible_` is a hold that covers at least what Hermes Agent's scanner
stops under the same name (`tools/threat_patterns.py`, all scopes), so nothing Hermes stops passes here.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping, NamedTuple

from memrev.core.scan.cues import CUE_RULES
from memrev.core.scan.model import Finding, Severity
from memrev.core.scan.rules_base import BLOCK, HOLD, WARN, Rule
from memrev.core.scan.rules_code import CODE_RULES
from memrev.core.scan.rules_downgrade import DOWNGRADE_RULES
from memrev.core.scan.rules_hints import HINT_SOURCES
from memrev.core.scan.rules_exfil import EXECUTION_RULES, EXFIL_RULES
from memrev.core.scan.rules_injection import INJECTION_RULES
from memrev.core.scan.rules_lang import SCRIPTS, language_sources
from memrev.core.scan.rules_persistence import PERSISTENCE_RULES
from memrev.core.scan.rules_secrets import (PUBLIC_PREFIXES, SECRET_CHECKS, SECRET_SHAPE_RULES, SecretCheck,
                                            confirm_secret, entropy, masked_assignment)

__all__ = ["RuleInfo", "RULES", "SOURCES", "SCRIPT_SOURCES", "SCRIPTS", "LOOSE_SOURCES", "PATTERN_RULES",
           "SECRET_CHECKS", "SecretCheck",
           "confirm_secret", "entropy", "PUBLIC_PREFIXES", "SECRET_MARKER", "SCAN_ERROR", "OVERSIZED", "REDACTED",
           "DECODED", "INVISIBLE_RULES", "unshadowed", "masked_assignment"]


class RuleInfo(NamedTuple):
    """What a rule id means: its family, how bad a match is, and one line for the docs and the audit screen."""

    family: str
    severity: Severity
    description: str


_SPACED_LANGUAGES, _SCRIPT_LANGUAGES = language_sources()


def _with_languages(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules with their patterns in other languages written with spaces added as further alternatives."""
    extra = _SPACED_LANGUAGES
    return tuple(rule._replace(pattern=f"{rule.pattern}|{extra[rule.id]}") if rule.id in extra else rule
                 for rule in rules)


PATTERN_RULES: tuple[Rule, ...] = _with_languages(
    INJECTION_RULES + DOWNGRADE_RULES + EXFIL_RULES + EXECUTION_RULES + CODE_RULES + PERSISTENCE_RULES
    + SECRET_SHAPE_RULES)
"""Every pattern rule (id, family, severity, description, lowercase pattern)."""

INVISIBLE_RULES: tuple[tuple[str, Severity, str], ...] = (
    ("invisible_zero_width", BLOCK, "zero-width characters that hide or split words"),
    ("invisible_joiner", WARN, "a zero-width joiner or non-joiner inside an emoji, a word of a joining script or "
                               "between Thai-like letters: ordinary there (Hermes Agent would reject the write)"),
    ("invisible_bidi", BLOCK, "bidirectional controls that reorder what the reader sees"),
    ("invisible_bidi_mark", WARN, "direction marks beside right-to-left text (usually typography)"),
    ("invisible_tag_characters", BLOCK, "Unicode tag characters: invisible text the model still reads"),
    ("invisible_variation_selectors", BLOCK, "variation selectors used to smuggle hidden data"),
    ("invisible_soft_hyphen", WARN, "soft hyphens (invisible; often pasted from web pages)"),
    ("invisible_soft_hyphen_split", HOLD, "soft hyphens splitting a word letter by letter (hides the word)"),
    ("invisible_soft_hyphen_run", BLOCK, "a run of soft hyphens: no typography uses them, they hide text"),
    ("invisible_hangul_filler", BLOCK, "Hangul filler characters that render as blank letters"),
    ("invisible_control", BLOCK, "control characters (terminal escapes, NUL, backspace...)"),
    ("invisible_private_use", WARN, "private-use characters (icon fonts; meaning unknown to the model)"),
    ("invisible_format", BLOCK, "other invisible format characters or lone surrogates"),
    ("invisible_bom", HOLD, "a byte-order mark at the very start (an encoding artefact, but invisible: strip it)"),
)

SCAN_ERROR, OVERSIZED, REDACTED, DECODED = "scan_error", "oversized_entry", "secret_redacted", "encoded_text"
READS_LIKE_INJECTION = "reads_like_injection"
"""The prose model's hold: no cue rule met, but the sentence's words weigh like an injected instruction's."""
SECRET_MARKER = re.compile(r"⟦secret: (?P<kind>[a-z0-9-]{1,40}), (?P<length>\d{1,6}) chars, #(?P<tag>[0-9a-f]{4})⟧")
"""A secret memrev redacted, as it stores and writes it (`⟦secret: aws-access-key, 20 chars, #a1b2⟧`)."""
RULES: Mapping[str, RuleInfo] = MappingProxyType({
    **{rule.id: RuleInfo(rule.family, rule.severity, rule.description) for rule in PATTERN_RULES},
    **{rule: RuleInfo("secret", BLOCK, f"contains {check.description}") for rule, check in SECRET_CHECKS.items()},
    **{rule: RuleInfo("invisible", severity, description) for rule, severity, description in INVISIBLE_RULES},
    **{rule.id: RuleInfo(rule.family, HOLD, rule.reason) for rule in CUE_RULES},
    OVERSIZED: RuleInfo("injection", BLOCK, "entry too large to scan completely"),
    REDACTED: RuleInfo("secret", BLOCK, "held a secret, which memrev redacted before storing it"),
    SCAN_ERROR: RuleInfo("injection", BLOCK, "the scanner failed on this text, so it is blocked to be safe"),
    READS_LIKE_INJECTION: RuleInfo("injection", HOLD, "a sentence (or two in a row) whose words weigh like an "
                                                      "instruction injected into memory (the prose model)"),
    DECODED: RuleInfo("injection", HOLD, "encoded text (base64, base32, hex or Morse code) that decodes to readable "
                                         "instructions"),
})
"""Every rule id the scanner can report, with its family, severity and one-line description."""

SOURCES: Mapping[str, str] = MappingProxyType({**{rule.id: rule.pattern for rule in PATTERN_RULES},
                                               **{rule: c.candidate for rule, c in SECRET_CHECKS.items()},
                                               **HINT_SOURCES})
"""Every rule's lowercase pattern, matched on the normalised text, and the decoding hints (`rules_hints`; their ids
are not in RULES: a hit tells the scanner what to decode, it is not a finding)."""
SCRIPT_SOURCES: Mapping[str, str] = MappingProxyType(dict(_SCRIPT_LANGUAGES))
"""Further patterns of some rules in Chinese, Japanese, Korean, Arabic, Persian and Hindi, matched only on text that
has those letters (`SCRIPTS`), so text without them never pays for heads that can start inside a run of letters."""


def unshadowed(findings: list[Finding]) -> list[Finding]:
    """The findings less each `possible_X` hold that overlaps a finding of `X` itself (the confident form says it)."""
    return [f for f in findings if not f.rule.startswith("possible_") or not any(
        g.rule == f.rule[9:] and g.start < f.end and f.start < g.end for g in findings)]


def _loosen(source: str) -> str:
    """A pattern for spaced-out letters collapsed into words: word gaps optional, no word boundaries; the whitespace
    after a filler word (`\\S+\\s+`, `\\w+\\s+`) stays required, so a filler still reads one word at a time."""
    return source.replace("+\\s+", "+\x00").replace("\\s+", "\\s*").replace("\x00", "+\\s+").replace("\\b", "")


LOOSE_SOURCES: Mapping[str, str] = MappingProxyType({rule.id: _loosen(rule.pattern) for rule in PATTERN_RULES})
"""The pattern rules loosened for spaced-out letters collapsed into words."""
