"""The per-file readers behind `read_facts` (pyproject, setup.cfg/.py, tox, nox, workflows, locks, Makefiles,
package.json), kept apart so each file format's rules live in one module."""

from __future__ import annotations

import configparser
import re
from typing import Any, Callable, Collection, Protocol

from memrev.core.check.facts import JS_MANAGERS, RepoFacts
from memrev.core.check.version_spec import parse_release, parse_spec

__all__ = ["MAKEFILES", "READERS", "FactSink", "error_line", "normalise"]

_PY_LOCKS = (("uv.lock", "uv"), ("poetry.lock", "poetry"), ("pdm.lock", "pdm"), ("Pipfile.lock", "pipenv"))
_JS_LOCKS = (("package-lock.json", "npm"), ("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lock", "bun"),
             ("bun.lockb", "bun"))
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")  # GNU make's lookup order
_VENDORED = frozenset({"node_modules", "vendor", "third_party", ".venv", "venv", "dist", "build", "site-packages"})
_NPM_PLACEHOLDER = "no test specified"
_MAKE_RULE = re.compile(r"([^\s:=#$][^:=#]*?)\s*::?(?![:=])(.*)")
_MATRIX = re.compile(r"^[ \t]*-?[ \t]*(?P<key>python|node)-version:[ \t]*(?P<rest>[^\n#]*)", re.MULTILINE)
_MATRIX_VERSION = re.compile(r"(?<![\w.])(\d+(?:\.(?:\d+|x))*)(?![\w.])")
_NOX_SESSION = re.compile(r"@(?:nox\.)?session\b(?P<args>\([^)]*\))?\s*\n\s*(?:async\s+)?def\s+(?P<name>\w+)")


def normalise(name: str) -> str:
    """A package name as PEP 503 compares it: lower case, runs of -_. as one hyphen."""
    return re.sub(r"[-_.]+", "-", name.lower())


def _dict(value: Any) -> dict[str, Any]:
    """The value when it is a table/object, else an empty one (wrongly shaped files never raise)."""
    return value if isinstance(value, dict) else {}


def _strs(value: Any) -> list[str]:
    """The strings of a list (or a single string), ignoring anything else."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [item for item in items if isinstance(item, str)]


def error_line(error: Exception) -> str:
    """" (line N)" from a parse error when it names a line, else nothing."""
    line = getattr(error, "lineno", None)
    if line is None and (match := re.search(r"line (\d+)", str(error))):
        line = match.group(1)
    return f" (line {line})" if line else ""


class FactSink(Protocol):
    """What a reader may use of the collector running it (files, result, lookups), so readers need not import it."""

    paths: frozenset[str]
    shallow: list[str]
    result: RepoFacts
    locked: dict[str, tuple[str, str]]
    pinned: dict[str, tuple[str, str]]
    ranged: dict[str, tuple[str, str]]

    def add(self, rank: int, name: str, value: str, source: str, detail: str = "") -> None:
        """Record a fact; a lower rank is more authoritative within its name."""

    def values(self, name: str) -> list[str]:
        """The values found so far for a fact name, most authoritative first."""

    def note(self, path: str, problem: str) -> None:
        """Record that a fact file was skipped and why."""

    def text(self, path: str) -> str | None:
        """A tracked file's text, or None (with a note when it exists but cannot be read)."""

    def parsed(self, path: str, kind: str) -> Any:
        """A tracked file parsed as "TOML", "JSON" or "INI"; None with a note when it is malformed."""

    def depends(self, name: str, source: str) -> None:
        """Record a declared dependency."""

    def requirement(self, text: str, source: str) -> None:
        """A PEP 508 requirement line: the name as a dependency, and its version when pinned with ==."""


def _found(paths: Collection[str], *names: str) -> list[str]:
    """Tracked files with one of `names`, at the root first, then one folder down (vendored folders skipped)."""
    hits = [p for p in paths
            if p.rsplit("/", 1)[-1] in names and p.count("/") <= 1 and p.split("/")[0] not in _VENDORED]
    return sorted(hits, key=lambda p: (p.count("/"), names.index(p.rsplit("/", 1)[-1]), p))


def _pyproject(c: FactSink) -> None:
    """requires-python, poetry's python, scripts, dependencies and pins, pytest settings and tox from pyproject.toml."""
    data = c.parsed("pyproject.toml", "TOML")
    if data is None:
        return
    project, tool, src = _dict(data.get("project")), _dict(data.get("tool")), "pyproject.toml"
    poetry, hatch, pdm = _dict(tool.get("poetry")), _dict(tool.get("hatch")), _dict(tool.get("pdm"))
    if isinstance(requires := project.get("requires-python"), str):
        c.add(0, "python", requires, src, f'requires-python = "{requires.strip()}"')
    listed = sorted({m.group(1) for item in _strs(project.get("classifiers")) + _strs(poetry.get("classifiers"))
                     if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", item.strip()))},
                    key=lambda v: parse_release(v) or ())
    if listed:
        c.add(7, "python", " || ".join(listed), src, f"classifiers: Python {', '.join(listed)}")
    poetry_tables = [_dict(poetry.get("dependencies")), _dict(poetry.get("dev-dependencies"))]
    poetry_tables += [_dict(_dict(group).get("dependencies")) for group in _dict(poetry.get("group")).values()]
    if isinstance(python := poetry_tables[0].get("python"), str):
        c.add(2, "python", python, src, f'[tool.poetry.dependencies] python = "{python}"')
    names = [*_dict(project.get("scripts")), *_dict(project.get("gui-scripts")), *_dict(poetry.get("scripts"))]
    names += [name for name in _dict(pdm.get("scripts")) if name != "_"]
    for env, settings in _dict(hatch.get("envs")).items():
        names += [s if env == "default" else f"{env}:{s}" for s in _dict(_dict(settings).get("scripts"))]
    for name in names:
        c.result.scripts.setdefault(name, src)
    requirements = _strs(project.get("dependencies")) + _strs(_dict(tool.get("uv")).get("dev-dependencies"))
    for groups in (project.get("optional-dependencies"), data.get("dependency-groups"), pdm.get("dev-dependencies")):
        requirements += [text for group in _dict(groups).values() for text in _strs(group)]
    for text in requirements:
        c.requirement(text, src)
    for table in poetry_tables:
        for name, spec in table.items():
            version = spec if isinstance(spec, str) else _dict(spec).get("version")
            if name.lower() != "python":
                c.depends(name, src)
                if isinstance(version, str) and re.fullmatch(r"(==)?\s*\d+(\.\d+)*", version.strip()):
                    c.pinned.setdefault(normalise(name), (version.strip().lstrip("= "), src))
    if "pytest" in tool:
        table = "[tool.pytest.ini_options]" if "ini_options" in _dict(tool["pytest"]) else "[tool.pytest]"
        c.add(30, "test-command", "pytest", src, table)
    if tox := _dict(tool.get("tox")):
        _tox_settings(c, tox, src)


def _python_files(c: FactSink) -> None:
    """.python-version, setup.cfg, setup.py's python_requires= (read, never run), pytest.ini, requirements*.txt."""
    if text := c.text(".python-version"):
        lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
        if lines:
            c.add(1, "python", lines[0], ".python-version", lines[0])
    if (setup := c.parsed("setup.cfg", "INI")) is not None:
        if requires := setup.get("options", "python_requires", fallback=""):
            c.add(3, "python", requires, "setup.cfg", f"python_requires = {requires}")
        for line in setup.get("options", "install_requires", fallback="").splitlines():
            c.requirement(line, "setup.cfg")
        if setup.has_section("tox:tox"):
            _tox_ini(c, setup, "setup.cfg", "tox:tox")
        if setup.has_section("tool:pytest"):
            c.add(31, "test-command", "pytest", "setup.cfg", "[tool:pytest]")
    if (text := c.text("setup.py")) and (match := re.search(r"python_requires\s*=\s*[\"']([^\"']+)[\"']", text)):
        c.add(4, "python", match.group(1), "setup.py", f'python_requires="{match.group(1)}"')
    if "pytest.ini" in c.paths:
        c.add(32, "test-command", "pytest", "pytest.ini", "pytest.ini")
    for path in (p for p in c.shallow if re.fullmatch(r"requirements(?:[^/]*\.txt|/[^/]+\.txt)", p)):
        for line in (c.text(path) or "").splitlines():
            line = line.split(" #")[0].strip()
            if line and not line.startswith(("#", "-")) and "://" not in line:
                c.requirement(line, path)


def _expand(name: str, limit: int = 200) -> list[str]:
    """tox's brace expansion: py{311,312}-lint -> py311-lint, py312-lint (capped, so no config can blow up)."""
    done, todo = [], [name]
    while todo and len(done) < limit:
        item = todo.pop()
        match = re.search(r"\{([^{}]*)\}", item)
        if match is None:
            done += [item.strip()] if item.strip() else []
            continue
        options = match.group(1).split(",")[::-1]
        todo += [item[:match.start()] + option.strip() + item[match.end():] for option in options]
    return done


def _tox_envs(c: FactSink, envs: list[str], source: str) -> None:
    """Record tox envs, the Python versions their pyXY factors name, and tox as a test command."""
    for env in envs:
        c.result.tox_envs.setdefault(env, source)
    factors = {f"{m.group(1)}.{m.group(2)}" for env in envs for factor in env.split("-")
               if (m := re.fullmatch(r"py(\d)(\d+)", factor))}
    versions = sorted(factors, key=lambda v: parse_release(v) or ())
    if versions:
        c.add(5, "python", " || ".join(versions), source, "envlist = " + ", ".join(envs))
    c.add(20, "test-command", "tox", source, "envs: " + ", ".join(envs) if envs else "tox configuration")


def _tox_ini(c: FactSink, parser: configparser.ConfigParser, source: str, section: str) -> None:
    """tox envs from INI: the envlist (or env_list) and every [testenv:NAME] section."""
    listed = parser.get(section, "envlist", fallback="") or parser.get(section, "env_list", fallback="")
    envs = [e for item in re.findall(r"(?:[^,{}\s]|\{[^}]*\})+", listed) for e in _expand(item)]
    envs += [e for s in parser.sections() if s.startswith("testenv:") for e in _expand(s[len("testenv:"):])]
    _tox_envs(c, list(dict.fromkeys(envs)), source)


def _tox_settings(c: FactSink, data: dict[str, Any], source: str) -> None:
    """tox envs from TOML: native env_list and [env.NAME] tables, or an embedded legacy_tox_ini."""
    if isinstance(legacy := data.get("legacy_tox_ini"), str):
        parser = configparser.ConfigParser(interpolation=None, strict=False)
        try:
            parser.read_string(legacy, source)
        except configparser.Error as error:
            c.note(source, f"legacy_tox_ini is not valid INI{error_line(error)}")
            return
        _tox_ini(c, parser, source, "tox")
        return
    envs = [e for item in _strs(data.get("env_list")) for e in _expand(item)] + list(_dict(data.get("env")))
    _tox_envs(c, list(dict.fromkeys(envs)), source)


def _tox(c: FactSink) -> None:
    """tox.ini and tox.toml (pyproject's [tool.tox] and setup.cfg's [tox:tox] are read with their files)."""
    if (parser := c.parsed("tox.ini", "INI")) is not None:
        _tox_ini(c, parser, "tox.ini", "tox")
    if (data := c.parsed("tox.toml", "TOML")) is not None:
        _tox_settings(c, data, "tox.toml")


def _nox(c: FactSink) -> None:
    """Session names from noxfile.py (a decorator's name= wins over the function name)."""
    for match in _NOX_SESSION.finditer(c.text("noxfile.py") or ""):
        named = re.search(r"name\s*=\s*[\"']([^\"']+)", match.group("args") or "")
        c.result.nox_sessions.setdefault(named.group(1) if named else match.group("name"), "noxfile.py")


def _workflows(c: FactSink) -> None:
    """python-version / node-version values (inline, [lists] or block lists) in GitHub Actions workflows."""
    for path in sorted(p for p in c.paths if p.startswith(".github/workflows/") and p.endswith((".yml", ".yaml"))
                       and p.count("/") == 2):
        text, found = c.text(path) or "", {"python": [], "node": []}
        for match in _MATRIX.finditer(text):
            rest = match.group("rest").strip()
            if not rest and (block := re.match(r"(?:\n[ \t]*-[ \t]*[^\n]*)+", text[match.end():])):
                rest = block.group(0)
            found[match.group("key")] += _MATRIX_VERSION.findall(rest)
        for key, versions in found.items():
            unique = sorted(set(versions), key=lambda v: parse_release(v.replace(".x", "")) or ())
            if unique:
                rank, detail = 6 if key == "python" else 3, f"{key}-version: {', '.join(unique)}"
                c.add(rank, key, " || ".join(unique), path, detail)


def _locks(c: FactSink) -> None:
    """The package manager each lock file implies (pip from requirements*.txt only without one) and its versions."""
    for rank, path in enumerate(_found(c.shallow, *(name for name, _ in _PY_LOCKS))):
        manager = dict(_PY_LOCKS)[path.rsplit("/", 1)[-1]]
        c.add(rank, "package-manager", manager, path)
        data = c.parsed(path, "JSON" if manager == "pipenv" else "TOML")
        for section in ("default", "develop") if manager == "pipenv" else ():
            for name, info in _dict(_dict(data).get(section)).items():
                if isinstance(version := _dict(info).get("version"), str):
                    c.locked.setdefault(normalise(name), (version.lstrip("="), path))
        for package in (_dict(data).get("package") or []) if manager != "pipenv" else ():
            if isinstance(name := _dict(package).get("name"), str) and isinstance(package.get("version"), str):
                c.locked.setdefault(normalise(name), (package["version"], path))
    requirements = [p for p in c.shallow if re.fullmatch(r"requirements[^/]*\.txt", p)]
    if requirements and not c.values("package-manager"):
        c.add(50, "package-manager", "pip", requirements[0])
    for rank, path in enumerate(_found(c.shallow, *(name for name, _ in _JS_LOCKS)), start=101):
        manager = dict(_JS_LOCKS)[path.rsplit("/", 1)[-1]]
        c.add(rank, "package-manager", manager, path)
        if manager == "npm" and (data := c.parsed(path, "JSON")) is not None:
            entries = _dict(data.get("packages")) or _dict(data.get("dependencies"))
            for key in sorted(entries, key=lambda k: k.count("node_modules/")):
                version, name = _dict(entries[key]).get("version"), key.rsplit("node_modules/", 1)[-1]
                if name and isinstance(version, str):
                    c.locked.setdefault(normalise(name), (version, path))
        elif manager in ("pnpm", "yarn"):
            _text_lock(c, path, manager)


def _text_lock(c: FactSink, path: str, manager: str) -> None:
    """Package versions from pnpm-lock.yaml (its packages: keys) or yarn.lock (classic and berry), by regex."""
    text = c.text(path) or ""
    if manager == "pnpm":
        section = re.search(r"^packages:[ \t]*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)*)", text + "\n", re.MULTILINE)
        key = re.compile(r"^  '?/?((?:@[^/@\s']+/)?[^/@\s'(:]+)[@/](\d[^\s'(:_]*)", re.MULTILINE)
        for match in key.finditer(section.group(1) if section else ""):
            c.locked.setdefault(normalise(match.group(1)), (match.group(2), path))
        return
    name = None
    for line in text.splitlines():
        if line and not line[0].isspace() and line.rstrip().endswith(":") and not line.startswith("#"):
            first = line.split(",")[0].strip().strip('":')
            name = first[:first.index("@", 1)] if "@" in first[1:] else None
        elif name and (match := re.match(r'\s+version:?\s+"?([^"\s]+)', line)):
            c.locked.setdefault(normalise(name), (match.group(1), path))
            name = None


def _make_targets(text: str) -> dict[str, str]:
    """Every explicit target of a Makefile with its recipe's first line (special, pattern and $(VAR) ones skipped)."""
    targets: dict[str, str] = {}
    current: list[str] = []
    in_define = False
    for line in text.splitlines():
        if in_define or line.startswith("define "):
            in_define = not line.strip().startswith("endef")
            continue
        if line.startswith("\t"):
            for name in current:
                targets[name] = targets[name] or line.strip()
            continue
        rule = _MAKE_RULE.match(line)
        if rule is None:
            current = current if not line.strip() or line.lstrip().startswith("#") else []
            continue
        current = [n for n in rule.group(1).split() if not n.startswith(".") and "%" not in n and "$" not in n]
        inline = rule.group(2).split(";", 1)[1].strip() if ";" in rule.group(2) else ""
        for name in current:
            targets.setdefault(name, inline)
    return targets


def _makefiles(c: FactSink) -> None:
    """Make targets (root Makefile first, then one folder down) and `make test` when the root one has it."""
    for path in _found(c.shallow, *MAKEFILES):
        targets = _make_targets(c.text(path) or "")
        for name in targets:
            c.result.make_targets.setdefault(name, path)
        if "/" not in path and "test" in targets and "make test" not in c.values("test-command"):
            c.add(0, "test-command", "make test", path, targets["test"] or "test:")


def _javascript(c: FactSink) -> None:
    """engines.node, .nvmrc, .node-version, packageManager, scripts (and the test command), dependency ranges."""
    for rank, path in ((1, ".nvmrc"), (2, ".node-version")):
        if (text := c.text(path)) and text.split():
            c.add(rank, "node", text.split()[0].lstrip("v"), path, text.split()[0])
    data = c.parsed("package.json", "JSON")
    if data is None:
        return
    if isinstance(node := _dict(data.get("engines")).get("node"), str):
        c.add(0, "node", node, "package.json", f'engines.node = "{node}"')
    declared = data.get("packageManager")
    if isinstance(declared, str) and (manager := declared.split("@")[0].strip()) in JS_MANAGERS:
        c.add(100, "package-manager", manager, "package.json", f'packageManager = "{declared}"')
    scripts = _dict(data.get("scripts"))
    for name in scripts:
        c.result.scripts.setdefault(name, "package.json")
    if isinstance(test := scripts.get("test"), str) and _NPM_PLACEHOLDER not in test:
        manager = next((m for m in c.values("package-manager") if m in JS_MANAGERS), "npm")
        command = "bun run test" if manager == "bun" else f"{manager} test"
        c.add(10, "test-command", command, "package.json", f'scripts.test = "{test}"')
    for key in ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies"):
        for name, spec in _dict(data.get(key)).items():
            c.depends(name, "package.json")
            if isinstance(spec, str) and parse_spec(spec) is not None:
                c.ranged.setdefault(normalise(name), (spec, "package.json"))


READERS: tuple[Callable[[FactSink], None], ...] = (
    _pyproject, _python_files, _tox, _nox, _workflows, _locks, _makefiles, _javascript)
"""Every reader, in the order `read_facts` runs them (earlier ones win ties such as a script defined twice)."""
