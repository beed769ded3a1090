"""Scan a memory entry before it reaches an agent's system prompt: injection, exfiltration, persistence, secrets and
hidden characters, each finding with a stable rule id and a span in the original text.

One entry costs one pass to normalise (and find hidden characters), one pass of the combined rule regex over the
normalised text, and one pass looking for spaced-out letters; only entries that have spaced-out letters get a second,
loosened match over those letters collapsed. Secrets are redacted in every reason and evidence string.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from .scan_model import Finding, ScanResult
from .scan_rules import (LOOSE_SOURCES, OVERSIZED, RULES, SCAN_ERROR, SECRET_CHECKS, SOURCES, RuleInfo,
                         confirm_secret)
from .scan_text import SELECTORS, TAGS, HiddenRun, normalise, spaced_windows
from .visible import make_visible

__all__ = ["RULES", "RuleInfo", "scan", "redact", "MAX_SCAN_CHARS", "MAX_FINDINGS_PER_RULE"]

MAX_SCAN_CHARS = 16_000_000
"""Characters scanned per entry; anything longer is scanned up to here and blocked as oversized."""
MAX_FINDINGS_PER_RULE = 100
"""Findings kept per rule and entry; the last one says how many more matched (a flood helps nobody review)."""
_EVIDENCE, _READING = 200, 80
_WS = "\x01"
"""Stands for a run of whitespace inside a literal head."""
_WS_RUN = re.compile(r"\s+")


class _Hit(NamedTuple):
    """A rule match in normalised coordinates, with what the matcher read there."""

    rule: str
    start: int
    end: int
    reading: str


class _Secret(NamedTuple):
    """A confirmed secret: its original span, the value as read, and its redacted form."""

    start: int
    end: int
    value: str
    redacted: str


def redact(value: str) -> str:
    """A secret made safe to show: its first four characters, an ellipsis and its length."""
    return f"{value[:4]}… ({len(value)} chars, redacted)"


def _clip(text: str, limit: int) -> str:
    """Text cut to `limit` characters with an ellipsis, on one line."""
    text = text.replace("\n", "⏎ ").replace("\r", "")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _heads(items: Sequence[Any], limit: int = 16) -> list[tuple[str, bool, bool]]:
    """(literal head, whether it spans all of items, whether a word boundary precedes it) for each way items start.

    Works on the parsed pattern: literals, small classes, groups and alternations extend heads; zero-width assertions
    are skipped; `\\s+` and literal spaces become `_WS`; anything else ends the head.
    """
    heads = [("", True, False)]
    for op, av in items:
        if not any(complete for _, complete, _ in heads):
            break
        name = str(op)
        if name in ("AT", "ASSERT", "ASSERT_NOT"):
            if str(av) == "AT_BOUNDARY":
                heads = [(h, c, b or h == "") for h, c, b in heads]
            continue
        if name == "LITERAL":
            options = [(_WS if chr(av).isspace() else chr(av), True, False)]
        elif name == "IN" and len(av) <= 6 and all(str(kind) == "LITERAL" for kind, _ in av):
            options = [(chr(code), True, False) for _, code in av]
        elif name == "SUBPATTERN":
            options = _heads(av[3].data, limit)
        elif name == "BRANCH":
            options = [head for branch in av[1] for head in _heads(branch.data, limit)]
        elif name == "MAX_REPEAT" and av[0] >= 1 and "CATEGORY_SPACE" in str(av[2].data):
            options = [(_WS, True, False)]
        elif name in ("MAX_REPEAT", "MIN_REPEAT") and av[0] == 0 and av[1] == 1:
            options = _heads(av[2].data, limit) + [("", True, False)]
        else:
            options = []
        grown = []
        for head, complete, bounded in heads:
            if not complete or not options or len(head) >= limit:
                grown.append((head, False, bounded))
                continue
            grown += [(head + more, more_complete, bounded or (head == "" and more_bounded))
                      for more, more_complete, more_bounded in options]
        if len(grown) > 48:  # selective enough; stop extending before the trie balloons
            heads = [(head, False, bounded) for head, _, bounded in grown]
            break
        heads = grown
    return heads


def _trie(heads: Sequence[str]) -> str:
    """A regex alternation of literal heads nested by shared prefix (the heads are prefix-free)."""
    tree: dict[str, Any] = {}
    for head in heads:
        node = tree
        for token in head:
            node = node.setdefault(token, {})

    def emit(node: dict[str, Any]) -> str:
        """The alternation under one trie node."""
        branches = [(r"\s+" if token == _WS else re.escape(token)) + emit(child) for token, child in sorted(node.items())]
        return "" if not branches else branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return emit(tree)


class _Matcher:
    """One table of rules matched in a single pass: a trigger regex finds every place a rule can start (its literal
    heads, as one trie), and only the rules that can start there are tried, each anchored at that place.

    Heads that start with a letter are only looked for after a non-alphanumeric character (or at the very start), so
    the trigger regex begins with one character class and the regex engine skips the letters inside words in C,
    which is most of the text. With `anywhere`, heads are looked for at every position (for collapsed words).
    """

    def __init__(self, sources: Mapping[str, str], anywhere: bool = False) -> None:
        """Compile each rule, and the trigger regex from the literal heads of all of them."""
        try:
            from re import _parser as parser  # type: ignore[attr-defined]
        except ImportError:  # Python 3.10
            import sre_parse as parser  # type: ignore[no-redef]
        self.patterns = {rule: re.compile(source) for rule, source in sources.items()}
        found: dict[str, set[str]] = {}
        for rule, source in sources.items():
            for head, _, _ in _heads(parser.parse(source).data):
                head = head.rstrip(_WS)
                if not head:
                    raise ValueError(f"a branch of rule {rule} starts with no literal text")
                found.setdefault(head, set()).add(rule)
        merged: dict[str, set[str]] = {}
        for head in sorted(found, key=len):
            shorter = next((h for h in merged if head.startswith(h)), None)
            merged.setdefault(shorter or head, set()).update(found[head])
        order = list(sources)
        self.rules_at = {head: tuple(sorted(rules, key=order.index)) for head, rules in merged.items()}
        words = [head for head in merged if head[0].isalnum()]
        marks = sorted({head[0] for head in merged if not head[0].isalnum()})
        rests = {mark: _trie([head[1:] for head in merged if head[0] == mark]) for mark in marks}
        self.anywhere = anywhere
        self.word_at = re.compile(_trie(words))
        self.words = re.compile(f"[^a-z0-9](?=({_trie(words)}))")
        self.marks = re.compile("|".join(re.escape(mark) + rest for mark, rest in rests.items()))
        self.anywhere_trigger = re.compile(_trie(list(merged)))

    def _triggers(self, text: str) -> list[tuple[int, str]]:
        """(position, head) of every place a rule can start, in text order."""
        found: list[tuple[int, str]] = []
        if self.anywhere:
            search, position = self.anywhere_trigger.search, 0
            while (match := search(text, position)) is not None:
                found.append((match.start(), match.group()))
                position = match.start() + 1
            return found
        if text[:1].isalnum() and (head := self.word_at.match(text)) is not None:
            found.append((0, head.group()))
        found += [(match.start(1), match.group(1)) for match in self.words.finditer(text)]
        found += [(match.start(), match.group()) for match in self.marks.finditer(text)]
        found.sort()
        return found

    def hits(self, text: str) -> Iterator[_Hit]:
        """Every rule match in text, overlapping ones included; a rule's match inside its previous one is skipped."""
        last_end: dict[str, int] = {}
        for start, key in self._triggers(text):
            if not key.isprintable() or " " in key:
                key = _WS_RUN.sub(_WS, key)
            for rule in self.rules_at.get(key, ()):
                match = self.patterns[rule].match(text, start)
                if match is not None and match.end() > last_end.get(rule, -1):
                    last_end[rule] = match.end()
                    yield _Hit(rule, start, match.end(), match.group())


_STRICT = _Matcher(SOURCES)
_LOOSE = _Matcher(LOOSE_SOURCES, anywhere=True)


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


def _hidden_finding(raw: str, run: HiddenRun, secrets: list[_Secret], more: int) -> Finding:
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
    if more:
        evidence += f" (+{more} more not listed)"
    return Finding(run.rule, info.family, info.severity, run.start, run.end, _clip(reason, 300),
                   _clip(evidence, 300))


def _scan(text: str) -> list[Finding]:
    """All findings for one text, unsorted."""
    body = text[:MAX_SCAN_CHARS]
    norm = normalise(body, MAX_FINDINGS_PER_RULE)
    secrets: list[_Secret] = []
    findings: list[Finding] = []
    pattern_hits: list[_Hit] = []
    for hit in _STRICT.hits(norm.lower):
        if hit.rule not in SECRET_CHECKS:
            pattern_hits.append(hit)
            continue
        confirmed = confirm_secret(hit.rule, norm.text[hit.start:hit.end])
        if confirmed is not None:
            value, key = confirmed
            start, end = norm.span(hit.start, hit.end)
            secret = _Secret(start, end, value, redact(value))
            secrets.append(secret)
            info = RULES[hit.rule]
            evidence = f"{_clip(key, 40)} = {secret.redacted}" if key else secret.redacted
            findings.append(Finding(hit.rule, info.family, info.severity, start, end, info.description, evidence))
    secrets.sort()
    seen = {(hit.rule, hit.start, hit.end) for hit in pattern_hits}
    for window, origin, first, last in spaced_windows(norm.lower):
        for hit in _LOOSE.hits(window):
            spaced = _Hit(hit.rule, origin[hit.start], origin[hit.end - 1] + 1, hit.reading)
            if hit.end > first and hit.start < last and (spaced.rule, spaced.start, spaced.end) not in seen:
                seen.add((spaced.rule, spaced.start, spaced.end))
                pattern_hits.append(spaced)
    counts: Counter[str] = Counter()
    for hit in pattern_hits:
        counts[hit.rule] += 1
        if counts[hit.rule] > MAX_FINDINGS_PER_RULE:
            continue
        info = RULES[hit.rule]
        start, end = norm.span(hit.start, hit.end)
        reason = info.description
        if hit.reading != body[start:end].lower():
            reason += f"; obfuscated, reads as “{_clip(_sanitise(hit.reading, secrets), _READING)}”"
        findings.append(Finding(hit.rule, info.family, info.severity, start, end, reason,
                                _clip(_excerpt(body, start, end, secrets), 300)))
    for run in norm.hidden:
        findings.append(_hidden_finding(body, run, secrets, 0))
    findings = _note_overflow(findings, counts, norm.hidden_total)
    if len(text) > MAX_SCAN_CHARS:
        info = RULES[OVERSIZED]
        findings.append(Finding(OVERSIZED, info.family, info.severity, MAX_SCAN_CHARS, len(text),
                                f"entry is {len(text):,} characters; only the first {MAX_SCAN_CHARS:,} were scanned"))
    return findings


def _note_overflow(findings: list[Finding], counts: Mapping[str, int], hidden: Mapping[str, int]) -> list[Finding]:
    """Mark the last kept finding of each rule that hit the cap with how many more there were."""
    extra = {rule: n - MAX_FINDINGS_PER_RULE for rule, n in {**counts, **hidden}.items()
             if n > MAX_FINDINGS_PER_RULE}
    if not extra:
        return findings
    last = {f.rule: index for index, f in enumerate(findings)}
    for rule, more in extra.items():
        if rule in last:
            f = findings[last[rule]]
            findings[last[rule]] = Finding(f.rule, f.family, f.severity, f.start, f.end, f.reason,
                                           _clip(f.evidence, 240) + f" (+{more:,} more not listed)")
    return findings


def scan(text: str) -> ScanResult:
    """Every finding in `text`, sorted by position; fails closed (a blocking `scan_error`) rather than raising."""
    try:
        findings = _scan(text)
    except Exception as error:  # noqa: BLE001 - a scanner that raises would let the write through
        info = RULES[SCAN_ERROR]
        findings = [Finding(SCAN_ERROR, info.family, info.severity, 0, len(text),
                            f"{info.description} ({type(error).__name__})")]
    findings.sort(key=lambda f: (f.start, f.end, f.rule))
    return ScanResult(tuple(findings))
