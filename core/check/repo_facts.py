"""What a repository itself states (runtimes, package manager, test command, scripts, pins) and command claims on it."""

from __future__ import annotations

import configparser
import difflib
import json
import re
import sys
from typing import Any, Callable, Collection

from memrev.core.check import toml_fallback
from memrev.core.check.fact_sources import MAKEFILES, READERS, Fact, RepoFacts, error_line, normalise
from memrev.core.check.version_spec import JS_MANAGERS, ClaimCheck, check_version_claim

__all__ = ["ClaimCheck", "Fact", "RepoFacts", "check_command_claim", "check_version_claim", "read_facts"]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib; toml_fallback reads what the facts need
    tomllib = None

FACT_NAMES = ("python", "node", "package-manager", "test-command", "default-branch")
"""Every fact name `read_facts` produces, in the order facts are listed."""
_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*\(?\s*([^;@]*)")


def _clip(text: str, limit: int = 60) -> str:
    """One line of at most `limit` characters, so evidence stays short."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _load_toml(text: str) -> dict[str, Any]:
    """Parsed TOML: `tomllib` on Python 3.11+, else the small fallback (raises ValueError when malformed)."""
    if tomllib is not None:
        return tomllib.loads(text)
    return toml_fallback.loads(text)


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
        self.ranked.append((FACT_NAMES.index(name), rank, Fact(name, value.strip(), source, _clip(detail))))

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
    for reader in READERS:
        reader(collector)
    return collector.finish(default_branch)


# -- command claims ---------------------------------------------------------------------------------------------


def _none(evidence: str, arg: str) -> ClaimCheck:
    """"missing" because the repository has nothing of the kind at all."""
    return ClaimCheck("missing", evidence, facts=(("memory", arg, "entry text"),))


def _lookup(names: list[str], table: dict[str, str], what: str, where: str, command: Callable[[str], str],
            exists: Callable[[str], bool] | None = None) -> ClaimCheck:
    """ok when every name is defined; else missing, naming the file and suggesting the closest defined name."""
    memory = ("memory", ",".join(names), "entry text")
    absent = [name for name in names if not (exists(name) if exists else name in table)]
    if not absent:
        source = table.get(names[0], where)
        return ClaimCheck("ok", _clip(f"{source} defines {what} {', '.join(map(repr, names))}", 120),
                          facts=(memory, ("repository", ",".join(names), source)))
    close = difflib.get_close_matches(absent[0], list(table), n=1, cutoff=0.6)
    evidence = f"{where} has no {what} {absent[0]!r}" + (f"; closest is {close[0]!r}" if close else "")
    found = (("repository", close[0], table[close[0]]),) if close else ()
    return ClaimCheck("missing", _clip(evidence, 120), command(close[0]) if close else None, (memory, *found))


def check_command_claim(value: str, facts: RepoFacts, tracked: Collection[str]) -> ClaimCheck:
    """A command claim (make:test, script:build, run:pytest, tox:py312, nox:tests) against what the repository has."""
    tool, _, arg = value.partition(":")
    names = [name for name in arg.split(",") if name] or [arg]
    if tool == "make":
        makefiles = [name for name in MAKEFILES if name in tracked] or sorted(set(facts.make_targets.values()))
        if not makefiles:
            return _none("no Makefile in the repository", arg)
        return _lookup([arg], facts.make_targets, "target", makefiles[0], lambda name: f"make {name}")
    if tool == "script":
        if not facts.scripts:
            return _none("no package.json or pyproject.toml scripts in the repository", arg)
        js = next((f.value for f in facts.all("package-manager") if f.value in JS_MANAGERS), "npm")
        return _lookup([arg], facts.scripts, "script", " or ".join(sorted(set(facts.scripts.values()))),
                       lambda name: f"{js} run {name}" if facts.scripts[name] == "package.json" else name)
    if tool == "run":
        return _check_run(arg, facts, tracked)
    if tool == "tox":
        configs = [fact.source for fact in facts.all("test-command") if fact.value == "tox"]
        if not configs:
            return _none("no tox configuration in the repository", arg)

        def exists(env: str) -> bool:
            """A listed env, ALL, or a pyXY factor of a listed env (py312 runs for py312-django42)."""
            return env == "ALL" or env in facts.tox_envs or bool(re.fullmatch(r"py\d+", env)) and any(
                env in listed.split("-") for listed in facts.tox_envs)
        return _lookup(names, facts.tox_envs, "env", configs[0], lambda name: f"tox -e {name}", exists)
    if tool == "nox":
        if "noxfile.py" not in tracked and not facts.nox_sessions:
            return _none("no noxfile.py in the repository", arg)
        return _lookup(names, facts.nox_sessions, "session", "noxfile.py", lambda name: f"nox -s {name}")
    return ClaimCheck("unverifiable", f"memrev does not read {tool} commands yet",
                      facts=(("memory", arg, "entry text"),))


def _check_run(arg: str, facts: RepoFacts, tracked: Collection[str]) -> ClaimCheck:
    """`uv run X` and the like: ok for a project script, a tracked file or module, or a known package."""
    memory = ("memory", arg, "entry text")
    module = arg.replace(".", "/")
    candidates = [arg, f"{arg}.py", f"{module}.py"]
    candidates += [f"{root}{module}{end}" for root in ("", "src/") for end in (".py", "/__main__.py", "/__init__.py")]
    path = next((p for p in candidates if p in tracked), None)  # lookups only: `tracked` may be huge
    name = normalise(arg)
    if arg in facts.scripts:
        evidence, source = f"{facts.scripts[arg]} defines script {arg!r}", facts.scripts[arg]
    elif path is not None:
        evidence, source = f"{path} is tracked", path
    elif name in facts.packages:
        evidence, source = f"{facts.packages[name][1]} has {arg} {facts.packages[name][0]}", facts.packages[name][1]
    elif name in facts.dependencies:
        evidence, source = f"{facts.dependencies[name]} depends on {arg}", facts.dependencies[name]
    elif arg in ("python", "python3"):
        evidence, source = "the runner's own Python interpreter", "runner"
    else:
        return ClaimCheck("unverifiable", f"{arg!r} is not a script, tracked file or known package of the repository",
                          facts=(memory,))
    return ClaimCheck("ok", evidence, facts=(memory, ("repository", arg, source)))
