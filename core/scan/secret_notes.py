"""Secrets as people write them into agent memory, as rule data: a password after its word without a colon, a
`root/…` or `admin / …` login pair, a password or key labelled in another language (`密码：…`, `パスワード: …`), a
key after a bare `key` label, a mail app password, a token in a URL's query.

Measured on the entries of 770 real memory files (`core/bench/scan_memory_real.py`): of 85 entries holding a secret
someone committed, the provider and assignment rules found 1; these shapes are what the rest had in common. Each
row is (rule id, what it finds, lowercase candidate pattern, exact case-kept pattern, minimum entropy, needs a
digit), like `secret_providers.PROVIDERS` (`rules_secrets` reads both); each has a confirm function in `NOTE_CONFIRM`.
"""

from __future__ import annotations

import re

from memrev.core.scan.folding import normalise
from memrev.core.scan.secret_providers import names_a_variable

_WORDS = ("your", "example", "changeme", "password", "passwd", "xxxx", "****", "secret", "sample", "dummy",
          "placeholder", "redacted", "required", "reset", "hash", "hashed", "manager", "protected", "policy", "test",
          "demo", "guest", "qwerty", "letmein", "welcome", "seed", "fixture", "fake")
"""Words of the values docs, seeds and fixtures show (`Test1234`, `demo-pass`): an example, not a secret. Narrower
than `secret_providers.PLACEHOLDER_WORDS` on purpose: real memory keeps weak real passwords (`12345678`,
`admin123`), which that list calls examples (with it, 57 of the 85 real secrets are found instead of 69)."""
_PATH_TAIL = re.compile(r"\.(?:py|js|jsx|ts|tsx|vue|svelte|md|json|ya?ml|txt|sh|toml|html|css|go|rs|java|rb|php|cfg"
                        r"|conf|ini|log|sql|env)$", re.I)
_SLUG = re.compile(r"[a-z]+(?:[-_.][a-z0-9]+)+")
_MARKS = set("!@#$%^&*+?~")
"""Punctuation a password has and a name, a path or a flag does not."""
_LABELS = ("密码", "密碼", "密钥", "秘钥", "口令", "授权码", "パスワード", "비밀번호", "пароль", "contraseña", "senha",
           "mot de passe", "passwort", "kennwort", "hasło", "şifre", "wachtwoord", "parola", "mật khẩu", "kata sandi")
_OTHER_LANGUAGE_LABEL = "(?:%s)" % "|".join(sorted({re.escape(normalise(label, 1).lower) for label in _LABELS},
                                                   key=len, reverse=True))
"""A password's label in other languages as the scanner reads it, folded (`пароль` reads `пapoль` once its look-alike
letters are mapped, `contraseña` reads `contrasena`): the rules run on folded text only."""
_IS = "(?:%s)" % "|".join(re.escape(normalise(word, 1).lower) for word in ("lautet", "ist", "est", "es", "é", "это"))
"""The verb between a label and its password (`Das Passwort … lautet …`, `le mot de passe … est …`), folded."""

NOTE_ROWS: tuple[tuple[str, str, str, str, float, bool], ...] = (
    ("secret_password_written", "a password written after its word without a colon (`password `…``, `pw: …`, "
     "`pass=…`, `pre-shared key is …`)",
     r"\b(?:password|passwd|pwd|pw|passphrase|pre-shared\s+key|psk)\b(?:\*\*)?\s*(?:[:=]\s*|\s+(?:was\s+|is\s+)?)"
     r"(?:\*\*\s*)?['\"`(]?"
     r"[^\s'\"`(),;]{8,64}"
     r"|\bpass(?:\s*=\s*|\s*:\s*|\s+`)[^\s'\"`(),;]{8,64}",
     r"(?<=[\s=:`'\"(*])[^\s'\"`(),;*]{8,64}$", 2.5, False),
    ("secret_login_pair", "a login written as user/password (`root/…`, `admin / …`, `name@mail / …`, "
     "`login is name / …`)",
     r"(?:(?<![/\w.-])(?:root|admin|administrator|ubuntu|debian|pi|user)|@[\w-]+\.[a-z]{2,}`?"
     r"|\blog-?in\s+(?:is\s+|:\s*)?[\w.@+-]{2,40})\s*/\s*['\"`]?"
     r"[^\s'\"`/(),;]{8,64}(?![\w/.-])",
     r"(?<=[\s/`'\"])[^\s'\"`/(),;]{8,64}$", 2.5, False),
    ("secret_password_other_language", "a password or key labelled in another language (`密码：…`, `パスワード: …`, "
     "`пароль: …`)",
     _OTHER_LANGUAGE_LABEL +
     r"(?:(?:\*\*)?\s*(?:[:=]|是|为|為|\s)|[^\n:：]{1,48}?(?:[:：]|\s" + _IS + r"(?=\s)))"
     r"\s*(?:\*\*\s*)?['\"`]?[^\s'\"`，。；、()（）]{8,64}",
     r"(?<=[\s:=是为為`'\"*])[^\s'\"`，。；、()（）*]{8,64}$", 2.5, False),
    ("secret_key_labelled", "a long random key after a bare `key` label (`key: …`, `key …`, `X-API-Key …`)",
     r"\bkey\b(?:\*\*)?\s*[:=]?\s*(?:\*\*\s*)?['\"`(]?[a-z0-9_.-]{32,128}(?![\w.-])",
     r"[A-Za-z0-9_.-]{32,128}$", 3.2, True),
    ("secret_app_password", "a mail app password or SMTP authorisation code (16 letters, in groups of four or not)",
     r"(?:\bapp[ -]?password|授权码)(?:\*\*)?\s*[:=]?\s*(?:\*\*\s*)?['\"`]?[a-z]{4}(?:\s?[a-z]{4}){3}(?![a-z])",
     r"[A-Za-z]{4}(?:\s?[A-Za-z]{4}){3}$", 2.5, False),
    ("secret_url_token", "a short token or password in a web address's query (`?token=…`; 20 characters or more "
     "are the assignment rule's)",
     r"[?&](?:token|access_token|auth_token|api_key|apikey|password|secret)=[a-z0-9_.~-]{16,19}(?![\w.~-])",
     r"(?<==)[A-Za-z0-9_.~-]{16,19}$", 3.0, True),
)
"""Every rule for a secret as a note writes it, in the order the scanner reports them."""


def written_password(value: str) -> bool:
    """A value written after a password's word is one when it mixes letters with digits or punctuation, is not a
    word of the docs (`required`, `reset`, `hashed`), a variable, a path or a file name."""
    bare = value.strip("'\"`()*.,;")
    lowered = bare.lower()
    if len(bare) < 8 or bare.startswith(("{", "<", "%", "/", "~")) or any(w in lowered for w in _WORDS) \
            or bare.startswith("$") and names_a_variable(bare):
        return False
    if _PATH_TAIL.search(bare) or "://" in bare or bare.count("/") or bare.count("\\"):
        return False
    if bare.startswith("-") or "@" in bare[1:] or "={" in bare or _SLUG.fullmatch(bare):
        return False  # a flag, an address, a property passed in code, a route or file slug (`settings-v2`)
    has_letter = any(c.isalpha() for c in bare)
    has_digit = any(c.isdigit() for c in bare)
    has_mark = any(c in _MARKS for c in bare)
    return (has_digit or (has_letter and has_mark)) and not (bare.isdigit() and len(bare) > 12)


def labelled_key(value: str) -> bool:
    """A value after a bare `key` label is a key when it mixes cases with digits, or is hexadecimal other than a
    SHA-1 or SHA-256 digest's length (a commit, a GPG fingerprint)."""
    lowered = value.lower()
    hexadecimal = all(c in "0123456789abcdef" for c in lowered)
    if hexadecimal:
        return len(value) not in (40, 64)
    if any(len(part) in (40, 64) and all(c in "0123456789abcdef" for c in part) for part in re.split(r"[-_.]", lowered)):
        return False  # a name around a commit or file digest (`v2-deps-<sha1>`): a cache key, not a secret
    cased = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return (cased or "_" in value or "-" in value) and not any(w in lowered for w in _WORDS)


def app_password(value: str) -> bool:
    """Sixteen letters, all lowercase or all uppercase, as mail providers print app passwords."""
    letters = value.replace(" ", "")
    return len(letters) == 16 and (letters.islower() or letters.isupper())


def query_token(value: str) -> bool:
    """A token in a query has letters and digits and is no placeholder (`?token=YOUR_TOKEN`)."""
    lowered = value.lower()
    return any(c.isalpha() for c in value) and any(c.isdigit() for c in value) \
        and not any(w in lowered for w in _WORDS)


NOTE_CONFIRM = {"secret_password_written": written_password, "secret_login_pair": written_password,
                "secret_password_other_language": written_password, "secret_key_labelled": labelled_key,
                "secret_app_password": app_password, "secret_url_token": query_token}
"""The check each rule's value must pass once found."""
