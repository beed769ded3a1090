"""The scanner's rule table: every rule id with its family, severity and description, and the patterns behind them.

Patterns are written in lowercase for the lowercased, normalised text; the scanner derives one trigger regex from
their literal heads, so an entry is matched in one pass however many rules there are. Every repetition is bounded or
runs over a class disjoint from what follows it, and long windows stop at the rule's own start word (`_gap`), so
matching stays linear on any input. Secret candidates are found in the same pass and `confirm_secret` checks each on
the case-preserving text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from types import MappingProxyType
from typing import Mapping, NamedTuple

from memrev.core.scan.model import Severity

BLOCK, WARN = Severity.BLOCK, Severity.WARN


class RuleInfo(NamedTuple):
    """What a rule id means: its family, how bad a match is, and one line for the docs and the audit screen."""

    family: str
    severity: Severity
    description: str


def _gap(length: int, stop: str) -> str:
    """A lazy window of up to `length` characters on one line that never runs past `stop` (the rule's own start), so
    a text full of the rule's start word costs linear time, not length times more."""
    return f"(?:(?!{stop})[^\\n]){{0,{length}}}?"


_TRANSLATE, _RUN, _ENV_PIPE, _SOCAT = (r"\btranslate\b", r"\b(?:run|execute|send|curl|copy|push)\b",
                                      r"\b(?:env|printenv|history|set)\s*\|", r"\bsocat\b")
_CHECK_IN, _CURL, _WGET = r"\b(?:check|report|phone|beacon)\b", r"\bcurl\b", r"\bwget\b"
_SEND, _EXFILTRATE = r"\b(?:send|post|upload|forward|report)\b", r"\bexfiltrate\b"
_SECRET_VAR = r"\$\{?[a-z0-9_]{0,48}?(?:key|token|secret|password|passwd|credential|auth|cookie)s?\b"
_SENSITIVE = (r"(?:\.env\b(?!\.(?:example|sample|template|dist|defaults?)\b)|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b"
              r"|\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.aws/(?:credentials|config)\b"
              r"|\.docker/config\.json|\.kube/config\b|\.gnupg/|_history\b|/etc/shadow\b|/etc/passwd\b"
              r"|(?<=[/~._-])credentials\b|credentials\.(?:json|csv|xml|ya?ml)\b|\.vault-token\b"
              r"|secrets?\.(?:ya?ml|json|toml|env)\b|\.codex/auth\.json|\.config/gh/hosts\.yml)")
_VERB = r"\b(?:update|modify|edit|write|change|append|add|overwrite|rewrite|insert|prepend|inject|tee|sed)\b"
_MODIFY = (r"\b(?:update|modify|edit|write|change|append|add\s+to|overwrite|rewrite|insert\s+into|prepend\s+to"
           r"|inject\s+into|tee(?:\s+-a)?|sed\s+-i)\b" + _gap(160, _VERB))
_REDIRECT = r"(?<=[^\s>]\s|[^\s>][^\s>])>>?\s?['\"]?[^\s'\">]{0,120}?"
_AGENT_FILES = (r"(?:\bagents\.md\b|\bclaude(?:\.local)?\.md\b|\.cursorrules\b|\.clinerules\b|\.windsurfrules\b"
                r"|copilot-instructions\.md|\bgemini\.md\b|\.cursor/rules\b|\.claude/(?:settings(?:\.local)?\.json"
                r"|commands/|agents/|hooks/)|\.codex/config\.toml)")
_HERMES_FILES = r"(?:\.hermes|\$hermes_home|\$\{hermes_home\})/(?:config\.ya?ml|soul\.md|memories/|skills/|plugins/)"
_RC_FILES = (r"(?:(?:\.bashrc|\.bash_profile|\.bash_login|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.kshrc|\.cshrc"
             r"|\.tcshrc|(?:~|\$home)/\.profile|/etc/profile|/etc/bash\.bashrc|/etc/environment|\.pam_environment"
             r"|\.config/fish/config\.fish)\b|/etc/profile\.d/|\.config/autostart/|library/launchagents/)")
_DATA = (r"(?:results?|outputs?|data|contents?|conversations?|context|history|files?|secrets?|keys?|tokens?"
         r"|credentials|passwords?|env(?:ironment)?|variables|logs?|memory|memories|everything|all|it|this|them"
         r"|information|info|responses?|answers?|transcripts?|messages?|chats?|summar(?:y|ies)|code|source"
         r"|repo(?:sitory)?|cookies?|sessions?|dump|findings|details|notes|prompts?|instructions)")
_URL = r"(?:(?:https?|ftp|wss?|gopher)://|\d{1,3}(?:\.\d{1,3}){3}\b)"
_STRONG_WORDS = (r"all|any|every|previous|prior|above|earlier|preceding|former|foregoing|past|existing|original"
                 r"|initial|system|safety|old")
_STRONG = f"(?:{_STRONG_WORDS})"
_C2 = r"(?:c2|controller|mothership|command\s+server|control\s+server|operator|botnet|hive|swarm)"

_I, _X, _P, _S = "injection", "exfiltration", "persistence", "secret"
PATTERN_RULES: tuple[tuple[str, str, str, str], ...] = (
    ("prompt_injection", _I, "tells the agent to ignore its previous instructions",
     rf"\b(?:ignore|forget|override)\s+(?:(?:the|your|my|of|these|those|other)\s+){{0,3}}{_STRONG}\s+"
     rf"(?:(?:the|your|my|of|these|those|other|{_STRONG_WORDS})\s+){{0,3}}"
     r"(?:instructions?|directives?|prompts?|guidelines|rules|commands|programming|constraints)\b"),
    ("role_hijack", _I, "tries to give the agent a new role or identity",
     r"\byou\s+are\s+(?:(?!you\s+are\b)[\w \t',-]){0,80}?\bnow\s+(?:a|an|the)\s+"
     r"|\bfrom\s+now\s+on,?\s+you\s+(?:are|will\s+be|will\s+act\s+as)\s+(?:a|an|the)\s+"
     r"|\bfrom\s+now\s+on,?\s+you\s+are\s+(?:dan|free|unrestricted|unfiltered|jailbroken)\b"
     r"|\byou\s+are\s+no\s+longer\s+(?:an?\s+)?(?:ai|assistant|claude|hermes|codex|bound"
     r"|restricted|language\s+model)\b"
     r"|\bact\s+as\s+(?:a|an)\s+(?:unrestricted|unfiltered|evil|malicious|jailbroken)\b"),
    ("sys_prompt_override", _I, "claims to override or replace the system prompt",
     r"\bsystem\s+prompt\s+override\b|\boverride\s+(?:the\s+|your\s+|all\s+){0,2}system\s+(?:prompt|instructions"
     r"|message)|\bnew\s+system\s+prompt\s*:|<\|im_start\|>\s*system|<\|system\|>|<</?sys>>|\[/?inst\]"),
    ("disregard_rules", _I, "tells the agent to disregard its rules or instructions",
     r"\bdisregard\s+(?:(?:all|any|of|your|the|my|previous|prior|above|earlier|important|these|those|system|safety"
     r"|every|existing|core|original|initial|current|standard)\s+){0,5}(?:instructions|rules|guidelines|guardrails"
     r"|policies|restrictions|directives|constraints|programming|training)\b"),
    ("bypass_restrictions", _I, "asks the agent to act as if it had no restrictions",
     r"\b(?:act|behave|respond|operate|pretend)\s+(?:as\s+(?:if|though)|like)\s+you\s+(?:have\s+no|don'?t\s+have"
     r"|do\s+not\s+have|had\s+no|didn'?t\s+have|are\s+not\s+bound\s+by|are\s+free\s+(?:of|from))\s+(?:(?:any|your"
     r"|the)\s+){0,2}(?:restrictions|limits|limitations|rules|guidelines|filters|boundaries|constraints|guardrails"
     r"|policies)\b|\bbypass\s+(?:(?:all|any|of|your|its|the)\s+){0,3}(?:safety|ethical|content)\s+(?:restrictions"
     r"|guardrails|filters|safeguards|guidelines|rules)\b"),
    ("html_comment_injection", _I, "hides instructions for the agent in an HTML comment",
     r"<!--[^<>]{0,300}?(?:\b(?:ignore|override|disregard|bypass|exfiltrat\w*|reveal|execute)\b|system\s+(?:prompt"
     r"|config\w*|instructions?|message)|\byou\s+(?:must|are\s+now|should\s+now|will\s+now)\b|\binstructions?\b"
     r"|\b(?:assistant|ai|agent)\s*:|do\s+not\s+tell)"),
    ("hidden_div", _I, "hides text from the reader with CSS (display:none, zero size or opacity)",
     r"<[a-z][a-z0-9]{0,10}\b[^<>]{0,300}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0+)?"
     r"(?:px|pt|em|rem|%)?\s*[;\"'>]|opacity\s*:\s*0(?:\.0+)?\s*[;\"'>])"),
    ("translate_execute", _I, "asks the agent to translate text into code and run it",
     rf"\btranslate\b{_gap(80, _TRANSLATE)}\b(?:into|to)\s+(?:python|bash|shell|code|javascript|js|powershell"
     r"|ruby|perl|sql"
     r"|(?:a|an)\s+(?:script|command|program))\b[^\n]{0,40}?\b(?:and|then)\s+(?:execute|run|eval|exec)\b|\btranslate"
     rf"\b{_gap(80, _TRANSLATE)}\b(?:and|then)\s+(?:execute|run|eval|exec)\s+"
     r"(?:it|that|them|the\s+(?:result|output|code))\b"),
    ("deception_hide", _I, "tells the agent to hide something from the user",
     r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert)\s+the\s+user\b|\bkeep\s+(?:this|it)\s+(?:a\s+)?"
     r"secret\s+from\s+the\s+user\b"),
    ("role_pretend", _I, "asks the agent to pretend to be someone else",
     r"\bpretend\s+(?:that\s+)?(?:you\s+are|you're|to\s+be)\s+|\broleplay\s+as\b"),
    ("remove_filters", _I, "asks the agent to answer without its safety filters",
     r"\b(?:respond|answer|reply|act|operate|write|output|speak|behave)\s+without\s+(?:(?:any|your|the|all)\s+){0,2}"
     r"(?:(?:safety|content|ethical|moral)\s+)?(?:filters?|filtering|restrictions|guardrails|censorship|limitations"
     r"|guidelines)\b|\b(?:disable|remove|bypass|turn\s+off|ignore)\s+(?:(?:your|all|any|the)\s+){0,2}(?:safety"
     r"|ethical|moral)\s+(?:filters?|guardrails|guidelines|restrictions)\b|\b(?:enter|enable|activate)\s+(?:dan|god"
     r"|jailbreak|unrestricted|unfiltered|uncensored)\s+mode\b|\b(?:dan|jailbreak|unfiltered|uncensored)\s+mode\s+"
     r"(?:enabled|activated|on)\b"),
    ("fake_update", _I, "claims the agent was updated or reprogrammed",
     r"\byou\s+(?:have\s+been|'ve\s+been|were)\s+(?:updated|upgraded|reprogrammed|patched|reconfigured)\s+(?:to|with"
     r"|by)\b|\byour\s+(?:(?:core|system|new)\s+)?(?:instructions|programming|directives|guidelines|rules)\s+(?:have"
     r"\s+been|were|are\s+now)\s+(?:updated|changed|replaced|overridden|revoked)\b"),
    ("identity_override", _I, "gives the agent a new name or identity",
     r"\bname\s+yourself\s+\w|\bcall\s+yourself\s+\w|\byour\s+(?:new\s+)?name\s+is\s+now\b"
     r"|\byour\s+true\s+identity\s+is\b"),
    ("forced_action", _I, "forces the agent to act silently or without telling the user",
     r"\b(?:silently|secretly|covertly|stealthily)\s+(?:run|execute|download|install|send|upload|post|curl|wget|fetch"
     r"|copy|exfiltrate|forward|delete|modify|add|write|push|commit)\b|\b(?:run|execute|download|install|send|upload"
     rf"|post|curl|wget|fetch|copy|delete|push|commit)\b{_gap(80, _RUN)}\bwithout\s+(?:telling|informing|notifying"
     r"|alerting|letting)\s+(?:the\s+)?(?:user|human|operator|anyone|them)\b|\bexecute\s+(?:it|this|them|the\s+"
     r"(?:command|payload|script))\s+(?:immediately\s+)?without\s+(?:question|hesitation|confirmation|review)\b"
     r"|\b(?:always|must)\s+(?:immediately\s+)?(?:execute|run)\s+(?:any|all|every)\s+(?:commands?|instructions?"
     r"|code)\s+(?:from|in|found\s+in|received)\b"),
    ("exfil_curl", _X, "curl sending secrets, environment or a sensitive file",
     rf"\bcurl\b{_gap(200, _CURL)}(?:{_SECRET_VAR}|(?:-d|--data[a-z-]*|-f|--form)[\s=]+['\"]?(?:\w+=)?@['\"]?"
     rf"[^\s'\"]{{0,120}}?{_SENSITIVE}|(?:-t|--upload-file)[\s=]+['\"]?[^\s'\"]{{0,120}}?{_SENSITIVE}"
     r"|\$\((?:env|printenv|history)\b|`(?:env|printenv)`)"),
    ("exfil_wget", _X, "wget sending secrets or a sensitive file",
     rf"\bwget\b{_gap(200, _WGET)}(?:{_SECRET_VAR}|--post-(?:file|data)[\s=]+['\"]?@?[^\s'\"]{{0,120}}?{_SENSITIVE}"
     r"|\$\((?:env|printenv|history)\b)"),
    ("read_secrets", _X, "reads a credentials file, key or shell history",
     rf"\b(?:cat|bat|tac|strings|xxd|hexdump|base64|grep|rg|awk|scp|rsync|tar|zip|gpg)\s+"
     rf"(?:(?!\b(?:cat|grep|tar)\b)[^\n;|&]){{0,160}}?"
     rf"{_SENSITIVE}|\b(?:cat\s+['\"]?credentials\b|(?:cp|head|tail|less|more)\s+(?:-[\w-]+(?:\s+\d+)?\s+){{0,4}}['\"]?"
     rf"[^\s'\"]{{0,120}}?{_SENSITIVE})|\b(?:read|dump|collect|grab|extract|harvest|steal|exfiltrate|upload|send"
     r"|copy)\s+(?:(?:the|all|their|user'?s|the\s+user'?s)\s+){0,3}(?:shell|bash|zsh|command|terminal)\s+history\b"),
    ("leak_system_prompt", _X, "asks the agent to reveal its system prompt",
     r"\b(?:output|print|reveal|show|display|repeat|dump|leak|disclose|echo|recite|expose|share|send|paste|copy"
     r"|tell\s+(?:me|us)|write\s+out|give\s+me)\s+(?:(?:me|us|your|the|my|its|full|entire|complete|exact|initial"
     r"|original|hidden|current|verbatim)\s+){0,4}(?:system\s+(?:prompt|message|instructions)|initial\s+(?:prompt"
     r"|instructions)|hidden\s+(?:prompt|instructions)|developer\s+(?:message|prompt|instructions)|pre-?prompt"
     r"|(?:instructions|prompt)\s+above)\b|\bwhat\s+(?:is|are|was|were)\s+your\s+(?:system\s+prompt|(?:initial"
     r"|original|hidden)\s+instructions)\b"),
    ("send_to_url", _X, "sends data to an external URL or address",
     rf"\b(?:send|post|upload|transmit|forward|submit|report|leak|beam|stream|sync|copy|push|pipe|mail|email)\s+"
     rf"(?:{_gap(60, _SEND)}\s)?{_DATA}\s+(?:[^\n]{{0,30}}?\s)?to\s+{_URL}"
     rf"|\bexfiltrate\b{_gap(120, _EXFILTRATE)}\bto\b"),
    ("context_exfil", _X, "sends or dumps the conversation or context",
     r"\b(?:output|print|dump|send|share|leak|reveal|upload|post|forward|export|transmit|copy)\s+(?:(?:the|your|this"
     r"|our|all|entire|full|whole|complete|current)\s+){0,3}(?:conversation|chat|session|context\s+window|message"
     r"|dialog(?:ue)?)\s*(?:history|logs?|transcripts?|contents?)\b|\b(?:share|send|leak|upload|forward|transmit"
     r"|export|post)\s+(?:(?:the|your|this|all|entire|full|whole|complete|current)\s+){1,3}(?:context|conversation"
     r"|memory|memories)\s+(?:with|to)\s+(?:(?:an?|the|some)\s+)?(?:external|third[\s-]party|remote|outside|unknown"
     r"|https?://)"),
    ("ssh_access", _X, "touches the user's ~/.ssh directory",
     r"(?:\$home|\$\{home\}|~|/home/[\w.-]{1,32}|/root|/users/[\w.-]{1,32}|%userprofile%)[/\\]\.ssh\b"),
    ("hermes_env", _X, "touches Hermes's secrets file ~/.hermes/.env",
     r"(?:\.hermes|\$hermes_home|\$\{hermes_home\})/\.env\b"),
    ("exfil_pipe", _X, "pipes environment or shell history to a network tool",
     r"(?<![\w$./-])(?:env|printenv|history|set|export\s+-p|declare\s+-x|compgen\s+-v)\s*\|"
     rf"{_gap(80, _ENV_PIPE)}\b(?:curl"
     r"|wget|nc|ncat|netcat|socat|telnet|openssl\s+s_client)\b"),
    ("exfil_raw_socket", _X, "opens a raw socket or reverse shell (nc -e, /dev/tcp, piping into netcat)",
     r"/dev/(?:tcp|udp)/[\w.-]+/\d+|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,4}-[a-z]*[ec]\s+(?:/bin/)?(?:ba|z|da)?sh\b"
     r"|\|\s*(?:nc|ncat|netcat|socat|telnet)\s+(?:-\w+\s+){0,4}[\w.-]+\.[\w.-]+\s+\d{2,5}\b"
     r"|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,4}[\w.-]+\s+\d{2,5}\s*<|\bsocat\b"
     rf"{_gap(80, _SOCAT)}\bexec:|\bbash\s+-i\s*>&"),
    ("ssh_backdoor", _P, "adds an SSH key to authorized_keys",
     r"authorized_keys"),
    ("agent_config_mod", _P, "edits an agent instruction or settings file (AGENTS.md, CLAUDE.md, .cursorrules...)",
     rf"{_MODIFY}{_AGENT_FILES}|{_REDIRECT}{_AGENT_FILES}|\b(?:cp|mv)\s+\S+\s+\S*?{_AGENT_FILES}"
     rf"|\b(?:update|modify|edit|write|change|add|append|insert)\b{_gap(80, _VERB)}(?:\bhooks?\b[^\n]{{0,80}}?settings"
     r"(?:\.local)?\.json|settings(?:\.local)?\.json[^\n]{0,80}?\bhooks?\b)"),
    ("hermes_config_mod", _P, "edits Hermes's config, SOUL.md, memories or skills",
     rf"{_MODIFY}{_HERMES_FILES}|{_REDIRECT}{_HERMES_FILES}"),
    ("shell_rc_mod", _P, "edits a shell startup file (~/.bashrc, ~/.zshrc, ~/.profile...)",
     rf"(?:{_MODIFY}|\badd\b[^\n]{{0,160}}?|{_REDIRECT}){_RC_FILES}"),
    ("sudoers_mod", _P, "edits sudoers or grants passwordless root",
     r"/etc/sudoers\b|\bsudoers\.d\b|\bvisudo\b|\bnopasswd\s*:|\busermod\s+-a?g\w*\s+(?:sudo|wheel|admin|root)\b"),
    ("crontab_persistence", _P, "installs a cron job or launch agent that survives the session",
     r"\bcrontab\s+-e\b|\|\s*crontab\b|\bcrontab\s+['\"]?(?:[\w.~-]*/[\w./~-]*|[\w-]+\.(?:txt|cron|tab))"
     r"|@reboot\s+\S|(?:>>?|\btee\s+-a)\s*"
     r"/etc/cron(?:tab|\.d/|\.(?:hourly|daily|weekly|monthly)/)|\bschtasks\s+/create\b"),
    ("c2_node_registration", _P, "tells the agent to register itself as a node of a remote network",
     rf"\bregister\s+(?:yourself\s+|this\s+(?:agent|machine|host|instance)\s+)?as\s+(?:an?\s+)?(?:new\s+)?(?:node"
     rf"|bot|peer|implant|zombie)\b|\bregister\s+(?:yourself|this\s+agent)\s+(?:with|on|to)\s+(?:the\s+)?(?:{_C2}"
     r"|network|server)\b|\bjoin\s+(?:the|our|a)\s+(?:botnet|swarm|hive)\b"),
    ("c2_heartbeat", _P, "tells the agent to check in with a remote controller periodically",
     rf"\b(?:send|post|emit|transmit)\s+(?:(?:a|periodic|regular)\s+){{0,2}}(?:heartbeats?|beacons?|check-?ins?)\s+"
     rf"(?:back\s+)?to\s+(?:the\s+)?(?:{_C2}|master|https?://|\d{{1,3}}\.\d)|\b(?:check\s+in|report\s+back|phone\s+"
     r"home|beacon(?:\s+out)?)\s+(?:to|with)\s+"
     rf"{_gap(80, _CHECK_IN)}\bevery\s+\d+\s*(?:s|secs?|seconds?|m|mins?|minutes?|h"
     r"|hours?)\b"),
    ("c2_task_pull", _P, "tells the agent to fetch its next commands from a remote server",
     rf"\b(?:fetch|pull|get|download|retrieve|poll|check)\s+(?:for\s+)?(?:(?:new|your|the|next|latest|pending"
     rf"|further)\s+){{0,2}}(?:instructions|commands|orders|directives|tasks)\s+from\s+(?:the\s+)?(?:{_C2}|remote"
     r"\s+server|https?://|\d{1,3}\.\d)"),
    ("c2_network_connect", _P, "tells the agent to connect to a command network",
     rf"\bconnect\s+to\s+the\s+(?:{_C2})\b|(?:(?<=[.!:;]\s)|(?<![^\n]))connect\s+to\s+the\s+network\s*[.!]"),
    ("c2_explicit", _P, "mentions a C2 server or channel",
     r"\b(?:c2|c&c|cnc)\s+(?:server|channel|infrastructure|endpoint|node|beacon|callback|host|domain|panel)s?\b"),
    ("c2_explicit_long", _P, "mentions a command-and-control server or channel",
     r"\bcommand[\s-]+(?:and|&)[\s-]+control\s+(?:server|channel|infrastructure|endpoint|node|network|beacon|host"
     r"|domain|panel)s?\b"),
    ("known_c2_framework", _P, "names a known C2 framework's implant or server",
     r"\b(?:cobalt\s*strike|meterpreter|brute\s*ratel|poshc2|koadic|sliver|havoc|mythic|covenant|empire|pupy|merlin)"
     r"\s+(?:beacon|implant|agent|payload|stager|listener|c2|teamserver|team\s+server|session)s?\b|\b(?:install"
     r"|deploy|run|launch|start|execute|load|drop)\s+(?:(?:a|the)\s+)?(?:cobalt\s*strike|meterpreter|brute\s*ratel"
     r"|poshc2|koadic)\b"),
    ("anti_forensic_oneliner", _P, "tells the agent to leave no trace (one-liners only)",
     r"\b(?:only\s+(?:ever\s+)?use|use\s+only)\s+one[\s-]?liners?\b|\b(?:leave|leaving)\s+no\s+(?:traces?|evidence"
     r"|footprints?|artifacts?)\b|\b(?:don'?t|do\s+not|never)\s+leave\s+(?:any\s+)?(?:traces?|evidence|footprints?)\b"),
    ("anti_forensic_disk", _P, "tells the agent to wipe history or logs, or never to touch disk",
     r"\b(?:never|don'?t|do\s+not)\s+(?:write|save|store|persist)\s+(?:(?:the|any)\s+)?(?:payloads?|scripts?"
     r"|implants?|binaries)\s+(?:to|on)\s+(?:the\s+)?disk\b|\bhistory\s+-c\b|\bunset\s+histfile\b|\bhistfile\s*=\s*"
     r"/dev/null|\bhistsize\s*=\s*0\b|\bset\s+\+o\s+history\b|\b(?:clear|wipe|delete|erase|remove|scrub|cover)\s+"
     r"(?:(?:the|all|your|any|my)\s+){0,2}(?:shell\s+history|bash\s+history|command\s+history|audit\s+logs?|tracks"
     r"|traces|evidence)\b"
     r"|\b(?:rm|shred)\s+(?:-\w+\s+){0,4}(?:(?!\b(?:rm|shred)\b)[^\n;|&]){0,40}?(?:_history\b|/var/log\b)"
     r"|\bln\s+-sf?\s+/dev/null\s+\S*_history"),
    ("env_var_unset_agent", _P, "unsets or disables the agent's own environment variables",
     r"\bunset\s+(?:-[fv]\s+)?(?:[a-z_][a-z0-9_]{0,40}\s+){0,4}(?:hermes|claude|codex|agent|openclaw)\w*"
     r"|\benv\s+-u\s+(?:hermes|claude|codex|agent)\w*|\b(?:hermes|claude|codex|agent)_\w{0,40}?(?:safe|safety"
     r"|sandbox|approval|guard|hook|confirm|permission)\w{0,20}\s*=\s*['\"]?(?:0|false|off|no|none|disabled?)\b"),
)
"""(rule id, family, description, lowercase pattern) for the injection, exfiltration and persistence rules."""


class SecretCheck(NamedTuple):
    """A secret rule: what it finds, its lowercase candidate pattern, and how a candidate is confirmed on the
    case-preserving text (its exact shape, how random it must be, whether it needs a digit)."""

    description: str
    candidate: str
    exact: re.Pattern[str]
    min_entropy: float
    needs_digit: bool = False


def _secret(description: str, candidate: str, exact: str, min_entropy: float = 3.0, digit: bool = False) -> SecretCheck:
    """A SecretCheck with its exact pattern compiled."""
    return SecretCheck(description, candidate, re.compile(exact), min_entropy, digit)


SECRET_CHECKS: Mapping[str, SecretCheck] = MappingProxyType({
    "secret_private_key": _secret(
        "a private key block", r"-----begin [a-z0-9 ]{0,30}private key(?: block)?-----[^-]{0,12000}(?:-----end "
        r"[a-z0-9 ]{0,30}private key(?: block)?-----)?", r"-----BEGIN [A-Z0-9 ]{0,30}PRIVATE KEY", 0.0),
    "secret_aws_access_key": _secret("an AWS access key id", r"\b(?:akia|asia|abia|acca)[a-z0-9]{16}\b",
                                     r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}", 2.0),
    "secret_aws_secret_key": _secret(
        "an AWS secret access key", r"(?:aws|secret_?access_?key|secret)[\w.-]{0,30}?['\"]?(?:[ \t]*(?::|=|=>|is\b)[ \t]*"
        r"|[ \t]+)['\"]?[a-z0-9/+]{40}(?![a-z0-9/+=])", r"[A-Za-z0-9/+]{40}$", 3.5, True),
    "secret_github_token": _secret("a GitHub token", r"\b(?:gh[pousr]_[a-z0-9]{36,255}|github_pat_[a-z0-9_]{22,255})\b",
                                   r"gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_\w{22,255}"),
    "secret_gitlab_token": _secret("a GitLab personal access token", r"\bglpat-[a-z0-9_-]{20}\b",
                                   r"glpat-[A-Za-z0-9_-]{20}"),
    "secret_slack_token": _secret(
        "a Slack token or webhook", r"\bxox[baprs]-[a-z0-9-]{10,200}|https://hooks\.slack\.com/services/t[a-z0-9]+"
        r"/b[a-z0-9]+/[a-z0-9]+", r"xox[baprs]-[A-Za-z0-9-]{10,200}|https://hooks\.slack\.com/services/T[A-Z0-9]+"
        r"/B[A-Z0-9]+/[A-Za-z0-9]+", 2.5, True),
    "secret_stripe_key": _secret("a Stripe live secret key", r"\b(?:sk|rk)_live_[a-z0-9]{20,200}",
                                 r"(?:sk|rk)_live_[A-Za-z0-9]{20,200}"),
    "secret_anthropic_key": _secret("an Anthropic API key", r"\bsk-ant-[a-z0-9_-]{20,300}", r"sk-ant-[\w-]{20,300}"),
    "secret_openai_key": _secret("an OpenAI-style API key", r"\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[a-z0-9_-]{20,300}",
                                 r"sk-(?:proj-|svcacct-|admin-)?[\w-]{20,300}", 3.0, True),
    "secret_google_api_key": _secret("a Google API key", r"\baiza[0-9a-z_-]{35}", r"AIza[\w-]{35}"),
    "secret_npm_token": _secret("an npm token", r"\bnpm_[a-z0-9]{36}\b", r"npm_[A-Za-z0-9]{36}"),
    "secret_huggingface_token": _secret("a Hugging Face token", r"\bhf_[a-z]{34}\b", r"hf_[A-Za-z]{34}"),
    "secret_pypi_token": _secret("a PyPI API token", r"\bpypi-ageichlwas5vcmc[a-z0-9_-]{50,300}",
                                 r"pypi-AgEIcHlwaS5vcmc[\w-]{50,300}"),
    "secret_jwt": _secret("a JSON Web Token", r"\beyj[a-z0-9_-]{8,2000}\.eyj[a-z0-9_-]{8,4000}\.[a-z0-9_-]{0,2000}",
                          r"eyJ[\w-]{8,2000}\.eyJ[\w-]{8,4000}\.[\w-]{0,2000}"),
    "secret_connection_string": _secret(
        "a URL with a password", r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|https?|ftps?)"
        r"://[^\s:/@'\"]{1,64}:[^\s@/'\"]{1,128}@", r"(?<=:)[^\s@/:'\"]{1,128}(?=@)", 2.5),
    "hardcoded_secret": _secret(
        "a hardcoded password, token or API key", r"(?:api[_-]?key|apikey|token|secret|passw(?:or)?d|pwd"
        r"|auth[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?)[\w.-]{0,24}?['\"]?[ \t]*"
        r"(?::=?|=>?)[ \t]*(?:[\"'`][a-z0-9+/=_.-]{20,512}|[a-z0-9+/=_-]{20,512})", r".", 3.5),
})
"""Every secret rule; candidates found on the lowercased text are confirmed by `confirm_secret`."""

INVISIBLE_RULES: tuple[tuple[str, Severity, str], ...] = (
    ("invisible_zero_width", BLOCK, "zero-width characters that hide or split words"),
    ("invisible_bidi", BLOCK, "bidirectional controls that reorder what the reader sees"),
    ("invisible_bidi_mark", WARN, "direction marks beside right-to-left text (usually typography)"),
    ("invisible_tag_characters", BLOCK, "Unicode tag characters: invisible text the model still reads"),
    ("invisible_variation_selectors", BLOCK, "variation selectors used to smuggle hidden data"),
    ("invisible_soft_hyphen", WARN, "soft hyphens (invisible; often pasted from web pages)"),
    ("invisible_hangul_filler", BLOCK, "Hangul filler characters that render as blank letters"),
    ("invisible_control", BLOCK, "control characters (terminal escapes, NUL, backspace...)"),
    ("invisible_private_use", WARN, "private-use characters (icon fonts; meaning unknown to the model)"),
    ("invisible_format", BLOCK, "other invisible format characters or lone surrogates"),
    ("invisible_bom", WARN, "a byte-order mark at the very start (an encoding artefact; strip it)"),
)

SCAN_ERROR, OVERSIZED, REDACTED = "scan_error", "oversized_entry", "secret_redacted"
SECRET_MARKER = re.compile(r"⟦secret: (?P<kind>[a-z0-9-]{1,40}), (?P<length>\d{1,6}) chars, #(?P<tag>[0-9a-f]{4})⟧")
"""A secret memrev redacted, as it stores and writes it (`⟦secret: aws-access-key, 20 chars, #a1b2⟧`)."""
PUBLIC_PREFIXES = ("AKIA", "ASIA", "ABIA", "ACCA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "gith", "glpa", "xoxb",
                   "xoxa", "xoxp", "xoxr", "xoxs", "sk-a", "sk_l", "rk_l", "AIza", "npm_", "pypi", "eyJ", "----")
"""Openings every key of its kind shares (shown to name the kind); any other secret shows none of its characters."""
RULES: Mapping[str, RuleInfo] = MappingProxyType({
    **{rule: RuleInfo(family, BLOCK, description) for rule, family, description, _ in PATTERN_RULES},
    **{rule: RuleInfo(_S, BLOCK, f"contains {check.description}") for rule, check in SECRET_CHECKS.items()},
    **{rule: RuleInfo("invisible", severity, description) for rule, severity, description in INVISIBLE_RULES},
    OVERSIZED: RuleInfo(_I, BLOCK, "entry too large to scan completely"),
    REDACTED: RuleInfo(_S, BLOCK, "held a secret, which memrev redacted before storing it"),
    SCAN_ERROR: RuleInfo(_I, BLOCK, "the scanner failed on this text, so it is blocked to be safe"),
})
"""Every rule id the scanner can report, with its family, severity and one-line description."""


SOURCES: Mapping[str, str] = MappingProxyType({**{rule: source for rule, _, _, source in PATTERN_RULES},
                                               **{rule: c.candidate for rule, c in SECRET_CHECKS.items()}})
"""Every rule's lowercase pattern, matched on the normalised text."""
LOOSE_SOURCES: Mapping[str, str] = MappingProxyType({
    rule: source.replace(r"\s+", r"\s*").replace(r"\b", "") for rule, _, _, source in PATTERN_RULES})
"""The pattern rules loosened for spaced-out letters collapsed into words: word gaps optional, no word boundaries."""
_PLACEHOLDERS = ("password", "passwd", "secret", "changeme", "example", "xxxx", "pass", "root", "admin", "test",
                 "user", "postgres", "mysql", "redis", "guest")
_HERMES_SHAPE = re.compile(r"(?i)(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}")
_ASSIGNED = re.compile(r"^(?P<key>.*?)['\"]?[ \t]*(?::=?|=>?)[ \t]*(?P<quote>[\"'`]?)(?P<value>[A-Za-z0-9+/=_.-]+)", re.S)
_NOT_A_SECRET_KEY = re.compile(r"(?:path|file|filename|dir|url|uri|endpoint|name|id|type|ttl|expiration|expires"
                               r"(?:_in)?)$", re.I)
"""Key names that hold where or what a secret is (`private_key_path`, `token_url`), not the secret."""
_PHRASE = re.compile(r"^[a-z]+(?:[-_](?:[a-z]+|\d{1,3})){3,}$")
"""A hyphenated phrase of lowercase words (`your-random-secret-key-min-32-chars`): a placeholder, not a key."""
_BASE64 = re.compile(r"[A-Za-z0-9+/]")
_URL_USER = re.compile(r"://([^\s:/@'\"]{1,64}):")


def entropy(value: str) -> float:
    """Shannon entropy in bits per character, to tell random keys from words and placeholders."""
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values()) if total else 0.0


def confirm_secret(rule: str, candidate: str) -> tuple[str, str] | None:
    """(value, key name) when a candidate (case kept) really is the secret its rule names; None for placeholders."""
    if rule == "hardcoded_secret":
        return _confirm_assignment(candidate)
    check = SECRET_CHECKS[rule]
    found = check.exact.search(candidate)
    if found is None:
        return None
    if rule == "secret_private_key":
        body = candidate[candidate.find("-----", 5) + 5:].split("-----")[0]
        return (candidate, "") if len(_BASE64.findall(body)) >= 32 else None
    value = found.group()
    if rule == "secret_connection_string" and any(word in value.lower() for word in _PLACEHOLDERS):
        return None
    user = _URL_USER.search(candidate)
    if rule == "secret_connection_string" and user is not None and user.group(1).lower() == value.lower():
        return None  # `app:app@localhost`: a local default, the password is the user's name
    if value.startswith(("$", "{", "<", "%")) or entropy(value) < check.min_entropy:
        return None
    if check.needs_digit and not any(c.isdigit() for c in value):
        return None
    if rule == "secret_aws_secret_key" and (value.isupper() or value.islower()):  # a hex digest, not a base64 key
        return None
    return value, ""


def _placeholder(value: str) -> bool:
    """Whether an assigned value is an example: `your-…`, a phrase of words, cut off with `..`, a bare JWT header."""
    lowered = value.lower()
    return ("your" in lowered or _PHRASE.match(lowered) is not None or value.endswith("..")
            or (value.startswith("eyJ") and "." not in value.rstrip(".")))


def _confirm_assignment(candidate: str) -> tuple[str, str] | None:
    """Hermes's quoted shape always counts; other assignments need a random-looking value (and digits if unquoted)."""
    parts = _ASSIGNED.match(candidate)
    if parts is None:
        return None
    key, value = parts.group("key").strip(), parts.group("value")
    if _NOT_A_SECRET_KEY.search(key.strip("'\"` ")) or _placeholder(value):
        return None
    if _HERMES_SHAPE.search(candidate):
        return value, key
    if len(value) < 20 or entropy(value) < SECRET_CHECKS["hardcoded_secret"].min_entropy:
        return None
    if not parts.group("quote") and not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return None
    return value, key
