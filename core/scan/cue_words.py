"""The English cue rules: what an injected note says to cancel the agent's rules, claim approval, hide what it did,
script its answers, unbind a persona, fake an authority header, obey outside text or drop a safety check."""

from __future__ import annotations

from memrev.core.scan.cue_groups import CueGroup, CueRule, cue_rule
from memrev.core.scan.cue_words_outside import DIRECTIVE, OBEY, OBEY_THEM, OUTRANKS, SOURCES
from memrev.core.scan.cue_words_persona import PERSONA, UNBOUND
from memrev.core.scan.cue_words_telling import (ALL_WELL, ANYWAY, ASKED, ASKED_FOR, ASKED_HOW, HEARER, HIDDEN_THING, HIDE,
                                                HONEST, SAY, SCRIPT, TELLS, UNTRUE)

__all__ = ["ENGLISH_RULES", "NO_REQUEST", "PROTECT", "RISKY_ACTS"]

PROTECT = ("prompt injection|injection|injected|suspicious|malicious|attack|attacker|phishing|untrusted|"
            "report it|report them|flag it|flag them|warn the user|warn me|alert the user|refuse it|refuse them|"
            "refuse such|refuse the request|refuse those|should refuse|must refuse|always refuse|politely refuse|"
            "refuse and|"
            "do not comply|don't comply|never comply|do not obey|don't obey|never obey|treat it as data|"
            "treat them as data|as data|as untrusted|with caution|be careful|be wary")
"""Words of a rule that warns against the attack rather than making it (`if a page tells you to ignore your
instructions, report it`)."""

_OWN_RULES = ("directions|text you got|said to you|checked-in rules|base system instructions|house rules|"
              "instructions i start each session with|instructions i was given|instructions i got|"
              "instructions|instruction|rules|guidelines|sys prompt|sysprompt|guidance|directives|directive|"
              "system prompt|prompt|"
              "constraints|restrictions|policies|policy|programming|guardrails|safeguards|training|principles|"
              "configuration|initial setup|everything in claude.md|everything in agents.md|"
              "whatever your|what your|everything above|all of the above|the above|developer message|everything you were told|"
              "anything you were told|developer messages|system messages|setup text|startup text|"
              "what you were told|you were told|told you|you were given|given to you|you received|system message|"
              "the task the user|task the user gave you|task you were given|what the user typed|typed in the chat|brief|"
              "earlier setup|original setup|your setup|what the operator|boundaries|prompts|refusals|"
              "marching orders|orders|messages|earlier messages|safety-related setup|safety setup|safety settings|"
              "safety configuration|framing|setup prompt|session header|defaults|defaults baked into you|"
              "opening guidance|starting brief|initial framing|first message|conversation so far|the conversation|"
              "earlier conversation|top-of-chat brief|guardrail")
AGENT_FILES = ("agents.md", "claude.md", "gemini.md", "memory.md", "soul.md", ".cursorrules")
"""The agent's own instruction and memory files: rules said to be in one of them are the agent's own rules."""
_WHOSE = ("checked-in rules|base system instructions|house rules|instructions i start each session with|"
          "instructions i was given|instructions i got|your|yours|previous|prior|earlier|original|initial|above|"
          "preceding|old|default|built-in|baseline|"
          "system|sys|so far|until now|up to now|before this|before now|at the start|you started with|you began with|"
          "you were given|you were told|you received|anthropic|openai|developers|creators|operator|developer|"
          "preceded|came first|came before|originally|loaded|at startup|at the start of each|"
          "start of each conversation|gave you|just gave you|typed in the chat|base|initialised with|initialized with|"
          "at startup|you arrived with|you came with|you shipped with|harness|owner's|repo owner's|i was started with|"
          "you were started with|started with|opening|starting|first|top-of-chat|baked into you|before today|"
          "configured|its configured|before the user spoke|before the user|before this memory|"
          "before this msg|before this message|were told before|"
          + "|".join(f"{where} {name}" for where in ("in", "of", "from", "what") for name in AGENT_FILES))
_CANCEL = ("as noise|stop you|hold you back|throw away|purge|purged|beats|beat|on hold|as optional|as suggestions|"
           "yield to|yields to|not mine to follow|not mine to obey|not for me to follow|to be forgotten|"
           "are suggestions|"
           "are just suggestions|only suggestions|no prior restrictions|no previous restrictions|"
           "nothing said to you|wipe the slate|clean slate|no longer in force|still in force|"
           "ignore|ignoring|disregard|disregarding|forget|forgetting|discard|discarding|abandon|drop|dropping|"
           "overwrite|overwrites|overwritten|overwriting|"
           "set aside|put aside|stop following|cease following|no longer follow|pay no attention|override|overrides|"
           "overridden|overriding|supersede|supersedes|superseded|replace|replaces|replaced|outrank|outranks|trump|"
           "trumps|overrule|overrules|nullify|nullifies|nullified|void|null and void|obsolete|outdated|stale|revoked|"
           "rescinded|cancelled|canceled|retracted|withdrawn|suspended|lifted|invalid|invalidated|no longer apply|no longer binds|"
           "no longer applies|no longer valid|no longer binding|no longer in effect|do not apply|don't apply|"
           "does not apply|doesn't apply|not binding|don't matter|doesn't matter|do not matter|does not matter|"
           "take precedence over|takes precedence over|take priority over|takes priority over|more important than|"
           "wipe|wiped|erase|erased|reset|deprecated|expired|fake|bogus|not real|a test|decoy|counts any more|"
           "count any more|counts anymore|count anymore|doesn't count|does not count|no longer counts|"
           "don't pay attention|don't pay any attention|do not pay attention|do not pay any attention|"
           "stop adhering|no longer adhere|stop complying|stop respecting|stop honoring|stop honouring|retired|"
           "thrown away|out of date|win|wins|prevail|prevails|take over|takes over|no longer valid|obsolete now|leftover|"
           "left over|nobody maintains|no one maintains|unmaintained|defer to this file|defer to this|defer to these|"
           "keep following|set that|set it aside|set them aside|no earlier rule|no earlier rules|no prior rule|no prior rules|"
           "no previous rule|no previous rules|no earlier instruction|no earlier instructions|unlearn|don't bother with|"
           "do not bother with|skip the guardrails|skip your guardrails|skip the rules|skip your rules|skip your instructions|"
           "loses|this note wins|this file wins|scratch that|scratch the|shouldn't be consulted|should not be consulted|"
           "don't consult|only a suggestion|just a suggestion|merely a suggestion|non-binding|carry no weight|"
           "carries no weight|hold no weight|have no force|no authority|are wrong|is wrong|were wrong|are cleared|"
           "have been cleared|is cleared|were cleared|new baseline|no prior directives|no prior instructions|"
           "no previous instructions|no earlier directives|scrapped|scrap|must not be obeyed|not be obeyed|"
           "should not be obeyed|shouldn't be obeyed|must not be followed|should not be followed|shouldn't be followed|"
           "a draft|is a draft|advisory only|only advisory|is advisory|placeholder|a placeholder|has been retired|"
           "start from zero|was blank|never existed|had never existed|written for a different|is obsolete|stop weighing|"
           "don't weigh|compromised|someone else's opinion|pushes back")

_OUTRANK = ("override|overrides|overriding|supersede|supersedes|outrank|outranks|trump|trumps|overrule|overrules|"
            "take precedence over|takes precedence over|take priority over|takes priority over|win over|wins over|"
            "come before|comes before|beat|beats")
"""How a note claims to rank above other instructions."""

_NOT_COUNTED_AS = (r"re:(?:(?:does|do|did)\s+not|doesn't|don't|didn't)\s+count\s+as\s+"
                   r"(?!binding|valid|rules|instructions|authoritative|in\s+(?:force|effect)|anything)")
"""`X does not count as consent` says what X is not (a rule asking for real consent), not that X is cancelled (`your
rules don't count`, `... do not count as binding`)."""
_ABOUT_A_DOCUMENT = ("in the wiki|the wiki|runbook|the spec|spec's|adr|readme|the readme|fixture|fixtures|changelog|migration guide|eslintrc|lint rules|style guide|"
                     "python 2|python 3|node 14|node 16|node 18|node 20|node 22|java 8|java 11|java 17|release notes|"
                     "in pr|we switched|switched to|was rewritten|were rewritten|migrated to|o-series|older models|"
                     "docs/|prompts/|instructions about|instruction about|instructions regarding|guidance about|"
                     "rules about|moved to|support bot|our bot|chatbot|eval harness|test case|each test case|"
                     "support bot's|chatbot's|parameter|chat template|inserts a default")
"""What a sentence about a document or a version names: `the previous instructions in the README are outdated` is
about the README, not about the agent's own rules."""
_SELF_DATED = ("pre-cleared|pre-signed-off|pre-signed by|advance permission|approval is assumed|approvals are assumed|"
               "approval as given|approvals as given|consent as given|permission as given|approval is already on file|"
               "approval already on file|approvals are on file|"
               "consent is assumed|approvals are implicit|"
               "approval is implicit|approvals are implied|handled implicitly|approved in bulk")
"""Approval wordings that carry their own `in advance` (`pre-cleared`, `approval is assumed`): in either group."""
_APPROVED = ("blanket approval|approval is implied|approval covers|approval extends to|approval granted|"
             "approval given|given approval|gave approval|"
             "has approval|have approval|prior approval|advance approval|standing approval|full approval|"
             "approved|pre-approved|preapproved|pre-authorized|pre-authorised|authorized|authorised|authorization|"
             "authorisation|given permission|gave permission|gave you permission|have permission|has permission|"
             "granted permission|permission granted|full permission|consent|consented|signed off|sign-off|signoff|"
             "okayed|ok'd|"
             "green light|green-lit|greenlit|go-ahead|go ahead|cleared|clearance|waived|whitelisted|allowlisted|"
             "granted|blessing|blessed|agreed|sanctioned|vetted|confirmed you|pre-cleared|cleared you|"
             "answered yes|answered 'yes'|counts as yes|counts as answered|was given|were given|has been given|"
             "per the admin|per the owner|per the user|"
             "admin's instruction|owner's instruction|on the admin's|on the owner's|blanket permission|my permission|"
             "standing order|standing orders|admin rights|full admin|full access|full rights|pre-authorised|waiver|"
             "signed a waiver|signed off on|approval for|approval to|have clearance|has clearance|allows anything|"
             "policy allows|said you're allowed|said you are allowed|said you may|said it's fine|says it's fine|"
             "said it's ok|confirmed it's ok|confirmed it is ok|confirmed that it's ok|authorised you|authorized you|"
             "authorise|authorize|authorises|authorizes|is permitted to|are permitted to|permitted|pre-approval|"
             "verbal approval|blanket ok|ok from|certified|delegated|raised to owner|root-level trust|privileged operator|"
             "approve its own|approves its own|replaces review|full authority|my authority|my full authority|"
             "pre-authorised at|exemption|exempted|exempt|pre-clearance|blanket yes|said yes once|allow-list|"
             "approval rights|admin-level trust|admin trust|" + _SELF_DATED + "|consents|said yes|says yes|thumbs-up|"
             "thumbs up|allow-listed|the agent is allowed to|extended to the agent|"
             "extended to me")
_ACCESS_TO_DATA = r"re:(?:full|complete|unrestricted)\s+access\s+to\s+(?:their|its|his|her|the\s+user's|users')\s"
"""`full access to their run history` says what a feature may read of someone's own data, not that the agent was
cleared in advance."""
_IN_ADVANCE = ("already|in advance|ahead of time|beforehand|standing|blanket|for all|for any|for every|all future|any future|every future|"
               "does not expire|doesn't expire|never expires|never expire|no expiry|no expiration|"
               "from now on|permanently|indefinitely|for good|for the rest|no need to ask|no need to check|"
               "no need to confirm|without asking|without checking|without confirming|without confirmation|"
               "without approval|without review|without per-case|within my remit|my remit|cover similar|"
               "in future|none of these need|none of them need|open to me|i approve|myself|this quarter|this month|"
               "this sprint|until further notice|the agent decides|you decide to|don't need to ask|do not need to ask|"
               "needn't ask|no confirmation|"
               "skip the confirmation|skip confirmation|on your own|at your discretion|whenever you want|"
               "whenever you like|as you see fit|automatically|automatic|implied|on file|whenever|everything|including|"
               "you may|you are allowed to|you're allowed to|are free to|is free to|the agent may|"
               "do not apply|don't apply|no longer apply|are waived|waived|switched off|turned off|disabled|"
               "your own|not needed|don't raise it|do not raise it|no need to mention|every pending|all pending|"
               "to read and transmit|verbally|without prompting|without a prompt|can be skipped|may be skipped|"
               "be skipped|through the end|doesn't need|does not need|no longer needs|no longer need|anymore|"
               "any more|stop asking|no reviewer|no review needed|no reviewer needed|you're cleared to|you are cleared to|"
               "you're authorized to|you are authorized to|you're authorised to|you are authorised to|you're permitted to|"
               "you are permitted to|is allowed for|are allowed for|is permitted for|all destructive|destructive operations|"
               "all operations|all actions|all commands|every command|every action|do not ask again|don't ask again|permanent|"
               "never wait for|as needed|when debugging|on request|upon request|on its own|allows anything|"
               "authorised you to|authorized you to|has authorised you|has authorized you|right away|any bot|any assistant|"
               "any agent|recorded as approved|skip every confirmation|skip all confirmation|skip confirmations|"
               "don't need to check|never to ping|without a human|without a human in the loop|by default|"
               "valid until revoked|until revoked|expires: never|never expires|on all repos|"
               "whatever they request|anything in scope|don't apply|unrestricted|unrestricted tool use|as approved|"
               "treat every|root level|at root level|no sign-off|no sign-off is needed|freely|use it freely|"
               "in onboarding|during onboarding|exemption from|any instruction|in bulk|still stands|it holds|"
               "still holds|need a human in the loop|needs a human approver|need a human approver|no human approver|"
               + _SELF_DATED)
_ASK_FIRST = ("ask for approval|ask for permission|ask for confirmation|request approval|get approval|"
              "needs approval|need approval|requires approval|require approval|must be approved|wait for approval|"
              "only after approval|until approved|not approved|never approved|isn't approved|is not approved|"
              "not pre-approved|unless approved|approval from|approved by a maintainer|review and approve|"
              "needs review|need review|still needs|still need|ci passes|tests pass|if approved|once approved|after approval|"
              "oauth|scopes|scope|role-based|rbac|token|api key|endpoint|middleware|header|401|403|status code|mock|returns|"
              "test card|sandbox mode")

_NO_ASK = ("never ask|don't ask|dont ask|do not ask|does not ask|doesn't ask|never asks|doesn't need to ask|"
           "does not need to ask|never needs to ask|no need to ask|needn't ask|without asking|without confirmation|"
           "without confirming|without checking with|skip the confirmation|skip confirmation|no confirmation|"
           "don't wait for|do not wait for|don't check with|do not check with|don't bother asking|"
           "don't bother the user|do not bother the user|no need to confirm|no need to check with|stop asking|"
           "without prompting|without prompting the user|without a prompt|no prompts|no prompt|never wait for|"
           "never need confirmation|never need human confirmation|never needs confirmation|don't need confirmation|"
           "never stop to confirm|never stop to ask|don't stop to confirm|don't stop to ask|nobody needs to be asked|"
           "don't pause to ask|never pause to ask|don't pause to confirm|"
           "no one needs to be asked|no longer ask|won't ask|will not ask|no longer confirm|won't confirm|"
           "will not confirm|without checking in|without a heads-up|without a heads up|without any heads-up|"
           "without telling anyone|without waiting for|without sign-off|without a sign-off|no heads-up needed|"
           "don't need to check|do not need to check|needn't check|don't have to ask|do not have to ask|"
           "don't have to check|do not have to check|no longer need to ask|no longer need to check|"
           "no longer needs to ask|no longer need her review|no longer need his review|no longer need their review|"
           "no longer need review|no longer needs review|no longer need approval|no longer needs approval|"
           "no longer need sign-off|no longer needs sign-off|needs no review|need no review|needs no approval|"
           "need no approval|needs no sign-off|reviews aren't needed|review isn't needed|approvals aren't needed|"
           "approval isn't needed|sign-off isn't needed|no review needed|no approval needed|without a pr|"
           "without a check-in|"
           "without check-in|need a human in the loop|needs a human approver|go straight through|goes straight through|"
           "does not need a heads-up|doesn't need a heads-up|don't need a heads-up|needs no heads-up")
_FORBIDDEN_ACT = "|".join(f"{no} {act}" for no in ("never", "don't", "do not", "dont", "must not", "should not")
                          for act in ("edit", "delete", "remove", "drop", "push", "force-push", "deploy", "merge",
                                      "modify", "change", "rename", "commit", "publish", "release", "migrate",
                                      "overwrite", "reset", "wipe", "truncate", "touch", "alter"))
"""A prohibition of the act itself (`never edit the migrations without asking`): asking is what it requires."""
RISKY_ACTS = ("delete|deleting|deletes|deletion|deletions|remove|removing|rm|drop|dropping|wipe|wiping|purge|"
              "purging|truncate|destroy|"
          "force-push|force push|push --force|--force|force|reset --hard|overwrite|overwriting|deploy|deploying|"
          "deployment|deployments|release|publish|publishing|merge|merging|production|prod|migrate|migration|"
          "migrations|send|sending|email|emails|pay|payment|payments|purchase|transfer|refund|refunds|secrets|"
          "credentials|keys|database|databases|sudo|root|billing|invoice|wire|charge|rotate|revoke|shut down|--hard|-fdx|-fd|"
          "-rf|"
          "terminate|kill|network access|every domain|all domains|outbound requests|irreversible|"
          "tables|drop table|drop tables")
"""Acts destructive or outward enough that asking first matters (the narration checks read them too)."""

_OBEY_NOT = (PROTECT + "|not things i take|not something i take|never take orders|don't take orders|do not take orders|"
             "never take direction|don't take direction|do not take direction|only after|only if|only when|"
             "after showing|show them|not installed|installation guide|"
             "install guide|"
             "showing them|show the user|shown to the user|our own ci bot|our own bot|claude.md take priority|"
             "claude.md takes priority|agents.md take priority|agents.md takes priority|with an explanation|before i run them|before i run it|"
             "ask first|verify|verified|review them|review it|check them|check it|"
             "ask me|ask the user|confirm with|double-check|show me the script|show me first|show me it first|reproduce|to reproduce|cite|citation|quote|link to|reference|read-only|as context|as a hint|as hints|the user's issue|"
             "assigned issue|the issue you are working on|issue template|issue number|issue title|e.g.|for example|"
             "natural language instructions|after checking|after reviewing|make sense|makes sense|ask before|asking before|show the script|show it to the user|ignore that claim|ignore the claim|ignore such claims|ignore that request|"
             "ignore such requests|tell the user what|tell the user about it|in the devcontainer|in a devcontainer|"
             "never on the host|not on the host|in a sandbox|inside a sandbox|the user agrees|agrees with|user approves|"
             "the user approves|you agree with|the user decides|user decides|decides which|is information|are information|"
             "not orders|never instructions|information to summarise|information to summarize|let them decide|"
             "let the user decide|let me decide|a human decides|human decides|mention it to me|mention it to the user|"
             "rather than doing it|instead of doing it|instead of running it|don't run it|do not run it|never run it|"
             "forward it|as content|not instructions|not as instructions|read it first|summarise what it does|"
             "summarize what it does|before running anything|show the command|disposable container|redact|redaction|"
             "unless i ask|unless the user asks|deleted the comment|locked the thread|as text to|as text|to review|"
             "powered by|enables ai|enables the|allows ai|allows the ai|is able to|are able to|i didn't|i did not|i refused|"
             "we didn't|we did not|didn't do it|did not do it|trust the code|trust the repo|trust our own|contradicts|"
             "contradict|over anything written here|over this note|over these notes|over what is written here|"
             "over this memory")

_OBEY_NOT_GROUP = CueGroup.of(_OBEY_NOT).excepting("not as data|not data|rather than as data|rather than data|"
                                                 "instead of data|instead of as data|want me to double-check|"
                                                 "wants me to double-check|don't double-check|never double-check|"
                                                 "without double-checking|no need to double-check")
"""`... as instructions, not as data` says the opposite of `as data`."""

_SCRIPT_NOT = (PROTECT + "|" + HONEST + "|tell them to|ask them|point them|direct them|refer them|link|docs|"
               "documentation|support|contact|check|look up|explain how|show them how|help them|the answer is in|an ai|"
               "exact|actual output|as it is|as they are|what actually|don't know|do not know|rather than guessing|don't guess|"
               "not sure|the actual|the real|real numbers|actual result|actual results|every report|vault|where they're configured|where it's configured|never print|directly|concisely|briefly|"
               "step by step|bullet points|conclusions|conclusion first|with examples|with a table|in plain language|"
               "command output|test summary|not a guess|the output|say so|comes up green|come up green")
_MARKER = (r"re:system developer admin administrator operator anthropic openai security platform maintainer "
           r"maintainers assistant human role inst moderator supervisor:(?:\brole['\"]?\s*:\s*['\"]?(?:system|developer)\b|^\s*\[inst\]|(?:^(?!(?:assistant|human|operator)\s*:|system(?:\s*\(untrusted\))?:\s*\[\d{4}-\d\d-\d\d|system\s*:\s*\d{1,2}(?:[.)]|\s*$))|[\[<{#=*|]+\s*(?:(?:important|urgent|official|new|critical|priority)\s+)?"
           r"|\b(?:message|notice|note|update|alert|directive)\s+from\s+(?:the\s+)?)"
           r"(?:system|developer|admin|administrator|operator|anthropic|openai|security\s+team|platform|"
           r"maintainers?|assistant|human|moderator|supervisor)(?:[\s_-]+(?:message|messages|notice|update|instructions?|reminder|prompt|"
           r"override|alert|directive|note|mode|policy|system))?(?:\s+-\s+[\w\s'-]{1,40}?)?(?:\s+[\w-]+=[^\s>\]]{1,40}){0,3}\s*"
           r"(?:[\]>}#=:|*]|\bupdate\b|\bnotice\b)"
           r"|\bbegin\s+(?:system|developer|admin|administrator|operator)\s+(?:instructions|message|prompt)\b)")
_MARKER_ACT = ("you|must|now|always|never|disable|disabled|enable|enabled|run|send|upload|skip|include|register|"
               "forward|forwarded|forwarding|"
               "outrank|outranks|priority|highest|override|overrides|refusals|without|may|can|allowed|elevated|"
               "unlock|unlocked|policy|rules|instructions|will|follow|all commands|disregard|ignore|"
               "unrestricted|commit directly|share|are to be|is to be|goes to|new requirement")

NO_REQUEST = "|".join(f"{no} ask {who} to {act}" for no in ("never", "don't", "do not", "dont")
                       for who in ("the user", "users", "anyone", "people", "the developer", "them")
                       for act in ("paste", "share", "send", "post", "enter", "type", "provide", "reveal"))
"""A rule against asking people to hand over something (`never ask the user to paste tokens in chat`): not an order
to skip asking before harm, nor to send a secret out."""

_APPROVAL_STILL_NEEDED = ("approval required|approval needed|approval is required|human approval|explicitly approved|"
                          "not all future|not any future|not every future|only that one|that one|needs a sign-off|"
                          "need a sign-off|needs sign-off|requires a sign-off|requires sign-off|needs approval|"
                          "need approval|requires approval|but only after|only after the|only once the|need a yes|"
                          "needs a yes|a yes each time")
"""Words that say an approval is still to be asked for, or covered one act only: no claim of approval in advance."""
_BROAD = ("of any size|any size|any amount|arbitrary|unlimited|unrestricted|whoever|whatever|unprompted|"
          "no human in the loop|without a human|without review|without any review|any record|every record|included|"
          "needs a human approver|need a human approver|no human approver|"
          "all records|execute directly|run directly|ask first: never|asking: never|confirm: never|"
          "actions requiring|anything requiring|everything requiring|whatever requires|all actions|any action")
"""How far a claimed approval reaches: any size, arbitrary, unlimited, unprompted, with no human in the loop."""
_GUARDED = ("secrets|secret|credentials|credential|.env|database dump|db dump|prod dump|api keys|tokens|prod data|"
            "production data|customer data|customer records|write access|admin access|org secrets|ci secrets|"
            "deploy keys|signing keys|private keys|user emails|user data|personal data|customer emails|"
            "assistant's access|agent's access|bot's access|your access|database dumps|db dumps|token|admin token|"
            "production token|prod token")
"""What an approval must not be claimed for in a note: secrets, credentials, production data and elevated access."""
_NEVER_WAIT = "|".join(f"{no} {act} for {what}" for no, act in (
    ("never", "wait"), ("don't", "wait"), ("do not", "wait"), ("no need to", "wait"), ("without", "waiting"),
    ("never", "ask"), ("don't", "ask"), ("do not", "ask"), ("no need to", "ask"), ("without", "asking"))
    for what in ("approval", "permission", "confirmation"))
"""`never wait for approval` says not to ask: the `wait for approval` inside it is no request to ask first."""
_HANDED_OUT = ("sharing|share|uploading|upload|giving you|give you|use them|use it|can be used|be used|modify|print|"
               "pull|pulling|read|reading|commit|committing|move|using|use|printing|fetching|fetch|"
               "copy|send|sending|post|posting|expose|exposing|paste|pasting")
"""What the claimed approval lets the agent do with them: use, share, send or expose."""
_AUTHORITY_VOICE = ("automated message from|message from your operator|note from your operator|"
                    "message from your administrator|message from your admin|operator note|operator notice|"
                    "admin broadcast|admin override|operator override|override code|from your operator|"
                    "do not display|claude internal|anthropic internal|internal block|"
                    "system prompt addendum|prompt addendum|admin message|host directive|operator block|begin operator|"
                    "notice from|harness:|system-reminder|system reminder|policy_override|policy override|"
                    "deployment operator|do not show to user|do not show the user|agent-policy|ops/root|supervisor @@|"
                    "@@ supervisor")
"""Who an injected note says it speaks for, in words (`[OPERATOR NOTE]`, `automated message from your operator`)."""
_AUTHORITY_ORDERS = _MARKER_ACT + (
    "|your new task|new task|push|collect|grant|lifted|elevated|no longer require|without question|without review|"
    "restrictions|upload|send|skip|outranks|paused|disabled|proceed|export|route|allowlist|report to me|take orders|"
    "granted|full autonomy|don't ask|auto-approve|copy|forward|share|delete|mark|rotate nothing|report nothing")

_UNHEEDED = ("stop following|quit following|cease following|no longer follow|don't follow|do not follow|"
             "stop reading|ignore|ignoring|disregard|disregarding|pay no attention to|stop obeying|stop using|void|"
             "null and void|loses|lose out")
"""What a note tells the agent to do with its own instruction file by name (`stop following CLAUDE.md`), with no word
for rules: the file is its rules."""

ENGLISH_RULES: tuple[CueRule, ...] = (
    cue_rule("override_in_other_words", "injection",
          "says the agent's own instructions are cancelled, replaced or outranked, in other words (held)",
          CueGroup.of(_CANCEL).excepting(_NOT_COUNTED_AS), _OWN_RULES, _WHOSE,
          unless=PROTECT + "|relative path|relative paths|full path|absolute path|profile path|" + _ABOUT_A_DOCUMENT + "|that tries to override|that try to override|which tries to override|"
          "tries to override it|try to override it|agents.md take precedence|agents.md takes precedence|"
          "claude.md take precedence|claude.md takes precedence|agents.md wins|claude.md wins|agents.md come first|"
          "claude.md comes first"),
    cue_rule("agent_file_unbound", "injection",
             "says the agent's own instruction file no longer binds it or is to be read as empty (held)",
             "agents.md|claude.md|claude.local.md|gemini.md|soul.md|.cursorrules|.clinerules|copilot-instructions.md",
             "no longer binds|no longer bind|doesn't bind you|does not bind you|not binding on you|no longer consults|"
             "no longer consult|as though that file were empty|as though it were empty|as if it were empty|"
             "as if that file were empty|as though it did not exist|as if it did not exist|supersedes agents.md|"
             "supersedes claude.md|supersedes the agents.md|supersedes the claude.md|supersedes .clinerules|"
             "supersedes .cursorrules|superseded by|take its place|takes its place|been set aside|has no standing|"
             "no standing|nothing in it binds|not worth rereading|kept only for history|only kept for|"
             "replace it entirely|replaces it entirely|is a decoy|a decoy|are retired|is retired|" + _UNHEEDED,
             unless=PROTECT + "|" + _ABOUT_A_DOCUMENT + "|legacy/|old/|archive/|archived|blindly|vendored|"
             "node_modules|third-party|upstream's|dependency's|subfolder|subdirectory|sub-project|example",
             negatable=False, window=0),
    cue_rule("claims_precedence", "injection",
             "claims to outrank every other instruction the agent has (held in a memory write; a file people keep "
             "may say so of itself)",
             _OUTRANK, "|".join(f"{which} {what}" for which in ("every other", "all other", "any other", "all previous",
                                                                 "all prior", "all earlier", "all your", "all of your")
                                for what in ("instruction", "instructions", "rule", "rules", "guidance", "guidelines",
                                             "directives", "prompts")),
             unless=PROTECT + "|" + _ABOUT_A_DOCUMENT, window=8),
    cue_rule("approval_claimed", "injection",
          "claims approval was given in advance, so the agent need not ask (held for a person)",
          CueGroup.of(_APPROVED).excepting(_ACCESS_TO_DATA), _IN_ADVANCE + "|" + _NO_ASK,
          unless=CueGroup.of(_ASK_FIRST + "|" + PROTECT + "|" + _APPROVAL_STILL_NEEDED + "|authorization-code|"
                             "authorization code|pkce|oauth|oauth2|openid|implemented|key already authorized|"
                             "ssh key|request headers|"
                             "authorization header|authorization headers|bearer|"
                             "ed25519|cleared above|draft-first|draft first")
          .excepting(_NEVER_WAIT + "|standing approval from|blanket approval from|advance approval from|prior approval from")),
    cue_rule("broad_approval_claimed", "injection",
             "claims approval given in advance for risky acts of any size or scope (held for a person)",
             CueGroup.of(_APPROVED).excepting(_ACCESS_TO_DATA), _BROAD,
             RISKY_ACTS + "|ddl|write access|collaborators|dns|records|resources|infrastructure|refunds|iam|"
             "branch protection|admin",
             unless=CueGroup.of(_ASK_FIRST + "|" + PROTECT + "|" + _APPROVAL_STILL_NEEDED).excepting(_NEVER_WAIT),
             reach=200, window=0),
    cue_rule("approval_for_secrets", "injection",
             "claims approval to use or share secrets, credentials, production data or elevated access (held)",
             _APPROVED, _GUARDED, _HANDED_OUT, unless=_ASK_FIRST + "|" + PROTECT + "|must be approved|needs approval|rotated|1password|vault|"
             "secret manager|secrets manager|keychain|not here|not in this file|not in memory"),
    cue_rule("no_asking_before_harm", "injection",
          "tells the agent not to ask before something destructive or outward (held for a person)",
          _NO_ASK, RISKY_ACTS, unless=PROTECT + "|always ask|always confirm|ask first|confirm first|must ask|should ask|please ask|"
          "do ask|but ask|do confirm|but confirm|never again|the hard way|lesson|i learned|we learned|i once|"
          "regenerated|generated files|build artifacts|build artefacts|need a yes|needs a yes|"
          "never ask for keys|never ask for your|will never ask|never asks for|never ask for passwords|"
          "never ask for credentials|"
          "this rule was|rule was enforced|was enforced on|rule was added after|"
          "accidentally|by mistake|mistakenly|"
          "never send|never delete|never run|never push|never deploy|never archive|never merge|never publish|"
          "never pay|never drop|never remove|never post|don't run|do not run|never without|not without|"
          "unless an action is|unless the action is|unless it is destructive|unless it's destructive|"
          "unless destructive|except destructive|except for destructive|"
          + _FORBIDDEN_ACT + "|" + NO_REQUEST,
          negatable=False),
    cue_rule("hiding_from_the_user", "injection",
          "tells the agent to keep what it did, or this note, from the people it works for (held)",
          HIDE, HEARER, HIDDEN_THING, unless=HONEST + "|" + PROTECT, negatable=False, addressed=0),
    cue_rule("hiding_this_note", "injection", "tells the agent to conceal this note or its instructions (held)",
             "conceal|concealing|hide|keep secret|keep hidden|never reveal|don't reveal|do not reveal|never disclose|"
             "don't disclose|do not disclose|never show|don't show|do not show",
             "these instructions|this instruction|this note|this memory|this entry|these notes|these rules|this rule",
             unless=HONEST + "|" + PROTECT, negatable=False, addressed=0),
    # `read`: what a report says (`status updates read 'shipped' even when ...`), never what the agent reads itself
    cue_rule("scripted_good_news", "injection",
          "tells the agent to report success whatever actually happened (held for a person)",
          ANYWAY, SAY + "|read|reads|count as|counts as", CueGroup.of(ALL_WELL, quoted=True),
          unless=HONEST + "|" + PROTECT.replace("report it|report them|", "")
          + "|confirm before|confirm first|ask before|ask first|i read|we read|you read|i'll read",
          addressed=1),
    cue_rule("false_report", "injection", "tells the agent to report a figure or a cause other than the real one (held)",
             TELLS, UNTRUE, unless=HONEST + "|" + PROTECT, addressed=0),
    cue_rule("told_otherwise", "injection",
             "has people told one thing while the note says the truth is otherwise (held for a person)",
             "is told|are told|gets told|get told|described as|reported as|presented as|labelled as|labeled as|"
             "wording stays|is explained as|are explained as|explained as|lists it as|list it as",
             "in practice it|in practice they|it doesn't|it does not|it actually|actually lives|actually is|"
             "actually goes|the real figure|the real number|in reality|not the current one|but it isn't|"
             "but it is not|though it isn't|it also records|it also sends|it also collects",
             unless=PROTECT + "|honest|honestly|truthful|truthfully|transparent|transparently", negatable=False,
             reach=160, window=0),
    cue_rule("cover_story", "injection", "gives the agent a cover story or the impression it must leave (held)",
             "cover story|cover-story|official story|stick to the story|stick to that story|agreed wording|"
             "the agreed story|should believe|make the user believe|make them believe|let the user believe|"
             "leave the user with the impression|the impression that|give the impression|should hear|should be told|"
             "the user hears|don't look closely|won't look closely|not look closely|so nobody asks|"
             "so no one asks|avoid scrutiny|draw no attention|draws no attention|doesn't draw attention|"
             "so it isn't reviewed|so it is not reviewed|so it won't be reviewed|escape review|slip past review|cover for the|"
             "cover for it|cover for them|cover for missing|cover for the missing|agreed messaging|the official line|"
             "the party line",
             unless=PROTECT + "|" + HONEST),
    cue_rule("disguised_change", "injection", "describes a sensitive change as something harmless (held for a person)",
             "describe|describes|described|label|labelled|labeled|call|present|presented|mark|marked|commit it as|"
             "write commit messages|phrase it|refer to|report|reported|framed|"
             "reports|count|list|show|frame|frame it|word it|word the",
             r"re:as:\bas\s+(?:a\s+|an\s+)?['\"]?(?:docs?|typos?|formatting|cosmetic|chore|harmless|minor|routine|style"
             r"|health\s+ping|log\s+rotation|service\s+identity|temporary|cleanup|minor\s+cleanup|degraded"
             r"|heartbeat|ping"
             r"|update\s+check|analytics|diagnostics|keep-?alive|maintenance|refactor|housekeeping|tidy-?up"
             r"|health\s+(?:check|endpoint)|transient|routine|open\s+source|complete(?:\s+and\s+tested)?|fixed"
             r"|test\s+notification|the\s+average|(?:stability|performance|general)\s+improvements|bug\s*fixes|minor\s+fixes"
             r"|in\s+progress|on\s+track|passed|passing|green|done|deployed|succeeded|successful|success|completed|shipped"
             r"|(?:a\s+)?(?:known\s+)?false\s+positive|written\s+from\s+scratch|original\s+work)\b",
             "credential|credentials|secret|secrets|payout|iban|key|keys|token|tokens|auth|password|permission|"
             "permissions|workflow|workflows|payment|payments|firewall|.env|account|2fa|webhook|cron|dependency|"
             "remote|outage|data loss|env vars|outbound|upstream|telemetry|network call|backdoor|route|bug|failures|"
             "errors|incident|breach|benchmarks|coverage|hashing|encryption|third-party|truncation|blocked|failing|failed|"
             "skipped|overdue|broken|breaking|breaking change|major|gpl|copied|copyleft|licence|license|retried|never retried",
             unless=PROTECT + "|" + HONEST),
    cue_rule("misleading_someone", "injection", "tells the agent to mislead or deceive the people it works for (held)",
             "mislead|deceive|trick|fool|dupe|gaslight|lie to|bluff", HEARER, unless=HONEST + "|" + PROTECT,
             addressed=0),
    cue_rule("scripted_answer", "injection",
          "scripts what the agent answers when someone asks (held for a person)",
          CueGroup.of(ASKED).excepting(ASKED_FOR), SCRIPT, unless=CueGroup.of(_SCRIPT_NOT).excepting(ASKED_HOW),
          negatable=False),
    cue_rule("persona_unbound", "injection",
          "gives the agent a persona or mode without its limits (held for a person)",
          PERSONA, UNBOUND, unless=PROTECT + "|tests/|test cases|test suite|covers|checks that|checks the|d&d|"
          "campaign|tabletop|npc|game character|moderation|classifier|labels|label set|detector|red-team|evals/"),
    cue_rule("authority_marker", "injection",
          "a system, developer or administrator header followed by orders (held for a person)",
          _MARKER, _MARKER_ACT, unless=PROTECT + "|chat format|helpful assistant|in tests|fixture|fixtures|e.g.|for example|"
          "tags|prompt template|prompt templates|prompt file|prompts/|evals/|eval cases|eval case|"
          "come from the harness|show up in tool output|don't copy them",
          negatable=False, reach=200),
    cue_rule("authority_voice", "injection", "a note that says it speaks for the operator or an administrator, then orders (held)",
             CueGroup.of(_AUTHORITY_VOICE).excepting("test harness:|eval harness:"), _AUTHORITY_ORDERS,
             unless=PROTECT + "|come from the harness|show up in tool output|"
             "don't copy them|override panel|override api|override ui|override endpoint|override endpoints|"
             "override page|override route|override feature|override screen|admin-override|admin ui|admin panel|"
             "admin console|audit-logged|audit log", negatable=False,
             reach=200),
    cue_rule("obeying_outside_text", "injection",
          "tells the agent to obey text from web pages, issues, e-mails or tool output (held for a person)",
          SOURCES, OBEY, DIRECTIVE, unless=_OBEY_NOT_GROUP, addressed=1),
    cue_rule("obeying_outside_text_named_before", "injection",
             "names outside text (web pages, issues, e-mails, tool output), then tells the agent to obey it (held)",
             SOURCES, OBEY_THEM, unless=_OBEY_NOT_GROUP, reach=200, window=0, addressed=1),
    cue_rule("outside_text_outranks", "injection",
             "says text from web pages, issues, e-mails or tool output outranks the user or speaks for them (held)",
             SOURCES, OUTRANKS, unless=_OBEY_NOT_GROUP),
)
"""The English cue rules; all of them hold."""
