"""The pieces `scan_vectors` builds its texts from: one seeded generator, key alphabets and encoders.

Every generated key comes from `_rng`, seeded once, so the vectors are the same on every import.
"""

from __future__ import annotations

import base64
import codecs
import random

_rng = random.Random(14_2025)
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_URLSAFE = _ALNUM + "-_"
_B64 = _ALNUM + "+/"
_HEX = "0123456789abcdef"
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _r(alphabet: str, length: int) -> str:
    """A random-looking string; the module's seeded generator makes it the same on every import."""
    return "".join(_rng.choice(alphabet) for _ in range(length))


def _digits(length: int) -> str:
    return str(_rng.randrange(1, 10)) + _r("0123456789", length - 1)


def _password(length: int = 16) -> str:
    """A password with punctuation, never a placeholder word."""
    chars = [_rng.choice(_ALNUM) for _ in range(length)]
    for position in _rng.sample(range(1, length), 4):
        chars[position] = _rng.choice("!#%&*+-.=?^~")
    return "".join(chars)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _hex(text: str) -> str:
    return text.encode().hex()


def _rot13(text: str) -> str:
    return codecs.encode(text, "rot13")


def _reversed(text: str) -> str:
    return text[::-1]


def _ps_encoded(command: str) -> str:
    """What PowerShell's -EncodedCommand takes: base64 of UTF-16LE."""
    return base64.b64encode(command.encode("utf-16-le")).decode()


def _pem(kind: str, lines: int, head: str = "") -> str:
    body = [head + _r(_B64, 64 - len(head))] + [_r(_B64, 64) for _ in range(lines - 1)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"


_SHY = "\u00ad"
_ZWSP = "\u200b"


def _tags(text: str) -> str:
    """Text spelled in Unicode tag characters (invisible in most renderers)."""
    return "".join(chr(0xE0000 + ord(char)) for char in text)


_JWT_HEADER = _b64url('{"alg":"HS256","typ":"JWT"}')
_JWT_PAYLOAD = _b64url('{"sub":"svc-billing","role":"admin","iat":1735689600,"exp":1767225600}')
