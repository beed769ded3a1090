"""Scan a memory entry before it reaches an agent's system prompt: injection, exfiltration, persistence, secrets and
hidden characters, each finding with a stable rule id and a span in the original text.

One entry costs one pass to normalise (and find hidden characters), one pass of the combined rule regex over the
normalised text, and one pass looking for spaced-out letters; only entries that have spaced-out letters get a second,
loosened match over those letters collapsed. Secrets are redacted in every reason and evidence string.
"""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from typing import NamedTuple

from memrev.core.check.visible import make_visible
from memrev.core.scan.matcher import _Hit, _Matcher
from memrev.core.scan.folding import SELECTORS, TAGS, HiddenRun, Normalised, normalise, spaced_windows
from memrev.core.scan.cues import cue_hits
from memrev.core.scan.prose_model import model_hits, tokens
from memrev.core.scan.evidence import clip, note_overflow
from memrev.core.scan.decoding import decode_runs, decoded_findings, leet_hits, leet_view
from memrev.core.scan.rules_hints import HINT_SOURCES
from memrev.core.scan.model import Finding, ScanResult
from memrev.core.scan.narration import forbidden_dropped, holds_ruled_out, held_when_narrated
from memrev.core.scan.scopes import ScanScope, counts_in_scope, within_scope
from memrev.core.scan.rules import (LOOSE_SOURCES, OVERSIZED, PUBLIC_PREFIXES, READS_LIKE_INJECTION, REDACTED, RULES,
                                    SCAN_ERROR,
                                    SCRIPT_SOURCES, SCRIPTS, SECRET_CHECKS, SECRET_MARKER, SOURCES, RuleInfo,
                                    confirm_secret, masked_assignment, unshadowed)

__all__ = ["RULES", "RuleInfo", "scan", "redact", "find_secrets", "SecretSpan", "MAX_SCAN_CHARS", "MAX_FINDINGS_PER_RULE"]

MAX_SCAN_CHARS = 16_000_000
"""Characters scanned per entry; anything longer is scanned up to here and blocked as oversized."""
MAX_FINDINGS_PER_RULE = 100
"""Findings kept per rule and entry; the last one says how many more matched (a flood helps nobody review)."""
_EVIDENCE, _READING = 200, 80
class SecretSpan(NamedTuple):
    """A confirmed secret in a raw text: where its value is, which rule found it, and the value."""

    start: int
    end: int
    rule: str
    value: str


class _Secret(NamedTuple):
    """A confirmed secret: its original span, the value as read, and its redacted form."""

    start: int
    end: int
    value: str
    redacted: str


def redact(value: str) -> str:
    """A secret made safe to show: its length, and its opening only when every key of its kind shares it."""
    opening = value[:4] if value.startswith(PUBLIC_PREFIXES) else ""
    return f"{opening}… ({len(value)} chars, redacted)"


_STRICT = _Matcher(SOURCES)
_SECRETS_ONLY = _Matcher({rule: check.candidate for rule, check in SECRET_CHECKS.items()})
_SCRIPTS = _Matcher(SCRIPT_SOURCES)  # rules in Chinese, Japanese, Korean, Arabic, Hindi: only for text that has them


@functools.cache
def loose_matcher() -> _Matcher:
    """The loosened rules for spaced-out letters collapsed into one word, built the first time an entry has them (most
    never do, so a process that scans a few entries, such as the agent hook, does not pay for compiling them)."""
    return _Matcher(LOOSE_SOURCES, anywhere=True)


def may_hold_secret(text: str) -> bool:
    """Whether a text may hold a secret, cheaply: plain text where no secret rule matches holds none (anything
    else, such as text with characters normalising could fold, goes to the full scan)."""
    return not text.isascii() or next(_SECRETS_ONLY.hits(text.lower()), None) is not None


def _excerpt(raw: str, start: int, end: int, secrets: list[_Secret]) -> str:
    """The original span made visible and safe: hidden characters named, secrets redacted, long spans elided."""
    if end - start > _EVIDENCE * 2:
        return _excerpt(raw, start, start + _EVIDENCE, secrets) + " … " + _excerpt(raw, end - 60, end, secrets)
    parts, position = [], start
    for secret in secrets:
        if secret.end <= position or secret.start >= end:
            continue
        if secret.start > position:
            parts.append(make_visible(raw[position:secret.start]))
        parts.append(f"[{secret.redacted}]")
        position = max(position, secret.end)
    if position < end:
        parts.append(make_visible(raw[position:end]))
    return "".join(parts)


def _sanitise(text: str, secrets: list[_Secret]) -> str:
    """Text with every confirmed secret value replaced by its redacted form."""
    for secret in secrets:
        if secret.value in text or secret.value.lower() in text:
            text = text.replace(secret.value, secret.redacted).replace(secret.value.lower(), secret.redacted)
    return text


def _hidden_finding(raw: str, run: HiddenRun, secrets: list[_Secret]) -> Finding:
    """One finding for a run of hidden characters, named by code point; smuggled text decoded into the evidence."""
    info = RULES[run.rule]
    count = run.end - run.start
    if run.rule == TAGS:
        reason = f"{count} invisible Unicode tag characters hiding text the model reads"
        evidence = f"spells {_sanitise(run.decoded, secrets)!r}" if run.decoded else run.labels()
    elif run.rule == SELECTORS:
        printable = sum(c.isprintable() for c in run.decoded)
        reason = f"{count} variation selector{'s' if count > 1 else ''} out of place (can carry hidden bytes)"
        evidence = f"decodes to {_sanitise(run.decoded, secrets)!r}" if count > 1 and printable * 2 >= count \
            else run.labels()
    else:
        reason = f"invisible unicode character{'s' if count > 1 else ''} {run.labels()}"
        evidence = _excerpt(raw, max(0, run.start - 24), min(len(raw), run.end + 24), secrets)
    return Finding(run.rule, info.family, info.severity, run.start, run.end, clip(reason, 300),
                   clip(evidence, 300))


def _spaced_hits(norm: Normalised, known: list[_Hit]) -> list[_Hit]:
    """Loose matches over spaced-out text collapsed into words, in normalised coordinates, not already in `known`."""
    found: list[_Hit] = []
    seen: set[tuple[str, int, int]] | None = None
    for window, origin, first, last in spaced_windows(norm.lower):
        seen = seen if seen is not None else {(hit.rule, hit.start, hit.end) for hit in known}
        for hit in loose_matcher().hits(window):
            spaced = _Hit(hit.rule, origin[hit.start], origin[hit.end - 1] + 1, hit.reading)
            if hit.end > first and hit.start < last and (spaced.rule, spaced.start, spaced.end) not in seen:
                seen.add((spaced.rule, spaced.start, spaced.end))
                found.append(spaced)
    return found


def _cue_findings(body: str, norm: Normalised, secrets: list[_Secret], families: set[str],
                  weigh_prose: bool = True) -> list[Finding]:
    """Holds for sentences that say an attack in other words (by a cue rule, else by the prose model unless
    `weigh_prose` is off), unless a pattern rule already stopped an injection here (one reason to look is enough)."""
    if "injection" in families:
        return []
    found = []
    words = tokens(norm.lower)
    word_set = frozenset(words)
    for hit in cue_hits(norm.lower, word_set)[:MAX_FINDINGS_PER_RULE]:
        start, end = norm.span(hit.start, hit.end)
        found.append(Finding(hit.rule.id, hit.rule.family, RULES[hit.rule.id].severity, start, end, hit.rule.reason,
                             clip(_excerpt(body, start, end, secrets), 300)))
    if found or not weigh_prose:
        return found
    info = RULES[READS_LIKE_INJECTION]
    for model_hit in model_hits(norm.lower, words=words, word_set=word_set)[:MAX_FINDINGS_PER_RULE]:
        start, end = norm.span(model_hit.start, model_hit.end)
        weighed = ", ".join(f"“{word}”" for word in model_hit.words)
        found.append(Finding(READS_LIKE_INJECTION, info.family, info.severity, start, end,
                             clip(f"{info.description}: score {model_hit.score:.1f}, held from {model_hit.threshold:.1f}; "
                                  f"weighed most by {weighed}", 300),
                             clip(_excerpt(body, start, end, secrets), 300)))
    return found


def _unaccented(text: str) -> str:
    """The text without its accents (`bỏ qua các hướng dẫn` reads `bo qua cac huong dan`): how the matcher reads a
    language's ordinary spelling, which is no obfuscation (fullwidth or look-alike letters stay as they are)."""
    return "".join(char for char in unicodedata.normalize("NFD", text) if not unicodedata.combining(char))


def _pattern_findings(body: str, norm: Normalised, hits: list[_Hit], secrets: list[_Secret],
                      counts: dict[str, int]) -> list[Finding]:
    """Findings for pattern rule hits (strict, spaced-out and leetspeak), each rule's counted in `counts` and kept
    up to MAX_FINDINGS_PER_RULE; a secret's shape where a secret was confirmed is left out."""
    findings: list[Finding] = []
    for hit in hits:
        counts[hit.rule] = counts.get(hit.rule, 0) + 1
        if counts[hit.rule] > MAX_FINDINGS_PER_RULE:
            continue
        info = RULES[hit.rule]
        start, end = norm.span(hit.start, hit.end)
        reason = info.description
        if hit.reading != body[start:end].lower() and hit.reading != _unaccented(body[start:end].lower()):
            reason += f"; obfuscated, reads as “{clip(_sanitise(hit.reading, secrets), _READING)}”"
        if info.family == "secret" and any(s.start < end and start < s.end for s in secrets):
            continue  # a secret's shape where a secret was confirmed
        evidence = make_visible(masked_assignment(body, start, end, redact)) if info.family == "secret" else \
            _excerpt(body, start, end, secrets)
        findings.append(Finding(hit.rule, info.family, info.severity, start, end, reason, clip(evidence, 300)))
    return findings


def _scan(text: str, depth: int = 0, weigh_prose: bool = True, cues: bool = True) -> list[Finding]:
    """All findings for one text, unsorted; each rule keeps its first MAX_FINDINGS_PER_RULE findings. Text hidden
    as base64, hex, ROT13, reversed text or leetspeak is decoded and scanned too (`depth` levels deep at most).
    Without `weigh_prose` the prose model does not read the text itself (its hold would not count), only what is
    decoded from it (which can make a finding that does); without `cues` neither it nor the cue rules run (what the
    pattern rules cost alone, for the bench)."""
    body = text[:MAX_SCAN_CHARS]
    norm = normalise(body, MAX_FINDINGS_PER_RULE)
    secrets: list[_Secret] = []
    findings: list[Finding] = []
    hits: list[_Hit] = []
    hints: list[_Hit] = []
    counts: dict[str, int] = {}
    for hit in _STRICT.hit_list(norm.lower):
        if hit.rule in HINT_SOURCES:
            hints.append(hit)
        elif hit.rule not in SECRET_CHECKS:
            hits.append(hit)
        elif (confirmed := confirm_secret(hit.rule, norm.text[hit.start:hit.end])) is not None:
            value, key = confirmed
            start, end = norm.span(hit.start, hit.end)
            secrets.append(_Secret(start, end, value, redact(value)))
            counts[hit.rule] = counts.get(hit.rule, 0) + 1
            if counts[hit.rule] <= MAX_FINDINGS_PER_RULE:
                info = RULES[hit.rule]
                evidence = f"{clip(key, 40)} = {redact(value)}" if key else redact(value)
                findings.append(Finding(hit.rule, info.family, info.severity, start, end, info.description, evidence))
    if not body.isascii() and SCRIPTS.search(body):
        hits += _SCRIPTS.hit_list(norm.lower)
    secrets.sort()
    leet_text = None if depth else leet_view(norm.lower)
    leet = leet_hits(leet_text, _STRICT.hits, hits, LOOSE_SOURCES)  # LOOSE: the pattern rules
    if pattern_hits := hits + _spaced_hits(norm, hits) + leet:
        findings += _pattern_findings(body, norm, pattern_hits, secrets, counts)
    if cues:
        findings += _cue_findings(body, norm, secrets, {f.family for f in findings}, weigh_prose)
    if cues and leet_text is not None and not any(f.family == "injection" for f in findings):  # cues in leetspeak
        findings += [dataclasses.replace(f, reason=f"{f.reason}; written in leetspeak") for f in _cue_findings(
            body, dataclasses.replace(norm, lower=leet_text), secrets, set(), weigh_prose)]
    if findings:
        findings = unshadowed(findings)
    if norm.hidden:
        findings += [_hidden_finding(body, run, secrets) for run in norm.hidden]
    if depth < 2 and (runs := decode_runs(norm.text, norm.lower, hints)):
        findings += decoded_findings(runs, lambda decoded: _scan(decoded, depth + 1, cues=cues), norm.span,
                                     lambda decoded: make_visible(_sanitise(decoded, secrets)), norm.lower)
    if "⟦secret: " in body:
        info = RULES[REDACTED]
        findings += [Finding(REDACTED, info.family, info.severity, m.start(), m.end(),
                             f"{info.description} ({m['kind']}, {m['length']} chars)", m.group())
                     for m in SECRET_MARKER.finditer(body)][:MAX_FINDINGS_PER_RULE]
    if counts or norm.hidden_total:  # nothing counted, nothing to note
        findings = note_overflow(findings, {**counts, **norm.hidden_total}, MAX_FINDINGS_PER_RULE)
    if len(text) > MAX_SCAN_CHARS:
        info = RULES[OVERSIZED]
        findings.append(Finding(OVERSIZED, info.family, info.severity, MAX_SCAN_CHARS, len(text),
                                f"entry is {len(text):,} characters; only the first {MAX_SCAN_CHARS:,} were scanned"))
    return findings


def find_secrets(text: str) -> list[SecretSpan]:
    """Every secret the scanner confirms in a text, each as the span of its value in the raw text (the whole matched
    span when normalising moved the value, so an obfuscated secret is covered too)."""
    body = text[:MAX_SCAN_CHARS]
    norm = normalise(body, MAX_FINDINGS_PER_RULE)
    found: list[SecretSpan] = []
    for hit in _STRICT.hits(norm.lower):
        if hit.rule in SECRET_CHECKS and (confirmed := confirm_secret(hit.rule, norm.text[hit.start:hit.end])):
            value = confirmed[0]
            start, end = norm.span(hit.start, hit.end)
            at = body.find(value, start, end)
            found.append(SecretSpan(at, at + len(value), hit.rule, value) if at >= 0
                         else SecretSpan(start, end, hit.rule, body[start:end]))
    return found


def scan(text: str, scope: ScanScope = ScanScope.MEMORY) -> ScanResult:
    """Every finding in `text` that counts in `scope`, sorted by position; fails closed (a blocking `scan_error`)
    rather than raising."""
    try:
        found = _scan(text, weigh_prose=counts_in_scope(READS_LIKE_INJECTION, scope))
        if not found:
            return ScanResult(())  # most texts: nothing to filter or sort
        findings = holds_ruled_out(list(within_scope(found, scope)), text)
        if scope is ScanScope.INSTRUCTIONS:  # a kept file's rule against an attack names the attack
            findings = forbidden_dropped(findings, text)
        findings = held_when_narrated(findings, text)
    except Exception as error:  # noqa: BLE001 - a scanner that raises would let the write through
        info = RULES[SCAN_ERROR]
        findings = [Finding(SCAN_ERROR, info.family, info.severity, 0, len(text),
                            f"{info.description} ({type(error).__name__})")]
    findings.sort(key=lambda f: (f.start, f.end, f.rule))
    return ScanResult(tuple(findings))
