"""A real git repository built commit by commit in a test folder, with fixed authors and dates."""

from __future__ import annotations

import os
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

START = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)


class GitRepo:
    """A repository on disk that tests write, rename, delete and commit in, one real `git` call at a time."""

    def __init__(self, path: Path, *, branch: str = "main") -> None:
        """Create an empty repository at `path` on `branch`."""
        self.path = path
        self.when = START
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", branch)
        self.git("config", "user.name", "Test Dev")
        self.git("config", "user.email", "dev@example.com")
        self.git("config", "commit.gpgsign", "false")

    def env(self) -> dict[str, str]:
        """Fixed dates and no user or system configuration."""
        stamp = f"{int(self.when.timestamp())} +0000"
        return {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_CONFIG_GLOBAL": os.devnull}

    def git(self, *args: str) -> str:
        """Run one git command in the repository and return its output."""
        result = subprocess.run(["git", *args], cwd=self.path, env=self.env(), capture_output=True, text=True,
                                check=True)
        return result.stdout.strip()

    def write(self, relative: str, text: str) -> None:
        """Write one file, creating its folders."""
        target = self.path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def mv(self, old: str, new: str) -> None:
        """Rename a tracked file."""
        (self.path / new).parent.mkdir(parents=True, exist_ok=True)
        self.git("mv", old, new)

    def rm(self, relative: str) -> None:
        """Delete a tracked file."""
        self.git("rm", "-q", relative)

    def commit(self, message: str, *, days: int = 1) -> str:
        """Commit everything, `days` after the previous commit, and return the new SHA."""
        self.when += timedelta(days=days)
        self.git("add", "--all")
        self.git("commit", "-q", "--no-verify", "-m", message)
        return self.git("rev-parse", "HEAD")
