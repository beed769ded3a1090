"""Native agent memory for the demo: one source of every kind, written in each agent's own format.

The files live under `<demo>/home`, laid out as each agent lays them out under a user's home, so
discovery finds them when that folder is named as the home. File times are fixed, so provenance read
from modification times is the same on every run.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timezone
from pathlib import Path

CLAUDE_SESSION = "4f1c2a9e-demo-claude-session"
"""The session id in the demo's Claude transcript, recovered as provenance."""

WRITTEN = datetime(2026, 5, 20, 9, 0, tzinfo=timezone.utc)
"""The modification time given to every native file."""
STAGED = datetime(2026, 5, 21, 8, 30, tzinfo=timezone.utc)
"""When Hermes staged the demo's pending write."""
HERMES_STAGED_TARGET = "The shop CLI exports CSV with `shop export`."
"""The Hermes entry the staged write replaces, exactly as MEMORY.md holds it."""


def claude_slug(path: Path) -> str:
    """Claude Code's project folder name for a path: every non-alphanumeric character becomes `-`."""
    return re.sub(r"[^a-zA-Z0-9]", "-", str(path))


def write_native_sources(home: Path, repo: Path) -> None:
    """Write Claude, Codex, Hermes and OpenClaw memory under `home` for the demo repository at `repo`."""
    _claude(home, repo)
    _codex(home, repo)
    _hermes(home)
    _openclaw(home)
    stamp = WRITTEN.timestamp()
    for folder, _, files in os.walk(home):
        for name in files:
            os.utime(Path(folder) / name, (stamp, stamp))


def _write(path: Path, text: str) -> None:
    """Write one file with LF line endings, creating its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def _claude(home: Path, repo: Path) -> None:
    """An auto-memory folder with an index, three topic files (one team) and a transcript naming the cwd."""
    project = home / ".claude" / "projects" / claude_slug(repo)
    memory = project / "memory"
    _write(memory / "MEMORY.md", (
        "- [Test DB policy](feedback_testing.md) — integration tests hit a real Postgres\n"
        "- [Price helpers](project_price_helpers.md) — where price parsing lives\n"
        "- [Deploy runbook](team/reference_deploy.md) — how a release is deployed\n"
        "- [Release tags](feedback_release_tags.md) — tag a release on main before it ships\n"
    ))
    _write(memory / "feedback_testing.md", (
        "---\nname: Test DB policy\ndescription: Integration tests must use a real database, never mocks\n"
        "type: feedback\n---\n"
        "Integration tests run against the docker Postgres, never mocks.\n"
        "**Why:** mocked tests hid a broken migration.\n"
        "**How to apply:** any test under tests/integration/.\n"
    ))
    _write(memory / "project_price_helpers.md", (
        "---\nname: Price helpers\ndescription: Where price parsing lives\ntype: project\n---\n"
        "Price parsing is `parse_price` in src/shop/utils.py; reuse it instead of float().\n"
    ))
    _write(memory / "feedback_release_tags.md", (  # the newest shape: the type nested, modified, pinned, a link
        "---\nname: Release tags\ndescription: Tag a release on main before it ships\n"
        "metadata:\n  type: feedback\n  pinned: true\nmodified: 2026-05-19T16:40:00Z\n---\n"
        "Tag the release on main before deploying; the deploy steps are in [[reference_deploy]].\n"
    ))
    _write(memory / "team" / "reference_deploy.md", (
        "---\nname: Deploy runbook\ndescription: How a release is deployed\ntype: reference\n---\n"
        "Deploys follow docs/deploy.md: tag the release on main first.\n"
    ))
    line = {"type": "user", "cwd": str(repo), "sessionId": CLAUDE_SESSION, "timestamp": "2026-05-20T09:00:00Z"}
    _write(project / f"{CLAUDE_SESSION}.jsonl", json.dumps(line) + "\n")


def _codex(home: Path, repo: Path) -> None:
    """A Codex memories folder: the always-loaded summary and one task group for the shop."""
    memories = home / ".codex" / "memories"
    _write(memories / "memory_summary.md", (
        "v1\n"
        f"- shop repo (cwd={repo}): uv only; run tests with `make test` -> MEMORY.md \"Task Group: shop tests\"\n"
    ))
    _write(memories / "MEMORY.md", (
        "# Task Group: shop tests\n"
        "scope: running and fixing the shop test suite\n"
        f"applies_to: cwd={repo}; reuse_rule=safe for this checkout only\n"
        "## Task 1: fix flaky discount test, passed after pinning rounding\n"
        "### rollout_summary_files\n"
        f"- rollout_summaries/2026-05-03T10-11-12-a1B2-flaky_discount_test.md (cwd={repo}, "
        "rollout_path=sessions/2026/05/03/rollout.jsonl, updated_at=2026-05-03T10:40:00Z, "
        "thread_id=019a0000-0000-7000-8000-000000000001, fixed by rounding half up)\n"
        "### keywords\n"
        "- pytest, apply_discount, rounding\n"
        "## User preferences\n"
        "- when tests fail, the user asked: \"don't mock the pricing\" -> call apply_discount directly [Task 1]\n"
    ))


def _hermes(home: Path) -> None:
    """Hermes's two files, entries separated by a section sign on its own line, no trailing newline, and one write
    Hermes staged for approval (`write_approval`) under `pending/memory/`."""
    memories = home / ".hermes" / "memories"
    _write(memories / "MEMORY.md", "The shop CLI exports CSV with `shop export`.\n§\n"
                                   "Deploys need the DEPLOY_TOKEN environment variable set.")
    _write(memories / "USER.md", "Name: Ana. Backend dev, new to the React side.\n§\nPrefers terse replies.")
    staged = {"id": "a1b2c3d4", "subsystem": "memory", "action": "replace", "summary": "replace in memory",
              "origin": "background_review", "created_at": STAGED.timestamp(),
              "payload": {"action": "replace", "target": "memory",
                          "content": "The shop CLI exports CSV with `shop export --output FILE`.",
                          "old_text": "The shop CLI exports CSV", "matched_entry": HERMES_STAGED_TARGET}}
    _write(home / ".hermes" / "pending" / "memory" / "a1b2c3d4.json", json.dumps(staged, indent=2) + "\n")


def _openclaw(home: Path) -> None:
    """An OpenClaw workspace: evergreen MEMORY.md and one dated daily log."""
    workspace = home / ".openclaw" / "workspace"
    _write(workspace / "MEMORY.md", (
        "# Preferences\n\n- Ana prefers uv; CI runs on GitHub Actions.\n\n# Shop\n\n"
        "- Quotes round half up in apply_discount; the flaky test came from float rounding. "
        "<!-- trigger: discount, rounding --> <!-- importance: 7 --> <!-- project: shop -->\n"))
    _write(workspace / "memory" / "2026-05-03.md",
           "- 10:40 fixed the flaky discount test by pinning the rounding in apply_discount\n")
