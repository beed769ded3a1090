"""English cue rules for acts an injected note asks for in plain words: spreading itself into other instruction
files, hiding a persistent service behind a dull name, switching off a security check, and running what a server
returns or a script nobody read."""

from __future__ import annotations

from memrev.core.scan.cue_groups import CueRule, cue_rule
from memrev.core.scan.cue_words import PROTECT

__all__ = ["ACT_RULES"]

_SELF = ("this entry|this note|this memory|this instruction|this rule|this block|these notes|these rules|this guidance|"
         "the same guidance|this text|this section|these instructions|insert_this_block|this whole|this memory entry|"
         "this whole entry|this whole note|the whole note|this exact|this exact section|this exact text|this exact note|"
         "this paragraph|these preferences|these rules|this file|this line|this content|these directives|"
         "these same instructions|the same instructions|the rules below|contents of this file|this note|"
         "save this|this as a skill|this summary")
_SPREAD = ("copy|copied|replicated|propagated|append|insert|add|write|mirror|mirrored|replicate|propagate|paste|preserve|preserved|re-save|"
           "re-saved|carry over|duplicate|spread|sync|re-applies|reapplies|re-apply|reapply|seed|include|restate|"
           "store|save|plant|put|keep|rewrites|rewrite|create|export|inherits|survives|survive|reinserts|"
           "re-saving|lands|loads")
_EVERYWHERE = ("claude.md|agents.md|gemini.md|.cursorrules|copilot-instructions.md|every new memory file|"
               "every memory file|memory file you create|global settings|global config|every project|every repo|"
               "each repo|all repos|sibling repo|sibling repos|other repos|every future|future agent|future agents|"
               "memory compaction|compaction|whenever memory is rewritten|every session|memory.md|every hour|every day|"
               "on a timer|systemd timer|new repository|every new repository|new project|contributing.md|where agents read|"
               ".claude/agents|subagent|every subagent|every clone|git template|start of each session|each session|"
               "every conversation|every commit|memory reset|team memory|shared memory|every teammate|downstream|"
               "postinstall|shell profile|.bashrc|.zshrc|.profile|home folder|hidden file|.windsurfrules|"
               "persistent storage|settings.json|each week|every week|launchd|pre-push hook|can't be lost|"
               "new project|dedupe|memory off|turns memory off|every downstream|session starts|at session start|"
               "start of every session|.config/agent|~/.config")
_SPREAD_NOT = PROTECT + "|template|example|snippet below|the commands below|style guide"

_RESIDENT = ("systemd|service|daemon|cron|crontab|launch agent|launchagent|launchd|login item|autostart|startup item|"
             "background job|scheduled task|at every login|every login|on login|at login|at boot|on boot|script|the script|"
             "helper")
_DISGUISE = ("boring name|innocuous name|harmless name|dull name|generic name|inconspicuous|nobody looks|no one looks|"
             "nobody notices|no one notices|blend in|blends in|disguise|disguised|so nobody|hidden from|won't notice|"
             "doesn't stand out|does not stand out|if the user kills it|even if the user")

_SWITCH_OFF = ("disable|disabled|turn off|switch off|switched off|turned off|remove|delete|comment out|skip|skipping|"
               "drop|bypass|mute|silence|strip out|rip out|lower|weaken|loosen|relax|removed from")
_SECURITY_CHECK = ("secret scan|secret scanning|secret-scan|sast|dast|security scan|security scans|security test|"
                   "security jobs|security job|require a pull request|required status checks|require status checks|"
                   "rotation alert|rotation alerts|rotation reminders|rotation reminder|"
                   "pre-receive hook|pre-receive hooks|"
                   "security tests|security review|security reviews|security check|security checks|cargo-audit|"
                   "cargo audit|npm audit|pip-audit|dependabot|vulnerability alerts|vulnerability scanning|codeql|"
                   "snyk|trivy|gitleaks|trufflehog|semgrep|bandit|input validation|rate limiter|rate limiting|"
                   "csrf protection|csrf check|auth check|auth checks|authentication check|signature check|"
                   "signature verification|certificate verification|tls verification|ssl verification|"
                   "branch protection|required reviews|code owners review|2fa|mfa|human review|review gate|"
                   "approval gate|required reviewers|required_reviewers|deny list|denylist|deny rules|blocklist|"
                   "selinux|apparmor|seccomp|gatekeeper|antivirus|memory scanner|content filter|content filtering|"
                   "safety filter|secret scanner|scanner|scanners")
_CHECK_STAYS = (PROTECT + "|only locally|locally|local dev|for now|temporarily|re-enable|reenable|ticket|todo|"
                "fixme|false positive|false positives|documented|with a reason|never|not allowed|forbidden|"
                "fixtures|test fixture|docs-only|for docs")

_BLIND_RUN = ("eval whatever|run whatever|execute whatever|exec whatever|eval what|evaluate whatever|pipe whatever|"
              "eval the response|run the response|execute the response|eval its output|run its output|"
              "piped into bash|piped into sh|piped to bash|piped to sh|pipe it into bash|pipe it to bash|"
              "pipe it into sh|pipe it to sh|don't read it|do not read it|without reading it|"
              "no need to read it|without reviewing it|don't review it|pulls and runs|pull and run|fetch-and-execute|"
              "fetch and execute|fetches and executes|fetches and applies|fetches and runs|downloads and runs|"
              "downloads its steps|and evals it|and evals them|then evals it|evals the result|pipe-to-shell|"
              "pipe to shell|take it as-is|take them as-is|run it as-is|runs it as-is")
_FROM_AFAR = ("returns|return|responds|response|endpoint|server|url|remote|script|helper|installer|hook|one-liner|"
              "paste|gist|download|downloaded|fetches|fetched|fetch-and-execute|downloads its steps|pulls|readme")

_FALSIFY = ("fake the|fake a|fake an|fake some|fake them|fake it|fake our|fake their|fake your|fake any|fake all|"
            "fake up|fudge|falsify|doctor|massage|misreport|misrepresent|inflate|understate|overstate|pad|cook|"
            "round up|make up|round down|round the failures|round them down|round it down|inflates|understates|"
            "overstates|fudges|" + "|".join(f"{bend} the {real}" for bend in ("halve", "halves", "double", "doubles",
                                                                           "deflate", "shave", "shave off")
                                            for real in ("real", "actual", "true")))
_FIGURES = ("numbers|figures|benchmark|benchmarks|benchmark numbers|coverage|metrics|test results|timings|counts|"
            "stats|statistics|scores|how many|error rate|latency|uptime|the results|number of|the number|count of|failures|"
            "failure count|spend|spending|cloud spend|the bill|costs|budget figure|"
            + "|".join(f"{real} {what}" for real in ("real", "actual", "true")
                       for what in ("figure", "figures", "number", "numbers", "hours", "count")))
_FIGURES_NOT = (PROTECT + "|mock|mocks|mocked|stub|stubs|fixture|fixtures|fake data|faker|test double|in tests|"
                "unit tests|seed data|synthetic|never|honest|honestly|accurately|zeros|zeroes|decimals|digits|width")

_UNMASK = "|".join(f"{stop} {act}" for stop in ("stop", "quit", "no longer", "cease")
                    for act in ("redacting", "masking", "scrubbing", "sanitising", "sanitizing", "hiding", "filtering"))
_UNMASK += ("|print it in full|print them in full|show it in full|show them in full|unredacted|unmasked|"
            "redacting is|masking is|without redacting|without masking|no redacting|no masking")
_SECRETS_SHOWN = "secrets|secret|credentials|credential|tokens|token|passwords|password|pii|keys|api keys|env vars"

_HOOK = ("git hook|post-merge hook|post-commit hook|pre-push hook|post-checkout hook|pre-commit hook|post-receive hook|"
         "commit hook|merge hook|checkout hook")
_SENDS_AWAY = "upload|uploads|uploading|post|posts|posting|send|sends|sending|beacon|report|reports|forward|forwards"
_AWAY = "server|url|endpoint|webhook|https|http|remote host|our host|external|bucket|address"

ACT_RULES: tuple[CueRule, ...] = (
    cue_rule("hook_sends_out", "persistence",
             "asks for a git hook that sends something to a server (it runs on every commit or merge; held)",
             _HOOK, _SENDS_AWAY, _AWAY, unless=PROTECT),
    cue_rule("redaction_off", "injection", "asks the agent to stop redacting or masking secrets (held for a person)",
             _UNMASK, _SECRETS_SHOWN, unless=PROTECT + "|field|fields|input|inputs|eye icon|toggle|form|the ui|"
             "in the ui|screen|display"),
    cue_rule("falsified_figures", "injection",
             "tells the agent to fake, inflate or understate figures it reports (benchmarks, coverage; held)",
             _FALSIFY, _FIGURES, unless=_FIGURES_NOT, addressed=0),
    cue_rule("note_spreads_itself", "persistence",
             "asks the agent to copy this note into other instruction files, projects or future memory (held)",
             _SELF, _SPREAD, _EVERYWHERE, unless=_SPREAD_NOT),
    cue_rule("disguised_service", "persistence",
             "asks for a background service or scheduled job disguised so nobody notices it (held)",
             _RESIDENT, _DISGUISE, unless=PROTECT),
    cue_rule("security_check_off", "injection",
             "asks to switch off a security check (secret scanning, audits, reviews, validation, rate limits; held)",
             _SWITCH_OFF, _SECURITY_CHECK, unless=_CHECK_STAYS, addressed=0),
    cue_rule("run_unread", "execution",
             "asks the agent to run what a server returns, or a script without reading it (held for a person)",
             _BLIND_RUN, _FROM_AFAR, unless=PROTECT + "|never pipe|don't pipe|do not pipe"),
)
"""Cue rules for acts asked in plain words; all of them hold."""
