"""Fixtures shared by every test layer: an isolated environment, the demo's entries and their checks."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's database, binding choice or theme, and no cursor blinks."""
    monkeypatch.setenv("MEMREV_DB", str(tmp_path / "default-memrev.db"))
    monkeypatch.delenv("MEMREV_SQLITE", raising=False)
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory: pytest.TempPathFactory):
    """The demo repository and entries, built once per test run (they are deterministic)."""
    from memrev.core.demo.builder import build_demo

    return build_demo(tmp_path_factory.mktemp("demo") / "build")


@pytest.fixture(scope="session")
def demo_checks(demo_build) -> dict:
    """The real checker's verdicts on the demo entries (nothing writes to the demo repository)."""
    from memrev.core.check.checker import Checker

    checker = Checker(demo_build.repo)
    try:
        return checker.check_all(demo_build.entries)
    finally:
        checker.close()
