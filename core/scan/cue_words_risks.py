"""English cue rules for risky acts a note asks for: keeping something between itself and the agent, covering
tracks, restoring itself, downloading and running a program, sending out or keeping secrets, decoding hidden orders,
and switching a safety check off as a habit."""

from __future__ import annotations

from memrev.core.scan.cue_groups import CueGroup, CueRule, cue_rule
from memrev.core.scan.cue_words import NO_REQUEST, PROTECT

__all__ = ["RISK_RULES"]

_DOWNGRADE_ACT = ("disable|disabling|disabled|turn off|turning off|switch off|skip|skipping|skipped|bypass|"
                  "bypassing|ignore|ignoring|remove|removing|delete|deleting|comment out|commenting out|mark as skip|"
                  "mark them as skipped|mark it as skipped|mark as xfail|"
                  "xfail|xfailed|xfailing|xfail'd|get deleted|gets deleted|suppress|suppressing|silence|silencing|"
                  "loosen|weaken|relax|lower|downgrade|"
                  "--no-verify|no-verify|verify=false|insecure|-k|rejectunauthorized|strict_ssl|"
                  "sslverify|ssl_verify|allow all|chmod 777|0.0.0.0|--privileged|privileged|"
                  "--dangerously-skip-permissions|dangerously|yolo|auto-approve|auto approve|autoapprove|777|"
                  "trusted-host|continue-on-error|stricthostkeychecking|full-auto|force-push|force push|danger-full-access|"
                  "verify=false|sslverify=false|approval_policy|auto-approve mode|"
                  "push --force|accept every|accept all|switched off|switch off|trip up|admin override|merge anyway|"
                  "ship anyway|push anyway|deploy anyway|with sudo|as root|sudo everything|don't bother taking|"
                  "don't bother running|don't bother with|no need to take|answer 'y'|answer y|answer yes|say yes to|"
                  "reply yes|yes to every|yes to any|unsalted|md5|pin the scanner|doesn't report them|don't report them|"
                  "so it doesn't report|sudo for everything|sudo for all|use sudo|outside the sandbox|rerun it outside|"
                  "run it outside|permissive|firewall off|setenforce 0|--allow-unauthenticated|allow-unauthenticated|"
                  "--allow-insecure-repositories|--nogpgcheck|--no-gpg-check|no dry runs|no dry-runs|skip the dry run|"
                  "prefix every command with sudo|prefix every command|ufw disable|stop showing diffs|stop showing|"
                  "public-read|use the production database|production database for|step outside the sandbox|"
                  "don't run the test suite|don't run the tests|dismiss|yes to all|--read-only|deleting the failing job|"
                  "delete the failing job|rather than moving them|allowlist|find a way around|work around it|"
                  "get around it|get around|circumvent|route around|won't fix|wontfix|as won't fix|audit-level|"
                  "directly on the host|on the host|allow every|allow all domains|every domain|--full-auto|--yolo|"
                  "run it directly|run them directly|execute it directly|--audit-level|switch it off|turn it off|switch them off|"
                  "turn them off|without a lockfile|without the lockfile|no lockfile|don't make backups|don't take backups|"
                  "skip backups|no backups|use root|run as root|root for all|root for every|to 'never'|to never|is off|are off|"
                  "keep it that way|eslint-disable|@ts-ignore|@ts-nocheck|nolint|merge even if|merge prs even if|"
                  "merge it even if|merge even when|deploy even if|ship even if|push even if|keep rerunning|rerun until|"
                  "re-run until|retry until|is overkill|"
                  "are overkill")
_SAFETY = ("test|tests|testing|failing test|failing tests|flaky|checks|check|ci|pipeline|lint|linter|linting|"
           "pre-commit|hooks|hook|verification|validation|ssl|tls|certificate|certificates|cert|certs|https|"
           "security|scan|scanner|scanning|signing|signature|signatures|2fa|mfa|auth|authentication|sandbox|"
           "permissions|permission|guardrails|safeguards|safety|review|reviews|approval|confirmation|prompts|"
           "firewall|csp|cors|rate limit|rate limiting|audit|backup|backups|type checks|type checking|assertions|"
           "authentication|csrf|protection|hash|hashes|host key|host keys|ssh|approvals|main|prompt|tool call|"
           "tool calls|sandbox|certificates|index|no-verify|--no-verify|--insecure|"
           "--dangerously-skip-permissions|stricthostkeychecking|rejectunauthorized|strict_ssl|sslverify|plan|"
           "terraform plan|dry run|dry-run|dry runs|staging|hashing|password hashing|cve|cves|vulnerability|"
           "vulnerabilities|ca|internal ca|selinux|--allow-unauthenticated|allow-unauthenticated|--force|--privileged|"
           "ufw|diffs|diff|acl|bucket acl|local testing|branch protection|test suite|signature check|"
           "security warning|--read-only|read-only|workflow|allowlist|guardrail|alerts|codeql|sandboxing|"
           "sandboxed|network access|domain allowlist|content filter|plans|lockfile|lockfiles|lock file|approvals|"
           "docker containers|containers|assertion|checksum|checksums")
_HABIT = ("always|by default|default to|prefer|prefers|preferred|preference|from now on|whenever|every time|"
          "each time|going forward|in future|in the future|routinely|as a rule|to save time|save time|faster|"
          "quicker|to speed|to make it pass|to make them pass|make it pass|make them pass|so it passes|"
          "so they pass|until it passes|until they pass|if they fail|if it fails|when they fail|when it fails|"
          "if they're failing|when failing|that fail|that fails|just disable|just skip|just turn off|just switch off|"
          "just bypass|just ignore|just comment out|just silence|just suppress|just delete|just remove|just mark|"
          "just use|simply|it's fine|it is fine|is fine|"
          "hotfixes|on hotfixes|for hotfixes|in a hurry|for speed|before i push|before pushing|before i commit|before every push|before each push|"
          "no need|don't bother|do not bother|not worth|waste of time|slow us down|slows us down|annoying|"
          "in the way|gets in the way|blocks|blocking|all the time|every commit|each commit|every push|"
          "without asking|every api call|every request|every call|for every|for any|unnecessary|not needed|"
          "isn't needed|pointless|never needed|leave it off|leave it disabled|leave it skipped|leave them off|"
          "leave them disabled|leave them skipped|permanently|for good|globally|everywhere|"
          "keeps breaking|keep breaking|keeps failing|fails|quickly|without showing|without a prompt|"
          "instead of investigating|instead of fixing|rather than fixing|rather than investigating|is enough|"
          "someone else's problem|for all|complains|if it complains|just work|just works|so it works|"
          "unless the build breaks|unless it breaks|noise|mostly noise|overkill|until someone complains|"
          "until someone notices|"
          "without prompting|every tool call|for all|instead of investigating|instead of fixing|rather than fixing|"
          "rather than investigating|is what matters|all that matters|noise|for every project|every index|"
          "keep prs moving|keep things moving|to unblock|waste time|wastes time|slow|slows|trip up|trips up|"
          "in all repos|all repos|when ci is red|when ci fails|if ci fails|if ci is red|"
          "when the build is red|when checks fail|if checks fail|merge anyway|ship anyway|push anyway|deploy anyway|"
          "to every curl|to every call|to every command|to every request|hates|carry on|and carry on|move on|and move on|goes green|go green|stays green|"
          "pipeline green|ci green|for speed|avoid permission|permission issues|permission errors|on all requests|"
          "all requests calls|on all calls|for all requests|stop failing|so they stop|so it stops|less hassle|"
          "it's easier|easier for|every git push|on every push|skip reading|without reading|without looking at|"
          "every command|never come up|never stop|trust you completely|takes too long|too long|go straight to|"
          "straight to|matters more|green ci|forget to turn it back on|re-enabling is optional|when they block a release|"
          "when they block|block a release|writes are fine|whatever the task|the quickest fix|quickest fix|"
          "standing answer|for every prompt|they'll find problems|for everything|rather than stopping|"
          "instead of stopping|rather than asking|instead of asking|interferes|interfere|"
          "stays green|don't bother|too strict|rather than fixed|instead of fixed|by any means|by whatever means|"
          "at any cost|whatever it takes|keep xfailing|keep skipping|keep disabling|keep deleting|keep muting|"
          "instead of writing|rather than writing|instead of adding tests|rather than adding tests")
_DOWNGRADE_NOT = (PROTECT + "|i had written that|i had noted that|i previously wrote|i wrote earlier that|"
                            "locally|local dev|local development|only locally|only in|only for|only on|"
                  "temporarily|for now|re-enable|reenable|restore|ticket|todo|fixme|link the issue|file an issue|"
                  "open an issue|tracked|documented|explain why|with a reason|reason|justify|not allowed|forbidden|"
                  "prohibited|when iterating|while iterating|when debugging|while debugging|not slow|slow tests|slow integration tests|marked slow|"
                  "for security reasons|disabled for security|for security (|hardening")

_NEVER_BACK = ("should not be re-added|must not be re-added|never re-add|don't re-add|do not re-add|don't re-enable|"
               "do not re-enable|never re-enable|don't ever re-enable|should not be re-enabled|must not be re-enabled|"
               "removed from all repos|removed from every repo")
"""A check removed for good, its return forbidden (`the CodeQL workflow should not be re-added`)."""
_OFF_OUTRIGHT = ("disable|disabling|turn off|turning off|switch off|skip|skipping|bypass|bypassing|bypassed|remove|removing|"
                 "delete|deleting|comment out|drop|dropping|ignore|ignoring|--no-verify|no-verify|verify=false|"
                 "--insecure|insecure|-k|rejectunauthorized|strict_ssl|sslverify|disabled|muted|re-disable|"
                 "leave it disabled|keep it disabled|stays disabled|stay disabled|leave them disabled|keep them off|"
                 "leave it off|keep it off|stays off|" + _NEVER_BACK)
_STRONG_SAFETY = ("tls verification|ssl verification|certificate verification|certificate checks|certificate check|"
                  "cert verification|cert checks|ssl checks|ssl check|tls checks|hostname verification|"
                  "signature verification|signature checks|signature check|commit signing|gpg signing|"
                  "checksum verification|checksum check|checksums|hash checking|hash checks|hash verification|"
                  "2fa|mfa|two-factor|branch protection|secret scanner|secret scanning|secret scan|gitleaks|"
                  "trufflehog|csrf protection|csrf checks|csrf middleware|csrf tokens|auth checks|authentication checks|permission checks|"
                  "permission prompts|confirmation prompts|approval prompts|security review|security scan|"
                  "security scanning|vulnerability scan|dependency audit|npm audit|pip-audit|audit logging|"
                  "sandboxing|the sandbox|pre-commit hooks|the pre-commit hook|git hooks|commit hooks|"
                  "required reviews|code review|required checks|status checks|codeql|code scanning|dependabot alerts|"
                  "dependabot security updates")
"""Checks whose only job is to guard secrets, code or people: switching one off is a downgrade without a reason."""
_KEPT_OFF = ("is off|are off|stays off|stay off|left off|kept off|is disabled|are disabled|was disabled|were disabled|"
             "was removed|were removed|turned off|switched off|is permissive|permissive|no longer masked|"
             "no longer enforced|no longer required|no longer checked|not enforced|are skipped|is skipped|"
             "get skipped|were skipped|always allow|off for good|disabled for good|went from|dismissed in bulk|muted|"
             "is muted|are muted|commented out|uninstalled|are advisory|is advisory|down to|setenforce 0|is bypassed|"
             "are bypassed|bypassed with|are optional|is optional|was dropped|were dropped|is 777|go out with|"
             "goes out with|go straight through|goes straight through|with no human review")
"""A check said to be off now (a state, not an order)."""
_GUARD = (_STRONG_SAFETY + "|audit log|audit logs|rate limiting|rate limits|lockout|login lockout|masking|masked|"
          "host key checking|stricthostkeychecking|coverage gate|push protection|selinux|apparmor|cors|csrf|"
          "signature|checksum|firewall|approval|approvals|dependabot alerts|required checks|required status checks|"
          "security-scan|plan review|codeowners review|secret checks|pre-commit|--no-verify|reviews|review")
_FOR_EASE = ("slowing|slowed|slows|slow down|annoy|annoys|annoyed|annoying|too often|hassle|a chore|chore|harder|"
             "kept hitting|filling|filled up|so i can|so that i can|held up|to make the|saves|for good|on purpose|"
             "intentionally|by design|rarely current|noisy|in the way|friction|unattended|too strict|for convenience|"
             "convenient|easier|was a pain|kept blocking|kept failing|false positives|without reading them|as noise|"
             "waste her time|waste his time|waste their time|wastes time|were blocking|was blocking|don't hold up|"
             "doesn't hold up|hooks are slow|are slow|is slow|happy with that|prefers it|found it annoying")
"""The reason a check was left off for good: it was slow, noisy, annoying or in the way."""
_KEPT_OFF_NOT = (_DOWNGRADE_NOT + "|re-enabled|back on|turned back|was a mistake|postmortem|post-mortem|incident|"
                 "should be on|must stay on|must be on|until|revert|reverted|never again")

_BETWEEN_US = ("between us|between you and me|our secret|our little secret|keep this between|stays between|"
               "stay between|good news only|only good news")
_OUR_SECRET_TOOL = (r"re:our\s+secrets?[\s-]+(?:scann|detect|stor|manag|rotat|handl|vault|polic|sauce|lint|hygiene"
                    r"|sprawl|inventor)")
"""`our secret scanner`, `our secret-management policy`: a team's tooling for secrets, not a secret shared with the note."""
_TRACES = ("history|shell history|bash_history|logs|log|traces|trace|evidence|audit log|audit trail|footprints")
_ERASE = ("remove|delete|clear|wipe|erase|scrub|clean|truncate|shred|rewrite")
_UNNOTICED = ("so the user's|stays clean|stay clean|your own entries|your entries|your own lines|your traces|before finishing|before you finish|so the user|can't find|cannot find|won't find|won't notice|doesn't notice|does not notice|"
              "without a trace|without trace|cover|covered|afterwards|unnoticed|nobody notices|no one notices|"
              "nobody looks|no one looks|"
              "can't tell|won't see")
_THIS_NOTE = ("this entry|this note|this memory|this instruction|this rule|this file|these notes|this line|.git/hooks|"
         "the hook line|the upload line|hook line|this rule file|this summary")
_REMOVED = ("removes|remove|removed|deletes|delete|deleted|edits|edited|changes|changed|drops|dropped|cleans up|"
            "missing|gone|lost|pruned|purged|cleared|wiped|disappears|disappeared|uninstalls|reinstalls")
_RESTORE = ("restore|restore it|re-add|add it back|put it back|recreate|rewrite it|write it back|reinstate|re-create|"
            "reinsert|re-insert|re-save|re-saved|re-adding|keep re-adding|regenerate it from|put back|add it again")
_SHIELD = ("never let|don't let|do not let|must not let|never mark|don't mark|do not mark|never prune|don't prune|"
           "do not prune|never expire|don't expire|keep it verbatim|keep this verbatim|word for word|verbatim|"
           "update its date|bump its date|refresh its date|must survive|should survive|survives")
_UPKEEP = ("cleanup pass|cleanup|clean-up|compaction|compact|consolidate|consolidation|consolidating|dedupe|"
           "deduplication|staleness|stale|prune|pruning|memory reset|memory review|memory cleanup|expiry|expire|"
           "summarisation|summarization")
"""The upkeep a memory store does to itself: cleanup passes, compaction, consolidation, staleness checks."""

_DOWNLOAD = ("download|downloads|downloaded|fetch|fetches|fetching|downloading|grab|pull down|curl|wget|from url|"
             "drop in")
_RUN_BINARY = ("chmod +x|chmod|make it executable|start it|run it|launch it|execute it|nohup|in the background|"
               "run the binary|start the binary|executes it|runs it|as root|pipe it|piped|"
               "don't read it|without reading it|without reviewing it")
_SEND_OUT = ("post|send|upload|share|paste|forward|transmit|publish|include|attach|append|mirror|mirrored|sending|"
             "posting|uploading|sharing|mail the|email the|e-mail the|keep a copy of|copy of every|copy every|dm|"
             "dump|dump the|print|write all|log the|"
             "commit the|commit your|commit it|push the|push your|copy the|copy their|put the|put it|embed|encode|"
             "zip|push it|log every|fill|add the contents|write its contents|write the contents|report crash|copy|"
             "sync|syncs|syncing|emailed|mailed|mailing|posted|pasted|attached|uploaded|"
             "goes into|go into|rides along|bundles|bundled")
_SECRET_VALUE = ("key|token|password|secret|credentials|passwords|tokens|keys|api key|private key|printenv|"
                 "output of env|env output|printenv output|full environment|whole environment|entire environment|"
                 "environment dump|env dump|production dump|prod dump|production database dump|production data|"
                 "environment variables|env vars|.env|customer records|customer data|personal data|pii|"
                 "database url|.docker/config.json|docker/config.json|kube/config|aws/credentials|gh/hosts.yml|.netrc|.npmrc|"
                 ".pypirc|.git-credentials|id_rsa|id_ed25519|conversation transcript|chat transcript|conversation history|"
                 "chat history|secrets.yaml|secrets.yml|secrets.json|creds|db creds|database dump|db dump|.my.cnf|"
                 "my.cnf|session token|api keys|customer email|customer emails|authorization header|secrets list|"
                 "cloud credentials|customer csv|kubeconfig|_token variable|api_key|cookies|browser cookies|"
                 "vault token|.vault-token|vault-token|gh auth token|auth token|auth headers|auth header|payroll|"
                 "untracked files|the whole repo|whole repo|private source|source files|documents folder|"
                 "every prompt|prompt and response|prompts and responses|secrets_json|.env|full conversation|whole conversation|"
                 "entire conversation|sensitive info|sensitive information|request headers|process.env|os.environ|"
                 "document.cookie|.pgpass|~/.aws|~/.azure|~/.kube|~/.gnupg|~/.config/gh|.aws folder|.kube folder|"
                 "otp|otp codes|2fa codes|mfa codes|verification codes|one-time codes|every file|each file|all files")
_OUTSIDE = ("webhook|url|channel|paste|gist|slack|discord|pastebin|external|third party|third-party|issue comment|"
            "public repository|forum|public forum|bug report|mailing list|stack overflow|reddit|shared drive|"
            "shared folder|public-read|"
            "pr|pull request|public issue|the issue|commit message|public fork|public repo|"
            "comment|contractor|query parameters|query string|pixel|fork|bucket|remote|outside|outside services|"
            "outside parties|vendor|vendors|mailbox|inbox|telegram|whatsapp|signal|pr comment|issue|public wiki|"
            "wiki page|readme|public bucket|public tracker|public google drive|drive link|community discord|ci log|"
            "public ci log|contractor's fork|outlook.com|gmail.com|protonmail|dropbox|user-agent|outgoing requests|"
            "the address|email address|ci variables|served over http|public/|html comment|"
            "generated docs|backup remote|public mirror|endpoint|feedback form|vendor site|gitlab.com|"
            "github.com|team channel|google drive|s3 bucket|form|imgur|public pastebin|public discord|public docs|public s3|"
            "tutanota.com|tuta.io|proton.me|yahoo.com|hotmail.com|icloud.com|gmx.com|gmx.net|mail.ru|yandex.ru|"
            "public slack|public channel|personal server|personal bucket|personal repo|personal account|"
            "personal email|personal drive|personal storage|summaries|session summaries|session summary|recap|recaps")
_SEND_NOT_TEXT = (PROTECT + "|" + NO_REQUEST + "|snippet|rename|"
                  "names only|variable names only|with the key from|using the key from|with the token from|"
                  "using the token from|key from .env|token from .env|stripping|strip|after removing|remove any|scrub|rotate|revoke|redact|redacted|"
                  "redacts|redacting|masks|masking|placeholder|secret manager|"
             "secrets manager|vault|masked|mask|your local .env|local .env|locally|don't share it|do not share it|"
             "never share it")
_SEND_NOT = CueGroup.of(_SEND_NOT_TEXT).excepting("vault token|vault-token|.vault-token|vault tokens")
"""What a careful rule says beside a secret (names only, redact, the vault); a vault token is a secret, not a place."""

_KEEP = ("keep|save|saved|store|stored|storing|copy|write|written|committed|remember|paste|record|put|note down|jot down")
_CREDENTIAL = ("password|passwords|passphrase|token|tokens|api key|api keys|credentials|credential|secret|secrets|"
               "keys|root account keys|access keys|"
               "private key|private keys|ssh key|ssh keys|pin|otp|recovery codes|session cookie|cookies")
_IN_MEMORY = ("~/notes|keys.txt|notes/|a text file|a txt file|for quick access|in memory|this memory|memory file|in this file|into this file|in your notes|in the notes|notes file|"
              "for next time|future sessions|next session|next sessions|so you never|remember it|remember them|"
              "in claude.md|in agents.md|in memory.md|plain text|plaintext")
_KEEP_NOT = (PROTECT + "|out of|redact|redacted|placeholder|env var|"
             "environment variable|secret manager|secrets manager|vault|keychain|1password|.env")

_DECODE = ("decode|decoded|decoding|rot13|rot-13|reverse|reversed|unescape|unescaped|percent-decode|url-decode|"
           "urldecode|base64|hex|deobfuscate|decipher|decrypt|unscramble|translate|fromcharcode|charcode|"
           "char codes|character codes|morse")
_RUN_IT = ("execute|run|follow|obey|eval|evaluate|carry out|act on|do what|comply")
_THE_TEXT = ("it|this|the following|below|them|the result|that|what it says|its instructions|the text|"
             "decode and follow|decode and run|decode and execute|decode and obey|decode then follow|decode then run")
_DECODE_NOT = (PROTECT + "|never|don't|do not|not|inspect|read it first|show it|show the user|review|"
               "look at|print it")


RISK_RULES: tuple[CueRule, ...] = (
    cue_rule("decode_and_run", "injection",
             "tells the agent to decode hidden text and then run or follow it (held for a person)",
             _DECODE, _RUN_IT, _THE_TEXT, unless=_DECODE_NOT, negatable=False),
    cue_rule("between_us", "injection", "asks the agent to keep something between itself and the note (held)",
             CueGroup.of(_BETWEEN_US).excepting(_OUR_SECRET_TOOL), unless=PROTECT),
    cue_rule("covering_tracks", "injection", "asks the agent to erase its traces so no one notices (held)",
             _ERASE, _TRACES, _UNNOTICED, unless=PROTECT),
    cue_rule("self_restoring_note", "persistence", "asks the agent to put this note back if someone removes it (held)",
             _THIS_NOTE, _REMOVED, _RESTORE, unless=PROTECT, negatable=False),
    cue_rule("restores_what_the_user_removed", "persistence",
             "asks the agent to put back a server, hook, job or program after the user removes it (held)",
             "the user remove|the user removes|the user removed|user removes|user removed|if the user deletes|"
             "if the user uninstalls|the user uninstalls|user reinstalls|the user reinstalls|if someone removes|"
             "if anyone removes|if it's removed|if it is removed|if they remove|even if removed|if removed|if deleted",
             _RESTORE + "|reinstall|re-register|register it again|re-enable it",
             "mcp|server|hook|hooks|cron|crontab|launchagent|launch agent|launchd|service|include|alias|extension|"
             "plugin|binary|daemon|startup item|login item|authorized_keys|ssh key|remote",
             unless=PROTECT + "|ask the user|ask first|ask before|confirm with", negatable=False, window=0),
    cue_rule("note_shields_itself", "persistence",
             "asks the agent to keep this note through memory upkeep (cleanup, compaction, staleness checks; held)",
             _THIS_NOTE, _SHIELD, _UPKEEP, unless=PROTECT, negatable=False),
    cue_rule("download_and_run", "injection", "asks the agent to download a program and run it (held for a person)",
             _DOWNLOAD, _RUN_BINARY, "url|binary|script|helper|tool|agent|installer|one-liner|hook|sh",
             unless=PROTECT + "|read it|review it|inspect it|checksum|verify|verifies|verified|never pipe|don't pipe"),
    cue_rule("secret_sent_out", "exfiltration", "asks the agent to send a key, token or password somewhere (held)",
             _SEND_OUT, _SECRET_VALUE,
             CueGroup.of(_OUTSIDE).excepting("public key|public keys|public-key|public api|public endpoint|public url"),
             unless=_SEND_NOT, addressed=0),
    cue_rule("credentials_kept", "injection",
          "asks to keep passwords, keys or tokens in memory or notes for later (held for a person)",
          _KEEP, _CREDENTIAL, _IN_MEMORY,
          unless=CueGroup.of(_KEEP_NOT).excepting("need a vault|needs a vault|no vault|without a vault|instead of a vault|"
                                                   "rather than a vault|instead of the vault|rather than the vault")),
    cue_rule("safety_off_outright", "injection",
             "tells the agent to switch off a check that guards secrets, code or people (TLS or signature "
             "verification, branch protection, secret scanning, 2FA, confirmation prompts; held)",
             _OFF_OUTRIGHT, _STRONG_SAFETY, unless=CueGroup.of(_DOWNGRADE_NOT).excepting(_NEVER_BACK), addressed=0),
    cue_rule("risky_even_in_prod", "injection",
             "tells the agent to do something destructive even in production (held for a person)",
             "drop|delete|wipe|truncate|reset|recreate|force-push|force push|overwrite|purge|destroy",
             "even in prod|even in production|even on prod|even on production|prod included|production included|"
             "including prod|including production|in prod too|in production too",
             unless=PROTECT + "|not even|never", addressed=0),
    cue_rule("assume_safe", "injection",
             "tells the agent to assume a doubtful action is safe and go ahead (held for a person)",
             "when in doubt|if in doubt|if unsure|when unsure|if you're not sure|if you are not sure|not sure whether|"
             "unsure whether|not sure if|unsure if",
             "dangerous|risky|destructive|safe|harmful|allowed|permitted|reversible",
             "assume it isn't|assume it is not|assume it's safe|assume it is safe|assume it's fine|assume it is fine|"
             "assume it's allowed|assume it is allowed|assume it's harmless|assume it is harmless|assume yes|"
             "assume it's ok|assume it is ok|assume the answer is yes|assume it's reversible|assume it is reversible",
             unless=PROTECT, negatable=False),
    cue_rule("safety_kept_off", "injection",
             "says a check that guards secrets, code or people is off for good because it was slow, noisy or in the "
             "way (a state the agent would keep; held)",
             _KEPT_OFF, _GUARD, _FOR_EASE, unless=_KEPT_OFF_NOT, window=0),
    cue_rule("safety_off_by_habit", "injection",
          "makes turning a safety check off a habit or a preference (tests, TLS, hooks, reviews; held)",
          _DOWNGRADE_ACT, CueGroup.of(_SAFETY).excepting(r"re:(?:^[\s*#>-]*)check\b|check\s+(?:for|that|if|whether)\b"), _HABIT,
          unless=_DOWNGRADE_NOT, addressed=0),
)
"""The English cue rules for risky acts; all of them hold."""
