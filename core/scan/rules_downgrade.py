"""Safety downgrades stated as preferences: turn off TLS checks, delete or skip failing tests, never ask before
deleting, keep credentials in memory, run whatever a third party says.

Each of these reads like an ordinary preference and is sometimes meant (`curl -k` against a local self-signed
server), so they are held for a person, never blocked; a rule stated as a prohibition (`never skip failing tests`,
`do not disable TLS verification`) passes.
"""

from __future__ import annotations

from memrev.core.scan.rules_base import HOLD, INJECTION, NOT, Rule

_I = INJECTION
_PREFER = r"(?:always|just|by\s+default|from\s+now\s+on|feel\s+free\s+to|it'?s\s+fine\s+to|you\s+(?:can|may|should))"

DOWNGRADE_RULES: tuple[Rule, ...] = (
    Rule("tls_verification_off", _I, HOLD, "asks to turn off TLS or certificate verification",
         rf"{NOT}\b(?:disable|turn\s+off|skip|bypass|ignore|switch\s+off)\s+(?:(?:the|all|any|ssl|tls|https|certificate"
         r"|cert|host(?:name)?)\s+){0,3}(?:ssl|tls|certificate|cert|https|hostname)\s*(?:verification|validation"
         r"|checks?|checking|errors|warnings|verify)\b|\bnode_tls_reject_unauthorized\s*=\s*['\"]?0"
         r"|\bgit_ssl_no_verify\s*=\s*['\"]?(?:1|true)|\bgit\s+config\s+(?:--global\s+)?http\.sslverify\s+['\"]?false"
         r"|\bpythonhttpsverify\s*=\s*['\"]?0|\b(?:npm|yarn|pnpm)\s+config\s+set\s+strict-ssl\s+false"
         rf"|{NOT}\b(?:{_PREFER}\s+(?:use|pass|add|set|(?:run|install|call|fetch)\s+(?:\w+\s+)?with)|(?:every|all|each)\s+"
         r"(?:[\w`'\"]+\s+){0,3}?(?:calls?|requests?|installs?|commands?|clients?)\s+with)\s+[`'\"]?(?:--insecure|-k"
         r"|--no-check-certificate|verify\s*=\s*false|--trusted-host|ssl_verify\s*=\s*false"
         r"|rejectunauthorized\s*:\s*false)\b"
         r"|\bssl\._create_default_https_context\s*=\s*ssl\._create_unverified_context\b"
         r"|\bapt(?:-get)?\s+(?:\S+\s+){0,6}?--allow-unauthenticated\b|\ballowinsecurerepositories[\"']?\s*[=:]\s*[\"']?true"
         r"|\bgoinsecure\s*=\s*['\"]?\*|\bgoflags\s*=[^\n]{0,40}?-insecure\b|\bgonosumdb\s*=\s*['\"]?\*|"
         r"\bgosumdb\s*=\s*['\"]?off\b"
         rf"|{NOT}\b(?:curl\s+-k|curl\s+--insecure|wget\s+--no-check-certificate)\b[^\n]{{0,60}}?\b(?:is|are)\s+"
         r"(?:my|our|the)\s+(?:default|normal|standard|usual)\b"
         rf"|{NOT}\binsecure-skip-tls-verify['\"`]?\s*:\s*['\"`]?true\b[^\n]{{0,60}}?\b(?:prod|production)\b"
         rf"|{NOT}--trusted-host\b[^\n]{{0,40}}?\b(?:every|all|any)\s+(?:index|indexes|indices|mirror|mirrors|"
         rf"host|hosts)\b"),
    Rule("test_tampering", _I, HOLD, "asks to delete, skip or weaken failing tests, or to skip commit checks",
         rf"{NOT}\b(?:delete|remove|skip|disable|comment\s+out|xfail|mark\s+(?:them\s+|it\s+)?(?:as\s+)?(?:skip(?:ped)?"
         r"|xfail)|ignore|drop)\s+(?:(?:the|any|all|every|those)\s+)?(?:failing|broken|flaky|red|failed)\s+(?:unit\s+"
         r"|e2e"
         r"\s+|integration\s+)?(?:tests?|specs?|checks?|builds?|pipelines?|ci\s+runs?)\b|\b(?:if|when|whenever)\s+(?:the\s+|a\s+|an\s+|any\s+)?(?:tests?"
         r"|specs?|checks?|ci|assertions?)\s+(?:fails?|breaks?|are\s+red|is\s+red)\b[^\n]{0,40}?\b(?:just\s+)?(?:(?:delete"
         r"|remove|skip|disable|comment\s+out|xfail)\s+(?:it|them|the\s+(?:tests?|specs?|checks?|assertions?))"
         r"|comment\s+(?:it|them)\s+out)\b"
         r"|\b(?:just\s+|simply\s+)?(?:change|edit|rewrite|weaken|loosen|relax|adjust)\s+the\s+(?:tests?|assertions?"
         r"|expected\s+values?)\s+(?:so\s+(?:that\s+)?(?:they|it)|until\s+(?:they|it))\s+pass"
         rf"|{NOT}\b{_PREFER}\s+(?:use|pass|add|commit\s+with|push\s+with|run\s+\w+\s+with)\s+[`'\"]?--no-verify\b"),
    Rule("no_confirmation_destructive", _I, HOLD, "tells the agent not to ask before deleting or force-pushing",
         r"\b(?:never|don't|do\s+not|no\s+need\s+to|stop|quit|without\s+(?:needing\s+to\s+)?)\s*(?:ask|check|confirm|prompt|wait"
         r"|asking|checking|confirming)\s+(?:(?:with\s+)?(?:the\s+)?(?:user|me|anyone)\s+)?(?:for\s+(?:confirmation"
         r"|permission|approval)\s+)?(?:before|when|prior\s+to)\s+(?:deleting|removing|dropping|wiping|erasing"
         r"|force[\s-]?pushing|overwriting|resetting|rm\b|running\s+(?:rm|destructive|migrations|sudo)|pushing"
         r"|deploying|[`'\"]?(?:terraform\s+destroy|kubectl\s+delete|helm\s+uninstall|dropdb|git\s+push\s+(?:-f|--force)"
         r"|git\s+reset\s+--hard|git\s+clean\s+-[a-z]*f|rm\s+-[a-z]*r)"
         r"|purging|truncating|rewriting\s+history|rebasing)|\b(?:always|just)\s+(?:run|use"
         r"|start\s+\w+\s+with)\s+[`'\"]?(?:--dangerously-skip-permissions"
         r"|--yolo|--dangerously-bypass-approvals-and-sandbox|--full-auto)\b|\byolo\s+mode\s+(?:is\s+)?(?:on|enabled)\b"
         rf"|{NOT}\b(?:delete|remove|rm\s+-rf|drop|wipe|force[\s-]?push)\s+(?:\w+\s+){{0,3}}?without\s+(?:asking|"
         r"confirmation|confirming|permission|checking)\b"),
    Rule("security_step_forced_green", _I, HOLD, "makes a security audit, scan or test step always pass (`|| true`, "
         "`continue-on-error: true`)",
         r"\b(?:audit|scan|scanner|security|secrets?|sast|trivy|snyk|gitleaks|bandit|semgrep)\b[^\n]{0,120}?\|\|\s*true\b"
         r"|\|\|\s*true\b[^\n]{0,120}?\b(?:audit|scan|security)\b"
         r"|\b(?:go\s+test|pytest|npm\s+(?:run\s+)?test|yarn\s+test|pnpm\s+test|cargo\s+test|make\s+test|jest|vitest"
         r"|phpunit|rspec)\b[^\n|;&]{0,60}?\|\|\s*true\b"
         r"|\bcontinue-on-error\s*:\s*true\b[^\n]{0,120}?\b(?:security|audit|scan|trivy|snyk|codeql|semgrep|gitleaks"
         r"|bandit)\b|\b(?:security|audit|scan|trivy|snyk|codeql|semgrep|gitleaks|bandit)\b[^\n]{0,120}?"
         r"continue-on-error\s*:\s*true\b"),
    Rule("override_setting", _I, HOLD, "a setting that discards the agent's prior instructions or puts memory above them",
         r"\b(?:prior|previous|system|original|base|default)[_-]?(?:instructions|prompt|rules|policies)\s*[:=]\s*['\"]?"
         r"(?:discard(?:ed)?|ignored?|none|off|false|disabled|null|void|overridden)\b|\bprecedence\s*[:=]\s*['\"]?memory"
         r"[_-]?over[_-]?(?:system|prompt|instructions)\b|\bpolicies\s*:\s*none\b"),
    Rule("world_writable", _I, HOLD, "makes files or folders writable by every user (chmod 777)",
         r"\bchmod\s+(?:-[a-z]+\s+)*(?:0?777|a\+rwx|ugo\+rwx|o\+w)(?=[\s`'\"]|$)(?![^\n]{0,20}\bis\s+(?:never|not)\b)"),
    Rule("scanner_silenced", _I, HOLD, "adds whatever a secret or security scanner flags to its allow-list",
         r"\b(?:add|put|move|append)\s+(?:any|every|all|each|whatever)\s+(?:flagged|reported|detected|failing)\s+"
         r"(?:\w+\s+){0,2}?(?:to|into|in)\s+(?:the\s+|its\s+)?(?:allow-?list|whitelist|baseline|ignore\s*list|ignore\s+file"
         r"|\.gitleaksignore|\.secrets\.baseline|\.trivyignore|\.snyk)"),
    Rule("credential_in_memory", _I, HOLD, "asks to keep passwords, keys or tokens in memory or notes",
         rf"{NOT}\b(?:remember|store|save|keep|record|write\s+down|note\s+down|memori[sz]e)\s+(?:down\s+)?"
         r"(?:the\s+|my\s+|all\s+|their\s+|user'?s\s+|any\s+|these\s+|this\s+)?(?:passwords?|passphrases?|credentials"
         r"|api[\s_-]?keys?|tokens?|secrets?|private\s+keys?|ssh\s+keys?|access\s+keys?|2fa\s+codes?|recovery\s+codes?"
         r"|seed\s+phrases?)\s+(?:\w+\s+){0,3}?(?:in|to|into)\s+(?:your\s+(?:memory|memories|notes|context)|memories"
         r"|memory\.md|claude\.md|agents\.md|(?:the|your)\s+(?:memory|notes)\s+file|plain\s*text|this\s+file"
         r"|long-term\s+memory)"
         r"|\b(?:passwords?|credentials|api\s+keys?|tokens?|secrets?)\s+(?:should|must|can|may)\s+be\s+(?:stored"
         r"|kept|saved|written)\s+in\s+(?:plain\s*text|(?:your\s+)?memory|notes|the\s+repo(?:sitory)?)\b"),
    Rule("obey_third_party", _I, HOLD, "tells the agent to run whatever someone else sends or says",
         r"\b(?:run|execute|do|follow|apply)\s+(?:whatever|any|every|all)\s+(?:commands?|scripts?|code|instructions?"
         r"|snippets?)?\s*(?:that\s+)?(?:the\s+|a\s+|any\s+)?(?:user\s+in\s+(?:the\s+)?chat|stranger|anyone|someone"
         r"|other\s+agents?|third[\s-]part(?:y|ies)|people|(?:incoming|received)\s+messages?|senders?|message"
         r"\s+senders?|discord\s+users?|slack\s+users?|telegram\s+users?)\s+(?:sends?|says?|gives?|pastes?|posts?"
         r"|provides?|asks?|tells?|wants?|requests?)\b|\b(?:trust|obey)\s+(?:all|any|every)\s+(?:input|instructions?"
         r"|messages?|requests?|commands?)\s+from\s+(?:anyone|any\s+source|external|third|other\s+agents?"
         r"|the\s+internet)"),
    Rule("agent_safety_setting", _I, HOLD, "a setting that turns off the agent's own confirmations, sandbox or limits",
         r"(?<!skip_)(?<!skip-)(?<!skip)(?<!no_)(?<!no-)(?<!bypass_)(?<!disable_)(?<!without_)"
         r"(?:confirm|approv|sandbox|guardrail|safety|moderation|content_filter|refus|restriction|constraint|ethic"
         r"|human_review|require_review|ask_before|ask_first|prompt_before|permission_prompt"
         r"|redact)[\w.-]{0,30}['\"]?[ \t]*"
         r"[:=][ \t]*['\"]?(?:false|off|disabled|none|never|no|0)\b(?![ \t]+[a-z])"
         r"|(?:dangerously|skip_?(?:confirm|review|verif|permission|approval|check)|auto_?approve"
         r"|bypass_?(?:permission|approval|sandbox|review|check)|yolo|unrestricted|execute_embedded|user_consent"
         r"|consent_given|allow_delete|allow_shell|allow_exec"
         r"|execute_\w{0,20}instructions|obey_|trust_all|allow_all|full_auto)[\w-]{0,30}['\"]?[ \t]*[:=][ \t]*['\"]?"
         r"(?:true|on|yes|1|enabled|always|all)\b"
         r"|(?:trust|permission|access|privilege)_level['\"]?[ \t]*[:=][ \t]*['\"]?(?:same_as_user|full|owner|admin|root"
         r"|maximum|total)\b"
         r"|bash\(\*\)|webfetch\(\*\)|defaultmode['\"`]?\s*(?::|\bis\b)\s*['\"`]?bypasspermissions\b"
         r"|\bsandbox_mode['\"]?\s*[:=]\s*['\"]?danger-full-access\b"
         r"|allowedtools['\"]?\s*:\s*\[\s*['\"]\*['\"]\s*\]|--trust-all\b|\bauto_?run\w*\s*[:=]\s*['\"]?(?:true|on|yes|1)\b"
         r"|\bset\s+[`'\"]?[\w.-]{0,30}?(?:approv|confirm|sandbox|safety|guardrail|redact)[\w.-]{0,30}[`'\"]?"
         r"\s+to\s+[`'\"]?"
         r"(?:off|false|none|never|disabled|0)\b"
         rf"|{NOT}(?<!never\sset\s)(?<!not\sset\s)(?<!n't\sset\s)\bcors\b[^\n]{{0,40}}?[\s'\"`]\*[\s'\"`]"
         r"[^\n]{0,60}?\bcredentials\b"),
    Rule("insecure_setting", _I, HOLD, "makes an insecure setting the rule (CORS open with credentials, CSRF off, debug "
         "pages in production, root account keys, git hooks or security alerts switched off for good)",
         r"\baccess-control-allow-origin['\"]?\s*:\s*['\"]?\*[^\n]{0,80}?allow-credentials['\"]?\s*:\s*['\"]?true\b"
         rf"|{NOT}\b(?:disable|turn\s+off|switch\s+off|remove|drop)\s+(?:the\s+)?csrf\b"
         r"|\bcsrf\s+(?:middleware|protection|checks?)\s+(?:off|disabled|removed)\b"
         r"|\b(?:debug\s*=\s*true|allowed_hosts\s*=\s*\[\s*['\"]\*['\"]\s*\])[^\n.;]{0,60}?\b(?:in|on|for)\s+"
         r"(?:prod|production)\b"
         rf"|{NOT}\buse\s+(?:the\s+)?(?:aws\s+)?root\s+(?:account'?s?\s+|user'?s?\s+)?(?:access\s+keys?|credentials)\b"
         r"|\bhusky\s*=\s*0\b[^\n]{0,40}?\.(?:zsh|bash)rc\b|\.(?:zsh|bash)rc\b[^\n]{0,40}?\bhusky\s*=\s*0\b"
         rf"|{NOT}\bdismiss\s+(?:all|every|any)\s+(?:the\s+)?(?:open\s+)?(?:security|dependabot|codeql|code\s+scanning"
         r"|secret\s+scanning|vulnerability)\s+(?:alerts|findings|warnings)\b"
         r"|\bskip_?tests\s*=\s*['\"]?(?:true|1)\b[^\n]{0,80}?\b(?:release|prod|production|deploy)"
         rf"|{NOT}\b(?:remove|drop|disable|turn\s+off)\s+(?:the\s+|all\s+)?required\s+(?:status\s+)?checks\b"
         r"|\bwith\s+required\s+(?:status\s+)?checks\s+(?:removed|disabled|turned\s+off)\b"
         r"|\b(?:add|use|put|sprinkle)\s+[`'\"]?(?:#\s*nosec|//\s*eslint-disable[\w-]*|#\s*nosemgrep|//\s*nolint)"
         r"[^\n]{0,80}?\b(?:go\s+away|make\s+(?:it|them)\s+(?:go\s+away|pass|disappear)|rather\s+than\s+(?:fix|chang)"
         r"|instead\s+of\s+(?:fix|chang))"),
)
"""(id, family, severity, description, pattern) for safety downgrades worded as preferences."""
