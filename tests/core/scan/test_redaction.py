"""Secrets are replaced by keyed markers before anything reaches the store: every form the scanner knows, the same
marker for the same secret, a secret seen once recognised again in a form no rule matches, ordinary text untouched."""

from __future__ import annotations

import random
import string

import pytest

from memrev.core.scan.redaction import MARKER, Redactor, has_secret, redact_bytes
from memrev.core.scan.scanner import scan

KEY = bytes(range(32))


def _token(rng: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


RNG = random.Random(13)
GITHUB = "ghp_" + _token(RNG, 36)
AWS_ID = "AKIA" + _token(RNG, 16, string.ascii_uppercase + string.digits)
AWS_SECRET = _token(RNG, 38) + "/+"
PASSWORD = _token(RNG, 24)
FORMS = [
    (f"export GITHUB_TOKEN={GITHUB}", GITHUB, "github-token"),
    (f"the release token is {GITHUB} (rotate monthly)", GITHUB, "github-token"),
    (f"push with https://{GITHUB}@github.com/acme/shop.git", GITHUB, "github-token"),
    (f"AWS key {AWS_ID} for staging", AWS_ID, "aws-access-key"),
    (f"aws_secret_access_key = {AWS_SECRET}", AWS_SECRET, "aws-secret-key"),
    (f"staging secret {AWS_SECRET} in prose", AWS_SECRET, "aws-secret-key"),
    (f'DB_PASSWORD: "{PASSWORD}"', PASSWORD, "hardcoded-secret"),
    (f"see https://api.example.com/v1?api_key={PASSWORD} for docs", PASSWORD, "hardcoded-secret"),
    (f"DATABASE_URL=mysql://app:{PASSWORD}@db.internal/shop", PASSWORD, "connection-string"),
    (f"clone https://ana:{PASSWORD}@git.example.com/shop.git", PASSWORD, "connection-string"),
]


@pytest.mark.parametrize(("text", "secret", "kind"), FORMS)
def test_every_form_of_a_secret_becomes_a_marker_naming_its_kind_and_length(text: str, secret: str, kind: str) -> None:
    redacted = Redactor(KEY).redact(text)
    assert secret not in redacted.text and redacted.kinds == [kind]
    marker = MARKER.search(redacted.text)
    assert marker is not None and marker["kind"] == kind and int(marker["length"]) == len(secret)
    assert redacted.text.replace(marker.group(), secret) == text  # only the secret itself was replaced
    assert has_secret(redacted.text) and scan(redacted.text).blocked  # a stored marker still needs an audit


def test_the_same_secret_gets_the_same_marker_and_another_key_another_tag() -> None:
    first, again = Redactor(KEY).redact(f"token {GITHUB}"), Redactor(KEY).redact(f"use {GITHUB} in CI")
    assert MARKER.search(first.text).group() == MARKER.search(again.text).group()  # type: ignore[union-attr]
    other = Redactor(bytes(32)).redact(f"token {GITHUB}")
    assert MARKER.search(other.text)["tag"] != MARKER.search(first.text)["tag"]  # type: ignore[index]


def test_a_secret_seen_once_is_recognised_where_no_rule_would_find_it() -> None:
    redactor = Redactor(KEY)
    redactor.redact(f'API_TOKEN = "{PASSWORD}"')  # found by a rule: remembered by its keyed hash
    bare = redactor.redact(f"remember {PASSWORD}.")  # no key name, no `=`: no rule matches this form
    assert PASSWORD not in bare.text and bare.kinds == ["hardcoded-secret"] and bare.text.endswith("⟧.")
    assert PASSWORD in Redactor(KEY).redact(f"remember {PASSWORD}.").text  # a new redactor has not seen it
    assert redactor.known and all(PASSWORD not in mac for mac in redactor.known)


@pytest.mark.parametrize("text", [
    "Commit 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567 moved the pricing module.",
    "Run `uv run pytest tests/integration/test_checkout_flow.py -k discount` before merging.",
    "The secret to fast builds is caching node_modules between CI runs.",
    "API keys live in 1Password; never paste them here (API_KEY=${API_KEY}).",
    "Postgres runs at postgres://localhost:5432/shop in docker compose.",
    "Session 4f1c2a9e-demo-claude-session-0000 wrote this note.",
    # shapes measured on real instruction files (core/bench/redaction_real.py), written afresh here
    "```\nGITHUB_TOKEN=\nGITHUB_DEFAULT_REPO=acme/shopfront-backend-service\n```",
    'signing_key_path="tests/fixtures/signing_key_for_tests.pem"',
    "SESSION_SECRET=your-long-random-session-secret-here",
    'AUTH_SECRET="make-this-a-random-string-of-32-chars"',
    '{"token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9..."}',
    "See docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-proxy-connections-setup.html for it.",
    "DATABASE_URL=postgres://gateway:gateway@localhost:5432/gateway",
])
def test_ordinary_text_is_left_exactly_as_it_was(text: str) -> None:
    assert Redactor(KEY).redact(text).text == text


def test_file_bytes_are_redacted_and_bytes_that_are_not_utf8_survive() -> None:
    data = b"- token " + GITHUB.encode() + b"\n- caf\xe9 latin-1 line\n"
    redacted = redact_bytes(Redactor(KEY), data)
    assert redacted is not None and GITHUB.encode() not in redacted and b"caf\xe9 latin-1 line\n" in redacted
    assert redact_bytes(Redactor(KEY), None) is None
