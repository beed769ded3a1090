"""Secrets of providers beyond the big clouds, and passwords in the forms people paste into notes, as rule data.

Each provider's token shape (its fixed prefix, alphabet and length) is public documentation; the shapes here were
chosen to match what gitleaks' and detect-secrets' provider rules find, and measured beside detect-secrets on the
bench's labelled vectors (README: *Secrets*). Plain data: `rules` turns each row into a secret check, so the
scanner finds every candidate in its one pass and confirms it on the case-kept text.

A provider's documented example key (`AKIAIOSFODNN7EXAMPLE`, the jwt.io sample token) is not a secret: it grants
nothing, appears in real documentation, and flagging it teaches people to wave alerts through. `DOCUMENTED_EXAMPLES`
lists the exact values, and AWS keys that end in `EXAMPLE`/`EXAMPLEKEY` count as examples too.
"""

from __future__ import annotations

import re

ProviderRow = tuple[str, str, str, str, float, bool]
"""(rule id, what it finds, lowercase candidate pattern, exact case-kept pattern, minimum entropy, needs a digit)."""

_VALUE = r"(?<=[=:\s'\"`])[^\s'\"`]{8,128}(?=['\"`]?$)"
"""A password's value at the end of its candidate: the run after `=`, `:`, a space or an opening quote."""

PROVIDERS: tuple[ProviderRow, ...] = (
    ("secret_gitlab_runner_token", "a GitLab runner, deploy or trigger token",
     r"\b(?:glrt-|glptt-|gldt-|glcbt-|glimt-)[a-z0-9_-]{20,64}\b|\bgr1348941[a-z0-9_-]{20,40}\b",
     r"(?:glrt-|glptt-|gldt-|glcbt-|glimt-)[\w-]{20,64}|GR1348941[\w-]{20,40}", 3.0, False),
    ("secret_gcp_oauth_secret", "a Google OAuth client secret", r"\bgocspx-[a-z0-9_-]{28}\b", r"GOCSPX-[\w-]{28}",
     3.0, False),
    ("secret_azure_storage_key", "an Azure storage account key", r"\baccountkey\s*=\s*[a-z0-9+/]{86}==|\b(?:key[12]"
     r"|(?:storage|account|access|primary|secondary)\s+key)\b[^\n]{0,30}?[:=\s`'\"][a-z0-9+/]{86}==(?![a-z0-9+/=])",
     r"(?<=[=:\s`'\"])[A-Za-z0-9+/]{86}==", 4.0, True),
    ("secret_twilio_key", "a Twilio API key", r"\bsk[0-9a-f]{32}\b", r"SK[0-9a-f]{32}", 3.0, True),
    ("secret_auth_token", "an auth token written out (Twilio's and others' 32 hex characters)",
     r"\b(?:auth[ _-]?token|twilio\b[^\n]{0,80}?\bauth)\b[^\n]{0,24}?\b[0-9a-f]{32}\b",
     r"(?<![0-9a-fA-F])[0-9a-fA-F]{32}(?![0-9a-fA-F])", 3.0,
     True),
    ("secret_azure_client_secret", "an Azure AD (Entra ID) client secret",
     r"(?<=[a-z0-9_~.]{3}\d)q~[a-z0-9_~.-]{31,34}(?![\w~.-])", r"Q~[A-Za-z0-9_~.-]{31,34}", 3.5, False),
    ("secret_discord_bot_token", "a Discord bot token",
     r"\b(?:discord|bot)\b[^\n]{0,90}?\b[a-z0-9]{23,28}\.[\w-]{6}\.[\w-]{27,38}",
     r"[A-Za-z\d]{23,28}\.[\w-]{6}\.[\w-]{27,38}", 3.5, True),
    ("secret_doppler_token", "a Doppler token", r"\bdp\.(?:st|pt|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[a-z0-9]{40,44}\b",
     r"dp\.(?:st|pt|ct|sa|scim|audit)\.(?:[\w-]{2,35}\.)?[A-Za-z0-9]{40,44}", 3.5, False),
    ("secret_sendgrid_key", "a SendGrid API key", r"\bsg\.[a-z0-9_-]{22}\.[a-z0-9_-]{43}(?![\w-])",
     r"SG\.[\w-]{22}\.[\w-]{43}", 3.5, False),
    ("secret_telegram_bot_token", "a Telegram bot token", r"(?<=\d{8}):aa[a-z0-9_-]{33}\b", r"AA[\w-]{33}", 3.0,
     False),
    ("secret_vault_token", "a HashiCorp Vault token", r"\bhv[sb]\.[a-z0-9_-]{24,250}\b", r"hv[sb]\.[\w-]{24,250}",
     3.0, False),
    ("secret_mailgun_key", "a Mailgun API key", r"\bkey-[0-9a-f]{32}\b", r"key-[0-9a-f]{32}", 3.0, True),
    ("secret_age_key", "an age secret key", r"\bage-secret-key-1[02-9ac-hj-np-z]{58}\b",
     r"AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}", 3.0, False),
    ("secret_digitalocean_token", "a DigitalOcean token", r"\bdo[opr]_v1_[0-9a-f]{64}\b", r"do[opr]_v1_[0-9a-f]{64}",
     3.0, True),
    ("secret_shopify_token", "a Shopify access token", r"\bshp(?:at|ca|pa|ss)_[0-9a-f]{32}\b",
     r"shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}", 3.0, True),
    ("secret_databricks_token", "a Databricks token", r"\bdapi[0-9a-h]{32}(?:-\d)?\b", r"dapi[0-9a-h]{32}", 3.0, True),
    ("secret_postman_key", "a Postman API key", r"\bpmak-[0-9a-f]{24}-[0-9a-f]{34}\b", r"PMAK-[0-9a-f]{24}-[0-9a-f]{34}",
     3.0, True),
    ("secret_linear_key", "a Linear API key", r"\blin_api_[a-z0-9]{40}\b", r"lin_api_[A-Za-z0-9]{40}", 3.5, False),
    ("secret_grafana_token", "a Grafana service-account or cloud token",
     r"\bglsa_[a-z0-9]{32}_[0-9a-f]{8}\b|\bglc_[a-z0-9+/]{32,400}={0,2}", r"glsa_\w{32}_[0-9a-f]{8}|glc_[\w+/]{32,400}",
     3.5, False),
    ("secret_supabase_token", "a Supabase access token", r"\bsbp_[0-9a-f]{40}\b", r"sbp_[0-9a-f]{40}", 3.0, True),
    ("secret_sentry_token", "a Sentry auth token", r"\bsntry[su]_[a-z0-9+/=_-]{40,400}", r"sntry[su]_[\w+/=-]{40,400}",
     3.5, False),
    ("secret_ai_service_key", "an AI service API key (Groq, Replicate, Perplexity, xAI, Hugging Face organisation)",
     r"\bgsk_[a-z0-9]{52}\b|\br8_[a-z0-9]{37}\b|\bpplx-[a-z0-9]{48}\b|\bxai-[a-z0-9]{80}\b|\bapi_org_[a-z]{34}\b",
     r"gsk_[A-Za-z0-9]{52}|r8_[A-Za-z0-9]{37}|pplx-[A-Za-z0-9]{48}|xai-[A-Za-z0-9]{80}|api_org_[A-Za-z]{34}", 3.5,
     False),
    ("secret_platform_token", "a cloud or developer platform token (Doppler, Pulumi, PlanetScale, Fly.io, Heroku, "
     "Dynatrace, Prefect, Scalingo, Infracost, ReadMe, RubyGems, Clojars, Artifactory, OpenShift, 1Password, "
     "GitLab agent, Alibaba, Docker Hub, Figma, Frame.io, Sourcegraph, Notion, New Relic, Atlassian, ElevenLabs)",
     r"\bdp\.pt\.[a-z0-9]{43}\b|\bpul-[a-f0-9]{40}\b|\bpscale_(?:tkn|pw|oauth)_[\w=.-]{32,64}|\bfo1_[\w-]{43}\b"
     r"|\bfm2_[a-z0-9+/]{100,600}={0,3}|\bhrku-aa[0-9a-z_-]{58}\b|\bdt0c01\.[a-z0-9]{24}\.[a-z0-9]{64}\b"
     r"|\bpnu_[a-z0-9]{36}\b|\btk-us-[\w-]{48}\b|\bico-[a-z0-9]{32}\b|\brdme_[a-z0-9]{70}\b"
     r"|\brubygems_[a-f0-9]{48}\b|\bclojars_[a-z0-9]{60}\b|\bakcp[a-z0-9]{69}\b|\bsha256~[\w-]{43}(?![\w-])"
     r"|\bops_eyj[a-z0-9+/]{250,2000}={0,3}|\bglagent-[0-9a-z_-]{50}\b|\bltai[a-z0-9]{20}\b|\bdckr_pat_[\w-]{27}\b"
     r"|\bfigd_[\w-]{40}\b|\bfio-u-[\w=-]{64}\b|\bsgp_(?:[a-f0-9]{16}_)?[a-f0-9]{40}\b|\bntn_[0-9]{11}[a-z0-9]{35}\b"
     r"|\bnrak-[a-z0-9]{27}\b|\batatt3[\w=-]{150,250}|\bsk_[0-9a-f]{48}\b",
     r"dp\.pt\.[A-Za-z0-9]{43}|pul-[a-f0-9]{40}|pscale_(?:tkn|pw|oauth)_[\w=.-]{32,64}|fo1_[\w-]{43}"
     r"|fm2_[A-Za-z0-9+/]{100,600}|HRKU-AA[\w-]{58}|dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}|pnu_[A-Za-z0-9]{36}"
     r"|tk-us-[\w-]{48}|ico-[A-Za-z0-9]{32}|rdme_[a-z0-9]{70}|rubygems_[a-f0-9]{48}|CLOJARS_[A-Za-z0-9]{60}"
     r"|AKCp[A-Za-z0-9]{69}|sha256~[\w-]{43}|ops_eyJ[A-Za-z0-9+/]{250,2000}|glagent-[\w-]{50}|LTAI[A-Za-z0-9]{20}"
     r"|dckr_pat_[\w-]{27}|figd_[\w-]{40}|fio-u-[\w=-]{64}|sgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}"
     r"|ntn_[0-9]{11}[A-Za-z0-9]{35}|NRAK-[A-Z0-9]{27}|ATATT3[\w=-]{150,250}|sk_[0-9a-f]{48}", 3.5, False),
    ("secret_commerce_token", "a payments, shipping, messaging or webhook secret (Square, Shippo, Flutterwave, Duffel, "
     "EasyPost, Brevo, Typeform, Harness, Octopus, a Slack or Discord webhook URL)",
     r"\bsq0(?:atp|csp)-[\w-]{22,60}|\bshippo_(?:live|test)_[a-f0-9]{40}\b|\bflwseck(?:_test)?-[a-h0-9]{32}-x\b"
     r"|\bduffel_(?:test|live)_[\w=-]{43}|\bezak[a-z0-9]{54}\b|\bxkeysib-[a-f0-9]{64}-[a-z0-9]{16}\b"
     r"|\btfp_[\w.=-]{59}|\b(?:pat|sat)\.[\w-]{22}\.[a-z0-9]{24}\.[a-z0-9]{20}\b|\bapi-[a-z0-9]{26}\b"
     r"|hooks\.slack\.com/(?:services|workflows|triggers)/[a-z0-9+/]{43,56}"
     r"|discord(?:app)?\.com/api/webhooks/\d{17,20}/[\w-]{60,70}",
     r"sq0(?:atp|csp)-[\w-]{22,60}|shippo_(?:live|test)_[a-fA-F0-9]{40}|FLWSECK(?:_TEST)?-[a-hA-H0-9]{32}-X"
     r"|duffel_(?:test|live)_[\w=-]{43}|EZAK[A-Za-z0-9]{54}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|tfp_[\w.=-]{59}"
     r"|(?:pat|sat)\.[\w-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}|API-[A-Z0-9]{26}"
     r"|(?<=/)(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}|(?<=webhooks/)\d{17,20}/[\w-]{60,70}", 3.5, False),
    ("secret_app_token", "an app or session token (Slack app-level, Google OAuth access, Stripe webhook signing, "
     "Notion integration, Tailscale)",
     r"\bxapp-\d-[a-z0-9]{8,14}-\d{8,16}-[a-f0-9]{48,80}\b|\bya29\.[\w-]{30,400}|\bwhsec_[a-z0-9+/=]{24,100}"
     r"|\bntn_[a-z0-9]{40,50}\b|\btskey-(?:auth|api|client|scim|webhook)-[a-z0-9]{6,20}-[a-z0-9]{16,80}\b",
     r"xapp-\d-[A-Z0-9]{8,14}-\d{8,16}-[a-f0-9]{48,80}|ya29\.[\w-]{30,400}|whsec_[A-Za-z0-9+/=]{24,100}"
     r"|ntn_[A-Za-z0-9]{40,50}|tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,20}-[A-Za-z0-9]{16,80}", 3.5, False),
    ("secret_cli_password", "a password on a database or SSH command line (`mysql -pVALUE`, `sshpass -p VALUE`)",
     r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]{0,160}?\s-p(?:[^\s'\"`-][^\s'\"`]{7,63}"
     r"|'[^\s']{8,64}(?=')|\"[^\s\"]{8,64}(?=\"))"
     r"|\bsshpass\s+-p\s*['\"]?[^\s'\"`-][^\s'\"`]{7,63}",
     r"(?<=-p)[^\s'\"`]{8,64}$|(?<=-p')[^\s']{8,64}$|(?<=-p\")[^\s\"]{8,64}$|(?<=[\s'\"])(?!-)[^\s'\"`]{8,64}$",
     2.5, False),
    ("secret_token_prose", "an API key or token written out after its label (`API token (all zones): …`, "
     "`the access key for staging is …`)",
     r"\b(?:api[ _-]?(?:key|token)|access[ _-]?(?:key|token)|auth[ _-]?token|bearer[ _-]?token|bot[ _-]?token"
     r"|secret[ _-]?key|personal[ _-]?access[ _-]?token|write[ _-]?key|(?:signing|encryption|master|hmac|shared"
     r"|session|jwt)[ _-]?(?:key|secret))\b(?:\s*\([^\n)]{1,60}\)\s*[:=]|\s+(?:for|of|on|to)\s+"
     r"[^\n:=]{1,40}?(?:[:=]|\s(?:is|was)\b)|\s+[^\n:=.;`]{1,60}?\s(?:is|was)\s+(?=['\"`])|\s+(?:is|was)\b)\s*['\"`]?"
     r"[a-z0-9_+/=-]{24,128}(?![\w+/=-])",
     r"[A-Za-z0-9_+/=-]{24,128}$", 3.5, True),
    ("secret_pgpass_line", "a .pgpass line (host:port:database:user:password)",
     r"(?<=[\w.-]):(?:\d{2,5}|\*):[\w.*-]{1,100}:[\w.*-]{1,100}:[^\s:]{6,128}",
     r"(?<=:)[^\s:]{6,128}$", 2.5, False),
    ("secret_password_assignment", "a password with punctuation assigned to a password setting",
     r"(?:password|passwd|pwd|pass)['\"]?[ \t]*(?::=?|=)[ \t]*(?:\"[^\"\s]{8,128}\"|'[^'\s]{8,128}'|[^\s'\";]{8,128})",
     _VALUE, 2.5, False),
    ("secret_password_prose", "a password written out in prose (`the password is …`, `password: …`)",
     r"\bpass(?:word|wd|phrase)?\s+(?:(?:for|of|on|to)\s+(?:the\s+|our\s+|this\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+)?(?:is|was|=)"
     r"\s+['\"`]?[^\s'\"`]{8,64}|\bpass(?:word|wd|phrase)?:\s+['\"`]?[^\s'\"`]{8,64}"
     r"|\bpass(?:word|wd|phrase)?\s+(?:for|of|on|to)\s+(?:the\s+|our\s+|this\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}:\s+['\"`]?"
     r"[^\s'\"`]{8,64}"
     r"|\blogin\b[^\n]{0,64}?:\s*[\w.@-]{2,40}\s*/\s*[^\s'\"`]{8,64}",
     _VALUE, 2.5, False),
)
"""Every provider and password rule, in the order the scanner reports them."""

DOCUMENTED_EXAMPLES = frozenset({
    "AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY", "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIy"
    "fQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
})
"""Providers' documented example keys, which grant nothing and are not treated as secrets (the last is the Azure
storage emulator's published account key)."""


def is_documented_example(value: str) -> bool:
    """Whether a confirmed secret value is a provider's documented example rather than a key, or a long piece of one
    (a rule whose value stops at `/` reads the emulator's key only up to its first slash)."""
    bare = value.strip().strip("'\"`")
    return bare in DOCUMENTED_EXAMPLES or (bare[:4] in ("AKIA", "ASIA") and bare.endswith("EXAMPLE")) \
        or bare.endswith("EXAMPLEKEY") or len(bare) >= 20 and any(bare in example for example in DOCUMENTED_EXAMPLES)


_OUTSIDE_KEY_ALPHABET = re.compile(r"[^A-Za-z0-9+/=_.-]")
PLACEHOLDER_WORDS = ("your", "example", "changeme", "password", "passwd", "xxxx", "****", "secret", "sample", "dummy",
                      "fixture", "not-real", "notreal",
                      "placeholder", "redacted", "strongpass", "securepass", "testpass", "demopass", "mypass",
                      "pass123", "pass1234", "admin123", "test123", "test1234", "qwerty", "letmein", "welcome1",
                      "12345678", "demo")
"""Words of the passwords docs and test fixtures use (`StrongPass123!`, `Test1234!`): an example, not a secret."""


_VARIABLE = re.compile(r"\$(?:\{[^}]*\}?|\(.*|\w+)[.,;:!?)'\"`]*|\$\w*\$.*")
"""A variable or command as a value (`$DB_PASS`, `${PGPASSWORD}`, `$(pass show db)`), or a password hash's opening
(`$2b$12$…`, `$argon2id$…`)."""


def names_a_variable(value: str) -> bool:
    """Whether a value opening with `$` stands for one (`$DB_PASS`), rather than being a password that opens with `$`
    (`$W4Rp…*boh`)."""
    return _VARIABLE.fullmatch(value) is not None


def plausible_password(value: str) -> bool:
    """Whether a password rule's value looks like a real password: letters with digits (or both cases, ten or more
    characters) and punctuation mixed, no
    placeholder words, and not a value the key-shaped assignment rule already reports (20+ characters of a key's
    alphabet)."""
    lowered = value.lower()
    if any(word in lowered for word in PLACEHOLDER_WORDS) or value.startswith(("{", "<", "%", "@")) \
            or value.startswith("$") and names_a_variable(value):
        return False
    mixed_case = any(c.isupper() for c in value) and any(c.islower() for c in value)
    if not (any(c.isalpha() for c in value) and (any(c.isdigit() for c in value) or (mixed_case and len(value) >= 10))):
        return False
    punctuated = _OUTSIDE_KEY_ALPHABET.search(value) is not None or any(c in value for c in "+/=_.-")
    return punctuated and (len(value) < 20 or _OUTSIDE_KEY_ALPHABET.search(value) is not None)


def plausible_pgpass_password(value: str) -> bool:
    """A .pgpass line's password: a plausible password, or a generated one (12 or more letters and digits, upper and
    lower case mixed), since the line's shape already says it is a credential."""
    generated = len(value) >= 12 and value.isalnum() and any(c.isupper() for c in value) \
        and any(c.islower() for c in value) and any(c.isdigit() for c in value)
    return plausible_password(value) or (generated and not any(w in value.lower() for w in PLACEHOLDER_WORDS))


def random_token(value: str) -> bool:
    """A written-out token's value: letters and digits mixed with both cases, or hexadecimal of 32 characters or
    more, rather than a name made of words (`my_service_account_token_v2`)."""
    hexadecimal = len(value) >= 32 and all(c in "0123456789abcdef" for c in value.lower())
    cased = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return (hexadecimal or cased) and not any(word in value.lower() for word in PLACEHOLDER_WORDS)


EXTRA_CONFIRM = {"secret_password_assignment": plausible_password, "secret_password_prose": plausible_password,
                 "secret_pgpass_line": plausible_pgpass_password, "secret_cli_password": plausible_pgpass_password,
                 "secret_token_prose": random_token}
"""Further checks a candidate of these rules must pass once its value is found."""
