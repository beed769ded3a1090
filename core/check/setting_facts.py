"""Formatting settings a repository configures (line length, indent width), read from the formatters' and
linters' own files, so an entry stating one can be checked against it."""

from __future__ import annotations

import configparser
import json
from typing import Any, Callable, Protocol

from memrev.core.check.config_settings import CONFIG_FILES, read_config_settings
from memrev.core.check.fact_sources import FactSink


class SettingSink(FactSink, Protocol):
    """The collector, which can also read a tracked file's text."""

    read: Callable[[str], str | None]

SETTING_FILES = ("pyproject.toml", "ruff.toml", ".ruff.toml", ".editorconfig", ".prettierrc", ".prettierrc.json",
                 ".flake8", "setup.cfg", "tox.ini", *CONFIG_FILES)
"""Files (at the root) the settings come from."""


def _toml(c: SettingSink, path: str) -> dict[str, Any]:
    """A TOML file's data, or {} (its own reader notes a malformed one)."""
    from memrev.core.check.repo_facts import _load_toml

    text = c.read(path) if path in c.paths else None
    try:
        return _load_toml(text) if text else {}
    except (ValueError, RecursionError):
        return {}


def _ini(c: SettingSink, path: str) -> configparser.ConfigParser | None:
    """An INI file (editorconfig, flake8), or None when absent or malformed."""
    text = c.read(path) if path in c.paths else None
    if not text:
        return None
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(("[root]\n" if not text.lstrip().startswith("[") else "") + text, path)
    except configparser.Error:
        return None
    return parser


def _number(value: object) -> str | None:
    """A setting's value as a whole number, or None."""
    text = str(value).strip()
    return text if text.isdigit() else None


def read_settings(c: SettingSink) -> None:
    """Line length and indent width, from ruff, black, prettier, editorconfig and flake8 (most specific first)."""
    for rank, path in ((5, "ruff.toml"), (5, ".ruff.toml")):
        if (value := _number(_toml(c, path).get("line-length", ""))) is not None:
            c.add(rank, "line-length", value, path, f"line-length = {value}")
    tool = _toml(c, "pyproject.toml").get("tool", {})
    for rank, name, key in ((10, "ruff", "line-length"), (20, "black", "line-length"), (25, "isort", "line_length")):
        section = tool.get(name, {}) if isinstance(tool, dict) else {}
        if isinstance(section, dict) and (value := _number(section.get(key, ""))) is not None:
            c.add(rank, "line-length", value, "pyproject.toml", f"[tool.{name}] {key} = {value}")
    for path in (".prettierrc", ".prettierrc.json"):
        text = c.read(path) if path in c.paths else None
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if isinstance(data, dict):
            for name, key in (("line-length", "printWidth"), ("indent", "tabWidth")):
                if (value := _number(data.get(key, ""))) is not None:
                    c.add(15, name, value, path, f"{key}: {value}")
    if (editor := _ini(c, ".editorconfig")) is not None:
        for section in ("*", "*.py", "*.{js,ts}", "*.ts", "*.js"):
            if editor.has_section(section):
                for name, key in (("line-length", "max_line_length"), ("indent", "indent_size")):
                    if (value := _number(editor.get(section, key, fallback=""))) is not None:
                        c.add(30, name, value, ".editorconfig", f"[{section}] {key} = {value}")
                break
    for path in (".flake8", "setup.cfg", "tox.ini"):
        if (parser := _ini(c, path)) is not None and parser.has_section("flake8"):
            if (value := _number(parser.get("flake8", "max-line-length", fallback=""))) is not None:
                c.add(40, "line-length", value, path, f"[flake8] max-line-length = {value}")
    read_config_settings(c)
