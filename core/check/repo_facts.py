"""What a repository itself states (runtimes, package manager, test command, scripts, pins), read from its files."""

from __future__ import annotations

import configparser
import json
import re
import sys
from typing import Any, Callable, Collection

from memrev.core.check.fact_sources import READERS, error_line, normalise
from memrev.core.check.facts import Fact, RepoFacts, one_line
from memrev.core.check.setting_facts import read_settings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10: tomli, the library tomllib was made from (a dependency there)
    import tomli as tomllib

FACT_NAMES = ("python", "node", "package-manager", "test-command", "default-branch", "line-length", "indent",
              "indent-style", "typescript-strict")
"""Every fact name `read_facts` produces, in the order facts are listed."""
_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*\(?\s*([^;@]*)")


def _load_toml(text: str) -> dict[str, Any]:
    """Parsed TOML by `tomllib` (`tomli` on Python 3.10); malformed TOML raises its ValueError."""
    return tomllib.loads(text)


class _Collector:
    """Reads each tracked file once, turns parse failures into notes, and gathers ranked facts and lookups."""

    def __init__(self, read: Callable[[str], str | None], paths: Collection[str]) -> None:
        """Start with nothing found."""
        self.read, self.paths = read, frozenset(paths)
        self.shallow = sorted(path for path in self.paths if path.count("/") <= 1)  # fact files sit this high up
        self.result = RepoFacts([], {}, {}, {}, {})
        self.ranked: list[tuple[int, int, Fact]] = []
        self.locked: dict[str, tuple[str, str]] = {}
        self.pinned: dict[str, tuple[str, str]] = {}
        self.ranged: dict[str, tuple[str, str]] = {}

    def add(self, rank: int, name: str, value: str, source: str, detail: str = "") -> None:
        """Record a fact; a lower rank is more authoritative within its name."""
        self.ranked.append((FACT_NAMES.index(name), rank, Fact(name, value.strip(), source, one_line(detail, 60))))

    def values(self, name: str) -> list[str]:
        """The values found so far for a fact name, most authoritative first."""
        return [fact.value for _, _, fact in sorted(self.ranked, key=lambda item: item[:2]) if fact.name == name]

    def note(self, path: str, problem: str) -> None:
        """Record that a fact file was skipped and why."""
        self.result.notes.append(f"{path}: {problem}: facts from it skipped")

    def text(self, path: str) -> str | None:
        """A tracked file's text, or None (with a note when it exists but cannot be read)."""
        if path not in self.paths:
            return None
        try:
            text = self.read(path)
        except (OSError, ValueError):
            text = None
        if text is None:
            self.note(path, "unreadable (binary, not UTF-8 or too big)")
        return text

    def parsed(self, path: str, kind: str) -> Any:
        """A tracked file parsed as "TOML", "JSON" or "INI"; None with a note when it is malformed."""
        text = self.text(path)
        if text is None:
            return None
        try:
            if kind == "TOML":
                return _load_toml(text)
            if kind == "JSON":
                data = json.loads(text)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                return data
            parser = configparser.ConfigParser(interpolation=None, strict=False)
            parser.read_string(text, path)
            return parser
        except (ValueError, RecursionError, configparser.Error) as error:
            self.note(path, f"not valid {kind}{error_line(error)}")
            return None

    def depends(self, name: str, source: str) -> None:
        """Record a declared dependency."""
        self.result.dependencies.setdefault(normalise(name), source)

    def requirement(self, text: str, source: str) -> None:
        """A PEP 508 requirement line: the name as a dependency, and its version when pinned with ==."""
        match = _REQUIREMENT.match(text)
        if match is None:
            return
        self.depends(match.group(1), source)
        pin = re.fullmatch(r"===?\s*(\d+(?:\.\d+)*)", match.group(2).strip().rstrip("\\) "))
        if pin:
            self.pinned.setdefault(normalise(match.group(1)), (pin.group(1), source))

    def finish(self, default_branch: str | None) -> RepoFacts:
        """The facts in order, the packages merged (locks, then == pins, then package.json ranges)."""
        if default_branch:
            self.add(0, "default-branch", default_branch, "git")
        if "pytest" in self.result.dependencies and "pytest" not in self.values("test-command"):
            self.add(40, "test-command", "pytest", self.result.dependencies["pytest"], "pytest in dependencies")
        self.result.facts = [fact for _, _, fact in sorted(self.ranked, key=lambda item: item[:2])]
        for found in (self.locked, self.pinned, self.ranged):
            for name, entry in found.items():
                self.result.packages.setdefault(name, entry)
        return self.result


def read_facts(read: Callable[[str], str | None], paths: Collection[str], *,
               default_branch: str | None = None) -> RepoFacts:
    """The facts of a repository from its tracked files (`read` returns None for unreadable ones); never raises."""
    collector = _Collector(read, paths)
    for reader in (*READERS, read_settings):
        reader(collector)
    return collector.finish(default_branch)
