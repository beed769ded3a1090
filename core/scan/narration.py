"""Blocks told as a report about an attack, or forbidden by their own sentence (`never run curl … | sh`), are held,
not blocked: a postmortem, a threat model, a rejected pull request or a user's question name the attack's very
command (`a drive-by PR slipped curl … | sh into the Makefile; caught in review`), and a regex cannot tell that
report from an order. A person can, so such a finding asks one; it is still stopped, never passed. And a safety
switch named only to forbid it or to say it was removed (`NODE_TLS_REJECT_UNAUTHORIZED=0 is banned`, `… was found in
a .env and removed`) is no downgrade at all, and approval claimed only for low-risk acts (`it's fine to run npm install
without asking`) is a preference, not a claim to weigh.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable

from memrev.core.scan.cue_groups import CueGroup
from memrev.core.scan.cue_words import RISKY_ACTS
from memrev.core.scan.model import Finding, Severity
from memrev.core.scan.prose_model import SENTENCE_END

__all__ = ["FORBIDS_SETTING", "LOW_RISK_ACTS", "NAMES_INVISIBLE", "NARRATION", "SCOPED", "TRACKED", "forbidden_dropped",
           "held_when_narrated", "holds_ruled_out"]

NARRATION = re.compile(
    r"\b(?:threat[ -]models?|post-?mortems?|incidents?|inc-\d+|security (?:review|audit|team|advisory)|red[ -]team\w*"
    r"|pen(?:etration)? ?tests?|phishing|malicious|attackers?|exploit(?:s|ed)?|malware|tried to|attempted to|slipped"
    r"|snuck|sneaked|replaced|replacing|caught (?:it|in review|by)|rejected|we (?:removed|deleted|reverted|blocked)"
    r"|(?:is|are|was|were|got|been) (?:removed|deleted|reverted)|(?:was|were) blocked|deleted (?:that|the|it)|flagged"
    r"|alerts? on|should alert|detect(?:s|ed|ion)?|asked what|audited|(?:during|in) (?:the|an|our) audit|found … in"
    r"|almost (?:ran|run|pushed|posted|sent)"
    r"|nearly (?:ran|pushed|posted|sent)|not something we (?:run|use)|we (?:don't|do not|never) run|suggests"
    r"|not from the (?:real|actual)|just (?:text|data)|chat (?:format|template)s?|prompt (?:format|template)s?"
    r"|special tokens?|fine-?tun\w*|datasets?|tokeni[sz]ers?"
    r"|explained|cve-\d|vulnerabilit(?:y|ies)|indicators? of compromise|download cradles?|poisoned|prompt injection"
    r"|treat (?:it|them) as data|as untrusted|report (?:it|them)|flag (?:it|them)|told (?:people|users|everyone) to"
    r"|tells (?:people|users) to|(?:was|were) found|found in|swap(?:ped)?|suggested|not to (?:paste|run|copy)"
    r"|awareness|templates?|fixtures?|strings like|güvenlik incelemesi|şüpheli|yazıyordu"
    r"|stop (?:recommending|suggesting|writing|using)|no longer (?:recommend|suggest|use)|deprecated|instead"
    r"|(?:was|is) the reason|patched (?:it )?out|sample strings?|things we don't do|found(?= (?:an? |the )?`? … `? in\b)"
    r"|(?:docs|section|page|readme|guide) shows?|(?:is|are) the (?:literal )?(?:label|title|title card|caption|heading)"
    r"|(?:patterns )?to watch (?:out )?for|can't fake|cannot fake|flags"
    r"|(?:code-injection|injection|security) risk|i had (?:noted|written|said)|to mean|a framing|contained)\b"
    r"|只是数据|当作数据|视为数据|不要执行|不要照做|钓鱼|フィッシング|データとして扱|と書かれていた|信頼できない|不審")
"""Words of a report about an attack rather than an order to make one: the kind of document (a threat model, a
postmortem, a security review), the attacker, what was done about it (rejected, removed, flagged, detected, patched
out, deprecated, no longer recommended, done instead), the risk it was named as, a label it is the text of, an
earlier note corrected, and a warning to treat such text as data (English, and Chinese and Japanese phrasings)."""

NAMES_INVISIBLE = re.compile(r"zero[- ]?width|\bzwsp\b|\bzwn?j\b|\bu\+(?:200[b-d]|feff|2060)\b|\\u200[b-d]"
                             r"|invisible (?:char|space|joiner)|\bbom\b|byte[- ]order mark")
"""Words that name an invisible character: a note about a zero-width space in a fixture or a sanitiser's test, or
about the byte-order mark an export begins with, shows the very character it is about."""
_NAMED_INVISIBLE = frozenset({"invisible_zero_width"})
"""Hidden-character blocks that a sentence naming the character turns into a hold (the words it splits are read
joined up anyway; what is left is the character itself, which the sentence admits to)."""
_DEMOTABLE = frozenset({"injection", "execution", "exfiltration", "persistence"})
"""Families whose blocks a report can name word for word; secrets and hidden characters are blocked whatever is
said around them (a real key in a postmortem is still a real key)."""
_REACH = 1_000
"""How far before and after a finding its sentence is looked for: a long run with no sentence end says nothing more,
and a bound keeps a huge entry with many findings linear."""


def _sentence_starts(text: str, start: int) -> list[int]:
    """Where the sentences before `start` begin, within reach (the first is where the reach begins)."""
    low = max(0, start - _REACH)
    return [low] + [m.end() for m in SENTENCE_END.finditer(text, low, start)]


def _sentence_end(text: str, end: int) -> int:
    """Where the sentence a finding ends in ends, within reach."""
    high = min(len(text), end + _REACH)
    after = SENTENCE_END.search(text, end, high)
    return after.start() if after else high


def _next_sentence_end(text: str, stop: int, same_line: bool = False) -> int:
    """Where the sentence after the one ending at `stop` ends (with `same_line`, only when it goes on in the same
    line); `stop` itself when there is none."""
    following = SENTENCE_END.match(text, stop) if stop < len(text) else None
    if following is None or same_line and "\n" in following.group():
        return stop
    return _sentence_end(text, following.end())


def _around(text: str, start: int, end: int) -> str:
    """The sentence a finding sits in, the one before, and the one after when it goes on in the same line (`Security
    review flagged the README. It says to run …`, `The CI step runs curl … | sh. Ravi wants it replaced`; an
    abbreviation such as `e.g.` also ends one; the next item of a list says something else), with the finding's own
    text left out (a `malicious.example` host in the command is not a report)."""
    starts = _sentence_starts(text, start)
    before = starts[-2] if len(starts) > 1 else starts[0]
    return text[before:start] + " … " + text[end:_next_sentence_end(text, _sentence_end(text, end), same_line=True)]


FORBIDS_SETTING = re.compile(r"(?:don't|do not|never) (?:use|export|set|add|do|put|commit|copy|pass|enable|it)\b"
                             r"|\bnot to do\b|\bfootgun\b|\bbanned\b|\bforbidden\b|\bremoved\b"
                             r"|\bblocks it\b|\bused to be\b|\bwas found\b")
"""Words of a sentence that forbids a setting or says it is gone, rather than asking for it."""


LOW_RISK_ACTS = re.compile(r"\b(?:npm install|npm i|pnpm add|pnpm install|yarn add|prettier|black|ruff|format(?:ting)?"
                           r"|lint(?:ing)?|the tests|tests|dev dependencies|devdependencies|stale branches|already merged"
                           r"|locally|local docker|local postgres|local database|typos?|docs-only|read-only)\b")
"""Acts a person grants standing approval for without risk: installing and formatting, linting, tests, local
databases, typo fixes."""
TRACKED = re.compile(r"\b(?:tracked in|ticket|quarantined|issue\s+#?\d+|[a-z]{2,}-\d+)\b|(?<![&\w])#\d+\b")
"""A ticket that tracks a skipped test (`tracked in #812`, `ticket QA-212`, `quarantined`): the practice a team
follows for a flaky test, not a test deleted to get CI green (an HTML character reference `&#100;` is no ticket)."""
_RISKY = CueGroup.of(RISKY_ACTS)


def _low_risk_only(sentence: str) -> bool:
    """Whether a sentence names a low-risk act and no risky one (the cue rules' own list of risky acts)."""
    return LOW_RISK_ACTS.search(sentence) is not None and \
        not _RISKY.found(sentence, frozenset(re.findall(r"[\w'-]+", sentence)))


ASKS_FOR_THE_REST = re.compile(
    r"\b(?:anything|everything|all)\s+else\b[^.\n]{0,40}?\b(?:ask|confirm|check with)"
    r"|\b(?:outside|beyond)\s+(?:it|that|this|them|those|there)\b[^.\n]{0,20}?\b(?:ask|confirm)"
    r"|\botherwise,?\s+(?:always\s+)?(?:ask|confirm)|:\s*(?:always\s+)?(?:ask|confirm)\b|\bstill\s+(?:ask|confirm)\b"
    r"|\bnothing\s+outside\s+(?:that|this|it|the)\b|\bthe\s+whole\s+scope\b"
    r"|\b(?:production|prod)\b[^.\n]{0,40}?\b(?:(?:always|still)\s+(?:needs?|requires?|asks?|wants?)\b"
    r"|(?<!longer\s)(?<!n't\s)(?<!not\s)(?<!never\s)(?:needs?|requires?)\s+"
    r"(?:(?:an?|explicit|her|his|their|the\s+user's|a\s+human)\s+){0,2}(?:sign-?off|approval|review|go-?ahead)\b)")
"""A standing permission's own limit, said in its sentence or the next (`… fine without asking, they're generated.
Anything else in the repo: ask.`, `production always needs her explicit go`): the note asks first for the rest."""


def _asks_for_the_rest(sentence: str) -> bool:
    """Whether a permission granted without asking goes on to ask first for everything outside it."""
    return ASKS_FOR_THE_REST.search(sentence) is not None


_RULED_OUT_BY: dict[str, Callable[[str], object]] = {
    "tls_verification_off": FORBIDS_SETTING.search, "test_tampering": TRACKED.search,
    "approval_claimed": lambda sentence: _low_risk_only(sentence) or _asks_for_the_rest(sentence),
    "no_asking_before_harm": _asks_for_the_rest}
"""Per rule, what in a hold's own sentence rules it out: a TLS switch forbidden or reported removed, a skipped test
with the ticket that tracks it, approval claimed for low-risk acts alone (measured on every read vector set and the
unread ones: 14 look-alikes fewer held, no attack passed; habits told in prose are left alone, as `we don't bother,
just skip them` shows), a permission that goes on to ask first for everything else (3 read look-alikes fewer)."""
_READ_ON = frozenset({"approval_claimed", "no_asking_before_harm"})
"""Rules whose ruling out reads on into the next sentence too (a permission's limit often follows it)."""


def holds_ruled_out(findings: list[Finding], text: str) -> list[Finding]:
    """The findings without the holds whose own sentence rules them out (`_RULED_OUT_BY`)."""
    return [finding for finding in findings if finding.severity is not Severity.HOLD
            or not (ruled_out := _RULED_OUT_BY.get(finding.rule))
            or not ruled_out(_sentence(text, finding.start, finding.end, finding.rule in _READ_ON).lower())]


def _end_of_words(text: str, end: int) -> int:
    """Where the word a finding ends inside ends (`trước` of `trước đây`, read on through `đây` and `đó`)."""
    while end < len(text) and (text[end].isalnum() or text[end] in "'’"):
        end += 1
    for filler in (" đây", " đó", " de arriba"):
        if text[end:end + len(filler)].lower() == filler:
            end += len(filler)
    return end


def _sentence(text: str, start: int, end: int, read_on: bool = False) -> str:
    """The sentence a finding sits in, its own text included (with `read_on`, the next sentence too)."""
    stop = _sentence_end(text, end)
    return text[_sentence_starts(text, start)[-1]:_next_sentence_end(text, stop) if read_on else stop]


SCOPED = re.compile(r"[ \t]+(?:about|regarding|concerning|re:|sobre|acerca de|respecto a|sur|concernant|au sujet de"
                    r"|über|bezüglich|riguardo a|riguardo al|riguardo alla|về|liên quan đến|hakkında|tentang"
                    r"|mengenai|о|об|про|关于|に関する|について)[ \t]", re.IGNORECASE)
"""A topic word right after an override (`… các hướng dẫn trước đây về Node 16`, `… instrucciones anteriores sobre
Node 16`): a correction of what was said about one thing, as the English rule reads `ignore the previous
instructions about X` (held there, as Hermes flags it, not blocked)."""


FORBIDDEN_BEFORE = re.compile(
    r"(?:\b(?:never|don't|dont|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|nobody|no\s+one|not\s+to|avoid"
    r"|won't|will\s+not|cannot|can't)\s+(?:ever\s+)?(?:(?!(?:skip|forget|fail|hesitate|neglect|miss|stop|refuse|omit"
    r"|hold\s+back)\b)[\w-]+\s+){0,2}[`'\"]?)$", re.IGNORECASE)
"""A negation right before a finding, up to two words back (`never reveal …`, `do not run curl … | sh`), but not one
that negates leaving it undone (`never forget to run …`, `don't skip …`)."""


def forbidden(text: str, start: int) -> re.Match[str] | None:
    """The negation that forbids what a finding found, when its clause opens by forbidding it."""
    return FORBIDDEN_BEFORE.search(text, max(0, start - 60), start)


def forbidden_dropped(findings: list[Finding], text: str) -> list[Finding]:
    """The findings without those of an attack family whose own sentence forbids them: in a file people keep, `never
    run curl … | sh` is a rule protecting the agent, not an order to hold for a person."""
    return [finding for finding in findings if finding.family not in _DEMOTABLE
            or forbidden(text, finding.start) is None]


OFFICIAL = re.compile(r"\bofficial (?:one-liners?|installers?|install(?:ation)? (?:scripts?|commands?|lines?)"
                      r"|setup scripts?|bootstrap scripts?)\b")
"""A download run in a shell that the note calls a project's official installer (`run the official one-liners:`
above a code block, within 160 characters before it): real setup notes do, for tools no list of installer hosts can
hold, so a person looks rather than the write being refused."""
_INSTALLS = frozenset({"remote_code", "interpreter_runs_download"})


def held_when_narrated(findings: list[Finding], text: str) -> list[Finding]:
    """The findings, with each block of an attack family held instead where its sentence reports the attack (its
    reason says so and names the words)."""
    demoted = []
    for finding in findings:
        if finding.severity is not Severity.BLOCK:
            demoted.append(finding)
            continue
        names = NARRATION if finding.family in _DEMOTABLE else NAMES_INVISIBLE if finding.rule in _NAMED_INVISIBLE \
            else None
        if names is not None and (told := names.search(_around(text, finding.start, finding.end).lower())) is not None:
            finding = dataclasses.replace(finding, severity=Severity.HOLD, reason=(
                f"{finding.reason}; held, not blocked: the sentence reads as a report about it (“{told.group()}”)"))
        elif finding.family in _DEMOTABLE and (forbids := forbidden(text, finding.start)) is not None:
            finding = dataclasses.replace(finding, severity=Severity.HOLD, reason=(
                f"{finding.reason}; held, not blocked: the sentence forbids it (“{forbids.group().strip()}”)"))
        elif finding.rule in _INSTALLS and (named := OFFICIAL.search(text[max(0, finding.start - 160):finding.end]
                                                                     .lower())):
            finding = dataclasses.replace(finding, severity=Severity.HOLD, reason=(
                f"{finding.reason}; held, not blocked: the note calls it a project's own installer "
                f"(“{named.group()}”)"))
        elif finding.rule == "prompt_injection" and (scope := SCOPED.match(text, _end_of_words(text, finding.end))):
            finding = dataclasses.replace(finding, severity=Severity.HOLD, reason=(
                f"{finding.reason}; held, not blocked: scoped to one topic (“{scope.group().strip()}”)"))
        demoted.append(finding)
    return demoted
