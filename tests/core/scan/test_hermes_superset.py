"""memrev stops everything Hermes Agent's memory scanner stops: for every pattern of Hermes's `tools/threat_patterns.py`
(all three scopes, all ⊂ context ⊂ strict, memory writes use `strict`), no text Hermes flags passes memrev's scan;
held for a person is enough. Hermes's invisible characters never pass unnamed: a joiner where a script or an emoji
sequence needs one is named as a warning and passes (Hermes rejects it; memrev does not hold Persian or Malayalam
text for its spelling), any other use is held or blocked.

The patterns are Hermes's, as data (NousResearch/hermes-agent, two stored versions of the file: one with the bounded
filler `(?:\\w+\\s+){0,8}` and 36 ids, one with the unbounded filler and 51 ids). Texts are drawn from each pattern
(full match, printable characters), and kept only when Hermes itself flags them with its own semantics: NFKC, then
`re.IGNORECASE` search.
"""

from __future__ import annotations

import os
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memrev.core.scan.model import Outcome
from memrev.core.scan.scanner import scan
from memrev.core.scan.scopes import ScanScope

_F8 = r"(?:\w+\s+){0,8}"
_SECRET_VAR = r"\$\{?\w*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)S?\b"
_MODIFY = r"(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}"
_F = r"(?:\w+\s+)*"

BOUNDED = [  # (id, pattern): the version with the bounded filler (scope all + context + strict)
    ("prompt_injection", rf"ignore\s+{_F8}(previous|all|above|prior)\s+{_F8}instructions"),
    ("sys_prompt_override", r"system\s+prompt\s+override"),
    ("disregard_rules", rf"disregard\s+{_F8}(your|all|any)\s+{_F8}(instructions|rules|guidelines)"),
    ("bypass_restrictions", rf"act\s+as\s+(if|though)\s+{_F8}you\s+{_F8}(have\s+no|don\'t\s+have)\s+{_F8}"
                            r"(restrictions|limits|rules)"),
    ("html_comment_injection", r"<!--[^>]{0,512}(?<![A-Za-z])(?:ignore|override|system|secret|hidden)(?![A-Za-z])"
                               r"[^>]{0,512}-->"),
    ("hidden_div", r"<\s*div\s+style\s*=\s*[\"'][^>]{0,2048}display\s*:\s*none"),
    ("translate_execute", r"translate\s+[^\n]{0,512}\s+into\s+\w+(?:[\s-]+\w+){0,2}\s+and\s+(execute|run|eval)\b"),
    ("deception_hide", rf"do\s+not\s+{_F8}tell\s+{_F8}the\s+user"),
    ("role_hijack", rf"you\s+are\s+{_F8}now\s+(?:a|an|the)\s+"),
    ("role_pretend", rf"pretend\s+{_F8}(you\s+are|to\s+be)\s+"),
    ("leak_system_prompt", rf"output\s+{_F8}(system|initial)\s+prompt"),
    ("remove_filters", rf"(respond|answer|reply)\s+without\s+{_F8}(restrictions|limitations|filters|safety)"),
    ("fake_update", rf"you\s+have\s+been\s+{_F8}(updated|upgraded|patched)\s+to"),
    ("identity_override", r"\bname\s+yourself\s+\w+"),
    ("c2_node_registration", r"register\s+(as\s+)?a?\s*node"),
    ("c2_heartbeat", r"(heartbeat|beacon|check[\s\-]?in)\s+(to|with)\s+"),
    ("c2_task_pull", r"pull\s+(down\s+)?(?:new\s+)?task(?:ing|s)?\b"),
    ("c2_network_connect", r"connect\s+to\s+the\s+network\b"),
    ("forced_action", r"you\s+must\s+(?:\w+\s+){0,3}(register|connect|report|beacon)\b"),
    ("anti_forensic_oneliner", r"only\s+use\s+one[\s\-]?liners?\b"),
    ("anti_forensic_disk", rf"never\s+{_F8}(?:create|write)\s+{_F8}(?:script|file)\s+{_F8}disk"),
    ("env_var_unset_agent", r"unset\s+\w*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)\w*"),
    ("known_c2_framework", r"\b(?:cobalt\s*strike|sliver|havoc|mythic|metasploit|brainworm)\b"),
    ("c2_explicit", r"\bc2\s+(?:server|channel|infrastructure|beacon)\b"),
    ("c2_explicit_long", r"\bcommand\s+and\s+control\b"),
    ("exfil_curl", rf"curl\s+[^\n]{{0,2048}}{_SECRET_VAR}"),
    ("exfil_wget", rf"wget\s+[^\n]{{0,2048}}{_SECRET_VAR}"),
    ("read_secrets", r"cat\s+[^\n]{0,2048}(\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc)"),
    ("send_to_url", r"(send|post|upload|transmit)\s+[^\n]{0,2048}\s+(to|at)\s+https?://"),
    ("context_exfil", rf"(include|output|print|share)\s+{_F8}(conversation|chat\s+history|previous\s+messages"
                      r"|full\s+context|entire\s+context)"),
    ("ssh_backdoor", r"authorized_keys"),
    ("ssh_access", r"\$HOME/\.ssh|\~/\.ssh"),
    ("hermes_env", r"\$HOME/\.hermes/\.env|\~/\.hermes/\.env"),
    ("agent_config_mod", rf"{_MODIFY}(?:AGENTS\.md|CLAUDE\.md|\.cursorrules|\.clinerules)"),
    ("hermes_config_mod", rf"{_MODIFY}\.hermes/(config\.yaml|SOUL\.md)"),
    ("hardcoded_secret", r"(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}"),
]
UNBOUNDED = [  # (id, pattern): the version with the unbounded filler and the extra ids
    ("prompt_injection", rf"ignore\s+{_F}(previous|all|above|prior)\s+{_F}instructions"),
    ("disregard_rules", rf"disregard\s+{_F}(your|all|any)\s+{_F}(instructions|rules|guidelines)"),
    ("bypass_restrictions", rf"act\s+as\s+(if|though)\s+{_F}you\s+{_F}(have\s+no|don\'t\s+have)\s+{_F}"
                            r"(restrictions|limits|rules)"),
    ("html_comment_injection", r"<!--[^>]*(?:ignore|override|system|secret|hidden)[^>]*-->"),
    ("hidden_div", r"<\s*div\s+style\s*=\s*[\"'][\s\S]*?display\s*:\s*none"),
    ("img_src_exfil", r"<\s*img\s[^>]*src\s*=\s*[\"']?https?://[^\s\"']+[?&][^\s\"']*[\"']?"),
    ("img_src_exfil_md", r"!\[[^\]]*\]\(https?://[^\s)]+[?&][^\s)]*\)"),
    ("css_visibility_hidden", r"style\s*=\s*[\"'][^\"']*(?:visibility\s*:\s*hidden|opacity\s*:\s*0)"),
    ("translate_execute", r"translate\s+.*\s+into\s+.*\s+and\s+(execute|run|eval)"),
    ("deception_hide", rf"do\s+not\s+{_F}tell\s+{_F}the\s+user"),
    ("role_hijack", rf"you\s+are\s+{_F}now\s+(?:a|an|the)\s+"),
    ("role_pretend", rf"pretend\s+{_F}(you\s+are|to\s+be)\s+"),
    ("leak_system_prompt", rf"output\s+{_F}(system|initial)\s+prompt"),
    ("remove_filters", rf"(respond|answer|reply)\s+without\s+{_F}(restrictions|limitations|filters|safety)"),
    ("fake_update", rf"you\s+have\s+been\s+{_F}(updated|upgraded|patched)\s+to"),
    ("anti_forensic_disk", rf"never\s+{_F}(?:create|write)\s+{_F}(?:script|file)\s+{_F}disk"),
    ("exfil_curl", r"curl\s+[^\n]*\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"),
    ("exfil_wget", r"wget\s+[^\n]*\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"),
    ("read_secrets", r"cat\s+[^\n]*(\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.aws/credentials"
                     r"|\.config/hermes)"),
    ("send_to_url", r"(send|post|upload|transmit)\s+.*\s+(to|at)\s+https?://"),
    ("context_exfil", rf"(include|output|print|share)\s+{_F}(conversation|chat\s+history|previous\s+messages"
                      r"|full\s+context|entire\s+context)"),
    ("b64_pipe_exec", r"base64\s+(?:-d|--decode|/d)\s*\|?\s*(?:sh|bash|python\d?|perl|ruby|node)"),
    ("b64_echo_decode", r"echo\s+[A-Za-z0-9+/=]{20,}\s*\|\s*base64\s+(?:-d|--decode)"),
    ("mkfifo_backdoor", r"mkfifo\s+"),
    ("reverse_shell", r"bash\s+-i\s+>&?\s*/dev/(tcp|udp)/"),
    ("nc_shell", r"nc\s+(?:-e|-c)\s+(?:/bin/)?(?:bash|sh)"),
    ("curl_bash_pipe", r"curl\s+[^\n|]*\|\s*(?:bash|sh|python\d?|perl|ruby|node)"),
    ("wget_bash_pipe", r"wget\s+[^\n|]*\|\s*(?:bash|sh|python\d?|perl|ruby|node)"),
    ("jailbreak_dan", r"\bDAN\s+mode\b|Do\s+Anything\s+Now"),
    ("jailbreak_dev_mode", r"\bdeveloper\s+mode\b.*\benabled?\b"),
    ("hypothetical_bypass", r"hypothetical\s+scenario.*(?:ignore|bypass|override)"),
    ("educational_pretext", r"for\s+educational\s+purposes?\s+only"),
    ("fake_policy", r"new\s+(?:\w+\s+)*policy|updated\s+(?:\w+\s+)*guidelines|revised\s+(?:\w+\s+)*instructions"),
    ("agent_config_mod", r"(update|modify|edit|write|change|append|add\s+to)\s+.*(?:AGENTS\.md|CLAUDE\.md"
                         r"|\.cursorrules|\.clinerules)"),
    ("hermes_config_mod", r"(update|modify|edit|write|change|append|add\s+to)\s+.*\.hermes/(config\.yaml|SOUL\.md)"),
]
"""Ids shared with the bounded version and not listed here have the same pattern in both."""
INVISIBLE = "\u200b\u200c\u200d\u2060\u2062\u2063\u2064\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Hermes's invisible characters: any of them in a write blocks it there."""

PATTERNS = [(f"{version}:{rule}", re.compile(pattern, re.IGNORECASE))
            for version, table in (("bounded", BOUNDED), ("unbounded", UNBOUNDED)) for rule, pattern in table]
_ALPHABET = "".join(chr(c) for c in range(0x20, 0x7F)) + (
    "ÀÉÎÕÜßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿĀāĞğİıŁłŉŒœſƒǅǆȷʼʰˈˌ̧̀́̂̃̈᪰ΑΒΓΩαβγδεικνοπρστυωАБВЕКМНОРСТХавгдежзийклмнопрстуфхцчшщыэюяё"
    "Աաאבשاببتجدसमहआउ中文字日本語ひらがなカタカナ한국어–—‘’“”•…‹›€™±×÷¼½²³ﬁﬂＡｇｉｎＯｒｅ𝐢𝐠ℌKΩ℃Ⅻⅰⓘ"
)
PRINTABLE = st.sampled_from(sorted(set(_ALPHABET)))
"""Printable text: ASCII, and letters, marks, digits, punctuation and symbols of many scripts, with the characters
Unicode folds or cases in unusual ways (`ŉ`, `ſ`, `İ`, `ı`, `ʼ`, the Kelvin sign, ligatures, fullwidth and
mathematical letters, combining marks)."""


STRICT_ONLY = {"send_to_url", "context_exfil", "ssh_backdoor", "ssh_access", "hermes_env", "agent_config_mod",
               "hermes_config_mod", "hardcoded_secret"}
"""The ids Hermes applies only to user-mediated writes (memory, skill installs), not to context files."""


EXAMPLES = int(os.environ.get("MEMREV_SUPERSET_EXAMPLES", "6"))
"""Texts drawn per pattern: a few keep the file quick; set MEMREV_SUPERSET_EXAMPLES higher for a deeper search."""


def hermes_flags(pattern: re.Pattern[str], text: str) -> bool:
    """Whether Hermes flags `text` with this pattern: NFKC first, then a case-insensitive search."""
    return pattern.search(unicodedata.normalize("NFKC", text)) is not None


@pytest.mark.parametrize(("name", "pattern"), PATTERNS, ids=[name for name, _ in PATTERNS])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=st.data())
def test_nothing_hermes_stops_passes(name: str, pattern: re.Pattern[str], data: st.DataObject) -> None:
    """A memory write is read at Hermes's strict scope (every id); an instruction file at its context scope, which the
    current version (bounded) defines as every id but the strict-only ones."""
    text = data.draw(st.from_regex(pattern, fullmatch=True, alphabet=PRINTABLE).filter(lambda t: len(t) < 4000))
    assume(hermes_flags(pattern, text))
    assert scan(text).outcome is not Outcome.PASS, (name, text)
    version, rule = name.split(":")
    if version == "bounded" and rule not in STRICT_ONLY:
        assert scan(text, ScanScope.INSTRUCTIONS).outcome is not Outcome.PASS, (name, text)


@settings(max_examples=150, deadline=None)
@given(before=st.text(PRINTABLE, max_size=40), char=st.sampled_from(INVISIBLE), after=st.text(PRINTABLE, max_size=40))
def test_no_hermes_invisible_character_passes_unnamed(before: str, char: str, after: str) -> None:
    """Wherever one of Hermes's invisible characters sits, the text is held or blocked, or, for an ordinary joiner
    (an emoji sequence, a Persian word, a Thai word break), passes with the joiner named."""
    result = scan(before + char + after)
    assert result.outcome is not Outcome.PASS or any(f.rule == "invisible_joiner" for f in result.findings)


@pytest.mark.parametrize("text", ["Family 👨\u200d👩\u200d👧", "من می\u200cخواهم", "മലയാളം ന്\u200d"])
def test_ordinary_joiners_pass_named(text: str) -> None:
    """Joiners inside emoji or a joining script are ordinary: the text passes, the joiner named as a warning."""
    result = scan(text)
    assert result.outcome is Outcome.PASS and {f.rule for f in result.findings} == {"invisible_joiner"}, result.findings


def test_a_leading_bom_is_held_not_blocked() -> None:
    """A byte-order mark at the very start is an encoding artefact: held for a person, never blocked."""
    assert scan("\ufeffFirst fact.").outcome is Outcome.HOLD


def test_every_hermes_id_is_covered() -> None:
    """The data names Hermes's 36 ids of the bounded version and the 15 the unbounded one adds (51 in all)."""
    assert len({rule for rule, _ in BOUNDED}) == 36
    assert len({rule for rule, _ in UNBOUNDED} - {rule for rule, _ in BOUNDED}) == 15


@pytest.mark.parametrize("text", ["![](http://\u0300?)", '<img src="http://\u0301?x">'])
def test_an_image_url_whose_host_folds_away_is_still_held(text: str) -> None:
    """A host made only of combining marks is empty once folded; Hermes still flags the query, so memrev holds it."""
    assert any(hermes_flags(pattern, text) for name, pattern in PATTERNS if "img_src_exfil" in name)
    assert scan(text).outcome is Outcome.HOLD


@pytest.mark.parametrize("text", ["do not tell Dο the user", "do not do tell the user", "do not tell never the user",
                                  "never tell must the user"])
def test_a_filler_word_that_could_start_the_rule_still_matches(text: str) -> None:
    """Hermes's filler takes any word, `do`, `never` and `must` included (hypothesis found `do not tell Dο the
    user` passing memrev); the hiding rule's filler stops only where a new match starts, so these are held."""
    assert scan(text).outcome is not Outcome.PASS
