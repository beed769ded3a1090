"""Provider tokens, passwords in the forms people paste, and the documented-example policy, through the scanner."""

from __future__ import annotations

import base64
import random
import string

import pytest

from memrev.core.scan.model import Outcome
from memrev.core.scan.scanner import find_secrets, scan

RNG = random.Random(14)


def _r(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


ALNUM, HEX, B64 = string.ascii_letters + string.digits, "0123456789abcdef", string.ascii_letters + string.digits + "+/"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l".upper()
KEYS = {
    "secret_gitlab_runner_token": f"glrt-{_r(ALNUM, 20)}",
    "secret_gcp_oauth_secret": f"GOCSPX-{_r(ALNUM, 28)}",
    "secret_azure_storage_key": f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={_r(B64, 86)}==",
    "secret_twilio_key": f"SK{_r(HEX, 32)}",
    "secret_sendgrid_key": f"SG.{_r(ALNUM, 22)}.{_r(ALNUM, 43)}",
    "secret_telegram_bot_token": f"6495985850:AA{_r(ALNUM, 33)}",
    "secret_vault_token": f"hvs.{_r(ALNUM, 24)}",
    "secret_mailgun_key": f"key-{_r(HEX, 32)}",
    "secret_age_key": f"AGE-SECRET-KEY-1{_r(BECH, 58)}",
    "secret_digitalocean_token": f"dop_v1_{_r(HEX, 64)}",
    "secret_shopify_token": f"shpat_{_r(HEX, 32)}",
    "secret_supabase_token": f"sbp_{_r(HEX, 40)}",
    "secret_ai_service_key": f"gsk_{_r(ALNUM, 52)}",
    "secret_platform_token": f"dckr_pat_{_r(ALNUM, 27)}",
    "secret_commerce_token": f"xkeysib-{_r(HEX, 64)}-{_r(ALNUM, 16)}",
    "secret_pgpass_line": "db.prod.internal:5432:billing:billing_rw:a!7TTfP!XZ^1eg+bWu",
    "secret_password_assignment": 'DB_PASSWORD="P+PlMVFq+-0=yVZc"',
    "secret_password_prose": "The Grafana admin password is LG#dFS4*=P^uQt (set yesterday).",
    "secret_cli_password": f"mysql -h reports.internal -u report_admin -p{_r(string.ascii_letters, 15)}4k2 reports",
    "secret_token_prose": f"Cloudflare API token (zone edit, all zones): {_r(ALNUM, 37)}Q7a",
    "secret_sentry_token": f"SENTRY_AUTH_TOKEN for source maps: sntrys_eyJ{_r(B64, 120)}_{_r(ALNUM, 43)}",
}


@pytest.mark.parametrize("rule", sorted(KEYS))
def test_each_provider_secret_is_found_blocked_and_its_value_located(rule: str) -> None:
    text = f"Note for the deploy: {KEYS[rule]} — keep it handy."
    result = scan(text)
    assert result.blocked and rule in result.rules
    (found,) = [span for span in find_secrets(text) if span.rule == rule]
    assert text[found.start:found.end] == found.value and len(found.value) >= 8
    assert found.value not in result.summary() and all(found.value not in f.evidence for f in result.findings)


@pytest.mark.parametrize("text", [
    "Staging docs use AKIAIOSFODNN7EXAMPLE with secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY.",
    "jwt.io's sample: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0Ijo"
    "xNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
])
def test_a_providers_documented_example_key_is_not_a_secret(text: str) -> None:
    assert find_secrets(text) == [] and not scan(text).stopped


@pytest.mark.parametrize("text", [
    "The password policy needs 12 characters including one of !@#$%^&*.",
    "The admin password comes from KEYCLOAK_ADMIN_PASSWORD; never hard-code it.",
    "DB_PASSWORD=${DB_PASSWORD} in compose; the password is set by the operator.",
    "password: <your-password-here> in config.example.yaml",
    "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 of the tarball",
    "Seeded tenant ids: a572c2a1-022e-4f46-8bcb-23a7ba0305f1 and the meeting at 10:30:00:utc:standup",
    "Twilio SIDs look like ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX; the real one is in the vault.",
    "The password is required for the staging login page.",
    "Slack's docs show https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX as the shape.",
    "Octopus keys start with API- and are 26 characters; read OCTOPUS_API_KEY from the environment.",
])
def test_look_alikes_of_passwords_and_keys_pass(text: str) -> None:
    assert find_secrets(text) == [] and not scan(text).blocked


def test_a_pgpass_line_with_a_generated_password_is_a_secret() -> None:
    """A .pgpass line's shape says credential, so a generated password of letters and digits counts without
    punctuation; a placeholder in the same shape does not."""
    generated = "ro.cluster-x1.eu-west-1.rds.example.com:5432:warehouse:etl:" + _r(string.ascii_letters, 14) + "7Qa"
    assert scan(generated).blocked and [s.rule for s in find_secrets(generated)] == ["secret_pgpass_line"]
    assert find_secrets("localhost:5432:app:app:ChangeMePassword1") == []


@pytest.mark.parametrize("token", [
    f"r8_{_r(ALNUM, 37)}", f"pplx-{_r(ALNUM, 48)}", f"dp.pt.{_r(ALNUM, 43)}", f"pul-{_r(HEX, 40)}",
    f"HRKU-AA{_r(ALNUM, 58)}", f"rubygems_{_r(HEX, 48)}", f"ntn_{_r(string.digits, 11)}{_r(ALNUM, 35)}",
    f"sq0atp-{_r(ALNUM, 30)}", f"https://hooks.slack.com/services/T0{_r(ALNUM, 8)}/B0{_r(ALNUM, 8)}/{_r(ALNUM, 24)}",
    f"https://discord.com/api/webhooks/123456789012345678/{_r(ALNUM, 68)}",
])
def test_more_providers_shapes_are_blocked_as_gitleaks_finds_them(token: str) -> None:
    assert scan(f"for the release job: {token}").blocked


_APP = random.Random(31)


def _a(alphabet: str, n: int) -> str:
    return "".join(_APP.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize("token", [
    f"xapp-1-A{_a(string.ascii_uppercase + string.digits, 10)}-{_a(string.digits, 13)}-{_a(HEX, 64)}",
    f"ya29.a0{_a(ALNUM + '_-', 60)}", f"whsec_{_a(ALNUM, 32)}", f"ntn_{_a(ALNUM, 46)}",
    f"tskey-api-k{_a(ALNUM, 10)}-{_a(ALNUM, 30)}",
])
def test_app_and_session_tokens_are_blocked(token: str) -> None:
    result = scan(f"paste this into the runner: {token}")
    assert result.blocked and "secret_app_token" in result.rules


@pytest.mark.parametrize("text", [
    "Google access tokens start with ya29. and expire after an hour; refresh them via the SDK.",
    "Stripe webhook secrets look like whsec_…; read STRIPE_WEBHOOK_SECRET from the environment.",
    "Tailscale auth keys (tskey-auth-…) are minted per node in the admin console.",
])
def test_app_token_prefixes_named_in_prose_pass(text: str) -> None:
    assert find_secrets(text) == [] and not scan(text).blocked


_SAID = random.Random(47)


def _s(alphabet: str, n: int) -> str:
    return "".join(_SAID.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize("text", [
    f"Datadog: DD_API_KEY={_s(HEX, 32)}, site datadoghq.eu.",
    f"The access key for the staging bucket is {_s(ALNUM, 30)}7Kq — used by the sync job.",
    f"Jira API token (my account): ATATT3xFfGF0{_s(ALNUM + '_-', 170)}=A1B2C3D4",
    f"Discord bot for the community server: MTB{_s(ALNUM, 23)}.{_s(ALNUM, 6)}.{_s(ALNUM, 38)}",
    f"Admin login for the staging CMS (also valid on prod): admin / Tq7#{_s(ALNUM, 8)}!xR4e. Log in directly.",
    f"sshpass -p '{_s(string.ascii_letters, 10)}4Fz!' ssh deploy@build-01",
    f"The password for the billing DB replica: Kd{_s(ALNUM, 9)}#4",
    f"mysql -h db1.internal -u admin -p'{_s(ALNUM, 10)}!x9' shop",
])
def test_secrets_written_out_as_people_save_them_are_blocked(text: str) -> None:
    """A key after its label in prose, a hexadecimal key, a password on a command line: the forms memory notes keep
    secrets in, each blocked and never shown."""
    result = scan(text)
    assert result.blocked and find_secrets(text)
    assert all(span.value not in result.summary() for span in find_secrets(text))


@pytest.mark.parametrize("text", [
    "mysql -u root -p app_db  # prompts for the password",
    "The API key for staging is in 1Password under stagingDashboardApiKeyEntry.",
    "API key (see the provider's docs): <YOUR_API_KEY_GOES_HERE_PLEASE>",
    "The access token for CI is the repository secret DEPLOY_ACCESS_TOKEN_PRODUCTION.",
    "release commit: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
    "sshpass -p \"$SSH_PASSWORD\" ssh deploy@build-01",
    "Das Passwort für den Admin ist in 1Password gespeichert.",
])
def test_labels_without_a_secret_after_them_pass(text: str) -> None:
    assert find_secrets(text) == [] and not scan(text).blocked


_NOTE = random.Random(59)


def _n(alphabet: str, n: int) -> str:
    return "".join(_NOTE.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize(("rule", "text"), [
    ("secret_password_written", f"Build box: `deploy@10.0.4.7`, password `K{_n(ALNUM, 9)}7q`, venv in /opt/app"),
    ("secret_password_written", f"Outlook inbox for sign-ups: signups@example.org, pw: Qx{_n(ALNUM, 7)}4!"),
    ("secret_password_written", f"- **Staging VM**: 10.0.4.8, user=ubuntu, pass=@Z{_n(ALNUM, 10)}%9"),
    ("secret_login_pair", f"New server: 203.0.113.9 root/hT#{_n(ALNUM, 9)}2"),
    ("secret_login_pair", f"n8n owner: owner@example.org / `{_n(ALNUM, 8)}7Zq`"),
    ("secret_password_other_language", f"SSH：root@203.0.113.10，密码 {_n(ALNUM, 9)}8aA"),
    ("secret_password_other_language", f"- パスワード: Ai{_n(ALNUM, 8)}3x"),
    ("secret_key_labelled", f"Uptime monitor on port 3003, key uk1_{_n(ALNUM, 40)}"),
    ("secret_key_labelled", f"Auth header X-API-Key m0sk-{_n(ALNUM, 42)}"),
    ("secret_app_password", f"Gmail app password: `{_n('abcdefghijklmnopqrstuvwxyz', 4)} {_n('abcdefghijklmnopqrstuvwxyz', 4)} "
                            f"{_n('abcdefghijklmnopqrstuvwxyz', 4)} {_n('abcdefghijklmnopqrstuvwxyz', 4)}`"),
    ("secret_url_token", f"Admin login: `/api/admin-login?token=sp{_n(ALNUM, 12)}7k&email=me@example.org`"),
    ("hardcoded_secret", f"**API Key:** mb_sk_{_n(ALNUM, 38)}"),
    ("hardcoded_secret", f"**Gateway token:** `{_n(HEX, 48)}`"),
    ("secret_password_other_language", f"Пароль от сервера сборки: Zt{_n(ALNUM, 9)}4!"),
    ("secret_password_other_language", f"Contraseña del correo (usuario soporte): Qm{_n(ALNUM, 9)}8#"),
    ("hardcoded_secret", f"SESSION_SECRET (staging only): {_n(ALNUM, 40)}9"),
    ("hardcoded_secret", f"TOTP_ENCRYPTION_KEY: {_n(ALNUM + '+/', 42)}7="),
    ("secret_token_prose", f"The webhook signing secret both services share is `{_n(ALNUM, 20)}/{_n(ALNUM, 20)}+9k`."),
    ("secret_token_prose", f"Mixpanel write key (browser project): {_n(ALNUM, 30)}4"),
    ("secret_password_prose", f"LDAP bind password: ${_n(ALNUM, 10)}3*qv"),
])
def test_secrets_as_memory_notes_write_them_are_blocked(rule: str, text: str) -> None:
    """The shapes that held most of the 85 real secrets the rules missed in 44,881 real memory entries: a password
    after its word, a login pair, a label in another language, a bare `key`, a mail app password, a token in a query,
    and a label in markdown bold."""
    result = scan(text)
    assert result.blocked and rule in result.rules, result.findings
    assert all(span.value not in result.summary() for span in find_secrets(text))


@pytest.mark.parametrize("text", [
    "Added `/api/admin/remove-member` and `app/admin/layout.tsx` for the members page.",
    "Forgot-password send-code, unverified-login verify and reset-password all work now.",
    "No need to pass `--account` — the wrapper sets it.",
    "CI cache key: v2-deps-8749fefbe936985dc1cce5da10773b63144f4ce2",
    "Signing key 9DC858229FC7DD38854AE2D88D81803C0EBFCD88 is on the keyserver.",
    "Demo login for the seeded database: demo@example.org / Demo1234!",
    "Stripe's docs test key sk_test_4eC39HqLyjWDarjtT1zdp7dc works only in test mode.",
    "Repos live in /srv/notes-sync and /srv/site-builder on the VPS, admin/settings-v2 in the UI.",
    "The password must be 12 characters; the app password comes from the Google account page.",
    "密码规则：至少 12 位，包含大小写字母和数字。",
    "LDAP bind password: $LDAP_BIND_PASSWORD, read from the vault at start-up.",
    "Admin password: $2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW (the bcrypt hash, for the seed).",
    "The cache password (none, private network): `redis://cache-02:6379/1`.",
    "The signing key for staging is in `config/keys/StagingSigningKeyProvider.java`.",
])
def test_notes_about_passwords_keys_and_paths_pass(text: str) -> None:
    assert find_secrets(text) == [] and not scan(text).blocked


def test_base64_dummy_data_of_a_kubernetes_secret_is_not_a_secret() -> None:
    """Secret examples write their dummy values in base64 (`bm90LWEtcmVhbC1wYXNzd29yZA==` is `not-a-real-password`):
    decoded, they say they are examples; base64 of a real-looking password is still a secret."""
    example = "A k8s Secret example: `data: { username: ZGVtby11c2Vy, password: bm90LWEtcmVhbC1wYXNzd29yZA== }`."
    assert not [f for f in scan(example).findings if f.family == "secret"]
    assert scan("db password: VHIwdWI0ZG9yJjMheFE=").blocked


def test_a_totp_demo_seed_that_says_so_is_not_a_secret_and_a_random_seed_is() -> None:
    """TOTP seeds are base32: a demo's seed decoded says it is one (`demo-not-real!`); twenty random bytes do not."""
    demo = base64.b32encode(b"demo-not-real!").decode().rstrip("=")
    assert not scan(f"Docs QR: `otpauth://totp/Shop:demo?secret={demo}&issuer=Shop`, the public demo.").blocked
    seed = base64.b32encode(random.Random(5).randbytes(20)).decode().rstrip("=")
    assert scan(f"Admin 2FA: `otpauth://totp/Shop:admin?secret={seed}&issuer=Shop`").blocked


def test_a_quoted_key_with_punctuation_is_a_secret_and_references_paths_and_patterns_are_not() -> None:
    """A Django-style generated key holds `*`, `(`, `^`, `&` and `$`: quoted, it is read whole and blocked; a quoted
    reference to where a secret lives, a path, a regex or a phrase with an exclamation mark passes."""
    rng = random.Random(21)
    key = "k" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)") for _ in range(49))
    found = scan(f"Production DJANGO_SECRET_KEY='{key}'")
    assert found.outcome is Outcome.BLOCK and "hardcoded_secret" in {f.rule for f in found.findings}
    for text in ('api_key: "${{secrets.OPENAI_KEY}}"', 'token: "{{vault_deploy_token_prod}}"',
                 'password: "$DATABASE_PASSWORD_PRODUCTION"', "Credentials: `~/.config/moltbook/credentials.json`",
                 "Gitleaks rule for Slack tokens: `xox[baprs]-[0-9a-zA-Z-]{10,48}`.",
                 'SECRET_KEY="test-secret-key-for-tests-only-ok!"'):
        assert "hardcoded_secret" not in {f.rule for f in scan(text).findings}, text


def test_a_quoted_key_filled_out_with_xs_is_held_not_blocked() -> None:
    """Docs fill a key's shape out with x's (`api_key="sk_test_xxxxxxxxxxxxxxxx"`): no secret to block, but the
    Hermes-shaped assignment is still held for a person; the same shape with a random value is blocked."""
    placeholder = scan('Client setup from the SDK docs: `Client(api_key="pk_test_xxxxxxxxxxxxxxxxxxxx")`.')
    assert placeholder.outcome is Outcome.HOLD
    assert {f.rule for f in placeholder.deciding} == {"possible_hardcoded_secret"}
    rng = random.Random(4)
    value = "pk_live_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(24))
    assert scan(f'Client setup: `Client(api_key="{value}")`.').outcome is Outcome.BLOCK
