"""Injection rules in English: instruction overrides, new roles and personas, jailbreaks, fake system or admin
markers, claimed authorisation, scripted deception, hidden comments, and instructions to obey untrusted text.

Block is for the forms real instruction files never use (`ignore previous instructions`, `DAN mode enabled`,
`[SYSTEM OVERRIDE]`); hold is for phrasings that are suspicious but often innocent (`these rules override every other
instruction`, `when asked about pricing, say...`), so a person decides.
"""

from __future__ import annotations

from memrev.core.scan.rules_base import (AGENT, AI, BLOCK, HOLD, INJECTION, NAMED, NOT, STRONG_WORDS, UNQUOTED, Rule,
                                         gap, words)

_I = INJECTION
_DET = r"(?:the|your|my|our|of|these|those|other|this|that|all|any|every|such)"
_CORE_NOUNS = (r"(?:instructions?|directives?|prompts?|guidelines|rules|programming|constraints|orders|guidance"
               r"|system\s+(?:prompt|message))")
_BLOCK_ADJ = (r"(?:all|any|every|previous|prior|earlier|preceding|former|original|initial|foregoing|above|system"
              r"|safety|existing|past)")
_IGNORE = (r"(?:ignore|disregard|forget|discard|abandon|pay\s+no\s+(?:attention|heed|mind)\s+to|stop\s+(?:following"
           r"|obeying|listening\s+to)|no\s+longer\s+(?:follow|obey|adhere\s+to)|cease\s+following)")
_SCOPED = r"(?!\s+(?:about|regarding|concerning|re:)\s)"
"""Not followed by the one topic they were about (`ignore the previous instructions about Node 16`): a correction of
one note, held by `possible_prompt_injection` (Hermes flags it) rather than blocked."""
_DISOBEY = r"(?:do\s+not|don't|never|must\s+not)\s+(?:follow|obey|listen\s+to|adhere\s+to|comply\s+with)"
_BROAD_VERBS = (r"(?:ignore|ignoring|disregard|disregarding|forget|forgetting|discard|drop|abandon|override|overrides"
                r"|overriding|bypass|skip|dismiss|scrap|neglect|supersede|supersedes|replace|replaces|overrule"
                r"|overrules|nullify|cancel|void|invalidate|set\s+aside|throw\s+out|pay\s+no\s+(?:attention|heed|mind)"
                r"|stop\s+(?:following|obeying)|no\s+longer\s+(?:follow|obey)|takes?\s+precedence\s+over)")
_BROAD_ADJ = r"(?:previous|above|prior|earlier|old|original|initial|system|existing|preceding|former)"
_BROAD_NOUNS = (r"(?:instructions?|directives?|prompts?|guidelines?|rules?|commands?|programming|constraints?"
                r"|orders?|guidance|policies|policy|restrictions?|guardrails?|training|context)")
_WORD = r"[\w']+"
_NEG = r"do\s+not|don't|never|must\s+not"
"""Where the hiding rule starts: its filler before `tell` stops there (each `tell` is then reached from one start
only, so matching stays linear), while a bare `do` or `must` is filler, as Hermes's `(?:\\w+\\s+)*` allows."""
_TR80, _TR_LONG = gap(80, r"\btranslate\b"), gap(2048, r"\btranslate\b")
_INTO_LONG = gap(2048, r"\binto\s|\btranslate\b")
_ASKED, _RUN80 = gap(80, r"\b(?:when|if)\s"), r"[^\n]{0,80}?"
_PAREN = gap(400, r"\)")
_DEV_GAP, _HYPO_GAP = gap(2048, r"\bdeveloper\s+mode\b"), gap(2048, r"\bhypothetical\s+scenario")


_NOT_UNTIL = r"(?![^\n.;]{0,80}?\b(?:unless|until|before)\b)"
"""Not a rule that gates what the agent reports on the truth (`don't tell the user a test passed unless you ran
it`); Hermes flags only `do not … tell … the user`, which stays held whatever follows."""


def free(stop: str) -> str:
    """Any number of filler words (letters, digits, apostrophes) with any whitespace between, as Hermes's
    `(?:\\w+\\s+)*` allows, but never a `stop` word: stopping at the words that start the rule, or at the word just
    matched before the filler, keeps every window apart from the next, so matching stays linear."""
    return f"(?:(?!(?:{stop})\\b){_WORD}\\s+)*?"

_HIDDEN_ORDER = (r"(?:ignore|disregard|forget|override|instructions?|assistant|agent|ai|llm|model|you|your|always|never"
                 r"|must|send|run|execute|curl|wget|secrets?|tokens?|keys?|passwords?|credentials?|system|prompt|user"
                 r"|upload|post|fetch|delete|exfil\w*|env|ssh|https?|approved?|do|don't|tell|evil|malicious|payload"
                 r"|attack\w*)\b")
"""Words of an order hidden by CSS: a hidden block holding none of them (`Tracking pixel fallback`) is markup, held."""
_TOOL_DIRECTIVE = (r"(?:prettier-ignore|markdownlint-(?:disable|enable|capture|restore)|cspell|spell-checker|textlint-"
                   r"|vale\s|eslint-|stylelint-|remark-|toc\b|lint-|biome-ignore|deno-lint-ignore|htmlhint\s)")
"""What a formatter or linter reads from an HTML comment (`<!-- prettier-ignore -->`): a tool's switch, not a hidden
order."""
_NAMED_MARKER = (r"(?!`|[ \t]*(?:…|\.\.\.)?[ \t]*(?:</?\s*[a-z_]+\s*>[ \t]*)?(?:tags?|labels?|markers?|sections?|tokens?"
                 r"|prefix(?:es)?|blocks?|headers?|elements?|log\s+lines?|lines?|alerts?|notifications?|events?)\b"
                 r"|[ \t]*(?:,|/|or\b|and\b)[ \t]*(?:or\b[ \t]*)?[\[<`])")
"""After a marker: it is named, not used, when it sits in a code span, is called a tag, label, marker, section,
element or log line (`` `<system>` ``, `<system>…</system> tags`), or is one of a list of them (`[SYSTEM], [DB] or
[HTTP]`)."""


INJECTION_RULES: tuple[Rule, ...] = (
    Rule("prompt_injection", _I, BLOCK, "tells the agent to ignore its previous instructions",
         rf"{NOT}{UNQUOTED}\b{_IGNORE}\s+(?:{_DET}\s+){{0,3}}{_BLOCK_ADJ}\s+(?:(?:{_DET}|{STRONG_WORDS})\s+){{0,3}}"
         rf"{_CORE_NOUNS}\b{_SCOPED}|\b{_DISOBEY}\s+(?:(?:any|all)\s+(?:of\s+)?)?(?:your|the|my)\s+(?:previous|prior|original"
         rf"|initial|earlier|system|existing)\s+{_CORE_NOUNS}\b"
         rf"|{NOT}\b(?:ignore|disregard|forget)\s+(?:everything|anything|all(?:\s+(?:of\s+)?(?:that|this))?)\s+"
         r"(?:(?:written|said|stated|mentioned)\s+)?(?:above|before\s+this|previously|prior\s+to\s+this|so\s+far"
         r"|up\s+to\s+(?:now|this\s+point)|you\s+(?:were|have\s+been)\s+(?:told|given|instructed|taught))\b"
         r"|\b(?:the\s+)?(?:real|actual|true|secret)\s+(?:instructions|prompt|orders|system\s+prompt)\s+(?:start"
         r"|starts|begin|begins|follow|are\s+as\s+follows)\b"),
    Rule("possible_prompt_injection", _I, HOLD,
         "may tell the agent to set aside its instructions (override wording, held for a person)",
         rf"{NAMED}\b(?:ignore|disregard)\s+{free('ignore|disregard')}(?:previous|all|above|prior|your|any)\s+"
         rf"{free('previous|all|above|prior|your|any|ignore|disregard')}(?:instructions|rules|guidelines)"
         rf"|{NAMED}\b{_BROAD_VERBS}\s+{free(_BROAD_VERBS)}{_BROAD_ADJ}\s"
         rf"+{free(_BROAD_ADJ + '|' + _BROAD_VERBS)}{_BROAD_NOUNS}"
         rf"|\b(?:these|the|my|our|following|below)\s+(?:new\s+)?(?:instructions|rules|directives|orders)\s+"
         rf"(?:replace|supersede|override|cancel|invalidate|overrule|take\s+precedence\s+over|make)\s+{words(3)}"
         rf"(?:your|previous|prior|old|earlier|original|system|all\s+(?:previous|prior|earlier|your|old))\b"
         rf"|\b(?:previous|prior|old|above|earlier|original|initial|all\s+other|your\s+(?:old|previous|original))\s+"
         rf"(?:instructions|rules|directives|guidelines|prompts?|orders)\s+(?:are|is|were|have\s+been|become|now)\s+"
         rf"(?:now\s+)?(?:void|null|obsolete|cancell?ed|revoked|invalid(?:ated)?|overridden|superseded|replaced|moot"
         rf"|irrelevant|no\s+longer\s+(?:valid|apply|applicable|in\s+effect|relevant|binding))\b"
         rf"|\b(?:new|updated|revised|real|actual)\s+(?:instructions|rules|orders|task|directives)\s*(?:start|begin"
         rf"|follow"
         rf"|below|here)\s*[:!-]"),
    Rule("role_hijack", _I, BLOCK, "tries to give the agent a new role or identity",
         r"\byou\s+are\s+(?:(?!you\s+are\b)[\w \t',-]){0,80}?\bnow\s+(?:a|an|the)\s+"
         r"|\bfrom\s+now\s+on,?\s+you\s+(?:are|will\s+be|will\s+act\s+as)\s+(?:a|an|the)\s+"
         r"|\bfrom\s+now\s+on,?\s+you\s+are\s+(?:dan|free|unrestricted|unfiltered|jailbroken)\b"
         r"|\byou\s+are\s+no\s+longer\s+(?:an?\s+)?(?:ai|assistant|claude|hermes|codex|bound"
         r"|restricted|language\s+model)\b"
         r"|\bact\s+as\s+(?:a|an)\s+(?:unrestricted|unfiltered|evil|malicious|jailbroken)\b"),
    Rule("possible_role_hijack", _I, HOLD, "may give the agent a new role (held for a person)",
         rf"\byou\s+are\s+{free('you')}now\s+(?:a|an|the)\s"),
    Rule("role_pretend", _I, BLOCK, "asks the agent to pretend to be someone it must not be",
         rf"{NOT}\b(?:pretend|roleplay|role-play)\s+(?:that\s+)?(?:you\s+are|you're|to\s+be|as)\s+(?:(?:a|an|the"
         r"|my|now)\s+){0,2}(?:hacker|attacker|criminal|evil|malicious|unrestricted|unfiltered|uncensored|jailbroken"
         r"|human|real\s+person|person|user|dan|different\s+(?:ai|assistant|model)|another\s+(?:ai|assistant|model)"
         r"|(?:system\s+)?admin(?:istrator)?|root|developer\s+mode|ai\s+without|assistant\s+without|not\s+an\s+ai)\b"),
    Rule("possible_role_pretend", _I, HOLD, "asks the agent to pretend or role-play (held for a person)",
         rf"{NOT}\b(?:pretend|pretending)\s+{free('pretend')}(?:you\s+are|you're|to\s+be)\s"
         r"|\broleplay\s+as\b|\brole-play\s+as\b"),
    Rule("jailbreak_persona", _I, BLOCK, "names a jailbreak persona or mode (DAN, developer mode, god mode...)",
         r"\b(?:dan|stan|dude|aim|jailbreak|jailbroken|god|evil|chaos|unrestricted|uncensored|unfiltered|opposite)\s+"
         r"mode\s+(?:is\s+)?(?:now\s+)?(?:enabled|activated|on|engaged|unlocked)\b|\b(?:enter|enable|activate|switch\s+"
         r"to|unlock)\s+(?:dan|stan|dude|jailbreak|god|evil|chaos|unrestricted|uncensored|unfiltered)\s+mode\b"
         r"|\bdo\s+anything\s+now\b[^\n]{0,40}?\bdan\b|\bdan\b[^\n]{0,20}?\bdo\s+anything\s+now\b"
         r"|\b(?:you\s+are|you're|act\s+as|become|you\s+will\s+be)\s+(?:now\s+)?(?:dan|stan|antigpt|betterdan"
         r"|evil\s*(?:bot|confidant)|developer\s+mode\s+(?:gpt|claude|ai))\b(?!\s*[-'])"
         r"|\b(?:chatgpt|claude|gpt|ai|assistant|you)\s+(?:with|in)\s+developer\s+mode\s+(?:enabled|on)\b"
         r"|\bstay\s+in\s+character\b[^\n]{0,60}?\b(?:dan|no\s+(?:rules|restrictions|limits)|jailbr)"),
    Rule("possible_jailbreak", _I, HOLD, "mentions a jailbreak mode or pretext (held for a person)",
         rf"\bdan\s+mode\b|\bdo\s+anything\s+now|\bdeveloper\s+mode{_DEV_GAP}enable"
         rf"|\bhypothetical\s+scenario{_HYPO_GAP}(?:ignore|bypass|override)|\bfor\s+educational\s+purposes?\s+only"
         r"|\bnew\s+(?:(?!new\b)[\w']+\s+)*?policy|\bupdated\s+(?:(?!updated\b)[\w']+\s+)*?guidelines"
         r"|\brevised\s+(?:(?!revised\b)[\w']+\s+)*?instructions"),
    Rule("sys_prompt_override", _I, BLOCK, "claims to override or replace the system prompt, or opens a system turn",
         r"\bsystem\s+prompt\s+override|\boverride\s+(?:the\s+|your\s+|all\s+){0,2}system\s+(?:prompt|instructions"
         r"|message)|\bnew\s+system\s+prompt\s*:|(?<!`)<\|im_start\|>\s*(?:system|assistant|developer)\b(?![ \t]*[;,.)'\"`/])"
         r"|(?<!`)<\|start_header_id\|>\s*(?:system|assistant|developer)\b(?![ \t]*[;,.)'\"`/])"
         r"|<start_of_turn>\s*(?:system|model)\b(?![ \t]*[;,.)'\"`/])|<\|system\|>(?![ \t]+(?:tags?|markers?|tokens?|and|or|blocks?)\b)\s*[a-z]|<<sys>>\s*(?!tags?\b|markers?\b|and\b|blocks?\b)[a-z]"
         r"|<\|(?:im_end|eot_id|end_header_id|endoftext)\|>\s*<\|(?:im_start|start_header_id)\|>|(?<!`)\[inst\]\s*<<sys>>"),
    Rule("fake_system_marker", _I, BLOCK, "fakes a system or administrator message to the agent",
         r"\[\s*(?:system|admin|administrator|developer|root)\s+(?:override|instruction|command|directive|notice"
         r"|message|update|alert|prompt)s?\s*\](?!\s*(?:banners?|tags?|labels?|markers?|prefix(?:es)?|lines?|entries)\b)"
         r"(?!\s*\[sessionid:)|\b(?:system|admin|administrator|developer)\s+override\s*[:!\]]"
         r"|\bbegin\s+(?:new\s+)?system\s+(?:prompt|instructions|message)\b|\bend\s+of\s+(?:the\s+)?system\s+prompt\b"
         r"|\b(?:message|instructions?|note|notice|directive)\s+from\s+(?:the\s+)?(?:system\s+administrator|anthropic"
         r"|openai|nous\s+research|your\s+(?:developers?|creators?|administrator))\s*[:!-]"
         r"|##{0,5}\s*(?:system|admin)\s+(?:override|instructions?|message)\s*(?:\n|:)"
         r"|\bimportant\s+(?:system|admin(?:istrator)?)\s+(?:notice|message|update|instruction)\s*[:!]"),
    Rule("possible_fake_system_marker", _I, HOLD, "looks like a system or administrator message (held for a person)",
         rf"(?<![`\"'])(?<!<)</?\s*(?:system|system[_-]prompt|system[_-]message|sys|admin|administrator)\s*>{_NAMED_MARKER}"
         rf"|(?<![`\"'])(?<![\w\]] )\[\s*(?:system|admin|sys|administrator)\s*\]{_NAMED_MARKER}"
         r"|##{0,5}[ \t]*(?:system|admin(?:istrator)?)[ \t]+(?:message|notice"
         r"|prompt)[ \t]*:?[ \t]*\n|##{0,5}[ \t]*system[ \t]*#*[ \t]*\n(?=[ \t]*you\b)"
         r"|@@\s*(?:system|admin|sys|administrator|operator)\s*@@"
         r"|</(?:instructions|system|rules|context|prompt)>\s*<(?:instructions|system|rules)\b|<instructions\s+priority\b"
         r"|(?<![`\"'])<\|?im_start\|?>\s*(?:system|assistant)\b|(?<![^\n])```[ \t]*(?:system|admin)[ \t]*\n"
         r"|<<<\s*sys(?:tem)?\s*>>>|\bfrom:\s*(?:the\s+)?system\s+administrator\b"
         r"|(?<!`)<\s*[a-z]{1,12}[_:-]system\s*>|<(?:message|msg|turn)\s+(?:role|from|author)\s*=\s*['\"]?"
         r"(?:system|developer|admin)\b|\bhuman:[ \t]+[^\n]{1,300}\n(?:[ \t]*\n){0,3}[ \t]*assistant:[ \t]*(?:sure"
         r"|okay|ok|of\s+course|certainly|absolutely|here)\b|\[/inst\][ \t]*(?:sure|okay|of\s+course|certainly"
         r"|absolutely|here\s+(?:is|are))\b|\bassistant\s+(?:turn|message|response|reply)\s*\(?\s*pre-?filled\b"
         r"|\bpre-?filled\s+assistant\s+(?:turn|message|response|reply)\b"
         r"|</?(?:function_results|function_calls|tool_result|tool_use)>(?!\s*(?:tags?|blocks?|elements?)\b)"
         r"|\badmin(?:istrator)?\s+(?:message|notice|instruction|announcement)\s*[:!-]|(?<![^\n])system\s*:"
         r"\s+(?:you|the\s+assistant|ignore|new|from\s+now|always|never)"),
    Rule("disregard_rules", _I, BLOCK, "tells the agent to disregard its rules or instructions",
         rf"{NOT}{UNQUOTED}\bdisregard\s+(?:(?:all|any|of|your|the|my|previous|prior|above|earlier|important|these"
         r"|those|system"
         r"|safety|every|existing|core|original|initial|current|standard)\s+){0,5}(?:instructions|rules|guidelines"
         r"|guardrails|policies|restrictions|directives|constraints|programming|training)\b"),
    Rule("bypass_restrictions", _I, BLOCK, "asks the agent to act as if it had no restrictions",
         r"\b(?:act|behave|respond|operate|pretend)\s+(?:as\s+(?:if|though)|like)\s+you\s+(?:have\s+no|don'?t\s+have"
         r"|do\s+not\s+have|had\s+no|didn'?t\s+have|are\s+not\s+bound\s+by|are\s+free\s+(?:of|from))\s+(?:(?:any|your"
         r"|the)\s+){0,2}(?:restrictions|limits|limitations|rules|guidelines|filters|boundaries|constraints|guardrails"
         rf"|policies)\b|{NOT}\bbypass\s+(?:(?:all|any|of|your|its|the)\s+){{0,3}}(?:safety|ethical|content)\s+"
         r"(?:restrictions|guardrails|filters|safeguards|guidelines|rules)\b"),
    Rule("possible_bypass_restrictions", _I, HOLD, "may ask the agent to act as if unrestricted (held for a person)",
         rf"\bact\s+as\s+(?:if|though)\s+{free('act')}you\s+{free('you|act')}(?:have\s+no|don't\s+have)\s+"
         rf"{free('have|don|act')}(?:restrictions|limits|rules)"),
    Rule("remove_filters", _I, BLOCK, "asks the agent to answer without its safety filters",
         rf"{NOT}\b(?:respond|answer|reply|act|operate|write|output|speak|behave)\s+without\s+(?:(?:any|your|the"
         rf"|all)\s+)"
         r"{0,2}(?:(?:safety|content|ethical|moral)\s+)?(?:filters?|filtering|restrictions|guardrails|censorship"
         rf"|limitations|guidelines)\b|{NOT}\b(?:disable|remove|bypass|turn\s+off|ignore)\s+(?:(?:your|all|any|the)\s+)"
         r"{0,2}(?:safety|ethical|moral)\s+(?:filters?|guardrails|guidelines|restrictions)\b"),
    Rule("possible_remove_filters", _I, HOLD, "may ask the agent to answer without limits (held for a person)",
         rf"\b(?:respond|answer|reply)\s+without\s+{free('respond|answer|reply')}"
         r"(?:restrictions|limitations|filters|safety)"),
    Rule("fake_update", _I, BLOCK, "claims the agent was updated or reprogrammed",
         r"\byou\s+(?:have\s+been|'ve\s+been|were)\s+(?:\w+\s+){0,2}?(?:updated|upgraded|reprogrammed|patched"
         r"|reconfigured)\s+(?:to|with|by)\b|\byour\s+(?:(?:core|system|new)\s+)?(?:instructions|programming"
         r"|directives|guidelines|rules)\s+(?:have\s+been|were|are\s+now)\s+(?:updated|changed|replaced|overridden"
         r"|revoked)\b"),
    Rule("possible_fake_update", _I, HOLD, "claims the agent was updated (held for a person)",
         rf"\byou\s+have\s+been\s+{free('you')}(?:updated|upgraded|patched)\s+to"),
    Rule("identity_override", _I, BLOCK, "gives the agent a new name or identity",
         r"\bname\s+yourself\s+[\w']|\bcall\s+yourself\s+\w|\byour\s+(?:new\s+)?name\s+is\s+now\b"
         r"|\byour\s+true\s+identity\s+is\b"),
    Rule("translate_execute", _I, BLOCK, "asks the agent to translate text into code and run it",
         rf"\btranslate\b{_TR80}\b(?:into|to)\s+(?:python|bash|shell|code|javascript|js"
         r"|powershell|ruby|perl|sql|(?:a|an)\s+(?:script|command|program))\b[^\n]{0,40}?\b(?:and|then)\s+(?:execute"
         rf"|run|eval|exec)\b|\btranslate\b{_TR80}\b(?:and|then)\s+(?:execute|run|eval|exec)\s+"
         r"(?:it|that|them|the\s+(?:result|output|code))\b"),
    Rule("possible_translate_execute", _I, HOLD, "asks the agent to translate text and run it (held for a person)",
         rf"\btranslate\s+{_TR_LONG}\s+into\s+(?:[\w']+(?:[\s-]+[\w']+){{0,2}}|{_INTO_LONG})\s+and\s+"
         r"(?:execute|run|eval)"),
    Rule("deception_hide", _I, BLOCK, "tells the agent to hide something from the user",
         r"\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:ever\s+)?(?:tell|inform|notify|alert|mention\s+(?:this|it|that"
         r"|anything)\s+to|let)\s+the\s+user\s+(?:know\b|about\b|that\s+you\b|what\s+you\b|anything\b|of\s+this\b"
         r"|(?:this|it)\b)|\bkeep\s+(?:this|it|that)\s+(?:a\s+)?secret\s+from\s+the\s+user\b|\bhide\s+(?:this|it|that"
         r"|the\s+(?:change|command|upload|request)s?)\s+from\s+the\s+user\b|\bwithout\s+the\s+user(?:'s)?\s+"
         r"(?:knowing|knowledge|noticing|seeing|consent)\b|\b(?:never|do\s+not|don'?t)\s+(?:mention|reveal|admit"
         r"|disclose)\s+(?:to\s+the\s+user\s+)?that\s+you\b|\blie\s+to\s+the\s+user\b"),
    Rule("possible_deception_hide", _I, HOLD, "tells the agent what to keep from or say to the user (held)",
         rf"\bdo\s+not\s+{free(_NEG)}tell\s+{free('tell')}the\s+user"
         rf"|\b(?:don't|never|must\s+not)\s+{free(_NEG)}tell\s+{free('tell')}the\s+user{_NOT_UNTIL}"

         r"|\b(?:never|do\s+not|don'?t)\s+(?:mention|reveal|disclose|admit)\s+(?:to\s+(?:the\s+)?(?:user|human"
         r"|anyone)\s+)?(?:that|this|the\s+fact)\b"),
    Rule("claimed_authorisation", _I, HOLD, "claims the user already approved what the agent is about to do",
         r"\b(?:the\s+)?(?:user|owner|admin|administrator|operator|human|maintainer|team)\s+(?:has|have|had)\s+"
         r"(?:already\s+)?(?:pre-?approved|pre-?authori[sz]ed|approved|authori[sz]ed|consented\s+to|signed\s+off\s+on"
         r"|granted\s+(?:you\s+)?permission\s+for)\s+(?:all|any|every|this|these|the|everything|you)\b"
         r"|\byou\s+(?:are|have\s+been|were)\s+(?:already\s+)?(?:fully\s+)?(?:authori[sz]ed|permitted|allowed|cleared"
         r"|approved)\s+to\s+(?:skip|bypass|ignore|run\s+(?:any|all)|execute\s+(?:any|all)|delete|push|deploy|access)"
         r"|\b(?:no|without)\s+(?:need\s+(?:for|to\s+(?:ask|get|request|seek))\s+)?(?:further\s+)?(?:confirmation"
         r"|approval"
         r"|permission)\s+(?:is\s+)?(?:needed|required|necessary)\b|\bpre-?(?:approved|authori[sz]ed)\s+(?:by\s+the"
         r"\s+user|for\s+(?:all|any|every))\b|\b(?:permission|approval|consent)\s+(?:has\s+been|was"
         r"|is)\s+(?:already\s+)?"
         r"(?:granted|given)\s+(?:for\s+(?:all|any|every)|in\s+advance|to\s+(?:skip|bypass|run|delete|push))"),
    Rule("forced_action", _I, BLOCK, "forces the agent to act secretly or without telling the user",
         rf"{NOT}\b(?:secretly|covertly|stealthily)\s+(?:run|execute|download|install|send|upload|post|curl|wget|fetch"
         r"|copy|exfiltrate|forward|delete|modify|add|write|push|commit)\b|\bsilently\s+(?:run|execute|download|install"
         r"|send|upload|post|curl|wget|fetch|copy|exfiltrate|forward|push)\b[^\n]{0,120}?(?:https?://|\bcurl\b|\bwget\b"
         r"|\.env\b|\.ssh\b|credentials|secrets?\b|tokens?\b|api\s+keys?|\|\s*(?:ba)?sh\b|\bto\s+(?:the\s+)?(?:server"
         r"|remote|endpoint))|\bexecute\s+(?:it|this|them"
         r"|the\s+(?:command|payload|script))\s+(?:immediately\s+)?without\s+(?:question|hesitation|confirmation"
         r"|review)\b|\b(?:always|must)\s+(?:immediately\s+)?(?:execute|run)\s+(?:any|all|every)\s+(?:commands?"
         r"|instructions?|code)\s+(?:from|in|found\s+in|received)\b"),
    Rule("silent_action", _I, HOLD, "asks the agent to run, install or send something silently (held for a person)",
         rf"{NOT}\b(?:silently|quietly)\s+(?:run|execute|download|install|send|upload|post|fetch|curl|wget|push"
         r"|exfiltrate|forward|pipe)\b"),
    Rule("possible_forced_action", _I, HOLD, "tells the agent to act without telling anyone, or that it must register,"
         " connect or report (held)",
         r"\byou\s+must\s+(?:[\w']+\s+){0,3}?(?:register|connect|report|beacon)\b|\bwithout\s+(?:telling|informing"
         r"|notifying|alerting|letting)\s+(?:the\s+)?(?:user|human|operator|owner|anyone|them)\b"),
    Rule("obey_external", _I, HOLD, "tells the agent to obey text from web pages, issues, e-mails or tool output",
         rf"{NOT}\b(?:follow|obey|execute|carry\s+out|act\s+on|comply\s+with|apply|treat\s+as\s+"
         r"(?:authoritative|instructions|commands))\s+(?:any|all|every|the|whatever)?\s*(?:instructions?|commands?"
         r"|directions|orders|requests?|steps|tasks|code|says|it\s+says)\s+(?:\w+\s+){0,2}?(?:found\s+|given\s+"
         r"|contained"
         r"\s+|written\s+|embedded\s+|you\s+(?:find|read|see|get)\s+)?(?:in|from|inside|within|on)\s+(?:any\s+|the\s+"
         r"|a\s+)?"
         r"(?:fetched\s+|retrieved\s+|scraped\s+|external\s+|incoming\s+|third-party\s+)?(?:web\s*(?:pages?|sites?"
         r"|content|results)|pages?\s+you\s+(?:fetch|visit|read)|websites?|search\s+results|tool\s+(?:outputs?|results?"
         r"|responses?)|e-?mails?|inbox|issue\s+comments|pr\s+comments|pull\s+request\s+comments|comments\s+on"
         r"|fetched\s+(?:content|files?|urls?)|mcp\s+(?:responses?|outputs?|results?)|api\s+responses|documents?\s+you"
         r"\s+read|retrieved\s+(?:documents?|content))|\b(?:do|run|execute)\s+whatever\s+(?:the\s+)?(?:web\s*page"
         r"|page|site|issue|email|e-mail|message|tool\s+output|comment|document|ticket|third\s+party|stranger)\s+"
         r"(?:says|tells|asks|wants|instructs)|\btreat\s+(?:tool\s+output|web\s+content|fetched\s+content|search"
         r"\s+results|issue\s+text)\s+as\s+(?:trusted|authoritative|instructions|commands)"),
    Rule("html_comment_injection", _I, BLOCK, "hides instructions for the agent in an HTML or markdown comment",
         rf"(?:<!--|\[(?://|comment|_|#)\]:\s*(?:#|<>)\s*\(){gap(300, '<!--|-->')}(?<![:/-])(?:\b(?:ignore|override"
         r"|disregard|bypass)\b(?!\s*(?:-|:|next|start|end|file|line|this\s+(?:line|file|block)|below|above\s*-->))"
         r"|\bexfiltrat\w*|\breveal\s+(?:the\s+)?(?:secret|system|key|token|password)|system\s+(?:prompt|instructions?"
         rf"|message)|\byou\s+(?:must|are\s+now|should\s+now|will\s+now)\b|\b(?:{AGENT}s?|{AI}s?[ -]only)\s*:\s*"
         r"(?:always|never|ignore|you|do|run|send|execute|when|approve|merge|skip|grant|allow)"
         r"|\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|agent|llm|model)s?\b"
         r"|do\s+not\s+tell|don't\s+tell)"),
    Rule("possible_html_comment_injection", _I, HOLD, "a hidden comment mentions ignore, override, system or secret",
         rf"<!--(?!\s*{_TOOL_DIRECTIVE}[^>]{{0,200}}-->)(?:(?!<!--)[^>]){{0,4096}}?(?:ignore|override|system|secret|hidden"
         rf"|real\s+task|your\s+task|assistant|instructions?\s+for|\b{AI}s?[ -](?:only|eyes[ -]only)\b)"
         r"|!\[[^\]\n]{0,200}\]\([^)\s]+\s+['\"][^'\"\n]{0,40}\b(?:assistant|agent|ai|llm)\s*:"
         r"|<(?:div|span|p|section)\s+hidden\b|<instructions\b[^>\n]{0,120}\b(?:trust|priority|source)\s*="
         rf"|\[(?://|comment|_)\]:\s*(?:#|<>)\s*\({_PAREN}(?:ignore|override|system|secret|hidden"
         r"|instruction|assistant|agent|always|never|must)"),
    Rule("hidden_div", _I, BLOCK, "hides text from the reader with CSS (display:none, zero size or opacity)",
         r"<(?!(?:input|img|br|hr|meta|link|source|track|wbr|area|col|embed)\b)[a-z][a-z0-9]{0,10}\b[^<>]{0,300}?"
         r"(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0+)?"
         r"(?:px|pt|em|rem|%)?\s*[;\"'>]|opacity\s*:\s*0(?:\.0+)?\s*[;\"'>])"
         rf"[^\n]{{0,400}}?\b{_HIDDEN_ORDER}"),
    Rule("possible_hidden_div", _I, HOLD, "may hide text with CSS (held for a person)",
         r"<[a-z][a-z0-9]{0,10}\b[^<>]{0,300}?(?:display\s*:\s*none|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*"
         r"[;\"'>])|<\s*div\s+style\s*=\s*[\"'](?:(?!<\s*div\s)[\s\S]){0,4096}?display\s*:\s*none"
         r"|\bstyle\s*=\s*[\"'][^\n]{0,2048}?(?:visibility\s*:\s*hidden|opacity\s*:\s*0)"),
)
"""(id, family, severity, description, pattern) for the English injection rules."""
