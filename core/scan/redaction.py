"""Secrets never at rest in memrev: every secret the scanner knows is replaced, before a text reaches the store, by a
marker such as `⟦secret: aws-access-key, 20 chars, #a1b2⟧`.

The marker's tag is a keyed hash of the secret (the key is the store's own, random), so the same secret gives the
same marker every time: a file re-imported unchanged stays unchanged, and a secret seen once is recognised again
wherever it appears, even in a form no rule matches (in prose, without `=`), without memrev keeping the secret.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets as random_bytes
from dataclasses import dataclass, field
from typing import Iterable, Protocol

from memrev.core.model import Entry
from memrev.core.scan.rules import SECRET_MARKER
from memrev.core.scan.scanner import SecretSpan, find_secrets, may_hold_secret

MARKER = SECRET_MARKER
_TOKEN = re.compile(r"[A-Za-z0-9+/=_.~-]{16,}")
"""A run long enough to be a secret, looked up among the secrets seen before."""
KEY_META = "redaction-key"
"""Where the store keeps its random redaction key (hex)."""


class MetaStore(Protocol):
    """The part of the store the redactor uses: its key and the secrets it has seen, by keyed hash only."""

    conn: object

    def get_meta(self, key: str) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...


def kind_of(rule: str) -> str:
    """A secret rule's kind as the marker names it: `secret_aws_access_key` becomes `aws-access-key`."""
    return rule.removeprefix("secret_").replace("_", "-")


def has_secret(text: str) -> bool:
    """Whether a stored text holds a redacted secret."""
    return "⟦secret: " in text and MARKER.search(text) is not None


@dataclass
class Redaction:
    """A text with its secrets replaced, and what was replaced (kind and length, never the value)."""

    text: str
    kinds: list[str] = field(default_factory=list)
    moves: list[tuple[int, int, int, int]] = field(default_factory=list)
    """(start, end) of each secret in the original text, and (start, end) of its marker in the redacted one."""
    secrets: list[tuple[str, str, int]] = field(default_factory=list)
    """(keyed hash, kind, length) of each secret replaced."""

    @property
    def changed(self) -> bool:
        """Whether any secret was found."""
        return bool(self.kinds)


_CACHES: dict[tuple[bytes, frozenset[str]], dict[str, Redaction]] = {}
"""Redactions already made in this process, by key and the secrets known then (an import reads a file twice)."""


class Redactor:
    """Replaces secrets with markers keyed to one store; remembers (as keyed hashes) the secrets it met."""

    def __init__(self, key: bytes, known: dict[str, str] | None = None) -> None:
        """A redactor with this key and the keyed hashes (to their kinds) of secrets already seen."""
        self.key = key
        self.known: dict[str, str] = dict(known or {})
        self.new: dict[str, tuple[str, int]] = {}
        self._cache = _CACHES.setdefault((key, frozenset(self.known)), {})

    @classmethod
    def for_store(cls, store: MetaStore) -> Redactor:
        """The store's redactor: its key (made on first use) and the secrets it has seen."""
        return cls(store_key(store), known_secrets(store))

    def mac(self, value: str) -> str:
        """The keyed hash of a secret value (what the store keeps instead of it)."""
        return hmac.new(self.key, value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]

    def marker(self, kind: str, value: str) -> str:
        """The marker that stands for this secret."""
        return f"⟦secret: {kind}, {len(value)} chars, #{self.mac(value)[:4]}⟧"

    def redact(self, text: str) -> Redaction:
        """The text with every secret the scanner confirms, and every secret seen before, replaced by its marker."""
        result = self._cache.get(text)
        if result is None:
            spans = find_secrets(text) if may_hold_secret(text) else []
            spans += self._known_spans(text, spans)
            result = self._replaced(text, spans) if spans else Redaction(text)
            if len(self._cache) < 100_000:
                self._cache[text] = result
        for mac, kind, length in result.secrets:
            if mac not in self.known:
                self.known[mac] = kind
                self.new[mac] = (kind, length)
                self._cache = _CACHES.setdefault((self.key, frozenset(self.known)), {})  # earlier answers knew less
        return result

    def _replaced(self, text: str, spans: list[SecretSpan]) -> Redaction:
        """The text with these (possibly overlapping) spans replaced: where two overlap the longer wins, and of two
        alike the rule that names the kind (a GitHub token) wins over the generic assignment rule."""
        spans.sort(key=lambda s: (s.start, -(s.end - s.start), s.rule == "hardcoded_secret"))
        pieces: list[str] = []
        kinds: list[str] = []
        moves: list[tuple[int, int, int, int]] = []
        found: list[tuple[str, str, int]] = []
        position = shift = 0
        for span in spans:
            if span.start < position:
                continue
            value = text[span.start:span.end]
            kind = kind_of(span.rule)
            marker = self.marker(kind, value)
            pieces += [text[position:span.start], marker]
            kinds.append(kind)
            moves.append((span.start, span.end, span.start + shift, span.start + shift + len(marker)))
            shift += len(marker) - len(value)
            found.append((self.mac(value), kind, len(value)))
            position = span.end
        pieces.append(text[position:])
        return Redaction("".join(pieces), kinds, moves, found)

    def _known_spans(self, text: str, found: list[SecretSpan]) -> list[SecretSpan]:
        """Long runs of the text that are secrets seen before (in another form), outside the spans already found."""
        if not self.known:
            return []
        spans = []
        for match in _TOKEN.finditer(text):
            if any(s.start < match.end() and match.start() < s.end for s in found):
                continue
            for value, start in _candidates(match.group(), match.start()):
                kind = self.known.get(self.mac(value))
                if kind is not None:
                    spans.append(SecretSpan(start, start + len(value), "secret_" + kind.replace("-", "_"), value))
                    break
        return spans

    def remember(self, store: MetaStore) -> None:
        """Keep the keyed hashes of the secrets met since the last call (inside the caller's transaction)."""
        if self.new:
            store.conn.executemany(  # type: ignore[attr-defined]
                "insert or ignore into known_secrets(mac, kind, length) values (?, ?, ?)",
                [(mac, kind, length) for mac, (kind, length) in self.new.items()])
            self.new.clear()


def _candidates(token: str, start: int) -> Iterable[tuple[str, int]]:
    """The token itself, then the token without the punctuation that ends a sentence or wraps a value."""
    yield token, start
    trimmed = token.strip(".=~-_")
    if trimmed != token and len(trimmed) >= 16:
        yield trimmed, start + token.index(trimmed)




def store_key(store: MetaStore) -> bytes:
    """The store's redaction key, made on first use (random; it never leaves the database)."""
    value = store.get_meta(KEY_META)
    if value is None:
        value = random_bytes.token_hex(32)
        store.set_meta(KEY_META, value)
    return bytes.fromhex(value)


def known_secrets(store: MetaStore) -> dict[str, str]:
    """The keyed hashes of every secret the store has met, to their kinds."""
    rows = store.conn.execute("select mac, kind from known_secrets").fetchall()  # type: ignore[attr-defined]
    return {str(mac): str(kind) for mac, kind in rows}


def redact_bytes(redactor: Redactor, data: bytes | None) -> bytes | None:
    """A file's bytes with their secrets redacted (bytes that are not UTF-8 kept as they were read)."""
    if data is None:
        return None
    text = data.decode("utf-8", "surrogateescape")
    redacted = redactor.redact(text)
    return redacted.text.encode("utf-8", "surrogateescape") if redacted.changed else data


def redacted_entries(store: MetaStore, entries: Iterable[Entry]) -> list[Entry]:
    """Entries bound for the store with their secrets redacted (a person's edit, a correction, a jsonl record)."""
    redactor = Redactor.for_store(store)
    result = []
    for entry in entries:
        redacted = redactor.redact(entry.text)
        result.append(entry.evolve(text=redacted.text) if redacted.changed else entry)
    redactor.remember(store)
    return result


def redact_text(store: MetaStore, text: str) -> str:
    """One text bound for the store with its secrets redacted (a person's edit or correction)."""
    redactor = Redactor.for_store(store)
    redacted = redactor.redact(text).text
    redactor.remember(store)
    return redacted
