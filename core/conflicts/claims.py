"""Claims a memory entry makes (versions, package managers, test commands, yes/no rules, dates), so conflicts can be found by subject."""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Mapping, Sequence

from memrev.core.check.facts import JS_MANAGERS
from memrev.core.check.references import Reference, extract_references
from memrev.core.check.version_spec import compare
from memrev.core.model import Entry

RULE, DATE, EXACT = "rule", "date", "exact"
"""Claim kinds: rules and dates are matched by phrase words; every other claim by its exact subject."""
DO = "do"
"""The value of every rule claim; its polarity says whether the rule allows (True) or forbids (False) it."""
CACHE_SIZE, MAX_SUBSET_WORDS = 50_000, 7
"""Texts (and words) whose claims (stems) are remembered; phrases over 7 words match only exactly (2**7 subsets)."""


@dataclass(frozen=True)
class Claim:
    """One thing an entry asserts: a subject with a value and a yes/no polarity, and where it says so."""

    subject: str
    value: str
    polarity: bool
    entry_id: str
    start: int
    end: int
    kind: str = EXACT
    """`exact` (versions, package managers, commands), `rule` or `date`."""
    key: frozenset[str] = frozenset()
    """For a rule or a date: the stemmed content words of its phrase, matched by subset."""

    @property
    def match_key(self) -> str | frozenset[str]:
        """What claims are indexed by: the subject for exact claims, the phrase words otherwise."""
        return self.subject if self.kind == EXACT else self.key


@dataclass(frozen=True)
class Stance:
    """What one entry says on one subject: the values it asserts and the values it denies."""

    asserted: frozenset[str]
    denied: frozenset[str]

    def display(self) -> str:
        """A short label such as `uv` or `uv, not pip`."""
        parts = sorted(self.asserted) + [f"not {value}" for value in sorted(self.denied)]
        return ", ".join(parts)


# -- text scanning --------------------------------------------------------------------------------

_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n\s*")
_CLAUSE_BREAK = re.compile(r";|:\s|\s[—–-]\s|\s\(|\)(?=[\s.,;:!?]|$)|,\s*(?:but|and|so|because)\s")
_VERSION_HINT = re.compile(r"\d\.\d|[=~]=|@\d")
_TOOL_WORD = re.compile(r"\b(?:python|node|uv|poetry|pnpm|npm|yarn|pip|pipenv|pdm|bun|conda)\b")
"""Cheap tests, on the lower-cased sentence, that a version or package-manager reference may be in it."""
_HINT_AT = re.compile(r"\d\.\d|[=~]=|@\d|(?i:\b(?:python|node|uv|poetry|pnpm|npm|yarn|pip|pipenv|pdm|bun|conda)\b)")
_RIGHT = re.compile(r"\S*(?:\s+\S+){0,2}")
_RULE_HINT = re.compile(r"\b(?:always|never|do not|don't|must|should|shouldn't|avoids?|prefers?|no|fine|ok|okay|allowed|"
                        r"acceptable|safe|permitted|encouraged|forbidden|banned|prohibited|discouraged)\b")
"""Words a rule needs, searched in the lower-cased sentence (a case-insensitive search is several times slower)."""
_MODAL = re.compile(r"(?i)\b(?P<m>always|never|do not|don't|must not|mustn't|must|should not|shouldn't|should|"
                    r"avoid|avoids|prefer|prefers)\s+(?P<rest>\S.*)")
_LEADING_NO = re.compile(r"(?i)^\s*no\s+(?P<rest>\S.*)")
_VERDICT = re.compile(r"(?i)^(?P<rest>.+?)\s+(?:is|are)\s+(?P<neg>not\s+)?(?P<adj>fine|ok|okay|allowed|acceptable|safe|"
                      r"permitted|encouraged|forbidden|banned|prohibited|discouraged)\b")
_NEGATIVE_WORDS = frozenset({"never", "do not", "don't", "must not", "mustn't", "should not", "shouldn't", "avoid",
                             "avoids", "forbidden", "banned", "prohibited", "discouraged"})
_PHRASE_END = re.compile(r"(?i),|\s(?:because|since|so that|unless|until|when|while|but|if|otherwise|instead of|"
                         r"rather than|as long as)\s")
_PREFER_END = re.compile(r"(?i)\s(?:over|to|than)\s")
_NEGATED_BEFORE = re.compile(
    r"(?i)(?:\bnot|\bnever|\bno|\bwithout|instead of|rather than|\bavoid|\bno longer(?:\s+uses?)?|"
    r"(?:upgrad|migrat|mov|switch|chang)\w*\s+(?:\w+\s+)?from)\s+(?:use\s+|using\s+|the\s+)?"
    r"(?:[\w`.-]+,?\s+(?:or|nor|and)\s+)?`?$")
_TEST_FRAME = re.compile(r"(?i)\b(?:run|running|runs|execute|use|using)\b[^.;]*\b(?:tests?|test suite|suite|specs?)\b"
                         r"|\b(?:tests?|test suite|suite)\b[^.;]*\b(?:run|runs|ran|with)\b")
_CODE_SPAN = re.compile(r"`([^`\n]{1,200})`")
_TEST_TOOLS = frozenset("pytest jest vitest mocha tox nox make just npm pnpm yarn bun go cargo uv poetry pdm hatch "
                        "python python3 mvn gradle dotnet mix rake bundle deno".split())
_MANAGER_NAMES = frozenset("uv poetry pnpm npm yarn pip pipenv pdm bun conda".split())
_TASK_RUNNERS = frozenset("make just npm pnpm yarn bun go cargo mvn gradle dotnet mix rake deno".split())
_RUNNER_PREFIX = re.compile(r"^(?:(?:uv|poetry|pdm|hatch|pipenv)\s+run\s+|python3?\s+-m\s+|npx\s+|bunx\s+)")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE = re.compile(rf"(?i)\b(?P<iso>(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))\b|\b(?P<md>{_MON}\s+[0-3]?\d"
                   rf"(?:st|nd|rd|th)?|[0-3]?\d(?:st|nd|rd|th)?\s+{_MON})\b(?:,?\s+(?:19|20)\d\d\b)?"
                   r"|\b(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b")
_DATE_HINT = re.compile(rf"\d\d-\d\d|{_MON}\s+\d|\d\s+{_MON}")
"""A calendar date may be here (searched in a lower-cased sentence holding a digit; weekdays are found by `day`)."""
_NEGATION_HINTS = ("no", "never", "without", "instead", "rather", "avoid", "from")
_WORD = re.compile(r"[A-Za-z0-9_][\w./+#-]*")
_STOPWORDS = frozenset("""
a an the and or nor of to in on at by for from with into onto over under as is are was were be been being it its this
that these those there here any all some every each your our my their his her you we i they he she them us me also just
only even still then than very really too please ever again after before during while when do does did done doing can
could would will shall may might must should not no never always avoid avoids prefer prefers fine ok okay allowed
acceptable safe permitted encouraged forbidden banned prohibited discouraged use using uses used have has had get
""".split())


def _pieces(text: str, breaks: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    """The non-empty pieces of a text between matches of `breaks` (sentences, clauses), each with its offset."""
    start = 0
    for brk in breaks.finditer(text):
        if brk.start() > start:
            yield start, text[start:brk.start()]
        start = brk.end()
    if start < len(text):
        yield start, text[start:]


@functools.lru_cache(maxsize=CACHE_SIZE)
def stem(word: str) -> str:
    """A crude, consistent stem (deploys, deploying, deployed -> deploy) so phrase words of two entries line up."""
    head, dash, word = word.rpartition("-")
    if head and word.isalpha():
        return f"{head}-{stem(word)}"
    if not word.isalpha() or len(word) <= 3:
        return head + dash + word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def phrase_words(phrase: str) -> list[str]:
    """The content words of a phrase, lower-cased, without stopwords, in order."""
    words = (w.lower().strip(".-/`") for w in _WORD.findall(phrase.replace("`", " ")))
    return [w for w in words if w and w not in _STOPWORDS]


def _normal(phrase: str) -> str:
    """A phrase as a subject: lower case, single spaces, no backticks or end punctuation."""
    return " ".join(phrase.replace("`", "").lower().split()).strip(" .,;:!?\"'")


# -- extraction -----------------------------------------------------------------------------------


def extract_claims(entry: Entry) -> list[Claim]:
    """Every claim in an entry's text, in text order (versions, package managers, test commands, rules, dates)."""
    return list(_claims_of(entry.id, entry.text))


def clear_claim_cache() -> None:
    """Forget every remembered extraction and stem (a benchmark measures a cold run)."""
    _claims_of.cache_clear()
    stem.cache_clear()


@functools.lru_cache(maxsize=CACHE_SIZE)
def _claims_of(entry_id: str, text: str) -> tuple[Claim, ...]:
    """The claims of one text, remembered by id and text: a reviewer's repeated look-ups re-read nothing."""
    text = text.replace("\u2019", "'")
    claims: list[Claim] = []
    for offset, sentence in _pieces(text, _SENTENCE_BREAK):
        lowered = sentence.lower()
        if _VERSION_HINT.search(sentence) or _TOOL_WORD.search(lowered):
            claims.extend(_reference_claims(entry_id, sentence, offset))
        if ("test" in lowered or "spec" in lowered) and "`" in sentence:
            claims.extend(_test_command_claims(entry_id, sentence, offset))
        rule_hint = _RULE_HINT.search(lowered) is not None
        date_hint = "day" in lowered or any(c.isdigit() for c in sentence) and _DATE_HINT.search(lowered) is not None
        if not rule_hint and not date_hint:
            continue
        for at, clause in _pieces(sentence, _CLAUSE_BREAK):
            rule = _rule_claim(entry_id, clause, offset + at) if rule_hint else None
            if rule is not None:
                claims.append(rule)
            elif date_hint:
                claims.extend(_date_claims(entry_id, clause, offset + at))
    return tuple(sorted(claims, key=lambda claim: (claim.start, claim.end, claim.subject)))


def reference_subject(value: str) -> list[tuple[str, str]]:
    """The (subject, value) pairs a normalised reference value stands for: `python:3.10` -> python-version 3.10."""
    kind, _, rest = value.partition(":")
    if kind in ("python", "node"):
        return [(f"{kind}-version", rest)]
    name, _, version = rest.partition(":")
    pairs = [(_manager_subject(name), name)] if kind == "package-manager" else []
    return pairs + [(f"{name}-version", version)] if kind in ("package", "package-manager") and version else pairs


def _manager_subject(name: str) -> str:
    """The package-manager subject of the tool's ecosystem (a JS and a Python manager never disagree)."""
    return "node-package-manager" if name in JS_MANAGERS else "python-package-manager"


def _negated(sentence: str, start: int) -> bool:
    """Whether the words just before `start` deny what follows (`not pip`, `instead of pip`, `migrated from pip`)."""
    window = sentence[max(0, start - 40):start]
    return any(hint in window.lower() for hint in _NEGATION_HINTS) and _NEGATED_BEFORE.search(window) is not None


def _windows(sentence: str) -> list[tuple[int, int]]:
    """Stretches around each version or tool word (two words either side, whole code spans), merged: references
    are read from these only, since the scanner costs time per character and a version never reaches further."""
    codes = [m.span() for m in _CODE_SPAN.finditer(sentence)]
    spans: list[tuple[int, int]] = []
    for hit in _HINT_AT.finditer(sentence):
        start = _left_edge(sentence, hit.start())
        end = _RIGHT.match(sentence, hit.end()).end()  # type: ignore[union-attr]
        for code_start, code_end in codes:
            if code_start < end and code_end > start:
                start, end = min(start, code_start), max(end, code_end)
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    return spans


def _left_edge(sentence: str, at: int) -> int:
    """The start of the word holding position `at`, moved back over two more words."""
    start = at
    for step in range(3):
        while step and start > 0 and sentence[start - 1].isspace():
            start -= 1
        while start > 0 and not sentence[start - 1].isspace():
            start -= 1
    return start


def _reference_claims(entry_id: str, sentence: str, offset: int) -> Iterator[Claim]:
    """Version and package-manager claims from the references of one sentence."""
    refs: dict[int, Reference] = {}
    for start, end in _windows(sentence):
        for ref in extract_references(sentence[start:end]):
            refs.setdefault(ref.start + start, replace(ref, start=ref.start + start, end=ref.end + start))
    for ref in refs.values():
        tool = ref.text.split()[0]
        pairs = reference_subject(ref.value) if ref.kind == "version" else [(_manager_subject(tool), tool)] \
            if ref.kind == "command" and tool in _MANAGER_NAMES else []
        for subject, value in pairs:
            yield Claim(subject, value, not _negated(sentence, ref.start), entry_id, offset + ref.start, offset + ref.end)


def normal_command(command: str) -> str:
    """A test command reduced to what identifies it: `uv run pytest -q` -> `pytest`, `npm run test:unit` stays."""
    words = _RUNNER_PREFIX.sub("", " ".join(command.split())).split()
    if len(words) > 1 and words[0] in _TASK_RUNNERS and not words[1].startswith("-"):
        return " ".join(words[:3] if words[1] == "run" else words[:2])
    return words[0] if words else ""


def _test_command_claims(entry_id: str, sentence: str, offset: int) -> Iterator[Claim]:
    """The command a sentence says the tests run with (`Run the test suite with `make test``)."""
    if not _TEST_FRAME.search(sentence):
        return
    for span in _CODE_SPAN.finditer(sentence):
        first = (span.group(1).split() or [""])[0]
        if first in _TEST_TOOLS or first.startswith(("./", "bin/", "scripts/")):
            yield Claim("test-command", normal_command(span.group(1)), not _negated(sentence, span.start()), entry_id,
                        offset + span.start(1), offset + span.end(1))
            return


def _rule_claim(entry_id: str, clause: str, offset: int) -> Claim | None:
    """A yes/no rule (`never X`, `always X`, `X is fine`) in one clause, or None."""
    match = _MODAL.search(clause) or _LEADING_NO.match(clause)
    if match is not None:
        modal = (match.groupdict().get("m") or "no").lower()
        polarity = modal not in _NEGATIVE_WORDS and modal != "no"
        rest = match.group("rest")
        cut = _PHRASE_END.search(rest)
        phrase = rest[:cut.start()] if cut else rest
        if modal.startswith("prefer"):
            over = _PREFER_END.search(phrase)
            phrase = phrase[:over.start()] if over else phrase
        start = match.start()
        end = match.start("rest") + len(phrase)
    else:
        match = _VERDICT.match(clause.strip())
        if match is None:
            return None
        lead = len(clause) - len(clause.lstrip())
        adj = match.group("adj").lower()
        polarity = (adj not in _NEGATIVE_WORDS) != bool(match.group("neg"))
        phrase = match.group("rest")
        start, end = lead, lead + match.end()
    key = frozenset(stem(word) for word in phrase_words(phrase))
    if not key:
        return None
    return Claim(_normal(phrase), DO, polarity, entry_id, offset + start, offset + end, RULE, key)


def _date_value(match: re.Match[str]) -> str:
    """A date as ISO text (`2026-03-01`, or `--03-01` without a year) or a lower-case weekday."""
    if match.group("iso") or match.group("day"):
        return (match.group("iso") or match.group("day")).lower()
    numbers = re.findall(r"\d+", match.group(0))
    year = next((n for n in numbers if len(n) == 4), "-")
    month = _MONTHS.index(re.findall(r"[a-z]{3}", match.group("md").lower())[0]) + 1
    return f"{year}-{month:02d}-{int(numbers[0]):02d}"


def _day_ok(match: re.Match[str]) -> bool:
    """Whether a matched calendar date's day of month is 1 to 31 (a weekday or an ISO date always is)."""
    return not match.group("md") or 1 <= int(re.findall(r"\d+", match.group("md"))[0]) <= 31


def _date_claims(entry_id: str, clause: str, offset: int) -> Iterator[Claim]:
    """One claim per date in a clause, keyed by the clause's other words (`the release freeze starts`)."""
    found = [m for m in _DATE.finditer(clause) if _day_ok(m)]
    words = phrase_words(_DATE.sub(" ", clause)) if found else []
    key = frozenset(stem(word) for word in words)
    for match in found if len(key) >= 2 else ():
        yield Claim(" ".join(words), _date_value(match), True, entry_id, offset + match.start(), offset + match.end(),
                    DATE, key)


# -- comparing ------------------------------------------------------------------------------------


def values_agree(subject: str, kind: str, left: str, right: str) -> bool:
    """Whether two values of one subject can both hold (3.13 and >=3.12 can; 3.10 and 3.12 cannot; a weekday and a
    date, or a date with and without its year, can)."""
    if left == right or kind == DATE and left[:1].isalpha() != right[:1].isalpha():
        return True
    if kind == DATE:
        return left[-5:] == right[-5:] and (left.startswith("--") or right.startswith("--"))
    verdicts = (compare(left, right), compare(right, left)) if subject.endswith("-version") else (None,)
    return None not in verdicts and "contradicted" not in verdicts


def stances(claims: Iterable[Claim]) -> dict[tuple[str, str | frozenset[str]], Stance]:
    """Each (kind, key) an entry speaks on, with its stance (values asserted, values denied)."""
    gathered: dict[tuple[str, str | frozenset[str]], tuple[set[str], set[str]]] = {}
    for claim in claims:
        asserted, denied = gathered.setdefault((claim.kind, claim.match_key), (set(), set()))
        (asserted if claim.polarity else denied).add(claim.value)
    return {key: Stance(frozenset(a), frozenset(d)) for key, (a, d) in gathered.items()}


def disagree(subject: str, kind: str, left: Stance, right: Stance) -> bool:
    """Whether two stances contradict: no asserted value in common, or one asserts what the other denies."""
    def overlap(xs: frozenset[str], ys: frozenset[str]) -> bool:
        """Whether some value of one set agrees with some value of the other."""
        return any(values_agree(subject, kind, x, y) for x in xs for y in ys)
    if left.asserted and right.asserted and not overlap(left.asserted, right.asserted):
        return True
    return bool(left.asserted & right.denied or left.denied & right.asserted)


def related(left: str | frozenset[str], right: str | frozenset[str]) -> bool:
    """Whether two match keys name the same subject: equal, or (phrases) one has all the other's words and 2+."""
    if left == right or not isinstance(left, frozenset) or not isinstance(right, frozenset):
        return left == right
    return min(len(left), len(right)) >= 2 and (left < right or right < left)


def sub_keys(key: frozenset[str]) -> Iterator[frozenset[str]]:
    """Every proper subset of a phrase key with two or more words (none for a phrase over MAX_SUBSET_WORDS)."""
    if len(key) > MAX_SUBSET_WORDS:
        return
    for size in range(2, len(key)):
        yield from map(frozenset, itertools.combinations(sorted(key), size))


def contradictions(left: Sequence[Claim], right: Sequence[Claim]) -> list[tuple[Claim, Claim]]:
    """Pairs of claims on which two claim lists contradict each other (pairwise: for one correction or a baseline)."""
    found: list[tuple[Claim, Claim]] = []
    left_stances, right_stances = stances(left), stances(right)
    for (kind, key), stance in left_stances.items():
        for (other_kind, other_key), other in right_stances.items():
            if kind != other_kind or not related(key, other_key):
                continue
            if disagree(key if isinstance(key, str) else "", kind, stance, other):
                found.append((next(c for c in left if (c.kind, c.match_key) == (kind, key)),
                              next(c for c in right if (c.kind, c.match_key) == (other_kind, other_key))))
    return found


def describe_claims(claims: Sequence[Claim], text: str) -> Mapping[tuple[str, str | frozenset[str]], str]:
    """For each (kind, key), the entry's own words making the claim (joined when it says it more than once)."""
    said: dict[tuple[str, str | frozenset[str]], list[str]] = {}
    for claim in claims:
        snippet = " ".join(text[claim.start:claim.end].split()).strip(" .,;")
        if snippet not in said.setdefault((claim.kind, claim.match_key), []):
            said[(claim.kind, claim.match_key)].append(snippet)
    return {key: "; ".join(parts) for key, parts in said.items()}
