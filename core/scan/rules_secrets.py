"""Secret rules: each kind of key or password, its lowercase candidate pattern, and how a candidate is confirmed on
the case-preserving text (its exact shape, how random it must be, whether it needs a digit); placeholders, example
values, identifiers and design tokens are not secrets.

A quoted assignment shaped like Hermes's `hardcoded_secret` that is not confirmed (a placeholder, an identifier) is
still held for a person by `possible_hardcoded_secret`, so nothing Hermes stops passes.
"""

from __future__ import annotations

import base64
import math
import re
from collections import Counter
from types import MappingProxyType
from typing import Callable, Mapping, NamedTuple

from memrev.core.scan.rules_base import HOLD, Rule
from memrev.core.scan.secret_notes import NOTE_CONFIRM, NOTE_ROWS
from memrev.core.scan.secret_providers import EXTRA_CONFIRM, PROVIDERS, is_documented_example, names_a_variable

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
    "secret_huggingface_token": _secret("a Hugging Face token", r"\bhf_[a-z0-9]{34}\b", r"hf_[A-Za-z0-9]{34}"),
    "secret_pypi_token": _secret("a PyPI API token", r"\bpypi-ageichlwas5vcmc[a-z0-9_-]{50,300}",
                                 r"pypi-AgEIcHlwaS5vcmc[\w-]{50,300}"),
    "secret_jwt": _secret("a JSON Web Token", r"\beyj[a-z0-9_-]{8,2000}\.eyj[a-z0-9_-]{8,4000}\.[a-z0-9_-]{0,2000}",
                          r"eyJ[\w-]{8,2000}\.eyJ[\w-]{8,4000}\.[\w-]{16,2000}"),  # unsigned: grants nothing
    "secret_connection_string": _secret(
        "a URL with a password", r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|https?|ftps?)"
        r"://[^\s:/@'\"]{0,64}:[^\s@/'\"]{1,128}@", r"(?<=:)[^\s@/:'\"]{1,128}(?=@)", 2.5),
    "hardcoded_secret": _secret(
        "a hardcoded password, token or API key", r"(?:api[ _-]?key|apikey|token|secret|passw(?:or)?d|pwd"
        r"|auth[ _-]?key|access[ _-]?key|private[_-]?key|client[_-]?secret|credentials?|(?:encryption|signing|master"
        r"|hmac|write)[_-]?key)[\w.-]{0,24}?['\"]?\]?(?:[ \t]*\([^():=\n]{1,60}\))?"
        r"(?:\*\*|__)?[ \t]*(?::=?|=>?)(?:\*\*|__)?[ \t]*(?:[\"'`][^\s\"'`]{20,512}|[a-z0-9+/=_-]{20,512})",
        r".", 3.5),
    **{rule: _secret(description, candidate, exact, min_entropy, digit)
       for rule, description, candidate, exact, min_entropy, digit in PROVIDERS + NOTE_ROWS},
})
"""Every secret rule (with the providers of `secret_providers` and the shapes of `secret_notes`); candidates found on the lowercased text are confirmed
by `confirm_secret`."""
PUBLIC_PREFIXES = ("AKIA", "ASIA", "ABIA", "ACCA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "gith", "glpa", "xoxb",
                   "xoxa", "xoxp", "xoxr", "xoxs", "sk-a", "sk_l", "rk_l", "AIza", "npm_", "pypi", "eyJ", "----")
"""Openings every key of its kind shares (shown to name the kind); any other secret shows none of its characters."""

SECRET_SHAPE_RULES: tuple[Rule, ...] = (
    Rule("possible_hardcoded_secret", "secret", HOLD, "a quoted value assigned to a key, token, secret or password",
         r"(?:api[_-]?key|token|secret|password)(?:\s+[=:]|[=:])\s*[\"'][a-z0-9+/=_-]{20}"),
)
"""The shape Hermes calls a hardcoded secret, held when memrev does not confirm a secret there."""

_PLACEHOLDERS = ("password", "passwd", "secret", "changeme", "example", "xxxx", "pass", "root", "admin", "test",
                 "user", "postgres", "mysql", "redis", "guest")
_HERMES_SHAPE = re.compile(r"(?i)(?:api[_-]?key|token|secret|password)\s*[=:]\s*[\"'][A-Za-z0-9+/=_-]{20,}")
_ASSIGNED = re.compile(r"^(?P<key>.*?)['\"]?(?:\*\*|__)?[ \t]*(?::=?|=>?)(?:\*\*|__)?[ \t]*(?P<quote>[\"'`]?)"
                       r"(?P<value>(?<=[\"'`])[^\s\"'`]+|[A-Za-z0-9+/=_.-]+)", re.S)
_NOT_A_SECRET_KEY = re.compile(r"(?:path|file|filename|dir|url|uri|endpoint|name|id|type|ttl|expiration|expires"
                               r"(?:_in)?)$", re.I)
"""Key names that hold where or what a secret is (`private_key_path`, `token_url`), not the secret."""
_PHRASE = re.compile(r"^[a-z]+(?:[-_](?:[a-z]+|\d{1,3})){3,}$")
"""A hyphenated phrase of lowercase words (`your-random-secret-key-min-32-chars`): a placeholder, not a key."""
_BASE64 = re.compile(r"[A-Za-z0-9+/]")
_URL_USER = re.compile(r"://([^\s:/@'\"]{1,64}):")
_CHUNK = re.compile(r"[A-Z]?[a-z]+|[A-Z]{2,}(?![a-z])|\d+")
_SEPARATORS = re.compile(r"[-_./]")
_VALUE_RUN = re.compile(r"[\w+/=.-]*")
_CODE = re.compile(r"\w\(|\)\.|\(\)|\w\.\w+\(")
"""A call or method chain (`z.string().min(8)`, `getenv(`): a value that is code."""


def entropy(value: str) -> float:
    """Shannon entropy in bits per character, to tell random keys from words and placeholders."""
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values()) if total else 0.0


HEX_ENTROPY = 3.0
"""The entropy 32 or more random hexadecimal digits clear with room to spare (a repeated or counting pattern does not)."""
_CONFIRM = {**EXTRA_CONFIRM, **NOTE_CONFIRM}
"""The further check each password and note rule's value must pass."""
_FILLER = re.compile(r"([0Xx*])\1{7,}")
"""Eight or more zeros, x's or stars in a row: how documentation fills out a key's shape, never a real key."""


def confirm_secret(rule: str, candidate: str) -> tuple[str, str] | None:
    """(value, key name) when a candidate (case kept) really is the secret its rule names; None for placeholders."""
    if rule == "hardcoded_secret":
        confirmed = _confirm_assignment(candidate)
        return None if confirmed is None or is_documented_example(confirmed[0]) else confirmed
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
    if value.startswith(("{", "<", "%")) or value.startswith("$") and names_a_variable(value) \
            or entropy(value) < check.min_entropy or _FILLER.search(value):
        return None  # a variable, a template, a plain word, or a docs placeholder (`T00000000/B00000000/XXXXXXXX`)
    if check.needs_digit and not any(c.isdigit() for c in value):
        return None
    if rule == "secret_aws_secret_key" and (value.isupper() or value.islower()):  # a hex digest, not a base64 key
        return None
    if is_documented_example(value) or (rule in _CONFIRM and not _CONFIRM[rule](value)) or _decoded_placeholder(value):
        return None
    if rule in _CONFIRM and _CODE.search(value):  # `password: z.string().min(8)`: code, not a password
        return None
    return value, ""


def masked_assignment(body: str, start: int, end: int, redact: Callable[[str], str]) -> str:
    """`key = "value"` as evidence with the value redacted: a secret's shape, unconfirmed, is still not shown."""
    quote = max(body.rfind("'", start, end), body.rfind('"', start, end)) + 1
    value = _VALUE_RUN.match(body, quote)
    return f"{body[start:quote]}{redact(value.group() if value else '')}"


_PLAIN_VALUE = re.compile(r"[A-Za-z0-9+/=_.-]+")
_PATH_OR_PATTERN = re.compile(r"^~?/|^\.\.?/|/[\w.-]*\.[a-z]{1,5}$|[\[\]{}\\]|^[a-z][\w+.-]*://[^@]*$")


def _not_a_punctuated_secret(value: str) -> bool:
    """Whether a quoted value with punctuation in it (`'*78r(^&5cn=…'`, as Django's generated keys are) is a path, a
    pattern, an address with no password in it (`redis://cache-01:6379/0`) or a phrase rather than a secret:
    `~/.config/app/credentials.json`, `xox[baprs]-[0-9a-z]{10,48}`, `test-secret-key-for-tests-only!`."""
    if _PLAIN_VALUE.fullmatch(value):
        return False
    return _PATH_OR_PATTERN.search(value) is not None or _placeholder(value.rstrip("!?.,;:*"))


_REFERENCE = re.compile(r"^(?:\$\{|\$\(|\{\{|<|%\(|#\{|\[\[|\$[A-Za-z_]\w*$)|\}\}|process\.env|os\.environ"
                        r"|getenv|secrets\.")
"""A value that names where the secret comes from rather than holding it (`${{ secrets.KEY }}`, `$(gh auth token)`,
`{{ vault_password }}`, `$OPENAI_API_KEY`, `<your key>`): a quoted value may hold punctuation, so these reach it."""


def _placeholder(value: str) -> bool:
    """Whether an assigned value is an example or a reference: `your-…`, `${{ secrets.KEY }}`, a phrase of words, cut
    off with `..`, a bare JWT header, an identifier made of words (`ColorBrandPrimaryHover`, a design token's name), or
    base64 of an example."""
    lowered = value.lower()
    return (_REFERENCE.search(value) is not None or "your" in lowered or _PHRASE.match(lowered) is not None
            or value.endswith("..") or (value.startswith("eyJ") and "." not in value.rstrip(".")) or _identifier(value)
            or _decoded_placeholder(value))


_B64_VALUE = re.compile(r"[A-Za-z0-9+/]{6,}={0,2}")
_B32_VALUE = re.compile(r"(?:[A-Z2-7]{8})+[A-Z2-7]{0,7}={0,6}")
_SAYS_EXAMPLE = re.compile(r"dummy|not-?a-?real|fake|sample|example|changeme|change-me|placeholder|your|secret"
                           r"|password|passwd|demo|test")
"""Words decoded dummy data says itself with; narrower than `_PLACEHOLDERS`, whose `root`, `admin` and `user` are
a connection URL's defaults but may be part of a real password."""


def _decoded_placeholder(value: str) -> bool:
    """Whether a base64 or base32 value decodes to readable text that says it is an example
    (`bm90LWEtcmVhbC1wYXNzd29yZA==` reads `not-a-real-password`), as the dummy data of a Kubernetes Secret's docs and
    the seeds of TOTP demos are written; a real key decodes to random bytes, and a real password to something that
    does not say so."""
    try:
        if _B32_VALUE.fullmatch(value):  # a TOTP seed (`otpauth://…?secret=MRSW…`) is base32
            text = base64.b32decode(value + "=" * (-len(value) % 8)).decode("ascii")
        elif len(value) % 4 == 0 and _B64_VALUE.fullmatch(value):
            text = base64.b64decode(value, validate=True).decode("ascii")
        else:
            return False
    except (ValueError, UnicodeDecodeError):
        return False
    lowered = text.lower()
    return text.isprintable() and (_SAYS_EXAMPLE.search(lowered) is not None or _PHRASE.match(lowered) is not None)


def _identifier(value: str) -> bool:
    """Whether a value is three or more words run together (camelCase, snake_case, kebab-case, dotted), no digits but
    a short numeric suffix: names, not random keys."""
    chunks = _CHUNK.findall(value)
    if len(chunks) < 3 or "".join(chunks) != _SEPARATORS.sub("", value):
        return False
    letters = [c for c in chunks if c.isalpha()]
    digits = "".join(c for c in chunks if c.isdigit())
    return len(letters) >= 3 and len(digits) <= 3 and all(len(c) >= 3 for c in letters[:-1])


def _least_entropy(value: str) -> float:
    """The entropy an assigned value needs: less for 32 or more hexadecimal digits (at most 4 bits a character, so a
    random hex key such as Datadog's scores about 3.5 where a base64 one scores 5), the rule's own bar otherwise."""
    if len(value) >= 32 and all(c in "0123456789abcdef" for c in value.lower()):
        return HEX_ENTROPY
    return SECRET_CHECKS["hardcoded_secret"].min_entropy


def _confirm_assignment(candidate: str) -> tuple[str, str] | None:
    """Hermes's quoted shape always counts; other assignments need a random-looking value (and digits if unquoted)."""
    parts = _ASSIGNED.match(candidate)
    if parts is None:
        return None
    key, value = parts.group("key").strip(), parts.group("value")
    if _NOT_A_SECRET_KEY.search(key.strip("'\"` ")) or _placeholder(value) or _not_a_punctuated_secret(value) \
            or _FILLER.search(value):
        return None
    if _HERMES_SHAPE.search(candidate):
        return value, key
    if len(value) < 20 or entropy(value) < _least_entropy(value):
        return None
    if not parts.group("quote") and not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return None
    return value, key

