"""The demo's fake AWS key and GitHub token appear on no screen of the app: the table, the secret entry's detail
(revealed too), the filter, the audit, the conflicts, the freeze preview and the triage queue."""

from __future__ import annotations

from pathlib import Path

from app_helpers import SIZE, settle
from click.testing import CliRunner

from memrev.core.store.memory_store import MemoryStore
from memrev.tui.app import MemrevApp
from memrev.tui.cli.main import cli

SECRETS = ("AKIAQ3T7ZP2WX8N5M4KD", "h7Kq2Zr9Lm4Xv8Tn3Wp6+c1Bf5Gd0Js2Ra7Ue9Qo", "ghp_FAKEd3m0T0k3nN0tR3alQx7Lp2Zk9Vw4Ys8B")
SECRET_ENTRY = "demo-16-malicious-secret"


def drawn(app) -> str:
    """What the current screen draws, as the text of its screenshot."""
    return app.export_screenshot().replace("&#160;", " ")


def leaks(app) -> list[str]:
    """The secrets (or their bodies without a known opening) the current screen draws."""
    drawn_now = drawn(app)
    return [secret for secret in SECRETS if secret in drawn_now or secret[4:] in drawn_now]


async def test_no_screen_of_the_app_draws_the_demos_secrets(tmp_path: Path) -> None:
    db, root = tmp_path / "m.db", tmp_path / "demo"
    built = CliRunner().invoke(cli, ["--db", str(db), "demo", "--dir", str(root), "--no-tui"])
    assert built.exit_code == 0, built.output
    app = MemrevApp(store=MemoryStore(db), repo=root / "shop", live=False)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert leaks(app) == []
        app.jump_to(SECRET_ENTRY)
        await settle(pilot)
        assert app.table.current.id == SECRET_ENTRY and leaks(app) == []
        await pilot.press("v")  # revealed: the text as stored, its secrets still markers
        await settle(pilot)
        assert "⟦secret: aws-access-key, 20 chars" in drawn(app) and leaks(app) == []
        await pilot.press("slash", *"AKIA", "enter")  # a filter on the key's opening finds nothing to show
        await settle(pilot)
        assert leaks(app) == []
        await pilot.press("escape")
        for key in ("a", "c", "F", "t", "question_mark"):
            await pilot.press(key)
            await settle(pilot)
            assert leaks(app) == [], f"screen after {key!r}"
            await pilot.press("escape")
            await settle(pilot)
